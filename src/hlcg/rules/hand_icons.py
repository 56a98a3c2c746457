"""hand-icons (HL310): at most 2 hand icons among the pre-game cards.

A persona's `hand-icons` modifier changes the icons of the named Weapon of Choice (Kanwulf
wields the War Axe one-handed). Pre-game cards whose hand icons are not recorded are
listed by `unchecked` when they are Weapons of Choice.

Source: seed 002 (Card Anatomy: Hand Icon); seed 000 (Hand Icons); research rules-notes.md
section 9.

Failing example: the Katana (1 icon), the Scimitar (1 icon) and a third one-handed weapon.

Fix: remove a Weapon of Choice or another card with hand icons.

Options: `max` (int, default 2): the most hand icons among the pre-game cards.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog.normalize import normalise
from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.rules.modifiers import HandIcons, of_kind
from hlcg.rules.problem import Finding


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    limit = params["max"]
    overrides = {
        normalise(m.title): m.hand_icons for m in of_kind(context.persona_modifiers, HandIcons)
    }
    total = 0
    holders = []
    unknown = []
    for deck_card in deck.pregame:
        card = deck_card.card
        icons = overrides.get(normalise(card.title), card.hand_icons)
        if icons is None:
            if card.type == "weapon-of-choice":
                unknown.append(card.id)
            continue
        if icons:
            total += icons * deck_card.count
            holders.append((deck_card, icons))
    if total > limit:
        last = max(holders, key=lambda h: (h[0].line or 0, h[0].card.id))[0]
        shown = ", ".join(f"{dc.card.name} ({n})" for dc, n in holders)
        yield Finding(
            f"{total} hand icons among the pre-game cards ({shown}); at most {limit}",
            cards=tuple(dc.card.id for dc, _ in holders),
            fix="remove a pre-game card with hand icons",
            edits=(("remove", last.card.id, 1),),
        )
    if unknown:
        yield Finding(
            f"hand icons not recorded for {context.names(unknown)}",
            cards=tuple(unknown),
            unchecked=True,
        )


RULE = Rule(
    "HL310",
    "hand-icons",
    "At most {max} hand icons in the pre-game",
    check,
    params=(Param("max", int, 2, "seed 002 §Card Anatomy (Hand Icon)"),),
)
