"""The source bundle: everything a catalogue holds before it is written to SQLite, read and
validated from a source folder (``data/source/``, ``load_sources``) or read back from a
catalogue file (``read_bundle``), with its canonical content hash.

The hash is of the canonical content (every row as sorted JSON), so the same sources give
the same ``content_sha256`` whichever way they arrive: built, exported and imported back.

Rows that point at other rows are checked here too: aliases, legality and fact sources at
cards, cards at sets. A table that did not validate still lends its raw keys, so that one
run reports row errors and reference errors together instead of the second only after the
first are fixed.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hlcg.catalog import connect, shipped_path
from hlcg.catalog.storage import TableGroup, decode_card, decode_list, row_key
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)
from hlcg.curation.sources import (
    csv_rows,
    read_aliases,
    read_card_rows,
    read_fact_history,
    read_fact_sources,
    read_formats,
    read_legality,
    read_sets,
    read_table,
    read_text,
)
from hlcg.errors import CatalogueError, SourceError

SOURCE_FILES = ("cards.csv", "aliases.csv", "sets.csv", "formats.csv", "VERSION")
# Source files a folder may leave out (a folder exported before they existed): no rows.
OPTIONAL_FILES = ("legality.csv", "facts.csv", "fact_history.csv")
# The raw rows of tables that did not validate (table -> rows): their keys still count.
Raw = Mapping[str, Sequence[Mapping[str, Any]]]


def _dumps(content: Any) -> str:
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_digest(row: Any) -> str:
    """sha256 of one row as sorted, compact JSON: the unit the content hash is made of."""
    return hashlib.sha256(_dumps(row).encode()).hexdigest()


SETTING_PREFIX = "setting."


@dataclass
class Bundle:
    """Everything a catalogue holds, before it is written to SQLite."""

    cards: list[CardRow] = field(default_factory=list)
    aliases: list[AliasRow] = field(default_factory=list)
    sets: list[SetRow] = field(default_factory=list)
    formats: list[FormatRow] = field(default_factory=list)
    legality: list[LegalityRow] = field(default_factory=list)
    # The source of each attributed fact (facts.csv), and the facts --overwrite replaced.
    facts: list[FactSourceRow] = field(default_factory=list)
    fact_history: list[FactHistoryRow] = field(default_factory=list)
    data_version: str = "0"
    inputs: list[dict[str, str]] = field(default_factory=list)
    # Tables handed in by other parts of hlcg, and their rows (table -> rows).
    groups: tuple[TableGroup, ...] = ()
    side: dict[str, list[BaseModel]] = field(default_factory=dict)
    # Where each fact source row was read (row key -> "file: row N"), for its errors.
    fact_locations: dict[str, str] = field(default_factory=dict)
    # A user catalogue's own settings (`db fill`'s reader), kept in meta as `setting.NAME`;
    # not content: they change no hash.
    settings: dict[str, str] = field(default_factory=dict)

    def group_rows(self) -> Iterator[tuple[TableGroup, dict[str, list[BaseModel]]]]:
        """Each handed-in group with its tables' rows (table -> rows, by name)."""
        for group in self.groups:
            yield (
                group,
                {
                    table: sorted(self.side.get(table, []), key=row_key)
                    for table in sorted(group.models)
                },
            )

    def side_row_count(self) -> int:
        return sum(len(rows) for rows in self.side.values())

    def canonical(self) -> bytes:
        content: dict[str, Any] = {
            "cards": [r.to_json() for r in sorted(self.cards, key=lambda r: r.id)],
            "aliases": [r.model_dump() for r in sorted(self.aliases, key=lambda r: r.alias)],
            "sets": [r.model_dump() for r in sorted(self.sets, key=lambda r: r.code)],
            "formats": [r.model_dump() for r in sorted(self.formats, key=lambda r: r.name)],
            "legality": [r.model_dump() for r in sorted(self.legality, key=lambda r: r.key)],
        }
        # Only when there are any: a catalogue without them keeps the hash it had.
        for name, rows in self.fact_tables().items():
            if rows:
                content[name] = [r.model_dump() for r in rows]
        for group, tables in self.group_rows():
            if any(tables.values()):
                content[group.name] = {
                    table: [r.model_dump(mode="json") for r in rows]
                    for table, rows in tables.items()
                }
        return _dumps(content).encode()

    def fact_tables(self) -> dict[str, list[Any]]:
        """The per-fact tables by their key in the hash and the JSON document, sorted."""
        return {
            "facts": sorted(self.facts, key=lambda r: r.key),
            "fact_history": sorted(self.fact_history, key=lambda r: r.key),
        }

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
            "legality": {r.key: r.model_dump() for r in self.legality},
            "fact_sources": {r.key: r.model_dump() for r in self.facts},
            "fact_history": {r.key: r.model_dump() for r in self.fact_history},
        }
        for _, group_tables in self.group_rows():
            for table, rows in group_tables.items():
                tables[table] = {row_key(r): r.model_dump(mode="json") for r in rows}
        return {
            table: {key: row_digest(row) for key, row in rows.items()}
            for table, rows in tables.items()
        }

    def check_references(self) -> None:
        """Aliases and legality rows name existing cards, cards name existing sets: all
        errors at once."""
        errors = self.reference_errors()
        if errors:
            raise SourceError(errors)

    def reference_errors(self, unvalidated: Raw | None = None) -> list[str]:
        """Aliases naming no card, cards naming no set, fact sources naming no recorded
        fact (``reference_errors``, ``fact_errors``)."""
        raw = unvalidated or {}
        errors = reference_errors(
            self.cards, self.aliases, self.sets, raw, self.legality, self.formats
        )
        if "cards" not in raw:  # cards that did not validate cannot be compared
            errors += fact_errors(self.cards, self.facts, self.fact_locations)
        return errors


