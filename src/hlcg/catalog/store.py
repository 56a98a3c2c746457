"""The ``Catalogue``: a catalogue file (opened by ``hlcg.catalog.connection``) read on demand.

Nothing is read up front but the small tables; the card and name maps are read-only mappings
answered by indexed SQL queries, so a lookup reads the rows its key points at, never the
whole table. Reads use the standard library's sqlite3 only, so that a lookup does not pay
for importing sqlite-utils or pydantic.
"""

from __future__ import annotations

import sqlite3
import threading
import weakref
from collections.abc import Callable, Iterator, Mapping, Sequence, ValuesView
from collections.abc import Set as AbstractSet
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from hlcg.catalog.card import Card, FactSource, LegalityFact, SourcedFact, card_facts, decode_list
from hlcg.catalog.connection import connect
from hlcg.catalog.lookup import (
    MAX_SUGGESTIONS,
    Candidate,
    Match,
    card_candidates,
    card_match,
    exact_card_match,
)
from hlcg.catalog.vocabulary import FACT_FIELDS, normalise
from hlcg.errors import CatalogueError

_V = TypeVar("_V")

# How many keys each name map remembers, misses included (most keys a deck line tries are
# misses: a title is not an id). Bounded, so that a server asked about ever new names keeps
# the same memory; a deck folder repeats its names, so its lookups stay in the cache.
CACHED_KEYS = 4096
# How many did-you-mean answers the catalogue remembers: a fuzzy search costs about half a
# millisecond, and a server is sent the same misspelling again (the page re-checks a deck
# as it is edited).
CACHED_SUGGESTIONS = 1024

# How many answers a catalogue's cache remembers: every name of a large batch of decks, while
# a server asked names without end stays bounded.
CACHE_SIZE = 8192


_REMEMBERING = threading.Lock()


def remember(cache: dict[Any, _V], key: object, value: _V) -> _V:
    """``cache[key] = value``, forgetting the oldest entries beyond CACHE_SIZE. Under a lock:
    the server's worker threads fill the same caches, and a trim that another thread's
    insertion interrupted would leave the cache one entry over its bound for good."""
    with _REMEMBERING:
        cache[key] = value
        while len(cache) > CACHE_SIZE:
            cache.pop(next(iter(cache)))
    return value


class PerCatalogue(Generic[_V]):
    """A value for each open catalogue (``of(catalogue)``, made by ``make`` on first use), kept
    by whoever owns it and forgotten with the catalogue: what a stage works out from a
    catalogue, which stays true while it is open (it is read-only), lives with the stage,
    not inside ``Catalogue``. The last catalogue asked is remembered by a weak reference, so
    the lookups of one check cost a call, not a weak reference each."""

    def __init__(self, make: Callable[[], _V]) -> None:
        self._make = make
        self._values: weakref.WeakKeyDictionary[Catalogue, _V] = weakref.WeakKeyDictionary()
        self._last: tuple[weakref.ref[Catalogue], _V] | None = None

    def of(self, catalogue: Catalogue) -> _V:
        last = self._last
        if last is not None and last[0]() is catalogue:
            return last[1]
        with _REMEMBERING:
            value = self._values.get(catalogue)
            if value is None:
                value = self._values[catalogue] = self._make()
        self._last = (weakref.ref(catalogue), value)
        return value


# --- read-only mappings over the tables: a key reads the rows it points at ------------------


class SqlMapping(Mapping[str, _V]):
    """A read-only mapping answered by indexed SQL queries, the last ``CACHED_KEYS``
    answers cached (misses too).

    ``one`` returns the value of a key or None; ``keys`` lists every key, which only
    commands that show or count the whole catalogue ask for."""

    def __init__(
        self,
        one: Callable[[str], _V | None],
        keys: Callable[[], list[str]],
        count: Callable[[], int] | None = None,
    ) -> None:
        # functools' LRU is thread-safe, as the server's worker threads need
        self._cached_one = lru_cache(maxsize=CACHED_KEYS)(one)
        self._keys = keys
        self._count = count

    def cached_keys(self) -> int:
        """How many keys the cache holds now (never more than ``CACHED_KEYS``)."""
        return self._cached_one.cache_info().currsize

    def _value(self, key: object) -> _V | None:
        if not isinstance(key, str):
            return None
        return self._cached_one(key)

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


class CardTable(SqlMapping[Card]):
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


