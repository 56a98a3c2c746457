"""Open a catalogue file and read the rows a command asks for.

The shipped catalogue is package data opened through a read-only SQLite URI; it can never be
written through hlcg. Reads use the standard library's sqlite3 only, so that a lookup does
not pay for importing sqlite-utils or pydantic.
"""

from __future__ import annotations

import os
import sqlite3
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence, ValuesView
from collections.abc import Set as AbstractSet
from functools import cached_property
from pathlib import Path
from typing import Any, NamedTuple, TypeVar
from urllib.parse import quote

from hlcg.catalog.card import Card
from hlcg.catalog.fields import INT_FIELDS
from hlcg.catalog.normalize import normalise
from hlcg.errors import CatalogueError

SCHEMA_VERSION = 3  # 2: name_norm, subtitle_norm; names, name_list. 3: unrestricted
ENV_VAR = "HLCG_DB"
_REQUIRED_TABLES = {
    "meta",
    "cards",
    "aliases",
    "sets",
    "formats",
    "printings",
    "modifiers",
    "names",
    "name_list",
}
# What schema version 1 already had: enough to read a catalogue in order to upgrade it.
_UPGRADABLE_TABLES = _REQUIRED_TABLES - {"names", "name_list"}


def shipped_path() -> Path:
    """The catalogue inside the installed package, else the one in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / "cards.sqlite"
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "cards.sqlite"


def resolve_path(db: Path | None) -> Path:
    """--db, else $HLCG_DB, else the shipped catalogue."""
    if db is not None:
        return db
    env = os.environ.get(ENV_VAR)
    return Path(env) if env else shipped_path()


def is_shipped(path: Path) -> bool:
    try:
        return path.resolve() == shipped_path().resolve()
    except OSError:
        return False


def connect(path: Path, *, readonly: bool = True, upgrading: bool = False) -> sqlite3.Connection:
    """Open and check a catalogue; one clear CatalogueError for anything unusable.

    ``upgrading`` also accepts older schema versions, whose card, alias, set and format
    tables are the same: an import or export reads them and writes the current version."""
    if not path.exists():
        raise CatalogueError(f"catalogue not found: {path}")
    if path.is_dir():
        raise CatalogueError(f"catalogue path is a directory: {path}")
    mode = "ro" if readonly else "rw"
    uri = f"file:{quote(str(path.resolve()))}?mode={mode}"
    try:
        # hlcg serve shares one catalogue between worker threads; Catalogue serialises
        # its use of the connection with a lock.
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        conn.row_factory = sqlite3.Row
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise CatalogueError(f"{path} is not a usable SQLite catalogue ({exc})") from None
    # Tables every version has first, so an older catalogue hears about its version.
    _require_tables(conn, path, _UPGRADABLE_TABLES - tables)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise CatalogueError(f"{path} is corrupt ({exc})") from None
    version = meta.get("schema_version")
    if version is None:
        conn.close()
        raise CatalogueError(
            f"{path} records no schema version (its meta table is empty), so it is not a "
            "complete hlcg catalogue; rebuild it with `hlcg db build` or start a new one "
            "with `hlcg db init`"
        )
    readable = (
        {str(v) for v in range(1, SCHEMA_VERSION + 1)} if upgrading else {str(SCHEMA_VERSION)}
    )
    if version not in readable:
        conn.close()
        raise CatalogueError(
            f"{path} has schema version {version}, this hlcg reads version {SCHEMA_VERSION}; "
            "rebuild it with `hlcg db build`; a catalogue of your own is upgraded by importing "
            "into it (`hlcg db import FILE --db PATH`)"
        )
    if not upgrading:
        _require_tables(conn, path, _REQUIRED_TABLES - tables)
    return conn


def _require_tables(conn: sqlite3.Connection, path: Path, missing: set[str]) -> None:
    if missing:
        conn.close()
        raise CatalogueError(
            f"{path} is not an hlcg catalogue (missing tables: {', '.join(sorted(missing))})"
        )


class FormatInfo(NamedTuple):
    name: str
    title: str
    checked: bool
    editions: tuple[str, ...]
    description: str
    source: str


_V = TypeVar("_V")


class _Query(Mapping[str, _V]):
    """A read-only mapping answered by indexed SQL queries, its answers cached.

    ``one`` returns the value of a key or None; ``keys`` lists every key, which only
    commands that show or count the whole catalogue ask for."""

    def __init__(
        self,
        one: Callable[[str], _V | None],
        keys: Callable[[], list[str]],
        count: Callable[[], int] | None = None,
    ) -> None:
        self._one = one
        self._keys = keys
        self._count = count
        self._cache: dict[str, _V | None] = {}

    def _value(self, key: object) -> _V | None:
        if not isinstance(key, str):
            return None
        if key not in self._cache:
            self._cache[key] = self._one(key)
        return self._cache[key]

    def __getitem__(self, key: str) -> _V:
        value = self._value(key)
        if value is None:
            raise KeyError(key)
        return value

    def __contains__(self, key: object) -> bool:
        return self._value(key) is not None

    def get(self, key: str, default: Any = None) -> Any:
        """Mapping.get without raising and catching KeyError: lookups miss often."""
        value = self._value(key)
        return default if value is None else value

    def __iter__(self) -> Iterator[str]:
        return iter(self._keys())

    def __len__(self) -> int:
        return self._count() if self._count else len(self._keys())


class Catalogue:
    """A catalogue file, read on demand through indexed queries.

    Nothing is read up front but the small tables (meta, sets, formats): a lookup or a deck
    check reads the rows its names point at, so its cost does not grow with the catalogue.
    ``cards`` and the name maps are read-only mappings over the SQL tables.
    """

    def __init__(self, path: Path, connection: sqlite3.Connection) -> None:
        self.path = path
        self._conn = connection
        self._conn.row_factory = None  # plain tuples: a sqlite3.Row per card is slow
        self._lock = threading.Lock()  # one query at a time, whichever thread asks
        try:
            self.meta: dict[str, str] = dict(self._rows("SELECT key, value FROM meta"))
            self.sets: dict[str, dict[str, str]] = {
                r[0]: {"name": r[1], "edition": r[2], "released": r[3] or ""}
                for r in self._rows("SELECT code, name, edition, released FROM sets ORDER BY code")
            }
            self.formats: dict[str, FormatInfo] = {
                r[0]: FormatInfo(
                    name=r[0],
                    title=r[1],
                    checked=bool(r[2]),
                    editions=tuple(e for e in (r[3] or "").split(";") if e),
                    description=r[4],
                    source=r[5],
                )
                for r in self._rows(
                    "SELECT name, title, checked, editions, description, source "
                    "FROM formats ORDER BY name"
                )
            }
        except CatalogueError:
            connection.close()
            raise
        self._card_cache: dict[str, Card] = {}
        self.cards: Mapping[str, Card] = _CardTable(self)
        # normalised alias -> card id; alias as written -> card id
        self.aliases: Mapping[str, str] = _column_map(
            self,
            "SELECT card_id FROM aliases WHERE alias_norm = ? ORDER BY rowid DESC LIMIT 1",
            "SELECT DISTINCT alias_norm FROM aliases ORDER BY alias_norm",
        )
        self.alias_names: Mapping[str, str] = _column_map(
            self,
            "SELECT card_id FROM aliases WHERE alias = ?",
            "SELECT alias FROM aliases ORDER BY alias",
        )
        # normalised title -> cards; normalised "title subtitle" -> cards (both by id)
        self.by_title: Mapping[str, list[Card]] = _card_list_map(self, "title_norm")
        self.by_name: Mapping[str, list[Card]] = _card_list_map(self, "name_norm")

    # --- reading ---------------------------------------------------------------------------
    def _rows(self, sql: str, params: Sequence[object] = ()) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                return self._conn.execute(sql, params).fetchall()
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path} is corrupt ({exc})") from None

    def dict_rows(self, sql: str, params: Sequence[object] = ()) -> list[dict[str, Any]]:
        """Rows as column name -> value, on the catalogue's own connection (no reopening)."""
        try:
            with self._lock:
                cursor = self._conn.execute(sql, params)
                names = [d[0] for d in cursor.description]
                return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path} is corrupt ({exc})") from None

    def _card(self, values: tuple[Any, ...], columns: Sequence[str]) -> Card:
        cached = self._card_cache.get(values[0])  # `SELECT *`: the id comes first
        if cached is not None:
            return cached
        data = dict(zip(columns, values, strict=True))
        try:
            editions = frozenset(
                self.sets[c]["edition"] for c in (data["sets"] or "").split(";") if c in self.sets
            )
            card = Card.from_row(data, editions)
        except (KeyError, ValueError, TypeError) as exc:
            raise CatalogueError(f"{self.path} holds rows hlcg cannot read ({exc})") from None
        self._card_cache[card.id] = card
        return card

    def select_cards(self, where: str, params: Sequence[object] = ()) -> list[Card]:
        """Cards matching an SQL condition on the ``cards`` table, in id order."""
        return list(self.iter_cards(where, params))

    def iter_cards(self, where: str, params: Sequence[object] = ()) -> Iterator[Card]:
        """Cards matching an SQL condition, in id order, read as they are consumed."""
        try:
            with self._lock:
                cursor = self._conn.execute(
                    f"SELECT * FROM cards WHERE {where} ORDER BY id", params
                )
                columns = [d[0] for d in cursor.description]
            while True:
                with self._lock:
                    rows = cursor.fetchmany(256)
                if not rows:
                    return
                for values in rows:
                    yield self._card(values, columns)
        except sqlite3.DatabaseError as exc:
            raise CatalogueError(f"{self.path} is corrupt ({exc})") from None

    # --- what rules and commands ask -------------------------------------------------------
    @cached_property
    def personas(self) -> list[Card]:
        return self.select_cards("type = 'persona'")

    @cached_property
    def persona_names(self) -> set[str]:
        """Normalised names personas go by; a dual persona "A / B" goes by A and B too."""
        return set().union(*(persona.persona_names for persona in self.personas))

    @cached_property
    def weapon_names(self) -> set[str]:
        rows = self._rows("SELECT title_norm FROM cards WHERE type = 'weapon-of-choice'")
        return {r[0] for r in rows}

    @cached_property
    def faction_names(self) -> set[str]:
        names = {normalise(f) for p in self.personas for f in p.faction}
        names.update(normalise(p.title) for p in self.personas if p.subtitle == "Faction")
        return names

    def titled(self, title: str) -> list[Card]:
        return self.by_title.get(normalise(title), [])

    def printings(self, card_id: str) -> list[dict[str, str]]:
        card = self.cards[card_id]
        return [{"set": code, **self.sets.get(code, {})} for code in card.sets]

    def cards_naming(self, names: AbstractSet[str]) -> list[Card]:
        """Cards whose normalised subtitle is one of ``names`` (a persona's own cards)."""
        ordered = sorted(names)
        marks = ", ".join("?" * len(ordered))
        return self.select_cards(f"subtitle_norm IN ({marks})", ordered)

    def set_counts(self) -> dict[str, int]:
        """set code -> how many cards are printed in it."""
        return dict(self._rows("SELECT set_code, count(*) FROM printings GROUP BY set_code"))

    def counts(self) -> dict[str, int]:
        """Cards, personas and sourced facts (known type and numbers, set flags, formats,
        modifiers), counted by SQL rather than by reading every card."""
        known = " + ".join(f"({name} IS NOT NULL)" for name in ("type", *INT_FIELDS))
        flagged = (
            "reserved = 1 OR signature = 1 OR coalesce(formats, '') <> '' "
            "OR coalesce(modifiers, '') NOT IN ('', '[]')"
        )
        cards, personas, facts = self._rows(
            f"SELECT count(*), coalesce(sum(type = 'persona'), 0), "
            f"coalesce(sum({known}), 0) + coalesce(sum({flagged}), 0) FROM cards"
        )[0]
        return {"cards": cards, "personas": personas, "sourced_facts": facts}

    @property
    def cards_read(self) -> int:
        """How many card rows this catalogue has turned into cards so far."""
        return len(self._card_cache)

    def replacement_candidates(self, card_type: str, own_names: AbstractSet[str]) -> Iterator[Card]:
        """In-game cards of one type a deck might take instead of another, best first: those
        whose subtitle names the deck's persona, then ones without a subtitle, then the rest,
        each by id. Read lazily, so the first that fits ends the search."""
        base = "type = ? AND pregame = 0 AND signature = 0"
        own = sorted(own_names)
        marks = ", ".join("?" * len(own))
        if own:
            yield from self.iter_cards(f"{base} AND subtitle_norm IN ({marks})", (card_type, *own))
        yield from self.iter_cards(f"{base} AND (subtitle IS NULL OR subtitle = '')", (card_type,))
        yield from self.iter_cards(
            f"{base} AND subtitle <> '' AND subtitle_norm NOT IN ({marks})", (card_type, *own)
        )

    # --- the fuzzy step's name table -------------------------------------------------------
    @cached_property
    def name_keys(self) -> list[str]:
        """Every normalised name (titles, full names, aliases), built by ``db build``."""
        rows = self._rows("SELECT keys FROM name_list")
        return rows[0][0].split("\n") if rows and rows[0][0] else []

    def name_entries(self, keys: Sequence[str]) -> dict[str, tuple[str, tuple[str, ...]]]:
        """normalised name -> (name as shown, ids of the cards it names)."""
        marks = ", ".join("?" * len(keys))
        rows = self._rows(
            f"SELECT key, display, card_ids FROM names WHERE key IN ({marks})", tuple(keys)
        )
        return {key: (display, tuple(ids.split(";"))) for key, display, ids in rows}

    def close(self) -> None:
        self._conn.close()


