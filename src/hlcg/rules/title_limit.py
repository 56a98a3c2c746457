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
"""

from collections import defaultdict
from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.wording import plural


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
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


RULE = Rule(
    "HL103",
    "title-limit",
    "At most {max} cards share a title",
    check,
    params=(Param("max", int, 6, "seed 001 §Deck Composition; seed 002 §Card Anatomy (Title)"),),
    count_limit=True,
    judges_candidates=True,
)
