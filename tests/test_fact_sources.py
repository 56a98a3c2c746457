"""A source per fact: facts.csv and the fact_sources table through the CLI (build, card
--sources, the JSON answer, db info, export and import, integrity errors), fact sheets that
contradict a recorded fact (the note on verdicts that rest on an inferred fact:
tests/rules/test_inferred_fact.py).

The facts.csv rows here are test fixtures (the shipped rows cite the research files)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from curator_cli import said, shipped_copy
from hlcg.cli.app import app

runner = CliRunner()
HEADER = "card_id,field,value,source,inferred\n"
HEAD_SHOT_SOURCE = (
    "http://www.watcherdatabase.tk/Articles/20.html; seed 000_cf7f637c266933cb.txt §Head Shots"
)
SE_REASONING = "set code inferred from the product name 'Series Edition' on the page"
FIXTURE_ROWS = (
    f"ancestral-blade,restriction,1,http://www.watcherdatabase.tk/Articles/19.html,\n"
    f"head-shot,sets,SE,http://www.watcherdatabase.tk/Articles/20.html,{SE_REASONING}\n"
)


def invoke(*args: object):
    return runner.invoke(app, [str(a) for a in args])


def build(tmp_path: Path, facts: str) -> tuple[Path, Path]:
    """A catalogue built from data/source/ with ``facts`` as its facts.csv."""
    source = tmp_path / "source"
    shutil.copytree(ROOT / "data" / "source", source)
    (source / "facts.csv").write_text(HEADER + facts, encoding="utf-8")
    db = tmp_path / "facts.sqlite"
    result = invoke("db", "build", "--source", source, "--out", db)
    assert result.exit_code == 0, result.output
    return source, db


@pytest.fixture
def attributed(tmp_path: Path) -> Path:
    return build(tmp_path, FIXTURE_ROWS)[1]


def card_json(name: str, db: Path) -> dict:
    result = invoke("card", name, "--json", "--db", db)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["cards"][0]


def test_card_sources_shows_each_fact_with_its_own_source(attributed: Path):
    result = invoke("card", "Head Shot", "--sources", "--db", attributed)
    assert result.exit_code == 0, result.output
    lines = [line.rstrip() for line in result.stdout.splitlines()]
    assert lines[0] == "Head Shot  [head-shot]"
    assert lines[1].split() == ["field", "value", "source", "mark"]
    by_field = {line.split()[0]: line for line in lines[3:]}
    # the card row names two sources, each counted
    assert by_field["type"].endswith(f"{HEAD_SHOT_SOURCE}  confirmed by 2 sources; card-level")
    sets = by_field["sets"].split(None, 2)
    assert sets[:2] == ["sets", "SE"]
    assert sets[2].endswith(f"inferred: {SE_REASONING}")
    assert [line.split()[0] for line in lines[3:]].count("legality") == 2
    facts = card_json("Head Shot", attributed)["facts"]
    assert {"field": "sets", "value": "SE", "source": "http://www.watcherdatabase.tk/Articles/20.html",
            "sources": ["http://www.watcherdatabase.tk/Articles/20.html"],
            "inferred": SE_REASONING, "attributed": True} in facts  # fmt: skip
    assert {"field": "type", "value": "event", "source": HEAD_SHOT_SOURCE,
            "sources": [HEAD_SHOT_SOURCE], "inferred": None,
            "attributed": False} in facts  # fmt: skip


def test_db_info_counts_facts_with_their_own_source_and_the_inferred(
    attributed: Path, tmp_path: Path
):
    unattributed = build(tmp_path / "none", "")[1]  # the same cards, no facts.csv rows
    shipped = json.loads(invoke("db", "info", "--json", "--db", unattributed).stdout)
    shipped = shipped["counts"]["sourced_facts"]
    mine = json.loads(invoke("db", "info", "--json", "--db", attributed).stdout)
    counts = mine["counts"]["sourced_facts"]
    assert mine["schema_version"] == 7
    assert counts["total"] == shipped["total"]
    assert counts["attributed"] == shipped["attributed"] + 2
    assert counts["card_level"] == shipped["card_level"] - 2
    assert counts["inferred"] == shipped["inferred"] + 1
    assert counts["total"] == counts["attributed"] + counts["card_level"]
    text = invoke("db", "info", "--db", attributed).stdout
    assert (
        f"sourced_facts   {counts['total']} ({counts['attributed']} with their own source, "
        f"{counts['card_level']} with the card-level source only, {counts['inferred']} inferred)"
    ) in text


@pytest.mark.parametrize("target", ["out", "out.zip", "out.json"])
def test_export_and_import_keep_the_fact_sources(attributed: Path, tmp_path: Path, target: str):
    out = tmp_path / target
    assert invoke("db", "export", out, "--db", attributed).exit_code == 0
    if target == "out":
        assert (out / "facts.csv").read_text() == HEADER + FIXTURE_ROWS
    if target == "out.json":
        assert len(json.loads(out.read_text())["facts"]) == 2
    fresh = tmp_path / "fresh.sqlite"
    assert invoke("db", "init", fresh).exit_code == 0
    assert invoke("db", "import", out, "--db", fresh).exit_code == 0
    recorded = json.loads(invoke("db", "info", "--json", "--db", attributed).stdout)
    imported = json.loads(invoke("db", "info", "--json", "--verify", "--db", fresh).stdout)
    assert imported["content_sha256"] == recorded["content_sha256"]
    assert imported["verify"]["matches"] is True
    assert card_json("Head Shot", fresh)["facts"] == card_json("Head Shot", attributed)["facts"]


def test_init_from_a_catalogue_keeps_its_fact_sources(attributed: Path, tmp_path: Path):
    copy = tmp_path / "copy.sqlite"
    assert invoke("db", "init", copy, "--from", attributed).exit_code == 0
    assert (
        card_json("Ancestral Blade", copy)["facts"]
        == card_json("Ancestral Blade", attributed)["facts"]
    )


def test_a_changed_fact_source_is_seen_by_verify(attributed: Path):
    import sqlite3

    with sqlite3.connect(attributed) as conn:
        conn.execute("UPDATE fact_sources SET source = 'elsewhere' WHERE card_id = 'head-shot'")
    result = invoke("db", "info", "--verify", "--db", attributed)
    assert result.exit_code == 1
    # A fact's source is part of its row's key (a fact may have several): the row is new.
    assert "fact_sources: 0 changed, 1 added, 1 removed" in result.stdout


def test_facts_rows_that_back_no_recorded_fact_are_errors_with_their_row(tmp_path: Path):
    source = tmp_path / "source"
    shutil.copytree(ROOT / "data" / "source", source)
    facts = source / "facts.csv"
    facts.write_text(
        HEADER + "no-such-card,type,,https://example.org,\n"
        "head-shot,sets,2E,https://example.org,\n"
        "ancestral-blade,restriction,2,https://example.org,\n"
        "head-shot,restriction,,https://example.org,\n"
        "head-shot,sets,,https://example.org,\n"
        "head-shot,colour,,https://example.org,\n",
        encoding="utf-8",
    )
    result = invoke("db", "build", "--source", source, "--out", tmp_path / "x.sqlite")
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith(str(facts))]
    assert errors[0] == (
        f"{facts}: row 6: row: value: a sets row names the one set code (printing) it backs"
    )
    assert errors[1].startswith(f"{facts}: row 7: field: expected 'title', ")
    # Fix those two, and the rows that name no recorded fact are told apart.
    facts.write_text("\n".join(facts.read_text().splitlines()[:5]) + "\n", encoding="utf-8")
    result = invoke("db", "build", "--source", source, "--out", tmp_path / "x.sqlite")
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith(str(facts))]
    assert errors == [
        f"{facts}: row 2: card_id: no card 'no-such-card'",
        f"{facts}: row 3: value: head-shot has no printing '2E' (its sets: SE)",
        f"{facts}: row 4: value: '2' is not ancestral-blade's restriction ('1')",
        f"{facts}: row 5: field: head-shot records no restriction; a source backs a recorded fact",
    ]
    assert not (tmp_path / "x.sqlite").exists()


# --- fact sheets -----------------------------------------------------------------------------


def test_a_sheet_contradicting_a_recorded_fact_is_refused_with_both_sources(
    attributed: Path, tmp_path: Path
):
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", db, "--from", attributed).exit_code == 0
    before = db.read_bytes()
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(
        "id,field,value,source\n"
        "ancestral-blade,restriction,2,https://example.org/scan\n"
        "amnesia,restriction,3,https://example.org/scan\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", sheet, "--db", db)
    assert result.exit_code == 2
    # Headed as card rows' conflicts are (docs/catalogue.md).
    assert result.stderr.splitlines()[0] == (
        "hlcg: error: 2 conflicting facts; nothing was written (--overwrite replaces the "
        "recorded values):"
    )
    errors = [line for line in result.stderr.splitlines() if line.startswith(str(sheet))]
    assert errors == [
        f"{sheet}: row 2: ancestral-blade restriction: the catalogue records '1' (source: "
        "http://www.watcherdatabase.tk/Articles/19.html), the sheet says '2' (source: "
        "https://example.org/scan); pass --overwrite to replace it (the old value and its "
        "source are kept in fact_history)",
        f"{sheet}: row 3: amnesia restriction: the catalogue records '2' (card-level source: "
        "http://www.watcherdatabase.tk/Articles/16.html; "
        "http://www.watcherdatabase.tk/Articles/55.html), the sheet says '3' (source: "
        "https://example.org/scan); pass --overwrite to replace it (the old value and its "
        "source are kept in fact_history)",
    ]
    assert db.read_bytes() == before

    result = invoke("db", "import", sheet, "--db", db, "--overwrite")
    assert result.exit_code == 0, result.output
    assert (result.stdout, "\n".join(said(result)) + "\n") == (
        "",
        f"read 2 facts into {db}: 0 new, 2 replaced (the old kept in fact_history), "
        "0 already recorded (2 cards updated; 421 cards)\n"
        # Each replaced fact named, as a card row's import names it.
        "overwrote ancestral-blade restriction: '1' (source: "
        "http://www.watcherdatabase.tk/Articles/19.html) -> '2' (source: "
        "https://example.org/scan)\n"
        "overwrote amnesia restriction: '2' (source: "
        "http://www.watcherdatabase.tk/Articles/16.html; "
        "http://www.watcherdatabase.tk/Articles/55.html) -> '3' (source: "
        "https://example.org/scan)\n",
    )
    amnesia = card_json("amnesia", db)
    assert amnesia["restriction"] == 3
    assert amnesia["source"] == (
        "http://www.watcherdatabase.tk/Articles/16.html; http://www.watcherdatabase.tk/Articles/55.html"
    )
    assert [f for f in amnesia["facts"] if f["field"] == "restriction"] == [
        {
            "field": "restriction",
            "value": "3",
            "source": "https://example.org/scan",
            "sources": ["https://example.org/scan"],
            "inferred": None,
            "attributed": True,
        }  # fmt: skip
    ]
    out = tmp_path / "out"
    assert invoke("db", "export", out, "--db", db).exit_code == 0
    history = (out / "fact_history.csv").read_text().splitlines()
    assert history[0] == "card_id,field,value,source,inferred,superseded"
    assert [line.rsplit(",", 1)[0] for line in history[1:]] == [
        "amnesia,restriction,2,http://www.watcherdatabase.tk/Articles/16.html; "
        "http://www.watcherdatabase.tk/Articles/55.html,",
        "ancestral-blade,restriction,1,http://www.watcherdatabase.tk/Articles/19.html,",
    ]
    assert all(line.endswith(" sheet.csv") for line in history[1:])
    assert invoke("db", "info", "--verify", "--db", db).exit_code == 0
    # The history travels with a whole export.
    fresh = tmp_path / "fresh.sqlite"
    assert invoke("db", "init", fresh).exit_code == 0
    assert invoke("db", "import", out, "--db", fresh).exit_code == 0
    again = tmp_path / "again"
    assert invoke("db", "export", again, "--db", fresh).exit_code == 0
    assert (again / "fact_history.csv").read_text() == (out / "fact_history.csv").read_text()


def test_filling_a_fact_records_the_sheets_source_as_its_own(tmp_path: Path):
    db = shipped_copy(tmp_path)
    sheet = tmp_path / "sheet.csv"
    sheet.write_text(
        "id,field,value,source\nhead-shot,restriction,3,https://example.org/scan\n"
        "head-shot,sets,2E,https://example.org/2e\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", sheet, "--db", db)
    assert result.exit_code == 0, result.output
    facts = card_json("Head Shot", db)["facts"]
    own = [(f["field"], f["value"], f["source"]) for f in facts if f["attributed"]]
    assert ("sets", "2E", "https://example.org/2e") in own
    assert ("restriction", "3", "https://example.org/scan") in own
    # the printing recorded before keeps the source facts.csv gives it
    se_source = "http://www.watcherdatabase.tk/Articles/20.html"
    assert ("sets", "SE", se_source, True) in [
        (f["field"], f["value"], f["source"], f["attributed"]) for f in facts
    ]


def test_replace_is_for_card_rows_only(tmp_path: Path):
    db = shipped_copy(tmp_path)
    rows = tmp_path / "legality.csv"
    rows.write_text((ROOT / "data" / "source" / "legality.csv").read_text(), encoding="utf-8")
    result = invoke("db", "import", rows, "--db", db, "--replace")
    assert result.exit_code == 2
    assert result.stderr == (
        "hlcg: error: --replace applies to card rows, not to legality.csv (read as legality "
        "sheet)\n"
    )


def test_db_gaps_ranks_the_inferred_facts_the_verdicts_rest_on():
    result = invoke("db", "gaps", ROOT / "examples" / "decks", "--output", "json")
    assert result.exit_code == 0, result.output
    found = json.loads(result.stdout)
    assert found["inferred"] == len(found["inferred_items"]) == 13
    top = found["inferred_items"][:2]
    assert [(f["ids"], f["decks"]) for f in top] == [(["duncan-macleod-se"], 7), (["head-shot"], 7)]
    assert top[1]["fact"].startswith("Head Shot's printing SE is inferred (The review is dated")
    decks = [f["decks"] for f in found["inferred_items"]]
    assert decks == sorted(decks, reverse=True)
    text = invoke("db", "gaps", ROOT / "examples" / "decks")
    assert "Inferred facts the verdicts rest on" in text.stdout
    assert text.stderr.splitlines()[-2:] == [
        "197 gap(s) and 13 inferred fact(s) deciding verdicts across 32 deck(s)",
        "hlcg: 1 card name(s) the decks give are not in the catalogue (listed first, field "
        "card): fill in a row's value (the card's type) and source to add the card, or "
        "import its card rows",  # a misspelt name in an invalid example deck
    ]
