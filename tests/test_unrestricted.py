"""A card that carries no restriction number is a fact, distinct from an unknown number.

Sources state it for Joe Dawson (cotw16); for the nine basic attacks it is read from "the six
card limitation for each attack" (watcherdatabase Articles/23), and for the six basic blocks from
the rulebooks' six-copy allowance for every card that shows no number (seed 001 §Deck
Composition, §Making your Deck; seed 000 §Restricted Cards): both inferred, with that reasoning.
The catalogue records it as `unrestricted`; the restriction rule then has nothing to check and
reports no data gap."""

from __future__ import annotations

import csv
import json
import re
import sqlite3
from pathlib import Path

import pytest
from pydantic import ValidationError
from typer.testing import CliRunner

from conftest import ROOT
from curator_cli import shipped_copy
from hlcg.cli.app import app
from hlcg.curation.models import CardRow

runner = CliRunner()
BASIC_ATTACKS = (
    "upper-left-attack",
    "upper-center-attack",
    "upper-right-attack",
    "middle-left-attack",
    "thrust",
    "middle-right-attack",
    "lower-left-attack",
    "lower-center-attack",
    "lower-right-attack",
)
BASIC_BLOCKS = (
    "upper-left-block",
    "upper-center-block",
    "upper-right-block",
    "lower-left-block",
    "lower-center-block",
    "lower-right-block",
)


def invoke(*args: str):
    return runner.invoke(app, list(args))


def card_json(card_id: str, *extra: str) -> dict:
    result = invoke("card", card_id, "--json", *extra)
    assert result.exit_code == 0, result.output
    (card,) = json.loads(result.stdout)["cards"]
    return card


def test_the_sources_record_which_cards_carry_no_restriction_number():
    with (ROOT / "data" / "source" / "cards.csv").open(encoding="utf-8", newline="") as f:
        rows = {r["id"]: r for r in csv.DictReader(f)}
    unrestricted = sorted(i for i, r in rows.items() if r["unrestricted"] == "true")
    assert unrestricted == sorted((*BASIC_ATTACKS, *BASIC_BLOCKS, "joe-dawson-watcher"))
    for card_id in BASIC_ATTACKS:
        assert "http://www.watcherdatabase.tk/Articles/23.html" in rows[card_id]["source"]
    for card_id in BASIC_BLOCKS:
        assert "seed 001_6402d66a7a4065b1.txt §Deck Composition" in rows[card_id]["source"]
    assert "http://www.oocities.org/gislef/cotw16.htm" in rows["joe-dawson-watcher"]["source"]


def test_no_restriction_number_is_not_an_unknown_one():
    thrust, dodge = card_json("thrust"), card_json("dodge")
    assert (thrust["restriction"], thrust["unrestricted"]) == (None, True)
    assert (dodge["restriction"], dodge["unrestricted"]) == (None, False)
    shown = invoke("card", "thrust").stdout
    assert re.search(r"^  restriction +none printed$", shown, re.MULTILINE)


def test_the_restriction_gap_names_only_cards_whose_number_is_unknown():
    deck = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
    result = invoke("validate", str(deck), "--output", "json")
    assert result.exit_code == 0, result.output
    (gap,) = [
        p
        for p in json.loads(result.stdout)["decks"][0]["problems"]
        if p["message"].startswith("restriction:")
    ]
    assert gap["severity"] == "note"
    assert not set(gap["cards"]) & {*BASIC_ATTACKS, *BASIC_BLOCKS}
    assert "dodge" in gap["cards"]


def test_a_card_cannot_carry_a_number_and_none():
    with pytest.raises(ValidationError) as caught:
        CardRow(id="x", title="X", restriction=2, unrestricted=True, source="test")
    assert "unrestricted: the card carries restriction number 2, so it cannot also carry none" in (
        str(caught.value)
    )


def test_import_refuses_a_row_with_both_and_leaves_the_catalogue_untouched(tmp_path: Path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    rows = tmp_path / "rows.csv"
    rows.write_text(
        "id,title,type,restriction,unrestricted,source\n"
        "odd-card,Odd Card,event,2,true,https://example.org/odd\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    assert "cannot also carry none" in result.stderr
    assert db.read_bytes() == before


@pytest.mark.parametrize("kind", ["folder", "catalogue.json"])
def test_export_and_import_keep_the_fact(tmp_path: Path, kind: str):
    exported = tmp_path / kind
    assert invoke("db", "export", str(exported)).exit_code == 0
    rebuilt = tmp_path / "rebuilt.sqlite"
    assert invoke("db", "init", str(rebuilt)).exit_code == 0
    result = invoke("db", "import", str(exported), "--db", str(rebuilt))
    assert result.exit_code == 0, result.output
    assert card_json("thrust", "--db", str(rebuilt))["unrestricted"] is True
    assert card_json("upper-left-block", "--db", str(rebuilt))["unrestricted"] is True
    assert card_json("dodge", "--db", str(rebuilt))["unrestricted"] is False
    shipped = json.loads(invoke("db", "info", "--json").stdout)["content_sha256"]
    mine = json.loads(invoke("db", "info", "--json", "--db", str(rebuilt)).stdout)
    assert mine["content_sha256"] == shipped


def test_a_lackey_restriction_for_a_card_that_carries_none_is_a_conflict(tmp_path: Path):
    db = shipped_copy(tmp_path)
    data = tmp_path / "carddata.txt"
    data.write_text("Name\tRestriction\nThrust\t2\n", encoding="utf-8")
    mapping = '{"Name": "title", "Restriction": "restriction"}'
    result = invoke(
        "db", "import", str(data), "--db", str(db), "--id-from", "title",
        "--source", "https://example.org/plugin", "--map", mapping,
    )  # fmt: skip
    assert result.exit_code == 2
    assert "hlcg: error: 1 conflicting fact; nothing was written" in result.stderr
    assert "thrust restriction: the catalogue records 'unrestricted: true'" in result.stderr
    thrust = card_json("thrust", "--db", str(db))
    assert (thrust["restriction"], thrust["unrestricted"]) == (None, True)
    result = invoke(
        "db", "import", str(data), "--db", str(db), "--id-from", "title",
        "--source", "https://example.org/plugin", "--map", mapping, "--overwrite",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    thrust = card_json("thrust", "--db", str(db))
    assert (thrust["restriction"], thrust["unrestricted"]) == (2, False)


def test_a_schema_2_catalogue_without_the_column_is_upgraded_by_an_import(tmp_path: Path):
    old = tmp_path / "old.sqlite"
    assert invoke("db", "init", str(old), "--from-shipped").exit_code == 0
    conn = sqlite3.connect(old)
    with conn:
        conn.execute("DROP VIEW card_facts")  # schema 2 had no views
        conn.execute("DROP TABLE fact_sources")  # nor a source per fact
        conn.execute("DROP TABLE fact_history")
        conn.execute("ALTER TABLE cards DROP COLUMN unrestricted")
        conn.execute("UPDATE meta SET value = '2' WHERE key = 'schema_version'")
    conn.close()
    refused = invoke("card", "thrust", "--db", str(old))
    assert refused.exit_code == 2
    assert "schema version 2, this hlcg reads version 7" in refused.stderr
    extra = tmp_path / "extra.csv"
    extra.write_text(
        "id,title,type,source\nnew-event,Brand New Event,event,https://example.org/card\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", str(extra), "--db", str(old))
    assert result.exit_code == 0, result.output
    # The old catalogue did not record the fact: after the upgrade it is unstated.
    assert card_json("thrust", "--db", str(old))["unrestricted"] is False
    assert card_json("new-event", "--db", str(old))["title"] == "Brand New Event"
