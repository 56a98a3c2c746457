"""restriction (HL104): no more copies of a card than its restriction number.

Counted per card, that is per text: Grayson's three Business as Usual, each restricted to
2, may be 2 + 2 + 2; Ramirez's Master's Block, restricted to 2 and printed with two images,
is 2 in total. A line written by a title whose versions differ only in text (`6 Business as
Usual`) may mean any of them: its copies are pooled across the versions, and the deck is
illegal only when no split of the copies over the versions respects every version's number.
When the verdict depends on the split, a note says so.

Each `restriction-bonus` modifier in the deck (first-edition pre-game Darius) raises the
number by its amount for cards the deck may use normally; never for Signature cards, whose
restriction cannot be altered, and never for cards borrowed from another persona.

Cards whose restriction number is not recorded are listed by `unchecked` when the deck
holds more than one copy. A card a source states carries no restriction number (the basic
attacks, Joe Dawson; the catalogue's `unrestricted` fact) is limited only by the general
limits, and is no data gap.

Source: seed 001 (Restricted Cards); seed 000 (Deck Construction: Restricted Cards,
Signature Cards); seed 002 (Restriction Number); research rules-notes.md section 3
(http://www.oocities.org/gislef/cotw06.htm, http://www.watcherdatabase.tk/Articles/19.html).

Failing example: 3 Luck: Richie Ryan (restricted to 2).

Fix: remove the extra copies.

Options: none; a format profile sets only its severity.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from hlcg.catalog.card import Card
from hlcg.deck.resolve import DeckCard, ResolvedDeck
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.modifiers import RestrictionBonus
from hlcg.rules.problem import Finding
from hlcg.wording import plural

# The limit of a card that carries no restriction number: this rule never limits it.
NO_NUMBER = sys.maxsize


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    bonus = sum(
        m.amount * dc.count for dc, m in context.modifiers if isinstance(m, RestrictionBonus)
    )
    # Only a bonus needs the borrowing analysis: it raises cards used normally.
    normal = context.borrowing.normal if bonus else frozenset()

    def limit_of(card: Card) -> int | None:
        if card.unrestricted:
            return NO_NUMBER
        if card.restriction is None:
            return None
        raised = bonus if (card.id in normal and not card.signature) else 0
        return card.restriction + raised

    def how(card: Card) -> str:
        limit = limit_of(card)
        raised = (limit or 0) - (card.restriction or 0)
        return f" (restriction {card.restriction} + {raised} from Darius)" if raised else ""

    # Copies named as one version, per version id.
    named: defaultdict[str, int] = defaultdict(int)
    for deck_card in deck.cards:
        if not deck_card.pooled:
            named[deck_card.card.id] += deck_card.count
    unknown: list[str] = []
    for deck_card in deck.cards:
        if deck_card.pooled:
            yield from _pooled(deck_card, named, limit_of, unknown)
            continue
        card = deck_card.card
        limit = limit_of(card)
        if limit is None:
            if deck_card.count > 1 and not card.is_pregame:
                unknown.append(card.id)
            continue
        if deck_card.count > limit:
            yield Finding(
                f"{deck_card.count} copies of {card.name}; restricted to {limit}{how(card)}",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {deck_card.count - limit} {card.name}",
                edits=(("remove", card.id, deck_card.count - limit),),
            )
    if unknown:
        yield Finding(
            f"restriction number not recorded for {plural(len(unknown), 'card')} held in several "
            f"copies: {context.names(unknown)}",
            cards=tuple(sorted(set(unknown))),
            fix="check the printed numbers; curators can record them in their catalogue: "
            "`hlcg db gaps --output csv` writes a fact sheet that `hlcg db import` reads",
            unchecked=True,
        )


def _pooled(
    deck_card: DeckCard,
    named: dict[str, int],
    limit_of: Any,
    unknown: list[str],
) -> Iterator[Finding]:
    """A line that may mean any of several versions: legal when some split of its copies
    over the versions keeps each within its number, next to the copies named one by one."""
    versions = deck_card.versions
    limits = [limit_of(v) for v in versions]
    card, copies = deck_card.card, deck_card.count
    if any(limit is None for limit in limits):
        if copies > 1 and not card.is_pregame:
            unknown.extend(v.id for v in versions)
        return
    room = [max(0, limit - named.get(v.id, 0)) for v, limit in zip(versions, limits, strict=True)]
    capacity = sum(room)
    shown = ", ".join(str(limit) for limit in limits)
    ids = tuple(v.id for v in versions)
    if copies > capacity:
        yield Finding(
            f"{copies} copies of {card.name} over its {len(versions)} versions (restricted to "
            f"{shown}); at most {capacity} fit",
            cards=ids,
            line=deck_card.line,
            fix=f"remove {copies - capacity} {card.name}",
            edits=(("remove", card.id, copies - capacity),),
        )
    elif copies > min(room):
        split = " + ".join(str(r) for r in room)
        yield Finding(
            f"{copies} {card.name}: legal only when split over its {len(versions)} versions "
            f"({split} at most); name the versions to be sure",
            cards=ids,
            line=deck_card.line,
            fix="write each version on its own line: " + ", ".join(ids),
            advisory=True,
        )


RULE = Rule("HL104", "restriction", "No more copies than the restriction number", check)
