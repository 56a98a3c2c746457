"""Each recorded fact of a card with its own source: the fact_sources row that backs it
(data/source/facts.csv), else the card row's source, shown as card-level.

A legality row carries its own source, so it is always a fact with its own source. A
printing is a fact of its own: one card may cite one page for one printing and another for
the next.
"""

# No `from __future__ import annotations`: NamedTuple fields written as strings cost a
# compile each at import.
from collections.abc import Iterable, Iterator, Mapping
from typing import NamedTuple

from hlcg.catalog.card import Card, LegalityFact, flat_card
from hlcg.catalog.vocabulary import FACT_FIELDS


class SourcedFact(NamedTuple):
    """One recorded fact: ``attributed`` when a source backs this fact itself, false when
    only the card row's source (which may cite several pages) does."""

    card_id: str
    field: str
    value: str
    source: str
    inferred: str  # the reasoning when the source implies the fact; '' when it states it
    attributed: bool

    def as_json(self) -> dict[str, object]:
        return {
            "field": self.field,
            "value": self.value,
            "source": self.source,
            "inferred": self.inferred or None,
            "attributed": self.attributed,
        }


class FactSource(NamedTuple):
    """A fact_sources row as the catalogue holds it ('' for an empty value)."""

    field: str
    value: str
    source: str
    inferred: str


def recorded_facts(card: Card) -> Iterator[tuple[str, str]]:
    """(field, value as CSV text) for every fact the card records, each printing apart."""
    flat = flat_card(card.to_contract())
    for name in FACT_FIELDS:
        if name == "sets":
            yield from (("sets", code) for code in card.sets)
        elif flat[name]:
            yield name, flat[name]


def legality_value(fact: LegalityFact) -> str:
    """A legality fact as one value: "type-two legal from 2008-06-07"."""
    since = f" from {fact.date}" if fact.date else ""
    return f"{fact.format} {fact.status}{since}"


def card_facts(
    card: Card, sources: Iterable[FactSource], legality: Iterable[LegalityFact]
) -> list[SourcedFact]:
    """Every recorded fact of ``card`` with its source; then its legality facts."""
    own: Mapping[tuple[str, str], FactSource] = {(s.field, s.value): s for s in sources}
    facts = []
    for name, value in recorded_facts(card):
        backing = own.get((name, value)) or (None if name == "sets" else own.get((name, "")))
        if backing is None:
            facts.append(SourcedFact(card.id, name, value, card.source, "", False))
        else:
            facts.append(SourcedFact(card.id, name, value, backing.source, backing.inferred, True))
    facts += [
        SourcedFact(card.id, "legality", legality_value(f), f.source, f.inferred, True)
        for f in legality
    ]
    return facts
