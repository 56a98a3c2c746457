"""What an Immortal's numbers give in play (seed 003): Life Points, hand size and the Force
of every stat-based card, with a location's effect (Locations) applied where it changes
them."""

from __future__ import annotations

from typing import Any

from hlcg.tcboo import SWORD_STATS
from hlcg.tcboo.records import Card, Location, Sword
from hlcg.tcboo.store import TcbooData

BASE_HAND_SIZE = 5  # Setup: "Each player is dealt 5 cards."


def location_force(card: Card, location: Location | None) -> int | None:
    """What the location adds to a card's Force; None when it depends on how a card of
    type B (attack or defense) is played and the location treats those differently."""
    if location is None:
        return 0
    attack, defense = location.attack_force or 0, location.defense_force or 0
    change = location.interference_force or 0 if card.interference else 0
    if card.type == "A":
        return change + attack
    if card.type == "D":
        return change + defense
    if card.type == "B" and attack != defense:
        return None
    return change + (attack if card.type == "B" else 0)


def _stat_force(stat: str, stats: dict[str, int], sword: Sword | None) -> int | None:
    """The Force a card reads from an Immortal stat or, for the five sword stats, the sword."""
    if stat in SWORD_STATS:
        return None if sword is None else int(getattr(sword, stat))
    return stats.get(stat)


def card_forces(
    data: TcbooData, stats: dict[str, int], sword: Sword | None, location: Location | None
) -> tuple[dict[str, int | None], list[str]]:
    """card name -> Force of every stat-based card (None when the stat is unknown), and
    notes on what the location does that a number cannot say."""
    forces: dict[str, int | None] = {}
    notes: list[str] = []
    for card in data.cards.values():
        if not card.force_stat:
            continue
        if location is not None and location.removes_interference and card.interference:
            notes.append(f"{card.name} is out of the deck at {location.name}")
            continue
        value = _stat_force(card.force_stat, stats, sword)
        change = location_force(card, location)
        if change is None and location is not None:
            notes.append(
                f"{card.name}: {location.attack_force or 0:+d} as an attack, "
                f"{location.defense_force or 0:+d} as a defense at {location.name}"
            )
            change = 0
        forces[card.name] = None if value is None else value + (change or 0)
    return dict(sorted(forces.items())), notes


def derive(
    stats: dict[str, int],
    sword: Sword | None,
    data: TcbooData,
    location: Location | None = None,
) -> dict[str, Any]:
    """Life Points, hand size and the Force of every stat-based card, with the location's
    effect (seed 003, Locations) applied where it changes them."""
    forces, notes = card_forces(data, stats, sword, location)
    endurance = stats.get("endurance")
    hand_change = (location.hand_size or 0) if location is not None else 0
    hand_size = BASE_HAND_SIZE + hand_change
    where = f" at {location.name}" if hand_change and location is not None else ""
    derived: dict[str, Any] = {
        "life_points": None if endurance is None else 15 + endurance,
        "hand_size": hand_size,
        "hand_size_note": f"{hand_size + 1} instead{where} when this Immortal's Experience is "
        f"higher than the opponent's (Experience {stats.get('experience', '?')})",
        "card_forces": forces,
    }
    if location is not None:
        derived["location"] = {"name": location.name, "effect": location.effect}
        if notes:
            derived["location_notes"] = notes
    return derived
