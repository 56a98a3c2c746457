"""Imports of card rows never erase without saying so (issue 20, section 2): a row changes
the facts it states and keeps the rest, a conflict refuses the import unless overwritten,
a whole-card replacement lists what it erased, LackeyCCG printings of one card are one card,
JSON is as strict as CSV, and a killed import leaves nothing the next one does not clean."""

from __future__ import annotations

import datetime
import io
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tarfile
import time
import zipfile
from contextlib import closing
from pathlib import Path

import pytest

from conftest import ROOT
from curator_cli import card, invoke, runner, said, shipped_copy, write
from hlcg.cli.app import app

DUNCAN_DECK = ROOT / "examples/decks/valid/duncan-first-edition.txt"
ERRATA = "https://example.org/errata"
PLUGIN = "https://example.org/lackey/carddata.txt"
WATCHER_ARTICLE = "http://www.watcherdatabase.tk/Articles/3.html"  # duncan-macleod-se's source


def facts(found: dict) -> dict:
    """A card's contract facts, without what the answer derives from them."""
    shown = ("printings", "verdicts", "legality", "facts")  # facts: checked by own_source
    return {k: v for k, v in found.items() if k not in shown}


def own_source(found: dict, field: str) -> str | None:
    """The source a card's fact carries as its own (None: only the card row's)."""
    owned = (f["source"] for f in found["facts"] if f["field"] == field and f["attributed"])
    return next(owned, None)


def import_(data: Path, db: Path, *extra: str):
    return invoke("db", "import", str(data), "--db", str(db), *extra)


# --- a row updates the facts it states ------------------------------------------------------


def test_a_row_restating_one_fact_keeps_the_card_and_the_deck_legal(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = card("duncan-macleod-se")
    data = write(
        tmp_path / "duncan.csv",
        f"id,title,master_limit,source\nduncan-macleod-se,Duncan MacLeod,6,{ERRATA}\n",
    )
    result = import_(data, db)
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"imported 1 row into {db} (0 new, 0 updated, 1 already recorded as the rows say; "
        "421 cards)",
        "updated: 0 missing facts filled, 0 recorded facts overwritten, 0 fact sources recorded",
    ]
    # Type, printings, text and sources stay: the row restated a fact the card records.
    assert facts(card("duncan-macleod-se", db)) == facts(before)
    verdict = invoke("validate", str(DUNCAN_DECK), "--db", str(db))
    assert verdict.exit_code == 0, verdict.output
    assert "LEGAL in first-edition" in verdict.stdout


