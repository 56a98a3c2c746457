"""Card files: the card contract's rows with each card's aliases, legality facts and the
sources of single facts.

A card-only export (`.csv`, `.jsonl`, a `.json` array) holds everything the catalogue
records about its cards: the contract columns, then ``aliases``, ``legality`` and
``facts``, columns the cards table does not have. All are JSON arrays, as ``modifiers`` is:

- ``aliases``: ``[{"alias": "Lower Block", "source": "seed 001 ..."}]``; an item may be a
  bare name (``["Lower Block"]``), and a CSV cell may also be `;`-separated names
  (``Lower Block; Low Block``): such an alias takes the row's source.
- ``legality``: ``[{"format": "type-two", "status": "legal", "date": "2008-06-07",
  "source": "...", "note": "..."}]``, legality.csv's columns without ``card_id``; an item
  without a source takes the row's.
- ``facts``: ``[{"field": "sets", "value": "SE", "source": "...", "inferred": "..."}]``,
  facts.csv's columns without ``card_id``: the source of one fact (a printing by its set
  code), where it is not the row's.

On import the three columns are split off the rows before the contract validates them, and
their rows are added to the catalogue (an alias or a legality fact of the same key is
replaced; none is removed). What a card file leaves out -- the sets' own rows, formats, the
fact history and There Can Be Only One's tables -- travels in a whole-catalogue export.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import Field

from hlcg.catalog.storage import CONTRACT_FIELDS, flat_card
from hlcg.curation.bundle import Bundle
from hlcg.curation.models import (
    AliasRow,
    CardRow,
    FactField,
    FactSourceRow,
    FormatTag,
    LegalityRow,
    LegalityStatus,
    Strict,
)
from hlcg.errors import ConflictError, SourceError
from hlcg.wording import DATE_PATTERN, field_name, validation_message


class CardAlias(Strict):
    """One of a card's other names, as a card file's ``aliases`` item gives it."""

    alias: str = Field(min_length=1)
    source: str | None = Field(default=None, description="Empty: the row's source")


class CardLegality(Strict):
    """One legality fact of a card (legality.csv's columns but ``card_id``)."""

    format: FormatTag
    status: LegalityStatus
    date: str | None = Field(default=None, pattern=DATE_PATTERN)
    source: str | None = Field(default=None, description="Empty: the row's source")
    note: str | None = None


class CardFact(Strict):
    """The source of one of a card's facts (facts.csv's columns but ``card_id``)."""

    field: FactField
    value: str | None = Field(default=None, description="sets: the printing's set code")
    source: str | None = Field(default=None, description="Empty: the row's source")
    inferred: str | None = Field(default=None, description="The reasoning, if inferred")


class CardFileRow(CardRow):
    """A row of a card file: the card contract with the card's aliases and legality facts
    (the schema of `.csv`, `.json` and `.jsonl` card files; rows are validated as
    ``CardRow``, ``AliasRow`` and ``LegalityRow``)."""

    aliases: list[CardAlias | str] = Field(
        default_factory=list,
        description="Other names of the card; in CSV a JSON array, or `;`-separated names",
    )
    legality: list[CardLegality] = Field(
        default_factory=list, description="The card's legality facts; in CSV a JSON array"
    )
    facts: list[CardFact] = Field(
        default_factory=list,
        description="The sources of single facts (a fact not listed has the row's source); "
        "in CSV a JSON array",
    )


COMPANION_FIELDS: tuple[str, ...] = ("aliases", "legality", "facts")
CARD_FILE_FIELDS: tuple[str, ...] = (*CONTRACT_FIELDS, *COMPANION_FIELDS)
CARD_FILE_SUFFIXES = (".csv", ".json", ".jsonl")
LEFT_OUT = (
    "card rows only: sets, formats, the fact history and There Can Be Only One tables are "
    "not in a {suffix}; "
    "export a folder, .zip or .json for everything"
)


def _compact(items: list[dict[str, Any]]) -> str:
    return json.dumps(items, separators=(",", ":"), ensure_ascii=False) if items else ""


def card_records(bundle: Bundle) -> list[dict[str, Any]]:
    """Every card's contract values with its aliases and legality facts, sorted by id."""
    aliases: dict[str, list[dict[str, Any]]] = {}
    for alias in sorted(bundle.aliases, key=lambda a: a.alias):
        aliases.setdefault(alias.card_id, []).append({"alias": alias.alias, "source": alias.source})
    legality: dict[str, list[dict[str, Any]]] = {}
    for fact in sorted(bundle.legality, key=lambda r: r.key):
        item = fact.model_dump(exclude={"card_id"}, exclude_none=True)
        legality.setdefault(fact.card_id, []).append(item)
    facts: dict[str, list[dict[str, Any]]] = {}
    for own in sorted(bundle.facts, key=lambda r: r.key):
        facts.setdefault(own.card_id, []).append(
            own.model_dump(exclude={"card_id"}, exclude_none=True)
        )
    return [
        {
            **card.to_json(),
            "aliases": aliases.get(card.id, []),
            "legality": legality.get(card.id, []),
            "facts": facts.get(card.id, []),
        }
        for card in sorted(bundle.cards, key=lambda r: r.id)
    ]


def render(bundle: Bundle, suffix: str) -> str:
    """The cards of ``bundle`` as a card file of kind ``suffix`` (.csv, .json, .jsonl)."""
    records = card_records(bundle)
    if suffix == ".csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=CARD_FILE_FIELDS, lineterminator="\n")
        writer.writeheader()
        for record in records:
            companions = {name: _compact(record.pop(name)) for name in COMPANION_FIELDS}
            writer.writerow({**flat_card(record), **companions})
        return buffer.getvalue()
    if suffix == ".json":
        return json.dumps(records, indent=2, ensure_ascii=False) + "\n"
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)


