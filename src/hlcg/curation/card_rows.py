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
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hlcg.catalog.storage import GEM_FIELDS
from hlcg.curation.bundle import Bundle, read_bundle, shipped_sets
from hlcg.curation.column_maps import lackey_hint
from hlcg.curation.importer import ImportResult, refuse_shipped, write
from hlcg.curation.kinds import ImportKind, ImportOptions
from hlcg.curation.lackey import (
    LackeyOptions,
    lackey_header,
    lackey_options,
    read_lackey_rows,
)
from hlcg.curation.models import CardRow
from hlcg.curation.set_cells import SetNames
from hlcg.curation.sources import ImportedRow, RowProblems, read_import_rows, read_text
from hlcg.curation.upsert import (
    Change,
    Conflict,
    Erased,
    add_source,
    attribute,
    erased,
    superseded,
    upsert,
)
from hlcg.errors import ConflictError, SourceError


@dataclass
class _Merged:
    """Card rows merged into a catalogue's cards, and what merging them did."""

    cards: dict[str, CardRow]
    merged: int = 0
    filled: int = 0
    sources_added: int = 0
    texts_kept: int = 0
    # The rows whose text differs from the card's (row number, card id): the card's stays.
    kept_texts: list[tuple[int, str]] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    overwritten: list[Conflict] = field(default_factory=list)
    erased: list[Erased] = field(default_factory=list)
    changes: list[Change] = field(default_factory=list)


def _upsert_rows(
    existing: dict[str, CardRow],
    rows: list[ImportedRow],
    own: Mapping[str, Mapping[str, str]],
    *,
    overwrite: bool,
    keep_text: bool,
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
            keep_text=keep_text,
            own_sources=own.get(card.id, {}),
            cleared=row.cleared,
        )
        merged.cards[card.id] = done.card
        merged.merged += 1
        merged.filled += len(done.filled)
        merged.changes.append(Change(card, done, row.card.source))
        merged.texts_kept += done.text_kept
        if done.text_kept:
            merged.kept_texts.append((row.number, card.id))
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


def set_names(bundle: Bundle) -> SetNames:
    """What a set cell may name: the sets the catalogue lists, by code and name, and the
    names deck programs write for them (``set_names.csv``). Only those: a card row never
    brings a set in (a sets file or a whole export does), so no printing names a set the
    catalogue lacks."""
    from hlcg.curation.lackey import source_set_names

    codes = frozenset(s.code for s in bundle.sets)
    listed = {name: code for name, code in source_set_names().items() if code in codes}
    own = SetNames.of((), {s.name: s.code for s in bundle.sets}).names
    return SetNames(codes, {**listed, **own})


def _gemless_editions(rows: list[ImportedRow], bundle: Bundle) -> dict[int, tuple[set[str], set]]:
    """For each row (by number) of a card printed only in editions that print no gems
    (seed 001 has none; seed 002, Attribute Gems): its set codes and their editions."""
    from hlcg.curation.bounds import GEM_EDITIONS

    editions = {s.code: s.edition for s in [*shipped_sets().values(), *bundle.sets]}
    existing = {c.id: c for c in bundle.cards}
    gemless: dict[int, tuple[set[str], set]] = {}
    for row in rows:
        have = existing.get(row.card.id)
        codes = {*row.card.sets, *(have.sets if have else ())}
        printed = {editions.get(code) for code in codes}
        if codes and not printed & set(GEM_EDITIONS):
            gemless[row.number] = (codes, printed)
    return gemless


def _gems_off_gemless_cards(
    rows: list[ImportedRow], gemless: Mapping[int, tuple[set[str], set]], notes: list[str]
) -> list[ImportedRow]:
    """A gem count stated for a card printed only in editions that print no gems is not
    recorded: each is named in ``notes``."""
    kept: list[ImportedRow] = []
    for row in rows:
        gems = {
            name: getattr(row.card, name)
            for name in GEM_FIELDS
            if name in row.stated and getattr(row.card, name) is not None
        }
        if not gems or row.number not in gemless:
            kept.append(row)
            continue
        codes, printed = gemless[row.number]
        stated = ", ".join(f"{name} {value}" for name, value in gems.items())
        notes.append(
            f"row {row.number}: {row.card.id} is printed only in {', '.join(sorted(codes))} "
            f"({'/'.join(sorted(str(e) for e in printed))}), whose cards print no gems: "
            f"{stated} not recorded"
        )
        card = row.card.model_copy(update=dict.fromkeys(gems))
        kept.append(dataclasses.replace(row, card=card, stated=row.stated - gems.keys()))
    return kept


