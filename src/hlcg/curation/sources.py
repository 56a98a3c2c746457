"""Read source files: card rows from CSV, JSON or JSONL, and the side tables from CSV.

The readers at the bottom of the write side: text within a size limit, CSV and JSON rows
numbered as a curator sees them. Every row is validated with the pydantic contract; every
error names the file, the row number and the field, and all errors are collected before
anything is raised. LackeyCCG files are read by ``hlcg.curation.lackey`` on top of these.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ValidationError

from hlcg.catalog.storage import CONTRACT_FIELDS
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactHistoryRow,
    FactSourceRow,
    FormatRow,
    LegalityRow,
    SetRow,
)
from hlcg.errors import SourceError
from hlcg.wording import MISSING, field_name, json_fault, validation_message

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
    data = _bytes_within_limit(path)
    if b"\x00" in data:
        raise SourceError([f"{path}: contains NUL bytes; not a text file"])
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SourceError([f"{path}: not UTF-8 (byte {exc.start}); save it as UTF-8"]) from None
    # Excel for Mac's "CSV (Macintosh)" ends lines with a lone CR: read as any line end.
    return text.replace("\r\n", "\n").replace("\r", "\n") if "\r" in text else text


def _bytes_within_limit(path: Path) -> bytes:
    """A file's bytes; a device or pipe (/dev/zero) has no size to check first, so it is
    read only up to the limit and refused past it, as standard input is."""
    if path.is_file():
        return path.read_bytes()
    from hlcg.stdin import bounded_read

    try:
        with path.open("rb") as handle:
            return bounded_read(
                handle,
                MAX_SOURCE_BYTES,
                str(path),
                "card source",
                refuse=lambda message: SourceError([message]),
            )
    except OSError as exc:
        raise SourceError([f"{path}: cannot read: {exc.strerror}"]) from None


def _located(path: Path, row: int, exc: ValidationError) -> list[str]:
    messages = []
    for error in exc.errors():
        field = field_name(error["loc"], "row")
        messages.append(f"{path}: row {row}: {field}: {validation_message(error)}")
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


def csv_rows(
    path: Path, text: str, delimiter: str = ",", quoting: Literal[0, 1, 2, 3] = csv.QUOTE_MINIMAL
) -> Iterator[tuple[int, dict[str, str]]]:
    """The records of CSV ``text`` (or another ``delimiter``), each with its row number.
    Every import reads its CSV here, so the file's shape is judged once, in our words: a
    header naming a column twice, a row of more or fewer cells than the header, a quote
    never closed. Every such fault is raised at once (SourceError), before any row is
    given: with its cells out of step, no field of a row could be trusted."""
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, quoting=quoting)
    errors: list[str] = []
    records: list[tuple[int, dict[str, str]]] = []
    lines = text.split("\n")
    try:
        header = next(reader, [])
        errors += _repeated_columns(path, header)
        ended = reader.line_num
        for cells in reader:
            # Row numbers count the header as row 1, as a spreadsheet shows them.
            first, ended = ended + 1, reader.line_num
            if not cells:
                continue  # a blank line, as csv.DictReader skips it
            if quoting != csv.QUOTE_NONE and _quote_left_open(lines, first, delimiter):
                errors.append(f"{path}: row {first}: a quote opened here is never closed")
                break
            fault = _cell_count(cells, header)
            if fault:
                errors.append(f"{path}: row {ended} {fault}")
            else:
                records.append((ended, dict(zip(header, cells, strict=True))))
    except csv.Error as exc:
        raise SourceError([f"{path}: row {reader.line_num}: not valid CSV: {exc}"]) from None
    if errors:
        raise SourceError(errors)
    yield from records


def _repeated_columns(path: Path, header: list[str]) -> list[str]:
    """An error for each column name the header gives twice (which column would count?)."""
    seen: set[str] = set()
    repeated: list[str] = []
    for name in header:
        if name in seen and name not in repeated:
            repeated.append(name)
        seen.add(name)
    return [f"{path}: row 1: the header names column {name!r} twice" for name in repeated]


def _cell_count(cells: list[str], header: list[str]) -> str:
    """What is wrong with a row of ``cells`` under ``header``; "" when nothing is."""
    if len(cells) > len(header):
        return f"has {len(cells)} cells, the header {len(header)}"
    if len(cells) < len(header):
        missing = ", ".join(header[len(cells) :])
        return f"has {len(cells)} cells, the header {len(header)} (missing: {missing})"
    return ""


def _quote_left_open(lines: list[str], row: int, delimiter: str) -> bool:
    """Whether a quoted cell beginning on line ``row`` runs to the end of the text: the csv
    module reads such a cell as the whole rest of the file and says nothing."""
    if row > len(lines) or '"' not in lines[row - 1]:
        return False
    quoted = False
    for line in lines[row - 1 :]:
        start = not quoted  # at the start of a cell, where a quote opens a quoted cell
        index = 0
        while index < len(line):
            char = line[index]
            if quoted and line[index : index + 2] == '""':
                index += 1  # a doubled quote is one quote in the cell
            elif quoted:
                quoted = char != '"'
            else:
                quoted = start and char == '"'
                start = char == delimiter
            index += 1
        if not quoted:
            return False  # the row ended with every quote closed
    return quoted


def _json_rows(path: Path, text: str) -> Iterator[tuple[int, Any]]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SourceError([f"{path}: not JSON: {json_fault(exc)}"]) from None
    except RecursionError:
        raise SourceError([f"{path}: JSON nested too deeply"]) from None
    except ValueError as exc:  # a number of more digits than Python reads (4300)
        raise SourceError([f"{path}: invalid JSON: {exc}"]) from None
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
        except json.JSONDecodeError as exc:
            raise SourceError([f"{path}: row {number}: not JSON: {json_fault(exc)}"]) from None
        except RecursionError:
            raise SourceError([f"{path}: row {number}: invalid JSON: nested too deeply"]) from None
        except ValueError as exc:  # a number of more digits than Python reads (4300)
            raise SourceError([f"{path}: row {number}: invalid JSON: {exc}"]) from None


def _check_objects(path: Path, numbered: Iterable[tuple[int, Any]]) -> list[tuple[int, Any]]:
    rows = list(numbered)
    errors = [
        f"{path}: row {number}: expected an object, got {type(item).__name__}"
        if not isinstance(item, dict)
        else _lone_surrogate(path, number, item)
        for number, item in rows
    ]
    if any(errors):
        raise SourceError([error for error in errors if error])
    return rows


def _lone_surrogate(path: Path, number: int, row: dict[str, Any]) -> str:
    """The error for a row whose key or value holds a lone surrogate (JSON's "\\ud800"
    escape decodes to one; no UTF-8 text, so no catalogue, holds it), else ""."""
    for key, value in row.items():
        try:
            json.dumps([key, value], ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
            return (
                f"{path}: row {number}: {shown}: a lone surrogate (a \\u escape of half a "
                "character) is not text; write the character itself"
            )
    return ""


def _card_csv_rows(
    path: Path, text: str, required: tuple[str, ...]
) -> Iterator[tuple[int, dict[str, str]]]:
    """The rows of a card CSV, whose header must name the ``required`` columns."""
    try:
        header = next(csv.reader(io.StringIO(text, newline="")), [])
    except csv.Error as exc:
        raise SourceError([f"{path}: row 1: not valid CSV: {exc}"]) from None
    missing = [f for f in required if f not in header]
    if missing:
        raise SourceError([f"{path}: row 1: missing column(s) {', '.join(missing)}"])
    return csv_rows(path, text)


# The flags whose false the catalogue stores as "not stated" (``unique`` is true or false).
_CLEARABLE = ("unrestricted", "reserved", "signature")


def _cleared(raw: Mapping[str, Any], row: CardRow) -> frozenset[str]:
    """The flags a raw row states false in so many words (not an empty cell)."""
    given = {name: raw.get(name) for name in _CLEARABLE}
    return frozenset(
        name
        for name, value in given.items()
        if value is not None and str(value).strip() and getattr(row, name) is False
    )


@dataclass(frozen=True)
class ImportedRow:
    """A card row as read: its row number, the card it validates to, and the contract
    fields it states (its columns or keys), which are the facts an upsert may change."""

    number: int
    card: CardRow
    stated: frozenset[str]
    # Flags the row states false in so many words ("false", not an empty cell): with
    # --overwrite they clear a flag the catalogue records as true.
    cleared: frozenset[str] = frozenset()


def _raw_rows(path: Path, text: str, required: tuple[str, ...]) -> list[tuple[int, Any]]:
    """The numbered raw rows of a CSV, JSON or JSONL card file."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return list(_card_csv_rows(path, text, required))
    if suffix == ".json":
        return _check_objects(path, _json_rows(path, text))
    if suffix == ".jsonl":
        return _check_objects(path, _jsonl_rows(path, text))
    raise SourceError([f"{path}: unknown file type {suffix!r}; use .csv, .json, .jsonl or .tsv"])


