"""What the reports say about each problem: the text report's lines, SARIF results that
code scanning keeps apart, JUnit files strict schemas accept, GitLab Code Quality issues."""

from __future__ import annotations

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

INVALID = ROOT / "examples" / "decks" / "invalid"
runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, [str(a) for a in args])


def test_the_text_report_shows_each_problems_severity():
    deck = INVALID / "title-limit.txt"
    lines = invoke("validate", deck).stdout.splitlines()
    assert f"{deck}:25: error HL103 title-limit: 7 cards titled 'Flurry Strike'" in "\n".join(
        lines
    )
    notes = [line for line in lines if " HL900 " in line]
    assert notes and all(line.startswith(f"{deck}: note HL900 unchecked: ") for line in notes)
