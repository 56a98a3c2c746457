"""Read a catalogue file back into a Bundle: the rows it was written from, validated with
the contract models, so that an import or an export can write them again."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from pathlib import Path

from pydantic import BaseModel

from hlcg.catalog import TableGroup, connect, decode_card, decode_list
from hlcg.curation.bundle import Bundle
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _group_rows(
    conn: sqlite3.Connection, groups: Sequence[TableGroup]
) -> dict[str, list[BaseModel]]:
    present = _tables(conn)
    return {
        # table names come from the groups handed in, never from input
        table: [model.model_validate(dict(r)) for r in conn.execute(f"SELECT * FROM {table}")]
        for group in groups
        for table, model in group.models.items()
        if table in present
    }


def _legality_rows(conn: sqlite3.Connection) -> list[LegalityRow]:
    """The sourced legality facts; none in a catalogue older than schema version 4, whose
    legality table was derived from the cards' formats."""
    columns = {r[1] for r in conn.execute("PRAGMA table_info(legality)")}
    if "source" not in columns:
        return []
    return [
        LegalityRow.model_validate(dict(r))
        for r in conn.execute("SELECT * FROM legality ORDER BY card_id, format, date")
    ]


def _fact_rows(conn: sqlite3.Connection) -> tuple[list[FactSourceRow], list[FactHistoryRow]]:
    """The per-fact sources and replaced facts; none in a catalogue older than schema
    version 5."""
    present = _tables(conn)
    facts = (
        [
            FactSourceRow.model_validate(dict(r))
            for r in conn.execute("SELECT * FROM fact_sources ORDER BY card_id, field, value")
        ]
        if "fact_sources" in present
        else []
    )
    history = (
        [FactHistoryRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM fact_history")]
        if "fact_history" in present
        else []
    )
    return facts, history


def read_bundle(path: Path, groups: Sequence[TableGroup]) -> Bundle:
    """Everything a catalogue file holds, validated with the contract models; ``groups``
    are the handed-in tables to read beside the cards."""
    conn = connect(path, upgrading=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        cards = [
            CardRow.model_validate(decode_card(dict(row)))
            for row in conn.execute("SELECT * FROM cards ORDER BY id")
        ]
        aliases = [
            AliasRow(alias=r["alias"], card_id=r["card_id"], source=r["source"])
            for r in conn.execute("SELECT * FROM aliases ORDER BY alias")
        ]
        sets = [SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")]
        formats = [
            FormatRow.model_validate(
                {**dict(r), "checked": bool(r["checked"]), "editions": decode_list(r["editions"])}
            )
            for r in conn.execute("SELECT * FROM formats")
        ]
        legality = _legality_rows(conn)
        facts, history = _fact_rows(conn)
        side = _group_rows(conn, groups)
    finally:
        conn.close()
    return Bundle(
        cards=cards,
        aliases=aliases,
        sets=sets,
        formats=formats,
        legality=legality,
        facts=facts,
        fact_history=history,
        data_version=meta.get("data_version", "0"),
        inputs=[{"file": "(imported)", "sha256": meta.get("content_sha256", "")}],
        groups=tuple(groups),
        side=side,
    )


def shipped_sets() -> dict[str, SetRow]:
    """The shipped catalogue's sets by code (empty when it cannot be read): the sets a
    fresh catalogue does not list yet."""
    from hlcg.catalog import shipped_path
    from hlcg.errors import CatalogueError

    try:
        conn = connect(shipped_path())
    except CatalogueError:
        return {}
    try:
        return {
            r["code"]: SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")
        }
    finally:
        conn.close()
