"""A search query: filters as options or as a compact query string, read into a Query.

Compact query terms (space-separated, combined with AND):

    t:TYPE          card type, e.g. t:edge, t:persona (also type:)
    p:PERSONA       persona-specific to a persona (part of its name), e.g. p:duncan
                    (also persona:)
    s:SET           printed in a set, e.g. s:WC (also set:)
    f:FORMAT        legal in a format, e.g. f:type-two (also format:)
    g:ATTR OP N     gem count, e.g. g:reason>=1 (OP one of = != < <= > >=) (also gem:)
    is:reserved | is:signature | is:master | is:pregame | is:unique
    WORD ...        full-text search over title, subtitle and text
    "A PHRASE"      words next to each other, in this order

Words are this game's: an apostrophe belongs to its word (Master's Block), and a word also
finds its longer forms and its plural or possessive (masters finds Master's, dodges finds
Dodge). Any other PREFIX: is an error that lists the prefixes.

Unknown values never satisfy a comparison: g:agility>=0 lists only cards whose agility
gems are known.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable
from dataclasses import dataclass, field

from hlcg.catalog.card import Card
from hlcg.catalog.vocabulary import ATTRIBUTES, CARD_TYPES, FORMAT_TAGS, format_named

_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "!=": operator.ne,
    "=": operator.eq,
    ">": operator.gt,
    "<": operator.lt,
}
_GEM = re.compile(r"^(?P<attr>[a-z]+)\s*(?P<op>>=|<=|!=|=|>|<)\s*(?P<n>-?\d+)$")
_FLAGS = ("reserved", "signature", "master", "pregame", "unique")
# Every prefix a term may start with -> its short form.
PREFIXES = {
    "t": "t",
    "type": "t",
    "p": "p",
    "persona": "p",
    "s": "s",
    "set": "s",
    "f": "f",
    "format": "f",
    "g": "g",
    "gem": "g",
    "gems": "g",
    "is": "is",
}
# A term: a "quoted phrase" (a missing closing quote ends it at the end of the query), or a
# run of anything but white space. Apostrophes are letters here, not quotes.
_TERM = re.compile(r'"(?P<phrase>[^"]*)(?:"|$)|(?P<word>[^\s"]+)')
_PREFIXED = re.compile(r"^(?P<prefix>[A-Za-z]+):(?P<value>.*)$")


class QueryError(ValueError):
    """A search term hlcg cannot read; the message says which and why."""


@dataclass(frozen=True)
class GemFilter:
    attribute: str
    op: str
    number: int

    def __call__(self, card: Card) -> bool:
        value = card.gem(self.attribute)
        return value is not None and _OPERATORS[self.op](value, self.number)


@dataclass
class Query:
    types: list[str] = field(default_factory=list)
    personas: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    gems: list[GemFilter] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)

    @property
    def has_text(self) -> bool:
        return bool(self.text or self.phrases)


def parse_gem(expression: str) -> GemFilter:
    match = _GEM.match(expression.strip().lower())
    if not match or match["attr"] not in ATTRIBUTES:
        raise QueryError(
            f"gem filter {expression!r} not understood; write ATTRIBUTE OP NUMBER, e.g. "
            f"agility>=2, with ATTRIBUTE one of {', '.join(ATTRIBUTES)}"
        )
    return GemFilter(match["attr"], match["op"], int(match["n"]))


def check_type(value: str) -> str:
    if value not in CARD_TYPES:
        raise QueryError(f"unknown type {value!r}; one of: {', '.join(CARD_TYPES)}")
    return value


def check_format(value: str) -> str:
    """A format tag, from the tag itself or any spelling a deck's `Format:` line takes."""
    if value in FORMAT_TAGS:
        return value
    named = format_named(value)
    if named is None:
        raise QueryError(f"unknown format {value!r}; one of: {', '.join(FORMAT_TAGS)}")
    return named


def split_terms(text: str) -> list[tuple[str, bool]]:
    """(term, is_phrase) pairs: "quoted phrases" kept whole, apostrophes left in words."""
    terms = []
    for match in _TERM.finditer(text):
        if match["word"] is not None:
            terms.append((match["word"], False))
        elif match["phrase"].strip():
            terms.append((match["phrase"].strip(), True))
    return terms


def parse_query(text: str, into: Query | None = None) -> Query:
    """Read a compact query string into ``into`` (or a new Query)."""
    query = into or Query()
    for term, is_phrase in split_terms(text):
        prefixed = None if is_phrase else _PREFIXED.match(term)
        if prefixed is None:
            (query.phrases if is_phrase else query.text).append(term)
            continue
        name, value = prefixed["prefix"].lower(), prefixed["value"]
        if not value:
            if name in PREFIXES:
                raise QueryError(f"term {term!r} has no value, e.g. {name}:VALUE")
            # "Flashback: The Kurgan" written out: the colon is punctuation, not a prefix.
            query.text.append(term[:-1])
            continue
        prefix = PREFIXES.get(name)
        if prefix is None:
            raise QueryError(
                f"unknown prefix {name + ':'!r} in {term!r}; prefixes are "
                "t: (type), p: (persona), s: (set), f: (format), g: (gem), is:; "
                'put a word with a colon in quotes to search for it: "A:B"'
            )
        if prefix == "t":
            query.types.append(check_type(value.lower()))
        elif prefix == "p":
            query.personas.append(value)
        elif prefix == "s":
            query.sets.append(value)
        elif prefix == "f":
            query.formats.append(check_format(value.lower()))
        elif prefix == "g":
            query.gems.append(parse_gem(value))
        elif value.lower() in _FLAGS:
            query.flags.append(value.lower())
        else:
            raise QueryError(f"is:{value} not understood; one of: {', '.join(_FLAGS)}")
    return query
