"""What a card's subtitle names: a persona, a Weapon of Choice or a faction.

The subtitle decides whose card a card is (seed 002, Card Anatomy: Sub-Title): a card
subtitled with a persona's name is that persona's, one subtitled with a weapon's name is a
weapon card any persona wielding that weapon may use, one subtitled with a faction's name
belongs to that faction's personas.
"""

from __future__ import annotations

from hlcg.catalog.card import Card
from hlcg.catalog.store import Catalogue
from hlcg.catalog.vocabulary import normalise


def named_personas(catalogue: Catalogue, card: Card) -> set[str]:
    """The persona a card's subtitle names (normalised), as a set: empty when none."""
    if not card.subtitle or card.type == "persona":
        return set()
    name = normalise(card.subtitle)
    return {name} if name in catalogue.persona_names else set()


def named_weapon(catalogue: Catalogue, card: Card) -> str | None:
    """The Weapon of Choice a card's subtitle names (normalised), or None."""
    if not card.subtitle:
        return None
    name = normalise(card.subtitle)
    return name if name in catalogue.weapon_names else None


def named_faction(catalogue: Catalogue, card: Card) -> str | None:
    """The faction a card's subtitle names (normalised), or None."""
    if not card.subtitle or card.type == "persona":
        return None
    name = normalise(card.subtitle)
    return name if name in catalogue.faction_names else None


def is_weapon_card(catalogue: Catalogue, card: Card) -> bool:
    """A subtitle naming a weapon makes a weapon card, unless it is Reserved or Signature
    to a persona of the same name (the Katana persona and the Katana weapon)."""
    if named_weapon(catalogue, card) is None:
        return False
    return not (named_personas(catalogue, card) and (card.reserved or card.signature))
