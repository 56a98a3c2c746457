"""Row digests: the catalogue rows a deck's verdict used, and their hash (a deck
fingerprint carries it, docs/fingerprint.md)."""

from __future__ import annotations

import hashlib
import json
from typing import Any

from hlcg.catalog.card import decode_list
from hlcg.catalog.store import Catalogue
from hlcg.catalog.vocabulary import CONTRACT_FIELDS, LIST_FIELDS


def used_rows(
    catalogue: Catalogue, card_ids: list[str], format_name: str
) -> dict[str, list[dict[str, Any]]]:
    """The catalogue rows a deck check reads: the named cards (contract columns), the sets
    they are printed in (editions decide legality), their legality facts in the format, and
    the format's row. Read on the open catalogue's connection: a folder of decks opens the
    file once."""
    rows = _rows_in(catalogue, "cards", "id", sorted(set(card_ids)))
    cards = [{name: _as_csv_list(name, row[name]) for name in CONTRACT_FIELDS} for row in rows]
    codes = sorted({c for card in cards for c in (card["sets"] or "").split(";") if c})
    ids = sorted({card["id"] for card in cards})
    legality = [
        r for r in _rows_in(catalogue, "legality", "card_id", ids) if r["format"] == format_name
    ]
    formats = [
        {**r, "editions": _as_csv_list("editions", r["editions"])}
        for r in _rows_in(catalogue, "formats", "name", [format_name])
    ]
    return {
        "cards": sorted(cards, key=lambda r: r["id"]),
        "legality": sorted(legality, key=lambda r: (r["card_id"], r["date"])),
        "sets": sorted(_rows_in(catalogue, "sets", "code", codes), key=lambda r: r["code"]),
        "formats": formats,
    }


# The digest keeps lists `;`-joined, as cards.csv writes them, whatever the file stores
# (JSON arrays since schema version 5): a fingerprint changes with the facts, not with how
# a catalogue happens to store them.
_LIST_COLUMNS = frozenset({*LIST_FIELDS, "editions"})


def _as_csv_list(column: str, value: Any) -> Any:
    return ";".join(decode_list(value)) if column in _LIST_COLUMNS else value


def _rows_in(
    catalogue: Catalogue, table: str, column: str, values: list[str]
) -> list[dict[str, Any]]:
    """Whole rows of ``table`` whose ``column`` is one of ``values``."""
    found: list[dict[str, Any]] = []
    for start in range(0, len(values), 500):  # stay under SQLite's parameter limit
        chunk = values[start : start + 500]
        marks = ",".join("?" * len(chunk))
        found += catalogue.dict_rows(f"SELECT * FROM {table} WHERE {column} IN ({marks})", chunk)
    return found


def rows_digest(rows: dict[str, list[dict[str, Any]]]) -> str:
    """sha256 of rows as sorted, compact UTF-8 JSON (docs/fingerprint.md has a vector)."""
    text = json.dumps(rows, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def used_rows_digest(catalogue: Catalogue, card_ids: list[str], format_name: str) -> str:
    """The digest of the rows :func:`used_rows` returns."""
    return rows_digest(used_rows(catalogue, card_ids, format_name))
