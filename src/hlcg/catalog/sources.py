"""Read card rows from CSV, JSON, JSONL or LackeyCCG tab-separated files.

Every row is validated with the pydantic contract; every error names the file, the row
number and the field, and all errors are collected before anything is raised.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from hlcg.catalog.fields import CONTRACT_FIELDS
from hlcg.catalog.models import AliasRow, CardRow, FormatRow, SetRow
from hlcg.catalog.normalize import normalise, slug
from hlcg.errors import SourceError

MAX_SOURCE_BYTES = 50 * 1024 * 1024
Model = TypeVar("Model", bound=BaseModel)

# LackeyCCG plug-in card data: tab-separated, first line the column names. Curators map
# Lackey's column names onto the contract with --map; these are the names Lackey plug-ins
# commonly use for the same facts.
DEFAULT_LACKEY_MAP: dict[str, str] = {
    "Name": "title",
    "Set": "sets",
    "Type": "type",
    "Subtitle": "subtitle",
    "Text": "text",
    "Restriction": "restriction",
}


def read_text(path: Path) -> str:
    """Read a UTF-8 source file (BOM allowed) or raise a one-line SourceError."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise SourceError([f"{path}: cannot read: {exc.strerror}"]) from None
    if path.is_dir():
        raise SourceError([f"{path}: is a directory, expected a file"])
    if size > MAX_SOURCE_BYTES:
        raise SourceError([f"{path}: {size} bytes is over the {MAX_SOURCE_BYTES} byte limit"])
    data = path.read_bytes()
    if b"\x00" in data:
        raise SourceError([f"{path}: contains NUL bytes; not a text file"])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError([f"{path}: not UTF-8 (byte {exc.start}); save it as UTF-8"]) from None


def _located(path: Path, row: int, exc: ValidationError) -> list[str]:
    messages = []
    for error in exc.errors():
        field = ".".join(str(p) for p in error["loc"]) or "row"
        messages.append(f"{path}: row {row}: {field}: {error['msg']}")
    return messages


def validate_rows(
    model: type[Model], path: Path, numbered: Iterable[tuple[int, Mapping[str, Any]]]
) -> list[Model]:
    """Validate numbered raw rows; raise SourceError with every problem found."""
    rows: list[Model] = []
    errors: list[str] = []
    for number, raw in numbered:
        try:
            rows.append(model.model_validate(dict(raw)))
        except ValidationError as exc:
            errors.extend(_located(path, number, exc))
    if errors:
        raise SourceError(errors)
    return rows


def _csv_rows(path: Path, text: str, delimiter: str = ",") -> Iterator[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter)
    try:
        for record in reader:
            # Row numbers count the header as row 1, as a spreadsheet shows them.
            number = reader.line_num
            if None in record:
                extra = record.pop(None)  # type: ignore[call-overload]
                yield number, {**record, "__extra__": extra}
                continue
            yield number, record
    except csv.Error as exc:
        raise SourceError([f"{path}: row {reader.line_num}: not valid CSV: {exc}"]) from None


