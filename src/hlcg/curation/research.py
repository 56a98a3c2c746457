"""The research layouts that are not card rows: a sets file (code,name,edition,released,
source) and a legality sheet as the research notes write it (title,card_id,
edition_or_format,status,date,source,note), each imported as written, all rows or none.

A sets file is the one way a new set comes into a catalogue (a card row's set cell names
only sets the catalogue lists). A research legality sheet's ``printed-in`` rows are
printings, not legality: they add the set to the card's sets with the row's source.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hlcg.curation.bundle import Bundle, read_bundle
from hlcg.curation.importer import ImportResult, record_legality, refuse_shipped, write
from hlcg.curation.kinds import ImportKind, ImportOptions
from hlcg.curation.models import FactSourceRow, LegalityRow, SetRow
from hlcg.curation.sources import collect_rows, csv_rows, read_text
from hlcg.curation.upsert import add_source
from hlcg.errors import ConflictError, SourceError

PRINTED_IN = "printed-in"
INFERENCE = "Inference"


def _editions(bundle: Bundle) -> set[str]:
    """The editions the catalogue knows: its sets' and its formats'."""
    return {s.edition for s in bundle.sets} | {e for f in bundle.formats for e in f.editions}


def import_sets(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
) -> ImportResult:
    """Record the sets of a sets file. A new code is a new set; a code the catalogue lists
    with the same name, edition and release date is confirmed (its sources gain the
    file's); with another value it is a conflict, which ``overwrite`` settles by taking
    the file's row. An edition the catalogue knows of no set or format is an error: it
    would place no card in any format."""
    refuse_shipped(db)
    bundle = read_bundle(db, options.groups)
    numbered = list(csv_rows(source, read_text(source)))
    rows, problems = collect_rows(SetRow, source, numbered)
    errors = list(problems)  # (row, message), listed in row order
    editions = _editions(bundle)
    by_code = {s.code: s for s in bundle.sets}
    first: dict[str, int] = {}
    conflicts: list[tuple[int, str]] = []
    added = replaced = confirmed = 0
    for (number, _), row in zip(_valid(numbered, problems), rows, strict=True):
        where = f"{source}: row {number}"
        if row.code in first:
            errors.append((number, f"{where}: code {row.code!r} repeats row {first[row.code]}"))
            continue
        first[row.code] = number
        if row.edition not in editions:
            errors.append(
                (
                    number,
                    f"{where}: edition {row.edition!r} is none the catalogue knows "
                    f"({', '.join(sorted(editions))})",
                )
            )
            continue
        had = by_code.get(row.code)
        if had is None:
            by_code[row.code] = row
            added += 1
        elif _facts(had) == _facts(row):
            by_code[row.code] = had.model_copy(
                update={"source": add_source(had.source, row.source)}
            )
            confirmed += 1
        elif options.overwrite:
            by_code[row.code] = row
            replaced += 1
        else:
            conflicts.append(
                (
                    number,
                    f"{where}: set {row.code}: the catalogue records {_shown(had)} (source: "
                    f"{had.source}), the file says {_shown(row)} (source: {row.source}); pass "
                    "--overwrite to replace it",
                )
            )
    if errors:  # every error at once, by row
        raise SourceError([m for _, m in sorted(errors + conflicts, key=lambda e: e[0])])
    if conflicts:
        raise ConflictError([m for _, m in conflicts])
    bundle.sets = list(by_code.values())
    write(db, bundle)
    return ImportResult(
        added=added,
        replaced=replaced,
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        sets=len(rows),
        sets_confirmed=confirmed,
    )


def _valid(
    numbered: list[tuple[int, dict[str, str]]], problems: list[tuple[int, str]]
) -> list[tuple[int, dict[str, str]]]:
    """The numbered rows that validated, in order (pairing with the models read)."""
    bad = {number for number, _ in problems}
    return [(n, raw) for n, raw in numbered if n not in bad]


def _facts(row: SetRow) -> tuple[str, str, str | None]:
    return row.name, row.edition, row.released


def _shown(row: SetRow) -> str:
    released = f", released {row.released}" if row.released else ""
    return f"{row.name!r} ({row.edition}{released})"


def import_research_legality(
    source: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
) -> ImportResult:
    """A legality sheet as the research notes write it: ``edition_or_format`` names a
    format as people write it (``Type Two``, ``first-edition``) or, for a ``printed-in``
    row, the set the card was printed in (its code first, then what the source says of
    it). A row naming no card (a note about a format as a whole) is not a fact about a
    card; it is named in the summary, not recorded."""
    legality, printings, notes = _split_rows(list(csv_rows(source, read_text(source))))
    rows, problems = collect_rows(LegalityRow, source, legality)
    if problems:
        raise SourceError([message for _, message in problems])

    added: list[int] = []

    def add_printings(bundle: Bundle) -> None:
        added.append(_record_printings(source, bundle, printings))

    numbered = list(zip((number for number, _ in legality), rows, strict=True))
    result = record_legality(
        source,
        db,
        options.groups,
        numbered,
        before_write=add_printings,
        overwrite=options.overwrite,
    )
    new = sum(added)
    printed = (
        f"{len(printings)} printing row{'s' if len(printings) != 1 else ''} read: "
        f"{new} new printing{'s' if new != 1 else ''}, {len(printings) - new} already recorded"
    )
    return dataclasses.replace(result, notes=(*(printed,) * bool(printings), *notes))


def _split_rows(
    numbered: list[tuple[int, dict[str, str]]],
) -> tuple[list[tuple[int, dict[str, str]]], list[tuple[int, str, str, str]], list[str]]:
    """A research sheet's rows as legality rows (legality.csv's columns), printings (row,
    card, set as written, source) and notes on rows about no one card."""
    legality: list[tuple[int, dict[str, str]]] = []
    printings: list[tuple[int, str, str, str]] = []
    notes: list[str] = []
    for number, raw in numbered:
        card_id = (raw.get("card_id") or "").strip()
        written = (raw.get("edition_or_format") or "").strip()
        if not card_id:
            about = (raw.get("title") or "").strip() or "a row without a card"
            notes.append(
                f"row {number} ({about}) is about {written or 'no format'} as a whole, not "
                "one card: not recorded"
            )
        elif (raw.get("status") or "").strip() == PRINTED_IN:
            code = written.split("(", 1)[0].strip()
            printings.append((number, card_id, code, (raw.get("source") or "").strip()))
        else:
            fields = {k: raw.get(k) or "" for k in ("card_id", "status", "date", "source", "note")}
            legality.append((number, {**fields, **_inferred(fields["note"]), "format": written}))
    return legality, printings, notes


def _inferred(note: str) -> dict[str, str]:
    """A research note that begins "Inference" gives the fact's reasoning: the fact is
    inferred, not stated (legality.csv's ``inferred`` column), and the note says nothing
    else. ``Inference: the rules name it`` -> ``the rules name it``; ``Inference from the
    rules text: ...`` -> ``from the rules text: ...``."""
    text = note.strip()
    if not text.startswith(INFERENCE):
        return {}
    return {"note": "", "inferred": text[len(INFERENCE) :].lstrip(": ").strip()}


def _record_printings(
    source: Path, bundle: Bundle, printings: list[tuple[int, str, str, str]]
) -> int:
    """Each printing added to its card's sets, with the row's source as the printing's
    own; every row naming an unknown card or set is an error, all at once. The number of
    printings the cards lacked."""
    from hlcg.curation.card_rows import set_names

    names = set_names(bundle)
    cards = {c.id: c for c in bundle.cards}
    facts = {f.key: f for f in bundle.facts}
    errors: list[str] = []
    new = 0
    for number, card_id, written, row_source in printings:
        where = f"{source}: row {number}"
        codes, wrong = names.parse(written)
        if card_id not in cards:
            errors.append(f"{where}: {card_id!r} is not a card of the catalogue")
            continue
        if wrong or len(codes) != 1 or not row_source:
            errors += [f"{where}: edition_or_format: {m}" for m in wrong]
            if not row_source:
                errors.append(f"{where}: source: every printing needs its source")
            continue
        (code,) = codes
        card = cards[card_id]
        if code not in card.sets:
            cards[card_id] = card.model_copy(update={"sets": [*card.sets, code]})
            new += 1
        # one row per source of the printing (a fact two sources confirm has two rows)
        fact = FactSourceRow(card_id=card_id, field="sets", value=code, source=row_source)
        facts.setdefault(fact.key, fact)
    if errors:
        raise SourceError(errors)
    bundle.cards = list(cards.values())
    bundle.facts = list(facts.values())
    return new
