"""docs/errors.md shows messages by example; each example is run here, so the documented
wording (counts agreeing with nouns, names as the catalogue writes them) is the real one."""

from __future__ import annotations

import json
import re
import shlex

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

DOC = (ROOT / "docs" / "errors.md").read_text(encoding="utf-8")
CONSOLE = re.search(r"## Messages, by example.*?```console\n(.*?)```", DOC, re.S).group(1)
EXAMPLES = re.findall(r"^\$ (hlcg .+?)\s+# exit (\d)\n(.+)$", CONSOLE, re.M)


def test_the_examples_are_found():
    assert len(EXAMPLES) >= 9


@pytest.mark.parametrize(("command", "code", "first_line"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_documented_message_is_the_real_one(command, code, first_line, monkeypatch):
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(app, shlex.split(command)[1:])
    assert result.exit_code == int(code)
    assert result.stderr.splitlines()[0] == first_line


@pytest.mark.parametrize(("command", "code", "first_line"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_documented_messages_read_as_sentences(command, code, first_line):
    assert not re.search(r"\w\(s\)", first_line), "a count must agree with its noun"
    assert "  " not in first_line and not first_line.endswith(" ")


def test_deck_problems_name_the_persona_as_the_catalogue_writes_it(tmp_path):
    documented = re.search(r"```text\n(HL201 .+)\n```", DOC).group(1)
    deck = tmp_path / "d.txt"
    # Dodge's unrecorded facts are notes; the Kurgan's card, which the error removes, has none
    deck.write_text("Persona: Duncan MacLeod\n1 flashback: the kurgan\n1 dodge\n")
    report = json.loads(CliRunner().invoke(app, ["validate", str(deck), "-o", "json"]).stdout)
    messages = [f"{p['code']} {p['rule']}: {p['message']}" for p in report["decks"][0]["problems"]]
    assert documented in messages
    unchecked = [m for m in messages if m.startswith("HL900")]
    assert unchecked and all("1 card:" in m or "(s)" not in m for m in unchecked)
