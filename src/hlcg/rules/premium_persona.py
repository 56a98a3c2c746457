"""premium-persona (HL305): a Premium only with its own Persona.

A Premium names its persona in its title or subtitle (Grayson, +1 Ability). A Premium
that names no persona (Methuselah Stone, a set Premium) is not checked by this rule.

Unknown facts: a Premium is known by its type; a card whose type is not recorded is not
checked here.

Source: seed 000 (Premium Cards); research rules-notes.md section 8
(http://www.watcherdatabase.tk/Cards/Card/141.html, https://www.mleccg.com/mlc/DDC%20Spoiler.txt).

Failing example: `Persona: Duncan MacLeod` with the Grayson Premium.

Fix: remove the Premium, or play its persona.

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
    personas = context.catalogue.persona_names
    for deck_card in deck.pregame:
        card = deck_card.card
        if card.type != "premium":
            continue
        named = {normalise(card.title)} | ({normalise(card.subtitle)} if card.subtitle else set())
        belongs = named & personas
        if belongs and not belongs & own:
            who = "a Generic Immortal" if deck.is_generic else deck.persona.title  # type: ignore[union-attr]
            yield Finding(
                f"{card.name} is a Premium of {card.title}; {who} may not use it",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {card.name}",
                edits=(("remove", card.id, deck_card.count),),
            )


RULE = Rule("HL305", "premium-persona", "A Premium only with its own Persona", check, persona=True)
