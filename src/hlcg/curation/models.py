"""Pydantic models of the card contract (one row per card, with the modifiers a card
carries: sourced exceptions to the deck-construction rules, JSON in CSV) and of the side
tables: aliases, sets, formats, legality and fact sources.

These models sit at the edges: the build and the importer validate every source row with
them, and ``schemas/card.schema.json`` is generated from them. At run time cards are
NamedTuples (``hlcg.catalog.card``) so that lookups never pay for importing pydantic.
"""

from __future__ import annotations

import json
import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, field_validator, model_validator

from hlcg.catalog import BOOL_FIELDS, CARD_TYPES, FORMAT_TAGS, INT_FIELDS, format_named
from hlcg.catalog.storage import FACT_FIELDS, LIST_FIELDS, flat_card
from hlcg.curation.set_cells import listed_cell
from hlcg.curation.spelling import not_a_format, not_a_type
from hlcg.wording import CARD_ID_PATTERN, DATE_PATTERN, json_fault, shown_value


def _format_tag(value: Any) -> Any:
    """A format as people write it ("Type Two", "type 2") -> its tag (type-two); any other
    value is an error naming the closest formats."""
    if not isinstance(value, str):
        return value
    named = format_named(value.strip())
    if named in FORMAT_TAGS:
        return named
    folded = {tag.lower(): tag for tag in FORMAT_TAGS}  # "MLE" for mle
    if value.strip().lower() in folded:
        return folded[value.strip().lower()]
    raise ValueError(not_a_format(value.strip()))


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# The card modifiers (``modifiers`` of the contract, JSON in CSV): each a sourced exception
# to the deck-construction rules that a card carries, told apart by its ``kind``.
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


CardType = Literal[CARD_TYPES]  # type: ignore[valid-type]
FormatTag = Literal[FORMAT_TAGS]  # type: ignore[valid-type]

_TRUE = {"true", "1", "yes", "y"}
_FALSE = {"false", "0", "no", "n", ""}
ID_PATTERN = CARD_ID_PATTERN
# The largest integer SQLite stores (64 bits signed): a larger number cannot be written.
MAX_INTEGER = 2**63 - 1


# What any card prints, from the rules: a deck holds at most 6 of a card (seed 001, Deck and
# Card Information; seed 000, Deck Construction), so no restriction number is above 6; no
# player may have more than two hand icons in play (seed 002, Hand Icon), so no card prints
# more than two. (Gem counts have no bound in the rules: an import holds them to the range
# the shipped catalogue records, ``hlcg.curation.card_rows.gem_bound``.)
MAX_RESTRICTION = 6
MAX_HAND_ICONS = 2
BOUNDS: dict[str, tuple[int, str]] = {
    "restriction": (
        MAX_RESTRICTION,
        "a deck holds at most 6 of a card (seed 001, Deck and Card Information), so no "
        "card prints a restriction number above 6",
    ),
    "hand_icons": (
        MAX_HAND_ICONS,
        "no player may have more than two hand icons in play (seed 002, Hand Icon), so no "
        "card prints more than two",
    ),
}


def _out_of_range(digits: str) -> str:
    shown = digits if len(digits) <= 24 else f"{digits[:20]}... ({len(digits)} digits)"
    return f"{shown} is out of range (at most {MAX_INTEGER})"


