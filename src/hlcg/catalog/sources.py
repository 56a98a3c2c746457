"""Read card rows from CSV, JSON, JSONL or LackeyCCG tab-separated files.

Every row is validated with the pydantic contract; every error names the file, the row
number and the field, and all errors are collected before anything is raised.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from hlcg.catalog.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)
from hlcg.errors import SourceError

if TYPE_CHECKING:
    from hlcg.catalog.lackey import LackeyOptions

MAX_SOURCE_BYTES = 50 * 1024 * 1024
Model = TypeVar("Model", bound=BaseModel)


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


def collect_rows(
    model: type[Model], path: Path, numbered: Iterable[tuple[int, Mapping[str, Any]]]
) -> tuple[list[Model], list[tuple[int, str]]]:
    """The numbered raw rows that validate, and (row number, message) for every problem."""
    rows: list[Model] = []
    errors: list[tuple[int, str]] = []
    for number, raw in numbered:
        try:
            rows.append(model.model_validate(dict(raw)))
        except ValidationError as exc:
            errors.extend((number, message) for message in _located(path, number, exc))
    return rows, errors


def validate_rows(
    model: type[Model], path: Path, numbered: Iterable[tuple[int, Mapping[str, Any]]]
) -> list[Model]:
    """Validate numbered raw rows; raise SourceError with every problem found."""
    rows, errors = collect_rows(model, path, numbered)
    if errors:
        raise SourceError([message for _, message in errors])
    return rows


def _csv_rows(
    path: Path, text: str, delimiter: str = ",", quoting: Literal[0, 1, 2, 3] = csv.QUOTE_MINIMAL
) -> Iterator[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, quoting=quoting)
    try:
        for record in reader:
            # Row numbers count the header as row 1, as a spreadsheet shows them.
            number = reader.line_num
            if None in record:
                extra = record.pop(None)
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


def _card_csv_rows(path: Path, text: str) -> Iterator[tuple[int, dict[str, str]]]:
    """The rows of a card CSV, whose header must name at least id, title and source."""
    try:
        header = next(csv.reader(io.StringIO(text, newline="")), [])
    except csv.Error as exc:
        raise SourceError([f"{path}: row 1: not valid CSV: {exc}"]) from None
    missing = [f for f in ("id", "title", "source") if f not in header]
    if missing:
        raise SourceError([f"{path}: row 1: missing column(s) {', '.join(missing)}"])
    return _csv_rows(path, text)


def read_card_rows(
    path: Path,
    column_map: Mapping[str, str] | None = None,
    lackey: LackeyOptions | None = None,
) -> list[CardRow]:
    """Card rows from a .csv, .json, .jsonl or LackeyCCG .tsv/.txt file."""
    text = read_text(path)
    suffix = path.suffix.lower()
    unmatched: list[tuple[int, str]] = []
    if suffix == ".csv":
        numbered: Iterable[tuple[int, Any]] = _card_csv_rows(path, text)
    elif suffix == ".json":
        numbered = _check_objects(path, _json_rows(path, text))
    elif suffix == ".jsonl":
        numbered = _check_objects(path, _jsonl_rows(path, text))
    elif suffix in (".tsv", ".txt"):
        from hlcg.catalog.lackey import DEFAULT_LACKEY_MAP, LackeyOptions, lackey_rows

        numbered, unmatched = lackey_rows(
            path, text, column_map or DEFAULT_LACKEY_MAP, lackey or LackeyOptions()
        )
    else:
        raise SourceError(
            [f"{path}: unknown file type {suffix!r}; use .csv, .json, .jsonl or .tsv"]
        )
    rows, invalid = collect_rows(CardRow, path, numbered)
    if unmatched or invalid:
        # One list in file order: rows that do not validate and rows that name no one card.
        raise SourceError([m for _, m in sorted([*unmatched, *invalid], key=lambda e: e[0])])
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


def csv_header(path: Path) -> list[str]:
    """The column names of a .csv file; none for another file (the header tells a fact
    sheet, legality facts and card rows apart)."""
    if path.suffix.lower() != ".csv" or not path.is_file():
        return []
    first = read_text(path).split("\n", 1)[0]
    return next(csv.reader(io.StringIO(first)), [])


def read_legality(path: Path) -> list[LegalityRow]:
    """The dated legality facts; one row per card, format and date."""
    rows = read_table(LegalityRow, path)
    _repeated_keys(path, rows, "one fact per card, format and date")
    return rows


def _repeated_keys(path: Path, rows: Iterable[Any], what: str) -> None:
    seen: set[str] = set()
    repeated = []
    for row in rows:
        if row.key in seen:
            repeated.append(row.key.replace("|", " ").strip())
        seen.add(row.key)
    if repeated:
        raise SourceError([f"{path}: two rows for {key} ({what})" for key in repeated])


def read_fact_sources(path: Path) -> tuple[list[FactSourceRow], dict[str, str]]:
    """The per-fact sources (facts.csv), and where each row is (row key -> "file: row N")
    for the errors only the cards can tell (a printing the card lacks)."""
    numbered = list(_csv_rows(path, read_text(path)))
    rows = validate_rows(FactSourceRow, path, numbered)
    _repeated_keys(path, rows, "one source per card, field and value")
    # Every row validated, so the rows and the numbered raw rows pair up in order.
    locations = {row.key: f"{path}: row {n}" for row, (n, _) in zip(rows, numbered, strict=True)}
    return rows, locations


def read_fact_history(path: Path) -> list[FactHistoryRow]:
    """The facts an import with --overwrite replaced (fact_history.csv)."""
    rows = read_table(FactHistoryRow, path)
    _repeated_keys(path, rows, "one value per card, field and import")
    return rows
