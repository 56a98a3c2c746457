"""hand-icons (HL310): at most 2 hand icons among the pre-game cards.

A persona's `hand-icons` modifier changes the icons of the named Weapon of Choice (Kanwulf
wields the War Axe one-handed); it wins over the card's own number, recorded or not.

Unknown facts: a Weapon of Choice whose hand icons are not recorded counts as 1, the least it
can have (seed 000, Weapons of Choice: "Each Weapon of Choice has one or more Hand Icons").
The deck is an error when that lower bound already breaks the limit (the Katana, the
Scimitar and the War Axe: at least 3), and a note (`unchecked`, naming the weapons) when
only the unrecorded icons could break it (the Katana and the War Axe: at least 2). Other
pre-game cards whose icons are not recorded count as none and are not noted.

Source: seed 002 (Card Anatomy: Hand Icon); seed 000 (Weapons of Choice; Hand Icons);
research rules-notes.md section 9.

Failing example: the Katana (1 icon), the Scimitar (1 icon) and a third one-handed weapon.

Fix: remove a Weapon of Choice or another card with hand icons.

Options: `max` (int, default 2): the most hand icons among the pre-game cards.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.rules.modifiers import HandIcons, of_kind

# Seed 000 (Weapons of Choice): each Weapon of Choice has one or more hand icons.
WEAPON_AT_LEAST = 1


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    limit = params["max"]
    # listed by name, so the same pre-game in any line order gets the same problem
    holders = sorted(_holders(deck, context), key=lambda h: (h[0].card.name, h[0].card.id))
    known = sum(n * dc.count for dc, n in holders if n is not None)
    unknown = [dc for dc, n in holders if n is None]
    at_least = known + WEAPON_AT_LEAST * sum(dc.count for dc in unknown)
    if at_least > limit:
        yield _over_limit(holders, known, at_least, limit)
    elif unknown:
        ids = tuple(dc.card.id for dc in unknown)
        room = f"it has at most {limit - known}"
        if len(unknown) > 1:
            room = f"they have at most {limit - known} in all"
        yield Finding(
            f"hand icons not recorded for {context.names(ids)}, counted as {WEAPON_AT_LEAST}"
            f"{' each' if len(unknown) > 1 else ''} (seed 000: a Weapon of Choice has one or "
            f"more): at least {at_least} of the {limit} hand icons allowed; legal only if {room}",
            cards=ids,
            unchecked=True,
        )


def _holders(deck: ResolvedDeck, context: Context) -> list[tuple[DeckCard, int | None]]:
    """The pre-game cards with hand icons in deck order, each with its icons per copy: the
    persona's modifier first, else the card's number; None for a Weapon of Choice whose
    icons are not recorded."""
    overrides = {
        normalise(m.title): m.hand_icons for m in of_kind(context.persona_modifiers, HandIcons)
    }
    holders: list[tuple[DeckCard, int | None]] = []
    for deck_card in deck.pregame:
        card = deck_card.card
        icons = overrides.get(normalise(card.title), card.hand_icons)
        if icons is None and card.type == "weapon-of-choice":
            holders.append((deck_card, None))
        elif icons:
            holders.append((deck_card, icons))
    return holders


def _over_limit(
    holders: list[tuple[DeckCard, int | None]], known: int, at_least: int, limit: int
) -> Finding:
    """The error: the icons counted (unrecorded ones at their least) break the limit."""

    def shown(icons: int | None) -> str:
        return f"not recorded, counted as {WEAPON_AT_LEAST}" if icons is None else str(icons)

    def copies(dc: DeckCard) -> str:
        return f"{dc.count} × " if dc.count > 1 else ""

    parts = ", ".join(f"{copies(dc)}{dc.card.name} ({shown(n)})" for dc, n in holders)
    unknown = [dc for dc, n in holders if n is None]
    # Removing a weapon whose icons are unknown leaves a count that is known, when the
    # recorded icons alone fit.
    removable = unknown if unknown and known <= limit else [dc for dc, _ in holders]
    last = max(removable, key=lambda dc: (dc.line or 0, dc.card.id))
    total = f"at least {at_least}" if unknown else str(at_least)
    return Finding(
        f"{total} hand icons among the pre-game cards ({parts}); at most {limit}",
        cards=tuple(dc.card.id for dc, _ in holders),
        fix="remove a pre-game card with hand icons",
        edits=(("remove", last.card.id, 1),),
    )


RULE = Rule(
    "HL310",
    "hand-icons",
    "At most {max} hand icons in the pre-game",
    check,
    params=(Param("max", int, 2, "seed 002 §Card Anatomy (Hand Icon)"),),
    persona=True,
)
