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
    path: Path, text: str, delimiter: str = ",", quoting: int = csv.QUOTE_MINIMAL
) -> Iterator[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text, newline=""), delimiter=delimiter, quoting=quoting)
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
class CardVersion:
    """What tells the cards of one name apart when a Lackey row names it."""

    id: str
    type: str | None
    sets: tuple[str, ...]


@dataclass(frozen=True)
class LackeyOptions:
    """How to complete LackeyCCG rows, which carry no ids, sources or set codes."""

    id_from_title: bool = False
    source: str | None = None
    # Normalised set names and codes -> set code (the catalogue's and the deck readers' tables).
    set_codes: Mapping[str, str] = field(default_factory=dict)
    # The target catalogue's cards by normalised "title subtitle", so that a row naming a
    # card the catalogue holds takes its id (importing the same file again updates rather
    # than duplicates); any other derived id is made unique against known_ids.
    versions_by_name: Mapping[str, tuple[CardVersion, ...]] = field(default_factory=dict)
    # Cards with a subtitle by normalised title alone: a row naming only the title
    # ("Security Guard") may mean one of them.
    versions_by_title: Mapping[str, tuple[CardVersion, ...]] = field(default_factory=dict)
    known_ids: frozenset[str] = frozenset()


def lackey_type(value: str) -> str:
    """Lackey writes types as printed: "Special Attack", "WEAPON OF CHOICE"."""
    return "-".join(value.strip().lower().replace("_", " ").replace("-", " ").split())


def split_lackey_name(name: str) -> tuple[str, str | None]:
    """Lackey writes one name, "Master's Block: Ramirez": the title and the subtitle."""
    title, colon, subtitle = name.partition(":")
    if colon and title.strip() and subtitle.strip():
        return title.strip(), subtitle.strip()
    return name.strip(), None


def pick_version(
    name: str,
    versions: list[CardVersion],
    card_type: str | None,
    set_codes: Iterable[str],
    *,
    exact: bool,
) -> tuple[str | None, str | None]:
    """The id of the one catalogue card among ``versions`` that a row means, or why the row
    cannot say which one.

    A row naming one card exactly takes it (what it states differently is reported when
    merged). Otherwise the versions of the row's type are kept (or, when none has it, those
    whose type is unknown), then those printed in the row's set. Returns (id, None) on a
    match, (None, None) when there is no version at all, (None, reason) when not one fits.
    """
    if not versions:
        return None, None
    if exact and len(versions) == 1:
        return versions[0].id, None
    same_type = [v for v in versions if card_type and v.type == card_type]
    fitting = same_type or [v for v in versions if v.type is None or not card_type]
    codes = set(set_codes)
    in_set = [v for v in fitting if codes & set(v.sets)]
    if len(fitting) > 1 and in_set:
        fitting = in_set
    if len(fitting) == 1:
        return fitting[0].id, None
    listed = ", ".join(
        f"{v.id} ({v.type or 'type unknown'}; {', '.join(v.sets) or 'set unknown'})"
        for v in versions
    )
    what = f"type {card_type}" if card_type else "no type"
    fits = f"fits {len(fitting)}" if fitting else "fits none"
    return None, (
        f"{name!r} with {what} {fits} of the {len(versions)} cards of that name the "
        f"catalogue holds: {listed}; name the version ('Title: Subtitle') or give the row "
        "an id column"
    )


def _lackey_rows(
    path: Path, text: str, column_map: Mapping[str, str], options: LackeyOptions
) -> tuple[list[tuple[int, dict[str, str]]], list[tuple[int, str]]]:
    """The rows mapped onto the contract, and (row number, message) for rows whose card
    cannot be told apart in the catalogue."""
    unknown = sorted(set(column_map.values()) - set(CONTRACT_FIELDS))
    if unknown:
        raise SourceError([f"--map: {', '.join(unknown)} is not a contract field"])
    taken: set[str] = set()
    rows: list[tuple[int, dict[str, str]]] = []
    errors: list[tuple[int, str]] = []
    # Lackey's card data is plain tab-separated text, not CSV: a quote is part of the
    # name or text ("Quoted" Strike), never a field delimiter.
    for number, record in _csv_rows(path, text, delimiter="\t", quoting=csv.QUOTE_NONE):
        mapped = {column_map[k]: v for k, v in record.items() if k in column_map}
        if mapped.get("title") and not (mapped.get("subtitle") or "").strip():
            title, subtitle = split_lackey_name(mapped["title"])
            mapped["title"] = title
            if subtitle:
                mapped["subtitle"] = subtitle
        if mapped.get("type"):
            mapped["type"] = lackey_type(mapped["type"])
        if mapped.get("sets"):
            names = [n.strip() for n in mapped["sets"].replace(",", ";").split(";") if n.strip()]
            mapped["sets"] = ";".join(options.set_codes.get(normalise(n), n) for n in names)
        if options.source and not (mapped.get("source") or "").strip():
            mapped["source"] = options.source
        if options.id_from_title and not (mapped.get("id") or "").strip():
            title = mapped.get("title") or ""
            subtitle = (mapped.get("subtitle") or "").strip() or None
            name = " ".join(p for p in (title, subtitle) if p)
            named = options.versions_by_name.get(normalise(name), ())
            if named:
                versions, exact = [v for v in named if v.id not in taken], True
            elif subtitle is None:
                versions = [
                    v for v in options.versions_by_title.get(normalise(title), ())
                    if v.id not in taken
                ]  # fmt: skip
                exact = False
            else:
                versions, exact = [], True
            sets = (mapped.get("sets") or "").split(";")
            found, ambiguous = pick_version(
                name, versions, mapped.get("type") or None, sets, exact=exact
            )
            if ambiguous:
                errors.append((number, f"{path}: row {number}: {ambiguous}"))
                continue
            if found:
                mapped["id"] = found
            else:
                base = slug(name) or "card"
                candidate, n = base, 1
                while candidate in taken or candidate in options.known_ids:
                    n += 1
                    candidate = f"{base}-{n}"
                mapped["id"] = candidate
        if mapped.get("id"):
            taken.add(mapped["id"])
        rows.append((number, mapped))
    return rows, errors


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
        numbered, unmatched = _lackey_rows(
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
