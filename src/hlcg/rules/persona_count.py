"""persona-count (HL303): at most one Persona.

Unknown facts: a Persona card is known by its type, so the count is of the cards recorded
as Personas. A card whose type is not recorded is not counted and not noted: the deck names
its Persona on its `Persona:` line.

Source: seed 001 (Persona Cards: "a Persona Card"); seed 000 (Persona Cards); seed 002
(Persona Cards).

Failing example: `Persona: Duncan MacLeod` and `The Kurgan` under `Pre-Game:`.

Fix: keep one Persona.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    # listed by name, so the same deck in any line order gets the same problem
    personas = sorted(
        (dc for dc in deck.pregame if dc.card.type == "persona"),
        key=lambda dc: (dc.card.name, dc.card.id),
    )
    total = sum(dc.count for dc in personas)
    if total > 1:
        keep = deck.persona.id if deck.persona else personas[0].card.id
        extra = [dc for dc in personas if dc.card.id != keep]
        yield Finding(
            f"{total} Persona cards ({', '.join(dc.card.name for dc in personas)}); "
            "a deck has at most one",
            cards=tuple(dc.card.id for dc in personas),
            line=min((dc.line for dc in personas if dc.line), default=None),
            fix="keep one Persona and remove the others",
            edits=tuple(("remove", dc.card.id, dc.count) for dc in extra),
        )


RULE = Rule("HL303", "persona-count", "At most one Persona", check)
