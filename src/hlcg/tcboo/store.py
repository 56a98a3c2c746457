"""Read the There Can Be Only One tables of a catalogue."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlcg.catalog.store import connect
from hlcg.errors import CatalogueError
from hlcg.matching import Decision, decide
from hlcg.tcboo import SWORD_STATS

TABLES = ("tcboo_cards", "tcboo_immortals", "tcboo_swords", "tcboo_locations")
_BOOLEAN = {
    "decapitation",
    "interference",
    "negate_penalties",
    "look_at_hand",
    "removes_interference",
}


@dataclass
class TcbooData:
    cards: dict[str, dict[str, Any]] = field(default_factory=dict)
    immortals: dict[str, dict[str, Any]] = field(default_factory=dict)
    swords: dict[str, dict[str, Any]] = field(default_factory=dict)
    locations: dict[str, dict[str, Any]] = field(default_factory=dict)

    @staticmethod
    def decide(table: dict[str, dict[str, Any]], name: str) -> Decision:
        """What ``name`` means among a table's names (``hlcg.matching.decide``): exact,
        with or without spaces ("Longsword"), a part of one name ("kurgan"), or a confident
        near miss ("Connor MacLeod" -> seed 003's "Conner MacLeod")."""
        return decide(name, {key: (key,) for key in table})

    @classmethod
    def find(cls, table: dict[str, dict[str, Any]], name: str) -> dict[str, Any] | None:
        """By exact or normalised name (spaces optional), else by a part of one name; a
        near miss is not taken (a sheet says what it means: its checks suggest instead)."""
        decision = cls.decide(table, name)
        if decision.how in ("exact", "partial"):
            return table[decision.ids[0]]
        return None

    def sword_stat(self, stat: str) -> bool:
        return stat in SWORD_STATS


def _row(row: sqlite3.Row) -> dict[str, Any]:
    data = dict(row)
    for key in _BOOLEAN & data.keys():
        data[key] = bool(data[key])
    return data


def load(path: Path) -> TcbooData:
    conn = connect(path)
    try:
        present = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        missing = [t for t in TABLES if t not in present]
        if missing:
            raise CatalogueError(
                f"{path} has no There Can Be Only One tables; rebuild it with `hlcg db build`"
            )
        data = TcbooData()
        for table, target in zip(
            TABLES, (data.cards, data.immortals, data.swords, data.locations), strict=True
        ):
            # `table` is one of our own constant names, never user input.
            for row in conn.execute(f"SELECT * FROM {table} ORDER BY rowid"):
                target[row["name"]] = _row(row)
    except sqlite3.DatabaseError as exc:
        raise CatalogueError(f"{path} is corrupt ({exc})") from None
    finally:
        conn.close()
    return data
