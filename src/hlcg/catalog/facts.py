"""Record a fact sheet (id,field,value,source, as `hlcg db gaps --output csv` writes it) on
the cards of a catalogue: all facts or none."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from hlcg.catalog.fields import GAP_FIELDS
from hlcg.catalog.importer import ImportResult, refuse_shipped, write
from hlcg.catalog.merging import add_source
from hlcg.catalog.models import CardRow
from hlcg.catalog.reading import read_bundle
from hlcg.catalog.schema import TableGroup

FACT_SHEET_COLUMNS = ("id", "field", "value", "source")


def is_fact_sheet(path: Path) -> bool:
    """A CSV whose header has id, field, value and source (card rows have no field column)."""
    from hlcg.catalog.sources import csv_header

    return all(c in csv_header(path) for c in FACT_SHEET_COLUMNS)


class _Recording:
    """The facts of a sheet recorded so far on the cards' flat rows, and the errors found."""

    def __init__(
        self, sheet: Path, db: Path, cards: dict[str, dict[str, str]], sets: set[str]
    ) -> None:
        self.sheet, self.db, self.cards, self.sets = sheet, db, cards, sets
        self.errors: list[str] = []
        self.recorded: dict[tuple[str, str], tuple[int, str]] = {}  # (id, field) -> (row, value)

    def _refusal(self, card_id: str, name: str, value: str, source: str) -> str | None:
        """Why a filled-in row cannot be recorded, before its value is validated."""
        if card_id not in self.cards:
            return f"id: no card {card_id!r} in {self.db.name}"
        if name not in SHEET_FIELDS:
            listed = ", ".join(SHEET_FIELDS)
            return f"field: {name!r} is not a fact a sheet may set; it may set {listed}"
        if not source:
            return "source: every fact needs its source"
        unknown = [c for c in _codes(value) if c not in self.sets] if name == "sets" else []
        if unknown:
            return f"value: unknown set {unknown[0]!r} (see `hlcg sets`)"
        earlier = self.recorded.get((card_id, name))
        if earlier is not None and earlier[1] != value:
            return (
                f"{card_id} {name}: {value!r} here, {earlier[1]!r} in row {earlier[0]}; "
                "one card has one value"
            )
        return None

    def record(self, number: int, row: dict[str, str]) -> None:
        from pydantic import ValidationError

        card_id, name = (row.get("id") or "").strip(), (row.get("field") or "").strip()
        value, source = (row.get("value") or "").strip(), (row.get("source") or "").strip()
        if not value:
            return  # a gap still open
        where = f"{self.sheet}: row {number}"
        refusal = self._refusal(card_id, name, value, source)
        if refusal is not None:
            self.errors.append(f"{where}: {refusal}")
            return
        if name == "sets":  # a printing is added to those recorded, never in their place
            have = _codes(self.cards[card_id].get("sets") or "")
            value = ";".join([*have, *(c for c in _codes(value) if c not in have)])
        try:
            CardRow.model_validate({**self.cards[card_id], name: value})
        except ValidationError as exc:
            self.errors += [
                f"{where}: value: {'.'.join(str(p) for p in e['loc']) or name}: {e['msg']}"
                for e in exc.errors()
            ]
            return
        self.recorded.setdefault((card_id, name), (number, value))
        self.cards[card_id][name] = value
        self.cards[card_id]["source"] = add_source(self.cards[card_id]["source"], source)


# What a sheet may set: the facts `db gaps` lists, and printings (a set code, or several
# `;`-separated, added to the card's sets).
SHEET_FIELDS: tuple[str, ...] = (*GAP_FIELDS, "sets")


def _codes(value: str) -> list[str]:
    return [c.strip() for c in value.split(";") if c.strip()]


def import_facts(sheet: Path, db: Path, groups: Sequence[TableGroup]) -> ImportResult:
    """Record the filled-in rows of a fact sheet (id,field,value,source) on existing cards.

    A sheet sets the facts `db gaps` lists (restriction numbers, gems, Master limits, hand
    icons, types, formats) and adds printings (`sets`: codes the catalogue lists, added to the
    card's own), nothing else: not titles, texts or ids. Rows with an empty value
    are gaps still open and are skipped. The same fact given twice must have one value (its
    sources are all kept). Every recorded fact adds its source to the card's sources; every
    error is reported at once and the catalogue is written only when there are none.
    """
    from hlcg.catalog.sources import _csv_rows, read_text
    from hlcg.errors import SourceError

    refuse_shipped(db)
    bundle = read_bundle(db, groups)
    cards = {c.id: c.to_flat() for c in bundle.cards}
    recording = _Recording(sheet, db, cards, {s.code for s in bundle.sets})
    for number, row in _csv_rows(sheet, read_text(sheet)):
        recording.record(number, row)
    if recording.errors:
        raise SourceError(recording.errors)
    changed = {card_id for card_id, _ in recording.recorded}
    bundle.cards = [
        CardRow.model_validate(flat) if card_id in changed else card
        for card, (card_id, flat) in zip(bundle.cards, recording.cards.items(), strict=True)
    ]
    write(db, bundle)
    return ImportResult(
        added=0,
        replaced=len(changed),
        total=len(bundle.cards),
        content_sha256=bundle.content_sha256(),
        facts=len(recording.recorded),
    )
