"""The event file: one SQLite database holding the event, its rule set, every registration
(the deck as it was handed in, its verdict and fingerprint) and every game's result.

Reads open the file read-only. Every write goes through ``writing``: it holds the
catalogue's writer lock on the file (``hlcg.curation.writer_lock``: one writer at a time,
SQLite's own lock for other programs), copies the file to a temporary one beside it, changes
the copy in one transaction and moves it over the file (``hlcg.output.replacing``). A run
killed at any point leaves the event as it was; the next write removes what it left.

The tables are documented in docs/event.md; Datasette opens the file as it is.
"""

from __future__ import annotations

import shutil
import sqlite3
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

from hlcg.catalog import sqlite_uri
from hlcg.errors import EventError, UsageError

APPLICATION = "hlcg-event"
SCHEMA_VERSION = "1"

SCHEMA = """
CREATE TABLE meta (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE registrations (
    player TEXT PRIMARY KEY,
    registered_at TEXT NOT NULL,
    deck_file TEXT NOT NULL,
    deck BLOB NOT NULL,
    persona TEXT NOT NULL,
    persona_id TEXT NOT NULL,
    verdict TEXT NOT NULL,
    legal INTEGER NOT NULL,
    accepted_illegal INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    canonical TEXT NOT NULL,
    sheet_payload TEXT NOT NULL
);
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    round INTEGER NOT NULL,
    recorded_at TEXT NOT NULL,
    player TEXT NOT NULL REFERENCES registrations(player),
    opponent TEXT NOT NULL REFERENCES registrations(player),
    winner TEXT NOT NULL,
    head_taken INTEGER NOT NULL
);
CREATE TABLE quickenings (
    game_id TEXT NOT NULL REFERENCES games(id),
    quickening TEXT NOT NULL,
    from_player TEXT NOT NULL,
    to_player TEXT NOT NULL,
    PRIMARY KEY (game_id, quickening)
);
CREATE INDEX games_round ON games(round);
"""


def _connect(path: Path, mode: str) -> sqlite3.Connection:
    return sqlite3.connect(sqlite_uri(path, mode), uri=True)


def _check(conn: sqlite3.Connection, path: Path) -> None:
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError:
        raise EventError(f"{path}: not an hlcg event file") from None
    if meta.get("application") != APPLICATION:
        raise EventError(f"{path}: not an hlcg event file")
    if meta.get("schema_version") != SCHEMA_VERSION:
        raise EventError(
            f"{path}: an event file of schema {meta.get('schema_version')!r}; this hlcg reads "
            f"schema {SCHEMA_VERSION}"
        )


@contextmanager
def reading(path: Path) -> Iterator[sqlite3.Connection]:
    """The event file, read-only."""
    if not path.is_file():
        raise EventError(
            f"{path}: no such event file; start one with `hlcg event new {path} --name ...`"
        )
    try:
        conn = _connect(path, "ro")
    except sqlite3.Error as exc:
        raise EventError(f"{path}: cannot be opened ({exc})") from None
    with closing(conn):
        _check(conn, path)
        yield conn


@contextmanager
def writing(path: Path) -> Iterator[sqlite3.Connection]:
    """The event file to change: one writer at a time, the change made on a copy in one
    transaction and moved into place only when the block ends without error."""
    from hlcg.curation import writer_lock
    from hlcg.output import replacing, sync_to_disk, write_errors

    if not path.is_file():
        with reading(path):  # the same message as a read
            pass
    with write_errors(path), writer_lock(path, read_only_error=UsageError):
        with reading(path):  # checked under the lock, before anything is copied
            pass
        with replacing(path) as temp, _sqlite_errors(path):
            shutil.copyfile(path, temp)
            conn = sqlite3.connect(temp, isolation_level=None)
            try:
                conn.execute("PRAGMA foreign_keys = ON")
                conn.execute("BEGIN IMMEDIATE")
                yield conn
                conn.execute("COMMIT")
            finally:
                conn.close()
            sync_to_disk(temp)


@contextmanager
def _sqlite_errors(path: Path) -> Iterator[None]:
    """SQLite's failure to write the copy (a full disk) stops the command, never the event:
    the copy is dropped and the file stays as it was."""
    try:
        yield
    except sqlite3.Error as exc:
        raise EventError(f"could not write {path}: {exc}; nothing was written") from None


def create(path: Path, meta: dict[str, str]) -> None:
    """A new event file at ``path`` (which must not exist), with ``meta``."""
    from hlcg.curation import writer_lock
    from hlcg.output import replacing, sync_to_disk, write_errors

    with write_errors(path), writer_lock(path, catalogue=False, read_only_error=UsageError):
        if path.exists() or path.is_symlink():
            raise UsageError(f"{path} already exists; hlcg event new never replaces an event")
        with replacing(path, fresh=True) as temp:
            with closing(sqlite3.connect(temp)) as conn:
                conn.executescript(SCHEMA)
                rows = {"application": APPLICATION, "schema_version": SCHEMA_VERSION, **meta}
                conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", rows.items())
                conn.commit()
            sync_to_disk(temp)


def read_meta(conn: sqlite3.Connection) -> dict[str, str]:
    return dict(conn.execute("SELECT key, value FROM meta").fetchall())