def _gems_beyond_bound(
    source: Path, rows: list[ImportedRow], gemless: Mapping[int, object]
) -> list[tuple[int, str]]:
    """(row, error) for every gem count above ``gem_bound`` (``gemless_bound`` on a card
    printed only in editions without gems, whose number is left out): a number no card
    prints is a slip, whatever the card's edition."""
    from hlcg.curation.bounds import gem_bound, gemless_bound

    errors: list[tuple[int, str]] = []
    for row in rows:
        bound = gemless_bound() if row.number in gemless else gem_bound()
        if bound is None:
            continue
        most, why = bound
        errors += [
            (
                row.number,
                f"{source}: row {row.number}: {name}: {value} is more than any card prints: "
                f"at most {most}, {why}",
            )
            for name in GEM_FIELDS
            if (value := getattr(row.card, name)) is not None and value > most
        ]
    return errors


def _strict_sets(
    source: Path, rows: list[ImportedRow], names: SetNames
) -> tuple[list[ImportedRow], list[tuple[int, str]]]:
    """Each row's set cell as codes (``hlcg.curation.set_cells``), and (row, error) for
    every part naming no set."""
    errors: list[tuple[int, str]] = []
    strict: list[ImportedRow] = []
    for row in rows:
        if not row.card.sets:
            strict.append(row)
            continue
        codes, wrong = names.parse(";".join(row.card.sets))
        errors += [
            (row.number, f"{source}: row {row.number}: sets: {message}") for message in wrong
        ]
        card = row.card.model_copy(update={"sets": codes})
        strict.append(dataclasses.replace(row, card=card))
    return strict, errors


def _by_row(notes: list[str]) -> list[str]:
    """Notes in the file's row order (each pass over the rows adds its own): a note that
    names no row (the file's own) first."""
    import re

    def row(note: str) -> int:
        found = re.search(r"\brow (\d+)\b", note)
        return int(found.group(1)) if found else 0

    return sorted(notes, key=row)


def _read_rows(
    source: Path,
    db: Path,
    mapped: ImportKind | None,
    options: ImportOptions,
    lackey: LackeyOptions,
    known: Mapping[str, CardRow],
) -> tuple[list[ImportedRow], list[str], int]:
    """The rows of ``source``, notes on rows not read (and how many); for rows read through a column
    map that lack what only options give, the error ends with the whole command that would
    read it. A kind's own map names the columns it may have; those the file has are
    read."""
    if mapped is None:
        return read_import_rows(source, known=known), [], 0
    column_map = options.column_map
    if column_map is None and mapped.column_map is not None:
        header = lackey_header(read_text(source), mapped.delimiter)
        column_map = {k: v for k, v in mapped.column_map.items() if k in header}
    try:
        return read_lackey_rows(source, column_map, lackey, known=known, delimiter=mapped.delimiter)
    except SourceError as exc:
        header = lackey_header(read_text(source), mapped.delimiter)
        # the columns as this kind reads them (a research card list maps its own), so the
        # hint names only what the command line must add
        hint = lackey_hint(source, db, header, column_map, lackey)
        if isinstance(exc, RowProblems):
            raise RowProblems(exc.problems, exc.rows, hint) from None
        raise SourceError(exc.errors, hint) from None


