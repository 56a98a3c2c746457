"""weapon-specific (HL309): Weapon-specific cards only with that Weapon of Choice.

A card whose subtitle names a Weapon of Choice (Slice: Rapier) needs that weapon under
`Pre-Game:`. Where a subtitle names both a weapon and a persona (Katana), the card is
allowed with either; Reserved and Signature cards of that name are the persona's.

Unknown facts: a subtitle names a weapon only when the catalogue holds a Weapon of Choice
of that title; a card whose subtitle names none is not a weapon card. The weapon in the
pre-game is known by its type.

Source: seed 002 (Card Anatomy: Sub-Title; Weapons of Choice); seed 000 (Weapon Specific
Cards); research rules-notes.md section 9.

A weapon that an unrecognised pre-game line may name (it is among the line's did-you-mean
cards) counts as present: the problem on that line covers it, so one typo is one problem.

Failing example: `1 Slice: Rapier` without the Rapier Weapon of Choice.

Fix: add the Weapon of Choice to the pre-game, or remove the card.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import is_weapon_card, named_personas, named_weapon, normalise
from hlcg.deck import PREGAME, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context, removal_or_replacement


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    own = deck.persona_names
    catalogue = context.catalogue
    cards = catalogue.cards
    maybe_named = {
        normalise(cards[i].title)
        for u in deck.unresolved
        if u.section == PREGAME
        for i in u.card_ids
        if i in cards and cards[i].type == "weapon-of-choice"
    }
    present = context.weapons_in_pregame | maybe_named
    for deck_card in deck.endurance:
        card = deck_card.card
        if not is_weapon_card(catalogue, card):
            continue
        weapon = named_weapon(catalogue, card)
        if weapon in present or named_personas(catalogue, card) & own:
            continue
        finding = removal_or_replacement(
            context,
            deck_card,
            f"{card.name} is specific to the {card.subtitle} Weapon of Choice, which is not "
            "in the pre-game",
        )
        yield finding._replace(fix=f"add {card.subtitle} under Pre-Game:, or {finding.fix}")


RULE = Rule(
    "HL309",
    "weapon-specific",
    "Weapon cards need their Weapon of Choice",
    check,
    persona=True,
    judges_candidates=True,
)
