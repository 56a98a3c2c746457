"""The catalogue's tables as data: one SCHEMA_VERSION, and for every table its columns,
primary key, references and indexes.

The build creates the tables, and the views people browse the file with, from this
(``hlcg.curation.builder``); the store checks that a file has them (``hlcg.catalog.store``).
Tables other parts of hlcg keep in the catalogue (There Can Be Only One's) are handed in as
a ``TableGroup``: the catalogue writes, hashes, exports and imports them without knowing
what they hold. What each table and column holds, in words: ``hlcg.curation.metadata``.
"""

# No `from __future__ import annotations`: NamedTuple fields written as strings cost a
# compile each at import, and this module is imported by every command.
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from hlcg.catalog.vocabulary import BOOL_FIELDS, CONTRACT_FIELDS, INT_FIELDS

if TYPE_CHECKING:
    from pydantic import BaseModel

# 2: name_norm, subtitle_norm; names, name_list. 3: unrestricted. 4: legality holds the
# sourced, dated legality rows (it was derived from the cards' formats). 5: lists as JSON
# arrays; foreign keys to sets and formats; the lookup tables and row digests named with a
# leading underscore (Datasette's mark of an internal table); the views; fact_sources (a
# source per fact), fact_history (what --overwrite replaced), legality.inferred.
# 6: fact_sources keyed by its source too, so a fact two readers confirm has two rows.
# 7: cards.name ("Title: Subtitle", Datasette's label for a link to a card); the lookup
# columns (title_norm, name_norm, subtitle_norm, alias_norm) moved out of cards and aliases
# into _card_keys and _alias_keys, which Datasette hides as internal tables.
SCHEMA_VERSION = 7
# Versions whose tables read as they are. 5 and 6 keep their lookup columns in cards and
# aliases, where 7 reads _card_keys and _alias_keys: they are upgraded by an import (or
# copied with `db init --from`), which reads every row of them and writes version 7.
READABLE_VERSIONS: frozenset[int] = frozenset({SCHEMA_VERSION})


class Table(NamedTuple):
    """One table: sqlite-utils' ``create`` arguments, and the indexes to add after."""

    columns: dict[str, type]
    pk: str | tuple[str, ...] | None
    not_null: frozenset[str] = frozenset()
    foreign_keys: tuple[tuple[str, str, str], ...] = ()
    indexes: tuple[tuple[str, ...], ...] = ()
    unique_indexes: tuple[tuple[str, ...], ...] = ()


def _on_card(column: str = "card_id") -> tuple[tuple[str, str, str], ...]:
    return ((column, "cards", "id"),)


CARD_COLUMNS: dict[str, type] = {
    **{name: str for name in CONTRACT_FIELDS},
    **{name: int for name in (*INT_FIELDS, *BOOL_FIELDS, "pregame", "master")},
    "name": str,
}
# The lookup's normalised names of a card (hlcg.catalog.vocabulary.normalise), apart from
# its row so that people browsing the catalogue see the card as its sources give it.
CARD_KEY_COLUMNS: dict[str, type] = {
    "card_id": str,
    "title_norm": str,
    "name_norm": str,
    "subtitle_norm": str,
}

TABLES: dict[str, Table] = {
    "meta": Table({"key": str, "value": str}, pk="key"),
    "sets": Table(
        {"code": str, "name": str, "edition": str, "released": str, "source": str}, pk="code"
    ),
    "formats": Table(
        {
            "name": str,
            "title": str,
            "checked": int,
            "editions": str,
            "description": str,
            "source": str,
        },
        pk="name",
    ),
    "cards": Table(
        CARD_COLUMNS,
        pk="id",
        not_null=frozenset({"title", "source"}),
        indexes=(("type", "id"),),
    ),
    "printings": Table(
        {"card_id": str, "set_code": str},
        pk=("card_id", "set_code"),
        foreign_keys=(*_on_card(), ("set_code", "sets", "code")),
    ),
    # Sourced, dated facts (data/source/legality.csv); "date" is '' for a fact with no date.
    "legality": Table(
        {
            "card_id": str,
            "format": str,
            "status": str,
            "date": str,
            "source": str,
            "note": str,
            "inferred": str,
        },
        pk=("card_id", "format", "date"),
        not_null=frozenset({"status", "source"}),
        foreign_keys=(*_on_card(), ("format", "formats", "name")),
    ),
    # The sources of one fact of a card (data/source/facts.csv), a row each; "value" is the
    # set code of a printing, the card's value or '' for the field as a whole.
    "fact_sources": Table(
        {"card_id": str, "field": str, "value": str, "source": str, "inferred": str},
        pk=("card_id", "field", "value", "source"),
        not_null=frozenset({"source"}),
        foreign_keys=_on_card(),
    ),
    # Values and sources an import with --overwrite replaced, and when and by what.
    "fact_history": Table(
        {
            "card_id": str,
            "field": str,
            "value": str,
            "source": str,
            "inferred": str,
            "superseded": str,
        },
        pk=("card_id", "field", "superseded", "value"),
        not_null=frozenset({"source"}),
        indexes=(("card_id",),),
    ),
    "aliases": Table(
        {"alias": str, "card_id": str, "source": str},
        pk="alias",
        foreign_keys=_on_card(),
    ),
    "modifiers": Table(
        {"card_id": str, "position": int, "kind": str, "params": str},
        pk=("card_id", "position"),
        foreign_keys=_on_card(),
    ),
    # One digest per source row, so `db info --verify` can count what changed.
    "_row_digests": Table({"table_name": str, "key": str, "sha256": str}, pk=("table_name", "key")),
    # Lookups and deck checks find cards by their normalised names through these. No
    # foreign keys: Datasette would list them under every card as links to follow.
    "_card_keys": Table(
        CARD_KEY_COLUMNS,
        pk="card_id",
        not_null=frozenset({"title_norm"}),
        indexes=(("title_norm",), ("name_norm",), ("subtitle_norm",)),
    ),
    "_alias_keys": Table(
        {"alias": str, "alias_norm": str, "card_id": str},
        pk="alias",
        not_null=frozenset({"alias_norm", "card_id"}),
        indexes=(("alias_norm",),),
    ),
    # Lookups and deck checks read single rows through these, never the whole table.
    "_names": Table(
        {"position": int, "key": str, "display": str, "card_ids": str},
        pk="position",
        not_null=frozenset({"key", "display", "card_ids"}),
        unique_indexes=(("key",),),
    ),
    "_name_list": Table({"keys": str}, pk=None, not_null=frozenset({"keys"})),
}


