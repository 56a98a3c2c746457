"""Each recorded fact of a card with its own source: the fact_sources row that backs it
(data/source/facts.csv), else the card row's source, shown as card-level.

A legality row carries its own source, so it is always a fact with its own source. A
printing is a fact of its own: one card may cite one page for one printing and another for
the next.
"""

# No `from __future__ import annotations`: NamedTuple fields written as strings cost a
# compile each at import.
from collections.abc import Iterable, Iterator
from typing import NamedTuple

from hlcg.catalog.card import Card, LegalityFact, flat_card
from hlcg.catalog.vocabulary import FACT_FIELDS


class SourcedFact(NamedTuple):
    """One recorded fact: ``attributed`` when a source backs this fact itself, false when
    only the card row's source (which may cite several pages) does. ``sources``: every
    source recorded for it, the ones that state it first (two readers who read it off their
    cards are two); ``source`` is them in one text."""

    card_id: str
    field: str
    value: str
    source: str
    inferred: str  # the reasoning when every source only implies the fact; '' when one states it
    attributed: bool
    sources: tuple[str, ...] = ()

    @property
    def confirmations(self) -> int:
        """How many sources back the fact (the card row's counts as one)."""
        return max(1, len(self.sources))

    def as_json(self) -> dict[str, object]:
        return {
            "field": self.field,
            "value": self.value,
            "source": self.source,
            "sources": list(self.sources or (self.source,)),
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


def _backed(card: Card, name: str, value: str, backing: list[FactSource]) -> SourcedFact:
    """A fact with the sources recorded for it: those that state it before those that
    infer it; inferred only when none states it."""
    stating = [b for b in backing if not b.inferred]
    ordered = list(dict.fromkeys(b.source for b in (*stating, *backing)))
    inferred = "" if stating else backing[0].inferred
    return SourcedFact(card.id, name, value, "; ".join(ordered), inferred, True, tuple(ordered))


def card_facts(
    card: Card, sources: Iterable[FactSource], legality: Iterable[LegalityFact]
) -> list[SourcedFact]:
    """Every recorded fact of ``card`` with its sources; then its legality facts."""
    own: dict[tuple[str, str], list[FactSource]] = {}
    for row in sources:
        own.setdefault((row.field, row.value), []).append(row)
    facts = []
    for name, value in recorded_facts(card):
        # A row for this value, and for a field as a whole the rows that name no value.
        backing = own.get((name, value), []) + ([] if name == "sets" else own.get((name, ""), []))
        if not backing:
            facts.append(SourcedFact(card.id, name, value, card.source, "", False))
        else:
            facts.append(_backed(card, name, value, backing))
    facts += [
        SourcedFact(card.id, "legality", legality_value(f), f.source, f.inferred, True)
        for f in legality
    ]
    return facts