@dataclass
class Companions:
    """The aliases and legality facts a card file gives, and the file without them."""

    stripped: str  # the file's text with the two columns removed
    aliases: list[AliasRow] = field(default_factory=list)
    legality: list[LegalityRow] = field(default_factory=list)
    facts: list[FactSourceRow] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def add_to(self, bundle: Bundle) -> None:
        """Add (or replace by key) the aliases and legality facts in ``bundle``."""
        names = {a.alias for a in self.aliases}
        bundle.aliases = [a for a in bundle.aliases if a.alias not in names] + self.aliases
        keys = {r.key for r in self.legality}
        bundle.legality = [r for r in bundle.legality if r.key not in keys] + self.legality
        keys = {r.key for r in self.facts}
        bundle.facts = [r for r in bundle.facts if r.key not in keys] + self.facts


def _alias_items(value: Any) -> list[Any]:
    if isinstance(value, str):
        text = value.strip()
        if not text:
            return []
        if text.startswith("["):
            return _json_list(text)
        return [name.strip() for name in text.split(";") if name.strip()]
    return _listed(value)


def _legality_items(value: Any) -> list[Any]:
    if isinstance(value, str):
        return _json_list(value) if value.strip() else []
    return _listed(value)


def _json_list(text: str) -> list[Any]:
    try:
        return _listed(json.loads(text))
    except (json.JSONDecodeError, RecursionError):
        raise ValueError("not a JSON array") from None


def _listed(value: Any) -> list[Any]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise ValueError("expected an array")
    return value


