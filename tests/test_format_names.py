"""Format names as players write them (data/source/format_names.csv), on a text deck's
`Format:` line, in LackeyCCG's <format>, in OCTGN's notes (`Format:` or `Format =`, and
prose, which is warned about rather than passed over), through the command line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog.vocabulary import format_mentions, format_named
from hlcg.cli.app import app

runner = CliRunner()
LEGAL = (ROOT / "examples/decks/valid/duncan-katana-type-two.txt").read_text(encoding="utf-8")
PROGRAMS = ROOT / "examples" / "programs"
OCTGN = (PROGRAMS / "richie-octgn.o8d").read_text(encoding="utf-8")
LACKEY = (PROGRAMS / "richie-lackey.dek").read_text(encoding="utf-8")

SPELLINGS = [
    ("Type I", "type-one"),
    ("Type II", "type-two"),
    ("type-ii", "type-two"),
    ("T1", "type-one"),
    ("1st Ed", "first-edition"),
    ("1st Ed.", "first-edition"),
    ("First", "first-edition"),
    ("2nd Ed.", "type-two"),
    ("Type Two (2009)", "type-two"),
]


def report(path: Path, *args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["validate", str(path), "-o", "json", *args])
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def syntax(deck: dict) -> list[tuple[str, str]]:
    return [(p["severity"], p["message"]) for p in deck["problems"] if p["rule"] == "deck-syntax"]


def test_every_spelling_has_its_source_note():
    path = ROOT / "data" / "source" / "format_names.csv"
    with path.open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert all(row["source"].strip() for row in rows)
    assert {(r["spelling"], r["format"]) for r in rows} >= {
        (s, f) for s, f in SPELLINGS if s not in ("type-ii", "1st Ed.", "2nd Ed.")
    }


@pytest.mark.parametrize(("spelling", "fmt"), SPELLINGS)
def test_a_format_line_in_each_spelling(tmp_path, spelling, fmt):
    deck = tmp_path / "deck.txt"
    deck.write_text(LEGAL.replace("Format: type-two", f"Format: {spelling}"), encoding="utf-8")
    code, checked = report(deck)
    assert checked["format"] == fmt
    assert not [m for _, m in syntax(checked) if "format" in m], syntax(checked)
    assert format_named(spelling) == fmt
    if fmt == "type-two":
        assert code == 0 and checked["legal"]


@pytest.mark.parametrize(
    ("spelling", "fmt"), [("Type II", "type-two"), ("1st Ed", "first-edition")]
)
def test_lackey_format_element_in_new_spellings(tmp_path, spelling, fmt):
    deck = tmp_path / "deck.dek"
    deck.write_text(LACKEY.replace("First Edition", spelling), encoding="utf-8")
    assert report(deck)[1]["format"] == fmt


@pytest.mark.parametrize(
    ("line", "fmt"),
    [
        ("Format = Type 2", "type-two"),
        ("Format = Type I", "type-one"),
        ("format: 1st Ed", "first-edition"),
    ],
)
def test_octgn_notes_format_line(tmp_path, line, fmt):
    deck = tmp_path / "deck.o8d"
    deck.write_text(OCTGN.replace("Format: First Edition", line), encoding="utf-8")
    code, checked = report(deck)
    assert checked["format"] == fmt and syntax(checked) == []
    assert code == 0


def test_octgn_notes_in_prose_are_warned_about(tmp_path):
    deck = tmp_path / "deck.o8d"
    notes = "Built for the Type One league (1st Edition cards, T2 later)."
    deck.write_text(OCTGN.replace("Format: First Edition", notes), encoding="utf-8")
    code, checked = report(deck)
    assert checked["format"] == "type-two"
    assert syntax(checked) == [
        (
            "warning",
            "the notes mention 'Type One', '1st Edition' but name no format on a `Format:` "
            "line; checked as type-two",
        )
    ]
    assert code == 0  # a warning; --strict fails it
    assert runner.invoke(app, ["validate", str(deck), "--strict"]).exit_code == 1
    # The format chosen on the command line settles it: no warning.
    _, chosen = report(deck, "--format", "type-one")
    assert chosen["format"] == "type-one" and syntax(chosen) == []
    hashed = runner.invoke(app, ["deck", "hash", str(deck)])
    assert "the notes mention 'Type One'" in hashed.stderr and "hashed as type-two" in hashed.stderr


def test_prose_naming_the_default_format_needs_no_warning(tmp_path):
    deck = tmp_path / "deck.o8d"
    deck.write_text(OCTGN.replace("Format: First Edition", "A Type Two deck."), "utf-8")
    assert syntax(report(deck)[1]) == []


# A deck's format line that names no format is refused as --format is (format_from_user).
REFUSED = "is not a format; use one of first-edition, type-one, type-two"


def test_an_unknown_format_is_never_silent(tmp_path):
    """An error when it decides the format; a warning when --format decides instead; in
    OCTGN notes too; and `deck stats` says it on stderr."""
    text = tmp_path / "deck.txt"
    text.write_text(LEGAL.replace("Format: type-two", "Format: Type Three"), encoding="utf-8")
    code, checked = report(text)
    assert code == 1
    assert ("error", f"'Type Three' {REFUSED}; checked as type-two") in syntax(checked)
    code, chosen = report(text, "--format", "type-two")
    assert code == 0
    assert syntax(chosen) == [
        ("warning", f"'Type Three' {REFUSED}; checked as type-two (--format)")
    ]
    stats = runner.invoke(app, ["deck", "stats", str(text)])
    assert f"{text}:3: 'Type Three' {REFUSED}; checked as type-two" in stats.stderr
    octgn = tmp_path / "deck.o8d"
    octgn.write_text(OCTGN.replace("First Edition", "Type Three"), encoding="utf-8")
    code, notes = report(octgn)
    assert code == 1
    assert ("error", f"'Type Three' {REFUSED}; checked as type-two") in syntax(notes)


def test_format_mentions_read_words_not_letters():
    assert format_mentions("my first deck, a 2E persona, T2 soon") == []
    assert format_mentions("Type III? no: type-I, then Type Two (2009).") == [
        ("type-I", "type-one"),
        ("Type Two (2009)", "type-two"),
    ]
