"""Words for messages: counted nouns ("1 card", "2 cards", never "1 card(s)") and a
validation error said in hlcg's words, not the library's."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from json import JSONDecodeError

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


def did_you_mean(written: str, choices: Mapping[str, str], cutoff: float = 70) -> str:
    """ " (did you mean 'X'?)" for the choice closest to ``written`` (``choices``: each
    spelling compared -> what to suggest for it, codes and names alike), naming every
    suggestion within a few points of the closest (" (did you mean 'A' or 'B'?)"); "" when
    none scores ``cutoff`` (of 100, by edit distance: "Bogus" is close to no set code)."""
    from rapidfuzz import fuzz, process

    def folded(text: str) -> str:
        return " ".join(text.lower().replace("-", " ").replace("_", " ").split())

    scored = process.extract(folded(written), [folded(c) for c in choices], scorer=fuzz.ratio)
    suggested = list(choices.values())
    best = scored[0][1] if scored else 0
    if best < cutoff:
        return ""
    close = dict.fromkeys(suggested[index] for _, score, index in scored if score >= best - 3)
    return f" (did you mean {' or '.join(repr(c) for c in list(close)[:3])}?)"


# A value a message quotes is cut to this many characters: a whole request body is no help.
_LONGEST_SHOWN = 60


MISSING = "required, and missing"

# The patterns hlcg's models hold text to, each with what a value of it is: an error says
# "'Zed Z' is not a card id (...)", never the regular expression.
CARD_ID_PATTERN = r"^[a-z0-9][a-z0-9-]*$"
DATE_PATTERN = r"^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$"
_PATTERN_WORDS = {
    CARD_ID_PATTERN: "a card id (lower-case letters, digits and hyphens)",
    DATE_PATTERN: "a date (YYYY, YYYY-MM or YYYY-MM-DD)",
}
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
    "string_too_short": "at least {min_length} characters",
    "too_long": "at most {max_length} items",
    "too_short": "at least {min_length} items",
    "float_type": "a number",
    "float_parsing": "a number",
    "none_required": "nothing (null)",
}


def validation_message(error: Mapping[str, Any]) -> str:
    """One pydantic error (an item of ``ValidationError.errors()``) in hlcg's words: what was
    expected and what was given ("expected 'attack', ... or 'edge', got 'eventt'"), never the
    library's own phrasing ("Input should be ...", "String should match pattern ...",
    "Field required"): an error type without words of its own here says only that the value
    is not one the field takes."""
    kind, said = error.get("type", ""), str(error.get("msg", ""))
    whole = _said_whole(kind, said, error, error.get("ctx") or {})
    if whole is not None:
        return whole
    if kind in _EXPECTED:
        said = "expected " + _EXPECTED[kind].format(**(error.get("ctx") or {}))
    elif said.startswith("Input should be ") and " should " not in said[16:]:
        said = "expected " + said.removeprefix("Input should be ")
    else:
        said = "not a value this field takes"
    return f"{said}, got {shown_value(error['input'])}" if "input" in error else said


def _said_whole(
    kind: str, said: str, error: Mapping[str, Any], context: Mapping[str, Any]
) -> str | None:
    """The error types said in a sentence of their own, not as "expected X, got Y"."""
    if kind == "missing":
        return MISSING
    if kind == "extra_forbidden":
        return "not a known field"
    if kind in ("value_error", "assertion_error"):  # our validators' own words
        return said.removeprefix("Value error, ").removeprefix("Assertion failed, ")
    if kind == "string_too_short" and context.get("min_length") == 1:
        where = error.get("loc", ())
        whole = "entry" if any(isinstance(part, int) for part in where) else "row"  # of a list
        return f"is empty; every {whole} needs its {field_name(where, 'value')}"
    if kind == "string_pattern_mismatch":
        what = _PATTERN_WORDS.get(context.get("pattern", ""), "in the form this field takes")
        return f"{shown_value(error.get('input'))} is not {what}"
    if kind == "union_tag_invalid":
        expected = f"{context.get('discriminator')} {context.get('expected_tags')}"
        return f"expected {expected}, got {shown_value(context.get('tag'))}"
    if kind == "union_tag_not_found":
        return f"names no {context.get('discriminator', 'kind')}"
    return None


# json's reasons a text is not JSON, in hlcg's words (its own, "Expecting ',' delimiter",
# are not passed on).
_JSON_FAULTS = {
    "Expecting value": "a value is missing",
    "Expecting ',' delimiter": "a ',' is missing",
    "Expecting ':' delimiter": "a ':' is missing",
    "Expecting property name enclosed in double quotes": "a key is not in double quotes",
    "Unterminated string starting at": "a string is not closed",
    "Extra data": "more follows the end of the JSON value",
    "Invalid control character at": "a control character is inside a string",
    "Invalid \\escape": "a backslash escape JSON does not have",
}


def json_fault(exc: JSONDecodeError) -> str:
    """What is wrong where, for a text that is not JSON: "a ',' is missing at character 18"
    (a text of several lines: "at line 3, column 5")."""
    fault = _JSON_FAULTS.get(exc.msg, "it cannot be read")
    if exc.lineno > 1:
        return f"{fault} at line {exc.lineno}, column {exc.colno}"
    return f"{fault} at character {exc.colno}"


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
