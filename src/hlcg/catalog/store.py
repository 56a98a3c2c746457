"""Open a catalogue file and read it into memory.

The shipped catalogue is package data opened through a read-only SQLite URI; it can never be
written through hlcg. Reads use the standard library's sqlite3 only, so that a lookup does
not pay for importing sqlite-utils or pydantic.
"""

from __future__ import annotations

import os
import sqlite3
from collections import defaultdict
from functools import cached_property
from pathlib import Path
from typing import NamedTuple
from urllib.parse import quote

from hlcg.catalog.card import Card
from hlcg.catalog.normalize import normalise
from hlcg.errors import CatalogueError

SCHEMA_VERSION = 1
ENV_VAR = "HLCG_DB"
_REQUIRED_TABLES = {"meta", "cards", "aliases", "sets", "formats", "printings", "modifiers"}


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


def connect(path: Path, *, readonly: bool = True) -> sqlite3.Connection:
    """Open and check a catalogue; one clear CatalogueError for anything unusable."""
    if not path.exists():
        raise CatalogueError(f"catalogue not found: {path}")
    if path.is_dir():
        raise CatalogueError(f"catalogue path is a directory: {path}")
    mode = "ro" if readonly else "rw"
    uri = f"file:{quote(str(path.resolve()))}?mode={mode}"
    try:
        conn = sqlite3.connect(uri, uri=True)
        conn.row_factory = sqlite3.Row
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise CatalogueError(f"{path} is not a usable SQLite catalogue ({exc})") from None
    missing = _REQUIRED_TABLES - tables
    if missing:
        conn.close()
        raise CatalogueError(
            f"{path} is not an hlcg catalogue (missing tables: {', '.join(sorted(missing))})"
        )
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
    if version != str(SCHEMA_VERSION):
        conn.close()
        raise CatalogueError(
            f"{path} has schema version {version}, this hlcg reads version {SCHEMA_VERSION}; "
            "rebuild it with `hlcg db build`"
        )
    return conn


class FormatInfo(NamedTuple):
    name: str
    title: str
    checked: bool
    editions: tuple[str, ...]
    description: str
    source: str


class Catalogue:
    """Every card of a catalogue file, indexed for lookup and deck checks."""

    def __init__(
        self,
        path: Path,
        meta: dict[str, str],
        cards: dict[str, Card],
        aliases: dict[str, str],
        alias_names: dict[str, str],
        formats: dict[str, FormatInfo],
        sets: dict[str, dict[str, str]],
    ) -> None:
        self.path = path
        self.meta = meta
        self.cards = cards
        self.aliases = aliases  # normalised alias -> card id
        self.alias_names = alias_names  # alias as written -> card id
        self.formats = formats
        self.sets = sets
        self._index()

    def _index(self) -> None:
        titles: defaultdict[str, list[Card]] = defaultdict(list)
        names: defaultdict[str, list[Card]] = defaultdict(list)
        for card in self.cards.values():
            titles[normalise(card.title)].append(card)
            if card.subtitle:
                names[normalise(f"{card.title} {card.subtitle}")].append(card)
        self.by_title: dict[str, list[Card]] = dict(titles)  # normalised title
        self.by_name: dict[str, list[Card]] = dict(names)  # normalised "title subtitle"

    @cached_property
    def personas(self) -> list[Card]:
        return [c for c in self.cards.values() if c.type == "persona"]

    @cached_property
    def persona_names(self) -> set[str]:
        """Normalised names personas go by; a dual persona "A / B" goes by A and B too."""
        return set().union(*(persona.persona_names for persona in self.personas))

    @cached_property
    def weapon_names(self) -> set[str]:
        return {normalise(c.title) for c in self.cards.values() if c.type == "weapon-of-choice"}

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


def load(path: Path) -> Catalogue:
    """Read a whole catalogue into memory."""
    conn = connect(path)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        sets = {
            r["code"]: {"name": r["name"], "edition": r["edition"], "released": r["released"] or ""}
            for r in conn.execute("SELECT * FROM sets ORDER BY code")
        }
        cursor = conn.execute("SELECT * FROM cards ORDER BY id")
        cursor.row_factory = None  # plain tuples: dict(sqlite3.Row) per card is slow
        columns = [d[0] for d in cursor.description]
        cards = {}
        for values in cursor.fetchall():
            data = dict(zip(columns, values, strict=True))
            editions = frozenset(
                sets[c]["edition"] for c in (data["sets"] or "").split(";") if c in sets
            )
            cards[data["id"]] = Card.from_row(data, editions)
        alias_rows = conn.execute("SELECT alias, alias_norm, card_id FROM aliases").fetchall()
        formats = {
            r["name"]: FormatInfo(
                name=r["name"],
                title=r["title"],
                checked=bool(r["checked"]),
                editions=tuple(e for e in (r["editions"] or "").split(";") if e),
                description=r["description"],
                source=r["source"],
            )
            for r in conn.execute("SELECT * FROM formats ORDER BY name")
        }
    except sqlite3.DatabaseError as exc:
        raise CatalogueError(f"{path} is corrupt ({exc})") from None
    except (KeyError, ValueError, TypeError) as exc:
        raise CatalogueError(f"{path} holds rows hlcg cannot read ({exc})") from None
    finally:
        conn.close()
    return Catalogue(
        path=path,
        meta=meta,
        cards=cards,
        aliases={r["alias_norm"]: r["card_id"] for r in alias_rows},
        alias_names={r["alias"]: r["card_id"] for r in alias_rows},
        formats=formats,
        sets=sets,
    )


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