# Rows that point at other rows.


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _listed(value: Any) -> list[str]:
    if isinstance(value, list):
        return [_text(v) for v in value if _text(v)]
    return [part.strip() for part in _text(value).split(";") if part.strip()]


def _alias_errors(aliases: Sequence[AliasRow], ids: set[str], raw: Raw) -> list[str]:
    pairs = [(a.alias, a.card_id) for a in aliases]
    pairs += [(_text(r.get("alias")), _text(r.get("card_id"))) for r in raw.get("aliases", [])]
    return [
        f"aliases: {alias!r} points at unknown card id {card_id!r}"
        for alias, card_id in pairs
        if card_id and card_id not in ids
    ]


def _set_errors(cards: Sequence[CardRow], codes: set[str], raw: Raw) -> list[str]:
    if not codes:
        return []
    printed = [(c.id, c.sets) for c in cards]
    printed += [(_text(r.get("id")), _listed(r.get("sets"))) for r in raw.get("cards", [])]
    return [
        f"cards: {card_id}: unknown set {code!r} (add it to sets.csv)"
        for card_id, sets in printed
        for code in sets
        if code not in codes
    ]


def _legality_errors(
    legality: Sequence[LegalityRow], ids: set[str], formats: set[str]
) -> list[str]:
    unknown_cards = [
        f"legality: {row.card_id!r} ({row.format}, {row.status}) is not a card id"
        for row in legality
        if row.card_id not in ids
    ]
    # As with sets: a catalogue that records no formats yet is not checked.
    unknown_formats = sorted(
        {
            f"legality: format {row.format!r} is not in formats.csv (add its row)"
            for row in legality
            if formats and row.format not in formats
        }
    )
    return unknown_cards + unknown_formats


def _fact_error(row: FactSourceRow, card: CardRow | None) -> str | None:
    """Why a fact source row backs no recorded fact of its card, if it does not."""
    if card is None:
        return f"card_id: no card {row.card_id!r}"
    if row.field == "sets":
        if row.value not in card.sets:
            printed = "; ".join(card.sets) or "none"
            return f"value: {row.card_id} has no printing {row.value!r} (its sets: {printed})"
        return None
    recorded = card.to_flat()[row.field]
    if not recorded:
        return f"field: {row.card_id} records no {row.field}; a source backs a recorded fact"
    if row.value is not None and row.value != recorded:
        return f"value: {row.value!r} is not {row.card_id}'s {row.field} ({recorded!r})"
    return None


def fact_errors(
    cards: Sequence[CardRow],
    facts: Sequence[FactSourceRow],
    locations: Mapping[str, str] | None = None,
) -> list[str]:
    """Fact source rows that name no card, a printing the card lacks, a value other than
    the card's, or a source a fact already has; each error where the row is
    (``locations``: row key -> "file: row N")."""
    by_id = {c.id: c for c in cards}
    errors = []
    backed: set[tuple[str, str, str]] = set()
    for row in facts:
        problem = _fact_error(row, by_id.get(row.card_id))
        # A fact may have several sources, each once.
        fact = (row.card_id, row.field if row.field != "sets" else f"sets {row.value}", row.source)
        if problem is None and fact in backed:
            problem = f"source: {row.card_id}'s {row.field} has this source twice; one row each"
        backed.add(fact)
        if problem is not None:
            where = (locations or {}).get(row.key) or f"facts: {row.card_id} {row.field}"
            errors.append(f"{where}: {problem}")
    return errors


