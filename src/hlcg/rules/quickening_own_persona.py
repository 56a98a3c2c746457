"""quickening-own-persona (HL304): no Quickening of the persona you play.

A Quickening names its persona in its title or subtitle.

Unknown facts: a Quickening is known by its type; a card whose type is not recorded is not
checked here.

Source: seed 002 (Pre-Game Cards).

Failing example: `Persona: Duncan MacLeod` with a Duncan MacLeod Quickening.

Fix: remove the Quickening, or play another persona's.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise
from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    own = deck.persona_names
    for deck_card in deck.pregame:
        card = deck_card.card
        if card.type != "quickening":
            continue
        named = {normalise(card.title)} | ({normalise(card.subtitle)} if card.subtitle else set())
        if named & own:
            yield Finding(
                f"{card.name} is the Quickening of {deck.persona.title if deck.persona else ''}, "
                "the persona this deck plays",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {card.name}",
                edits=(("remove", card.id, deck_card.count),),
            )


RULE = Rule(
    "HL304", "quickening-own-persona", "No Quickening of your own persona", check, persona=True
)
