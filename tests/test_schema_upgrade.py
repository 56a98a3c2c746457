"""Schema version 7 (issue 33 point 11: `cards.name`, the lookup columns in `_card_keys` and
`_alias_keys`) and a catalogue an older hlcg wrote: refused with the way to upgrade it, then
upgraded by an import or a copy without losing a row.

The version 6 catalogue is tests/catalogues/schema-6.sql: written by the hlcg of schema
version 6 from the shipped rows, dumped as SQL (its header says how it was made)."""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from conftest import ROOT
from curator_cli import invoke, write
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
        upgraded = old
    else:
        upgraded = tmp_path / "new.sqlite"
        result = invoke("db", "init", str(upgraded), "--from", str(old))
        assert result.exit_code == 0, result.output
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
