"""Permissions and exceptions to the deck rules: where each applies, and its source.

Two kinds:

- **Rulebook permissions** belong to a format, not to a card: the first-edition Generic
  Immortal's one copy of any non-Reserved immortal-specific card. Each names the formats it
  applies in; in a format marked `unconfirmed` no source says either way, so what it would
  admit is listed by `unchecked` instead of passing or failing.
- **Card modifiers** (docs/formats.md) are printed on a card (Richie Ryan's borrowing,
  Methos' Master cards, Darius): they apply wherever the card that grants them is legal
  (`format-legality` judges the card), with the card row's source.

`hlcg rules permissions` prints this table.
"""

from __future__ import annotations

from typing import NamedTuple

APPLIES = "applies"
UNCONFIRMED = "unconfirmed"


class Permission(NamedTuple):
    name: str
    summary: str
    formats: dict[str, str]  # format -> APPLIES or UNCONFIRMED; absent: does not apply
    source: str


GENERIC_IMMORTAL = Permission(
    "generic-immortal",
    "A Generic Immortal may include one copy of any non-Reserved immortal-specific card.",
    {"first-edition": APPLIES, "type-one": UNCONFIRMED},
    "first-edition: seed 001 §Generic Immortal; "
    "https://stefanov.no-ip.org/MagWeb/shadis/21/sh21high.htm. "
    "type-one: no Type One source found (rules-notes-2.md 2.5). "
    "type-two: does not apply; only a Persona whose name or faction appears in the title box "
    "may include a persona-specific card (seed 002 §Card Anatomy, Sub-Title).",
)

CARD_MODIFIERS: dict[str, str] = {
    "restriction-bonus": "pre-game Darius, first edition: one more copy of a restricted card "
    "the deck may use normally (http://www.oocities.org/gislef/cotw06.htm, Articles/19)",
    "borrow": "Richie Ryan: one immortal-specific card from each Persona "
    "(http://www.watcherdatabase.tk/Articles/19.html)",
    "any-master-cards": "Methos: Master cards of any Persona "
    "(http://www.watcherdatabase.tk/Articles/16.html)",
    "only-watcher": "Methos may be assigned only Adam Pierson (Articles/16)",
    "only-persona": "Adam Pierson: a Watcher pre-game only available to Methos; no borrowing "
    "permission admits it for another deck (http://www.watcherdatabase.tk/Articles/16.html)",
    "pregame-exempt": "Methuselah Stone does not count toward the pre-game limit "
    "(http://www.mleccg.com/mlc/SpoilerList.Txt)",
    "hand-icons": "a Persona wields a Weapon of Choice with another number of hand icons "
    "(Kanwulf, https://thediscardpile.com/store/kanwulf/772-kanwulf-persona.html)",
    "allowance": "Type Two Darius event: one non-signature card of an Immortal you are not "
    "playing (https://www.highlanderthecardgame.com/keywords)",
    "generic-immortal": "marks the Generic Immortal pseudo-persona: declared, not played "
    "(seed 001 §Generic Immortal)",
}

PERMISSIONS: dict[str, Permission] = {GENERIC_IMMORTAL.name: GENERIC_IMMORTAL}


def status(permission: Permission, fmt: str) -> str | None:
    """APPLIES, UNCONFIRMED, or None where the permission does not apply."""
    return permission.formats.get(fmt)
