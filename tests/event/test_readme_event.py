"""The README's event-day block, run in order as an organiser types it (each command
needs the ones before it, so they run here in sequence, in a folder of their own, rather
than one by one as tests/test_readme.py runs the README's independent commands)."""

from __future__ import annotations

import re
import shlex

from tests.event.day import hlcg

from conftest import ROOT

README = (ROOT / "README.md").read_text(encoding="utf-8")


def event_commands() -> list[tuple[list[str], int]]:
    section = README.split("### A whole event in one file: `hlcg event`", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block is not None
    found = []
    for line in block.group(1).splitlines():
        command, _, comment = line.partition("#")
        expected = re.search(r"exit (\d)", comment)
        found.append((shlex.split(command), int(expected.group(1)) if expected else 0))
    return found


def test_the_readme_event_day_runs_in_order(tmp_path, monkeypatch):
    (tmp_path / "examples").symlink_to(ROOT / "examples")
    monkeypatch.chdir(tmp_path)
    commands = event_commands()
    assert {words[2] for words, _ in commands} == {
        "new", "register", "status", "lock", "sheets", "verify", "result", "standings",
        "publish", "export", "import",
    }  # fmt: skip
    for words, code in commands:
        assert words[:2] == ["hlcg", "event"]
        result = hlcg(*words[1:])
        assert result.exit_code == code, (words, result.output)
    assert (tmp_path / "site" / "index.html").is_file()
    assert (tmp_path / "laptop-two.hlcg").is_file()
