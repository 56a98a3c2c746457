"""Import into a user catalogue: card rows, a fact sheet, legality facts or a whole exported
catalogue (merged into it: ``merge``), all rows or none. (``hlcg.curation.kinds`` tells
which one a file is and ``import_entry`` imports it; card rows and fact sheets are imported by
``card_rows`` and ``facts``, the research layouts by ``research``.)

The import works on a copy of the catalogue beside it and moves the copy into place only when
every row is valid and written. A failed import, or a process killed half-way, leaves the
original file byte-for-byte unchanged; readers of the original never see a partial state.

``groups`` are the tables other parts of hlcg keep in the catalogue (There Can Be Only One
hands in its own): an import reads and writes them with the cards, so none is lost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from hlcg.catalog import is_shipped
from hlcg.catalog.storage import TableGroup
from hlcg.curation.builder import replacing, write_catalogue
from hlcg.curation.bundle import Bundle, read_bundle
from hlcg.curation.exports import read_catalogue_export
from hlcg.curation.locking import writer_lock
from hlcg.curation.merging import Confirmed, FactChange
from hlcg.curation.models import FactHistoryRow, LegalityRow
from hlcg.curation.upsert import Conflict, Erased
from hlcg.errors import (
    ConflictError,
    ReadOnlyCatalogueError,
    SourceError,
    UsageError,
)

if TYPE_CHECKING:
    from hlcg.curation.kinds import ImportKind, ImportOptions

T = TypeVar("T")


@dataclass(frozen=True)
class ImportResult:
    added: int
    replaced: int  # cards replaced whole (an export, or card rows with --replace)
    total: int
    content_sha256: str
    facts: int = 0  # facts recorded from a fact sheet
    # Card rows merged into cards the catalogue holds (an upsert): what the merge did.
    merged: int = 0
    filled: int = 0  # facts the catalogue lacked, taken from the rows
    sources_added: int = 0
    overwritten: tuple[Conflict, ...] = ()  # recorded facts replaced (--overwrite)
    texts_kept: int = 0  # LackeyCCG texts that differ from the card's; the card's stays
    erased: tuple[Erased, ...] = ()  # recorded facts a whole-card replacement took away
    # A whole-catalogue import: rows of the other tables in the result.
    tables: tuple[tuple[str, int], ...] = ()
    legality: int = 0  # legality rows read from a legality sheet
    legality_confirmed: int = 0  # of them, facts already recorded with the same status
    # A card file's own columns: the aliases and legality facts its rows gave.
    card_aliases: int = 0
    card_legality: int = 0
    card_facts: int = 0
    # What the catalogue lacks to judge decks by the rows imported (a sentence each).
    warnings: tuple[str, ...] = ()
    facts_overwritten: int = 0  # recorded facts a fact sheet replaced (--overwrite)
    facts_known: int = 0  # of a fact sheet's facts, those recorded with the same value
    confirmed: tuple[Confirmed, ...] = ()  # recorded facts that gained a source
    # A merged export: values the catalogue had replaced (kept so), and values the export
    # had replaced (taken from it).
    kept: tuple[FactChange, ...] = ()
    taken: tuple[FactChange, ...] = ()
    changes: tuple[str, ...] | None = None  # a dry run: every change the import would make
    kind: str = ""  # the kind of file read (``hlcg.curation.kinds``)
    sets: int = 0  # sets recorded from a sets file
    sets_confirmed: int = 0  # of them, sets recorded with the same facts (sources added)
    # What the file holds that the catalogue does not record, a sentence each (a research
    # legality row about a whole format; a set already recorded with the same facts).
    notes: tuple[str, ...] = ()
    rows_read: int = 0  # card rows: the file's data rows (several may be one card's)
    rows_not_recorded: int = 0  # card rows naming several cards and stating nothing more
    unchanged: int = 0  # card rows: cards the catalogue held that the rows left as they were
    # card rows: cards left as they were but for a differing text (the catalogue's kept),
    # counted apart from ``unchanged``
    texts_kept_alone: int = 0


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


def import_legality(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
) -> ImportResult:
    """Record dated legality facts (legality.csv's columns) in ``db``."""
    from hlcg.curation.sources import csv_rows, read_legality, read_text

    rows = read_legality(source)  # the rows all validate: number them as the file does
    numbers = [number for number, _ in csv_rows(source, read_text(source))]
    return record_legality(
        source,
        db,
        options.groups,
        list(zip(numbers, rows, strict=True)),
        overwrite=options.overwrite,
    )


def record_legality(
    source: Path,
    db: Path,
    groups: Sequence[TableGroup],
    rows: Sequence[LegalityRow | tuple[int, LegalityRow]],
    before_write: Callable[[Bundle], None] | None = None,
    *,
    overwrite: bool = False,
) -> ImportResult:
    """Record ``rows`` (each with its row number, where the file has one) in ``db``; every
    row names a card of ``db``. A row for a card, format and date already recorded with the
    same status confirms it: the recorded fact stays as it is (its note, its inferred
    reasoning) and gains the row's source. Another status is a conflict, which refuses the
    import unless ``overwrite``; then the row replaces the fact and the fact replaced is
    kept in fact_history. ``before_write`` adds what else the file gave (a research
    sheet's printings), in the same write."""
    import datetime

    refuse_shipped(db)
    bundle = read_bundle(db, groups)
    numbered = [row if isinstance(row, tuple) else (0, row) for row in rows]
    ids = {c.id for c in bundle.cards}

    def where(number: int) -> str:
        return f"{source}: row {number}" if number else str(source)

    unknown = [(n, r) for n, r in numbered if r.card_id not in ids]
    if unknown:
        raise SourceError(
            [
                f"{where(n)}: {r.card_id!r} is not a card of {db} ({r.format}, {r.status})"
                for n, r in unknown
            ]
        )
    merged = _LegalityMerge(bundle.legality, f"{datetime.date.today().isoformat()} {source.name}")
    conflicts = [
        f"{where(number)}: {conflict}"
        for number, row in numbered
        if (conflict := merged.add(row, overwrite=overwrite))
    ]
    if conflicts:
        raise ConflictError(conflicts)
    bundle.legality = list(merged.recorded.values())
    bundle.fact_history = [*bundle.fact_history, *merged.history]
    if before_write is not None:
        before_write(bundle)
    write(db, bundle)
    return ImportResult(
        added=merged.added,
        replaced=merged.replaced,
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        legality=len(numbered),
        legality_confirmed=merged.confirmed,
    )


class _LegalityMerge:
    """Legality rows added to the recorded ones, one by one (``record_legality``)."""

    def __init__(self, legality: list[LegalityRow], label: str) -> None:
        self.recorded = {r.key: r for r in legality}
        self.label = label
        self.history: list[FactHistoryRow] = []
        self.added = self.replaced = self.confirmed = 0

    def add(self, row: LegalityRow, *, overwrite: bool) -> str | None:
        """Add ``row``; the conflict, when it states another status and not ``overwrite``."""
        from hlcg.curation.upsert import add_source

        had = self.recorded.get(row.key)
        if had is None:
            self.recorded[row.key] = row
            self.added += 1
        elif had.status == row.status:
            source = add_source(had.source, row.source)
            self.recorded[row.key] = had.model_copy(update={"source": source})
            self.confirmed += 1
        elif overwrite:
            shown = f"{had.format} {had.status}{' ' + had.date if had.date else ''}"
            self.history.append(
                FactHistoryRow(
                    card_id=had.card_id,
                    field="legality",
                    value=shown,
                    source=had.source,
                    inferred=had.inferred,
                    superseded=self.label,
                )
            )
            self.recorded[row.key] = row
            self.replaced += 1
        else:
            return (
                f"{row.card_id} {row.format} {row.date or '(no date)'}: the catalogue records "
                f"{had.status!r} (source: {had.source}), the file says {row.status!r} (source: "
                f"{row.source}); pass --overwrite to replace it"
            )
        return None


def import_catalogue(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
) -> ImportResult:
    """Merge a whole exported catalogue (folder, archive or JSON document) into ``db`` fact
    by fact (``hlcg.curation.merging``): a conflict refuses the whole import unless
    ``overwrite``."""
    import datetime

    from hlcg.curation.merging import merge_catalogues

    refuse_shipped(db)
    target = read_bundle(db, options.groups)
    incoming = read_catalogue_export(source, options.groups)
    label = f"{datetime.date.today().isoformat()} {source.name}"
    merged = merge_catalogues(target, incoming, label, overwrite=options.overwrite)
    if merged.conflicts or merged.legality_conflicts:
        raise ConflictError(
            [
                f"{source}: {c.card_id} {c.field}: the catalogue records {c.recorded!r} "
                f"(source: {c.recorded_source}), the export says {c.offered!r} (source: "
                f"{c.offered_source})"
                for c in merged.conflicts
            ]
            + [f"{source}: legality {line}" for line in merged.legality_conflicts]
        )
    write(db, merged.bundle)
    handed_in = [
        (group.name, sum(len(rows) for rows in tables.values()))
        for group, tables in incoming.group_rows()
    ]
    return ImportResult(
        added=merged.added,
        replaced=0,
        total=len(merged.bundle.cards),
        content_sha256=merged.bundle.content_sha256(),
        merged=merged.shared,
        filled=len(merged.filled),
        overwritten=tuple(merged.overwritten),
        confirmed=tuple(merged.confirmed),
        kept=tuple(merged.kept),
        taken=tuple(merged.taken),
        tables=(
            ("aliases", len(incoming.aliases)),
            ("sets", len(incoming.sets)),
            ("formats", len(incoming.formats)),
            ("legality", len(incoming.legality)),
            ("fact_sources", len(incoming.facts)),
            ("fact_history", len(incoming.fact_history)),
            *handed_in,
        ),
    )


def reference_tables(bundle: Bundle) -> Bundle:
    """The game's reference tables of ``bundle`` -- its formats and its sets with their
    editions -- without cards, aliases, legality facts or handed-in tables: what a
    catalogue needs before card rows can be judged by it."""
    return Bundle(
        sets=list(bundle.sets),
        formats=list(bundle.formats),
        data_version="0",
        inputs=[],
        groups=bundle.groups,
    )


def init(
    path: Path,
    start_from: Path | None,
    groups: Sequence[TableGroup],
    *,
    empty: bool = False,
) -> Bundle:
    """Create a catalogue at a path that does not exist yet.

    With ``start_from`` (an existing catalogue file): a copy of its rows, to extend without
    rebuilding. Without it: the shipped catalogue's reference tables (formats, sets and
    editions) and no cards, so card rows imported into it are judged as the shipped
    catalogue judges them; ``empty`` starts with no rows at all.
    """
    with writer_lock(path):
        return _init(path, start_from, groups, empty=empty)


def _init(
    path: Path, start_from: Path | None, groups: Sequence[TableGroup], *, empty: bool
) -> Bundle:
    from hlcg.catalog import shipped_path

    if path.exists() or path.is_symlink():
        raise UsageError(
            f"{path} already exists; hlcg db init will not overwrite it: add to it with "
            f"`hlcg db import FILE --db {path}`, or name a new file"
        )
    if start_from:
        bundle = read_bundle(start_from, groups)
    elif empty:
        bundle = Bundle(data_version="0", inputs=[], groups=tuple(groups))
    else:
        bundle = reference_tables(read_bundle(shipped_path(), groups))
    write(path, bundle)
    return bundle


def older_schema(path: Path) -> tuple[int, int] | None:
    """The schema version ``path`` records and this hlcg's, when the file's is older (a
    catalogue an import or `db init --from` upgrades, every row kept); None when it is
    current, or not a catalogue (the import itself says what is wrong with it)."""
    import sqlite3
    from contextlib import closing

    from hlcg.catalog.storage import SCHEMA_VERSION

    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as conn:
            found = conn.execute("SELECT value FROM meta WHERE key = 'schema_version'").fetchone()
        version = int(found[0])
    except (sqlite3.Error, OSError, ValueError, TypeError):
        return None
    return (version, SCHEMA_VERSION) if version < SCHEMA_VERSION else None