def value_map(catalogue: Catalogue, one: str, keys: str) -> SqlMapping[str]:
    def first(key: str) -> str | None:
        rows = catalogue._rows(one, (key,))
        return rows[0][0] if rows else None

    return SqlMapping(first, lambda: [r[0] for r in catalogue._rows(keys)])


def card_list_map(catalogue: Catalogue, column: str) -> SqlMapping[list[Card]]:
    where = Catalogue.keyed_sql(column, "?")

    def cards(key: str) -> list[Card] | None:
        return catalogue.select_cards(where, (key,)) or None

    def keys() -> list[str]:
        return [
            r[0]
            for r in catalogue._rows(
                f"SELECT DISTINCT {column} FROM _card_keys WHERE {column} IS NOT NULL ORDER BY 1"
            )
        ]

    return SqlMapping(cards, keys)


# --- the catalogue --------------------------------------------------------------------------


def _recorded_sql(name: str) -> str:
    """SQL that is 1 when a card row records ``name`` (as ``card.recorded_facts``)."""
    column = f'"{name}"'
    if name in ("reserved", "signature", "unrestricted"):
        return f"(coalesce({column}, 0) = 1)"  # false is what sources leave unsaid
    if name in ("modifiers", "sets", "formats", "faction"):  # lists: JSON arrays, [] for none
        return f"(coalesce({column}, '') NOT IN ('', '[]'))"
    return f"({column} IS NOT NULL AND {column} <> '')"


_RECORDED = {name: _recorded_sql(name) for name in FACT_FIELDS}


