"""Row digests: the catalogue rows a deck's verdict used, and their hash (a deck
fingerprint carries it, docs/fingerprint.md).

A folder of decks uses the same rows again and again (the basic attacks in every deck), and
the catalogue is read-only while it is open: :class:`RowCache` reads each row once per open
catalogue, already in the digest's JSON, and a deck's digest joins the pieces it names.
"""

from __future__ import annotations

import json
import sys
from typing import Any
from weakref import WeakKeyDictionary

from hlcg.catalog.card import decode_list
from hlcg.catalog.store import Catalogue
from hlcg.catalog.vocabulary import CONTRACT_FIELDS, LIST_FIELDS

# Python's own sha256 before hashlib's: importing hashlib loads OpenSSL, a few milliseconds of
# every run that hashes (`hlcg deck hash`, a JSON report's fingerprints), for the same digest;
# the standard library's random module does the same with sha512.
try:
    if sys.version_info >= (3, 12):
        from _sha2 import sha256 as _sha256
    else:
        from _sha256 import sha256 as _sha256  # type: ignore[import-not-found]  # no stub
except ImportError:  # a Python built without its own hash modules
    from hashlib import sha256 as _sha256


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


class _Sha256Hex:
    """The sha256 hex digest of a text as UTF-8. Python's own sha256 for a process's first
    few digests; then hashlib's, which hashes a report's rows about 4.7x faster: a process
    that hashes many decks (a folder, `hlcg serve`, a library caller) pays for OpenSSL's
    import once, a one-deck command never does. The same digest either way."""

    SWITCH_AFTER = 16

    def __init__(self) -> None:
        self.made = 0
        self.sha256: Any = _sha256

    def __call__(self, text: str) -> str:
        self.made += 1
        if self.made == self.SWITCH_AFTER:
            from hashlib import sha256

            self.sha256 = sha256
        return str(self.sha256(text.encode("utf-8")).hexdigest())


sha256_hex = _Sha256Hex()


def rows_digest(rows: dict[str, list[dict[str, Any]]]) -> str:
    """sha256 of rows as sorted, compact UTF-8 JSON (docs/fingerprint.md has a vector)."""
    text = json.dumps(rows, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return sha256_hex(text)


def _compact(row: dict[str, Any]) -> str:
    """A row as :func:`rows_digest` writes it inside its document."""
    return json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class _CardRows:
    """One card's part of a digest: its row, its set codes, its legality rows by format
    (each as (date, JSON), in the catalogue's order)."""

    def __init__(self, row: str, codes: list[str]) -> None:
        self.row = row
        self.codes = codes
        self.legality: dict[str, list[tuple[str, str]]] = {}


class RowCache:
    """The rows :func:`used_rows` reads, each read once and kept as the digest's JSON.
    Bounded by the catalogue's own rows; valid while the catalogue file does not change,
    which it does not while it is open for reading (hlcg never writes an open catalogue)."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self.cards: dict[str, _CardRows | None] = {}  # None: no such card
        self.sets: dict[str, str | None] = {}
        self.formats: dict[str, list[str]] = {}

    def _read_cards(self, ids: list[str]) -> None:
        missing = [card_id for card_id in ids if card_id not in self.cards]
        if not missing:
            return
        for row in _rows_in(self.catalogue, "cards", "id", missing):
            card = {name: _as_csv_list(name, row[name]) for name in CONTRACT_FIELDS}
            codes = [c for c in (card["sets"] or "").split(";") if c]
            self.cards[row["id"]] = _CardRows(_compact(card), codes)
        for row in _rows_in(self.catalogue, "legality", "card_id", missing):
            found = self.cards.get(row["card_id"])
            if found is not None:
                found.legality.setdefault(row["format"], []).append((row["date"], _compact(row)))
        for card_id in missing:
            self.cards.setdefault(card_id, None)

    def _read_sets(self, codes: list[str]) -> None:
        missing = [code for code in codes if code not in self.sets]
        for row in _rows_in(self.catalogue, "sets", "code", missing):
            self.sets[row["code"]] = _compact(row)
        for code in missing:
            self.sets.setdefault(code, None)

    def _format(self, format_name: str) -> list[str]:
        if format_name not in self.formats:
            self.formats[format_name] = [
                _compact({**r, "editions": _as_csv_list("editions", r["editions"])})
                for r in _rows_in(self.catalogue, "formats", "name", [format_name])
            ]
        return self.formats[format_name]

    def digest(self, card_ids: list[str], format_name: str) -> str:
        """``rows_digest(used_rows(catalogue, card_ids, format_name))``, from the cache."""
        ids = sorted(set(card_ids))
        self._read_cards(ids)
        cards = [(card_id, c) for card_id in ids if (c := self.cards[card_id]) is not None]
        codes = sorted({code for _, card in cards for code in card.codes})
        self._read_sets(codes)
        legality = [
            row
            for _, card in cards
            for _, row in sorted(card.legality.get(format_name, ()), key=lambda r: r[0])
        ]
        parts = (
            ("cards", [card.row for _, card in cards]),
            ("formats", self._format(format_name)),
            ("legality", legality),
            ("sets", [row for code in codes if (row := self.sets[code]) is not None]),
        )
        # the document rows_digest writes: its keys sorted, compact
        text = "{" + ",".join(f'"{key}":[{",".join(rows)}]' for key, rows in parts) + "}"
        return sha256_hex(text)


_CACHES: WeakKeyDictionary[Catalogue, RowCache] = WeakKeyDictionary()


def used_rows_digest(catalogue: Catalogue, card_ids: list[str], format_name: str) -> str:
    """The digest of the rows :func:`used_rows` returns, each row read once per open
    catalogue (:class:`RowCache`)."""
    cache = _CACHES.get(catalogue)
    if cache is None:
        cache = _CACHES[catalogue] = RowCache(catalogue)
    return cache.digest(card_ids, format_name)
