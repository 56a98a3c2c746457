"""Import into a user catalogue: card rows, a fact sheet, legality facts or a whole exported
catalogue, all rows or none.

The import works on a copy of the catalogue beside it and moves the copy into place only when
every row is valid and written. A failed import, or a process killed half-way, leaves the
original file byte-for-byte unchanged; readers of the original never see a partial state.

``groups`` are the tables other parts of hlcg keep in the catalogue (There Can Be Only One
hands in its own): an import reads and writes them with the cards, so none is lost.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hlcg.catalog.build import replacing, write_catalogue
from hlcg.catalog.bundle import Bundle
from hlcg.catalog.lackey import LackeyOptions
from hlcg.catalog.merging import is_lackey_data, lackey_options, merge, shipped_sets
from hlcg.catalog.models import CardRow, SetRow
from hlcg.catalog.reading import read_bundle
from hlcg.catalog.schema import TableGroup
from hlcg.catalog.sources import ImportedRow
from hlcg.catalog.store import is_shipped
from hlcg.catalog.upsert import Change, Conflict, Erased, attribute, erased, upsert
from hlcg.errors import (
    CatalogueError,
    ConflictError,
    ReadOnlyCatalogueError,
    SourceError,
    UsageError,
)


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
    legality: int = 0  # legality facts recorded from a legality sheet
    # A card file's own columns: the aliases and legality facts its rows gave.
    card_aliases: int = 0
    card_legality: int = 0
    card_facts: int = 0
    # What the catalogue lacks to judge decks by the rows imported (a sentence each).
    warnings: tuple[str, ...] = ()
    facts_overwritten: int = 0  # recorded facts a fact sheet replaced (--overwrite)


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
    """Card rows merged into a catalogue's cards, and what merging them did."""

    cards: dict[str, CardRow]
    merged: int = 0
    filled: int = 0
    sources_added: int = 0
    texts_kept: int = 0
    conflicts: list[Conflict] = field(default_factory=list)
    overwritten: list[Conflict] = field(default_factory=list)
    erased: list[Erased] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


def _backed(conflict: Conflict, own: Mapping[tuple[str, str], str]) -> Conflict:
    """``conflict`` naming the recorded fact's own source, where it has one."""
    source = own.get((conflict.card_id, conflict.field))
    return dataclasses.replace(conflict, recorded_source=source) if source else conflict


def _upsert_rows(
    existing: dict[str, CardRow],
    rows: list[ImportedRow],
    own: Mapping[tuple[str, str], str],
    *,
    overwrite: bool,
    lackey: bool,
) -> _Merged:
    """A row of a new id is a new card; a row naming a card changes the facts it states.
    ``own``: the facts' own sources by (card id, field), which a conflict names in place
    of the card row's."""
    merged = _Merged(dict(existing))
    for row in rows:
        card = existing.get(row.card.id)
        if card is None:
            merged.cards[row.card.id] = row.card
            continue
        done = upsert(
            card, row.card, row.stated, number=row.number, overwrite=overwrite, keep_text=lackey
        )
        merged.cards[card.id] = done.card
        merged.merged += 1
        merged.filled += len(done.filled)
        merged.changes.append(Change(card, done, row.card.source))
        merged.texts_kept += done.text_kept
        done.conflicts = [_backed(c, own) for c in done.conflicts]
        done.overwritten = [_backed(c, own) for c in done.overwritten]
        merged.conflicts += done.conflicts
        merged.overwritten += done.overwritten
    return merged


def _replace_rows(existing: dict[str, CardRow], rows: list[ImportedRow]) -> _Merged:
    """--replace: every row is the whole card of its id; the facts it drops are listed."""
    merged = _Merged(dict(existing))
    for row in rows:
        if row.card.id in existing:
            merged.merged += 1
            merged.erased += erased(existing[row.card.id], row.card)
        merged.cards[row.card.id] = row.card
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