class FormatInfo(NamedTuple):
    name: str
    title: str
    checked: bool
    editions: tuple[str, ...]
    description: str
    source: str


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
                    editions=decode_list(r[3]),
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
        self._legality_cache: dict[str, tuple[LegalityFact, ...]] = {}
        # The catalogue is read-only while it is open, so an answer stays true for the run:
        # a batch or a server asks the same names and cards deck after deck.
        self._exact_cache: dict[str, Match | None] = {}
        self._inferred_cache: dict[str, list[FactSource]] = {}
        self.cards: Mapping[str, Card] = CardTable(self)
        # normalised alias -> card id
        self.aliases: Mapping[str, str] = value_map(
            self,
            "SELECT card_id FROM _alias_keys WHERE alias_norm = ? ORDER BY rowid DESC LIMIT 1",
            "SELECT DISTINCT alias_norm FROM _alias_keys ORDER BY alias_norm",
        )
        # normalised title -> cards; normalised "title subtitle" -> cards (both by id)
        self.by_title: Mapping[str, list[Card]] = card_list_map(self, "title_norm")
        self.by_name: Mapping[str, list[Card]] = card_list_map(self, "name_norm")
        self._suggestions = lru_cache(maxsize=CACHED_SUGGESTIONS)(self._nearest)

    # --- reading ----------------------------------------------------------------------------
    def lookup(self, query: str) -> Match:
        """The card(s) a name means, despite typos (``hlcg.catalog.lookup`` says how)."""
        return card_match(self, query)

    def exact(self, query: str) -> Match | None:
        """The card(s) a name means exactly (id, title, name, alias, normalised); None when
        only a fuzzy match could say. Remembered for the last CACHE_SIZE names asked
        (a server is asked names without end)."""
        cache = self._exact_cache
        if query in cache:
            return cache[query]
        return remember(cache, query, exact_card_match(self, query))

    def suggest(self, query: str, limit: int = MAX_SUGGESTIONS) -> list[Candidate]:
        """The names nearest ``query`` that score at least ``SUGGEST_SCORE``, best first
        (the last ``CACHED_SUGGESTIONS`` answers remembered)."""
        return list(self._suggestions(query, limit))

    def _nearest(self, query: str, limit: int) -> tuple[Candidate, ...]:
        return tuple(card_candidates(self, query, limit))

    def cached_sizes(self) -> dict[str, int]:
        """How many answers each bounded cache holds now: name maps and suggestions."""
        maps: dict[str, Any] = {"cards": self.cards, "aliases": self.aliases}
        maps |= {"by_title": self.by_title, "by_name": self.by_name}
        sizes = {name: mapping.cached_keys() for name, mapping in maps.items()}
        return sizes | {"suggestions": self._suggestions.cache_info().currsize}

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
                self.sets[c]["edition"] for c in decode_list(data["sets"]) if c in self.sets
            )
            card = Card.from_row(data, editions)
        except (KeyError, ValueError, TypeError) as exc:
            raise CatalogueError(f"{self.path} holds rows hlcg cannot read ({exc})") from None
        self._card_cache[card.id] = card
        return card

    @staticmethod
    def keyed_sql(column: str, marks: str) -> str:
        """A ``select_cards`` condition: true of a card one of whose normalised names
        (``column`` of ``_card_keys``: title_norm, name_norm or subtitle_norm) is one of
        ``marks`` (``?, ?``, the parameters)."""
        return f"id IN (SELECT card_id FROM _card_keys WHERE {column} IN ({marks}))"

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

    # --- what rules and commands ask --------------------------------------------------------
    @cached_property
    def personas(self) -> list[Card]:
        return self.select_cards("type = 'persona'")

    @cached_property
    def persona_names(self) -> set[str]:
        """Normalised names personas go by; a dual persona "A / B" goes by A and B too."""
        return set().union(*(persona.persona_names for persona in self.personas))

    @cached_property
    def weapon_names(self) -> set[str]:
        rows = self._rows(
            "SELECT title_norm FROM _card_keys JOIN cards ON cards.id = _card_keys.card_id "
            "WHERE type = 'weapon-of-choice'"
        )
        return {r[0] for r in rows}

    @cached_property
    def faction_names(self) -> set[str]:
        names = {normalise(f) for p in self.personas for f in p.faction}
        names.update(normalise(p.title) for p in self.personas if p.subtitle == "Faction")
        return names

    def titled(self, title: str) -> list[Card]:
        return self.by_title.get(normalise(title), [])

    def legality(self, card_id: str) -> tuple[LegalityFact, ...]:
        """The card's sourced legality facts (data/source/legality.csv), by format and date."""
        cached = self._legality_cache.get(card_id)
        if cached is None:
            rows = self._rows(
                "SELECT format, status, date, source, coalesce(note, ''), coalesce(inferred, '') "
                "FROM legality "
                "WHERE card_id = ? ORDER BY format, date",
                (card_id,),
            )
            facts = tuple(LegalityFact(*r) for r in rows)
            cached = remember(self._legality_cache, card_id, facts)
        return cached

    def facts(self, card_id: str) -> list[SourcedFact]:
        """Every recorded fact of the card with its own source, or the card-level one
        (``hlcg.catalog.card``)."""
        rows = self._rows(
            "SELECT field, coalesce(value, ''), source, coalesce(inferred, '') FROM fact_sources "
            "WHERE card_id = ? ORDER BY field, value, source",
            (card_id,),
        )
        sources = [FactSource(*r) for r in rows]
        return card_facts(self.cards[card_id], sources, self.legality(card_id))

    def inferred_sources(self, card_ids: Sequence[str]) -> dict[str, list[FactSource]]:
        """card id -> its fact sources that record an inference, for the cards given that
        have any. Each card's are read once (a catalogue holds few cards to remember)."""
        cache = self._inferred_cache
        found = {card_id: cache[card_id] for card_id in card_ids if card_id in cache}
        wanted = [card_id for card_id in dict.fromkeys(card_ids) if card_id not in found]
        for start in range(0, len(wanted), 500):  # stay under SQLite's parameter limit
            chunk = wanted[start : start + 500]
            marks = ", ".join("?" * len(chunk))
            read: dict[str, list[FactSource]] = {card_id: [] for card_id in chunk}
            for row in self._rows(
                "SELECT card_id, field, value, source, inferred FROM fact_sources AS f "
                f"WHERE card_id IN ({marks}) AND coalesce(inferred, '') <> '' "
                # a fact another source states (a reader's own card) rests on no inference
                "AND NOT EXISTS (SELECT 1 FROM fact_sources AS s WHERE s.card_id = f.card_id "
                "AND s.field = f.field AND coalesce(s.value, '') IN (coalesce(f.value, ''), '') "
                "AND coalesce(s.inferred, '') = '') "
                "ORDER BY card_id, field, value, source",
                chunk,
            ):
                read.setdefault(row[0], []).append(FactSource(*row[1:]))
            for card_id, sources in read.items():
                found[card_id] = remember(cache, card_id, sources)
        return {card_id: list(found[card_id]) for card_id in card_ids if found.get(card_id)}

    def legality_table(self) -> list[tuple[str, LegalityFact]]:
        """Every legality fact, as (card id, fact), by format, card and date."""
        rows = self._rows(
            "SELECT card_id, format, status, date, source, coalesce(note, ''), "
            "coalesce(inferred, '') FROM legality "
            "ORDER BY format, card_id, date"
        )
        return [(r[0], LegalityFact(*r[1:])) for r in rows]

    def printings(self, card_id: str) -> list[dict[str, str]]:
        card = self.cards[card_id]
        return [{"set": code, **self.sets.get(code, {})} for code in card.sets]

    def cards_naming(self, names: AbstractSet[str]) -> list[Card]:
        """Cards whose normalised subtitle is one of ``names`` (a persona's own cards)."""
        ordered = sorted(names)
        marks = ", ".join("?" * len(ordered))
        return self.select_cards(self.keyed_sql("subtitle_norm", marks), ordered)

    def set_counts(self) -> dict[str, int]:
        """set code -> how many cards are printed in it."""
        return dict(self._rows("SELECT set_code, count(*) FROM printings GROUP BY set_code"))

    def counts(self) -> dict[str, Any]:
        """Cards, personas, legality facts and sourced facts, counted by SQL rather than by
        reading every card: every recorded fact (each printing and legality row apart, as
        ``facts`` lists them), how many have their own source, how many only the card-level
        one, and how many rest on an inference."""
        recorded = " + ".join(_RECORDED[name] for name in FACT_FIELDS if name != "sets")
        cards, personas, fields = self._rows(
            f"SELECT count(*), coalesce(sum(type = 'persona'), 0), coalesce(sum({recorded}), 0) "
            "FROM cards"
        )[0]
        printings = self._rows("SELECT count(*) FROM printings")[0][0]
        legality, legality_inferred = self._rows(
            "SELECT count(*), coalesce(sum(coalesce(inferred, '') <> ''), 0) FROM legality"
        )[0]
        # A fact several sources back counts once, inferred only when none of them states it.
        own, own_inferred = self._rows(
            "SELECT count(*), coalesce(sum(stated = 0), 0) FROM (SELECT "
            "max(coalesce(inferred, '') = '') AS stated FROM fact_sources "
            "GROUP BY card_id, field, coalesce(value, ''))"
        )[0]
        total = fields + printings + legality
        return {
            "cards": cards,
            "personas": personas,
            "legality": legality,
            "sourced_facts": {
                "total": total,
                "attributed": own + legality,
                "card_level": total - own - legality,
                "inferred": own_inferred + legality_inferred,
            },
        }

    def replacement_candidates(self, card_type: str, own_names: AbstractSet[str]) -> Iterator[Card]:
        """In-game cards of one type a deck might take instead of another, best first: those
        whose subtitle names the deck's persona, then ones without a subtitle, then the rest,
        each by id. Read lazily, so the first that fits ends the search."""
        base = "type = ? AND pregame = 0 AND signature = 0"
        own = sorted(own_names)
        marks = ", ".join("?" * len(own))
        if own:
            yield from self.iter_cards(
                f"{base} AND {self.keyed_sql('subtitle_norm', marks)}", (card_type, *own)
            )
        yield from self.iter_cards(f"{base} AND (subtitle IS NULL OR subtitle = '')", (card_type,))
        yield from self.iter_cards(
            f"{base} AND subtitle <> '' AND NOT {self.keyed_sql('subtitle_norm', marks)}",
            (card_type, *own),
        )

    # --- the fuzzy step's name table --------------------------------------------------------
    @cached_property
    def name_keys(self) -> list[str]:
        """Every normalised name (titles, full names, aliases), built by ``db build``."""
        rows = self._rows("SELECT keys FROM _name_list")
        return rows[0][0].split("\n") if rows and rows[0][0] else []

    def name_entries(self, keys: Sequence[str]) -> dict[str, tuple[str, tuple[str, ...]]]:
        """normalised name -> (name as shown, ids of the cards it names)."""
        marks = ", ".join("?" * len(keys))
        rows = self._rows(
            f"SELECT key, display, card_ids FROM _names WHERE key IN ({marks})", tuple(keys)
        )
        return {key: (display, tuple(ids.split(";"))) for key, display, ids in rows}

    def close(self) -> None:
        self._conn.close()


def load(path: Path) -> Catalogue:
    """Open a catalogue for reading; rows are read as they are asked for."""
    return Catalogue(path, connect(path))
