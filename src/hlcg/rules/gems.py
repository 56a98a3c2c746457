"""The attribute gem budget of a deck: gems used per attribute against the persona's caps.

Seed 002 (Constructing a Deck): the Endurance may hold as many gems of an attribute as the
persona's value times a multiplier, the Master gem times its own. The gem-cap rule, deck
statistics and the replacement search read the same budget.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter
from typing import NamedTuple

from hlcg.catalog import ATTRIBUTES, Card
from hlcg.deck import DeckCard

_gem_values = attrgetter(*(f"gem_{a}" for a in ATTRIBUTES))


def gem_caps(
    persona: Card | None, multiplier: int, master_multiplier: int
) -> dict[str, int | None]:
    """A persona's gem caps (seed 002, Constructing a Deck: each attribute times the
    multiplier, the Master gem times its own); None where the value is not recorded."""
    if persona is None:
        return dict.fromkeys(ATTRIBUTES)
    return {
        a: None if v is None else v * (master_multiplier if a == "master" else multiplier)
        for a, v in persona.gems.items()
    }


class GemBudget(NamedTuple):
    # Gems counted per attribute: a lower bound when some card's count is not recorded.
    used: dict[str, int]
    caps: dict[str, int | None]
    unknown_cards: tuple[str, ...]  # Endurance cards with a gem count not recorded
    contributors: dict[str, list[tuple[str, int]]]  # attribute -> [(card id, gems)]
    unknown: dict[str, tuple[str, ...]]  # attribute -> cards whose count of it is unknown

    @classmethod
    def of(cls, endurance: Iterable[DeckCard], caps: dict[str, int | None]) -> GemBudget:
        """The budget of an Endurance under ``caps``; contributors largest first. A gem
        count not recorded adds nothing: gems only add, so ``used`` is what the deck holds
        at least."""
        used = dict.fromkeys(ATTRIBUTES, 0)
        contributors: dict[str, list[tuple[str, int]]] = {a: [] for a in ATTRIBUTES}
        unknown: dict[str, set[str]] = {a: set() for a in ATTRIBUTES}
        for deck_card in endurance:
            card = deck_card.card
            # One attribute read per field: this runs for every deck and every --fix trial.
            for attribute, gems in zip(ATTRIBUTES, _gem_values(card), strict=True):
                if gems is None:
                    unknown[attribute].add(card.id)
                elif gems:
                    used[attribute] += gems * deck_card.count
                    contributors[attribute].append((card.id, gems * deck_card.count))
        for listed in contributors.values():
            listed.sort(key=lambda item: (-item[1], item[0]))
        any_unknown = tuple(sorted(set().union(*unknown.values())))
        by_attribute = {a: tuple(sorted(ids)) for a, ids in unknown.items()}
        return cls(used, caps, any_unknown, contributors, by_attribute)
