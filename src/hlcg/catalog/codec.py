"""The card codec: how a card's contract values are written as a row of the ``cards``
table and read back, and how any contract value is written as CSV text.

One encode/decode pair serves the build, the importer, the exporter and the run-time card,
so the encoding cannot drift between them: lists (sets, formats, faction) are JSON arrays of
strings, so that Datasette facets them (``_facet_array``), modifiers compact JSON, flags 0/1
(``unique`` may be NULL: unknown, the pre-game default applies). CSV keeps lists
`;`-joined (``flat_value``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from hlcg.catalog.vocabulary import (
    BOOL_FIELDS,
    CONTRACT_FIELDS,
    LIST_FIELDS,
    PREGAME_TYPES,
    is_master_title,
    normalise,
)

# Card columns newer than the oldest schema an import still reads (3: unrestricted).
NEWER_COLUMNS = frozenset({"unrestricted"})
# Flags whose absence says "unknown" rather than false.
OPTIONAL_FLAGS = frozenset({"unique"})
_REQUIRED_FLAGS = tuple(name for name in BOOL_FIELDS if name not in OPTIONAL_FLAGS)
_OPTIONAL_FLAGS = tuple(name for name in BOOL_FIELDS if name in OPTIONAL_FLAGS)
_ALWAYS_THERE = tuple(name for name in CONTRACT_FIELDS if name not in NEWER_COLUMNS)
_LISTS = tuple(LIST_FIELDS)


def encode_modifiers(modifiers: list[dict[str, Any]]) -> str:
    return json.dumps(modifiers, separators=(",", ":"))


def encode_list(values: Sequence[str]) -> str:
    """A list column as the catalogue stores it: a JSON array (``[]`` when empty, never
    NULL or '', which Datasette's array facet cannot read)."""
    return json.dumps(list(values), separators=(",", ":"), ensure_ascii=False)


def decode_list(text: str | None) -> tuple[str, ...]:
    """A stored list column read back. A catalogue older than schema version 5, read to be
    upgraded, stored lists `;`-joined: those are read too."""
    if not text:
        return ()
    if text.startswith("["):
        return tuple(json.loads(text))
    return tuple(text.split(";"))


def encode_card(values: Mapping[str, Any]) -> dict[str, object]:
    """A card's contract values (``CardRow.to_json()``) as its row of the ``cards`` table,
    with the columns derived from them that lookups and searches read."""
    record: dict[str, object] = {}
    for name in CONTRACT_FIELDS:
        value = values[name]
        if name == "modifiers":
            value = encode_modifiers(value)
        elif isinstance(value, list):
            value = encode_list(value)
        elif isinstance(value, bool):
            value = int(value)
        record[name] = value
    title, subtitle = values["title"], values["subtitle"]
    record["pregame"] = int(values["type"] in PREGAME_TYPES)
    record["master"] = int(is_master_title(title))
    record["title_norm"] = normalise(title)
    record["name_norm"] = normalise(f"{title} {subtitle}") if subtitle else None
    record["subtitle_norm"] = normalise(subtitle) if subtitle else None
    return record


def decode_card(record: Mapping[str, Any]) -> dict[str, Any]:
    """A row of the ``cards`` table as contract values: lists as tuples, flags as bools,
    modifiers as dicts. ``Card(**decode_card(row))`` and ``CardRow(**...)`` both take it.

    A catalogue of an older schema, read to be upgraded, lacks the newer columns: their
    defaults apply. (Every card a command reads passes through here: kept lean.)"""
    values = {name: record[name] for name in _ALWAYS_THERE}
    for name in NEWER_COLUMNS:
        values[name] = record.get(name)
    for name in _LISTS:
        values[name] = decode_list(values[name])
    for name in _REQUIRED_FLAGS:
        values[name] = bool(values[name])
    for name in _OPTIONAL_FLAGS:
        if values[name] is not None:
            values[name] = bool(values[name])
    modifiers = values["modifiers"]
    values["modifiers"] = tuple(json.loads(modifiers)) if modifiers not in (None, "", "[]") else ()
    return values


def flat_value(value: Any) -> str:
    """Any contract value as CSV text: empty for unknown, lists `;`-joined."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    return str(value)


def flat_card(values: Mapping[str, Any]) -> dict[str, str]:
    """A card's contract values (``CardRow.to_json()``) as its CSV row."""
    flat: dict[str, str] = {}
    for key, value in values.items():
        if key == "modifiers":
            flat[key] = encode_modifiers(value) if value else ""
        elif value is False and key not in OPTIONAL_FLAGS:
            # Sources leave reserved and signature empty when false; unique keeps "false"
            # because empty means the pre-game default there.
            flat[key] = ""
        else:
            flat[key] = flat_value(value)
    return flat
