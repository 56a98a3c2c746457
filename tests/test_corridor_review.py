"""What a review of the check's corridor (issue 34) found, each held: a machine-read report
on standard output stays parseable with --fix, the options are checked once at the door
with one message style, and a run's result is never read before its decks are checked."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
BASICS = ROOT / "examples" / "decks" / "invalid" / "basics.txt"


def invoke(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def basics_deck(tmp_path: Path) -> Path:
    deck = tmp_path / "basics.txt"
    shutil.copyfile(BASICS, deck)
    return deck


def test_fix_with_a_json_report_keeps_standard_output_json(tmp_path):
    deck = basics_deck(tmp_path)
    result = invoke("validate", str(deck), "--fix", "--force", "-o", "json")
    assert result.exit_code == 1
    (report,) = json.loads(result.stdout)["decks"]  # the report alone: it parses
    assert (report["legal"], report["errors"]) == (False, 1)
    # What --fix did is talk beside it, on standard error: the diff and the fixed deck.
    assert "+1 Lower Right Block\n" in result.stderr
    assert f"wrote {tmp_path / 'basics.fixed.txt'}: added 1 Lower Right Block" in result.stderr
    assert result.stderr.rstrip().endswith("LEGAL in type-two (3 notes)")


def test_fix_with_a_text_report_prints_the_diff_after_it(tmp_path):
    deck = basics_deck(tmp_path)
    result = invoke("validate", str(deck), "--fix", "--force")
    assert result.exit_code == 1
    report, fixed = result.stdout.split(f"\n\n--- {deck}\n+++ {tmp_path / 'basics.fixed.txt'}\n")
    assert report.endswith("ILLEGAL in type-two: 1 error, 3 notes")
    assert "+1 Lower Right Block\n" in fixed
    assert fixed.endswith("LEGAL in type-two (3 notes)\n")
    assert result.stderr == f"wrote {tmp_path / 'basics.fixed.txt'}: added 1 Lower Right Block\n"


def _three_decks(tmp_path: Path) -> Path:
    for n in range(3):  # illegal: a persona and three cards
        (tmp_path / f"deck{n}.txt").write_text("Persona: Duncan MacLeod\n3 Thrust\n", "utf-8")
    return tmp_path


def test_a_run_s_result_checks_the_decks_its_outcomes_have_not_yielded(tmp_path, shipped):
    from hlcg.check import Run

    never_asked = Run([_three_decks(tmp_path)], catalogue=shipped)
    result = never_asked.result()
    assert (len(result.checked), len(result.summaries), result.exit_code()) == (3, 3, 1)
    partly = Run([tmp_path], catalogue=shipped)
    first = next(partly.outcomes())
    assert first.path == tmp_path / "deck0.txt"
    result = partly.result()
    assert result.checked == [tmp_path / f"deck{n}.txt" for n in range(3)]
    assert result.exit_code() == 1


def test_all_formats_judges_the_decks_the_run_read(monkeypatch, tmp_path, shipped):
    """The legality matrix judges the decks as the run read them: each file read once."""
    import hlcg.check.runs
    from hlcg.check import CheckOptions, run

    reads: list[Path] = []
    read_deck = hlcg.check.runs.read_deck

    def counted(path):
        reads.append(path)
        return read_deck(path)

    monkeypatch.setattr(hlcg.check.runs, "read_deck", counted)
    result = run([_three_decks(tmp_path)], CheckOptions(all_formats=True), catalogue=shipped)
    assert sorted(reads) == [tmp_path / f"deck{n}.txt" for n in range(3)]
    assert [row.path for row in result.matrix] == sorted(reads)
    assert {(v.format, v.legal) for row in result.matrix for v in row.verdicts} == {
        ("first-edition", False),
        ("type-one", False),
        ("type-two", False),
    }