def reference_errors(
    cards: Sequence[CardRow],
    aliases: Sequence[AliasRow],
    sets: Sequence[SetRow],
    raw: Raw,
    legality: Sequence[LegalityRow] = (),
    formats: Sequence[FormatRow] = (),
) -> list[str]:
    """Aliases and legality rows naming no card, cards naming no set, legality rows naming
    no format.

    ``raw`` holds the raw rows of tables that did not validate (table -> rows): their keys
    still count.
    """
    ids = {c.id for c in cards} | {_text(r.get("id")) for r in raw.get("cards", [])}
    codes = {s.code for s in sets} | {_text(r.get("code")) for r in raw.get("sets", [])}
    errors = _alias_errors(aliases, ids, raw) + _set_errors(cards, codes, raw)
    return errors + _legality_errors(legality, ids, {f.name for f in formats})


# A source folder read into a Bundle.


def _readers(source_dir: Path) -> list[tuple[str, Callable[[], list[Any]]]]:
    """The bundle field and the reader of each source file the folder has."""
    readers: list[tuple[str, Callable[[], list[Any]]]] = [
        ("cards", lambda: read_card_rows(source_dir / "cards.csv")),
        ("aliases", lambda: read_aliases(source_dir / "aliases.csv")),
        ("sets", lambda: read_sets(source_dir / "sets.csv")),
        ("formats", lambda: read_formats(source_dir / "formats.csv")),
    ]
    if (source_dir / "legality.csv").is_file():
        readers.append(("legality", lambda: read_legality(source_dir / "legality.csv")))
    if (source_dir / "fact_history.csv").is_file():
        readers.append(("fact_history", lambda: read_fact_history(source_dir / "fact_history.csv")))
    return readers


def _read_facts(source_dir: Path, bundle: Bundle) -> None:
    """facts.csv, when the folder has it, into ``bundle`` with where each row is."""
    if (source_dir / "facts.csv").is_file():
        bundle.facts, bundle.fact_locations = read_fact_sources(source_dir / "facts.csv")


def load_sources(source_dir: Path, groups: Sequence[TableGroup]) -> Bundle:
    """Read and validate every source file; raise SourceError listing all problems.

    ``groups`` are the tables other parts of hlcg keep in the catalogue; a source folder
    without their files has none of their rows."""
    if not source_dir.is_dir():
        raise SourceError([f"{source_dir}: source folder not found"])
    missing = [name for name in SOURCE_FILES if not (source_dir / name).is_file()]
    if missing:
        raise SourceError([f"{source_dir}: missing {name}" for name in missing])
    errors: list[str] = []
    bundle = Bundle(groups=tuple(groups))
    unvalidated: dict[str, list[Mapping[str, Any]]] = {}
    for name, read in _readers(source_dir):
        try:
            setattr(bundle, name, read())
        except SourceError as exc:
            errors.extend(exc.errors)
            unvalidated[name] = _raw_rows(source_dir / f"{name}.csv")
    try:
        _read_facts(source_dir, bundle)
    except SourceError as exc:
        errors.extend(exc.errors)
    try:
        bundle.side = read_groups(source_dir, groups)
    except SourceError as exc:
        errors.extend(exc.errors)
    if errors:
        raise SourceError(errors + bundle.reference_errors(unvalidated))
    bundle.data_version = (source_dir / "VERSION").read_text(encoding="utf-8").strip()
    bundle.inputs = _inputs(source_dir, groups)
    bundle.check_references()
    return bundle


def _inputs(source_dir: Path, groups: Sequence[TableGroup]) -> list[dict[str, str]]:
    """The source files read, each with its sha256 (the build records them)."""
    handed_in = [f for group in groups for f in group.files.values()]
    optional = (*OPTIONAL_FILES, *handed_in)
    present = [*SOURCE_FILES, *(f for f in optional if (source_dir / f).is_file())]
    return [
        {"file": name, "sha256": hashlib.sha256((source_dir / name).read_bytes()).hexdigest()}
        for name in present
    ]


