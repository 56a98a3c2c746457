"""Find and open a catalogue file: the shipped one (package data, read-only), one named by
--db or $HLCG_DB; every way a file can be unusable becomes one clear CatalogueError.

Reads use the standard library's sqlite3 only, so that a lookup does not pay for importing
sqlite-utils or pydantic.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

from hlcg.catalog.schema import READABLE_VERSIONS, SCHEMA_VERSION
from hlcg.errors import CatalogueError

ENV_VAR = "HLCG_DB"
# What schema version 1 already had: enough to read a catalogue in order to upgrade it.
_UPGRADABLE_TABLES = {"meta", "cards", "aliases", "sets", "formats", "printings", "modifiers"}
# What this version reads: those, and the tables later versions added.
_REQUIRED_TABLES = _UPGRADABLE_TABLES | {
    "_names",
    "_name_list",
    "_card_keys",
    "_alias_keys",
    "fact_sources",
    "fact_history",
}


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


def in_wal_mode(path: Path) -> bool:
    """Whether a database file's header puts it in WAL mode (bytes 18 and 19 are 2)."""
    try:
        with path.open("rb") as handle:
            header = handle.read(20)
    except OSError:
        return False
    return header.startswith(b"SQLite format 3\x00") and header[18:20] == b"\x02\x02"


def _read_mode(path: Path) -> str:
    """How a reader opens ``path``. A read-only connection to a catalogue in WAL mode makes
    a ``-wal`` and ``-shm`` it cannot remove; where no program has it open (no ``-wal``
    yet) a writable one is opened instead, kept to queries, and its close removes both."""
    log = path.with_name(path.name + "-wal")
    if in_wal_mode(path) and not log.exists() and os.access(path, os.W_OK):
        return "rw"
    return "ro"


def sqlite_uri(path: Path, mode: str) -> str:
    """SQLite's ``file:`` URI of ``path`` (its bytes as they are: a name need not be UTF-8)."""
    return f"file:{quote(os.fsencode(path.resolve()))}?mode={mode}"


def connect(path: Path, *, readonly: bool = True, upgrading: bool = False) -> sqlite3.Connection:
    """Open and check a catalogue; one clear CatalogueError for anything unusable.

    ``upgrading`` also accepts older schema versions, whose card, alias, set and format
    tables are the same: an import or export reads them and writes the current version."""
    if not path.exists():
        raise CatalogueError(f"catalogue not found: {path}")
    if path.is_dir():
        raise CatalogueError(f"catalogue path is a directory: {path}")
    mode = _read_mode(path) if readonly else "rw"
    uri = sqlite_uri(path, mode)
    try:
        # hlcg serve shares one catalogue between worker threads; Catalogue serialises
        # its use of the connection with a lock.
        conn = sqlite3.connect(uri, uri=True, check_same_thread=False)
        if readonly:
            conn.execute("PRAGMA query_only=1")
        conn.row_factory = sqlite3.Row
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    except sqlite3.DatabaseError as exc:
        raise unusable(path, exc) from None
    # Tables every version has first, so an older catalogue hears about its version.
    _require_tables(conn, path, _UPGRADABLE_TABLES - tables)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise unusable(path, exc) from None
    version = meta.get("schema_version")
    if version is None:
        conn.close()
        raise CatalogueError(
            f"{path} records no schema version (its meta table is empty), so it is not a "
            "complete hlcg catalogue; rebuild it with `hlcg db build` or start a new one "
            "with `hlcg db init my.sqlite --from-shipped`"
        )
    readable = (
        {str(v) for v in range(1, SCHEMA_VERSION + 1)}
        if upgrading
        else {str(v) for v in READABLE_VERSIONS}
    )
    if version not in readable:
        conn.close()
        raise CatalogueError(
            f"{path} has schema version {version}, this hlcg reads version {SCHEMA_VERSION}; "
            "rebuild it with `hlcg db build`; a catalogue of your own is upgraded, every row "
            f"kept, by importing into it (`hlcg db import FILE --db {path}`) or as a copy "
            f"(`hlcg db init NEW.sqlite --from {path}`)"
        )
    if not upgrading:
        _require_tables(conn, path, _REQUIRED_TABLES - tables)
    if not is_shipped(path):
        # the shipped catalogue is built by `hlcg db build` and checked fresh by the tests;
        # every run pays its open, so it skips this scan
        _scan_once(conn, path, tables)
    return conn


