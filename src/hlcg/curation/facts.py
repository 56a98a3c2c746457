"""Record a fact sheet (id,field,value,source, as `hlcg db gaps --output csv` writes it) on
the cards of a catalogue: all facts or none.

A fact the sheet fills gets the sheet's source as its own (a fact_sources row). A sheet that
states another value for a fact the catalogue records is refused, naming both values and
both sources, unless ``overwrite``: then the new value and source replace the fact's, and
the old value with its source goes to fact_history, never onto the new value.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.catalog import GAP_FIELDS
from hlcg.catalog.storage import LIST_FIELDS, TableGroup
from hlcg.curation.bounds import GEM_EDITIONS
from hlcg.curation.bundle import Bundle, read_bundle
from hlcg.curation.gap_cards import NEW_CARD, gap_card
from hlcg.curation.importer import ImportResult, refuse_shipped, write
from hlcg.curation.merging import Confirmed
from hlcg.curation.models import CardRow, FactHistoryRow, FactSourceRow
from hlcg.curation.printed import parse_printed_source
from hlcg.curation.row_names import formats_combined
from hlcg.curation.upsert import Conflict, source_parts, superseded
from hlcg.wording import field_name, validation_message

if TYPE_CHECKING:
    from hlcg.curation.kinds import ImportKind, ImportOptions

# What a sheet may set: the facts `db gaps` lists, printings (a set code, or several
# `;`-separated, added to the card's sets), and what the research update sheets correct: a
# card's text (paraphrased), its subtitle and its printed flags.
SHEET_FIELDS: tuple[str, ...] = (
    *GAP_FIELDS,
    "sets",
    "text",
    "subtitle",
    "reserved",
    "signature",
    "unique",
)

# What "the card prints none" means for a number field: a card printing no restriction number
# carries none (seed 001, Restricted Cards: restricted "if a number appears in the upper right
# hand corner"); no gems or no hand icons printed is a count of 0.
NONE_PRINTED = ("none", "unrestricted")
ZERO_WHEN_NONE: tuple[str, ...] = tuple(f for f in GAP_FIELDS if f.startswith("gem_")) + (
    "hand_icons",
)

# The facts printed per edition: read off a card of one edition, they never describe a
# printing of another. Gems are printed on 2nd Edition cards only (seed 002, Attribute Gems;
# seed 001 has none).
EDITION_PRINTED: tuple[str, ...] = (*ZERO_WHEN_NONE, "restriction", "unrestricted", "master_limit")


def _codes(value: str) -> list[str]:
    return [c.strip() for c in value.split(";") if c.strip()]


def _row_value(name: str, value: str) -> str | None:
    """A fact_sources row's value: the set code of a printing; none for another field (the
    row backs the field as a whole, whatever its value)."""
    return value if name == "sets" else None


def _same(name: str, first: object, second: object) -> bool:
    """Whether two values of one field are one fact (a list in another order is)."""
    if name in LIST_FIELDS and isinstance(first, list) and isinstance(second, list):
        return sorted(first) == sorted(second)
    return first == second


class _Recording:
    """The facts of a sheet recorded so far on the cards' flat rows, the sources they
    bring, the values they replace, and the errors found."""

    def __init__(self, sheet: str, label: str, db: Path, bundle: Bundle, overwrite: bool) -> None:
        self.sheet, self.db, self.overwrite = sheet, db, overwrite
        self.before = {c.id: c for c in bundle.cards}
        self.cards = {c.id: c.to_flat() for c in bundle.cards}
        self.sets = {s.code: s.edition for s in bundle.sets}
        from hlcg.curation.card_rows import set_names

        self.set_names = set_names(bundle)
        # row key -> a source of one fact (a fact may have several), as recorded and as changed
        self.own = {f.key: f for f in bundle.facts}
        self.superseded = f"{datetime.date.today().isoformat()} {label}"
        self.history: list[FactHistoryRow] = []
        self.errors: list[str] = []
        self.conflicts = 0  # of the errors, those a recorded fact's other value made
        self.recorded: dict[tuple[str, str], tuple[int, str]] = {}  # (id, field) -> (row, value)
        self.replaced: list[Conflict] = []  # recorded facts --overwrite replaced
        self.number = 0  # the row being recorded
        # the facts recorded: two printings of one card are two, one value twice is one
        self.facts: set[tuple[str, str, str]] = set()
        self.known: set[tuple[str, str, str]] = set()  # of them, those recorded before
        self.cleared: set[tuple[str, str]] = set()  # facts --overwrite took away
        # (id, field, value) -> the sources of a recorded fact the sheet confirmed
        self.confirmed: dict[tuple[str, str, str], tuple[str, ...]] = {}
        self.kept_texts: list[str] = []  # rows whose text differs from the recorded one
        self.added: list[str] = []  # the new cards the sheet's filled-in `card` rows give
        from hlcg.curation.bounds import gem_bound

        self.gems = gem_bound()  # the most gems a card prints, and where that comes from

    def _refusal(self, card_id: str, name: str, value: str, source: str) -> str | None:
        """Why a filled-in row cannot be recorded, before its value is validated."""
        if card_id not in self.cards:
            return f"id: no card {card_id!r} in {self.db.name}"
        if name not in SHEET_FIELDS:
            listed = ", ".join(SHEET_FIELDS)
            return f"field: {name!r} is not a fact a sheet may set; it may set {listed}"
        if not source:
            return "source: every fact needs its source"
        left = _placeholders(source)
        if left:
            return f"source: fill in {left} in the source column"
        unknown = [c for c in _codes(value) if c not in self.sets] if name == "sets" else []
        if unknown:
            return f"value: unknown set {unknown[0]!r} (see `hlcg sets`)"
        too_many = self._too_many_gems(name, value)
        if too_many:
            return too_many
        earlier = self.recorded.get((card_id, name))
        # Printings add up; any other fact has one value.
        if earlier is not None and earlier[1] != value and name != "sets":
            return (
                f"{card_id} {name}: {value!r} here, {earlier[1]!r} in row {earlier[0]}; "
                "one card has one value"
            )
        return self._edition_refusal(card_id, name, source)

    def _too_many_gems(self, name: str, value: str) -> str | None:
        if not (name.startswith("gem_") and value.isdigit() and self.gems):
            return None
        most, why = self.gems
        if int(value) <= most:
            return None
        return f"value: {name} {value} is more than any card prints: at most {most}, {why}"

    def _edition_refusal(self, card_id: str, name: str, source: str) -> str | None:
        """Why a fact read off a printed card cannot describe this card: gems read off a
        card of an edition that prints none, or a number read off one edition's card for a
        card recorded in another edition (it would answer that edition's checks)."""
        printed = parse_printed_source(source)
        if printed is None or name not in EDITION_PRINTED:
            return None
        edition = self.sets.get(printed.set_code)
        if edition is None:
            return f"source: unknown set {printed.set_code!r} (see `hlcg sets`)"
        if name.startswith("gem_") and edition not in GEM_EDITIONS:
            return (
                f"{card_id} {name}: {printed.set_code} is a {edition} set, and only "
                f"{'/'.join(GEM_EDITIONS)} cards print gems"
            )
        others = sorted(
            c for c in self.before[card_id].sets if self.sets.get(c, edition) != edition
        )
        if others:
            return (
                f"{card_id} {name}: read off a {edition} card ({printed.set_code}), but the "
                f"card is recorded in {', '.join(others)} of another edition, whose checks it "
                "would answer too; record that printing as its own card"
            )
        return None

    def _own_sources(self, card_id: str, name: str, value: str) -> list[FactSourceRow]:
        """The rows backing a fact: those for its value, and for a field as a whole."""
        wanted = {(card_id, name, value)} | (set() if name == "sets" else {(card_id, name, "")})
        return [row for row in self.own.values() if row.fact in wanted]

    def _drop(self, card_id: str, name: str) -> list[FactSourceRow]:
        """Take every source of a fact away (its value is replaced or cleared)."""
        gone = [k for k, row in self.own.items() if row.fact[:2] == (card_id, name)]
        return [self.own.pop(k) for k in gone]

    def _backing(self, card_id: str, name: str, value: str) -> str:
        own = self._own_sources(card_id, name, value)
        if own:
            return "source: " + "; ".join(dict.fromkeys(r.source for r in own))
        return f"card-level source: {self.before[card_id].source}"

    def _replace(self, card: CardRow, name: str, old: str, offered: tuple[str, str]) -> None:
        """The recorded ``name`` (``old``) replaced with --overwrite: listed, and the old
        value with its sources (which leave it) goes to the history."""
        new, source = offered
        backing = self._backing(card.id, name, old).split(": ", 1)[1]
        # "Carries no restriction number" is shown as the user writes it: restriction none.
        shown = ("restriction", "none") if name == "unrestricted" else (name, old)
        self.replaced.append(Conflict(card.id, *shown, backing, new, source, self.number))
        own = self._drop(card.id, name)
        self.history.append(superseded(card, name, old, own, self.superseded))

    def _unrestricted(self, where: str, card_id: str, value: str, source: str) -> bool:
        """A restriction number for a card recorded as carrying none: a conflict, or with
        --overwrite the "carries none" goes to the history. False when refused."""
        card = self.before[card_id]
        if not card.unrestricted or (card_id, "unrestricted") in self.cleared:
            return True
        backing = self._backing(card_id, "unrestricted", "true")
        if not self.overwrite:
            self.conflicts += 1
            self.errors.append(
                f"{where}: {card_id} restriction: the catalogue records that it carries no "
                f"restriction number (unrestricted, {backing}), the sheet says {value!r} "
                f"(source: {source}); pass --overwrite to replace it (the old value and its "
                "source are kept in fact_history)"
            )
            return False
        self._replace(card, "unrestricted", "true", (value, source))
        self.cards[card_id]["unrestricted"] = ""
        self.cleared.add((card_id, "unrestricted"))
        return True

    def _restricted(self, where: str, card_id: str, source: str) -> bool:
        """ "Prints none" for a card recorded with a restriction number: a conflict, or with
        --overwrite the number goes to the history. False when refused."""
        card = self.before[card_id]
        if card.restriction is None or (card_id, "restriction") in self.cleared:
            return True
        old = str(card.restriction)
        if not self.overwrite:
            self.conflicts += 1
            self.errors.append(
                f"{where}: {card_id} restriction: the catalogue records {old!r} "
                f"({self._backing(card_id, 'restriction', old)}), the sheet says it prints "
                f"none (source: {source}); pass --overwrite to replace it (the old value and "
                "its source are kept in fact_history)"
            )
            return False
        self._replace(card, "restriction", old, ("none", source))
        self.cards[card_id]["restriction"] = ""
        self.cleared.add((card_id, "restriction"))
        return True

    def _conflict(self, card_id: str, name: str, offered: CardRow, source: str) -> str | None:
        """A recorded fact the row states otherwise: refused, or replaced with --overwrite
        (the old value and its sources then go to the history)."""
        card = self.before[card_id]
        if name == "sets" or card.to_flat()[name] == "":
            return None
        if _same(name, getattr(card, name), getattr(offered, name)):
            return None
        old, new = card.to_flat()[name], offered.to_flat()[name]
        if not self.overwrite:
            return (
                f"{card_id} {name}: the catalogue records {old!r} "
                f"({self._backing(card_id, name, old)}), the sheet says {new!r} (source: "
                f"{source}); pass --overwrite to replace it (the old value and its source are "
                "kept in fact_history)"
            )
        if (card_id, name) not in self.recorded:
            # The replaced value's own sources go with it, never onto the new value.
            self._replace(card, name, old, (new, source))
        return None

    def _attribute(self, card_id: str, name: str, value: str, source: str) -> None:
        """The row's source as one of the fact's own. A fact the catalogue recorded before
        with the same value is confirmed: it keeps its sources (the card row's, where it
        had none of its own) and gains this one."""
        card = self.before[card_id]
        had = value in card.sets if name == "sets" else card.to_flat()[name] == value
        if had:
            self.known.add((card_id, name, value))
        own = self._own_sources(card_id, name, value)
        backing = [row.source for row in own] or ([card.source] if had else [])
        if set(source_parts([source])) <= set(source_parts(backing)):
            return  # every source the row names already backs the fact: nothing to add
        if had and not own:
            kept = FactSourceRow(
                card_id=card_id, field=name, value=_row_value(name, value), source=card.source
            )
            self.own[kept.key] = kept
            own = [kept]
        row = FactSourceRow(
            card_id=card_id, field=name, value=_row_value(name, value), source=source
        )
        self.own[row.key] = row
        if had:
            self.confirmed[(card_id, name, value)] = (*(r.source for r in own), source)

    def _held_back(self, where: str, card_id: str, name: str, value: str, source: str) -> bool:
        """Whether the row stops here: a restriction number against a recorded "carries
        none" (or the other way round) refused, or another wording of a text kept."""
        if name == "restriction":
            return not self._unrestricted(where, card_id, value, source)
        if name == "unrestricted":
            return not self._restricted(where, card_id, source)
        return self._keeps_text(self.number, card_id, name, value)

    def _keeps_text(self, number: int, card_id: str, name: str, value: str) -> bool:
        """A text is a paraphrase: another wording than the recorded one is kept as
        recorded, and named (--overwrite takes the sheet's)."""
        recorded = self.before[card_id].text if name == "text" else None
        if self.overwrite or recorded is None or recorded == value:
            return False
        self.kept_texts.append(f"row {number}: {card_id} text kept as the catalogue records it")
        return True

    def _offered(self, where: str, card_id: str, name: str, value: str) -> CardRow | None:
        """The card with the row's value, validated; None (and the errors kept) if invalid.
        A printing is added to those recorded, never in their place."""
        from pydantic import ValidationError

        if name == "sets":
            have = _codes(self.cards[card_id].get("sets") or "")
            value = ";".join([*have, *(c for c in _codes(value) if c not in have)])
        changed = {name: value}
        if name == "restriction":  # a number takes the place of "carries none" (checked apart)
            changed["unrestricted"] = ""
        if name == "unrestricted":  # and the other way round
            changed["restriction"] = ""
        try:
            return CardRow.model_validate({**self.cards[card_id], **changed})
        except ValidationError as exc:
            self.errors += [
                f"{where}: value: {field_name(e['loc'], name)}: {validation_message(e)}"
                for e in exc.errors()
            ]
            return None

    def _new_card(self, where: str, row: tuple[str, str, str, str]) -> None:
        """A filled-in `card` row of `db gaps` adds a card (``gap_card``)."""
        card, errors = gap_card(row, self.cards, self.db.name)
        self.errors += [f"{where}: {error}" for error in errors]
        if card is not None:
            self.cards[card.id] = card.to_flat()
            self.before[card.id] = card
            self.added.append(card.id)

    def _set_cell(self, where: str, value: str) -> str:
        """A ``sets`` value as card rows write a set cell (codes or names, listed with ;
        , or /) as codes; '' and the errors kept when a part names no set."""
        codes, wrong = self.set_names.parse(value)
        self.errors += [f"{where}: value: {message}" for message in wrong]
        return "" if wrong else ";".join(codes)

    def record(self, number: int, row: dict[str, str]) -> None:
        card_id, name = (row.get("id") or "").strip(), (row.get("field") or "").strip()
        value, source = (row.get("value") or "").strip(), (row.get("source") or "").strip()
        if not value:
            return  # a gap still open
        where, self.number = f"{self.sheet}: row {number}", number
        if name == NEW_CARD:
            self._new_card(where, (card_id, (row.get("name") or "").strip(), value, source))
        else:
            self._fact(where, card_id, name, value, source)

    def _fact(self, where: str, card_id: str, name: str, value: str, source: str) -> None:
        """A filled-in row of a fact of a card the catalogue holds."""
        if name == "sets" and card_id in self.cards:
            value = self._set_cell(where, value)
            if not value:
                return
        refusal = self._refusal(card_id, name, value, source)
        if refusal is not None:
            self.errors.append(f"{where}: {refusal}")
            return
        name, value = _none_printed(name, value)
        offered = self._offered(where, card_id, name, value)
        if offered is None:
            return
        if self._held_back(where, card_id, name, value, source):
            return
        conflict = self._conflict(card_id, name, offered, source)
        if conflict is not None:
            self.conflicts += 1
            self.errors.append(f"{where}: {conflict}")
            return
        flat = offered.to_flat()
        self.recorded.setdefault((card_id, name), (self.number, value))
        # The source is this fact's own, not the card row's: added there, it would seem to
        # back the card's other facts too.
        self.cards[card_id][name] = flat[name]
        for fact_value in _codes(value) if name == "sets" else [flat[name]]:
            self._attribute(card_id, name, fact_value, source)
            self.facts.add((card_id, name, fact_value))


def _updated(
    bundle: Bundle, before: Mapping[str, CardRow], changed: set[str], facts_before: set[str]
) -> set[str]:
    """Of the cards ``changed`` names, those whose row or fact sources the sheet changed."""
    facts_after = {f.key for f in bundle.facts}
    touched = {f.card_id for f in bundle.facts if f.key not in facts_before} | {
        key.split("|", 1)[0] for key in facts_before - facts_after
    }
    return {
        card.id
        for card in bundle.cards
        if card.id in changed and (card != before[card.id] or card.id in touched)
    }


def _placeholders(source: str) -> str:
    """What of ``db fill --sheet``'s source template (``printed card SET NUMBER, read by
    NAME on DAY``) a row still leaves to fill in, as a phrase; '' when nothing."""
    printed = parse_printed_source(source)
    if printed is None:
        return ""
    left = []
    if printed.set_code == "SET" or printed.number == "NUMBER":
        left.append("the printing you read (its set and number as printed, for SET NUMBER)")
    if printed.reader == "NAME":
        left.append("your name (for NAME)")
    return " and ".join(left)


def _none_printed(name: str, value: str) -> tuple[str, str]:
    """The fact a "none" (the card prints no such number) states: no restriction number
    is the ``unrestricted`` fact, no gems or hand icons a count of 0."""
    if value.lower() not in NONE_PRINTED:
        return name, value
    if name == "restriction":
        return "unrestricted", "true"
    if name in ZERO_WHEN_NONE and value.lower() == "none":
        return name, "0"
    return name, value


def import_facts(
    sheet: Path, db: Path, options: ImportOptions, kind: ImportKind | None = None
) -> ImportResult:
    """Record the filled-in rows of a fact sheet (id,field,value,source) on existing cards.

    A sheet sets the facts `db gaps` lists (restriction numbers, gems, Master limits, hand
    icons, types, formats) and adds printings (`sets`: codes the catalogue lists, added to the
    card's own), nothing else: not titles, texts or ids. Rows with an empty value
    are gaps still open and are skipped. The same fact given twice must have one value (its
    sources are all kept). Every recorded fact gets the sheet's source as one of its own (the
    card row's source, which backs its other facts, is left as it is); a fact the catalogue
    records with the same value is confirmed: it keeps its sources and gains the sheet's. A
    value other than the one the catalogue records is a conflict; ``overwrite`` replaces it
    and keeps the old value and its sources in the fact history. Every
    error is reported at once and the catalogue is written only when there are none.
    """
    from hlcg.curation.sources import csv_rows, read_text

    rows = csv_rows(sheet, read_text(sheet))
    return record_facts(
        str(sheet), sheet.name, rows, db, options.groups, overwrite=options.overwrite
    )


def record_facts(
    where: str,
    label: str,
    rows: Iterable[tuple[int, dict[str, str]]],
    db: Path,
    groups: Sequence[TableGroup],
    *,
    overwrite: bool = False,
    settings: Mapping[str, str] | None = None,
) -> ImportResult:
    """Record numbered fact rows (id, field, value, source) as a sheet's are recorded, in one
    write: ``where`` names them in errors, ``label`` in the history of what they replace.
    ``settings`` are kept in the catalogue's meta table with them (``db fill``'s reader).
    The caller holds the writer lock. Refused whole: ConflictError when every error is a
    recorded fact stated otherwise (as for card rows), else SourceError."""
    from hlcg.errors import ConflictError, SourceError

    refuse_shipped(db)
    bundle = read_bundle(db, groups)
    recording = _Recording(where, label, db, bundle, overwrite)
    for number, row in formats_combined(rows):
        recording.record(number, row)
    if recording.errors and recording.conflicts == len(recording.errors):
        raise ConflictError(recording.errors)
    if recording.errors:
        raise SourceError(recording.errors)
    changed = {card_id for card_id, _ in recording.recorded}
    bundle.cards = [
        CardRow.model_validate(recording.cards[card.id]) if card.id in changed else card
        for card in bundle.cards
    ] + [CardRow.model_validate(recording.cards[card_id]) for card_id in recording.added]
    facts_before = {f.key for f in bundle.facts}
    bundle.facts = list(recording.own.values())
    updated = _updated(bundle, recording.before, changed - set(recording.added), facts_before)
    bundle.fact_history = [*bundle.fact_history, *recording.history]
    bundle.settings = {**bundle.settings, **(settings or {})}
    write(db, bundle)
    return ImportResult(
        added=len(recording.added),
        replaced=len(updated),
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        facts=len(recording.facts),
        facts_known=len(recording.known),
        facts_overwritten=len(recording.replaced),
        overwritten=tuple(recording.replaced),
        confirmed=tuple(
            Confirmed(card_id, name, value, sources)
            for (card_id, name, value), sources in recording.confirmed.items()
        ),
        notes=tuple(recording.kept_texts),
    )
