"""The source bundle: everything a catalogue holds before it is written to SQLite, read and
validated from a source folder (``data/source/``), with its canonical content hash.

The hash is of the canonical content (every row as sorted JSON), so the same sources give
the same ``content_sha256`` whichever way they arrive: built, exported and imported back.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from hlcg.catalog import TableGroup, row_key
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)
from hlcg.curation.references import Raw, fact_errors, reference_errors
from hlcg.errors import SourceError

SOURCE_FILES = ("cards.csv", "aliases.csv", "sets.csv", "formats.csv", "VERSION")
# Source files a folder may leave out (a folder exported before they existed): no rows.
OPTIONAL_FILES = ("legality.csv", "facts.csv", "fact_history.csv")


def _dumps(content: Any) -> str:
    return json.dumps(content, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def row_digest(row: Any) -> str:
    """sha256 of one row as sorted, compact JSON: the unit the content hash is made of."""
    return hashlib.sha256(_dumps(row).encode()).hexdigest()


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
        fact (``hlcg.curation.references``)."""
        raw = unvalidated or {}
        errors = reference_errors(
            self.cards, self.aliases, self.sets, raw, self.legality, self.formats
        )
        if "cards" not in raw:  # cards that did not validate cannot be compared
            errors += fact_errors(self.cards, self.facts, self.fact_locations)
        return errors


def _readers(source_dir: Path) -> list[tuple[str, Callable[[], list[Any]]]]:
    """The bundle field and the reader of each source file the folder has."""
    from hlcg.curation.sources import (
        read_aliases,
        read_card_rows,
        read_fact_history,
        read_formats,
        read_legality,
        read_sets,
    )

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
    from hlcg.curation.sources import read_fact_sources

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
    from hlcg.curation.sources import csv_rows, read_text

    try:
        return [row for _, row in csv_rows(path, read_text(path))]
    except SourceError:
        return []


def read_groups(source_dir: Path, groups: Sequence[TableGroup]) -> dict[str, list[BaseModel]]:
    """The handed-in tables' rows from their files (table -> rows; none without a file)."""
    from hlcg.curation.sources import read_table

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
