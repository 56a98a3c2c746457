"""The attack grid: nine areas (rows Upper, Middle, Lower; columns Left, Center, Right) and
the areas a card covers, as the rulebooks give them, edition by edition.

The catalogue has no grid column. What a source gives:

- The nine basic Attacks each go to the area they are named after, Thrust to the center
  (seed 001_6402d66a7a4065b1.txt §Basic Attack; seed 002_f2e543bcb7a26c32.txt §Card Groups).
- The six basic Blocks: in the first-edition rules a Block played to an upper area also
  counters an attack to the middle area below it ("If an Upper Left Attack and a Middle
  Left Attack are played, the defender may use one Upper Left Block to counter both
  Attacks", seed 001 §Making your Deck; six Blocks answer nine attack areas, seed 001 §Basic
  Defenses). Seed 002 names the same six Blocks by area (§Card Groups) but not whether they
  reach the middle row: that stays not recorded, as whether a first-edition Lower Block does.
- Any other card: the area its recorded text gives ("Middle Left grid version", "Basic
  attack to the middle-center square").

A card whose grid no source gives has an unknown grid: it is counted apart and named,
never guessed from its name.

Card families follow the rulebooks: Attacks, Special Attacks and Ranged Attacks are
attacks; Blocks, Dodges and Guards are defenses (seed 001 §Attacks and Defenses); Events,
Situations, Locations, Plots and Objects are Special Cards (seed 002 §Card Groups).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog import normalise

if TYPE_CHECKING:
    from hlcg.catalog import Card

ROWS = ("upper", "middle", "lower")
COLUMNS = ("left", "center", "right")
AREAS: tuple[str, ...] = tuple(f"{row}-{column}" for row in ROWS for column in COLUMNS)

ATTACK_TYPES = frozenset({"attack", "special-attack", "ranged-attack"})
DEFENSE_TYPES = frozenset({"block", "dodge", "guard"})
# The kinds `hlcg deck odds` takes as a type: a word players say -> the card types it means.
FAMILIES: dict[str, frozenset[str]] = {
    "attack": ATTACK_TYPES,
    "block": frozenset({"block"}),
    "dodge": frozenset({"dodge"}),
    "guard": frozenset({"guard"}),
    "defense": DEFENSE_TYPES,
    "special": frozenset({"event", "situation", "location", "plot", "object"}),
}

# Words for the middle column, as players write them (hlcg.catalog.lookup folds the same).
_COLUMN_WORDS = {"left": "left", "right": "right", "center": "center", "centre": "center"}
_COLUMN_WORDS |= {"middle": "center", "mid": "center"}
_NAMED_AREA = re.compile(r"\b(upper|middle|lower) (left|center|centre|middle|mid|right)\b")
_TEXT_AREA = re.compile(
    r"\b(upper|middle|lower)[ -](left|center|centre|middle|right) (?:grid|square)\b",
    re.IGNORECASE,
)


def area_named(text: str) -> str | None:
    """The area a user names: "upper-left", "Upper Left", "middle centre" -> its id."""
    match = _NAMED_AREA.fullmatch(normalise(text))
    return f"{match[1]}-{_COLUMN_WORDS[match[2]]}" if match else None


# The rulebook (seed) whose grid a format's cards follow.
FIRST_EDITION = "001"
TYPE_TWO = "002"
# The basic cards by title (seed 001 §Basic Attack and §Basic Defenses; seed 002 §Card
# Groups) -> the area each is named for.
BASIC_ATTACKS = {f"{row} {column} attack": f"{row}-{column}" for row in ROWS for column in COLUMNS}
BASIC_ATTACKS["thrust"] = BASIC_ATTACKS.pop("middle center attack")
BASIC_BLOCKS = {
    f"{row} {column} block": f"{row}-{column}" for row in ("upper", "lower") for column in COLUMNS
}
_BASIC_ATTACK_SOURCE = "seed 001 §Basic Attack; seed 002 §Card Groups"


class Grid(NamedTuple):
    """The areas a card covers as far as a source gives them, the source, and the areas it
    may also cover that no source decides (a Type Two basic Block and the middle row)."""

    covers: frozenset[str]
    source: str
    not_recorded: frozenset[str] = frozenset()


def rulebook_of(editions: Iterable[str]) -> str:
    """The rulebook whose grid a format's cards follow: Type Two's (seed 002) for a format
    of 2nd Edition cards, else the first edition's (seed 001; Type One keeps its rules)."""
    return TYPE_TWO if "2E" in editions else FIRST_EDITION


def card_grid(card: Card, rulebook: str) -> Grid | None:
    """What the sources give of the areas ``card`` covers under ``rulebook``'s rules, or
    None when they give none."""
    title = normalise(card.title)
    if card.type == "attack" and title in BASIC_ATTACKS:
        return Grid(frozenset({BASIC_ATTACKS[title]}), _BASIC_ATTACK_SOURCE)
    if card.type == "block" and title in BASIC_BLOCKS:
        return _basic_block(BASIC_BLOCKS[title], rulebook)
    found = _TEXT_AREA.search(card.text or "")
    if found is None:
        return None
    area = f"{found[1].lower()}-{_COLUMN_WORDS[found[2].lower()]}"
    return Grid(frozenset({area}), "the card's recorded text")


def _basic_block(area: str, rulebook: str) -> Grid:
    row, column = area.split("-")
    if rulebook == FIRST_EDITION and row == "upper":
        covers = frozenset({area, f"middle-{column}"})
        return Grid(covers, "seed 001 §Making your Deck (an Upper Block counters the Middle)")
    source = "seed 001 §Basic Defenses; seed 002 §Card Groups"
    return Grid(frozenset({area}), source, frozenset({f"middle-{column}"}))


def card_area(card: Card, rulebook: str = TYPE_TWO) -> str | None:
    """The one area a source gives ``card`` as its own (an attack's area, a Block's named
    area), or None when none does."""
    grid = card_grid(card, rulebook)
    if grid is None:
        return None
    if len(grid.covers) == 1:
        return next(iter(grid.covers))
    return next(a for a in AREAS if a in grid.covers)  # the upper one of a 1E Block


def covers(card: Card, area: str, rulebook: str) -> bool:
    """Whether a source gives ``card`` as covering ``area`` under ``rulebook``."""
    grid = card_grid(card, rulebook)
    return grid is not None and area in grid.covers


def is_attack(card: Card) -> bool:
    return card.type in ATTACK_TYPES


def is_defense(card: Card) -> bool:
    return card.type in DEFENSE_TYPES
