"""Import card rows into a user catalogue: all rows or none.

The import works on a copy of the catalogue beside it and moves the copy into place only when
every row is valid and written. A failed import, or a process killed half-way, leaves the
original file byte-for-byte unchanged; readers of the original never see a partial state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from hlcg.catalog.build import Bundle, replacing, write_catalogue
from hlcg.catalog.models import AliasRow, CardRow, FormatRow, SetRow
from hlcg.catalog.store import connect, is_shipped
from hlcg.errors import ReadOnlyCatalogueError, UsageError
from hlcg.tcboo.models import TABLES as TCBOO_TABLES


@dataclass(frozen=True)
class ImportResult:
    added: int
    replaced: int
    total: int
    content_sha256: str


def read_bundle(path: Path) -> Bundle:
    """Everything a catalogue file holds, validated with the contract models."""
    conn = connect(path, upgrading=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        cards = []
        for row in conn.execute("SELECT * FROM cards ORDER BY id"):
            data = {k: row[k] for k in CardRow.model_fields}
            for flag in ("reserved", "signature", "unique"):
                if data[flag] is not None:
                    data[flag] = bool(data[flag])
            cards.append(CardRow.model_validate(data))
        aliases = [
            AliasRow(alias=r["alias"], card_id=r["card_id"], source=r["source"])
            for r in conn.execute("SELECT * FROM aliases ORDER BY alias")
        ]
        sets = [SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")]
        formats = [
            FormatRow.model_validate({**dict(r), "checked": bool(r["checked"])})
            for r in conn.execute("SELECT * FROM formats")
        ]
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
        tcboo = {
            table: [model.model_validate(dict(r)) for r in conn.execute(f"SELECT * FROM {table}")]
            for table, model in TCBOO_TABLES.items()
            if table in tables  # table names come from our own constant, never from input
        }
    finally:
        conn.close()
    return Bundle(
        cards=cards,
        aliases=aliases,
        sets=sets,
        formats=formats,
        data_version=meta.get("data_version", "0"),
        inputs=[{"file": "(imported)", "sha256": meta.get("content_sha256", "")}],
        tcboo=tcboo,
    )


def refuse_shipped(path: Path) -> None:
    if is_shipped(path):
        raise ReadOnlyCatalogueError(
            f"{path} is the shipped catalogue and is read-only. Work on a copy: "
            "`hlcg db init my.sqlite` (or copy the file), "
            "then `hlcg db import FILE --db my.sqlite`."
        )


def import_rows(
    source: Path, db: Path, column_map: Mapping[str, str] | None = None
) -> ImportResult:
    """Validate every row of ``source`` and upsert them into ``db`` in one step."""
    from hlcg.catalog.sources import read_card_rows

    refuse_shipped(db)
    bundle = read_bundle(db)  # also proves db is a readable catalogue before any work
    rows = read_card_rows(source, column_map)
    existing = {c.id: c for c in bundle.cards}
    replaced = sum(1 for r in rows if r.id in existing)
    merged: dict[str, CardRow] = {**existing, **{r.id: r for r in rows}}
    known_sets = {s.code for s in bundle.sets}
    for row in rows:
        for code in row.sets:
            if code not in known_sets:
                # Imported rows may name sets the catalogue does not list yet.
                bundle.sets.append(
                    SetRow(
                        code=code,
                        name=code,
                        edition="unknown",
                        source=f"imported from {source.name}",
                    )
                )
                known_sets.add(code)
    bundle.cards = list(merged.values())
    with replacing(db) as temp:
        write_catalogue(temp, bundle)
    return ImportResult(
        added=len(rows) - replaced,
        replaced=replaced,
        total=len(merged),
        content_sha256=bundle.content_sha256(),
    )


def init(path: Path) -> Bundle:
    """Create an empty catalogue (no cards) at a path that does not exist yet."""
    if path.exists():
        raise UsageError(f"{path} already exists; hlcg db init will not overwrite it")
    bundle = Bundle(data_version="0", inputs=[])
    with replacing(path) as temp:
        write_catalogue(temp, bundle)
    return bundle