def _merged_into(
    bundle: Bundle,
    rows: list[ImportedRow],
    source: Path,
    *,
    overwrite: bool,
    replace: bool,
    mapped: bool,
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
        # A text is a paraphrase (or, read through a map, a transcription): another
        # wording of a card's text is kept as the catalogue records it and counted, unless
        # --overwrite takes the card row's wording (the old one goes to the history).
        keep_text = mapped or not overwrite
        merged = _upsert_rows(existing, rows, own, overwrite=overwrite, keep_text=keep_text)
    if merged.conflicts:
        raise ConflictError([c.describe(str(source)) for c in merged.conflicts])
    bundle.cards = list(merged.cards.values())
    if replace:  # a whole card takes the place of the card and of its facts' sources
        replacing_ids = {r.card.id for r in rows}
        _keep_erased(bundle, existing, merged.erased, source)
        bundle.facts = [f for f in bundle.facts if f.card_id not in replacing_ids]
    else:
        label = f"{datetime.date.today().isoformat()} {source.name}"
        bundle.facts, bundle.fact_history, merged.sources_added = attribute(
            bundle.facts, bundle.fact_history, merged.changes, label
        )
    return merged


def _keep_erased(
    bundle: Bundle, existing: Mapping[str, CardRow], gone: list[Erased], source: Path
) -> None:
    """What a whole-card replacement erased or changed goes to the history, with the
    sources it had."""
    label = f"{datetime.date.today().isoformat()} replaced whole by {source.name}"
    bundle.fact_history = [
        *bundle.fact_history,
        *(
            superseded(
                existing[fact.card_id],
                fact.field,
                fact.old,
                [f for f in bundle.facts if f.card_id == fact.card_id and f.field == fact.field],
                label,
            )
            for fact in gone
        ),
    ]


def import_rows(
    source: Path,
    db: Path,
    options: ImportOptions,
    *,
    mapped: ImportKind | None = None,
    before_write: Callable[[Bundle], None] | None = None,
) -> ImportResult:
    """Validate every row of ``source`` and write them into ``db`` in one step.

    A row whose id is new is a whole card. A row naming a card the catalogue holds changes
    the facts it states and keeps the rest; where it states another value for a recorded
    fact nothing is written (every conflict raised at once) unless ``overwrite``.
    ``replace``: every row is the whole card of its id, and the facts it erases are listed.
    ``mapped``: the kind whose columns are read through a column map (LackeyCCG data, the
    research layouts, a CSV given --map). ``before_write`` adds what else the file gave (a
    card file's aliases and legality).
    """
    refuse_shipped(db)
    bundle = read_bundle(db, options.groups)  # also proves db is a readable catalogue first
    # The research layouts have no id column: their ids always come from the title.
    id_from_title = options.id_from_title or bool(mapped and mapped.column_map)
    lackey = lackey_options(
        bundle,
        id_from_title=id_from_title,
        source=options.default_source,
        prefer_type=mapped.prefer_type if mapped else None,
    )
    existing = {c.id: c for c in bundle.cards}
    facts_before = {f.key for f in bundle.facts}
    replace = options.replace
    try:
        rows, notes, unrecorded = _read_rows(
            source, db, mapped, options, lackey, {} if replace else existing
        )
        errors: list[tuple[int, str]] = []
        hint = None
    except RowProblems as exc:  # the rows that validate are checked on, for every error
        rows, notes, unrecorded, errors, hint = exc.rows, [], 0, list(exc.problems), exc.hint
    rows, wrong_sets = _strict_sets(source, rows, set_names(bundle))
    gemless = _gemless_editions(rows, bundle)
    errors += wrong_sets + _gems_beyond_bound(source, rows, gemless)
    if errors:  # every row's, at once, in the file's order
        raise SourceError([message for _, message in sorted(errors, key=lambda e: e[0])], hint)
    rows = _gems_off_gemless_cards(rows, gemless, notes)
    notes = _by_row(notes)
    merged = _merged_into(
        bundle,
        rows,
        source,
        overwrite=options.overwrite,
        replace=replace,
        mapped=mapped is not None,
    )
    if before_write is not None:
        before_write(bundle)
    write(db, bundle)
    unchanged = _unchanged(existing, facts_before, bundle, {r.card.id for r in rows})
    kept_alone = {card_id for _, card_id in merged.kept_texts} & unchanged
    notes = _by_row([*notes, *_kept_text_notes(source, merged.kept_texts)])
    return ImportResult(
        rows_read=_rows_read(source, mapped, len(rows)),
        rows_not_recorded=unrecorded,
        unchanged=len(unchanged) - len(kept_alone),
        texts_kept_alone=len(kept_alone),
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
        notes=tuple(notes),
    )


def _rows_read(source: Path, mapped: ImportKind | None, cards: int) -> int:
    """The data rows of a file read through a column map (several may be one card's
    printings); a card file's rows are its cards."""
    if mapped is None:
        return cards
    import csv

    from hlcg.curation.sources import csv_rows, read_text

    text = read_text(source)
    if mapped.delimiter == "\t":  # Lackey's plain tab-separated text, as lackey reads it
        return len(list(csv_rows(source, text, "\t", csv.QUOTE_NONE)))
    return len(list(csv_rows(source, text, mapped.delimiter)))


def _kept_text_notes(source: Path, kept: list[tuple[int, str]]) -> list[str]:
    """A note for each row whose text the catalogue kept in place of the row's, naming the
    file, row and column (an update sheet's ``text`` rows are named the same way)."""
    return [
        f"{source.name}: row {number}: text: {card_id}'s text kept as the catalogue records it"
        for number, card_id in kept
    ]


def _unchanged(
    before: Mapping[str, CardRow], facts_before: set[str], bundle: Bundle, ids: set[str]
) -> set[str]:
    """Of the cards ``ids`` the catalogue held, those the import left as they were: the
    same row and no fact source added or taken."""
    after = {c.id: c for c in bundle.cards}
    touched = {f.card_id for f in bundle.facts if f.key not in facts_before}
    return {
        card_id
        for card_id in ids
        if card_id in before and after.get(card_id) == before[card_id] and card_id not in touched
    }


def missing_reference_tables(db: Path, bundle: Bundle) -> tuple[str, ...]:
    """A warning when ``bundle`` has no formats: no deck can be judged by its cards."""
    if bundle.formats:
        return ()
    return (
        f"{db} records no formats or editions, so no deck can be judged by it: card rows "
        "bring no formats or sets; import a whole export (a folder, .zip or .json) or start "
        "with `hlcg db init my.sqlite --from-shipped`",
    )


def import_mapped_rows(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind
) -> ImportResult:
    """Card rows read through a column map (``kind``'s own, or --map): LackeyCCG data, the
    research card lists and persona table, a CSV given --map."""
    return import_rows(source, db, options, mapped=kind)


def import_card_file(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
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
            result = import_rows(rows, db, options, before_write=before_write)
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