class CardRow(Strict):
    """One card of the catalogue: one text under one title and subtitle.

    Empty numbers mean unknown, never zero. Lists are `;`-separated in CSV.
    """

    id: str = Field(pattern=ID_PATTERN, description="Stable unique slug")
    title: str = Field(min_length=1)
    subtitle: str | None = None
    type: CardType | None = None
    sets: list[str] = Field(default_factory=list)
    # Printed beside the title of a restricted card: how many copies an Endurance may hold
    # (seed 001, Restriction Number), so at least 1; a card no deck may hold is a matter of
    # its formats.
    restriction: int | None = Field(default=None, ge=1)
    # A source states that the card carries no restriction number (a basic attack, Joe
    # Dawson): only the general limits apply. False is "not stated", so an empty restriction
    # stays unknown.
    unrestricted: bool = Field(
        default=False, description="A source states the card carries no restriction number"
    )
    reserved: bool = False
    signature: bool = False
    unique: bool | None = Field(
        default=None,
        description="Whether the card is unique (seed 002: one copy of a unique pre-game "
        "card); empty: unknown",
    )
    hand_icons: int | None = Field(default=None, ge=0)
    gem_master: int | None = Field(default=None, ge=0)
    gem_agility: int | None = Field(default=None, ge=0)
    gem_strength: int | None = Field(default=None, ge=0)
    gem_toughness: int | None = Field(default=None, ge=0)
    gem_empathy: int | None = Field(default=None, ge=0)
    gem_reason: int | None = Field(default=None, ge=0)
    master_limit: int | None = Field(default=None, ge=0)
    # Formats a source places the card in: evidence that it is legal there, never that it
    # is not (a ban is a row of legality.csv, with its own source and date).
    formats: list[FormatTag] = Field(
        default_factory=list, description="Formats a source says the card is legal in"
    )
    modifiers: list[Modifier] = Field(default_factory=list)
    faction: list[str] = Field(default_factory=list)
    text: str | None = None
    source: str = Field(min_length=1, description="URL(s) or seed file with section")

    @field_validator("subtitle", "type", "text", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any, info: Any) -> Any:
        if isinstance(value, str):
            value = value.strip()
            if info.field_name == "type" and value and value not in CARD_TYPES:
                raise ValueError(not_a_type(value))
            return value or None
        return value

    @field_validator("title", "source", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @field_validator(*INT_FIELDS, mode="before")
    @classmethod
    def _int_from_text(cls, value: Any) -> Any:
        # JSON rows are held to the CSV contract: a number is a whole number or the text of
        # one, never true/false (which Python counts as 1/0) or a fraction.
        if isinstance(value, bool | float):
            raise ValueError(f"expected a whole number or empty, got {json.dumps(value)}")
        if isinstance(value, str):
            text = value.strip()
            if not text:
                return None
            if not re.fullmatch(r"-?[0-9]+", text):  # \d takes "٣", which int() reads as 3
                raise ValueError(f"expected a whole number or empty, got {shown_value(value)}")
            if len(text.lstrip("-")) > 19:  # more digits than any 64-bit number has
                raise ValueError(_out_of_range(text))
            value = int(text)
        if isinstance(value, int) and not -MAX_INTEGER - 1 <= value <= MAX_INTEGER:
            raise ValueError(_out_of_range(str(value)))
        return value

    @field_validator("restriction", "hand_icons")
    @classmethod
    def _what_cards_print(cls, value: int | None, info: Any) -> int | None:
        bound, why = BOUNDS[info.field_name]
        if value is not None and value > bound:
            raise ValueError(f"{value} is more than any card prints: {why}")
        return value

    @field_validator(*BOOL_FIELDS, mode="before")
    @classmethod
    def _bool_from_text(cls, value: Any, info: Any) -> Any:
        if value is None:
            return None if info.field_name == "unique" else False
        if isinstance(value, str):
            text = value.strip().lower()
            if text == "" and info.field_name == "unique":
                return None
            if text in _TRUE:
                return True
            if text in _FALSE:
                return False
            raise ValueError(f"expected true/false, 1/0, yes/no or empty, got {shown_value(value)}")
        return value

    @field_validator(*LIST_FIELDS, mode="before")
    @classmethod
    def _list_from_text(cls, value: Any, info: Any) -> Any:
        if value is None:
            return []
        if isinstance(value, str) and info.field_name == "formats":
            value = listed_cell(value)
        elif isinstance(value, str):  # a set's name may hold a comma (``set_cells``)
            value = [part.strip() for part in value.split(";") if part.strip()]
        if info.field_name == "formats" and isinstance(value, list):
            tags, wrong = [], []
            for item in value:
                try:
                    tags.append(_format_tag(item))
                except ValueError as exc:
                    wrong.append(str(exc))
            if wrong:  # every format the cell gets wrong, not the first only
                raise ValueError("; ".join(wrong))
            return tags
        return value

    @field_validator("modifiers", mode="before")
    @classmethod
    def _modifiers_from_json(cls, value: Any) -> Any:
        if value is None:
            return []
        if isinstance(value, str):
            if not value.strip():
                return []
            try:
                value = json.loads(value)
            except json.JSONDecodeError as exc:
                raise ValueError(f"not a JSON array: {json_fault(exc)}") from None
            except RecursionError:  # a cell of a thousand "[" (the stack, not the row)
                raise ValueError("not a JSON array: nested too deeply") from None
        return value

    @model_validator(mode="after")
    def _sorted_unique_lists(self) -> CardRow:
        for name in LIST_FIELDS:
            items = getattr(self, name)
            if len(set(items)) != len(items):
                raise ValueError(f"{name}: repeated entries {items}")
        if self.unrestricted and self.restriction is not None:
            raise ValueError(
                f"unrestricted: the card carries restriction number {self.restriction}, so it "
                "cannot also carry none; keep one of the two"
            )
        return self

    def to_flat(self) -> dict[str, str]:
        """The CSV form: every contract field as text (the card codec, ``hlcg.catalog.card``)."""
        return flat_card(self.model_dump(mode="json"))

    def to_json(self) -> dict[str, Any]:
        """The JSON form: the contract names with typed values."""
        return self.model_dump(mode="json")


class AliasRow(Strict):
    alias: str = Field(min_length=1)
    card_id: str = Field(pattern=ID_PATTERN)
    source: str = Field(min_length=1)


def _calendar_day(value: str) -> str:
    import datetime

    if len(value) == 10:
        try:
            datetime.date.fromisoformat(value)
        except ValueError:
            raise ValueError(f"{value} is not a day of the calendar") from None
    return value


# A date to the year, month or day (YYYY, YYYY-MM, YYYY-MM-DD), a day the calendar has.
Date = Annotated[str, Field(pattern=DATE_PATTERN), AfterValidator(_calendar_day)]


class SetRow(Strict):
    code: str = Field(min_length=1)
    name: str = Field(min_length=1)
    edition: str = Field(min_length=1)
    released: Date | None = Field(default=None, description="Empty: unknown")
    source: str = Field(min_length=1)

    @field_validator("released", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return (value.strip() or None) if isinstance(value, str) else value


LEGALITY_STATUSES = ("legal", "restricted", "banned", "suspended")
LegalityStatus = Literal[LEGALITY_STATUSES]  # type: ignore[valid-type]


class LegalityRow(Strict):
    """A sourced, dated fact about one card in one format: legal, restricted, banned or
    suspended from ``date`` on (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``; empty: always).
    The latest row in force on the date a deck is judged by decides."""

    card_id: str = Field(pattern=ID_PATTERN)
    format: FormatTag
    status: LegalityStatus
    date: Date | None = Field(default=None, description="In force from this date on")
    source: str = Field(min_length=1, description="URL(s) or seed file with section")
    note: str | None = Field(default=None, description="Why, and what the source leaves open")
    inferred: str | None = Field(
        default=None,
        description="The reasoning, when the source implies the fact rather than "
        "stating it; empty when it states it",
    )

    @field_validator("date", "note", "inferred", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return (value.strip() or None) if isinstance(value, str) else value

    @field_validator("format", mode="before")
    @classmethod
    def _format_as_written(cls, value: Any) -> Any:
        return _format_tag(value)

    @property
    def key(self) -> str:
        """The row's key: one fact per card, format and date."""
        return f"{self.card_id}|{self.format}|{self.date or ''}"


FactField = Literal[FACT_FIELDS]  # type: ignore[valid-type]


def _blank_is_none(value: Any) -> Any:
    return (value.strip() or None) if isinstance(value, str) else value


class FactSourceRow(Strict):
    """A source of one recorded fact of a card (data/source/facts.csv): one field, and for
    ``sets`` one printing. A fact without such a row keeps the card row's own source; a fact
    two sources confirm has two rows."""

    card_id: str = Field(pattern=ID_PATTERN)
    field: FactField
    value: str | None = Field(
        default=None,
        description="sets: the one set code this row backs (required); another field: empty, "
        "or the card's own value (checked against it)",
    )
    source: str = Field(min_length=1, description="URL(s) or seed file with section")
    inferred: str | None = Field(
        default=None,
        description="The reasoning, when the source implies the fact rather than "
        "stating it; empty when it states it",
    )

    @field_validator("value", "inferred", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return _blank_is_none(value)

    @field_validator("source", mode="before")
    @classmethod
    def _strip(cls, value: Any) -> Any:
        return value.strip() if isinstance(value, str) else value

    @model_validator(mode="after")
    def _a_printing_names_its_set(self) -> FactSourceRow:
        if self.field == "sets" and self.value is None:
            raise ValueError("value: a sets row names the one set code (printing) it backs")
        return self

    @property
    def fact(self) -> tuple[str, str, str]:
        """The fact the row backs: card, field and value ('' for the field as a whole)."""
        return (self.card_id, self.field, self.value or "")

    @property
    def key(self) -> str:
        """The row's key: a fact may have several sources, one row each."""
        return f"{self.card_id}|{self.field}|{self.value or ''}|{self.source}"


# What `hlcg db remove` takes out besides a card's facts, as a history row's field.
REMOVED_ROWS = ("card", "alias", "legality", "set")
RemovedRow = Literal[REMOVED_ROWS]  # type: ignore[valid-type]


class FactHistoryRow(Strict):
    """A fact's value and source that an import with ``--overwrite`` or ``--replace``
    replaced, or `hlcg db remove` removed: kept, so that no sourced fact is lost, but never
    shown as the card's fact. A removed card, alias, legality fact or set is a row of its
    own (``field`` names which; a set's ``card_id`` is its code)."""

    card_id: str = Field(min_length=1, description="The card's id (a removed set: its code)")
    field: FactField | RemovedRow
    value: str = Field(description="The value replaced, as CSV text")
    source: str = Field(min_length=1, description="The source the replaced value had")
    inferred: str | None = None
    superseded: str = Field(
        min_length=1,
        description="When and by what: the day and the file imported, or the day, who "
        "removed it and why",
    )

    @field_validator("inferred", mode="before")
    @classmethod
    def _empty_is_none(cls, value: Any) -> Any:
        return _blank_is_none(value)

    @property
    def key(self) -> str:
        return f"{self.card_id}|{self.field}|{self.superseded}|{self.value}"


class FormatRow(Strict):
    """A format: its rulebook sources and the editions it is built around."""

    name: FormatTag
    title: str = Field(min_length=1)
    checked: bool
    editions: list[str] = Field(
        description="Editions whose cards are this format's own; used to prefer a version"
    )
    description: str = Field(min_length=1)
    source: str = Field(min_length=1)

    @field_validator("editions", mode="before")
    @classmethod
    def _list_from_text(cls, value: Any) -> Any:
        return (
            [p.strip() for p in value.split(";") if p.strip()] if isinstance(value, str) else value
        )
