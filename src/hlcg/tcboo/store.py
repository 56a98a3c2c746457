"""Read the There Can Be Only One tables of a catalogue into typed records."""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from hlcg.catalog import Match, connect, judge_match
from hlcg.errors import CatalogueError
from hlcg.tcboo.records import RECORDS, Card, Immortal, Location, Sword

R = TypeVar("R")


@dataclass
class TcbooData:
    """The four tables, each by name in the catalogue's row order."""

    cards: dict[str, Card] = field(default_factory=dict)
    immortals: dict[str, Immortal] = field(default_factory=dict)
    swords: dict[str, Sword] = field(default_factory=dict)
    locations: dict[str, Location] = field(default_factory=dict)

    @staticmethod
    def decide(table: Mapping[str, object], name: str) -> Match:
        """What ``name`` means among a table's names (``hlcg.catalog.judge_match``): exact,
        with or without spaces ("Longsword"), a part of one name ("kurgan"), or a confident
        near miss ("Connor MacLeod" -> seed 003's "Conner MacLeod")."""
        return judge_match(name, {key: (key,) for key in table})

    @classmethod
    def find(cls, table: Mapping[str, R], name: str) -> R | None:
        """By exact or normalised name (spaces optional), else by a part of one name; a
        near miss is not taken (a sheet says what it means: its checks suggest instead)."""
        decision = cls.decide(table, name)
        if decision.how in ("exact", "partial"):
            return table[decision.ids[0]]
        return None


def _boolean_fields(record: type[Any]) -> frozenset[str]:
    return frozenset(name for name, kind in record.__annotations__.items() if kind is bool)


_BOOLEAN = {table: _boolean_fields(record) for table, record in RECORDS.items()}


def _records(conn: sqlite3.Connection, table: str) -> dict[str, Any]:
    record, flags = RECORDS[table], _BOOLEAN[table]
    rows: dict[str, Any] = {}
    # `table` is one of our own constant names, never user input.
    for row in conn.execute(f"SELECT * FROM {table} ORDER BY rowid"):
        values = {name: bool(row[name]) if name in flags else row[name] for name in record._fields}
        rows[row["name"]] = record(**values)
    return rows


def _missing_tables(conn: sqlite3.Connection) -> list[str]:
    """The There Can Be Only One tables the catalogue lacks or holds no rows of."""
    present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    # `table` is one of our own constant names, never user input.
    return [
        table
        for table in RECORDS
        if table not in present or conn.execute(f"SELECT 1 FROM {table} LIMIT 1").fetchone() is None
    ]


def load(path: Path) -> TcbooData:
    """The four tables of ``path``. A catalogue without them (an older one, one made by
    `db init`, one whose tables were dropped) is refused: judging a sheet against empty
    tables would call every sword and location unknown."""
    conn = connect(path)
    try:
        missing = _missing_tables(conn)
        if missing:
            raise CatalogueError(
                f"{path} holds no There Can Be Only One tables ({', '.join(missing)} missing "
                "or empty), so it cannot answer for that game; use the shipped catalogue "
                "(leave out --db), start one with `hlcg db init my.sqlite --from-shipped`, "
                "or import a whole export that holds them"
            )
        return TcbooData(
            cards=_records(conn, "tcboo_cards"),
            immortals=_records(conn, "tcboo_immortals"),
            swords=_records(conn, "tcboo_swords"),
            locations=_records(conn, "tcboo_locations"),
        )
    except (sqlite3.DatabaseError, IndexError) as exc:
        raise CatalogueError(f"{path} is corrupt ({exc})") from None
    finally:
        conn.close()
