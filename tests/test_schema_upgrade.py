"""Schema version 7 (issue 33 point 11: `cards.name`, the lookup columns in `_card_keys` and
`_alias_keys`) and a catalogue an older hlcg wrote: refused with the way to upgrade it, then
upgraded by an import or a copy without losing a row. Also the summaries of point 9 that
these catalogues show: an update sheet or a sets file that records nothing new says so, and
`card ID --history --json` answers for a removed card as the text does.

The version 6 catalogue is tests/catalogues/schema-6.sql: written by the hlcg of schema
version 6 from the shipped rows, dumped as SQL (its header says how it was made)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from conftest import ROOT
from curator_cli import invoke, said, write
from hlcg.catalog.vocabulary import CONTRACT_FIELDS

FIXTURE = ROOT / "tests" / "catalogues" / "schema-6.sql"
CARD_COLUMNS = ", ".join(f'"{name}"' for name in CONTRACT_FIELDS)
# Every row an upgrade must keep, table by table, in the columns both versions have.
HOLDINGS = {
    "cards": f"SELECT {CARD_COLUMNS} FROM cards",
    "aliases": "SELECT alias, card_id, source FROM aliases",
    **{
        table: f"SELECT * FROM {table}"
        for table in (
            "sets",
            "formats",
            "printings",
            "modifiers",
            "legality",
            "fact_sources",
            "fact_history",
            "tcboo_cards",
            "tcboo_immortals",
            "tcboo_swords",
            "tcboo_locations",
        )
    },
}


def version_6(tmp_path: Path) -> Path:
    db = tmp_path / "old.sqlite"
    with closing(sqlite3.connect(db)) as conn:
        conn.executescript(FIXTURE.read_text(encoding="utf-8"))
    return db


def holdings(db: Path) -> dict[str, list[tuple[object, ...]]]:
    with closing(sqlite3.connect(db)) as conn:
        return {table: sorted(conn.execute(sql), key=repr) for table, sql in HOLDINGS.items()}


def schema_version(db: Path) -> str:
    with closing(sqlite3.connect(db)) as conn:
        return conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()[0]


def test_the_fixture_is_a_version_6_catalogue_with_rows_in_every_table_kept(tmp_path):
    old = version_6(tmp_path)
    assert schema_version(old) == "6"
    with closing(sqlite3.connect(old)) as conn:
        columns = {r[1] for r in conn.execute("PRAGMA table_info(cards)")}
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert {"title_norm", "name_norm", "subtitle_norm"} <= columns and "name" not in columns
    assert not tables & {"_card_keys", "_alias_keys"}
    counts = {table: len(rows) for table, rows in holdings(old).items()}
    assert counts == {
        "cards": 8,
        "aliases": 3,
        "sets": 42,
        "formats": 4,
        "printings": 3,
        "modifiers": 1,
        "legality": 11,
        "fact_sources": 11,
        "fact_history": 6,
        "tcboo_cards": 2,
        "tcboo_immortals": 2,
        "tcboo_swords": 2,
        "tcboo_locations": 2,
    }


def test_a_version_6_catalogue_is_refused_with_the_way_to_upgrade_it(tmp_path):
    old = version_6(tmp_path)
    before = old.read_bytes()
    result = invoke("card", "Head Shot", "--db", str(old))
    assert (result.exit_code, result.stdout) == (2, "")
    assert result.stderr == (
        f"hlcg: error: {old} has schema version 6, this hlcg reads version 7; rebuild it with "
        "`hlcg db build`; a catalogue of your own is upgraded, every row kept, by importing "
        f"into it (`hlcg db import FILE --db {old}`) or as a copy (`hlcg db init NEW.sqlite "
        f"--from {old}`)\n"
    )
    assert old.read_bytes() == before


@pytest.mark.parametrize("how", ["import", "copy"])
def test_an_import_or_a_copy_upgrades_it_keeping_every_row(tmp_path, how):
    old = version_6(tmp_path)
    kept = holdings(old)
    if how == "import":  # a sheet whose one fact is recorded already: nothing new
        sheet = write(
            tmp_path / "sheet.csv",
            "id,field,value,source\nhead-shot,type,event,"
            "http://www.watcherdatabase.tk/Articles/20.html\n",
        )
        result = invoke("db", "import", str(sheet), "--db", str(old))
        assert result.exit_code == 0, result.output
        assert said(result) == [
            f"read 1 fact into {old}: 0 new, 0 replaced (the old kept in fact_history), "
            "1 already recorded (0 cards updated; 8 cards)",
            f"upgraded {old} from schema 6 to 7 (every row kept)",
        ]
        upgraded = old
        again = invoke("db", "import", str(sheet), "--db", str(old))
        assert "upgraded" not in again.stderr  # once upgraded, an import says nothing of it
    else:
        upgraded = tmp_path / "new.sqlite"
        result = invoke("db", "init", str(upgraded), "--from", str(old))
        assert result.exit_code == 0, result.output
        assert said(result)[1:] == [
            f"upgraded {upgraded} from schema 6 to 7 (every row of {old} kept; it is left as "
            "it was)"
        ]
    assert schema_version(upgraded) == "7"
    assert holdings(upgraded) == kept
    verified = json.loads(invoke("db", "info", "--verify", "--json", "--db", str(upgraded)).stdout)
    assert verified["verify"]["matches"] is True
    # the lookups read the new tables: an alias, a title and subtitle, a removed card
    alias = json.loads(invoke("card", "middle center attack", "--json", "--db", upgraded).stdout)
    assert (alias["matched_by"], [c["id"] for c in alias["cards"]]) == ("alias", ["thrust"])
    named = json.loads(invoke("card", "masters block ramirez", "--json", "--db", upgraded).stdout)
    assert [c["id"] for c in named["cards"]] == ["masters-block-ramirez"]
    tcboo = invoke("tcboo", "card", "Aggressive", "--json", "--db", str(upgraded))
    assert json.loads(tcboo.stdout)["found"]["notes"] == "+2A and -1D"


def test_the_upgraded_catalogue_names_each_card_and_keeps_its_lookup_keys_apart(tmp_path):
    upgraded = tmp_path / "new.sqlite"
    assert invoke("db", "init", str(upgraded), "--from", str(version_6(tmp_path))).exit_code == 0
    with closing(sqlite3.connect(upgraded)) as conn:
        names = dict(conn.execute("SELECT id, name FROM cards WHERE id LIKE 'm%' OR id = 'thrust'"))
        keys = conn.execute(
            "SELECT title_norm, name_norm, subtitle_norm FROM _card_keys "
            "WHERE card_id = 'masters-block-ramirez'"
        ).fetchall()
        aliases = conn.execute("SELECT * FROM _alias_keys WHERE card_id = 'thrust'").fetchall()
        alias_columns = [r[1] for r in conn.execute("PRAGMA table_info(aliases)")]
    assert names == {
        "masters-block-ramirez": "Master's Block: Ramirez",
        "thrust": "Thrust",
    }
    assert keys == [("masters block", "masters block ramirez", "ramirez")]
    assert aliases == [("Middle Center Attack", "middle center attack", "thrust")]
    assert alias_columns == ["alias", "card_id", "source"]


def test_a_removed_cards_history_is_answered_in_json_as_in_text(tmp_path):
    db = tmp_path / "new.sqlite"
    assert invoke("db", "init", str(db), "--from", str(version_6(tmp_path))).exit_code == 0
    gone = invoke("db", "remove", "card", "9mm", "--reason", "a test", "--by", "me", "--db", db)
    assert gone.exit_code == 0, gone.output
    answer = invoke("card", "9mm", "--history", "--json", "--db", str(db))
    assert answer.exit_code == 0, answer.output
    shown = json.loads(answer.stdout)
    assert (shown["query"], shown["matched_by"]) == ("9mm", "removed")
    assert "cards" not in shown and "suggestions" not in shown
    history = shown["removed"]["history"]
    assert (shown["removed"]["id"], shown["removed"]["title"]) == ("9mm", "9mm")
    day = shown["removed"]["removal"].split()[0]
    assert shown["removed"]["removal"] == f"{day} removed by me: a test"
    assert [(row["field"], row["value"]) for row in history] == [
        ("hand_icons", "1"), ("restriction", "2"), ("sets", "AT"), ("subtitle", "Kinman"),
        ("text", history[4]["value"]), ("title", "9mm"), ("type", "object"),
    ]  # fmt: skip
    assert all(row["superseded"].endswith("removed by me: a test") for row in history)
    text = invoke("card", "9mm", "--history", "--db", str(db))
    assert text.exit_code == 0
    assert text.stdout.startswith(f"9mm (9mm): removed on {day} by me: a test\n")
    assert len(text.stdout.splitlines()) == len(history) + 3  # head line, header, rule
    # without --history a removed card is not in the catalogue: not found
    missing = invoke("card", "9mm", "--json", "--db", str(db))
    assert missing.exit_code == 1 and json.loads(missing.stdout)["cards"] == []
    assert "removed" not in json.loads(missing.stdout)
    # the id of a card that never was is not found either, --history or not
    never = invoke("card", "no-such-card", "--history", "--json", "--db", str(db))
    assert never.exit_code == 1 and "removed" not in json.loads(never.stdout)


def test_a_sets_file_reports_the_sets_already_recorded(tmp_path):
    db = tmp_path / "new.sqlite"
    assert invoke("db", "init", str(db), "--from", str(version_6(tmp_path))).exit_code == 0
    sets = write(
        tmp_path / "sets.csv",
        "code,name,edition,released,source\n"
        "SE,Series Edition,1E,1995,https://example.org/sets\n"
        "ZZ,Zed Set,1E,,https://example.org/sets\n",
    )
    with closing(sqlite3.connect(db)) as conn:
        (series,) = conn.execute("SELECT name, edition, released FROM sets WHERE code = 'SE'")
    assert series == ("Series Edition", "1E", "1995")
    result = invoke("db", "import", str(sets), "--db", str(db))
    assert result.exit_code == 0, result.output
    assert said(result) == [
        f"read 2 sets into {db}: 1 new, 0 replaced, 1 already recorded with the same name "
        "and edition"
    ]
    again = invoke("db", "import", str(sets), "--db", str(db))
    assert said(again) == [
        f"read 2 sets into {db}: 0 new, 0 replaced, 2 already recorded with the same name "
        "and edition"
    ]
