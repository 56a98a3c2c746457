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

from hlcg.catalog.schema import SCHEMA_VERSION
from hlcg.errors import CatalogueError

ENV_VAR = "HLCG_DB"
_REQUIRED_TABLES = {
    "meta",
    "cards",
    "aliases",
    "sets",
    "formats",
    "printings",
    "modifiers",
    "_names",
    "_name_list",
    "fact_sources",
    "fact_history",
}
# What schema version 1 already had: enough to read a catalogue in order to upgrade it.
_UPGRADABLE_TABLES = _REQUIRED_TABLES - {"_names", "_name_list", "fact_sources", "fact_history"}


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
            "with `hlcg db init my.sqlite --from-shipped`"
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
