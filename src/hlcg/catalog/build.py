"""Build the SQLite catalogue from the curated sources in ``data/source/``.

The build is deterministic: the same sources give the same ``content_sha256``, a hash of the
canonical content (every row as sorted JSON), stored in the ``meta`` table. The file is
written next to its destination and moved into place only when complete, so a failed or
interrupted build or import never leaves a half-written catalogue behind.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import tempfile
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hlcg.catalog.card import is_master_title
from hlcg.catalog.fields import (
    BOOL_FIELDS,
    CONTRACT_FIELDS,
    FORMAT_TAGS,
    INT_FIELDS,
    PREGAME_TYPES,
)
from hlcg.catalog.models import AliasRow, CardRow, FormatRow, SetRow
from hlcg.catalog.normalize import normalise
from hlcg.catalog.store import SCHEMA_VERSION
from hlcg.errors import SourceError
from hlcg.tcboo.models import SOURCE_FILES as TCBOO_FILES
from hlcg.tcboo.models import TABLES as TCBOO_TABLES

SOURCE_FILES = ("cards.csv", "aliases.csv", "sets.csv", "formats.csv", "VERSION")


def _by_name(row: BaseModel) -> str:
    return str(getattr(row, "name", ""))


def row_digest(row: Any) -> str:
    """sha256 of one row as sorted, compact JSON: the unit the content hash is made of."""
    text = json.dumps(row, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


@dataclass
class Bundle:
    """Everything a catalogue holds, before it is written to SQLite."""

    cards: list[CardRow] = field(default_factory=list)
    aliases: list[AliasRow] = field(default_factory=list)
    sets: list[SetRow] = field(default_factory=list)
    formats: list[FormatRow] = field(default_factory=list)
    data_version: str = "0"
    inputs: list[dict[str, str]] = field(default_factory=list)
    # There Can Be Only One tables (seed 003), table name -> rows
    tcboo: dict[str, list[BaseModel]] = field(default_factory=dict)

    def canonical(self) -> bytes:
        content = {
            "cards": [r.to_json() for r in sorted(self.cards, key=lambda r: r.id)],
            "aliases": [r.model_dump() for r in sorted(self.aliases, key=lambda r: r.alias)],
            "sets": [r.model_dump() for r in sorted(self.sets, key=lambda r: r.code)],
            "formats": [r.model_dump() for r in sorted(self.formats, key=lambda r: r.name)],
        }
        if any(self.tcboo.values()):
            content["tcboo"] = {
                table: [r.model_dump(mode="json") for r in sorted(rows, key=_by_name)]
                for table, rows in sorted(self.tcboo.items())
            }
        return json.dumps(
            content, sort_keys=True, separators=(",", ":"), ensure_ascii=False
        ).encode()

    def content_sha256(self) -> str:
        return hashlib.sha256(self.canonical()).hexdigest()

    def row_digests(self) -> dict[str, dict[str, str]]:
        """table -> row key -> sha256 of the row's canonical JSON (what `db info --verify`
        compares to say which rows changed)."""
        tables: dict[str, dict[str, Any]] = {
            "cards": {r.id: r.to_json() for r in self.cards},
            "aliases": {r.alias: r.model_dump() for r in self.aliases},
            "sets": {r.code: r.model_dump() for r in self.sets},
            "formats": {r.name: r.model_dump() for r in self.formats},
        }
        for table, rows in self.tcboo.items():
            tables[table] = {_by_name(r): r.model_dump(mode="json") for r in rows}
        return {
            table: {key: row_digest(row) for key, row in rows.items()}
            for table, rows in tables.items()
        }

    def check_references(self) -> None:
        """Aliases name existing cards, cards name existing sets: all errors at once."""
        errors = self.reference_errors()
        if errors:
            raise SourceError(errors)

    def reference_errors(
        self, unvalidated: Mapping[str, list[Mapping[str, Any]]] = {}
    ) -> list[str]:
        """Aliases naming no card, cards naming no set.

        ``unvalidated`` holds the raw rows of tables that did not validate (table -> rows):
        their keys still count, so one run reports row errors and reference errors together
        instead of the second only after the first are fixed.
        """

        def text(value: Any) -> str:
            return value.strip() if isinstance(value, str) else ""

        def listed(value: Any) -> list[str]:
            if isinstance(value, list):
                return [text(v) for v in value if text(v)]
            return [part.strip() for part in text(value).split(";") if part.strip()]

        raw_cards = unvalidated.get("cards", [])
        ids = {c.id for c in self.cards} | {text(r.get("id")) for r in raw_cards}
        codes = {s.code for s in self.sets}
        codes |= {text(r.get("code")) for r in unvalidated.get("sets", [])}
        aliases = [(a.alias, a.card_id) for a in self.aliases]
        aliases += [
            (text(r.get("alias")), text(r.get("card_id"))) for r in unvalidated.get("aliases", [])
        ]
        cards = [(c.id, c.sets) for c in self.cards]
        cards += [(text(r.get("id")), listed(r.get("sets"))) for r in raw_cards]
        errors = [
            f"aliases: {alias!r} points at unknown card id {card_id!r}"
            for alias, card_id in aliases
            if card_id and card_id not in ids
        ]
        if codes:
            errors += [
                f"cards: {card_id}: unknown set {code!r} (add it to sets.csv)"
                for card_id, sets in cards
                for code in sets
                if code not in codes
            ]
        return errors


def load_sources(source_dir: Path) -> Bundle:
    """Read and validate every source file; raise SourceError listing all problems."""
    from hlcg.catalog.sources import read_aliases, read_card_rows, read_formats, read_sets

    if not source_dir.is_dir():
        raise SourceError([f"{source_dir}: source folder not found"])
    missing = [name for name in SOURCE_FILES if not (source_dir / name).is_file()]
    if missing:
        raise SourceError([f"{source_dir}: missing {name}" for name in missing])
    errors: list[str] = []
    bundle = Bundle()
    readers = (
        ("cards", lambda: read_card_rows(source_dir / "cards.csv")),
        ("aliases", lambda: read_aliases(source_dir / "aliases.csv")),
        ("sets", lambda: read_sets(source_dir / "sets.csv")),
        ("formats", lambda: read_formats(source_dir / "formats.csv")),
    )
    unvalidated: dict[str, list[Mapping[str, Any]]] = {}
    for name, read in readers:
        try:
            setattr(bundle, name, read())
        except SourceError as exc:
            errors.extend(exc.errors)
            unvalidated[name] = _raw_rows(source_dir / f"{name}.csv")
    try:
        bundle.tcboo = read_tcboo(source_dir)
    except SourceError as exc:
        errors.extend(exc.errors)
    if errors:
        raise SourceError(errors + bundle.reference_errors(unvalidated))
    bundle.data_version = (source_dir / "VERSION").read_text(encoding="utf-8").strip()
    present = [*SOURCE_FILES, *(f for f in TCBOO_FILES.values() if (source_dir / f).is_file())]
    bundle.inputs = [
        {"file": name, "sha256": hashlib.sha256((source_dir / name).read_bytes()).hexdigest()}
        for name in present
    ]
    bundle.check_references()
    return bundle


def _raw_rows(path: Path) -> list[Mapping[str, Any]]:
    """The rows of a CSV source as text, for reference checks; none if it cannot be read."""
    from hlcg.catalog.sources import _csv_rows, read_text

    try:
        return [row for _, row in _csv_rows(path, read_text(path))]
    except SourceError:
        return []


def read_tcboo(source_dir: Path) -> dict[str, list[BaseModel]]:
    """The There Can Be Only One tables; a source folder without `tcboo/` has none."""
    from hlcg.catalog.sources import read_table

    tables: dict[str, list[BaseModel]] = {table: [] for table in TCBOO_TABLES}
    errors: list[str] = []
    for table, relative in TCBOO_FILES.items():
        path = source_dir / relative
        if not path.is_file():
            continue
        try:
            tables[table] = list(read_table(TCBOO_TABLES[table], path))
        except SourceError as exc:
            errors.extend(exc.errors)
    if errors:
        raise SourceError(errors)
    return tables


def _card_record(row: CardRow) -> dict[str, object]:
    flat = row.to_json()
    record: dict[str, object] = {}
    for name in CONTRACT_FIELDS:
        value = flat[name]
        if name == "modifiers":
            value = json.dumps(value, separators=(",", ":"))
        elif isinstance(value, list):
            value = ";".join(value)
        elif isinstance(value, bool):
            value = int(value)
        record[name] = value
    record["pregame"] = int(row.type in PREGAME_TYPES)
    record["master"] = int(is_master_title(row.title))
    record["title_norm"] = normalise(row.title)
    record["name_norm"] = normalise(f"{row.title} {row.subtitle}") if row.subtitle else None
    record["subtitle_norm"] = normalise(row.subtitle) if row.subtitle else None
    return record


_CARD_COLUMNS: dict[str, type] = {
    **{name: str for name in CONTRACT_FIELDS},
    **{name: int for name in (*INT_FIELDS, *BOOL_FIELDS, "pregame", "master")},
    "title_norm": str,
    "name_norm": str,
    "subtitle_norm": str,
}


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


def write_catalogue(path: Path, bundle: Bundle) -> None:
    """Create a fresh catalogue at ``path`` (which must not exist) holding ``bundle``."""
    import sqlite_utils

    bundle.check_references()
    db = sqlite_utils.Database(path)
    db.conn.execute("PRAGMA journal_mode=DELETE")
    with db.conn:
        db["meta"].create({"key": str, "value": str}, pk="key")
        db["sets"].create(
            {"code": str, "name": str, "edition": str, "released": str, "source": str}, pk="code"
        )
        db["formats"].create(
            {
                "name": str,
                "title": str,
                "checked": int,
                "editions": str,
                "description": str,
                "source": str,
            },
            pk="name",
        )
        db["cards"].create(_CARD_COLUMNS, pk="id", not_null={"title", "source"})
        db["printings"].create(
            {"card_id": str, "set_code": str},
            pk=("card_id", "set_code"),
            foreign_keys=[("card_id", "cards", "id")],
        )
        db["legality"].create(
            {"card_id": str, "format": str, "status": str},
            pk=("card_id", "format"),
            foreign_keys=[("card_id", "cards", "id")],
        )
        db["aliases"].create(
            {"alias": str, "alias_norm": str, "card_id": str, "source": str},
            pk="alias",
            foreign_keys=[("card_id", "cards", "id")],
        )
        db["modifiers"].create(
            {"card_id": str, "position": int, "kind": str, "params": str},
            pk=("card_id", "position"),
            foreign_keys=[("card_id", "cards", "id")],
        )
        # One digest per source row, so `db info --verify` can count what changed.
        db["row_digests"].create(
            {"table_name": str, "key": str, "sha256": str}, pk=("table_name", "key")
        )
        # Lookups and deck checks read single rows through these, never the whole table.
        db["names"].create(
            {"position": int, "key": str, "display": str, "card_ids": str},
            pk="position",
            not_null={"key", "display", "card_ids"},
        )
        db["name_list"].create({"keys": str}, not_null={"keys"})
        db["cards"].create_index(["title_norm"])
        db["cards"].create_index(["name_norm"])
        db["cards"].create_index(["subtitle_norm"])
        db["cards"].create_index(["type", "id"])
        db["aliases"].create_index(["alias_norm"])
        db["names"].create_index(["key"], unique=True)
    _create_tcboo_tables(db)
    _insert(db, bundle)
    # The sqlite-utils way, so that `datasette cards.sqlite` offers a search box.
    db["cards"].enable_fts(["title", "subtitle", "text"], create_triggers=True)
    with db.conn:
        db["row_digests"].insert_all(
            {"table_name": table, "key": key, "sha256": digest}
            for table, digests in sorted(bundle.row_digests().items())
            for key, digest in sorted(digests.items())
        )
    _write_meta(db.conn, bundle)
    db.conn.execute("VACUUM")
    db.close()


def _create_tcboo_tables(db: object) -> None:
    import sqlite_utils

    assert isinstance(db, sqlite_utils.Database)
    python_types = {int: int, bool: int, str: str}
    with db.conn:
        for table, model in TCBOO_TABLES.items():
            columns = {}
            for name, info in model.model_fields.items():
                base = next(
                    (t for t in (bool, int, str) if t in _annotation_types(info.annotation)), str
                )
                columns[name] = python_types[base]
            db[table].create(columns, pk="name")


def _annotation_types(annotation: object) -> set[type]:
    from typing import get_args

    args = get_args(annotation)
    found = {a for a in args if isinstance(a, type)} if args else set()
    if isinstance(annotation, type):
        found.add(annotation)
    if not found and args:  # Literal[...] of strings
        found.add(str)
    return found or {str}


def _insert(db: object, bundle: Bundle) -> None:
    import sqlite_utils

    assert isinstance(db, sqlite_utils.Database)
    cards = sorted(bundle.cards, key=lambda r: r.id)
    with db.conn:
        db["sets"].insert_all(
            (s.model_dump() for s in sorted(bundle.sets, key=lambda s: s.code)), replace=True
        )
        db["formats"].insert_all(
            (
                {**f.model_dump(), "checked": int(f.checked), "editions": ";".join(f.editions)}
                for f in sorted(bundle.formats, key=lambda f: f.name)
            ),
            replace=True,
        )
        db["cards"].insert_all((_card_record(r) for r in cards), replace=True)
        db["printings"].insert_all(
            ({"card_id": r.id, "set_code": code} for r in cards for code in sorted(r.sets)),
            replace=True,
        )
        db["legality"].insert_all(
            (
                {"card_id": r.id, "format": fmt, "status": _status(r, fmt)}
                for r in cards
                for fmt in FORMAT_TAGS
            ),
            replace=True,
        )
        db["aliases"].insert_all(
            (
                {**a.model_dump(), "alias_norm": normalise(a.alias)}
                for a in sorted(bundle.aliases, key=lambda a: a.alias)
            ),
            replace=True,
        )
        names = name_table(cards, bundle.aliases)
        db["names"].insert_all(names)
        # The fuzzy step scans every name: one row of newline-joined keys reads in a single
        # step where one row per name would cost a Python tuple each.
        db["name_list"].insert({"keys": "\n".join(str(n["key"]) for n in names)})
        for table, rows in sorted(bundle.tcboo.items()):
            db[table].insert_all((r.model_dump() for r in sorted(rows, key=_by_name)), replace=True)
        db["modifiers"].insert_all(
            (
                {
                    "card_id": r.id,
                    "position": i,
                    "kind": m.kind,
                    "params": json.dumps(m.model_dump(exclude={"kind"}), sort_keys=True),
                }
                for r in cards
                for i, m in enumerate(r.modifiers)
            ),
            replace=True,
        )


def _status(row: CardRow, fmt: str) -> str:
    if not row.formats:
        return "legal (no restriction recorded)"
    return "legal" if fmt in row.formats else "not legal"


def _write_meta(conn: sqlite3.Connection, bundle: Bundle) -> None:
    meta = {
        "schema_version": str(SCHEMA_VERSION),
        "data_version": bundle.data_version,
        "content_sha256": bundle.content_sha256(),
        "build_inputs": json.dumps(bundle.inputs, sort_keys=True),
        "application": "hlcg",
    }
    with conn:
        conn.execute("DELETE FROM meta")
        conn.executemany("INSERT INTO meta(key, value) VALUES (?, ?)", sorted(meta.items()))


@contextmanager
def replacing(destination: Path) -> Iterator[Path]:
    """Yield a temporary path beside ``destination``; move it into place on success only."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(
        prefix=f".{destination.name}.", suffix=".tmp", dir=destination.parent
    )
    os.close(fd)
    temp = Path(name)
    temp.unlink()
    try:
        yield temp
        os.replace(temp, destination)
    finally:
        if temp.exists():
            temp.unlink()


def build(source_dir: Path, out: Path) -> Bundle:
    """Build ``out`` from ``source_dir`` atomically; return what was built."""
    bundle = load_sources(source_dir)
    with replacing(out) as temp:
        write_catalogue(temp, bundle)
    return bundle
