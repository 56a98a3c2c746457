"""`hlcg.check.run`: all of `hlcg validate` but the rendering, as a library call that
never prints (the CLI tests check the same runs through the command line)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import ROOT
from hlcg.check import CheckOptions, Skipped, run
from hlcg.errors import CatalogueError, UsageError

TOURNAMENT = ROOT / "examples" / "tournament"
VALID = ROOT / "examples" / "decks" / "valid"
INVALID = ROOT / "examples" / "decks" / "invalid"


def test_a_folder_gives_one_report_per_deck_and_the_exit_code(shipped, capsys):
    result = run([TOURNAMENT], catalogue=shipped)
    names = [Path(r.path).name for r in result.reports]
    assert names == sorted(p.name for p in TOURNAMENT.iterdir())
    assert [r.legal for r in result.reports] == [True, True, True, False, False, False]
    assert result.checked == result.paths and result.unreadable == [] and result.skipped == []
    assert result.exit_code() == 1
    assert capsys.readouterr() == ("", "")  # the library never prints


def test_strict_and_fail_on_unchecked_decide_the_exit_code(shipped):
    legal = VALID / "duncan-katana-type-two.txt"
    assert run([legal], catalogue=shipped).exit_code() == 0
    assert [r.path for r in run(str(legal), catalogue=shipped).reports] == [str(legal)]
    gaps = run([legal], CheckOptions(fail_on=frozenset({"unchecked"})), catalogue=shipped)
    assert gaps.exit_code() == 1
    # the arguments override the options the run was made with
    assert gaps.exit_code(fail_on_unchecked=False) == 0
    assert run([legal], CheckOptions(strict=True), catalogue=shipped).exit_code() == 0


def test_unreadable_and_skipped_files_are_reported_not_raised(shipped, tmp_path):
    shutil.copy(TOURNAMENT / "alice-duncan.txt", tmp_path)
    (tmp_path / "README.txt").write_text("These are our decks.\n")
    (tmp_path / "broken.json").write_text('{"endurance": [')
    heard: list[tuple[Path, str]] = []
    result = run([tmp_path], catalogue=shipped, on_skip=lambda p, r: heard.append((p, r)))
    assert [Path(r.path).name for r in result.reports] == ["alice-duncan.txt"]
    assert [(Path(u.path).name, u.message) for u in result.unreadable] == [
        ("broken.json", "not JSON: a value is missing at character 16")
    ]
    assert [s.path.name for s in result.skipped] == ["README.txt"]
    assert [Skipped(p, r) for p, r in heard] == result.skipped
    assert result.skipped[0].reason.startswith("a README")
    assert result.exit_code() == 2


def test_options_that_name_nothing_are_usage_errors(shipped):
    deck = [VALID / "duncan-katana-type-two.txt"]
    with pytest.raises(UsageError, match=r"^--in-place only goes with --fix$"):
        run(deck, CheckOptions(in_place=True), catalogue=shipped)
    with pytest.raises(UsageError, match=r"^--select/--ignore 'HL8' matches no rule"):
        run(deck, CheckOptions(select=("gem-cap", "hl2"), ignore=("HL8",)), catalogue=shipped)
    with pytest.raises(UsageError, match=r"^--fail-on 'errors': use one of warning, unchecked$"):
        run(deck, CheckOptions(fail_on=frozenset({"errors"})), catalogue=shipped)


def test_no_decks_is_a_usage_error_unless_non_decks_are_skipped(shipped, tmp_path):
    readme = tmp_path / "README.txt"
    readme.write_text("Decks for the club.\n")
    with pytest.raises(UsageError, match="no deck files found"):
        run([], catalogue=shipped)
    result = run([readme], CheckOptions(skip_non_decks=True), catalogue=shipped)
    assert (result.paths, result.reports, result.exit_code()) == ([], [], 0)
    assert [s.path for s in result.skipped] == [readme]


def test_the_catalogue_is_loaded_only_when_there_are_decks(tmp_path):
    missing = tmp_path / "no-such.sqlite"
    with pytest.raises(UsageError, match="no deck files found"):
        run([], CheckOptions(db=missing))
    with pytest.raises(CatalogueError):
        run([VALID / "duncan-katana-type-two.txt"], CheckOptions(db=missing))


def test_select_and_the_matrix(shipped):
    from conftest import check_file

    deck = INVALID / "gem-cap.txt"
    result = run([deck], CheckOptions(select=("gem-cap",), all_formats=True), catalogue=shipped)
    assert [(p.code, p.rule) for p in result.reports[0].problems] == [("HL206", "gem-cap")]
    [row] = result.matrix
    assert row.path == deck
    assert [v.format for v in row.verdicts] == ["first-edition", "type-one", "type-two"]
    for verdict in row.verdicts:
        alone = check_file(deck, shipped, verdict.format, select=("gem-cap",))
        assert (verdict.legal, verdict.errors) == (alone.legal, alone.errors)
    assert [v.legal for v in row.verdicts] == [True, True, False]


def test_fingerprints_only_when_asked(shipped):
    deck = [VALID / "duncan-katana-type-two.txt"]
    assert run(deck, catalogue=shipped).reports[0].fingerprint is None
    printed = run(deck, CheckOptions(fingerprints=True), catalogue=shipped).reports[0]
    from conftest import check_file
    from hlcg.check import add_fingerprint

    expected = add_fingerprint(check_file(deck[0], shipped), shipped).fingerprint
    assert printed.fingerprint == expected and len(expected or "") == 64


def test_fix_writes_files_and_the_verdicts_follow_the_decks_as_given(shipped, tmp_path, capsys):
    deck = tmp_path / "bad.txt"
    shutil.copy(INVALID / "title-limit.txt", deck)
    result = run([deck], CheckOptions(fix=True), catalogue=shipped)
    [fix] = result.fixes
    assert (fix.path, fix.target, fix.written, fix.refusal) == (
        deck,
        tmp_path / "bad.fixed.txt",
        True,
        None,
    )
    assert fix.report is not None and fix.report.legal and fix.applied
    assert fix.target.read_text(encoding="utf-8") != deck.read_text(encoding="utf-8")
    assert fix.diff.startswith(f"--- {deck}\n+++ {fix.target}\n")
    assert result.exit_code() == 1  # the deck as given is still illegal
    again = run([deck], CheckOptions(fix=True), catalogue=shipped)
    assert again.fixes[0].refusal == (
        f"{deck}: not fixed: {fix.target} exists; use --force to overwrite it"
    )
    assert again.exit_code() == 2
    in_place = run([deck], CheckOptions(fix=True, in_place=True), catalogue=shipped)
    assert in_place.fixes[0].own_file and in_place.exit_code() == 0
    assert capsys.readouterr() == ("", "")


def test_a_legal_deck_failing_a_stricter_gate_says_why():
    from typer.testing import CliRunner

    from hlcg.cli.app import app

    deck = str(ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt")
    runner = CliRunner()
    gaps = runner.invoke(app, ["validate", deck, "--fail-on", "unchecked"])
    assert gaps.exit_code == 1
    assert "hlcg: note: 1 legal deck failed on data gaps (--fail-on unchecked)" in gaps.stderr
    strict = runner.invoke(app, ["validate", deck, "--strict"])
    assert strict.exit_code == 0 and "failed" not in strict.stderr
