"""Build the SQLite catalogue from the curated sources in ``data/source/``.

The build is deterministic: the same sources give the same ``content_sha256``, a hash of the
canonical content (``hlcg.curation.bundle``), stored in the ``meta`` table. The file is
written next to its destination and moved into place only when complete, so a failed or
interrupted build or import never leaves a half-written catalogue behind.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.catalog import normalise
from hlcg.catalog.storage import (
    SCHEMA_VERSION,
    TABLES,
    VIEWS,
    Table,
    TableGroup,
    encode_card,
    encode_card_keys,
    encode_list,
    group_table,
    row_key,
)
from hlcg.curation.bundle import SETTING_PREFIX, Bundle, load_sources
from hlcg.curation.locking import writer_lock
from hlcg.curation.models import AliasRow, CardRow
from hlcg.errors import CatalogueError, ReadOnlyCatalogueError, SourceError
from hlcg.output import could_not_write
from hlcg.output import replacing as output_replacing
from hlcg.wording import plural

if TYPE_CHECKING:
    from sqlite_utils import Database
    from sqlite_utils.db import Table as SqlTable


def name_table(cards: list[CardRow], aliases: list[AliasRow]) -> list[dict[str, object]]:
    """The fuzzy step's compact table: one row per normalised name (title, "title subtitle",
    alias) with the name as shown and the ids it names. ``position`` keeps the order of first
    appearance (cards by id, then aliases by alias), which decides ties between equal
    scores."""
    names: dict[str, tuple[str, list[str]]] = {}

    def add(key: str, display: str, card_id: str) -> None:
        entry = names.setdefault(key, (display, []))
        if card_id not in entry[1]:
            entry[1].append(card_id)

    for card in sorted(cards, key=lambda r: r.id):
        add(normalise(card.title), card.title, card.id)
        if card.subtitle:
            add(
                normalise(f"{card.title} {card.subtitle}"),
                f"{card.title}: {card.subtitle}",
                card.id,
            )
    for alias in sorted(aliases, key=lambda a: a.alias):
        add(normalise(alias.alias), alias.alias, alias.card_id)
    return [
        {"position": n, "key": key, "display": display, "card_ids": ";".join(ids)}
        for n, (key, (display, ids)) in enumerate(names.items())
    ]


def _table(db: Database, name: str) -> SqlTable:
    from sqlite_utils.db import Table as SqlTable

    table = db[name]
    assert isinstance(table, SqlTable)  # a name of ours: never a view
    return table


def _create(db: Database, name: str, spec: Table) -> None:
    _table(db, name).create(
        spec.columns,
        pk=spec.pk,
        not_null=set(spec.not_null) or None,
        foreign_keys=list(spec.foreign_keys) or None,
    )


def _create_tables(db: Database, groups: Sequence[TableGroup]) -> None:
    with db.conn:
        for name, spec in TABLES.items():
            _create(db, name, spec)
        for name, spec in TABLES.items():
            for columns in spec.indexes:
                _table(db, name).create_index(list(columns))
            for columns in spec.unique_indexes:
                _table(db, name).create_index(list(columns), unique=True)
    with db.conn:
        for group in groups:
            for name, model in group.models.items():
                _create(db, name, group_table(model))
    with db.conn:
        for name, sql in VIEWS.items():
            db.create_view(name, sql)


def write_catalogue(path: Path, bundle: Bundle, *, checked: bool = True) -> None:
    """Create a fresh catalogue at ``path`` (which must not exist) holding ``bundle``;
    ``checked=False`` writes rows whose references no longer agree (a scratch copy of a
    hand-edited file, for ``verify`` to compare)."""
    import sqlite_utils

    if checked:
        bundle.check_references()
    db = sqlite_utils.Database(path)
    # A new file that nobody reads before it is whole and moved into place
    # (hlcg.output.replacing): its journal is kept in memory and nothing is synced per
    # transaction (sqlite-utils commits every 100 rows, each a sync to disk otherwise); the
    # finished file is synced once, by ``replacing``, before the move.
    db.conn.execute("PRAGMA journal_mode=MEMORY")
    db.conn.execute("PRAGMA synchronous=OFF")
    _create_tables(db, bundle.groups)
    _insert(db, bundle)
    if checked:  # the last word of all or none: no row may point at a row the file lacks
        broken = broken_references(db.conn)
        if broken:
            db.close()
            raise SourceError(broken)
    # The sqlite-utils way, so that `datasette cards.sqlite` offers a search box.
    _table(db, "cards").enable_fts(["title", "subtitle", "text"], create_triggers=True)
    with db.conn:
        _table(db, "_row_digests").insert_all(
            {"table_name": table, "key": key, "sha256": digest}
            for table, digests in sorted(bundle.row_digests().items())
            for key, digest in sorted(digests.items())
        )
    _write_meta(db.conn, bundle)
    db.conn.execute("VACUUM")
    db.close()


def broken_references(conn: sqlite3.Connection) -> list[str]:
    """SQLite's foreign key check of a written catalogue, a line per table and column:
    the values its rows name that the referred table does not hold."""
    missing: dict[tuple[str, str, str], dict[str, int]] = {}
    for table, rowid, parent, key in conn.execute("PRAGMA foreign_key_check").fetchall():
        column = next(
            row[3]
            for row in conn.execute(f"PRAGMA foreign_key_list({table})")  # noqa: S608
            if row[0] == key
        )
        (value,) = conn.execute(
            f"SELECT {column} FROM {table} WHERE rowid = ?",  # noqa: S608 (our own names)
            (rowid,),
        ).fetchone()
        values = missing.setdefault((table, column, parent), {})
        values[str(value)] = values.get(str(value), 0) + 1
    return [
        f"{table}: {_rows_name(sum(values.values()))} a {column} that {parent} does not "
        f"hold ({', '.join(sorted(values))}); import the {parent} first (a whole export "
        "brings its own), or start with `hlcg db init --from-shipped`"
        for (table, column, parent), values in sorted(missing.items())
    ]


def _rows_name(count: int) -> str:
    return f"{plural(count, 'row')} {'names' if count == 1 else 'name'}"


def _card_tables(db: Database, cards: list[CardRow]) -> None:
    """The cards and the tables that follow from them: lookup keys, printings, modifiers."""
    _table(db, "cards").insert_all((encode_card(r.to_json()) for r in cards), replace=True)
    _table(db, "_card_keys").insert_all(
        (encode_card_keys(r.to_json()) for r in cards), replace=True
    )
    _table(db, "printings").insert_all(
        ({"card_id": r.id, "set_code": code} for r in cards for code in sorted(r.sets)),
        replace=True,
    )


def _modifier_rows(cards: list[CardRow]) -> Iterator[dict[str, object]]:
    for r in cards:
        for i, m in enumerate(r.modifiers):
            params = json.dumps(m.model_dump(exclude={"kind"}), sort_keys=True)
            yield {"card_id": r.id, "position": i, "kind": m.kind, "params": params}


def _fact_tables(db: Database, bundle: Bundle) -> None:
    """The per-fact sources and the history of replaced facts ('' for an empty value, as
    legality's date, so that the key has no NULL)."""
    tables = bundle.fact_tables()
    _table(db, "fact_sources").insert_all(
        ({**r.model_dump(), "value": r.value or ""} for r in tables["facts"]), replace=True
    )
    _table(db, "fact_history").insert_all(
        (r.model_dump() for r in tables["fact_history"]), replace=True
    )


def _insert(db: Database, bundle: Bundle) -> None:
    cards = sorted(bundle.cards, key=lambda r: r.id)
    with db.conn:
        _table(db, "sets").insert_all(
            (s.model_dump() for s in sorted(bundle.sets, key=lambda s: s.code)), replace=True
        )
        _table(db, "formats").insert_all(
            (
                {
                    **f.model_dump(),
                    "checked": int(f.checked),
                    "editions": encode_list(f.editions),
                }
                for f in sorted(bundle.formats, key=lambda f: f.name)
            ),
            replace=True,
        )
        _card_tables(db, cards)
        _table(db, "legality").insert_all(
            (
                {**r.model_dump(), "date": r.date or ""}
                for r in sorted(bundle.legality, key=lambda r: r.key)
            ),
            replace=True,
        )
        _fact_tables(db, bundle)
        aliases = sorted(bundle.aliases, key=lambda a: a.alias)
        _table(db, "aliases").insert_all((a.model_dump() for a in aliases), replace=True)
        _table(db, "_alias_keys").insert_all(
            (
                {"alias": a.alias, "alias_norm": normalise(a.alias), "card_id": a.card_id}
                for a in aliases
            ),
            replace=True,
        )
        names = name_table(cards, bundle.aliases)
        _table(db, "_names").insert_all(names)
        # The fuzzy step scans every name: one row of newline-joined keys reads in a single
        # step where one row per name would cost a Python tuple each.
        _table(db, "_name_list").insert({"keys": "\n".join(str(n["key"]) for n in names)})
        for table, rows in sorted(bundle.side.items()):
            _table(db, table).insert_all(
                (r.model_dump() for r in sorted(rows, key=row_key)), replace=True
            )
        _table(db, "modifiers").insert_all(_modifier_rows(cards), replace=True)


def _write_meta(conn: sqlite3.Connection, bundle: Bundle) -> None:
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "data_version": bundle.data_version,
        "content_sha256": bundle.content_sha256(),
        "build_inputs": json.dumps(bundle.inputs, sort_keys=True),
        "application": "hlcg",
    }
    meta.update({f"{SETTING_PREFIX}{k}": v for k, v in bundle.settings.items()})
    with conn:
        conn.execute("DELETE FROM meta")
        conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", sorted(meta.items()))


