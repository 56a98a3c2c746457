"""The values a hand edit can leave that the card model refuses: a card with no id or no
title, a list column whose JSON does not parse, a type outside the vocabulary, a negative
number. A catalogue hlcg did not ship is searched for them when it is opened (one query per
table), so a command refuses it in one clear line rather than failing half-way through.

The column types are checked first (``hlcg.catalog.connection``): these conditions may assume
each value is of its column's type or NULL.
"""

from __future__ import annotations

import sqlite3
from typing import NamedTuple

from hlcg.catalog.vocabulary import BOOL_FIELDS, CARD_TYPES, FORMAT_TAGS, INT_FIELDS


class Domain(NamedTuple):
    """One condition a column's values keep: ``refused`` is SQL true of a refused value."""

    column: str
    refused: str
    problem: str  # what the message says of the value: "is empty", "is not a card type"


def _words(values: tuple[str, ...]) -> str:
    return ", ".join(f"'{value}'" for value in values)


def _json_list(column: str) -> Domain:
    """A list column holds a JSON array. A catalogue older than schema version 5, read to
    be upgraded, holds `;`-joined text: only a value that opens like JSON is read as JSON."""
    return Domain(
        column, f'"{column}" LIKE \'[%\' AND NOT json_valid("{column}")', "is not valid JSON"
    )


def _texts_only(column: str) -> Domain:
    return Domain(
        column,
        f"\"{column}\" LIKE '[%' AND EXISTS "
        f"(SELECT 1 FROM json_each(\"{column}\") WHERE type != 'text')",
        "holds an entry that is not text",
    )


def _not_blank(column: str) -> Domain:
    return Domain(column, f'"{column}" IS NULL OR trim("{column}") = \'\'', "is empty")


# The card model's own limits (hlcg.curation.models.CardRow), in its field order. The
# conditions of one table are tried in order for each row, so a list's JSON is known to
# parse before its entries are read.
_CARD_DOMAINS: tuple[Domain, ...] = (
    _not_blank("id"),
    Domain(
        "id",
        "id GLOB '*[^a-z0-9-]*' OR id GLOB '-*'",
        "is not a card id (lower-case letters, digits and hyphens)",
    ),
    _not_blank("title"),
    Domain(
        "type",
        f"trim(type) != '' AND trim(type) NOT IN ({_words(CARD_TYPES)})",
        "is not a card type",
    ),
    _json_list("sets"),
    _texts_only("sets"),
    Domain("restriction", "restriction < 1", "is below 1"),
    *(Domain(name, f'"{name}" NOT IN (0, 1)', "is not 0 or 1") for name in BOOL_FIELDS),
    *(Domain(name, f'"{name}" < 0', "is negative") for name in INT_FIELDS if name != "restriction"),
    _json_list("formats"),
    Domain(
        "formats",
        "formats LIKE '[%' AND EXISTS (SELECT 1 FROM json_each(formats) "
        f"WHERE value NOT IN ({_words(FORMAT_TAGS)}))",
        "names a format hlcg does not know",
    ),
    # read as JSON whenever it is not empty
    Domain("modifiers", "modifiers != '' AND NOT json_valid(modifiers)", "is not valid JSON"),
    Domain(
        "modifiers", "modifiers != '' AND json_type(modifiers) != 'array'", "is not a JSON list"
    ),
    _json_list("faction"),
    _texts_only("faction"),
    _not_blank("source"),
)
# table -> (its key column, the conditions its values keep)
DOMAINS: dict[str, tuple[str, tuple[Domain, ...]]] = {
    "cards": ("id", _CARD_DOMAINS),
    "formats": ("name", (_not_blank("name"), _json_list("editions"))),
}


class Refused(NamedTuple):
    """The first refused value of a table: its column, what is wrong, and its row."""

    column: str
    problem: str
    rowid: int
    key: str | None
    value: object


def first_refused(conn: sqlite3.Connection, table: str) -> Refused | None:
    """The first value of ``table`` its model would refuse, or None. One scan of the table;
    columns an older catalogue lacks are not asked about."""
    key, domains = DOMAINS[table]
    present = {row[1] for row in conn.execute(f'PRAGMA table_info("{table}")')}
    kept = [(i, d) for i, d in enumerate(domains) if d.column in present]
    if not kept or key not in present:
        return None
    cases = " ".join(f"WHEN {domain.refused} THEN {i}" for i, domain in kept)
    found = conn.execute(
        f'SELECT bad, rowid, "{key}" FROM (SELECT CASE {cases} END AS bad, rowid, "{key}" '
        f'FROM "{table}") WHERE bad IS NOT NULL LIMIT 1'
    ).fetchone()
    if found is None:
        return None
    domain = domains[found[0]]
    (value,) = conn.execute(
        f'SELECT "{domain.column}" FROM "{table}" WHERE rowid = ?', (found[1],)
    ).fetchone()
    return Refused(domain.column, domain.problem, found[1], found[2], value)


def _shown(value: object) -> str:
    text = str(value)
    return repr(text if len(text) <= 40 else f"{text[:40]}...")


def describe(table: str, refused: Refused) -> str:
    """``cards.type is not a card type: 'bogus' (row 7, id 'abc')``."""
    key = DOMAINS[table][0]
    where = f"row {refused.rowid}"
    if refused.key is not None and str(refused.key).strip():
        where += f", {key} {_shown(refused.key)}"
    value = "" if refused.problem == "is empty" else f": {_shown(refused.value)}"
    return f"{table}.{refused.column} {refused.problem}{value} ({where})"
