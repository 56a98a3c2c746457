"""inferred-fact (HL901): a verdict that rests on an inferred fact (a note).

Some facts of the catalogue are inferred rather than stated by their source: a set code read
from a product name, a card taken as legal in Type Two because the rulebook plays it (the
`inferred` column of data/source/facts.csv and legality.csv gives the reasoning). When a
verdict on a card rests on such a fact, a note names the card, the fact and the reasoning,
so a player knows how far to trust it. A verdict rests on the fact when it would differ
without it: a card legal in its format by an inferred printing or legality fact alone (or
refused by an inferred ban), and a count or limit error (restriction, gem-cap,
master-limit) whose number, gem or Master limit is inferred. The note changes no verdict.

Unknown facts: none are assumed; a fact with no recorded reasoning is stated by its source.

Source: hlcg's data policy (README, "Real data only"): an inference is recorded as one.

Failing example: Head Shot in a Type Two deck: the 2009 rulebook gives the rules for playing
it but names no set, so its Type Two legality is inferred.

Fix: none needed; curators who find a source that states the fact record it in facts.csv
or legality.csv without the `inferred` reasoning (docs/catalogue.md).

Options: none; a format profile sets only its severity.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from hlcg.catalog import Card, FactSource
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding, Problem, Severity
from hlcg.rules.base import Rule, no_check
from hlcg.rules.context import Context
from hlcg.rules.legality import judge, printings_named

FIX = (
    "nothing to change in the deck; a curator who finds a source that states the fact "
    "records it without the inference (docs/catalogue.md)"
)
# The count and limit rules, and the facts of the cards they name that their errors read.
_LIMIT_FACTS = {
    "restriction": ("restriction",),
    "gem-cap": tuple(f"gem_{a}" for a in ("agility", "strength", "toughness", "empathy")),
    "master-limit": ("master_limit", "gem_master"),
}


class _Inferred(NamedTuple):
    card: Card
    what: str  # the fact: "printing SE", "type-two legality (legal from 2009)"
    reasoning: str
    line: int | None


def _note(card: Card, what: str, reasoning: str, line: int | None) -> _Inferred:
    return _Inferred(card, what, reasoning.strip().rstrip("."), line)


def _grouped(found: Iterable[_Inferred]) -> Iterator[Finding]:
    """One note per fact and reasoning: fifteen basics legal by one inference are one note."""
    groups: dict[tuple[str, str], list[_Inferred]] = {}
    for item in found:
        groups.setdefault((item.what, item.reasoning), []).append(item)
    for (what, reasoning), items in groups.items():
        # cards hold dicts; named by name, as other notes list cards, never by line order
        cards = sorted({i.card.id: i.card for i in items}.values(), key=lambda c: (c.name, c.id))
        if len(cards) == 1:
            subject, rests = f"{cards[0].name}'s {what} is", "the verdict on it rests"
        else:
            names = ", ".join(c.name for c in cards[:-1]) + f" and {cards[-1].name}"
            subject, rests = f"the {what} of {names} is", "the verdicts on them rest"
        yield Finding(
            f"{subject} inferred ({reasoning}): {rests} on that",
            cards=tuple(c.id for c in cards),
            line=items[0].line,
            fix=FIX,
        )


def _legality_notes(
    deck_card: DeckCard, deck: ResolvedDeck, context: Context, printings: Sequence[FactSource]
) -> Iterator[_Inferred]:
    """The inferred legality fact or printings the card's verdict in the format rests on."""
    card, catalogue = deck_card.card, context.catalogue
    excluded = context.param("format-legality", "excluded_editions")
    named = printings_named(deck, deck_card, catalogue)
    facts = catalogue.legality(card.id)
    verdict = judge(card, deck.format, catalogue, excluded, on=context.date, named_sets=named)
    if verdict.fact is not None and not verdict.fact.inferred:
        return  # a stated fact decides: it stays the latest in force without the inferred
    stated = tuple(f for f in facts if not f.inferred)
    inferred_sets = {p.value for p in printings}
    kept = tuple(code for code in card.sets if code not in inferred_sets)
    plain = card._replace(
        sets=kept,
        editions=frozenset(catalogue.sets[c]["edition"] for c in kept if c in catalogue.sets),
    )
    without = judge(
        plain, deck.format, catalogue, excluded, on=context.date, named_sets=named, facts=stated
    )
    if without.status == verdict.status:
        return
    if verdict.fact is not None and verdict.fact.inferred:
        fact = verdict.fact
        since = f" from {fact.date}" if fact.date else ""
        what = f"{fact.format} legality ({fact.status}{since})"
        yield _note(card, what, fact.inferred, deck_card.line)
        return
    for printing in printings:
        yield _note(card, f"printing {printing.value}", printing.inferred, deck_card.line)


def _limit_notes(
    problems: Sequence[Problem], context: Context, inferred: dict[str, list[FactSource]]
) -> Iterator[_Inferred]:
    """The inferred numbers the count and limit errors read, once each."""
    seen: set[tuple[str, str]] = set()
    persona = context.deck.persona
    for problem in problems:
        fields = _LIMIT_FACTS.get(problem.rule)
        if fields is None or problem.severity != Severity.ERROR:
            continue
        # A persona's caps and Master limit decide these errors as much as the cards do.
        ids = [*problem.cards, *([persona.id] if persona and problem.rule != "restriction" else [])]
        for card_id in ids:
            for fact in inferred.get(card_id, []):
                if fact.field in fields and (card_id, fact.field) not in seen:
                    seen.add((card_id, fact.field))
                    card = context.catalogue.cards[card_id]
                    what = f"{fact.field.replace('_', ' ')} {getattr(card, fact.field)}"
                    yield _note(card, what, fact.inferred, None)


def notes(problems: Sequence[Problem], deck: ResolvedDeck, context: Context) -> Iterator[Finding]:
    """The notes for a checked deck's verdicts that rest on inferred facts: its format
    legality card by card, then its count and limit errors (``problems``)."""
    ids = sorted({dc.card.id for dc in deck.cards} | ({deck.persona.id} if deck.persona else set()))
    inferred = context.catalogue.inferred_sources(ids)
    found: list[_Inferred] = []
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        printings = [f for f in inferred.get(card.id, []) if f.field == "sets"]
        if printings or any(f.inferred for f in context.catalogue.legality(card.id)):
            found += _legality_notes(deck_card, deck, context, printings)
    found += _limit_notes(problems, context, inferred)
    return _grouped(found)


RULE = Rule(
    "HL901",
    "inferred-fact",
    "Verdicts that rest on an inferred fact",
    no_check,
    severity=Severity.NOTE,
)
