"""hunter-cards (HL308): Hunter cards only with a Hunter pre-game.

A Hunter card is an Endurance card with the word Hunter in its title. Not a first-edition
rule (research rules-notes.md section 7; no first-edition Hunter pre-game was found).

Unknown facts: as for `watcher-cards`: a card whose type is not recorded, listed under
`Pre-Game:`, may be the Hunter, and the missing pre-game is then a note (`unchecked`).

Source: seed 000 (Hunter Cards).

Failing example: an Endurance card titled with the word Hunter and no Hunter pre-game.

Fix: add a Hunter pre-game or remove the Hunter cards.

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
    yield from cards_needing(deck, context, "hunter", "Hunter")


RULE = Rule(
    "HL308", "hunter-cards", "Hunter cards need a Hunter pre-game", check, judges_candidates=True
)