def _scan_once(conn: sqlite3.Connection, path: Path, tables: set[str]) -> None:
    """Refuse values of the wrong type or outside their domain, once per version of the
    file (vetted.py): on 50,000 cards the scan outweighs a command. Imported here, as the
    shipped catalogue that every run opens never needs them."""
    from hlcg.catalog.domains import DOMAINS
    from hlcg.catalog.vetted import file_version, passed_before, remember_passed

    version = file_version(path)
    if passed_before(path, version):
        return
    _require_column_types(conn, path, sorted(tables & _TYPED_TABLES))
    _require_domains(conn, path, sorted(tables & DOMAINS.keys()))
    remember_passed(path, version)


# Tables whose rows hlcg reads into cards, names and verdicts: a value of another type than
# its column's (text where a number is kept, a blob where text is) is a hand-edited or
# damaged catalogue, refused when it is opened rather than met half-way through a check.
_TYPED_TABLES = _REQUIRED_TABLES | {
    "legality",
    "tcboo_cards",
    "tcboo_immortals",
    "tcboo_swords",
    "tcboo_locations",
}
_STORED_AS = {"TEXT": "text", "INTEGER": "integer"}


def _first_mistyped(conn: sqlite3.Connection, table: str) -> tuple[str, str, str] | None:
    """(column, declared type, stored type) of the first value of another type than its
    column's in ``table``, or None. One scan of the table, however many columns it has."""
    declared = [
        (row[1], row[2].upper())
        for row in conn.execute(f'PRAGMA table_info("{table}")')
        if row[2].upper() in _STORED_AS
    ]
    if not declared:
        return None
    cases = " ".join(
        f"WHEN typeof(\"{name}\") NOT IN ('{_STORED_AS[kind]}', 'null') "
        f"THEN '{name}' || char(31) || '{kind}' || char(31) || typeof(\"{name}\")"
        for name, kind in declared
    )
    found = conn.execute(
        f'SELECT bad FROM (SELECT CASE {cases} END AS bad FROM "{table}") '
        "WHERE bad IS NOT NULL LIMIT 1"
    ).fetchone()
    if found is None:
        return None
    column, kind, stored = str(found[0]).split("\x1f")
    return column, kind, stored


def _require_column_types(conn: sqlite3.Connection, path: Path, tables: list[str]) -> None:
    try:
        for table in tables:
            mistyped = _first_mistyped(conn, table)
            if mistyped is not None:
                column, kind, stored = mistyped
                conn.close()
                raise CatalogueError(
                    f"{path} is corrupt or was edited by hand: {table}.{column} holds a "
                    f"{stored} value where {kind.lower()} values are kept; " + _REBUILD
                )
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise unusable(path, exc) from None


_REBUILD = (
    "rebuild it with `hlcg db build`, or start again with `hlcg db init my.sqlite --from-shipped`"
)


def _require_domains(conn: sqlite3.Connection, path: Path, tables: list[str]) -> None:
    from hlcg.catalog.domains import describe, first_refused

    try:
        for table in tables:
            refused = first_refused(conn, table)
            if refused is not None:
                conn.close()
                raise CatalogueError(
                    f"{path} is corrupt or was edited by hand: {describe(table, refused)}; "
                    + _REBUILD
                )
    except sqlite3.DatabaseError as exc:
        conn.close()
        raise unusable(path, exc) from None


# SQLite's result codes (https://sqlite.org/rescode.html), said in hlcg's words: its own
# wording ("file is not a database") names neither the file nor what to do.
_SQLITE_BUSY, _SQLITE_LOCKED, _SQLITE_CORRUPT, _SQLITE_CANTOPEN, _SQLITE_NOTADB = 5, 6, 11, 14, 26


def unusable(path: Path, exc: sqlite3.DatabaseError) -> CatalogueError:
    """The error for a catalogue SQLite cannot read, naming the file and what to do."""
    code = getattr(exc, "sqlite_errorcode", 0) & 0xFF  # an extended code's primary one
    if code == _SQLITE_NOTADB:
        return CatalogueError(
            f"{path} is not an SQLite catalogue; name a catalogue file (--db), or start "
            "one with `hlcg db init my.sqlite --from-shipped`"
        )
    if code in (_SQLITE_BUSY, _SQLITE_LOCKED):
        return CatalogueError(f"{path} is locked by another program; try again when it is done")
    if code == _SQLITE_CANTOPEN:
        return CatalogueError(f"{path} cannot be opened: check its permissions and its folder's")
    return CatalogueError(f"{path} is corrupt: SQLite cannot read all of it; " + _REBUILD)


def _require_tables(conn: sqlite3.Connection, path: Path, missing: set[str]) -> None:
    if missing:
        conn.close()
        raise CatalogueError(
            f"{path} is not an hlcg catalogue (missing tables: {', '.join(sorted(missing))})"
        )