def _read_rows(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None,
    options: LackeyOptions,
    known: Mapping[str, CardRow],
) -> list[ImportedRow]:
    """The rows of ``source``; for LackeyCCG data that lacks what only options give, the
    error ends with the whole command that would read it."""
    from hlcg.catalog.lackey import lackey_header, lackey_hint
    from hlcg.catalog.sources import read_import_rows, read_text

    try:
        return read_import_rows(source, column_map, options, known=known)
    except SourceError as exc:
        if not is_lackey_data(source):
            raise
        header = lackey_header(read_text(source))
        hint = lackey_hint(source, db, header, column_map, options)
        raise SourceError(exc.errors, hint) from None


def _merged_into(
    bundle: Bundle, rows: list[ImportedRow], source: Path, *, overwrite: bool, replace: bool
) -> _Merged:
    """``rows`` merged into ``bundle``'s cards (all, or a ConflictError and nothing), with
    the sets they name and the sources of the facts they changed."""
    existing = {c.id: c for c in bundle.cards}
    if replace:
        merged = _replace_rows(existing, rows)
    else:
        own = {(f.card_id, f.field): f.source for f in bundle.facts if f.field != "sets"}
        lackey = is_lackey_data(source)
        merged = _upsert_rows(existing, rows, own, overwrite=overwrite, lackey=lackey)
    if merged.conflicts:
        raise ConflictError([c.describe(str(source)) for c in merged.conflicts])
    _add_sets(bundle, [r.card for r in rows], source.name)
    bundle.cards = list(merged.cards.values())
    if replace:  # a whole card takes the place of the card and of its facts' sources
        replacing_ids = {r.card.id for r in rows}
        bundle.facts = [f for f in bundle.facts if f.card_id not in replacing_ids]
    else:
        label = f"{datetime.date.today().isoformat()} {source.name}"
        bundle.facts, bundle.fact_history, merged.sources_added = attribute(
            bundle.facts, bundle.fact_history, merged.changes, label
        )
    return merged


