"""persona-specific (HL201): no card whose subtitle names another persona.

When you play a Persona you may only include Persona-specific cards of that Persona; a card
whose subtitle names a faction is only for the faction's members. Borrowing permissions
(Generic Immortal, `borrow`, `allowance`, `any-master-cards`) are applied first; what is
left is reported here (Reserved and Signature cards are reported by their own rules).

Source: seed 001 (Immortal-Specific Cards; Persona Cards); seed 002 (Card Anatomy:
Sub-Title; Persona Cards); seed 000 (Persona Cards).

Failing example: `Persona: The Kurgan` with `1 Duck: Connor MacLeod`.

Fix: remove the card, or replace it with a generic card or one of your persona's.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Rule
from hlcg.rules.context import Context, refusals
from hlcg.rules.problem import Finding


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    persona = deck.persona.title if deck.persona and not deck.is_generic else "a Generic Immortal"
    yield from refusals(
        context,
        "persona-specific",
        lambda r: (
            f"{r.deck_card.card.name} is specific to {r.deck_card.card.subtitle}; "
            f"{persona} may not include it" + (f" ({r.reason})" if "permission" in r.reason else "")
        ),
    )


RULE = Rule("HL201", "persona-specific", "No other persona's cards", check)
