"""The curator workflow as a new curator meets it: LackeyCCG data for cards the catalogue
already holds, fact sheets, `db gaps` on what a curator has at hand, whole-catalogue imports
and exports. Each test is a report from trying the workflow (issue 11, second look)."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import pytest

from conftest import ROOT
from curator_cli import card, invoke, said, shipped_copy, write
from hlcg.catalog import shipped_path
from hlcg.tcboo.models import TABLES as TCBOO_TABLES

LACKEY_MAP = '{"Name": "title", "Set": "sets", "Type": "type", "Text": "text"}'
PLUGIN = "https://example.org/plugin"
HEADER = "Name\tSet\tImageFile\tType\tText\n"


def lackey_import(data: Path, db: Path, *extra: str):
    return invoke(
        "db", "import", str(data), "--db", str(db), "--id-from", "title", "--source", PLUGIN,
        "--map", LACKEY_MAP, *extra,
    )  # fmt: skip


# --- LackeyCCG rows for cards the catalogue holds -------------------------------------------


def test_lackey_rows_fill_only_missing_facts_and_keep_recorded_ones(tmp_path):
    db = shipped_copy(tmp_path)
    data = write(
        tmp_path / "carddata.txt",
        HEADER + "Kiss Your Butts Goodbye\tThe Gathering\tTG/kiss\tEvent\tLackey text for Kiss.\n"
        "Master's Block: Ramirez\tMovie Edition\tME/mb\tBlock\tLackey MB.\n",
    )
    kiss, ramirez = card("kiss-your-butts-goodbye"), card("masters-block-ramirez")
    result = lackey_import(data, db)
    assert result.exit_code == 0, result.output
    total = json.loads(invoke("db", "info", "--json").stdout)["counts"]["cards"]
    assert said(result) == [
        f"imported 2 rows into {db} (0 new, 2 updated; {total} cards)",
        "updated: 3 missing facts filled, 0 recorded facts overwritten, 3 fact sources recorded; "
        "2 differing texts kept as the catalogue records them",
    ]
    new_kiss, new_ramirez = card("kiss-your-butts-goodbye", db), card("masters-block-ramirez", db)
    # Recorded facts stay; what the catalogue lacked is filled, with the row's source as
    # that fact's own (the card row's source, which backs its other facts, stays as it is).
    assert new_kiss["restriction"] == kiss["restriction"] == 3
    assert new_kiss["text"] == kiss["text"]
    assert kiss["sets"] == [] and new_kiss["sets"] == ["TG"]
    assert new_kiss["source"] == kiss["source"]
    assert [(f["value"], f["source"]) for f in new_kiss["facts"] if f["field"] == "sets"] == [
        ("TG", PLUGIN)
    ]
    # "Title: Subtitle" is Lackey's one name for the card masters-block-ramirez.
    assert (new_ramirez["title"], new_ramirez["subtitle"]) == ("Master's Block", "Ramirez")
    assert new_ramirez["restriction"] == ramirez["restriction"] == 2
    assert (ramirez["type"], new_ramirez["type"]) == (None, "block")
    assert new_ramirez["sets"] == ["ME"]
    # The verdict on a deck holding the restricted card is the same as before the import
    # (a first-edition deck: The Gathering is a 1st Edition set).
    deck = write(
        tmp_path / "deck.txt",
        (ROOT / "examples/decks/valid/duncan-first-edition.txt").read_text()
        + "\n4 Kiss Your Butts Goodbye\n",
    )

    def problems(*extra: str) -> list:
        out = invoke("validate", str(deck), "--output", "json", *extra)
        return [(p["code"], p["cards"]) for p in json.loads(out.stdout)["decks"][0]["problems"]]

    assert ("HL104", ["kiss-your-butts-goodbye"]) in problems()
    # The one change: the card's recorded TG printing places it in first edition, so the
    # note that no first-edition printing was recorded for it goes.
    before = problems()
    assert ("HL900", ["kiss-your-butts-goodbye"]) in before
    assert problems("--db", str(db)) == [
        p for p in before if p != ("HL900", ["kiss-your-butts-goodbye"])
    ]


def test_a_conflicting_lackey_fact_refuses_the_import_unless_overwritten(tmp_path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    data = write(tmp_path / "carddata.tsv", HEADER + "Kiss Your Butts Goodbye\tTG\tk\tPlot\tx\n")
    kiss = card("kiss-your-butts-goodbye")
    result = lackey_import(data, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 conflicting fact; nothing was written (--overwrite replaces the "
        "recorded values):",
        f"{data}: row 2: kiss-your-butts-goodbye type: the catalogue records 'event' "
        f"(source: {kiss['source']}), the row says 'plot' (source: {PLUGIN})",
    ]
    assert db.read_bytes() == before
    result = lackey_import(data, db, "--overwrite")
    assert result.exit_code == 0, result.output
    assert said(result)[1:] == [
        "updated: 1 missing fact filled, 1 recorded fact overwritten, 2 fact sources recorded; "
        "1 differing text kept as the catalogue records them",
        f"overwrote kiss-your-butts-goodbye type: 'event' (source: {kiss['source']}) -> "
        f"'plot' (source: {PLUGIN})",
    ]
    assert card("kiss-your-butts-goodbye", db)["type"] == "plot"


def test_a_title_with_several_versions_is_matched_by_type_or_reported(tmp_path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    # Both Security Guard versions are situations: the row cannot say which one it is.
    data = write(
        tmp_path / "carddata.txt",
        HEADER + "Kiss Your Butts Goodbye\tThe Gathering\tTG/kiss\tEvent\tLackey text for Kiss.\n"
        "Security Guard\tThe Gathering\tTG/sg\tSituation\tLackey text SG.\n",
    )
    result = lackey_import(data, db)
    assert result.exit_code == 2
    assert (
        f"{data}: row 3: 'Security Guard' with type situation fits 2 of the 2 cards of that "
        "name the catalogue holds: security-guard-object (situation; TG), "
        "security-guard-situation (situation; TG); name the version ('Title: Subtitle') or "
        "give the row an id column"
    ) in result.stderr
    assert db.read_bytes() == before  # no third Security Guard, nothing written
    # Named with its subtitle, or told apart by type (and, between the two Katana Weapons of
    # Choice, by the set printed), a version is found.
    data = write(
        tmp_path / "carddata.txt",
        HEADER + "Security Guard: Object\tThe Gathering\tTG/sgo\tSituation\tx\n"
        "Joe Dawson\tThe Gathering\tTG/jd\tSituation\tx\n"
        "Katana\tBeta Preview Decks\tB1/k\tWeapon of Choice\tx\n",
    )
    result = lackey_import(data, db)
    assert result.exit_code == 0, result.output
    # The Security Guard and Katana rows differ from the cards only by their texts, which
    # the catalogue keeps (a note names each): counted apart from rows that agree.
    assert (
        "(0 new, 1 updated, 2 as recorded but for a differing text (the notes name them);"
    ) in result.stderr
    assert card("joe-dawson-situation", db)["sets"] == ["WC", "TG"]
    assert card("joe-dawson-watcher", db)["sets"] == ["WC"]
    # Joe Dawson's situation gains a printing and a text; the Katana row states only what
    # the catalogue records (its B1 printing), so its sources stay as they were.
    assert card("katana-weapon-of-choice", db) == card("katana-weapon-of-choice")
    assert said(result)[1] == (
        "updated: 2 missing facts filled, 0 recorded facts overwritten, 2 fact sources recorded; "
        "2 differing texts kept as the catalogue records them"
    )


def test_lackey_data_is_plain_tab_separated_text(tmp_path):
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    data = write(
        tmp_path / "carddata.txt",
        HEADER + '"Quoted" Strike\tMovie Edition\tq\tAttack\tSays "hi" and 5" of steel.\n',
    )
    result = lackey_import(data, db)
    assert result.exit_code == 0, result.output
    row = card("quoted-strike", db)
    assert row["title"] == '"Quoted" Strike'
    assert row["text"] == 'Says "hi" and 5" of steel.'


# --- fact sheets ----------------------------------------------------------------------------


def test_a_fact_sheet_sets_only_gap_fields_refuses_conflicts_and_nonsense(tmp_path):
    db = shipped_copy(tmp_path)
    before = db.read_bytes()
    sheet = write(
        tmp_path / "sheet.csv",
        "id,field,value,source,name,decks\n"
        "thrust,title,Renamed,https://example.org/a,Thrust,1\n"
        "head-shot,restriction,3,https://example.org/a,Head Shot,2\n"
        "head-shot,restriction,2,https://example.org/b,Head Shot,2\n"
        "thrust,restriction,0,https://example.org/a,Thrust,1\n"
        "thrust,text,Other words,https://example.org/a,Thrust,1\n",
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith(str(sheet))]
    assert errors == [
        f"{sheet}: row 2: field: 'title' is not a fact a sheet may set; it may set "
        "restriction, gem_master, gem_agility, gem_strength, gem_toughness, gem_empathy, "
        "gem_reason, master_limit, hand_icons, type, formats, sets, text, subtitle, "
        "reserved, signature, unique",
        f"{sheet}: row 4: head-shot restriction: '2' here, '3' in row 3; one card has one value",
        f"{sheet}: row 5: value: restriction: expected 1 or more, got 0",
    ]  # row 6, another wording of Thrust's text, is kept as recorded (a paraphrase)
    assert db.read_bytes() == before
    # The same fact twice with the same value is one fact with both sources, its own: the
    # card row's source, which backs its other facts, is left as it was.
    card_source = card("head-shot", db)["source"]
    sheet = write(
        tmp_path / "sheet.csv",
        "id,field,value,source\nhead-shot,restriction,3,https://example.org/a\n"
        "head-shot,restriction,3,https://example.org/b\n",
    )
    result = invoke("db", "import", str(sheet), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert "read 1 fact into" in result.stderr
    shot = card("head-shot", db)
    assert shot["restriction"] == 3
    assert shot["source"] == card_source
    assert [f for f in shot["facts"] if f["field"] == "restriction"] == [
        {
            "field": "restriction",
            "value": "3",
            "source": "https://example.org/a; https://example.org/b",
            "sources": ["https://example.org/a", "https://example.org/b"],
            "inferred": None,
            "attributed": True,
        }
    ]


def test_restriction_zero_is_not_a_card_fact(tmp_path):
    header = (ROOT / "data/source/cards.csv").read_text().splitlines()[0]
    rows = write(
        tmp_path / "cards.csv", header + "\nnew-card,New Card,,event,,0" + "," * 17 + "s\n"
    )
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    result = invoke("db", "import", str(rows), "--db", str(db))
    assert result.exit_code == 2
    assert f"{rows}: row 2: restriction: expected 1 or more, got 0" in (result.stderr)


# --- db gaps on what a curator has at hand --------------------------------------------------


def gaps(*args: str):
    return invoke("db", "gaps", *args, "--output", "json")


def test_gaps_take_folders_and_skip_what_is_not_a_deck(tmp_path):
    folder = ROOT / "examples/decks"
    listed = gaps(str(folder))
    assert listed.exit_code == 0, listed.output
    decks = sorted(p for p in folder.rglob("*") if p.suffix in (".txt", ".json", ".dek", ".o8d"))
    assert json.loads(listed.stdout)["decks"] == len(decks)
    export = tmp_path / "catalogue.json"
    invoke("db", "export", str(export))
    methos = ROOT / "examples/decks/valid/methos-first-edition.txt"
    mixed = gaps(
        str(ROOT / "README.md"), str(ROOT / "data/source/cards.csv"), str(export), str(methos)
    )
    assert mixed.exit_code == 0, mixed.output
    assert json.loads(mixed.stdout)["decks"] == 1
    assert f"hlcg: note: skipped {ROOT / 'README.md'}: not a deck (a README" in mixed.stderr
    assert f"skipped {ROOT / 'data/source/cards.csv'}: not a deck (a .csv file" in mixed.stderr
    assert f"skipped {export}: not a deck (an hlcg catalogue export)" in mixed.stderr
    nothing = gaps(str(ROOT / "README.md"))
    assert nothing.exit_code == 2
    assert "no decks to rank" in nothing.stderr


def test_validate_refuses_a_catalogue_export_as_no_deck(tmp_path):
    export = tmp_path / "catalogue-export.json"
    invoke("db", "export", str(export))
    result = invoke("validate", str(export))
    assert result.exit_code == 2
    assert "COULD NOT READ: an hlcg catalogue export, not a deck" in result.stdout
    assert "HL" not in result.stdout  # not checked card by card
    assert (
        f"{export}: an hlcg catalogue export, not a deck; `hlcg db import` reads it"
        in result.stderr
    )


# --- whole catalogues -----------------------------------------------------------------------


@pytest.mark.parametrize("form", ["folder", "document.json"])
def test_a_whole_catalogue_import_reports_card_and_alias_errors_in_one_run(tmp_path, form):
    export = tmp_path / form
    invoke("db", "export", str(export))
    # An export edited on purpose goes without its manifest, which would refuse it whole.
    if form == "folder":
        (export / "manifest.json").unlink()
        cards = (export / "cards.csv").read_text()
        row = cards.split("\n").index(next(r for r in cards.split("\n") if r.startswith("thrust,")))
        (export / "cards.csv").write_text(
            cards.replace("\nthrust,Thrust,,attack,", "\nthrust,Thrust,,spell,")
        )
        with (export / "aliases.csv").open("a") as handle:
            handle.write("Nowhere Strike,no-such-card,https://example.org/x\n")
        where = f"{export / 'cards.csv'}: row {row + 1}: type:"
    else:
        document = json.loads(export.read_text())
        del document["manifest"]
        row = [c["id"] for c in document["cards"]].index("thrust")
        document["cards"][row]["type"] = "spell"
        document["aliases"].append(
            {"alias": "Nowhere Strike", "card_id": "no-such-card", "source": "x"}
        )
        export.write_text(json.dumps(document))
        where = f"{export}#cards: row {row + 1}: type:"
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    before = db.read_bytes()
    result = invoke("db", "import", str(export), "--db", str(db))
    assert result.exit_code == 2
    lines = result.stderr.splitlines()
    assert lines[0] == "hlcg: error: 2 errors; nothing was written:"
    assert lines[1].startswith(f"{where} expected 'attack'")
    assert lines[2] == "aliases: 'Nowhere Strike' points at unknown card id 'no-such-card'"
    assert db.read_bytes() == before


def test_a_whole_catalogue_import_says_what_it_imported(tmp_path):
    out = tmp_path / "export.zip"
    invoke("db", "export", str(out))
    shipped = json.loads(invoke("db", "info", "--json").stdout)["counts"]
    db = tmp_path / "mine.sqlite"
    invoke("db", "init", str(db))
    result = invoke("db", "import", str(out), "--db", str(db))
    assert result.exit_code == 0, result.output
    with sqlite3.connect(shipped_path()) as conn:
        tcboo = sum(
            conn.execute(f"SELECT count(*) FROM {t}").fetchone()[0]  # noqa: S608 - our names
            for t in TCBOO_TABLES
        )
        (facts,) = conn.execute("SELECT count(*) FROM fact_sources").fetchone()
    assert (
        f"with {shipped['aliases']} aliases, {shipped['sets']} sets, {shipped['formats']} "
        f"formats, {shipped['legality']} legality facts, {facts} fact sources, 0 superseded "
        f"facts and {tcboo} There Can Be Only One rows"
    ) in result.stderr


@pytest.mark.parametrize("suffix", [".tar.gz", ".zip"])
def test_archives_of_the_same_catalogue_are_the_same_bytes(tmp_path, suffix):
    first, second = tmp_path / f"a{suffix}", tmp_path / f"b{suffix}"
    assert invoke("db", "export", str(first)).exit_code == 0
    assert invoke("db", "export", str(second)).exit_code == 0
    assert first.read_bytes() == second.read_bytes()


def test_a_catalogue_without_a_schema_version_is_named_as_such(tmp_path):
    db = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), db)
    with sqlite3.connect(db) as conn:
        conn.execute("DELETE FROM meta")
    result = invoke("db", "info", "--db", str(db))
    assert result.exit_code == 2
    assert "None" not in result.stderr
    assert f"{db} records no schema version (its meta table is empty)" in result.stderr


def test_unchecked_restrictions_point_to_the_curator_workflow():
    deck = ROOT / "examples/decks/valid/methos-first-edition.txt"
    result = invoke("validate", str(deck), "--output", "json")
    (unchecked,) = [
        p
        for p in json.loads(result.stdout)["decks"][0]["problems"]
        if p["code"] == "HL900" and p["message"].startswith("restriction:")
    ]
    assert "data/source" not in unchecked["fix"]
    assert "hlcg db gaps" in unchecked["fix"]