def _raw_rows(path: Path) -> list[Mapping[str, Any]]:
    """The rows of a CSV source as text, for reference checks; none if it cannot be read."""
    try:
        return [row for _, row in csv_rows(path, read_text(path))]
    except SourceError:
        return []


def read_groups(source_dir: Path, groups: Sequence[TableGroup]) -> dict[str, list[BaseModel]]:
    """The handed-in tables' rows from their files (table -> rows; none without a file)."""
    tables: dict[str, list[BaseModel]] = {}
    errors: list[str] = []
    for group in groups:
        for table, model in group.models.items():
            tables[table] = []
            path = source_dir / group.files[table]
            if not path.is_file():
                continue
            try:
                tables[table] = list(read_table(model, path))
            except SourceError as exc:
                errors.extend(exc.errors)
    if errors:
        raise SourceError(errors)
    return tables


# A catalogue file read back into a Bundle: the rows it was written from, validated
# with the contract models, so that an import or an export can write them again.


def _tables(conn: sqlite3.Connection) -> set[str]:
    return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _group_rows(
    conn: sqlite3.Connection, groups: Sequence[TableGroup]
) -> dict[str, list[BaseModel]]:
    present = _tables(conn)
    return {
        # table names come from the groups handed in, never from input
        table: [model.model_validate(dict(r)) for r in conn.execute(f"SELECT * FROM {table}")]
        for group in groups
        for table, model in group.models.items()
        if table in present
    }


def _legality_rows(conn: sqlite3.Connection) -> list[LegalityRow]:
    """The sourced legality facts; none in a catalogue older than schema version 4, whose
    legality table was derived from the cards' formats."""
    columns = {r[1] for r in conn.execute("PRAGMA table_info(legality)")}
    if "source" not in columns:
        return []
    return [
        LegalityRow.model_validate(dict(r))
        for r in conn.execute("SELECT * FROM legality ORDER BY card_id, format, date")
    ]


def _fact_rows(conn: sqlite3.Connection) -> tuple[list[FactSourceRow], list[FactHistoryRow]]:
    """The per-fact sources and replaced facts; none in a catalogue older than schema
    version 5."""
    present = _tables(conn)
    facts = (
        [
            FactSourceRow.model_validate(dict(r))
            for r in conn.execute("SELECT * FROM fact_sources ORDER BY card_id, field, value")
        ]
        if "fact_sources" in present
        else []
    )
    history = (
        [FactHistoryRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM fact_history")]
        if "fact_history" in present
        else []
    )
    return facts, history


def read_bundle(path: Path, groups: Sequence[TableGroup]) -> Bundle:
    """Everything a catalogue file holds, validated with the contract models; ``groups``
    are the handed-in tables to read beside the cards."""
    conn = connect(path, upgrading=True)
    try:
        meta = dict(conn.execute("SELECT key, value FROM meta").fetchall())
        cards = [
            CardRow.model_validate(decode_card(dict(row)))
            for row in conn.execute("SELECT * FROM cards ORDER BY id")
        ]
        aliases = [
            AliasRow(alias=r["alias"], card_id=r["card_id"], source=r["source"])
            for r in conn.execute("SELECT * FROM aliases ORDER BY alias")
        ]
        sets = [SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")]
        formats = [
            FormatRow.model_validate(
                {**dict(r), "checked": bool(r["checked"]), "editions": decode_list(r["editions"])}
            )
            for r in conn.execute("SELECT * FROM formats")
        ]
        legality = _legality_rows(conn)
        facts, history = _fact_rows(conn)
        side = _group_rows(conn, groups)
    finally:
        conn.close()
    return Bundle(
        cards=cards,
        aliases=aliases,
        sets=sets,
        formats=formats,
        legality=legality,
        facts=facts,
        fact_history=history,
        data_version=meta.get("data_version", "0"),
        inputs=[{"file": "(imported)", "sha256": meta.get("content_sha256", "")}],
        groups=tuple(groups),
        side=side,
        settings={
            k.removeprefix(SETTING_PREFIX): v
            for k, v in meta.items()
            if k.startswith(SETTING_PREFIX)
        },
    )


def shipped_sets() -> dict[str, SetRow]:
    """The shipped catalogue's sets by code (empty when it cannot be read): the sets a
    fresh catalogue does not list yet."""
    try:
        conn = connect(shipped_path())
    except CatalogueError:
        return {}
    try:
        return {
            r["code"]: SetRow.model_validate(dict(r)) for r in conn.execute("SELECT * FROM sets")
        }
    finally:
        conn.close()
