"""Import into a user catalogue: card rows, a fact sheet, legality facts or a whole exported
catalogue, all rows or none.

The import works on a copy of the catalogue beside it and moves the copy into place only when
every row is valid and written. A failed import, or a process killed half-way, leaves the
original file byte-for-byte unchanged; readers of the original never see a partial state.

``groups`` are the tables other parts of hlcg keep in the catalogue (There Can Be Only One
hands in its own): an import reads and writes them with the cards, so none is lost.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from hlcg.catalog.build import replacing, write_catalogue
from hlcg.catalog.bundle import Bundle
from hlcg.catalog.merging import (
    Conflict,
    is_lackey_data,
    lackey_options,
    merge,
    merge_facts,
    shipped_sets,
)
from hlcg.catalog.models import CardRow, SetRow
from hlcg.catalog.reading import read_bundle
from hlcg.catalog.schema import TableGroup
from hlcg.catalog.store import is_shipped
from hlcg.errors import ReadOnlyCatalogueError, UsageError


@dataclass(frozen=True)
class ImportResult:
    added: int
    replaced: int
    total: int
    content_sha256: str
    facts: int = 0  # facts recorded from a fact sheet
    # LackeyCCG rows merged into cards the catalogue holds: what the merge did.
    merged: int = 0
    filled: int = 0  # facts the catalogue lacked, taken from the rows
    sources_added: int = 0
    conflicts: tuple[Conflict, ...] = ()
    texts_kept: int = 0  # card texts that differ from the row's; the catalogue's stays
    # A whole-catalogue import: rows of the other tables in the result.
    tables: tuple[tuple[str, int], ...] = ()
    legality: int = 0  # legality facts recorded from a legality sheet
    overwritten: int = 0  # recorded facts a fact sheet replaced (--overwrite)


def refuse_shipped(path: Path) -> None:
    if is_shipped(path):
        raise ReadOnlyCatalogueError(
            f"{path} is the shipped catalogue and is read-only. Work on a copy: "
            "`hlcg db init my.sqlite --from-shipped` (or copy the file), "
            "then `hlcg db import FILE --db my.sqlite`."
        )


def write(db: Path, bundle: Bundle) -> None:
    """Replace ``db`` with a catalogue holding ``bundle``, in one step."""
    with replacing(db) as temp:
        write_catalogue(temp, bundle)


@dataclass
class _Merged:
    """Card rows merged into a catalogue's cards, and what merging LackeyCCG rows did."""

    cards: dict[str, CardRow]
    filled: int = 0
    sources_added: int = 0
    texts_kept: int = 0
    conflicts: tuple[Conflict, ...] = ()


def _merge_rows(existing: dict[str, CardRow], rows: list[CardRow], lackey: bool) -> _Merged:
    """Whole rows replace the card of their id; LackeyCCG rows naming a card fill its gaps."""
    merged = _Merged(dict(existing))
    for row in rows:
        if not (lackey and row.id in existing):
            merged.cards[row.id] = row
            continue
        card, fields, differing = merge_facts(existing[row.id], row)
        merged.cards[row.id] = card
        merged.filled += len(fields)
        merged.sources_added += card.source != existing[row.id].source
        merged.texts_kept += sum(1 for c in differing if c.field == "text")
        merged.conflicts += tuple(c for c in differing if c.field != "text")
    return merged


def _add_sets(bundle: Bundle, rows: list[CardRow], source_name: str) -> None:
    """The sets imported rows name that the catalogue does not list yet: the shipped
    catalogue's row for a set it knows, else a placeholder naming the import."""
    known_sets = {s.code for s in bundle.sets}
    shipped = shipped_sets()
    for code in (code for row in rows for code in row.sets):
        if code in known_sets:
            continue
        placeholder = SetRow(
            code=code, name=code, edition="unknown", source=f"imported from {source_name}"
        )
        bundle.sets.append(shipped.get(code, placeholder))
        known_sets.add(code)


def import_rows(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool = False,
    default_source: str | None = None,
) -> ImportResult:
    """Validate every row of ``source`` and write them into ``db`` in one step.

    Rows of the card contract (CSV, JSON, JSONL) are whole cards and replace the card of
    their id. LackeyCCG rows state only some facts: a row naming a card the catalogue holds
    fills the facts it lacks and adds its source, and never erases a recorded fact.
    """
    from hlcg.catalog.sources import read_card_rows

    refuse_shipped(db)
    bundle = read_bundle(db, groups)  # also proves db is a readable catalogue before any work
    options = lackey_options(bundle, id_from_title=id_from_title, source=default_source)
    rows = read_card_rows(source, column_map, options)
    existing = {c.id: c for c in bundle.cards}
    replaced = sum(1 for r in rows if r.id in existing)
    lackey = is_lackey_data(source)
    merged = _merge_rows(existing, rows, lackey)
    _add_sets(bundle, rows, source.name)
    bundle.cards = list(merged.cards.values())
    if not lackey:  # a whole card row replaces the card, and the sources of its facts
        replacing_ids = {r.id for r in rows}
        bundle.facts = [f for f in bundle.facts if f.card_id not in replacing_ids]
    write(db, bundle)
    return ImportResult(
        added=len(rows) - replaced,
        replaced=0 if lackey else replaced,
        total=len(merged.cards),
        content_sha256=bundle.content_sha256(),
        merged=replaced if lackey else 0,
        filled=merged.filled,
        sources_added=merged.sources_added,
        conflicts=merged.conflicts,
        texts_kept=merged.texts_kept,
    )


