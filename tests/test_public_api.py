"""The public API `import hlcg` hands out: cheap to import, and the same answers as the
library calls (and the CLI) it stands for."""

from __future__ import annotations

import subprocess
import sys

import pytest

import hlcg
from conftest import ROOT, check_file
from hlcg.errors import DeckFileError

DECK = ROOT / "examples" / "decks" / "invalid" / "persona-specific.txt"


def test_import_hlcg_loads_nothing_else():
    """Not a submodule, nor anything of the standard library a bare interpreter lacks."""
    code = "import sys; before = set(sys.modules); import hlcg; print(set(sys.modules) - before)"
    ran = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert ran.stdout.strip() == "{'hlcg'}"


def test_every_public_name_resolves():
    for name in hlcg.__all__:
        assert getattr(hlcg, name) is not None, name
    with pytest.raises(AttributeError, match="module 'hlcg' has no attribute 'nothing'"):
        hlcg.nothing  # noqa: B018


def test_check_deck_is_the_library_check(shipped):
    report = hlcg.check_deck(hlcg.read_deck(DECK), shipped)
    same = check_file(DECK, shipped)
    assert (report.legal, report.errors, report.format) == (False, 1, "first-edition")
    assert [(p.code, p.line, p.message) for p in report.problems] == [
        (p.code, p.line, p.message) for p in same.problems
    ]
    # format, select and ignore as `hlcg validate` takes them
    other = hlcg.check_deck(hlcg.read_deck(DECK), shipped, format="Type Two", ignore=["HL2"])
    assert other.format == "type-two"
    assert not any(p.code.startswith("HL2") for p in other.problems)


def test_parse_deck_and_the_default_catalogue(monkeypatch):
    monkeypatch.delenv("HLCG_DB", raising=False)
    text = DECK.read_text(encoding="utf-8")
    report = hlcg.check_deck(hlcg.parse_deck(text, "mine.txt"))
    assert (report.path, report.legal) == ("mine.txt", False)
    assert [p.rule for p in report.problems if p.severity == "error"] == ["persona-specific"]


def test_errors_are_the_documented_exceptions(tmp_path):
    with pytest.raises(DeckFileError, match="no such file"):
        hlcg.read_deck(tmp_path / "none.txt")
    from hlcg.errors import CatalogueError

    with pytest.raises(CatalogueError):
        hlcg.load_catalogue(tmp_path / "none.sqlite")


def test_check_deck_takes_one_selector_as_a_string_and_refuses_unknown_rules(shipped):
    deck = hlcg.read_deck(DECK)
    one = hlcg.check_deck(deck, shipped, select="persona-specific")
    assert (one.legal, [p.rule for p in one.problems]) == (False, ["persona-specific"])
    assert hlcg.check_deck(deck, shipped, ignore="HL2").legal
    from hlcg.errors import UsageError

    with pytest.raises(UsageError, match="^--select/--ignore 'nope' matches no rule"):
        hlcg.check_deck(deck, shipped, select=["nope"])


def test_check_deck_gives_the_fingerprint_deck_hash_prints(shipped):
    from typer.testing import CliRunner

    from hlcg.cli.app import app

    report = hlcg.check_deck(hlcg.read_deck(DECK), shipped, fingerprint=True)
    printed = CliRunner().invoke(app, ["deck", "hash", str(DECK)]).stdout
    assert report.fingerprint and report.fingerprint in printed
    assert hlcg.check_deck(hlcg.read_deck(DECK), shipped).fingerprint is None


def test_run_reads_a_lone_string_option_as_one_value():
    result = hlcg.run([DECK.parent.parent / "valid"], hlcg.CheckOptions(fail_on="unchecked"))
    assert result.options.fail_on == frozenset({"unchecked"})
    assert result.exit_code() == 1


def test_check_deck_and_run_judge_by_the_date_given(shipped):
    from hlcg.errors import UsageError

    deck = hlcg.read_deck(ROOT / "examples/decks/valid/duncan-katana-type-two.txt")
    report = hlcg.check_deck(deck, shipped, date="2025-08-24")
    assert report.date == "2025-08-24" and report.to_json()["date"] == "2025-08-24"
    result = hlcg.run(
        [ROOT / "examples/decks/valid/duncan-katana-type-two.txt"],
        hlcg.CheckOptions(date="2025-08-24"),
    )
    assert [r.date for r in result.reports] == ["2025-08-24"]
    with pytest.raises(UsageError, match="give a date as YYYY-MM-DD"):
        hlcg.check_deck(deck, shipped, date="yesterday")
