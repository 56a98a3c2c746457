"""The README is the front door: every command it shows works."""

from __future__ import annotations

import os
import re
import shlex

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

README = (ROOT / "README.md").read_text(encoding="utf-8")


def console_commands() -> list[tuple[str, int]]:
    commands = []
    for block in re.findall(r"```console\n(.*?)```", README, re.DOTALL):
        for line in block.splitlines():
            if not line.startswith("$ hlcg "):
                continue
            command, _, comment = line[2:].partition("#")
            expected = re.search(r"exit (\d)", comment)
            commands.append((command.strip(), int(expected.group(1)) if expected else 0))
    return commands


@pytest.mark.parametrize(("command", "exit_code"), console_commands(), ids=lambda v: str(v))
def test_readme_command_works(command: str, exit_code: int, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, shlex.split(command)[1:])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == exit_code, result.output


def test_readme_quick_start_is_what_ci_runs():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "pip install . && .venv/bin/hlcg validate examples/decks/valid/" in README
    assert ".venv/bin/pip install '.[test]' && .venv/bin/python -m pytest" in README
    # the project built from this checkout, installed with its test extra
    assert ".venv/bin/pip wheel --quiet --no-deps --wheel-dir .ci/wheel .\n" in ci
    assert re.search(r'^\.venv/bin/pip install [-a-z ]*"\$wheel\[test,web\]"$', ci, re.MULTILINE)
    assert ".venv/bin/python -m pytest\n" in ci.splitlines(keepends=True)


def test_readme_names_the_game_in_full():
    assert "Highlander: The Card Game" in README


def test_every_command_has_help_and_is_in_the_readme():
    import typer.main

    group = typer.main.get_command(app)
    names = []
    for name, command in group.commands.items():  # type: ignore[attr-defined]
        sub = getattr(command, "commands", None)
        names += [f"{name} {s}" for s in sub] if sub else [name]
        assert command.help, name
    for name in names:
        assert f"hlcg {name}" in README, f"`hlcg {name}` is not in the README"


def test_every_error_class_is_documented():
    import hlcg.errors as errors_module

    documented = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
    classes = [
        name
        for name, value in vars(errors_module).items()
        if isinstance(value, type)
        and issubclass(value, errors_module.HlcgError)
        and value is not errors_module.HlcgError
    ]
    assert classes
    for name in classes:
        assert f"`{name}`" in documented, f"{name} is not in docs/errors.md"


def test_readme_shows_benchmark_figures():
    block = README.split("<!-- bench:start -->")[1].split("<!-- bench:end -->")[0]
    labels = (
        "hlcg card",
        "hlcg validate -o json, 60-card",
        "fuzzy lookup",
        "hlcg --help",
        "1,000 mixed decks",
        "10,000 mixed decks",
        "peak memory",
        "with its fingerprint",
        "as JSON",
        "hlcg serve: POST /api/validate, 1 client",
        "hlcg serve: POST /api/validate, 10 clients",
    )
    assert [label for label in labels if label not in block] == []
    assert re.search(r"= \d\.\d\dx the floor", block)
    # the catalogue padded to 50,000 cards against the shipped one: card (exact and fuzzy),
    # validate, search with words, persona and deck stats
    assert "padded to 50,000 cards" in block
    assert len(re.findall(r"padded \d+ ms = \d\.\d\dx shipped", block)) == 6


def test_readme_python_example_prints_what_it_shows():
    """The "Python API" example runs in a fresh interpreter and prints the output shown."""
    import subprocess
    import sys

    section = README.split("## Python API", 1)[1].split("\n## ", 1)[0]
    code = re.search(r"```python\n(.*?)```", section, re.DOTALL)
    shown = re.search(r"prints\n\n```text\n(.*?)```", section, re.DOTALL)
    assert code and shown
    env = {k: v for k, v in os.environ.items() if k != "HLCG_DB"}
    ran = subprocess.run(
        [sys.executable, "-c", code.group(1)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == shown.group(1)
    assert ran.stderr == ""