# Enough to tell legality facts from card rows; a missing source is then a row error.
LEGALITY_COLUMNS = ("card_id", "format", "status")


def is_legality_sheet(path: Path) -> bool:
    """A CSV whose header has card_id, format and status (as legality.csv)."""
    from hlcg.catalog.sources import csv_header

    return all(c in csv_header(path) for c in LEGALITY_COLUMNS)


def import_legality(source: Path, db: Path, groups: Sequence[TableGroup]) -> ImportResult:
    """Record dated legality facts (legality.csv's columns) in ``db``: a row for a card,
    format and date already recorded replaces it; every row names a card of ``db``."""
    from hlcg.catalog.sources import read_legality
    from hlcg.errors import SourceError

    refuse_shipped(db)
    bundle = read_bundle(db, groups)
    rows = read_legality(source)
    ids = {c.id for c in bundle.cards}
    unknown = [r for r in rows if r.card_id not in ids]
    if unknown:
        raise SourceError(
            [
                f"{source}: {r.card_id!r} is not a card of {db} ({r.format}, {r.status})"
                for r in unknown
            ]
        )
    keys = {r.key for r in rows}
    replaced = sum(1 for r in bundle.legality if r.key in keys)
    bundle.legality = [r for r in bundle.legality if r.key not in keys] + rows
    write(db, bundle)
    return ImportResult(
        added=len(rows) - replaced,
        replaced=replaced,
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        legality=len(rows),
    )


def import_catalogue(source: Path, db: Path, groups: Sequence[TableGroup]) -> ImportResult:
    """Import a whole exported catalogue (folder, archive or JSON document) into ``db``."""
    from hlcg.catalog.transfer import read_catalogue_export

    refuse_shipped(db)
    target = read_bundle(db, groups)
    incoming = read_catalogue_export(source, groups)
    merged, added, replaced = merge(target, incoming)
    write(db, merged)
    handed_in = [
        (group.name, sum(len(rows) for rows in tables.values()))
        for group, tables in incoming.group_rows()
    ]
    return ImportResult(
        added=added,
        replaced=replaced,
        total=len(merged.cards),
        content_sha256=merged.content_sha256(),
        tables=(
            ("aliases", len(incoming.aliases)),
            ("sets", len(incoming.sets)),
            ("formats", len(incoming.formats)),
            ("legality", len(incoming.legality)),
            *handed_in,
        ),
    )


def init(path: Path, start_from: Path | None, groups: Sequence[TableGroup]) -> Bundle:
    """Create a catalogue at a path that does not exist yet: empty, or a copy of the
    rows of ``start_from`` (an existing catalogue file) to extend without rebuilding."""
    if path.exists():
        raise UsageError(f"{path} already exists; hlcg db init will not overwrite it")
    if start_from:
        bundle = read_bundle(start_from, groups)
    else:
        bundle = Bundle(data_version="0", inputs=[], groups=tuple(groups))
    write(path, bundle)
    return bundle


def import_any(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool = False,
    default_source: str | None = None,
    overwrite: bool = False,
) -> ImportResult:
    """Import a whole catalogue export, a fact sheet or card rows, whichever ``source`` is;
    ``overwrite`` lets a fact sheet replace recorded facts."""
    from hlcg.catalog.facts import import_facts, is_fact_sheet
    from hlcg.catalog.transfer import is_catalogue_export

    if not source.exists():
        raise UsageError(f"{source}: not found")
    if is_fact_sheet(source):
        return import_facts(source, db, groups, overwrite=overwrite)
    if overwrite:
        raise UsageError(
            f"--overwrite applies to a fact sheet (id,field,value,source), not to {source.name}"
        )
    card_row_options = bool(column_map or id_from_title or default_source)
    if is_catalogue_export(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to exports")
        return import_catalogue(source, db, groups)
    if is_legality_sheet(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to legality")
        return import_legality(source, db, groups)
    lackey_only = {"--map": column_map, "--id-from": id_from_title, "--source": default_source}
    given = [name for name, value in lackey_only.items() if value]
    if given and not is_lackey_data(source):
        raise UsageError(
            f"{', '.join(given)} apply to LackeyCCG card data (.tsv/.txt), not to {source.name}"
        )
    return import_rows(
        source,
        db,
        column_map,
        groups=groups,
        id_from_title=id_from_title,
        default_source=default_source,
    )
