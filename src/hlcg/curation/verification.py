"""Verify a catalogue: recompute its content hash from its rows, and rebuild its derived
tables to compare them.

The recorded ``content_sha256`` in ``meta`` says what the catalogue held when it was built
or imported; a row changed since (by hand, with another tool) makes the recomputed hash
differ, and the per-row digests recorded beside it say which tables changed and how.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.catalog import connect
from hlcg.catalog.storage import TableGroup
from hlcg.errors import CatalogueError

if TYPE_CHECKING:
    from hlcg.curation.bundle import Bundle


@dataclass(frozen=True)
class TableDifference:
    changed: int = 0
    added: int = 0
    removed: int = 0

    def as_dict(self) -> dict[str, int]:
        return {"changed": self.changed, "added": self.added, "removed": self.removed}


@dataclass(frozen=True)
class Verification:
    recorded: str | None
    computed: str
    # table -> difference, only tables that differ; empty when no row digests were recorded
    differences: dict[str, TableDifference] = field(default_factory=dict)
    digests_recorded: bool = True
    # Tables derived from the rows (normalised names, printings, legality, ...) whose content
    # is not what the rows give: lookups would read them, so they are checked too.
    derived: dict[str, TableDifference] = field(default_factory=dict)

    @property
    def matches(self) -> bool:
        return self.recorded == self.computed and not self.derived


def _recorded_digests(path: Path) -> dict[str, dict[str, str]] | None:
    conn = connect(path)
    try:
        rows = conn.execute("SELECT table_name, key, sha256 FROM _row_digests").fetchall()
    except sqlite3.OperationalError:
        return None  # a catalogue built before row digests were recorded
    finally:
        conn.close()
    recorded: dict[str, dict[str, str]] = {}
    for table, key, digest in rows:
        recorded.setdefault(table, {})[key] = digest
    return recorded


def verify(path: Path, groups: Sequence[TableGroup]) -> Verification:
    """Recompute ``content_sha256`` from the rows of ``path`` (with the handed-in tables
    ``groups``) and compare it to the record."""
    from hlcg.curation.bundle import read_bundle

    conn = connect(path)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
    finally:
        conn.close()
    try:
        bundle = read_bundle(path, groups)
    except (ValueError, TypeError) as exc:  # pydantic's ValidationError is a ValueError
        raise CatalogueError(f"{path} holds rows that are not valid cards ({exc})") from None
    computed = bundle.content_sha256()
    recorded_digests = _recorded_digests(path)
    if recorded_digests is None:
        return Verification(meta.get("content_sha256"), computed, {}, digests_recorded=False)
    differences: dict[str, TableDifference] = {}
    current = bundle.row_digests()
    for table in sorted({*current, *recorded_digests}):
        now, then = current.get(table, {}), recorded_digests.get(table, {})
        if now.keys() != then.keys() and sorted(now.values()) == sorted(then.values()):
            continue  # the same rows, keyed as an older schema keyed them (fact_sources in 5)
        difference = TableDifference(
            changed=sum(1 for key in now.keys() & then.keys() if now[key] != then[key]),
            added=len(now.keys() - then.keys()),
            removed=len(then.keys() - now.keys()),
        )
        if difference != TableDifference():
            differences[table] = difference
    return Verification(
        meta.get("content_sha256"),
        computed,
        differences,
        derived=_derived_differences(path, bundle),
    )


# Tables that say how the file was made rather than what it holds, or that SQLite's
# full-text module maintains itself.
_NOT_DERIVED = {"meta", "_row_digests"}


def _table_rows(conn: sqlite3.Connection, table: str) -> list[tuple[Any, ...]]:
    return conn.execute(f'SELECT * FROM "{table}"').fetchall()


def _derived_differences(path: Path, bundle: Bundle) -> dict[str, TableDifference]:
    """Rebuild the catalogue from its rows in a scratch file and compare every other table."""
    import tempfile
    from collections import Counter

    from hlcg.curation.builder import write_catalogue

    with tempfile.TemporaryDirectory(prefix="hlcg-verify-") as scratch:
        rebuilt_path = Path(scratch) / "rebuilt.sqlite"
        write_catalogue(rebuilt_path, bundle, checked=False)
        rebuilt, actual = sqlite3.connect(rebuilt_path), connect(path)
        actual.row_factory = None
        try:
            listing = "SELECT name FROM sqlite_master WHERE type='table'"
            ours = {r[0] for r in rebuilt.execute(listing)}
            theirs = {r[0] for r in actual.execute(listing)}
            tables = sorted(
                t for t in ours | theirs if t not in _NOT_DERIVED and not t.startswith("cards_fts")
            )
            differences: dict[str, TableDifference] = {}
            for table in tables:
                want = Counter(_table_rows(rebuilt, table)) if table in ours else Counter()
                have = Counter(_table_rows(actual, table)) if table in theirs else Counter()
                extra, missing = sum((have - want).values()), sum((want - have).values())
                if extra or missing:
                    changed = min(extra, missing)
                    differences[table] = TableDifference(
                        changed, extra - changed, missing - changed
                    )
        finally:
            rebuilt.close()
            actual.close()
    return differences