# The facts of a card as one row each, the way a curator asks "what do we know about this
# card, and who says so": (field, how the stored column reads as that fact's value, the
# condition under which the card records it). A false flag is "not stated", no fact.
_CARD_FACTS: tuple[tuple[str, str, str], ...] = (
    ("type", "type", "type IS NOT NULL"),
    *((name, f"CAST({name} AS TEXT)", f"{name} IS NOT NULL") for name in INT_FIELDS),
    *((name, "'true'", f"{name} = 1") for name in ("unrestricted", "reserved", "signature")),
    ("unique", "CASE \"unique\" WHEN 1 THEN 'true' ELSE 'false' END", '"unique" IS NOT NULL'),
)
# List columns: one fact per entry (a printing, a format, a faction, a modifier).
_CARD_LIST_FACTS = ("sets", "formats", "faction", "modifiers")


def _card_facts_sql() -> str:
    scalar = [
        f"SELECT id AS card_id, title, '{field}' AS field, {value} AS value, source "
        f"FROM cards WHERE {condition}"
        for field, value, condition in _CARD_FACTS
    ]
    listed = [
        f"SELECT cards.id, cards.title, '{field}', each.value, cards.source "
        f"FROM cards, json_each(cards.{field}) AS each"
        for field in _CARD_LIST_FACTS
    ]
    # A fact's own source (fact_sources: a printing by its set code, another fact by its
    # field) where one is recorded, else the card row's; source_scope says whose it is.
    return (
        "SELECT f.card_id, f.title, f.field, f.value, coalesce(s.source, f.source) AS source, "
        "CASE WHEN s.source IS NULL THEN 'card' ELSE 'fact' END AS source_scope, "
        "coalesce(s.inferred, '') AS inferred FROM (\n  "
        + "\n  UNION ALL ".join(scalar + listed)
        + "\n) AS f LEFT JOIN fact_sources AS s ON s.card_id = f.card_id AND s.field = f.field"
        " AND (coalesce(s.value, '') = '' OR s.value = f.value)"
        "\nORDER BY f.card_id, f.field, f.value"
    )


# Views for people browsing the file (Datasette, sqlite-utils): hlcg itself reads tables.
VIEWS: dict[str, str] = {
    # The sourced legality facts with the card's and the format's names.
    "card_legality": (
        "SELECT legality.card_id, cards.title, cards.subtitle, legality.format, "
        "formats.title AS format_title, legality.status, legality.date, legality.source, "
        "legality.note, legality.inferred\n"
        "FROM legality JOIN cards ON cards.id = legality.card_id "
        "JOIN formats ON formats.name = legality.format\n"
        "ORDER BY legality.card_id, legality.format, legality.date"
    ),
    "card_facts": _card_facts_sql(),
}


class TableGroup(NamedTuple):
    """Tables another part of hlcg keeps in the catalogue (There Can Be Only One hands in
    its four). Their rows are pydantic models keyed by their ``name`` field."""

    name: str  # the group's key in the content hash and in a one-document export
    models: Mapping[str, type["BaseModel"]]  # table -> row model
    files: Mapping[str, str]  # table -> its file under a source folder


def _annotation_types(annotation: object) -> set[type]:
    args = get_args(annotation)
    found = {a for a in args if isinstance(a, type)} if args else set()
    if isinstance(annotation, type):
        found.add(annotation)
    if not found and args:  # Literal[...] of strings
        found.add(str)
    return found or {str}


def group_table(model: "type[BaseModel]") -> Table:
    """A handed-in table's columns from its row model: flags and numbers as integers."""
    columns: dict[str, type] = {}
    for name, info in model.model_fields.items():
        found = _annotation_types(info.annotation)
        columns[name] = next((int for t in (bool, int) if t in found), str)
    return Table(columns, pk="name")


def row_key(row: Any) -> str:
    """The key of a handed-in table's row: its name."""
    return str(getattr(row, "name", ""))
