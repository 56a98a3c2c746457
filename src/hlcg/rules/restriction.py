"""restriction (HL104): no more copies of a card than its restriction number.

Counted per card, that is per text: Grayson's three Business as Usual, each restricted to
2, may be 2 + 2 + 2; Ramirez's Master's Block, restricted to 2 and printed with two images,
is 2 in total. A line written by a title whose versions differ only in text (`6 Business as
Usual`), or only in subtitles naming no persona, weapon or faction (`6 Security Guard`: its
Object and Situation), may mean any of them: its copies are pooled across the versions, and
the deck is illegal only when no split of the copies over the versions respects every
version's number. When the verdict depends on the split, a note says so.

Each `restriction-bonus` modifier in the deck (first-edition pre-game Darius) raises the
number by its amount for cards the deck may use normally; never for Signature cards, whose
restriction cannot be altered, and never for cards borrowed from another persona.

A card a source states carries no restriction number (the basic attacks, Joe Dawson; the
catalogue's `unrestricted` fact) is limited only by the general limits, and is no data gap.

Unknown facts: a restriction number not recorded counts as 1, the least a restriction number
is (docs/catalogue.md: the number says how many copies an Endurance may hold, so it is 1 or
more), raised by any bonus as a recorded one would be. Copies within that bound are legal
whatever the number (one copy; two with a first-edition Darius); more copies are a note
(`unchecked`, naming the cards), never an error, since the number has no known upper bound.
A pooled line whose copies fit its versions with the unrecorded numbers counted as 1 is
legal; one that fits only if some unrecorded number is larger is a note. The six-card title
limit is its own rule (`title-limit`); this one assumes no number it is not given.

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
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from hlcg.catalog import Card
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.modifiers import RestrictionBonus
from hlcg.wording import plural

# The limit of a card that carries no restriction number: this rule never limits it.
NO_NUMBER = sys.maxsize
# The least a restriction number can be: it counts the copies a deck may hold.
AT_LEAST = 1


class Limit(NamedTuple):
    """A card's limit: its restriction number with any bonus, or, when the number is not
    recorded, the least it can be (``known`` False)."""

    copies: int
    known: bool
    raised: int = 0  # the bonus included in ``copies``


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    bonus = sum(
        m.amount * dc.count for dc, m in context.modifiers if isinstance(m, RestrictionBonus)
    )
    # Only a bonus needs the borrowing analysis: it raises cards used normally.
    normal = context.borrowing.normal if bonus else frozenset()

    def limit_of(card: Card) -> Limit:
        if card.unrestricted:
            return Limit(NO_NUMBER, True)
        raised = bonus if (card.id in normal and not card.signature) else 0
        if card.restriction is None:
            return Limit(AT_LEAST + raised, False, raised)
        return Limit(card.restriction + raised, True, raised)

    # Copies named as one version, per version id.
    named: defaultdict[str, int] = defaultdict(int)
    for deck_card in deck.cards:
        if not deck_card.pooled:
            named[deck_card.card.id] += deck_card.count
    unknown: set[str] = set()
    for deck_card in deck.cards:
        if deck_card.pooled:
            yield from _pooled(deck_card, named, limit_of, unknown)
            continue
        card = deck_card.card
        limit = limit_of(card)
        if deck_card.count <= limit.copies:
            continue
        if not limit.known:
            if not card.is_pregame:
                unknown.add(card.id)
            continue
        how = f" (restriction {card.restriction} + {limit.raised} from Darius)"
        yield Finding(
            f"{plural(deck_card.count, 'copy')} of {card.name}; restricted to {limit.copies}"
            f"{how if limit.raised else ''}",
            cards=(card.id,),
            line=deck_card.line,
            fix=f"remove {deck_card.count - limit.copies} {card.name}",
            edits=(("remove", card.id, deck_card.count - limit.copies),),
        )
    if unknown:
        yield Finding(
            f"restriction number not recorded for {plural(len(unknown), 'card')} held in several "
            f"copies: {context.names(unknown)}",
            cards=tuple(sorted(unknown)),
            fix="check the printed numbers; curators can record them in their catalogue: "
            "`hlcg db gaps --output csv` writes a fact sheet that `hlcg db import` reads",
            unchecked=True,
        )


def _pooled(
    deck_card: DeckCard,
    named: dict[str, int],
    limit_of: Callable[[Card], Limit],
    unknown: set[str],
) -> Iterator[Finding]:
    """A line that may mean any of several versions: legal when some split of its copies
    over the versions keeps each within its number, next to the copies named one by one.
    An unrecorded number counts at its least: the room found is the least there is."""
    versions = deck_card.versions
    limits = [limit_of(v) for v in versions]
    card, copies, name = deck_card.card, deck_card.count, deck_card.name
    room = [
        max(0, limit.copies - named.get(v.id, 0)) for v, limit in zip(versions, limits, strict=True)
    ]
    unrecorded = [v.id for v, limit in zip(versions, limits, strict=True) if not limit.known]
    ids = tuple(v.id for v in versions)
    if copies > sum(room):
        if unrecorded:
            if not card.is_pregame:
                unknown.update(unrecorded)
            return
        shown = ", ".join(str(limit.copies) for limit in limits)
        yield Finding(
            f"{copies} copies of {name} over its {len(versions)} versions (restricted to "
            f"{shown}); at most {sum(room)} fit",
            cards=ids,
            line=deck_card.line,
            fix=f"remove {copies - sum(room)} {name}",
            edits=(("remove", card.id, copies - sum(room)),),
        )
    elif copies > min(room):
        split = " + ".join(str(r) for r in room)
        if unrecorded:  # the room found is the least: "only" is not known
            how = (
                f"legal when split over its {len(versions)} versions (room for {split}, the "
                f"{plural(len(unrecorded), 'restriction number')} not recorded counted as "
                f"{AT_LEAST})"
            )
        else:
            how = f"legal only when split over its {len(versions)} versions ({split} at most)"
        yield Finding(
            f"{copies} {name}: {how}; name the versions to be sure",
            cards=ids,
            line=deck_card.line,
            fix="write each version on its own line: " + ", ".join(ids),
            advisory=True,
        )


RULE = Rule(
    "HL104",
    "restriction",
    "No more copies than the restriction number",
    check,
    count_limit=True,
    judges_candidates=True,
)