def test_a_json_object_with_a_few_keys_fills_a_gap_and_records_its_source(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = card("duncan-macleod-se")
    data = write(
        tmp_path / "duncan.json",
        json.dumps([{"id": "duncan-macleod-se", "unique": True, "sets": ["SE"], "source": ERRATA}]),
    )
    result = import_(data, db)
    assert result.exit_code == 0, result.output
    assert said(result)[1] == (
        "updated: 1 missing fact filled, 0 recorded facts overwritten, 1 fact source recorded"
    )
    after = card("duncan-macleod-se", db)
    # the row's source backs the fact it filled, not the card's other facts
    assert facts(after) == {**facts(before), "unique": True}
    assert own_source(after, "unique") == ERRATA
    assert invoke("validate", str(DUNCAN_DECK), "--db", str(db)).exit_code == 0


def test_a_row_for_a_new_id_must_be_a_whole_card(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    data = write(tmp_path / "new.csv", f"id,master_limit,source\nnot-a-card-yet,3,{ERRATA}\n")
    result = import_(data, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 error; nothing was written:",
        f"{data}: row 2: title: required, and missing (a row for a card the catalogue lacks is a "
        "whole card)",
    ]
    assert db.read_bytes() == before


def test_replace_is_a_whole_card_and_lists_every_fact_it_erased(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    data = write(
        tmp_path / "duncan.csv",
        f"id,title,master_limit,source\nduncan-macleod-se,Duncan MacLeod,6,{ERRATA}\n",
    )
    result = import_(data, db, "--replace")
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"imported 1 row into {db} (0 new, 1 replaced; 421 cards)",
        "replaced 1 card whole, erasing 3 recorded facts",
        "erased duncan-macleod-se type 'persona' (the row leaves it empty)",
        "erased duncan-macleod-se sets 'SE' (the row leaves it empty)",
        "erased duncan-macleod-se text 'First-edition Persona; Master limit 6 after errata.' "
        "(the row leaves it empty)",
    ]
    assert card("duncan-macleod-se", db)["sets"] == []
    both = import_(data, db, "--replace", "--overwrite")
    assert both.exit_code == 2
    assert "--overwrite and --replace: use one" in both.stderr


# --- conflicts ------------------------------------------------------------------------------


def test_conflicting_rows_are_all_listed_with_both_sources_and_nothing_is_written(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    kiss = card("kiss-your-butts-goodbye")
    data = write(
        tmp_path / "rows.csv",
        "id,title,restriction,master_limit,sets,source\n"
        f"duncan-macleod-se,Duncan MacLeod,,7,TG,{ERRATA}\n"
        f"kiss-your-butts-goodbye,Kiss Your Butts Goodbye,2,,TG,{ERRATA}\n",
    )
    result = import_(data, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 2 conflicting facts; nothing was written (--overwrite replaces the "
        "recorded values):",
        f"{data}: row 2: duncan-macleod-se master_limit: the catalogue records '6' (source: "
        f"{WATCHER_ARTICLE}), the row says '7' (source: {ERRATA})",
        f"{data}: row 3: kiss-your-butts-goodbye restriction: the catalogue records '3' "
        f"(source: {kiss['source']}), the row says '2' (source: {ERRATA})",
    ]
    assert db.read_bytes() == before
    # --overwrite replaces both; the printings are added, never a conflict.
    result = import_(data, db, "--overwrite")
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"imported 2 rows into {db} (0 new, 2 updated; 421 cards)",
        "updated: 2 missing facts filled, 2 recorded facts overwritten, 4 fact sources recorded",
        f"overwrote duncan-macleod-se master_limit: '6' (source: {WATCHER_ARTICLE}) -> '7' "
        f"(source: {ERRATA})",
        f"overwrote kiss-your-butts-goodbye restriction: '3' (source: {kiss['source']}) -> "
        f"'2' (source: {ERRATA})",
    ]
    duncan = card("duncan-macleod-se", db)
    assert (duncan["master_limit"], duncan["sets"], duncan["type"]) == (7, ["SE", "TG"], "persona")
    assert card("kiss-your-butts-goodbye", db)["restriction"] == 2
    # the new values carry the row's source as their own; the old ones, with the sources
    # that backed them, are in the history
    assert own_source(duncan, "master_limit") == ERRATA
    assert own_source(duncan, "type") is None  # a fact the row did not touch
    exported = tmp_path / "out.json"
    assert invoke("db", "export", str(exported), "--db", str(db)).exit_code == 0
    history = json.loads(exported.read_text())["fact_history"]
    assert [(h["card_id"], h["field"], h["value"], h["source"]) for h in history] == [
        ("duncan-macleod-se", "master_limit", "6", WATCHER_ARTICLE),
        ("kiss-your-butts-goodbye", "restriction", "3", kiss["source"]),
    ]
    assert {h["superseded"] for h in history} == {f"{datetime.date.today()} rows.csv"}


# --- LackeyCCG: one card per card, not per printing -----------------------------------------


LACKEY_HEADER = "Name\tSet\tImageFile\tType\tText\n"


def verdicts(db: Path) -> list[tuple]:
    result = invoke("validate", str(ROOT / "examples/decks"), "--output", "json", "--db", str(db))
    decks = json.loads(result.stdout)["decks"]
    return [(d["path"], d["format"], d["legal"], d["errors"], d["warnings"]) for d in decks]


def test_thrust_in_two_sets_adds_a_printing_not_a_card_and_keeps_every_verdict(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = verdicts(db)
    data = write(
        tmp_path / "carddata.txt",
        LACKEY_HEADER + "Thrust\tThe Gathering\tTG/thrust.jpg\tBasic Attack\t\n"
        "Thrust\tMovie Edition\tME/thrust.jpg\tBasic Attack\t\n",
    )
    result = import_(data, db, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 0, result.output
    assert said(result) == [
        # two rows (Lackey lists a card once per printing), one card
        f"imported 2 rows into {db} (0 new, 1 updated, 1 joined to an earlier row of the same "
        "card; 421 cards)",
        "updated: 1 missing fact filled, 0 recorded facts overwritten, 2 fact sources recorded",
    ]
    thrust = card("thrust", db)
    printings = {f["value"]: f["source"] for f in thrust["facts"] if f["field"] == "sets"}
    assert printings == {"TG": PLUGIN, "ME": PLUGIN}
    assert (thrust["id"], thrust["type"], thrust["sets"]) == ("thrust", "attack", ["TG", "ME"])
    assert [c["id"] for c in card_versions("Thrust", db)] == ["thrust"]
    assert verdicts(db) == before


def test_lackey_rows_of_another_text_or_type_are_versions(tmp_path):
    db = tmp_path / "empty.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    data = write(
        tmp_path / "carddata.txt",
        LACKEY_HEADER + "Quickstep\tME\ta\tSpecial Attack\tOne text.\n"
        "Quickstep\tAT\tb\tSpecial Attack\t\n"  # no text: the same card, another printing
        "Quickstep\tWC\tc\tSpecial Attack\tAnother text.\n"
        "Quickstep\tTG\td\tSituation: Standing Defense\tOne text.\n",
    )
    result = import_(data, db, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"imported 4 rows into {db} (3 new, 0 updated, 1 joined to an earlier row of the same "
        "card; 3 cards)"
    ]
    found = {c["id"]: (c["type"], c["sets"]) for c in card_versions("Quickstep", db)}
    assert found == {
        "quickstep": ("special-attack", ["ME", "AT"]),
        "quickstep-2": ("special-attack", ["WC"]),
        "quickstep-3": ("situation", ["TG"]),
    }


def card_versions(name: str, db: Path) -> list[dict]:
    result = invoke("card", name, "--json", "--db", str(db))
    answer = json.loads(result.stdout)
    return answer["cards"] + answer.get("versions", [])


@pytest.mark.parametrize(
    ("printed", "contract"),
    [
        ("Pre-Game: Persona", "persona"),
        ("Pre-Game: Weapon of Choice", "weapon-of-choice"),
        ("Pre-Game", "other-pre-game"),
        ("Special Attack", "special-attack"),
        ("Situation: Standing Defense", "situation"),
        ("Basic Attack", "attack"),
        ("RANGED ATTACK", "ranged-attack"),
    ],
)
def test_printed_type_lines_are_read_as_types(tmp_path, printed, contract):
    db = tmp_path / "empty.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    data = write(tmp_path / "carddata.txt", f"Name\tType\nSome Card\t{printed}\n")
    result = import_(data, db, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 0, result.output
    assert card("some-card", db)["type"] == contract


def test_an_unknown_map_column_or_field_is_named_with_the_valid_ones(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    data = write(tmp_path / "carddata.txt", LACKEY_HEADER + "Thrust\tTG\tt\tAttack\t\n")
    result = import_(
        data,
        db,
        "--id-from",
        "title",
        "--source",
        PLUGIN,
        "--map",
        '{"Nom": "title", "Set": "set"}',
    )
    assert result.exit_code == 2
    assert result.stderr == (
        "hlcg: error: --map: 'Nom' is not a column of carddata.txt; its columns are Name, "
        "Set, ImageFile, Type, Text; --map: 'set' (for 'Set') is not a contract field; the "
        "fields are id, title, subtitle, type, sets, restriction, unrestricted, reserved, "
        "signature, unique, hand_icons, gem_master, gem_agility, gem_strength, gem_toughness, "
        "gem_empathy, gem_reason, master_limit, formats, modifiers, faction, text, source\n"
    )


def test_missing_lackey_options_get_the_whole_command_as_a_hint(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    data = write(tmp_path / "carddata.txt", LACKEY_HEADER + "Thrust\tTG\tt\tAttack\t\n")
    result = import_(data, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 2 errors; nothing was written:",
        f"{data}: row 2: id: required, and missing",
        f"{data}: row 2: source: required, and missing",
        f"hint: hlcg db import {data} --db {db} --id-from title --source URL",
    ]
    other = write(tmp_path / "other.txt", "Card\tSet\nThrust\tTG\n")
    result = import_(other, db, "--source", PLUGIN)
    assert result.stderr.splitlines()[-1] == (
        f"hint: hlcg db import {other} --db {db} --map "
        """'{"NAME-COLUMN": "title", "Set": "sets"}' --id-from title --source """ + PLUGIN
    )


# --- JSON as strict as CSV; numbers in range; every error at once ---------------------------


def test_json_rows_are_as_strict_as_csv_and_numbers_stay_in_range(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    rows = [
        {"id": "row-one", "title": "One", "source": ERRATA, "restriction": True},
        {"id": "row-two", "title": "Two", "source": ERRATA, "hand_icons": False},
        {"id": "row-three", "title": "Three", "source": ERRATA, "gem_master": "6"},
        {"id": "row-four", "title": "Four", "source": ERRATA, "gem_reason": 10**30},
        {"id": "row-five", "title": "Five", "source": ERRATA, "master_limit": 2**63},
        {"id": "row-six", "title": "Six", "source": ERRATA, "hand_icons": 1.5},
    ]
    data = write(tmp_path / "rows.json", json.dumps(rows))
    result = import_(data, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 5 errors; nothing was written:",
        f"{data}: row 1: restriction: expected a whole number or empty, got true",
        f"{data}: row 2: hand_icons: expected a whole number or empty, got false",
        f"{data}: row 4: gem_reason: 10000000000000000000... (31 digits) is out "
        "of range (at most 9223372036854775807)",
        f"{data}: row 5: master_limit: 9223372036854775808 is out of range (at "
        "most 9223372036854775807)",
        f"{data}: row 6: hand_icons: expected a whole number or empty, got 1.5",
    ]
    assert db.read_bytes() == before
    # The text of a number is read as in a CSV cell, so row three alone imports.
    alone = write(tmp_path / "three.json", json.dumps(rows[2:3]))
    assert import_(alone, db).exit_code == 0
    assert card("row-three", db)["gem_master"] == 6
    huge = write(tmp_path / "huge.csv", f"id,title,gem_master,source\nhuge,Huge,{10**30},s\n")
    result = import_(huge, db)
    assert result.exit_code == 2
    assert "row 2: gem_master: 10000000000000000000... (31 digits)" in result.stderr


@pytest.mark.parametrize("suffix", [".csv", ".json", ".jsonl", ".txt"])
def test_repeated_ids_are_listed_with_row_numbers_among_the_other_errors(tmp_path, suffix):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    rows = [
        {"id": "twice", "title": "Twice", "source": ERRATA},
        {"id": "bad", "title": "Bad", "source": ERRATA, "hand_icons": "many"},
        {"id": "twice", "title": "Twice Again", "source": ERRATA},
    ]
    if suffix == ".json":
        text = json.dumps(rows)
        first = 1
    elif suffix == ".jsonl":
        text = "".join(json.dumps(r) + "\n" for r in rows)
        first = 1
    else:
        sep = "," if suffix == ".csv" else "\t"
        text = (
            sep.join(["id", "title", "hand_icons", "source"])
            + "\n"
            + "".join(
                sep.join([r["id"], r["title"], r.get("hand_icons", ""), r["source"]]) + "\n"
                for r in rows
            )
        )
        first = 2  # the header is row 1
    data = write(tmp_path / f"rows{suffix}", text)
    extra = (
        "--map",
        '{"id": "id", "title": "title", "hand_icons": "hand_icons", "source": "source"}',
    )
    result = import_(data, db, *(extra if suffix == ".txt" else ()))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 2 errors; nothing was written:",
        f"{data}: row {first + 1}: hand_icons: expected a whole number or empty, got 'many'",
        f"{data}: row {first + 2}: id 'twice' repeats row {first}",
    ]
    assert db.read_bytes() == before


def _zip_with_two(path: Path) -> Path:
    with zipfile.ZipFile(path, "w") as archive, pytest.warns(UserWarning, match="Duplicate"):
        archive.writestr("cards.csv", "id,title,source\n")
        archive.writestr("cards.csv", f"id,title,source\nsneaky,Sneaky,{ERRATA}\n")
    return path


def _tar_with_two(path: Path) -> Path:
    with tarfile.open(path, "w:gz") as archive:
        for text in ("id,title,source\n", f"id,title,source\nsneaky,Sneaky,{ERRATA}\n"):
            data = text.encode()
            info = tarfile.TarInfo("cards.csv")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    return path


@pytest.mark.parametrize("make", [_zip_with_two, _tar_with_two], ids=["zip", "tar.gz"])
def test_an_archive_naming_a_file_twice_is_refused(tmp_path, make):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    source = shipped_copy_export(tmp_path, make)
    result = import_(source, db)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 error; nothing was written:",
        f"{source}: holds cards.csv more than once; an archive names each file once",
    ]
    assert db.read_bytes() == before


def shipped_copy_export(tmp_path: Path, make) -> Path:
    suffix = ".zip" if make is _zip_with_two else ".tar.gz"
    return make(tmp_path / f"export{suffix}")


def test_every_message_that_starts_a_catalogue_names_the_command(tmp_path):
    data = write(tmp_path / "row.csv", f"id,title,source\nbrand-new,Brand New,{ERRATA}\n")
    missing = import_(data, tmp_path / "nope.sqlite")
    assert missing.exit_code == 2
    assert missing.stderr == (
        f"hlcg: error: catalogue not found: {tmp_path / 'nope.sqlite'}; start one with "
        f"`hlcg db init {tmp_path / 'nope.sqlite'} --from-shipped`\n"
    )
    shipped = invoke("db", "import", str(data))
    assert shipped.exit_code == 2
    assert "`hlcg db init my.sqlite --from-shipped`" in shipped.stderr
    db = shipped_copy(tmp_path, "my.sqlite")
    with closing(sqlite3.connect(db)) as conn, conn:
        conn.execute("DELETE FROM meta")
    empty_meta = import_(data, db)
    assert empty_meta.exit_code == 2
    assert empty_meta.stderr.endswith(
        "start a new one with `hlcg db init my.sqlite --from-shipped`\n"
    )


# --- a killed import ------------------------------------------------------------------------


def test_the_next_write_removes_what_a_killed_import_left(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    # What a run killed half-way leaves: its catalogue and journal under its process id.
    # A process id that no process has: one that has run and ended.
    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], check=True,
                          capture_output=True, text=True)  # fmt: skip
    pid = int(gone.stdout)
    stale = tmp_path / f".my.sqlite.hlcg-write-{pid}-0123abcd.tmp"
    journal = tmp_path / f".my.sqlite.hlcg-write-{pid}-0123abcd.tmp-journal"
    running = tmp_path / f".my.sqlite.hlcg-write-{os.getpid()}-4567cdef.tmp"  # still writing
    other = tmp_path / f".mine.sqlite.hlcg-write-{pid}-0123abcd.tmp"  # another catalogue's
    for path in (stale, journal, running, other):
        path.write_bytes(b"half a catalogue")
    data = write(tmp_path / "row.csv", f"id,title,source\nbrand-new,Brand New,{ERRATA}\n")
    result = import_(data, db)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.glob(".*")) == sorted([running.name, other.name])


def test_a_real_import_killed_half_way_leaves_the_catalogue_and_is_cleaned_after(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    data = write(tmp_path / "row.csv", f"id,title,source\nbrand-new,Brand New,{ERRATA}\n")
    command = [sys.executable, "-m", "hlcg", "db", "import", str(data), "--db", str(db)]
    for _attempt in range(5):
        process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        left: list[Path] = []
        while process.poll() is None and not left:
            left = list(tmp_path.glob(".my.sqlite.hlcg-write-*.tmp"))
            time.sleep(0.001)
        if left:
            process.send_signal(signal.SIGKILL)
            process.wait()
            break
        process.wait()  # finished before its temporary file was seen: try again
        db.write_bytes(before)
    else:
        pytest.fail("the import never showed its temporary file")
    assert process.returncode == -signal.SIGKILL
    assert db.read_bytes() == before
    assert all(p.exists() for p in left)
    result = import_(data, db)
    assert result.exit_code == 0, result.output
    assert list(tmp_path.glob(".my.sqlite.hlcg-write-*")) == []
    assert card("brand-new", db)["title"] == "Brand New"


# --- found by a curator trying the imports --------------------------------------------------

ARTICLE_23 = "http://www.watcherdatabase.tk/Articles/23.html"


def test_lackey_rows_of_a_card_the_catalogue_holds_stay_that_card_whatever_their_texts(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = verdicts(db)
    data = write(
        tmp_path / "carddata.txt",
        LACKEY_HEADER + "Thrust\tThe Gathering\ta\tBasic Attack\tAttack middle.\n"
        "Thrust\tSeries Edition\tb\tBasic Attack\tAnother transcription.\n",
    )
    result = import_(data, db, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 0, result.output
    assert [c["id"] for c in card_versions("Thrust", db)] == ["thrust"]
    assert verdicts(db) == before


def test_lackey_rows_stating_a_fact_two_ways_for_one_card_are_refused(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    data = write(
        tmp_path / "carddata.txt",
        "Name\tSet\tImageFile\tType\tRestriction\n"
        "Thrust\tThe Gathering\ta\tBasic Attack\t3\nThrust\tSeries Edition\tb\tBasic Attack\t2\n",
    )
    mapping = '{"Name":"title","Set":"sets","Type":"type","Restriction":"restriction"}'
    result = import_(data, db, "--map", mapping, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[1] == (
        f"{data}: row 3: 'Thrust' is one card in the catalogue (thrust), but this row states "
        "restriction '2' and row 2 restriction '3'; one card has one value"
    )
    assert db.read_bytes() == before


def test_a_restriction_against_carries_none_names_that_facts_own_source(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    data = write(tmp_path / "rows.csv", f"id,restriction,source\nthrust,2,{ERRATA}\n")
    refused = import_(data, db)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[1] == (
        f"{data}: row 2: thrust restriction: the catalogue records 'unrestricted: true' "
        f"(source: {ARTICLE_23}), the row says '2' (source: {ERRATA})"
    )
    assert import_(data, db, "--overwrite").exit_code == 0
    exported = tmp_path / "out.json"
    assert invoke("db", "export", str(exported), "--db", str(db)).exit_code == 0
    (old,) = json.loads(exported.read_text())["fact_history"]
    assert (old["field"], old["value"], old["source"]) == ("unrestricted", "true", ARTICLE_23)
    assert old["inferred"].startswith("The review speaks of the six-copy limit")


def test_a_fact_sheet_restriction_against_carries_none_is_a_conflict(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    sheet = write(tmp_path / "sheet.csv", f"id,field,value,source\nthrust,restriction,2,{ERRATA}\n")
    refused = import_(sheet, db)
    assert refused.exit_code == 2
    assert refused.stderr.splitlines()[1] == (
        f"{sheet}: row 2: thrust restriction: the catalogue records that it carries no "
        f"restriction number (unrestricted, source: {ARTICLE_23}), the sheet says '2' (source: "
        f"{ERRATA}); pass --overwrite to replace it (the old value and its source are kept in "
        "fact_history)"
    )
    assert import_(sheet, db, "--overwrite").exit_code == 0
    thrust = card("thrust", db)
    assert (thrust["restriction"], thrust["unrestricted"]) == (2, False)


def test_conflicts_read_from_stdin_name_stdin_one_per_line(tmp_path):
    db = shipped_copy(tmp_path, "my.sqlite")
    rows = f"id,master_limit,source\nduncan-macleod-se,7,{ERRATA}\n"
    result = runner.invoke(app, ["db", "import", "-", "--db", str(db)], input=rows)
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "hlcg: error: 1 conflicting fact; nothing was written (--overwrite replaces the "
        "recorded values):",
        f"<stdin>: row 2: duncan-macleod-se master_limit: the catalogue records '6' (source: "
        f"{WATCHER_ARTICLE}), the row says '7' (source: {ERRATA})",
    ]


def test_a_set_nobody_lists_is_an_error_with_a_did_you_mean(tmp_path):
    # issue 33 point 2: a misspelt set is not a new set with a warning
    db = shipped_copy(tmp_path, "my.sqlite")
    before = db.read_bytes()
    data = write(
        tmp_path / "carddata.txt", LACKEY_HEADER + "Thrust\tMovie Editon\ta\tBasic Attack\t\n"
    )
    result = import_(data, db, "--id-from", "title", "--source", PLUGIN)
    assert result.exit_code == 2
    assert result.stderr.splitlines()[:2] == [
        "hlcg: error: 1 error; nothing was written:",
        f"{data}: row 2: sets: 'Movie Editon' is neither a set code nor a set name the "
        "catalogue lists (did you mean 'ME'?); a new set comes from a sets file "
        "(code,name,edition,released,source)",
    ]
    assert db.read_bytes() == before
