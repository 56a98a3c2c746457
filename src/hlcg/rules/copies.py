"""Rules on copies of a card: how many cards may share a title, and how many copies its
restriction number (with the modifiers that raise it) allows.

Each rule is its check function, whose docstring is the rule's documentation
(`hlcg rules CODE` prints it); the registry lists them in order.
"""

from __future__ import annotations

import sys
from collections import defaultdict
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

from hlcg.catalog import Card, normalise
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.rules.permissions import RestrictionBonus
from hlcg.wording import plural


def check_title_limit(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """title-limit (HL103): at most `max` cards sharing a title.

    The title is the part before the subtitle. Every version of a title counts together, and
    pre-game cards count too: Flurry Strike's three grid versions share one limit; Flashback:
    Recover Edge counts against the persona Flashbacks; a pre-game Joe Dawson takes a place of
    the Joe Dawson Situations; all cards titled Watcher share one limit.

    Unknown facts: every card has a title, so the count of the cards named is exact. A line
    naming no single card is reported by `unknown-card` or `ambiguous-card` and not counted.

    Source: seed 002 (Card Anatomy: Title); seed 000 (Deck Construction, Restricted Cards);
    seed 001 (Deck Composition); research rules-notes.md section 1
    (http://www.watcherdatabase.tk/Articles/71.html, cotw07, http://www.oocities.org/gislef/cotw16.htm).

    Failing example: 4 Flurry Strike (Middle Left) and 3 Flurry Strike (Middle Right).

    Fix: remove copies until at most `max` cards share the title.

    Options: `max` (int): the most cards one title may share.
    """  # noqa: E501
    limit = params["max"]
    groups: defaultdict[str, list[DeckCard]] = defaultdict(list)
    # each title's cards by name, so the same deck in any line order gets the same problem
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.name, dc.card.id)):
        groups[normalise(deck_card.card.title)].append(deck_card)
    for members in groups.values():
        total = sum(dc.count for dc in members)
        if total <= limit:
            continue
        title = members[0].card.title
        parts = ", ".join(f"{dc.count} {dc.name}" for dc in members)
        excess = total - limit
        # Remove from the largest group first: the smallest change keeps every version.
        largest = max(members, key=lambda dc: (dc.count, dc.card.id))
        lines = [dc.line for dc in members if dc.line is not None]
        yield Finding(
            f"{total} cards titled {title!r} ({parts}); at most {limit} may share a title",
            cards=tuple(dc.card.id for dc in members),
            line=min(lines) if lines else None,
            fix=f"remove {plural(excess, 'card')} titled {title!r}",
            edits=(("remove", largest.card.id, excess),),
        )


TITLE_LIMIT = Rule(
    "HL103",
    "title-limit",
    "At most {max} cards share a title",
    check_title_limit,
    params=(Param("max", int, 6, "seed 001 §Deck Composition; seed 002 §Card Anatomy (Title)"),),
    count_limit=True,
    judges_candidates=True,
)


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


def check_restriction(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
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


RESTRICTION = Rule(
    "HL104",
    "restriction",
    "No more copies than the restriction number",
    check_restriction,
    count_limit=True,
    judges_candidates=True,
)
