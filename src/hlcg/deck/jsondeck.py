"""Read the JSON deck format (``schemas/deck.schema.json``; `hlcg schema deck` prints it).

{"format": "type-two", "persona": "Duncan MacLeod",
 "pregame": [{"card": "Katana"}],
 "endurance": [{"card": "Upper Left Attack", "count": 3}, {"card": "bau-2", "count": 2}]}

The format is defined by the pydantic models in ``hlcg.deck.jsonmodel``. A value of the
exact type the model asks for (a string, an integer in range, an entry object with known
keys) is taken as it is; any other value goes to the models, so that it gets pydantic's
own verdict and message, and a deck that needs none never pays for importing pydantic
(more than checking the deck).
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from hlcg.deck.lines import MAX_COPIES
from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD, Deck, Entry, LineIssue
from hlcg.deck.text import split_persona
from hlcg.errors import DeckFileError
from hlcg.problems import Severity
from hlcg.wording import json_fault

if TYPE_CHECKING:
    from hlcg.deck.jsonmodel import EntryValues, Fault

# The keys of ``DeckFile`` and ``DeckEntry`` (a test holds them equal to the models').
DECK_KEYS = ("name", "format", "persona", "pregame", "endurance", "cards", "sideboard")
ENTRY_KEYS = frozenset({"card", "count", "set"})
_TEXT_FIELDS = frozenset({"name", "format", "persona"})

# Where a player reads the deck schema: in every installed hlcg, not only in a checkout.
SCHEMA_HINT = "see `hlcg schema deck` for the JSON deck format"

# A JSON deck's lists are named after the sections they fill; "cards" places each by its type.
_SECTION_OF = {PREGAME: PREGAME, ENDURANCE: ENDURANCE, "cards": None, SIDEBOARD: SIDEBOARD}


def _pointer(*parts: object) -> str:
    """A JSON pointer (RFC 6901): /endurance/3/count."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def _problems(faults: list[Fault], severity: Severity = Severity.ERROR) -> list[LineIssue]:
    return [
        LineIssue(None, f"{_pointer(*where) or '/'}: {message}", SCHEMA_HINT, severity)
        for where, message in faults
    ]


def _is_text(value: object) -> bool:
    """A string pydantic takes as it is: any but one holding a lone surrogate (JSON's
    \\ud800 escapes), which pydantic judges itself."""
    if type(value) is not str:
        return False
    if value.isascii():
        return True
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def plain_entry(item: Any) -> EntryValues | None:
    """An entry of exactly the types ``DeckEntry`` asks for, as pydantic would read it; None
    for anything else (pydantic judges it)."""
    if type(item) is not dict or not item.keys() <= ENTRY_KEYS:
        return None
    card, count, set_code = item.get("card"), item.get("count", 1), item.get("set")
    if not (card and _is_text(card)) or type(count) is not int or not 1 <= count <= MAX_COPIES:
        return None
    if set_code is not None and not _is_text(set_code):
        return None
    return card, count, set_code


def _unknown_keys(data: dict[str, Any]) -> list[LineIssue]:
    """Keys a deck does not have ("author", "comment"): metadata outside the deck, noted and
    ignored, so they never change how the deck is read or judged (a note, like a data gap,
    never makes a deck illegal)."""
    return [
        LineIssue(
            None,
            f"{_pointer(key)}: key {key!r} is not part of a deck; ignored",
            "a deck has " + ", ".join(sorted(DECK_KEYS)),
            Severity.NOTE,
        )
        for key in data
        if key not in DECK_KEYS
    ]


# A JSON number longer than this is no count (counts stop at MAX_COPIES): it is read as a
# number just as far out of range, and its entry gets the models' verdict on that. Python
# refuses to convert integers of over 4,300 digits, and converting long ones is quadratic.
MAX_NUMBER_DIGITS = 20
_OUT_OF_RANGE = 10**MAX_NUMBER_DIGITS


def _bounded_int(token: str) -> int:
    if len(token) > MAX_NUMBER_DIGITS:
        return -_OUT_OF_RANGE if token.startswith("-") else _OUT_OF_RANGE
    return int(token)


def lone_surrogate(data: object) -> tuple[str, str] | None:
    """(its JSON pointer, the surrogate) of the first string or key in ``data`` holding a
    lone surrogate (JSON's "\\ud800" escape decodes to one; no UTF-8 text holds it), else
    None. Walked with a stack, not recursion: any depth json.loads accepts is walked."""
    stack: list[tuple[tuple[object, ...], object]] = [((), data)]
    while stack:
        where, value = stack.pop()
        if isinstance(value, dict):
            for key, item in value.items():
                stack.append(((*where, key), key))
                stack.append(((*where, key), item))
        elif isinstance(value, list):
            stack.extend(((*where, number), item) for number, item in enumerate(value))
        elif isinstance(value, str) and not value.isascii():
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                pointer = _pointer(*where) or "/"  # a key may be the string at fault
                return pointer.encode("utf-8", "backslashreplace").decode(), value[exc.start]
    return None