class _CardTable(_Query[Card]):
    """card id -> Card, each row read when first asked for."""

    def __init__(self, catalogue: Catalogue) -> None:
        self._catalogue = catalogue
        super().__init__(self._by_id, self._ids, self._count_rows)

    def _by_id(self, card_id: str) -> Card | None:
        cached = self._catalogue._card_cache.get(card_id)
        if cached is not None:
            return cached
        found = self._catalogue.select_cards("id = ?", (card_id,))
        return found[0] if found else None

    def _ids(self) -> list[str]:
        return [r[0] for r in self._catalogue._rows("SELECT id FROM cards ORDER BY id")]

    def _count_rows(self) -> int:
        return int(self._catalogue._rows("SELECT count(*) FROM cards")[0][0])

    def values(self) -> ValuesView[Card]:
        """Every card: only for commands that show or count the whole catalogue."""
        self._catalogue.select_cards("1")  # one query instead of one per id
        return super().values()


def _column_map(catalogue: Catalogue, one: str, keys: str) -> _Query[str]:
    def first(key: str) -> str | None:
        rows = catalogue._rows(one, (key,))
        return rows[0][0] if rows else None

    return _Query(first, lambda: [r[0] for r in catalogue._rows(keys)])


def _card_list_map(catalogue: Catalogue, column: str) -> _Query[list[Card]]:
    def cards(key: str) -> list[Card] | None:
        return catalogue.select_cards(f"{column} = ?", (key,)) or None

    def keys() -> list[str]:
        return [
            r[0]
            for r in catalogue._rows(
                f"SELECT DISTINCT {column} FROM cards WHERE {column} IS NOT NULL ORDER BY 1"
            )
        ]

    return _Query(cards, keys)


def load(path: Path) -> Catalogue:
    """Open a catalogue for reading; rows are read as they are asked for."""
    return Catalogue(path, connect(path))


def full_text_ids(path: Path, words: str) -> list[str]:
    """Card ids whose title, subtitle or text match ``words`` in the full-text index.

    ``words`` is passed to FTS as a parameter; FTS syntax errors become a CatalogueError-free
    ValueError with a readable message.
    """
    conn = connect(path)
    try:
        rows = conn.execute(
            "SELECT cards.id FROM cards_fts JOIN cards ON cards.rowid = cards_fts.rowid "
            "WHERE cards_fts MATCH ? ORDER BY rank",
            (words,),
        ).fetchall()
    except sqlite3.OperationalError as exc:
        raise ValueError(f"full-text query {words!r} could not be read: {exc}") from None
    finally:
        conn.close()
    return [r[0] for r in rows]