def _json_rows(path: Path, text: str) -> Iterator[tuple[int, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError([f"{path}: line {exc.lineno}: invalid JSON: {exc.msg}"]) from None
    except RecursionError:
        raise SourceError([f"{path}: JSON nested too deeply"]) from None
    if isinstance(data, dict) and "cards" in data:
        data = data["cards"]
    if not isinstance(data, list):
        raise SourceError([f"{path}: expected a JSON array of card rows"])
    yield from enumerate(data, start=1)


def _jsonl_rows(path: Path, text: str) -> Iterator[tuple[int, Any]]:
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            yield number, json.loads(line)
        except (json.JSONDecodeError, RecursionError) as exc:
            detail = exc.msg if isinstance(exc, json.JSONDecodeError) else "nested too deeply"
            raise SourceError([f"{path}: row {number}: invalid JSON: {detail}"]) from None


def _check_objects(path: Path, numbered: Iterable[tuple[int, Any]]) -> list[tuple[int, Any]]:
    rows = list(numbered)
    errors = [
        f"{path}: row {number}: expected an object, got {type(item).__name__}"
        for number, item in rows
        if not isinstance(item, dict)
    ]
    if errors:
        raise SourceError(errors)
    return rows


@dataclass(frozen=True)
class LackeyOptions:
    """How to complete LackeyCCG rows, which carry no ids, sources or set codes."""

    id_from_title: bool = False
    source: str | None = None
    # Normalised set names and codes -> set code (the catalogue's and the deck readers' tables).
    set_codes: Mapping[str, str] = field(default_factory=dict)
    # The target catalogue: the n-th row naming a title and subtitle takes the id of the
    # n-th card of that name it holds, so importing the file again updates rather than
    # duplicates; any other derived id is made unique against these ids.
    ids_by_name: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    known_ids: frozenset[str] = frozenset()


def lackey_type(value: str) -> str:
    """Lackey writes types as printed: "Special Attack", "WEAPON OF CHOICE"."""
    return "-".join(value.strip().lower().replace("_", " ").replace("-", " ").split())


def _lackey_rows(
    path: Path, text: str, column_map: Mapping[str, str], options: LackeyOptions
) -> Iterator[tuple[int, dict[str, str]]]:
    unknown = sorted(set(column_map.values()) - set(CONTRACT_FIELDS))
    if unknown:
        raise SourceError([f"--map: {', '.join(unknown)} is not a contract field"])
    taken: set[str] = set()
    seen: dict[str, int] = {}
    for number, record in _csv_rows(path, text, delimiter="\t"):
        mapped = {column_map[k]: v for k, v in record.items() if k in column_map}
        if mapped.get("type"):
            mapped["type"] = lackey_type(mapped["type"])
        if mapped.get("sets"):
            names = [n.strip() for n in mapped["sets"].replace(",", ";").split(";") if n.strip()]
            mapped["sets"] = ";".join(options.set_codes.get(normalise(n), n) for n in names)
        if options.source and not (mapped.get("source") or "").strip():
            mapped["source"] = options.source
        if options.id_from_title and not (mapped.get("id") or "").strip():
            name = " ".join(p for p in (mapped.get("title"), mapped.get("subtitle")) if p)
            key = normalise(name)
            nth = seen[key] = seen.get(key, -1) + 1
            existing = options.ids_by_name.get(key, ())
            if nth < len(existing) and existing[nth] not in taken:
                mapped["id"] = existing[nth]
            else:
                base = slug(name) or "card"
                candidate, n = base, 1
                while candidate in taken or candidate in options.known_ids:
                    n += 1
                    candidate = f"{base}-{n}"
                mapped["id"] = candidate
        if mapped.get("id"):
            taken.add(mapped["id"])
        yield number, mapped


def read_card_rows(
    path: Path,
    column_map: Mapping[str, str] | None = None,
    lackey: LackeyOptions | None = None,
) -> list[CardRow]:
    """Card rows from a .csv, .json, .jsonl or LackeyCCG .tsv/.txt file."""
    text = read_text(path)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        try:
            header = next(csv.reader(io.StringIO(text, newline="")), [])
        except csv.Error as exc:
            raise SourceError([f"{path}: row 1: not valid CSV: {exc}"]) from None
        missing = [f for f in ("id", "title", "source") if f not in header]
        if missing:
            raise SourceError([f"{path}: row 1: missing column(s) {', '.join(missing)}"])
        numbered: Iterable[tuple[int, Any]] = _csv_rows(path, text)
    elif suffix == ".json":
        numbered = _check_objects(path, _json_rows(path, text))
    elif suffix == ".jsonl":
        numbered = _check_objects(path, _jsonl_rows(path, text))
    elif suffix in (".tsv", ".txt"):
        numbered = _lackey_rows(
            path, text, column_map or DEFAULT_LACKEY_MAP, lackey or LackeyOptions()
        )
    else:
        raise SourceError(
            [f"{path}: unknown file type {suffix!r}; use .csv, .json, .jsonl or .tsv"]
        )
    rows = validate_rows(CardRow, path, numbered)
    duplicates = _duplicate_ids(rows)
    if duplicates:
        raise SourceError([f"{path}: id {i!r} appears more than once" for i in duplicates])
    return rows


def _duplicate_ids(rows: Iterable[CardRow]) -> list[str]:
    seen: set[str] = set()
    repeated: list[str] = []
    for row in rows:
        if row.id in seen:
            repeated.append(row.id)
        seen.add(row.id)
    return repeated


def read_table(model: type[Model], path: Path) -> list[Model]:
    """Rows of a small side table (aliases, sets, formats) from CSV."""
    return validate_rows(model, path, _csv_rows(path, read_text(path)))


def read_aliases(path: Path) -> list[AliasRow]:
    return read_table(AliasRow, path)


def read_sets(path: Path) -> list[SetRow]:
    return read_table(SetRow, path)


def read_formats(path: Path) -> list[FormatRow]:
    return read_table(FormatRow, path)
