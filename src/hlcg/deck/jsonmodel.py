"""The JSON deck format as pydantic models: ``schemas/deck.schema.json`` is generated from
them, and they judge every JSON deck value the reader (``hlcg.deck.jsondeck``) cannot
accept at a glance, so each such value gets pydantic's own verdict and message.

Importing pydantic and building these models costs more than checking a whole deck, so
the reader imports this module only for a value that needs it.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hlcg.deck.lines import MAX_COPIES
from hlcg.wording import validation_message

# An error as the reader reports it: (where in the value, message).
Fault = tuple[tuple[int | str, ...], str]


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str = Field(min_length=1, description="Card id, title or 'Title: Subtitle'")
    count: int = Field(default=1, ge=1, le=MAX_COPIES)
    set: str | None = Field(default=None, description="Set code choosing a printing")


class DeckFile(BaseModel):
    """A deck in JSON. Entries in `cards` go to the Endurance unless their type is a
    pre-game type; `sideboard` entries are listed in the report and never checked."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    format: str | None = Field(
        default=None, description="first-edition, type-one or type-two ('Type Two' works too)"
    )
    persona: str | None = None
    pregame: list[DeckEntry] = Field(default_factory=list)
    endurance: list[DeckEntry] = Field(default_factory=list)
    cards: list[DeckEntry] = Field(default_factory=list)
    sideboard: list[DeckEntry] = Field(default_factory=list)


# An entry as the reader keeps it: card, count, set.
EntryValues = tuple[str, int, str | None]


def _faults(exc: ValidationError) -> list[Fault]:
    return [(tuple(error["loc"]), validation_message(error)) for error in exc.errors()]


def field_faults(key: str, value: Any) -> list[Fault]:
    """What is wrong with one top-level value of a deck (none: it is valid)."""
    try:
        DeckFile.model_validate({key: value})
    except ValidationError as exc:
        return _faults(exc)
    return []


def validated_entry(item: Any) -> EntryValues | list[Fault]:
    """An entry's values, as pydantic reads them ("3" and 3.0 are 3), or its faults."""
    try:
        entry = DeckEntry.model_validate(item)
    except ValidationError as exc:
        return _faults(exc)
    return entry.card, entry.count, entry.set


def salvaged(item: Any) -> EntryValues | int:
    """What an entry that failed validation still says, as a text line would: its card and
    count when both can be read (an unknown key or a bad "set" aside; a bare string is one
    copy of that card), else the copies of a card that cannot be read (0 when the count
    itself is bad: a text line with a bad count counts nothing either)."""
    if isinstance(item, str):
        item = {"card": item}
    if not isinstance(item, dict):
        return 0
    try:
        count = DeckEntry.model_validate({"card": "-", "count": item.get("count", 1)}).count
    except ValidationError:
        return 0
    card, set_code = item.get("card"), item.get("set")
    set_code = set_code if isinstance(set_code, str) else None
    found = validated_entry({"card": card, "count": count, "set": set_code})
    return count if isinstance(found, list) else found