def read_import_rows(
    path: Path, *, known: Mapping[str, CardRow] | None = None
) -> list[ImportedRow]:
    """Card rows from a .csv, .json or .jsonl file (``imported_rows``)."""
    required = ("id", "source") if known else ("id", "title", "source")
    return imported_rows(path, _raw_rows(path, read_text(path), required), [], known=known)


def imported_rows(
    path: Path,
    numbered: list[tuple[int, Any]],
    problems: list[tuple[int, str]],
    *,
    known: Mapping[str, CardRow] | None = None,
) -> list[ImportedRow]:
    """The numbered raw rows of a card file, validated; ``problems``: (row, message) its
    reader found already.

    A row whose id is a card of ``known`` may state only some facts (an upsert): it takes
    that card's title where it names none. Any other row is a whole card. Every problem --
    invalid fields, rows that name no one card, repeated ids -- is raised at once, in row
    order.
    """
    known = known or {}
    problems = problems + _repeated_ids(path, numbered)
    rows: list[ImportedRow] = []
    for number, raw in numbered:
        row, invalid = _import_row(path, number, raw, known)
        if row:
            rows.append(row)
        problems.extend((number, message) for message in invalid)
    if problems:
        raise RowProblems(problems, rows)
    return rows


class RowProblems(SourceError):
    """The rows of a card file that do not validate, (row, message) each, listed in row
    order, with the rows that do: the importer checks those too (their set cells, their
    gems) so that every error is listed at once."""

    def __init__(
        self, problems: list[tuple[int, str]], rows: list[ImportedRow], hint: str | None = None
    ) -> None:
        self.problems, self.rows = sorted(problems, key=lambda e: e[0]), rows
        super().__init__([message for _, message in self.problems], hint)


