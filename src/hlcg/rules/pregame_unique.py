"""pregame-unique (HL302): no two copies of a unique pre-game card.

Pre-game cards are unique unless the catalogue row says otherwise.

Unknown facts: an empty `unique` in the catalogue means "pre-game cards are unique"
(docs/catalogue.md), so a pre-game card's uniqueness is always known. A card whose type is
not recorded, listed under `Pre-Game:` in several copies, is counted in the Endurance
(with a `deck-syntax` warning): a note (`unchecked`) says the copies are too many if it is
a pre-game card, unless its row says it is not unique.

Source: seed 002 (Pre-Game Cards).

Failing example: `2 Katana` under `Pre-Game:`.

Fix: keep one copy.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    for deck_card in deck.pregame:
        if deck_card.card.is_unique and deck_card.count > 1:
            yield Finding(
                f"{deck_card.count} copies of {deck_card.card.name}, a unique pre-game card",
                cards=(deck_card.card.id,),
                line=deck_card.line,
                fix=f"remove {deck_card.count - 1} {deck_card.card.name}",
                edits=(("remove", deck_card.card.id, deck_card.count - 1),),
            )
    for deck_card, copies in context.untyped_in_pregame:
        if copies > 1 and deck_card.card.unique is not False:
            yield Finding(
                f"{copies} copies of {deck_card.card.name} (listed under Pre-Game, of a type "
                "not recorded): too many if it is a pre-game card",
                cards=(deck_card.card.id,),
                line=deck_card.line,
                unchecked=True,
            )


RULE = Rule("HL302", "pregame-unique", "No two copies of a unique pre-game card", check)
