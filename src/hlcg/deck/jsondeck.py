"""Read the JSON deck format (``schemas/deck.schema.json``; `hlcg schema deck` prints it).

{"format": "type-two", "persona": "Duncan MacLeod",
 "pregame": [{"card": "Katana"}],
 "endurance": [{"card": "Upper Left Attack", "count": 3}, {"card": "bau-2", "count": 2}]}
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hlcg.deck.lines import MAX_COPIES
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Deck, Entry, LineIssue
from hlcg.deck.text import split_persona
from hlcg.errors import DeckFileError
from hlcg.problems import Severity


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


# Where a player reads the deck schema: in every installed hlcg, not only in a checkout.
SCHEMA_HINT = "see `hlcg schema deck` for the JSON deck format"

# A JSON deck's lists are named after the sections they fill; "cards" places each by its type.
_SECTION_OF = {PREGAME: PREGAME, ENDURANCE: ENDURANCE, "cards": None, SIDEBOARD: SIDEBOARD}


def _pointer(*parts: object) -> str:
    """A JSON pointer (RFC 6901): /endurance/3/count."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _problems(
    exc: ValidationError, *prefix: object, severity: Severity = Severity.ERROR
) -> list[LineIssue]:
    issues = []
    for error in exc.errors():
        where = _pointer(*prefix, *error["loc"]) or "/"
        issues.append(LineIssue(None, f"{where}: {error['msg']}", SCHEMA_HINT, severity))
    return issues


def _unknown_keys(data: dict[str, Any]) -> list[LineIssue]:
    """Keys a deck does not have ("author", "comment"): metadata outside the deck, noted and
    ignored, so they never change how the deck is read or judged (a note, like a data gap,
    never makes a deck illegal)."""
    return [
        LineIssue(
            None,
            f"{_pointer(key)}: key {key!r} is not part of a deck; ignored",
            "a deck has " + ", ".join(sorted(DeckFile.model_fields)),
            Severity.NOTE,
        )
        for key in data
        if key not in DeckFile.model_fields
    ]


def parse_json(text: str, path: str = "<deck>") -> Deck:
    """Each bad entry is one problem located by its JSON pointer; the others are still read."""
    deck = Deck(path=path)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        # Not JSON at all (truncated, garbage): an unreadable deck (exit 2), not an empty one.
        raise DeckFileError(f"{path}: line {exc.lineno}: invalid JSON: {exc.msg}") from None
    except RecursionError:
        raise DeckFileError(f"{path}: JSON nested too deeply; a deck is a flat object") from None
    if not isinstance(data, dict):
        deck.issues.append(LineIssue(None, "/: a deck is a JSON object", SCHEMA_HINT))
        return deck
    # Entry lists are checked entry by entry, so one bad entry does not hide the rest.
    lists: dict[str, list[Any]] = {
        key: data[key] for key in _SECTION_OF if isinstance(data.get(key), list)
    }
    deck.issues.extend(_unknown_keys(data))
    _read_fields(deck, data, lists)
    for key, items in lists.items():
        _read_entries(deck, key, items)
    return deck


def _read_fields(deck: Deck, data: dict[str, Any], lists: dict[str, list[Any]]) -> None:
    """Name, persona and format, each key on its own, so a bad "name" does not throw away
    the persona and format."""
    valid: dict[str, Any] = {}
    for key, value in data.items():
        if key in lists or key not in DeckFile.model_fields:
            continue
        try:
            DeckFile.model_validate({key: value})
        except ValidationError as exc:
            deck.issues.extend(_problems(exc))
            continue
        valid[key] = value
    parsed = DeckFile.model_validate(valid)
    deck.name = parsed.name
    if parsed.persona:
        deck.persona, deck.persona_set = split_persona(parsed.persona)
    deck.format = parsed.format


def _read_entries(deck: Deck, key: str, items: list[Any]) -> None:
    """One entry list ("pregame", "endurance", "sideboard"), entry by entry. An entry that
    fails validation is one problem and still counts as a text line with the same fault
    does (hlcg.deck.jsondeck._salvaged)."""
    section = _SECTION_OF[key]
    for number, item in enumerate(items):
        try:
            entry = DeckEntry.model_validate(item)
        except ValidationError as exc:
            # The sideboard is never checked, so a bad entry there is never an error.
            severity = Severity.WARNING if section == SIDEBOARD else Severity.ERROR
            problem = _entry_problem(exc, item, _pointer(key, number), severity)
            salvaged = _salvaged(item)
            if isinstance(salvaged, DeckEntry):
                entry = salvaged
            elif salvaged and section != SIDEBOARD:
                # copies of a card that cannot be read: unrecognised, like a typo's
                problem = problem._replace(copies=salvaged, section=section)
            deck.issues.append(problem)
            if not isinstance(salvaged, DeckEntry):
                continue
        read = Entry(
            name=entry.card,
            count=entry.count,
            line=None,
            section=section,
            set_code=entry.set,
            pointer=_pointer(key, number),
        )
        (deck.sideboard if section == SIDEBOARD else deck.entries).append(read)


def _entry_problem(exc: ValidationError, item: Any, pointer: str, severity: Severity) -> LineIssue:
    """One problem for one bad entry, however many of its fields are wrong."""
    fix = SCHEMA_HINT
    if isinstance(item, str):
        message = (
            f"{pointer}: an entry is an object with a card key; "
            f"read {json.dumps(item)} as that card"
        )
        return LineIssue(None, message, fix, severity)
    errors = exc.errors()
    if len(errors) == 1:  # located by its whole pointer: /endurance/3/count
        return LineIssue(
            None, f"{pointer}{_pointer(*errors[0]['loc'])}: {errors[0]['msg']}", fix, severity
        )
    faults = [f"{_pointer(*error['loc']).lstrip('/')}: {error['msg']}" for error in errors]
    return LineIssue(None, f"{pointer}: {'; '.join(faults)}", fix, severity)


def _salvaged(item: Any) -> DeckEntry | int:
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
    try:
        return DeckEntry.model_validate(
            {"card": card, "count": count, "set": set_code if isinstance(set_code, str) else None}
        )
    except ValidationError:
        return count