def _import_row(
    path: Path, number: int, raw: Mapping[str, Any], known: Mapping[str, CardRow]
) -> tuple[ImportedRow | None, list[str]]:
    """One raw row as read, or the messages saying why it does not validate."""
    stated = frozenset(k for k in raw if k in CONTRACT_FIELDS)
    card_id = str(raw.get("id") or "").strip()
    card = known.get(card_id)
    # A row for a card it holds may leave the title out (or empty): the card keeps its own.
    untitled = not str(raw.get("title") or "").strip()
    data = {**raw, "title": card.title} if card and untitled else raw
    try:
        card_row = CardRow.model_validate(dict(data))
        return ImportedRow(number, card_row, stated, _cleared(raw, card_row)), []
    except ValidationError as exc:
        new_card = bool(known and card_id and not card)
        whole = " (a row for a card the catalogue lacks is a whole card)"
        return None, [
            message + whole if new_card and _missing(message) else message
            for message in _located(path, number, exc)
        ]


def _missing(message: str) -> bool:
    return message.endswith(f": {MISSING}")


def read_card_rows(path: Path) -> list[CardRow]:
    """Whole card rows (every row a complete card) from a .csv, .json or .jsonl file."""
    return [row.card for row in read_import_rows(path)]


def _repeated_ids(path: Path, numbered: Iterable[tuple[int, Any]]) -> list[tuple[int, str]]:
    """(row, message) for every row whose id an earlier row has."""
    first: dict[str, int] = {}
    repeated: list[tuple[int, str]] = []
    for number, raw in numbered:
        card_id = str(raw.get("id") or "").strip()
        if not card_id:
            continue
        if card_id in first:
            message = f"{path}: row {number}: id {card_id!r} repeats row {first[card_id]}"
            repeated.append((number, message))
        first.setdefault(card_id, number)
    return repeated


def read_table(model: type[Model], path: Path) -> list[Model]:
    """Rows of a small side table (aliases, sets, formats) from CSV."""
    return validate_rows(model, path, csv_rows(path, read_text(path)))


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
    numbered = list(csv_rows(path, read_text(path)))
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
