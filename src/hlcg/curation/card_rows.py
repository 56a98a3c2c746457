"""Card rows into a user catalogue: CSV, JSON and JSONL card files (with their aliases,
legality facts and fact sources) and LackeyCCG card data, all rows or none.

A row whose id is new is a whole card; a row naming a card the catalogue holds changes the
facts it states and keeps the rest, as ``sqlite-utils upsert`` does (``hlcg.curation.upsert``).
A row stating another value for a recorded fact is a conflict unless the curator overwrites,
and every fact a row fills or overwrites gets the row's source as its own.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from hlcg.catalog import TableGroup
from hlcg.curation.bundle import Bundle, read_bundle, shipped_sets
from hlcg.curation.importer import ImportResult, refuse_shipped, write
from hlcg.curation.lackey import (
    LackeyOptions,
    is_lackey_data,
    lackey_header,
    lackey_hint,
    lackey_options,
    read_lackey_rows,
)
from hlcg.curation.models import CardRow, SetRow
from hlcg.curation.sources import ImportedRow, read_import_rows, read_text
from hlcg.curation.upsert import (
    Change,
    Conflict,
    Erased,
    add_source,
    attribute,
    erased,
    upsert,
)
from hlcg.errors import ConflictError, SourceError, UsageError


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
    unknown_sets: list[str] = field(default_factory=list)


def _upsert_rows(
    existing: dict[str, CardRow],
    rows: list[ImportedRow],
    own: Mapping[str, Mapping[str, str]],
    *,
    overwrite: bool,
    lackey: bool,
) -> _Merged:
    """A row of a new id is a new card; a row naming a card changes the facts it states.
    ``own``: the facts' own sources by card id and field, which a conflict names in place
    of the card row's."""
    merged = _Merged(dict(existing))
    for row in rows:
        card = existing.get(row.card.id)
        if card is None:
            merged.cards[row.card.id] = row.card
            continue
        done = upsert(
            card,
            row.card,
            row.stated,
            number=row.number,
            overwrite=overwrite,
            keep_text=lackey,
            own_sources=own.get(card.id, {}),
            cleared=row.cleared,
        )
        merged.cards[card.id] = done.card
        merged.merged += 1
        merged.filled += len(done.filled)
        merged.changes.append(Change(card, done, row.card.source))
        merged.texts_kept += done.text_kept
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


def _add_sets(bundle: Bundle, rows: list[CardRow], source_name: str) -> list[str]:
    """The sets imported rows name that the catalogue does not list yet: the shipped
    catalogue's row for a set it knows, else a placeholder naming the import. Returns the
    placeholders' codes (a set nobody lists may be a misspelt name)."""
    known_sets = {s.code for s in bundle.sets}
    shipped = shipped_sets()
    placeholders: list[str] = []
    for code in (code for row in rows for code in row.sets):
        if code in known_sets:
            continue
        placeholder = SetRow(
            code=code, name=code, edition="unknown", source=f"imported from {source_name}"
        )
        if code not in shipped:
            placeholders.append(code)
        bundle.sets.append(shipped.get(code, placeholder))
        known_sets.add(code)
    return placeholders


def _read_rows(
    source: Path,
    db: Path,
    column_map: Mapping[str, str] | None,
    options: LackeyOptions,
    known: Mapping[str, CardRow],
) -> list[ImportedRow]:
    """The rows of ``source``; for LackeyCCG data that lacks what only options give, the
    error ends with the whole command that would read it."""
    if not is_lackey_data(source):
        return read_import_rows(source, known=known)
    try:
        return read_lackey_rows(source, column_map, options, known=known)
    except SourceError as exc:
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
        own: dict[str, dict[str, str]] = {}
        for fact in bundle.facts:
            if fact.field != "sets":  # printings are added, never in conflict
                have = own.setdefault(fact.card_id, {})
                have[fact.field] = add_source(have.get(fact.field, ""), fact.source)
        lackey = is_lackey_data(source)
        merged = _upsert_rows(existing, rows, own, overwrite=overwrite, lackey=lackey)
    if merged.conflicts:
        raise ConflictError([c.describe(str(source)) for c in merged.conflicts])
    merged.unknown_sets = _add_sets(bundle, [r.card for r in rows], source.name)
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
        warnings=tuple(
            f"{code!r} is a set neither {db.name} nor the shipped catalogue lists; it was "
            "added with edition unknown, so it places no card in a format: check its "
            "spelling (`hlcg sets`), or record its edition in a sets.csv of a whole export"
            for code in merged.unknown_sets
        ),
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
    (``hlcg.curation.cardfile``) written in the same step, and a warning when the
    catalogue has no formats to judge its cards by."""
    from hlcg.curation.cardfile import split_card_file

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
        warnings=(*result.warnings, *warnings),
    )


def check_card_row_options(
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
