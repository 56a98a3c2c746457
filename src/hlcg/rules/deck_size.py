"""deck-size (HL101): the Endurance holds at least `min` cards.

Pre-game cards do not count toward the Endurance. Copies on lines that name no single card
(a typo, an ambiguous name) still count, so that one typo is one problem, not two.

Unknown facts: a card whose type is not recorded counts where the deck lists it, except
that one listed under `Pre-Game:` is counted in the Endurance (with a `deck-syntax`
warning), though it may be a pre-game card. An Endurance short even with such cards is an
error; one that reaches the minimum only with them is a note (`unchecked`, naming them).

Source: seed 001 (Deck Composition; Making your Deck); seed 000 (Deck Construction,
Minimum and Maximum Deck Size); seed 002 (Pre-Game Cards).

Failing example: a deck with 48 cards under `Endurance:`.

Fix: add cards until the Endurance holds `min`.

Options: `min` (int): the fewest Endurance cards.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ENDURANCE, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.wording import plural


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    minimum = params["min"]
    recognised = deck.copies(ENDURANCE)
    unrecognised = deck.unrecognised_copies()
    size = recognised + unrecognised
    if size < minimum:
        counted = (
            f" ({recognised} recognised + {unrecognised} unrecognised)" if unrecognised else ""
        )
        yield Finding(
            f"Endurance has {plural(size, 'card')}{counted}, at least {minimum} are required",
            fix=f"add {plural(minimum - size, 'card')} to the Endurance",
        )
        return
    doubt = context.untyped()
    if doubt.ids and size - doubt.copies < minimum:
        yield Finding(
            f"Endurance has {plural(size, 'card')} counting {doubt.named}; "
            f"{size - doubt.copies} if "
            f"{'it is a pre-game card' if len(doubt.ids) == 1 else 'they are pre-game cards'}, "
            f"at least {minimum} are required",
            cards=doubt.ids,
            unchecked=True,
        )


RULE = Rule(
    "HL101",
    "deck-size",
    "The Endurance holds at least {min} cards",
    check,
    params=(Param("min", int, 50, "seed 001 §Deck Composition; seed 000 §Deck Construction"),),
)
