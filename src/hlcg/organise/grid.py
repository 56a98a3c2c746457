"""The attack grid: nine areas (rows Upper, Middle, Lower; columns Left, Center, Right) and
the areas a card covers, as far as the catalogue records them.

The catalogue has no grid column: a card's area is recorded in its name ("Upper Left
Attack", "Pistol: Upper Center") or in its recorded text ("Middle Left grid version",
"Basic attack to the middle-center square"). A card whose area is written nowhere has an
unknown grid: it is counted apart and named, never guessed.

Card families follow the rulebooks: Attacks, Special Attacks and Ranged Attacks are
attacks; Blocks, Dodges and Guards are defenses (seed 001_6402d66a7a4065b1.txt §Attacks and
Defenses); Events, Situations, Locations, Plots and Objects are Special Cards (seed
002_f2e543bcb7a26c32.txt §Card Groups).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

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


def card_area(card: Card) -> str | None:
    """The one area the catalogue records for ``card``, or None when it records none."""
    for name in (card.title, card.subtitle or ""):
        found = _NAMED_AREA.search(normalise(name))
        if found:
            return f"{found[1]}-{_COLUMN_WORDS[found[2]]}"
    found = _TEXT_AREA.search(card.text or "")
    return f"{found[1].lower()}-{_COLUMN_WORDS[found[2].lower()]}" if found else None


def is_attack(card: Card) -> bool:
    return card.type in ATTACK_TYPES


def is_defense(card: Card) -> bool:
    return card.type in DEFENSE_TYPES
