"""Card search: filters as options or as a compact query string.

Compact query terms (space-separated, combined with AND):

    t:TYPE          card type, e.g. t:edge, t:persona
    p:PERSONA       persona-specific to a persona (part of its name), e.g. p:duncan
    s:SET           printed in a set, e.g. s:WC
    f:FORMAT        legal in a format, e.g. f:type-two
    g:ATTR OP N     gem count, e.g. g:reason>=1 (OP one of = != < <= > >=)
    is:reserved | is:signature | is:master | is:pregame | is:unique
    WORD ...        full-text search over title, subtitle and text

Unknown values never satisfy a comparison: g:agility>=0 lists only cards whose agility
gems are known.
"""

from __future__ import annotations

import operator
import re
import shlex
from collections.abc import Callable
from dataclasses import dataclass, field

from hlcg.catalog.card import Card
from hlcg.catalog.fields import ATTRIBUTES, CARD_TYPES, FORMAT_TAGS
from hlcg.catalog.normalize import normalise
from hlcg.catalog.store import Catalogue, full_text_ids

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
    if value not in FORMAT_TAGS:
        raise QueryError(f"unknown format {value!r}; one of: {', '.join(FORMAT_TAGS)}")
    return value


def parse_query(text: str, into: Query | None = None) -> Query:
    """Read a compact query string into ``into`` (or a new Query)."""
    query = into or Query()
    try:
        terms = shlex.split(text)
    except ValueError as exc:
        raise QueryError(f"query {text!r} not understood: {exc}") from None
    for term in terms:
        prefix, sep, value = term.partition(":")
        if not sep or prefix not in ("t", "p", "s", "f", "g", "is"):
            query.text.append(term)
            continue
        if not value:
            raise QueryError(f"term {term!r} has no value")
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


def _persona_titles(catalogue: Catalogue, fragment: str) -> set[str]:
    wanted = normalise(fragment)
    return {name for name in catalogue.persona_names if wanted and wanted in name}


_FLAG_SQL = {
    "reserved": "reserved = 1",
    "signature": "signature = 1",
    "master": "master = 1",
    "pregame": "pregame = 1",
    "unique": 'coalesce("unique", pregame) = 1',
}


def _prefilter(catalogue: Catalogue, query: Query) -> tuple[str, list[object]]:
    """The filters as one SQL condition, so only matching rows are read; the Python filters
    in ``run`` still decide. An unknown gem or flag value never matches, as NULL never
    compares true in SQL."""
    where: list[str] = []
    params: list[object] = []
    for wanted_type in query.types:
        where.append("type = ?")
        params.append(wanted_type)
    for persona in query.personas:
        titles = sorted(_persona_titles(catalogue, persona))
        where.append(f"subtitle_norm IN ({', '.join('?' * len(titles))})")
        params.extend(titles)
    for code in query.sets:
        where.append("id IN (SELECT card_id FROM printings WHERE lower(set_code) = lower(?))")
        params.append(code)
    for fmt in query.formats:
        where.append("(coalesce(formats, '') = '' OR ';' || formats || ';' LIKE ?)")
        params.append(f"%;{fmt};%")
    for gem in query.gems:
        where.append(f"gem_{gem.attribute} {gem.op} ?")
        params.append(gem.number)
    where.extend(_FLAG_SQL[flag] for flag in query.flags)
    return " AND ".join(where) or "1", params


_FTS_IDS = (
    "SELECT cards.id FROM cards_fts JOIN cards ON cards.rowid = cards_fts.rowid "
    "WHERE cards_fts MATCH ?"
)


def run(catalogue: Catalogue, query: Query) -> list[Card]:
    """Cards matching every filter, in id order (full-text rank order with text terms)."""
    ids: list[str] = []
    if query.text:
        words = " ".join(_fts_term(t) for t in query.text)
        ids = full_text_ids(catalogue.path, words)
    for persona in query.personas:
        if not _persona_titles(catalogue, persona):
            raise QueryError(f"no persona matches {persona!r}; see `hlcg search t:persona`")
    where, params = _prefilter(catalogue, query)
    if query.text:
        where += f" AND id IN ({_FTS_IDS})"
        params.append(words)
    cards = catalogue.select_cards(where, params)
    if query.text:
        by_id = {c.id: c for c in cards}
        cards = [by_id[i] for i in ids if i in by_id]
    for wanted_type in query.types:
        cards = [c for c in cards if c.type == wanted_type]
    for persona in query.personas:
        titles = _persona_titles(catalogue, persona)
        cards = [c for c in cards if c.subtitle and normalise(c.subtitle) in titles]
    for code in query.sets:
        cards = [c for c in cards if code.lower() in (s.lower() for s in c.sets)]
    for fmt in query.formats:
        cards = [c for c in cards if c.legal_in(fmt)]
    for gem in query.gems:
        cards = [c for c in cards if gem(c)]
    for flag in query.flags:
        cards = [c for c in cards if _has_flag(c, flag)]
    return cards


def _has_flag(card: Card, flag: str) -> bool:
    return {
        "reserved": card.reserved,
        "signature": card.signature,
        "master": card.is_master,
        "pregame": card.is_pregame,
        "unique": card.is_unique,
    }[flag]


def _fts_term(term: str) -> str:
    """Quote every user word so FTS operators and punctuation in it stay inert."""
    return '"' + term.replace('"', '""') + '"'
