"""persona-specific (HL201): no card whose subtitle names another persona.

When you play a Persona you may only include Persona-specific cards of that Persona; a card
whose subtitle names a faction is only for the faction's members. Borrowing permissions
(Generic Immortal, `borrow`, `allowance`, `any-master-cards`) are applied first; what is
left is reported here (Reserved and Signature cards are reported by their own rules). A
card whose `only-persona` modifier names another persona (Adam Pierson, "only available to
Methos") is reported here whatever permissions the deck has.

Unknown facts: a subtitle names a persona, faction or weapon only when the catalogue holds
one of that name; any other subtitle ("Middle Left", "Horizontal") is a descriptor, and the
card is generic.

Source: seed 001 (Immortal-Specific Cards; Persona Cards); seed 002 (Card Anatomy:
Sub-Title; Persona Cards); seed 000 (Persona Cards); the `only-persona` modifier's card row
(Adam Pierson: http://www.watcherdatabase.tk/Articles/16.html).

Failing example: `Persona: The Kurgan` with `1 Duck: Connor MacLeod`.

Fix: remove the card, or replace it with a generic card or one of your persona's.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.borrowing import Refusal, RefusalKind
from hlcg.rules.context import Context, refusals

# Refusals this rule reports: cards of another persona or faction no permission admits.
KINDS = (
    RefusalKind.FACTION,
    RefusalKind.OTHER_PERSONA,
    RefusalKind.NO_GENERIC_PERMISSION,
    RefusalKind.ONLY_PERSONA,
)


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    persona = deck.persona.title if deck.persona and not deck.is_generic else "a Generic Immortal"

    def describe(refusal: Refusal) -> str:
        card = refusal.deck_card.card
        if refusal.kind is RefusalKind.ONLY_PERSONA:
            return (
                f"{card.name} is only for {refusal.owner}; {persona} may not include it, "
                "and no borrowing permission admits it"
            )
        message = f"{card.name} is specific to {card.subtitle}; {persona} may not include it"
        if refusal.kind is RefusalKind.NO_GENERIC_PERMISSION:
            message += (
                " (another persona's card; the Generic Immortal permission does not apply in "
                f"{deck.format})"
            )
        return message

    yield from refusals(context, KINDS, describe)


RULE = Rule("HL201", "persona-specific", "No other persona's cards", check, persona=True)
