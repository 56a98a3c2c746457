"""The basics rule (every Endurance holds each basic attack and block) and the catalogue's
basic cards, which deck statistics read too."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hlcg.catalog import normalise
from hlcg.deck import PREGAME, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue
    from hlcg.rules.context import Context

# Each basic: its seed 002 title first, then the other spellings the seeds use.
DEFAULT_BASICS: list[list[str]] = [
    ["Upper Left Attack"],
    ["Upper Center Attack", "Upper Middle Attack"],
    ["Upper Right Attack"],
    ["Middle Left Attack"],
    ["Thrust", "Middle Center Attack"],
    ["Middle Right Attack"],
    ["Lower Left Attack"],
    ["Lower Center Attack"],
    ["Lower Right Attack"],
    ["Upper Left Block"],
    ["Upper Center Block", "Upper Block"],
    ["Upper Right Block"],
    ["Lower Left Block"],
    ["Lower Center Block", "Lower Block"],
    ["Lower Right Block"],
]


def _spellings(basic: str | list[str]) -> list[str]:
    return [basic] if isinstance(basic, str) else list(basic)


def basic_cards(
    catalogue: Catalogue, basics: list[Any]
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Per basic (by its first title), the catalogue cards that are it; empty when the
    catalogue has none."""
    return _basic_cards(catalogue, tuple(tuple(_spellings(basic)) for basic in basics))


# Asked once per deck check with the same parameters: one query per catalogue and basics list.
@lru_cache(maxsize=16)
def _basic_cards(
    catalogue: Catalogue, basics: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    wanted = sorted({normalise(s) for spellings in basics for s in spellings})
    marks = ", ".join("?" * len(wanted))
    by_title: dict[str, list[Card]] = {}
    # One indexed query for the basics' titles: a deck check reads only the rows it needs.
    for card in catalogue.select_cards(f"title_norm IN ({marks}) AND subtitle IS NULL", wanted):
        if not card.is_pregame:
            by_title.setdefault(normalise(card.title), []).append(card)
    found = []
    for spellings in basics:
        cards = [c for s in spellings for c in by_title.get(normalise(s), [])]
        found.append((spellings[0], tuple(sorted(cards, key=lambda c: c.id))))
    return tuple(found)


def check_basics(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    """basics (HL102): at least one of each of the 9 basic attacks and 6 basic blocks.

    Basic attacks: Upper Left, Upper Center, Upper Right, Middle Left, Thrust, Middle Right,
    Lower Left, Lower Center and Lower Right Attack. Basic blocks: Upper Left, Upper Center,
    Upper Right, Lower Left, Lower Center and Lower Right Block (seed 001 calls the centre ones
    Upper Block and Lower Block and the thrust the Middle Center attack; seed 000 calls Upper
    Center Attack Upper Middle Attack).

    A basic card is known by its title, as the rulebooks print it, never by a catalogue id:
    a catalogue card without a subtitle whose title is one of a basic's spellings is that basic.
    When the catalogue has no card for a basic, the rule says it could not check it (`unchecked`).

    Unknown facts: a basic is known by its title, which every card has; a catalogue with no
    card for a basic makes a note (`unchecked`), never a pass or an error.

    Source: seed 002 (Constructing a Deck: Attacks, Blocks); seed 000 (Deck Construction);
    seed 001 (Deck Composition; Basic Attack; Basic Defenses).

    A missing basic card that an unrecognised Endurance line may name (it is among the line's
    did-you-mean or candidate cards) is not reported here: the problem on that line covers it,
    so that one typo is one problem.

    Failing example: an Endurance without a Lower Right Block.

    Fix: add one copy of each missing basic card.

    Options: `cards` (list, default the fifteen basic attacks and blocks): the basic cards the
    Endurance needs one of each, each given by its spellings.
    """
    present = {dc.card.id for dc in deck.endurance}
    maybe_named = {i for u in deck.unresolved if u.section != PREGAME for i in u.card_ids}
    missing: list[Card] = []
    not_in_catalogue: list[str] = []
    basics = basic_cards(context.catalogue, params["cards"])
    for title, cards in basics:
        if not cards:
            not_in_catalogue.append(title)
        elif not any(c.id in present | maybe_named for c in cards):
            missing.append(cards[0])
    if missing:
        names = ", ".join(c.title for c in missing)
        yield Finding(
            f"missing {len(missing)} of the {len(basics)} basic cards: {names}",
            cards=tuple(c.id for c in missing),
            fix="add one copy of each: " + "; ".join(f"1 {c.title}" for c in missing),
            edits=tuple(("add", c.id, 1) for c in missing),
        )
    if not_in_catalogue:
        yield Finding(
            f"the catalogue has no card for {plural(len(not_in_catalogue), 'basic card')} "
            f"({', '.join(not_in_catalogue)}); whether the deck holds them could not be checked",
            fix="check the basics by hand; curators can add the basic cards to the catalogue",
            unchecked=True,
        )


BASICS = Rule(
    "HL102",
    "basics",
    "One of each basic attack and block",
    check_basics,
    params=(
        Param(
            "cards",
            list,
            DEFAULT_BASICS,
            "seed 002 §Constructing a Deck; seed 001 §Basic Attack, §Basic Defenses; "
            "seed 000 §Deck Construction: each basic's titles, the first as printed in seed 002",
        ),
    ),
)
