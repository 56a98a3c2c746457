"""basics (HL102): at least one of each of the 9 basic attacks and 6 basic blocks.

Basic attacks: Upper Left, Upper Center, Upper Right, Middle Left, Thrust, Middle Right,
Lower Left, Lower Center and Lower Right Attack. Basic blocks: Upper Left, Upper Center,
Upper Right, Lower Left, Lower Center and Lower Right Block (seed 001 calls the centre ones
Upper Block and Lower Block; seed 000 calls Upper Center Attack Upper Middle Attack).

Source: seed 002 (Constructing a Deck: Attacks, Blocks); seed 000 (Deck Construction);
seed 001 (Deck Composition).

A missing basic card that an unrecognised Endurance line may name (it is among the line's
did-you-mean or candidate cards) is not reported here: the problem on that line covers it,
so that one typo is one problem.

Failing example: an Endurance without a Lower Right Block.

Fix: add one copy of each missing basic card.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.problem import Finding

BASIC_ATTACKS = (
    "upper-left-attack",
    "upper-center-attack",
    "upper-right-attack",
    "middle-left-attack",
    "thrust",
    "middle-right-attack",
    "lower-left-attack",
    "lower-center-attack",
    "lower-right-attack",
)
BASIC_BLOCKS = (
    "upper-left-block",
    "upper-center-block",
    "upper-right-block",
    "lower-left-block",
    "lower-center-block",
    "lower-right-block",
)
BASICS = BASIC_ATTACKS + BASIC_BLOCKS
BASIC_TITLES = tuple(
    "Thrust" if card_id == "thrust" else card_id.replace("-", " ").title() for card_id in BASICS
)


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    present = {dc.card.id for dc in deck.endurance}
    maybe_named = {i for u in deck.unresolved if u.section != "pregame" for i in u.card_ids}
    missing = [card_id for card_id in BASICS if card_id not in present | maybe_named]
    known = [card_id for card_id in missing if card_id in context.catalogue.cards]
    if known:
        names = ", ".join(context.catalogue.cards[i].title for i in known)
        yield Finding(
            f"missing {len(known)} of the 15 basic cards: {names}",
            cards=tuple(known),
            fix="add one copy of each: "
            + "; ".join(f"1 {context.catalogue.cards[i].title}" for i in known),
            edits=tuple(("add", card_id, 1) for card_id in known),
        )


RULE = Rule("HL102", "basics", "One of each basic attack and block", check)
