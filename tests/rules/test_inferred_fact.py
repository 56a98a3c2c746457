"""inferred-fact (HL901): a note when a verdict rests on an inferred fact, through the CLI
with catalogues built from data/source/ plus fixture facts.csv rows."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import ROOT
from test_fact_sources import FIXTURE_ROWS, SE_REASONING, build, invoke


def problems(deck: Path, db: Path) -> list[dict]:
    result = invoke("validate", deck, "--db", db, "--output", "json")
    return json.loads(result.stdout)["decks"][0]["problems"]


def test_a_verdict_resting_on_an_inferred_printing_is_a_note(tmp_path: Path):
    attributed = build(tmp_path, FIXTURE_ROWS)[1]
    deck = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    notes = [p for p in problems(deck, attributed) if p["code"] == "HL901"]
    assert [(n["severity"], n["rule"], n["cards"]) for n in notes] == [
        ("note", "inferred-fact", ["head-shot"])
    ]
    assert notes[0]["message"] == (
        f"Head Shot's printing SE is inferred ({SE_REASONING}): the verdict on it rests on that"
    )
    result = invoke("validate", deck, "--db", attributed)
    assert result.exit_code == 0  # a note changes no verdict
    # The shipped catalogue records three of the deck's SE printings as inferred (facts.csv):
    # a note each, with the line of the card
    shipped = problems(deck, ROOT / "data" / "cards.sqlite")
    assert [(p["line"], p["cards"]) for p in shipped if p["code"] == "HL901"] == [
        (4, ["duncan-macleod-se"]),
        (23, ["jump-duncan-macleod"]),
        (25, ["head-shot"]),
    ]


def test_a_count_error_resting_on_an_inferred_number_is_a_note(tmp_path: Path):
    reasoning = "the errata article gives the number for the reprint only"
    db = build(
        tmp_path,
        f"ancestral-blade,restriction,,http://www.watcherdatabase.tk/Articles/19.html,{reasoning}\n",
    )[1]
    deck = ROOT / "examples" / "decks" / "invalid" / "restriction.txt"
    found = problems(deck, db)
    assert [p["code"] for p in found if p["severity"] == "error"] == ["HL104"]
    assert [p["message"] for p in found if p["code"] == "HL901"] == [
        f"Ancestral Blade's restriction 1 is inferred ({reasoning}): "
        "the verdict on it rests on that"
    ]
    assert invoke("validate", deck, "--db", db).exit_code == 1
    assert invoke("validate", deck, "--db", db, "--ignore", "inferred-fact").exit_code == 1
    ignored = json.loads(
        invoke("validate", deck, "--db", db, "--ignore", "HL901", "-o", "json").stdout
    )
    assert "HL901" not in [p["code"] for p in ignored["decks"][0]["problems"]]
