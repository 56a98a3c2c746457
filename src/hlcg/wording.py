"""Words for messages: counted nouns ("1 card", "2 cards", never "1 card(s)") and a
validation error said in hlcg's words, not the library's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

# Nouns whose plural is not the noun + "s".
_IRREGULAR = {"copy": "copies", "entry": "entries", "is": "are", "was": "were"}


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` and ``noun`` in agreement: plural(1, "deck") -> "1 deck"."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural_form or _IRREGULAR.get(noun, noun + 's')}"


def closest_match(term: str, taken: str, score: float | None) -> str:
    """A near miss taken for what an option or search term named, said as `hlcg card` says
    the typo it takes: "(closest match for s:'Movie Editon': ME (Movie Edition), score 96)"."""
    return f"(closest match for {term}: {taken}, score {score or 0:.0f})"


# A value a message quotes is cut to this many characters: a whole request body is no help.
_LONGEST_SHOWN = 60


MISSING = "required, and missing"
# pydantic's error types -> what was expected, in hlcg's words ({} from the error's context).
_EXPECTED = {
    "dict_type": "a JSON object",
    "model_type": "a JSON object",
    "model_attributes_type": "a JSON object",
    "list_type": "a list",
    "string_type": "text",
    "string_unicode": "text (valid Unicode)",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "greater_than_equal": "{ge} or more",
    "greater_than": "more than {gt}",
    "less_than_equal": "at most {le}",
    "less_than": "less than {lt}",
    "literal_error": "{expected}",
    "enum": "{expected}",
    "string_too_long": "at most {max_length} characters",
    "too_long": "at most {max_length} items",
}


def validation_message(error: Mapping[str, Any]) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in hlcg's words: what was
    expected and what was given ("expected 'attack', ... or 'edge', got 'eventt'"), never the
    library's own phrasing ("Input should be ...", "Value error, ...", "Field required")."""
    kind, said = error.get("type", ""), str(error.get("msg", ""))
    if kind == "missing":
        return MISSING
    if kind == "extra_forbidden":
        return "not a known field"
    if said.startswith("Value error, "):
        return said.removeprefix("Value error, ")
    if kind in _EXPECTED:
        said = "expected " + _EXPECTED[kind].format(**(error.get("ctx") or {}))
    elif said.startswith("Input should be "):
        said = "expected " + said.removeprefix("Input should be ")
    else:
        return said
    return f"{said}, got {shown_value(error['input'])}" if "input" in error else said


def field_name(location: Sequence[Any], default: str) -> str:
    """Where a pydantic error is, as a column or key name: ("formats", 0) -> "formats"."""
    return ".".join(str(part) for part in location if not isinstance(part, int)) or default


def shown_value(value: Any) -> str:
    """A value as a message quotes it, cut to ``_LONGEST_SHOWN`` characters."""
    import json

    try:
        text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        text = str(value)
    if len(text) > _LONGEST_SHOWN:
        text = text[: _LONGEST_SHOWN - 3] + "..."
    return repr(text) if isinstance(value, str) else text
