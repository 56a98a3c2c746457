"""Card modifiers as typed records, one small record per kind.

The catalogue keeps a card's modifiers as the contract writes them (JSON objects with a
``kind``, validated by the pydantic models of ``hlcg.curation.models`` when the catalogue
is built); ``decode`` turns them into these records once per deck check, so the rules read
``borrow.per_persona`` rather than ``m.get("per_persona", 1)``. NamedTuples, not pydantic:
a deck check never imports pydantic.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple, TypeVar


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
