"""What a cell that names none of a field's values is told: the values it may name, and
the closest of them (a type, a format as people write it), so that a slip is one edit away
from fixed."""

from __future__ import annotations

from hlcg.catalog import CARD_TYPES, FORMAT_TAGS
from hlcg.wording import did_you_mean, shown_value


def _expected(choices: tuple[str, ...], given: str) -> str:
    """ "expected 'a', 'b' or 'c', got 'x'", as the contract's other choices are said."""
    listed = ", ".join(repr(c) for c in choices[:-1]) + f" or {choices[-1]!r}"
    return f"expected {listed}, got {shown_value(given)}"


def not_a_type(written: str) -> str:
    """Why ``written`` is no card type, with the closest types."""
    return _expected(CARD_TYPES, written) + did_you_mean(written, {t: t for t in CARD_TYPES})


def not_a_format(written: str) -> str:
    """Why ``written`` is no format, with the closest of the formats a card row may name
    (``type-two`` compared as "type two", as people write it). Format names share their
    "type", so "Type Three" is as close to Type One as to Type Two: both are named."""
    return _expected(FORMAT_TAGS, written) + did_you_mean(
        written, {tag: tag for tag in FORMAT_TAGS}, cutoff=65
    )