@contextmanager
def replacing(destination: Path) -> Iterator[Path]:
    """A new catalogue file written beside ``destination`` and moved into place on success
    only (its folder is made if missing), through a symbolic link, keeping the mode and
    owner of the file it replaces; a read-only catalogue is refused, and what killed writes
    left is removed first. SQLite's own failure to write (a full disk: "database or disk is
    full") is a CatalogueError, with ``destination`` as it was."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    # a file that was never there is not "as it was": only "nothing was written"
    kept = f", {destination} is as it was" if destination.exists() else ""
    try:
        with output_replacing(destination, fresh=True, error=ReadOnlyCatalogueError) as temp:
            yield temp
    except sqlite3.Error as exc:
        # SQLite says "disk I/O error" where a write found the disk full
        hint = " (is the disk full? free some space, or write to another disk)"
        raise CatalogueError(
            f"could not write {destination}: {exc}{hint if 'disk' in str(exc) else ''}; "
            f"nothing was written{kept}"
        ) from None
    except OSError as exc:  # the rename into place, or the syncs around it
        raise could_not_write(destination, exc, CatalogueError) from None


def build(source_dir: Path, out: Path, groups: Sequence[TableGroup]) -> Bundle:
    """Build ``out`` from ``source_dir`` atomically, with the handed-in tables ``groups``;
    return what was built."""
    bundle = load_sources(source_dir, groups)
    out.parent.mkdir(parents=True, exist_ok=True)
    with writer_lock(out), replacing(out) as temp:
        write_catalogue(temp, bundle)
    return bundle
