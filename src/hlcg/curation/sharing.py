"""The facts players read off their cards, as a fact sheet to share: ``hlcg db facts
export``. A fact is a reader's when one of its sources is a printed-card source
(``hlcg.curation.printed``) that states it; the sheet has the columns ``hlcg db import``
reads a fact sheet by (id,field,value,source), so another catalogue imports it as it is,
each fact with the reader's source, confirmed where it holds the same value already.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from hlcg.curation.bundle import Bundle
from hlcg.curation.kinds import FACT_SHEET_COLUMNS
from hlcg.curation.printed import parse_printed_source


@dataclass(frozen=True)
class ReaderFact:
    """One fact read off a printed card, as a fact sheet row."""

    card_id: str
    field: str
    value: str
    source: str
    reader: str


def reader_facts(bundle: Bundle, reader: str | None = None) -> list[ReaderFact]:
    """The facts of ``bundle`` read off printed cards (by ``reader`` only, if given) that
    its cards still hold, by card, field and value. "Carries no restriction number" is
    written as the restriction ``none``."""
    cards = {card.id: card for card in bundle.cards}
    found: dict[tuple[str, str, str, str], ReaderFact] = {}
    for row in bundle.facts:
        printed = parse_printed_source(row.source)
        card = cards.get(row.card_id)
        if printed is None or card is None or row.inferred:
            continue
        if reader is not None and printed.reader != reader.strip():
            continue
        value = row.value if row.field == "sets" else card.to_flat()[row.field]
        if not value:
            continue  # a source of a fact the card no longer records
        name = row.field
        if name == "unrestricted":
            name, value = "restriction", "none"
        found[(card.id, name, value, row.source)] = ReaderFact(
            card.id, name, value or "", row.source, printed.reader
        )
    return [found[key] for key in sorted(found)]


def fact_sheet(facts: list[ReaderFact]) -> str:
    """The facts as a fact sheet (CSV text with a header)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FACT_SHEET_COLUMNS)
    writer.writerows((f.card_id, f.field, f.value, f.source) for f in facts)
    return out.getvalue()
