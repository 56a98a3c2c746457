"""The catalogue's tables as data: one SCHEMA_VERSION, and for every table its columns,
primary key, references and indexes.

The build creates the tables from this (``hlcg.catalog.build``); the store checks that a
file has them (``hlcg.catalog.store``). Tables other parts of hlcg keep in the catalogue
(There Can Be Only One's) are handed in as a ``TableGroup``: the catalogue writes, hashes,
exports and imports them without knowing what they hold.
"""

# No `from __future__ import annotations`: NamedTuple fields written as strings cost a
# compile each at import, and this module is imported by every command.
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, get_args

from hlcg.catalog.fields import BOOL_FIELDS, CONTRACT_FIELDS, INT_FIELDS

if TYPE_CHECKING:
    from pydantic import BaseModel

# 2: name_norm, subtitle_norm; names, name_list. 3: unrestricted. 4: legality holds the
# sourced, dated legality rows (it was derived from the cards' formats). 5: fact_sources (a
# source per fact), fact_history (what --overwrite replaced), legality.inferred.
SCHEMA_VERSION = 5


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
        indexes=(("title_norm",), ("name_norm",), ("subtitle_norm",), ("type", "id")),
    ),
    "printings": Table(
        {"card_id": str, "set_code": str}, pk=("card_id", "set_code"), foreign_keys=_on_card()
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
        foreign_keys=_on_card(),
    ),
    # The source of one fact of a card (data/source/facts.csv); "value" is the set code of a
    # printing, the card's value or '' for the field as a whole.
    "fact_sources": Table(
        {"card_id": str, "field": str, "value": str, "source": str, "inferred": str},
        pk=("card_id", "field", "value"),
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
        {"alias": str, "alias_norm": str, "card_id": str, "source": str},
        pk="alias",
        foreign_keys=_on_card(),
        indexes=(("alias_norm",),),
    ),
    "modifiers": Table(
        {"card_id": str, "position": int, "kind": str, "params": str},
        pk=("card_id", "position"),
        foreign_keys=_on_card(),
    ),
    # One digest per source row, so `db info --verify` can count what changed.
    "row_digests": Table({"table_name": str, "key": str, "sha256": str}, pk=("table_name", "key")),
    # Lookups and deck checks read single rows through these, never the whole table.
    "names": Table(
        {"position": int, "key": str, "display": str, "card_ids": str},
        pk="position",
        not_null=frozenset({"key", "display", "card_ids"}),
        unique_indexes=(("key",),),
    ),
    "name_list": Table({"keys": str}, pk=None, not_null=frozenset({"keys"})),
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
