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

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, TypeVar

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


# Card modifiers as typed records, one small record per kind.
#
# The catalogue keeps a card's modifiers as the contract writes them (JSON objects with a
# ``kind``, validated by the pydantic models of ``hlcg.curation.models`` when the catalogue
# is built); ``decode`` turns them into these records once per deck check, so the rules read
# ``borrow.per_persona`` rather than ``m.get("per_persona", 1)``. NamedTuples, not pydantic:
# a deck check never imports pydantic.
class GenericImmortal(NamedTuple):
    """Marks the Generic Immortal pseudo-persona (seed 001, Generic Immortal)."""


class RestrictionBonus(NamedTuple):
    """Each copy raises the restriction numbers of cards used normally (pre-game Darius)."""

    amount: int


class Borrow(NamedTuple):
    """One persona-specific card from each other persona (Richie Ryan)."""

    per_persona: int = 1
    include_reserved: bool = False


class AnyMasterCards(NamedTuple):
    """Master cards of any persona count as this persona's own (Methos)."""

    include_reserved: bool = False


class OnlyWatcher(NamedTuple):
    """The only Watcher pre-game this persona may be assigned (Methos: Adam Pierson)."""

    title: str


class OnlyPersona(NamedTuple):
    """Only the named persona may include this card (Adam Pierson: Methos)."""

    persona: str


class PregameExempt(NamedTuple):
    """Does not count toward the pre-game limit (Methuselah Stone)."""


class HandIcons(NamedTuple):
    """This persona wields the named Weapon of Choice with another number of hand icons."""

    title: str
    hand_icons: int


class Allowance(NamedTuple):
    """Each copy allows one non-signature card of a persona you are not playing (2E Darius)."""

    count: int = 1  # type: ignore[assignment]  # the contract's name; hides tuple.count


Modifier = (
    GenericImmortal
    | RestrictionBonus
    | Borrow
    | AnyMasterCards
    | OnlyWatcher
    | OnlyPersona
    | PregameExempt
    | HandIcons
    | Allowance
)

# The contract's kind -> its record.
KINDS: dict[str, type[Modifier]] = {
    "generic-immortal": GenericImmortal,
    "restriction-bonus": RestrictionBonus,
    "borrow": Borrow,
    "any-master-cards": AnyMasterCards,
    "only-watcher": OnlyWatcher,
    "only-persona": OnlyPersona,
    "pregame-exempt": PregameExempt,
    "hand-icons": HandIcons,
    "allowance": Allowance,
}
KIND_OF: dict[type[Modifier], str] = {record: kind for kind, record in KINDS.items()}

M = TypeVar("M", bound=Modifier)


def decode(raw: Mapping[str, Any]) -> Modifier:
    """A contract modifier (``{"kind": "borrow", "per_persona": 1}``) as its record."""
    params = {key: value for key, value in raw.items() if key != "kind"}
    return KINDS[raw["kind"]](**params)


def decode_all(raw: Iterable[Mapping[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(decode(m) for m in raw)


def encode(modifier: Modifier) -> dict[str, Any]:
    """A record as the contract writes it: its kind first, then its parameters."""
    return {"kind": KIND_OF[type(modifier)], **modifier._asdict()}


def of_kind(modifiers: Iterable[Modifier], kind: type[M]) -> list[M]:
    """The modifiers of one kind (``of_kind(card_modifiers, Borrow)``)."""
    return [m for m in modifiers if isinstance(m, kind)]
