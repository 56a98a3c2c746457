"""watcher-cards (HL307): Watcher cards only with a Watcher pre-game.

A Watcher card is an Endurance card with the word Watcher in its title (possessives
included: Watcher's Oath). Not a first-edition rule: in first edition Watcher cards were
played without any Watcher pre-game (research rules-notes.md section 7), so the
first-edition and Type One profiles do not run it.

Unknown facts: a Watcher card is known by its title, and the Watcher pre-game by its type.
A card whose type is not recorded, listed under `Pre-Game:` (and counted in the Endurance,
with a `deck-syntax` warning), may be that Watcher: then the missing pre-game is a note
(`unchecked`), not an error.

Source: seed 000 (Watcher Cards).

Failing example: `1 Watcher: Revealed` with no Watcher under `Pre-Game:`.

Fix: add a Watcher pre-game (e.g. Joe Dawson) or remove the Watcher cards.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.word_cards import cards_needing


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    yield from cards_needing(deck, context, "watcher", "Watcher")


RULE = Rule(
    "HL307", "watcher-cards", "Watcher cards need a Watcher pre-game", check, judges_candidates=True
)