class _Reader:
    """Companion rows of numbered records, every problem kept with its row number."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.found = Companions("")

    def take(self, number: int, record: dict[str, Any]) -> None:
        card_id, source = record.get("id"), record.get("source")
        for name, items_of, build in (
            ("aliases", _alias_items, self._alias),
            ("legality", _legality_items, self._fact),
            ("facts", _legality_items, self._fact_source),
        ):
            if name not in record:
                continue
            value = record.pop(name)
            if not isinstance(card_id, str) or not card_id:
                continue  # the contract reports the missing id
            try:
                items = items_of(value)
            except ValueError as exc:
                self.found.errors.append(f"{self.path}: row {number}: {name}: {exc}")
                continue
            for item in items:
                build(number, card_id, source, item)

    def _validated(self, number: int, name: str, model: type[Any], data: Any) -> Any:
        from pydantic import ValidationError

        try:
            return model.model_validate(data)
        except ValidationError as exc:
            for error in exc.errors():
                where = field_name(error["loc"], "item")
                self.found.errors.append(
                    f"{self.path}: row {number}: {name}: {where}: {validation_message(error)}"
                )
            return None

    def _alias(self, number: int, card_id: str, source: Any, item: Any) -> None:
        if not isinstance(item, str | dict):
            self.found.errors.append(
                f"{self.path}: row {number}: aliases: expected a name or an object with "
                f"alias and source, got {json.dumps(item)}"
            )
            return
        data = {"alias": item} if isinstance(item, str) else item
        row = self._validated(
            number, "aliases", AliasRow, {"source": source, **data, "card_id": card_id}
        )
        if row is not None:
            self.found.aliases.append(row)

    def _object(
        self, number: int, name: str, model: type[Any], card_id: str, source: Any, item: Any
    ) -> Any:
        """``item`` of column ``name`` as a ``model`` row of the card (None: an error)."""
        if not isinstance(item, dict):
            fields = [f for f in model.model_fields if f != "card_id"]
            listed = ", ".join(fields[:-1]) + f" and {fields[-1]}"
            self.found.errors.append(
                f"{self.path}: row {number}: {name}: expected an object with {listed}, "
                f"got {json.dumps(item)}"
            )
            return None
        data = {"source": source, **item, "card_id": card_id}
        return self._validated(number, name, model, data)

    def _fact(self, number: int, card_id: str, source: Any, item: Any) -> None:
        row = self._object(number, "legality", LegalityRow, card_id, source, item)
        if row is not None:
            self.found.legality.append(row)

    def _fact_source(self, number: int, card_id: str, source: Any, item: Any) -> None:
        row = self._object(number, "facts", FactSourceRow, card_id, source, item)
        if row is not None:
            self.found.facts.append(row)


def _csv_companions(path: Path, text: str) -> Companions | None:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    header = reader.fieldnames or []
    if not any(name in header for name in COMPANION_FIELDS):
        return None
    kept = [name for name in header if name not in COMPANION_FIELDS]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=kept, lineterminator="\n")
    writer.writeheader()
    taker = _Reader(path)
    try:
        for record in reader:
            if None in record:
                return None  # a row longer than the header: the contract reports it
            taker.take(reader.line_num, record)
            writer.writerow(record)
    except csv.Error:
        return None  # not valid CSV: the contract's reader says where
    taker.found.stripped = out.getvalue()
    return taker.found


def _json_companions(path: Path, text: str, lines: bool) -> Companions | None:
    taker = _Reader(path)
    try:
        if lines:
            records = [(n, json.loads(line)) for n, line in _numbered_lines(text)]
        else:
            data = json.loads(text)
            cards = data.get("cards") if isinstance(data, dict) else data
            records = list(enumerate(cards, start=1)) if isinstance(cards, list) else []
    except (ValueError, RecursionError):  # a number of over 4,300 digits is a ValueError
        return None  # not JSON this reads: the contract's reader says what is wrong
    if not any(isinstance(r, dict) and set(r) & set(COMPANION_FIELDS) for _, r in records):
        return None
    for number, record in records:
        if isinstance(record, dict):
            taker.take(number, record)
    stripped = [r for _, r in records]
    # ASCII with \u escapes: a lone surrogate (half a character) stays an escape for the
    # contract's reader to locate, rather than text no UTF-8 file can hold.
    if lines:
        taker.found.stripped = "".join(json.dumps(r) + "\n" for r in stripped)
    else:
        taker.found.stripped = json.dumps(stripped)
    return taker.found


def _numbered_lines(text: str) -> Iterable[tuple[int, str]]:
    return ((n, line) for n, line in enumerate(text.splitlines(), start=1) if line.strip())


def companions(path: Path) -> Companions | None:
    """The aliases and legality facts of a card file, or None when it gives none."""
    from hlcg.curation.sources import read_text

    suffix = path.suffix.lower()
    if suffix not in CARD_FILE_SUFFIXES:
        return None
    text = read_text(path)
    if suffix == ".csv":
        return _csv_companions(path, text)
    return _json_companions(path, text, lines=suffix == ".jsonl")


@contextmanager
def split_card_file(path: Path) -> Iterator[tuple[Path, Companions]]:
    """The card file ``path`` without its companion columns (a scratch copy, or ``path``
    itself when it has none) and the aliases and legality facts they give. The two
    columns' own errors are in ``Companions.errors``, for the import to report with the
    rows' errors (rows of cards the catalogue holds may state only some facts, which only
    the import can judge). Errors raised in the block name ``path``, never the copy."""
    import tempfile

    found = companions(path)
    if found is None:
        yield path, Companions("")
        return
    with tempfile.TemporaryDirectory(prefix="hlcg-cards-") as scratch:
        copy = Path(scratch) / path.name
        copy.write_text(found.stripped, encoding="utf-8")
        try:
            _check_duplicate_aliases(path, found.aliases)
            yield copy, found
        except SourceError as exc:
            errors = [e.replace(str(copy), str(path)) for e in exc.errors]
            raise SourceError(errors, exc.hint) from None
        except ConflictError as exc:
            raise ConflictError([c.replace(str(copy), str(path)) for c in exc.conflicts]) from None


def _check_duplicate_aliases(path: Path, aliases: list[AliasRow]) -> None:
    cards: dict[str, set[str]] = {}
    for alias in aliases:
        cards.setdefault(alias.alias, set()).add(alias.card_id)
    twice = {name: ids for name, ids in cards.items() if len(ids) > 1}
    if twice:
        raise SourceError(
            [
                f"{path}: alias {name!r} is given for {', '.join(sorted(ids))}; an alias names "
                "one card"
                for name, ids in sorted(twice.items())
            ]
        )