def import_rows(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool = False,
    default_source: str | None = None,
    overwrite: bool = False,
    replace: bool = False,
    before_write: Callable[[Bundle], None] | None = None,
) -> ImportResult:
    """Validate every row of ``source`` and write them into ``db`` in one step.

    A row whose id is new is a whole card. A row naming a card the catalogue holds changes
    the facts it states and keeps the rest; where it states another value for a recorded
    fact nothing is written (every conflict raised at once) unless ``overwrite``.
    ``replace``: every row is the whole card of its id, and the facts it erases are listed.
    ``before_write`` adds what else the file gave (a card file's aliases and legality).
    """
    refuse_shipped(db)
    bundle = read_bundle(db, groups)  # also proves db is a readable catalogue before any work
    options = lackey_options(bundle, id_from_title=id_from_title, source=default_source)
    existing = {c.id: c for c in bundle.cards}
    rows = _read_rows(source, db, column_map, options, {} if replace else existing)
    merged = _merged_into(bundle, rows, source, overwrite=overwrite, replace=replace)
    if before_write is not None:
        before_write(bundle)
    write(db, bundle)
    return ImportResult(
        added=len(rows) - merged.merged,
        replaced=merged.merged if replace else 0,
        total=len(merged.cards),
        content_sha256=bundle.content_sha256(),
        merged=0 if replace else merged.merged,
        filled=merged.filled,
        sources_added=merged.sources_added,
        overwritten=tuple(merged.overwritten),
        texts_kept=merged.texts_kept,
        erased=tuple(merged.erased),
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
    from hlcg.catalog.store import shipped_path

    if path.exists():
        raise UsageError(f"{path} already exists; hlcg db init will not overwrite it")
    if start_from:
        bundle = read_bundle(start_from, groups)
    elif empty:
        bundle = Bundle(data_version="0", inputs=[], groups=tuple(groups))
    else:
        bundle = reference_tables(read_bundle(shipped_path(), groups))
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
    replace: bool = False,
) -> ImportResult:
    """Import a whole catalogue export, a fact sheet or card rows, whichever ``source`` is;
    ``overwrite`` lets a fact sheet replace recorded facts."""
    from hlcg.catalog.facts import import_facts, is_fact_sheet
    from hlcg.catalog.transfer import is_catalogue_export

    if not source.exists():
        raise UsageError(f"{source}: not found")
    if not db.exists():
        raise CatalogueError(
            f"catalogue not found: {db}; start one with `hlcg db init {db} --from-shipped`"
        )
    if is_fact_sheet(source):
        if replace:
            raise UsageError("--replace applies to card rows, not to a fact sheet")
        return import_facts(source, db, groups, overwrite=overwrite)
    card_row_options = bool(column_map or id_from_title or default_source)
    if (overwrite or replace) and (is_catalogue_export(source) or is_legality_sheet(source)):
        raise UsageError(
            f"--overwrite and --replace apply to card rows and fact sheets, not to {source.name}"
        )
    if is_catalogue_export(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to exports")
        return import_catalogue(source, db, groups)
    if is_legality_sheet(source):
        if card_row_options:
            raise UsageError("--map, --id-from and --source apply to card rows, not to legality")
        return import_legality(source, db, groups)
    _check_card_row_options(source, column_map, id_from_title, default_source, replace)
    return import_card_file(
        source,
        db,
        column_map,
        groups=groups,
        id_from_title=id_from_title,
        default_source=default_source,
        overwrite=overwrite,
        replace=replace,
    )


def missing_reference_tables(db: Path, bundle: Bundle) -> tuple[str, ...]:
    """A warning when ``bundle`` has no formats: no deck can be judged by its cards."""
    if bundle.formats:
        return ()
    return (
        f"{db} records no formats or editions, so no deck can be judged by it: card rows "
        "bring no formats or sets; import a whole export (a folder, .zip or .json) or start "
        "with `hlcg db init my.sqlite --from-shipped`",
    )


def import_card_file(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None = None,
    *,
    groups: Sequence[TableGroup],
    id_from_title: bool = False,
    default_source: str | None = None,
    overwrite: bool = False,
    replace: bool = False,
) -> ImportResult:
    """``import_rows`` of a card file, with the aliases and legality facts its rows give
    (``hlcg.catalog.cardfile``) written in the same step, and a warning when the
    catalogue has no formats to judge its cards by."""
    from hlcg.catalog.cardfile import split_card_file

    warnings: tuple[str, ...] = ()

    with split_card_file(source) as (rows, companions):

        def before_write(bundle: Bundle) -> None:
            nonlocal warnings
            if companions.errors:
                raise SourceError(companions.errors)
            companions.add_to(bundle)
            warnings = missing_reference_tables(db, bundle)

        try:
            result = import_rows(
                rows,
                db,
                column_map,
                groups=groups,
                id_from_title=id_from_title,
                default_source=default_source,
                overwrite=overwrite,
                replace=replace,
                before_write=before_write,
            )
        except SourceError as exc:
            if not companions.errors or exc.errors == companions.errors:
                raise
            # every error at once: the rows' own, then the two columns'
            raise SourceError([*exc.errors, *companions.errors], exc.hint) from None
    return dataclasses.replace(
        result,
        card_aliases=len(companions.aliases),
        card_legality=len(companions.legality),
        card_facts=len(companions.facts),
        warnings=warnings,
    )


def _check_card_row_options(
    source: Path,
    column_map: Mapping[str, str] | None,
    id_from_title: bool,
    default_source: str | None,
    replace: bool,
) -> None:
    lackey_only = {"--map": column_map, "--id-from": id_from_title, "--source": default_source}
    given = [name for name, value in lackey_only.items() if value]
    if given and not is_lackey_data(source):
        raise UsageError(
            f"{', '.join(given)} apply to LackeyCCG card data (.tsv/.txt), not to {source.name}"
        )
    if replace and is_lackey_data(source):
        raise UsageError(
            "--replace applies to whole card rows (.csv, .json, .jsonl); LackeyCCG rows "
            "state only some facts of a card"
        )
