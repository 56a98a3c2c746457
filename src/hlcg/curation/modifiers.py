"""Pydantic models of the card modifiers: sourced exceptions to the deck-construction rules
that a card carries (``modifiers`` of the card contract, JSON in CSV)."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RestrictionBonus(Strict):
    """Each copy raises the restriction numbers of non-signature cards the deck may use
    normally (pre-game Darius, first edition)."""

    kind: Literal["restriction-bonus"]
    amount: int = Field(ge=1)


class Borrow(Strict):
    """One persona-specific card from each other persona, never a signature card (Richie)."""

    kind: Literal["borrow"]
    per_persona: int = Field(default=1, ge=1)
    include_reserved: bool = False


class AnyMasterCards(Strict):
    """Master cards of any persona count as this persona's own (Methos)."""

    kind: Literal["any-master-cards"]
    include_reserved: bool = False


class OnlyWatcher(Strict):
    """The only Watcher pre-game this persona may be assigned (Methos: Adam Pierson)."""

    kind: Literal["only-watcher"]
    title: str = Field(min_length=1)


class OnlyPersona(Strict):
    """Only the named persona may include this card: no borrowing permission (a Generic
    Immortal's, `borrow`, `allowance`) admits it for another deck (Adam Pierson, the Watcher
    pre-game "only available to Methos")."""

    kind: Literal["only-persona"]
    persona: str = Field(min_length=1)


class PregameExempt(Strict):
    """Does not count toward the pre-game limit (Methuselah Stone)."""

    kind: Literal["pregame-exempt"]


class HandIcons(Strict):
    """This persona wields the named Weapon of Choice with another number of hand icons."""

    kind: Literal["hand-icons"]
    title: str = Field(min_length=1)
    hand_icons: int = Field(ge=0)


class Allowance(Strict):
    """Each copy allows one non-signature card of a persona you are not playing (2E Darius)."""

    kind: Literal["allowance"]
    count: int = Field(default=1, ge=1)


class GenericImmortal(Strict):
    """Marks the Generic Immortal pseudo-persona: a deck that declares it plays no Persona
    card (seed 001, Generic Immortal). Declared, never played: it is not a pre-game card.
    What such a deck may borrow depends on the format (`hlcg rules generic-borrow`)."""

    kind: Literal["generic-immortal"]


Modifier = Annotated[
    GenericImmortal
    | RestrictionBonus
    | Borrow
    | AnyMasterCards
    | OnlyWatcher
    | OnlyPersona
    | PregameExempt
    | HandIcons
    | Allowance,
    Field(discriminator="kind"),
]