_JSON_KINDS = {list: "an array", str: "a string", int: "a number", float: "a number"}
_JSON_KINDS |= {bool: "true or false", type(None): "null"}


def load_json(text: str, path: str) -> Any:
    """The JSON value of a deck file, or DeckFileError (exit 2) for text that is not JSON,
    nests too deeply or holds a lone surrogate."""
    try:
        data: Any = json.loads(text, parse_int=_bounded_int)
    except json.JSONDecodeError as exc:
        # Not JSON at all (truncated, garbage): an unreadable deck (exit 2), not an empty one.
        # json's own words ("Expecting value") are not passed on: the importers' words.
        raise DeckFileError(f"{path}: not JSON: {json_fault(exc)}") from None
    except RecursionError:
        raise DeckFileError(f"{path}: JSON nested too deeply; a deck is a flat object") from None
    found = lone_surrogate(data)
    if found is not None:
        raise DeckFileError(
            f"{path}: {found[0]}: a lone surrogate {found[1]!r} (a \\u escape of half a "
            "character) is not text; write the character itself"
        )
    return data


def parse_json(text: str, path: str = "<deck>") -> Deck:
    """Each bad entry is one problem located by its JSON pointer; the others are still read."""
    deck = Deck(path=path)
    data = load_json(text, path)
    if not isinstance(data, dict):  # JSON, but no deck to judge (exit 2, not 1)
        raise DeckFileError(
            f"{path}: not a deck: a JSON deck is an object, this file holds "
            f"{_JSON_KINDS.get(type(data), 'a value')}; {SCHEMA_HINT}"
        )
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
        if key in lists or key not in DECK_KEYS:
            continue
        if not (key in _TEXT_FIELDS and (value is None or _is_text(value))):
            from hlcg.deck.jsonmodel import field_faults

            faults = field_faults(key, value)
            if faults:
                deck.issues.extend(_problems(faults))
                continue
        valid[key] = value
    deck.name = valid.get("name")
    if valid.get("persona"):
        deck.persona, deck.persona_set = split_persona(valid["persona"])
    deck.format = valid.get("format")


def _read_entries(deck: Deck, key: str, items: list[Any]) -> None:
    """One entry list ("pregame", "endurance", "sideboard"), entry by entry. An entry that
    fails validation is one problem and still counts as a text line with the same fault
    does (hlcg.deck.jsonmodel.salvaged)."""
    section = _SECTION_OF[key]
    for number, item in enumerate(items):
        entry = plain_entry(item) or _judged_entry(deck, item, _pointer(key, number), section)
        if entry is None:
            continue
        card, count, set_code = entry
        read = Entry(
            name=card,
            count=count,
            line=None,
            section=section,
            set_code=set_code,
            pointer=_pointer(key, number),
        )
        (deck.sideboard if section == SIDEBOARD else deck.entries).append(read)


def _judged_entry(deck: Deck, item: Any, pointer: str, section: str | None) -> EntryValues | None:
    """An entry as pydantic reads it; a bad one is a problem on the deck, and its card and
    count when they can still be read (None when they cannot)."""
    from hlcg.deck.jsonmodel import salvaged, validated_entry

    found = validated_entry(item)
    if not isinstance(found, list):
        return found
    # The sideboard is never checked, so a bad entry there is never an error.
    severity = Severity.WARNING if section == SIDEBOARD else Severity.ERROR
    problem = _entry_problem(found, item, pointer, severity)
    kept = salvaged(item)
    if isinstance(kept, int) and kept and section != SIDEBOARD:
        # copies of a card that cannot be read: unrecognised, like a typo's
        problem = problem._replace(copies=kept, section=section)
    deck.issues.append(problem)
    return None if isinstance(kept, int) else kept


def _entry_problem(faults: list[Fault], item: Any, pointer: str, severity: Severity) -> LineIssue:
    """One problem for one bad entry, however many of its fields are wrong."""
    fix = SCHEMA_HINT
    if isinstance(item, str):
        message = (
            f"{pointer}: an entry is an object with a card key; "
            f"read {json.dumps(item)} as that card"
        )
        return LineIssue(None, message, fix, severity)
    if len(faults) == 1:  # located by its whole pointer: /endurance/3/count
        where, message = faults[0]
        return LineIssue(None, f"{pointer}{_pointer(*where)}: {message}", fix, severity)
    described = [f"{_pointer(*where).lstrip('/')}: {message}" for where, message in faults]
    return LineIssue(None, f"{pointer}: {'; '.join(described)}", fix, severity)
