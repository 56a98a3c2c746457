"""LackeyCCG plug-in card data: tab-separated rows mapped onto the card contract.

Lackey rows carry no ids, sources or set codes; the options say how to complete them from
the catalogue they are imported into, and a row naming a card the catalogue holds takes
that card's id.
"""

from __future__ import annotations

import csv
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from hlcg.catalog.fields import CONTRACT_FIELDS
from hlcg.catalog.normalize import normalise, slug
from hlcg.catalog.sources import _csv_rows
from hlcg.errors import SourceError

# Curators map Lackey's column names onto the contract with --map; these are the names
# Lackey plug-ins commonly use for the same facts.
DEFAULT_LACKEY_MAP: dict[str, str] = {
    "Name": "title",
    "Set": "sets",
    "Type": "type",
    "Subtitle": "subtitle",
    "Text": "text",
    "Restriction": "restriction",
}


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


def _fitting(
    versions: list[CardVersion], card_type: str | None, set_codes: Iterable[str]
) -> list[CardVersion]:
    """The versions of the row's type (or, when none has it, those whose type is unknown),
    then of those the ones printed in the row's set, when that leaves any."""
    same_type = [v for v in versions if card_type and v.type == card_type]
    fitting = same_type or [v for v in versions if v.type is None or not card_type]
    codes = set(set_codes)
    in_set = [v for v in fitting if codes & set(v.sets)]
    return in_set if len(fitting) > 1 and in_set else fitting


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
    fitting = _fitting(versions, card_type, set_codes)
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


def _mapped(
    record: Mapping[str, str], column_map: Mapping[str, str], options: LackeyOptions
) -> dict[str, str]:
    """A Lackey row in the contract's names: title and subtitle apart, types and set codes
    as the contract writes them, the default source where the row names none."""
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
    return mapped


def _versions(
    title: str, subtitle: str | None, options: LackeyOptions, taken: set[str]
) -> tuple[list[CardVersion], bool]:
    """The catalogue cards a row's name may mean (not yet taken by an earlier row), and
    whether the name names them exactly."""
    name = " ".join(p for p in (title, subtitle) if p)
    named = options.versions_by_name.get(normalise(name), ())
    if named:
        return [v for v in named if v.id not in taken], True
    if subtitle is None:
        by_title = options.versions_by_title.get(normalise(title), ())
        return [v for v in by_title if v.id not in taken], False
    return [], True


def _derived_id(
    mapped: Mapping[str, str], options: LackeyOptions, taken: set[str]
) -> tuple[str | None, str | None]:
    """The id of the catalogue card the row names, else a new one from its name; or why
    the row names no one card."""
    title = mapped.get("title") or ""
    subtitle = (mapped.get("subtitle") or "").strip() or None
    name = " ".join(p for p in (title, subtitle) if p)
    versions, exact = _versions(title, subtitle, options, taken)
    sets = (mapped.get("sets") or "").split(";")
    found, ambiguous = pick_version(name, versions, mapped.get("type") or None, sets, exact=exact)
    if ambiguous or found:
        return found, ambiguous
    base = slug(name) or "card"
    candidate, n = base, 1
    while candidate in taken or candidate in options.known_ids:
        n += 1
        candidate = f"{base}-{n}"
    return candidate, None


def lackey_rows(
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
        mapped = _mapped(record, column_map, options)
        if options.id_from_title and not (mapped.get("id") or "").strip():
            found, ambiguous = _derived_id(mapped, options, taken)
            if ambiguous:
                errors.append((number, f"{path}: row {number}: {ambiguous}"))
                continue
            if found:
                mapped["id"] = found
        if mapped.get("id"):
            taken.add(mapped["id"])
        rows.append((number, mapped))
    return rows, errors
