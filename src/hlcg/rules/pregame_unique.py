"""pregame-unique (HL302): no two copies of a unique pre-game card.

Seed 002 forbids more than one of any *unique* Pre-Game card, which makes uniqueness a
property of some cards, not of every pre-game card. Two copies of a pre-game card are an
error where the catalogue records the card as unique, or where another rule decides: two
copies of a Weapon of Choice here (seed 000: normally only one Weapon of Choice is in play);
two of a Persona, Watcher or Hunter are their own rules' errors (persona-count,
watcher-hunter), so this rule leaves them to those.

Unknown facts: a pre-game card whose uniqueness is not recorded (an empty `unique`), held in
several copies, is a note (`unchecked`) naming it, never an error. A card whose type is not
recorded, listed under `Pre-Game:` in several copies, is counted in the Endurance (with a
`deck-syntax` warning): a note says the copies are too many if it is a unique pre-game card,
unless its row says it is not unique.

Source: seed 002 (Pre-Game Cards: "you cannot use more than one of any unique Pre-Game card");
seed 000 (Weapons of Choice: "Normally you may have only one Weapon of Choice in play").

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

# Types whose copies another rule counts: a second copy is that rule's error.
_DECIDED_ELSEWHERE = ("persona", "watcher", "hunter")


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    for deck_card in deck.pregame:
        card = deck_card.card
        if deck_card.count < 2 or card.unique is False or card.type in _DECIDED_ELSEWHERE:
            continue
        if card.is_unique or card.type == "weapon-of-choice":
            why = "a unique pre-game card" if card.is_unique else "a Weapon of Choice"
            yield Finding(
                f"{deck_card.count} copies of {card.name}, {why}",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {deck_card.count - 1} {card.name}",
                edits=(("remove", card.id, deck_card.count - 1),),
            )
        else:
            yield Finding(
                f"{deck_card.count} copies of {card.name}, a pre-game card whose uniqueness "
                "is not recorded: too many if it is unique",
                cards=(card.id,),
                line=deck_card.line,
                unchecked=True,
            )
    for deck_card, copies in context.untyped_in_pregame:
        if copies > 1 and deck_card.card.unique is not False:
            yield Finding(
                f"{copies} copies of {deck_card.card.name} (listed under Pre-Game, of a type "
                "not recorded): too many if it is a unique pre-game card",
                cards=(deck_card.card.id,),
                line=deck_card.line,
                unchecked=True,
            )


RULE = Rule("HL302", "pregame-unique", "No two copies of a unique pre-game card", check)
