"""LackeyCCG plug-in card data: tab-separated rows mapped onto the card contract.

Lackey rows carry no ids, sources or set codes; the options say how to complete them from
the catalogue they are imported into (``lackey_options``: its set names, the cards a row
may name), and a row naming a card the catalogue holds takes that card's id. ``--map``
says which contract field each column holds (``parse_column_map``).
"""

from __future__ import annotations

import csv
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlcg.catalog import INT_FIELDS, normalise
from hlcg.catalog.storage import slug
from hlcg.curation.bundle import Bundle, shipped_sets
from hlcg.curation.column_maps import DEFAULT_LACKEY_MAP, check_column_map
from hlcg.curation.models import CardRow
from hlcg.curation.row_names import (
    as_catalogue_records,
    duplicate_notes,
    gemless_sets,
    plain_titles,
)
from hlcg.curation.set_cells import SetNames
from hlcg.curation.sources import ImportedRow, csv_rows, imported_rows, read_text
from hlcg.curation.upsert import add_source


@dataclass(frozen=True)
class CardVersion:
    """What tells the cards of one name apart when a Lackey row names it."""

    id: str
    type: str | None
    sets: tuple[str, ...]
    # The card's recorded numbers (field, value): a row stating them names this version.
    numbers: frozenset[tuple[str, str]] = frozenset()


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
    # Cards without a subtitle by normalised title, each title held by one such card: its
    # id and its sources. A row naming that title with a subtitle the catalogue lacks may
    # mean that card (research lists add "Standard" to a plain card's name).
    plain_titles: Mapping[str, tuple[str, frozenset[str]]] = field(default_factory=dict)
    # The type a row without one most likely means (the persona table lists personas): it
    # only picks among versions, it is never recorded.
    prefer_type: str | None = None
    set_names: SetNames | None = None  # what a set cell may name (hlcg.curation.set_cells)
    # Set codes -> edition, for the sets whose cards print no gems (first edition): a row
    # printed only in them states no gem count to record, before rows of one name merge.
    gemless: Mapping[str, str] = field(default_factory=dict)


# The numbers a row may state that tell versions of one name apart (a persona's gems).
NUMBER_FIELDS = frozenset(INT_FIELDS)


def _type_words(value: str) -> str:
    return "-".join(value.strip().lower().replace("_", " ").replace("-", " ").split())


def lackey_type(value: str) -> str:
    """A type line as printed, in the contract's words: "Special Attack" ->
    special-attack, "Pre-Game: Persona" -> persona, "Pre-Game" -> other-pre-game,
    "Situation: Standing Defense" -> situation, "Basic Attack" -> attack."""
    kind, _, subtype = value.partition(":")
    kind, subtype = _type_words(kind), _type_words(subtype)
    if kind in ("pre-game", "pregame"):
        # A pre-game card of none of the named kinds is "other" (An Unknowable Prize).
        return subtype or "other-pre-game"
    return kind.removeprefix("basic-")  # the basic attacks are attacks (seed 001)


def split_lackey_name(name: str) -> tuple[str, str | None]:
    """Lackey writes one name, "Master's Block: Ramirez": the title and the subtitle."""
    title, colon, subtitle = name.partition(":")
    if colon and title.strip() and subtitle.strip():
        return title.strip(), subtitle.strip()
    return name.strip(), None


def _fitting(
    versions: list[CardVersion],
    card_type: str | None,
    set_codes: Iterable[str],
    numbers: frozenset[tuple[str, str]] = frozenset(),
) -> list[CardVersion]:
    """The versions of the row's type (or, when none has it, those whose type is unknown),
    then of those the ones printed in the row's set, then the one that records every
    number the row states, each step when that leaves any."""
    same_type = [v for v in versions if card_type and v.type == card_type]
    fitting = same_type or [v for v in versions if v.type is None or not card_type]
    codes = set(set_codes)
    in_set = [v for v in fitting if codes & set(v.sets)]
    fitting = in_set if len(fitting) > 1 and in_set else fitting
    return _recording(fitting, numbers)


def _recording(
    fitting: list[CardVersion], numbers: frozenset[tuple[str, str]]
) -> list[CardVersion]:
    """Of several versions, the one that records every number the row states, if one."""
    recording = [v for v in fitting if numbers and numbers <= v.numbers]
    return recording if len(fitting) > 1 and len(recording) == 1 else fitting


def pick_version(
    name: str,
    versions: list[CardVersion],
    card_type: str | None,
    set_codes: Iterable[str],
    *,
    exact: bool,
    numbers: frozenset[tuple[str, str]] = frozenset(),
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
    fitting = _fitting(versions, card_type, set_codes, numbers)
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
    _hand_icons(mapped)
    if mapped.get("sets"):
        names = [n.strip() for n in mapped["sets"].replace(",", ";").split(";") if n.strip()]
        mapped["sets"] = ";".join(_set_code(n, options) for n in names)
    if options.source and not (mapped.get("source") or "").strip():
        mapped["source"] = options.source
    return mapped


def _hand_icons(mapped: dict[str, str]) -> None:
    """The handbook's notation, as the research lists copy it: 1H is one hand icon."""
    icons = re.fullmatch(r"\s*(\d+)\s*H\s*", mapped.get("hand_icons") or "")
    if icons:
        mapped["hand_icons"] = icons.group(1)


def _set_code(written: str, options: LackeyOptions) -> str:
    """The code a set cell's part names, or the part as written (checked later)."""
    code = options.set_codes.get(normalise(written))
    if code is None and options.set_names is not None:
        code = options.set_names.code(written)
    return code or written


def _versions(
    title: str, subtitle: str | None, options: LackeyOptions, taken: set[str]
) -> tuple[list[CardVersion], bool]:
    """The catalogue cards a row's name may mean (not yet taken by an earlier row), and
    whether the name names them exactly."""
    name = " ".join(p for p in (title, subtitle) if p)
    named = options.versions_by_name.get(normalise(name), ())
    if not named and title.endswith(")") and "(" in title:
        # "Four Horsemen (faction persona)": a note in brackets after the card's name
        return _versions(title.rsplit("(", 1)[0].strip(), subtitle, options, taken)
    if named:
        return [v for v in named if v.id not in taken], True
    if subtitle is None:
        by_title = options.versions_by_title.get(normalise(title), ())
        return [v for v in by_title if v.id not in taken], False
    return [], True


def _derived_id(
    mapped: dict[str, str], options: LackeyOptions, taken: set[str]
) -> tuple[str | None, str | None]:
    """The id of the catalogue card the row names, else a new one from its name; or why
    the row names no one card. A bracketed note after the name ("Four Horsemen (faction
    persona)") is left out of the title of the card it names."""
    title = mapped.get("title") or ""
    subtitle = (mapped.get("subtitle") or "").strip() or None
    name = " ".join(p for p in (title, subtitle) if p)
    versions, exact = _versions(title, subtitle, options, taken)
    if versions and normalise(name) not in options.versions_by_name:
        mapped["title"] = _without_note(title)
    sets = (mapped.get("sets") or "").split(";")
    card_type = mapped.get("type") or options.prefer_type
    numbers = _numbers(mapped)
    found, ambiguous = pick_version(name, versions, card_type, sets, exact=exact, numbers=numbers)
    if ambiguous or found:
        return found, ambiguous
    base = slug(name) or "card"
    candidate, n = base, 1
    while candidate in taken or candidate in options.known_ids:
        n += 1
        candidate = f"{base}-{n}"
    return candidate, None


def _without_note(title: str) -> str:
    """The card's name without a bracketed note after it ("(faction persona)")."""
    return title.rsplit("(", 1)[0].strip() if title.endswith(")") and "(" in title else title


def _numbers(mapped: Mapping[str, str]) -> frozenset[tuple[str, str]]:
    return frozenset((k, v.strip()) for k, v in mapped.items() if k in NUMBER_FIELDS and v.strip())


def _stated_facts(mapped: Mapping[str, str]) -> dict[str, str]:
    return {
        k: normalise(v) if k in ("title", "subtitle") else v.strip()
        for k, v in mapped.items()
        if k not in ("sets", "text", "source") and (v or "").strip()
    }


def _same_card(first: Mapping[str, str], row: Mapping[str, str], *, known: bool) -> bool:
    """Two rows of one card printed in two sets: no fact stated two ways (a fact one row
    leaves empty the other may state), and the same text or one row without text. For a
    name the catalogue holds as one card (``known``) the texts do not matter: Lackey's
    texts are transcriptions, and the catalogue keeps its own."""
    facts, other = _stated_facts(first), _stated_facts(row)
    if any(facts[k] != other[k] for k in facts.keys() & other.keys()):
        return False
    texts = [(m.get("text") or "").strip() for m in (first, row)]
    return known or not all(texts) or texts[0] == texts[1]


def _codes(mapped: Mapping[str, str]) -> list[str]:
    return [c for c in (mapped.get("sets") or "").split(";") if c]


def _add_printing(card: dict[str, str], row: Mapping[str, str]) -> None:
    """``row``'s sets and sources added to ``card``'s, and the facts (and text) ``row``
    states that ``card`` leaves empty."""
    codes = _codes(card)
    card["sets"] = ";".join([*codes, *(c for c in _codes(row) if c not in codes)])
    for name, value in row.items():
        if name not in ("sets", "source") and not (card.get(name) or "").strip() and value:
            card[name] = value
    if (row.get("source") or "").strip():
        card["source"] = add_source(card.get("source") or "", row["source"])


def _one_row_per_card(
    rows: list[tuple[int, dict[str, str]]], options: LackeyOptions
) -> tuple[list[tuple[int, dict[str, str]]], list[tuple[int, str]]]:
    """Lackey lists a card once per printing: rows of one card become one row with the
    printings unioned. Rows naming a card the catalogue holds as its only card of that
    name that state a fact two ways are an error: they cannot both be that card, and a
    second card of the name would make every deck naming it ambiguous."""
    kept: list[tuple[int, dict[str, str]]] = []
    errors: list[tuple[int, str]] = []
    by_name: dict[str, list[tuple[int, dict[str, str]]]] = {}
    for number, mapped in rows:
        name = normalise(" ".join(mapped.get(k) or "" for k in ("title", "subtitle")))
        known = len(options.versions_by_name.get(name, ())) == 1
        if len(options.versions_by_name.get(name, ())) > 1:
            # The catalogue tells several cards of the name apart: rows of one name are
            # one card only when each, alone, names the same one of them.
            picked, _ = _derived_id(dict(mapped), options, set())
            name = f"{name}\n{picked or number}"
        earlier = by_name.get(name, [])
        same = next((m for _, m in earlier if _same_card(m, mapped, known=known)), None)
        if same is not None:
            _add_printing(same, mapped)
        elif known and earlier:
            first, theirs = earlier[0]
            stated, other = _stated_facts(theirs), _stated_facts(mapped)
            differ = sorted(k for k in stated.keys() & other.keys() if stated[k] != other[k])
            errors.append(
                (
                    number,
                    f"row {number}: {mapped.get('title')!r} is one card in the catalogue "
                    f"({options.versions_by_name[name][0].id}), but this row states "
                    f"{', '.join(f'{k} {other[k]!r}' for k in differ)} and row {first} "
                    f"{', '.join(f'{k} {stated[k]!r}' for k in differ)}; one card has one value",
                )
            )
        else:
            by_name.setdefault(name, []).append((number, mapped))
            kept.append((number, mapped))
    return kept, errors


def lackey_header(text: str, delimiter: str = "\t") -> list[str]:
    if delimiter != "\t":
        return next(csv.reader([text.split("\n", 1)[0].rstrip("\r")]), [])
    return text.split("\n", 1)[0].rstrip("\r").split("\t")


def _adds_nothing(row: Mapping[str, str], options: LackeyOptions, taken: set[str]) -> bool:
    """Whether every card the row's name may mean records all the row states (its type,
    printings and numbers; no text): such a row neither tells them apart nor adds to
    any."""
    title = row.get("title") or ""
    subtitle = (row.get("subtitle") or "").strip() or None
    versions, _ = _versions(title, subtitle, options, taken)
    stated = _stated_facts(row)
    numbers = {(k, v) for k, v in stated.items() if k in NUMBER_FIELDS}
    others = stated.keys() - {"title", "subtitle", "type", *NUMBER_FIELDS}
    codes = set(_codes(row))
    if others or (row.get("text") or "").strip():
        return False  # a text may be what tells the cards apart: the row must say which
    return all(
        stated.get("type") in (None, v.type) and codes <= set(v.sets) and numbers <= v.numbers
        for v in versions
    )


def lackey_rows(
    path: Path,
    text: str,
    column_map: Mapping[str, str] | None,
    options: LackeyOptions,
    delimiter: str = "\t",
) -> tuple[list[tuple[int, dict[str, str]]], list[tuple[int, str]], list[str], int]:
    """The rows mapped onto the contract (one per card), (row number, message) for rows
    whose card cannot be told apart in the catalogue, a note for each row that states
    nothing but a name several cards have (nothing to record, nothing to tell them
    apart by), and how many such rows there were. ``delimiter``: a tab for LackeyCCG data,
    a comma for a CSV read through a map."""
    # Lackey's card data is plain tab-separated text, not CSV: a quote is part of the
    # name or text ("Quoted" Strike), never a field delimiter. A CSV quotes as CSV does.
    if delimiter == "\t":
        records = list(csv_rows(path, text, delimiter="\t", quoting=csv.QUOTE_NONE))
    else:
        records = list(csv_rows(path, text, delimiter=delimiter))
    if column_map is not None:
        check_column_map(path, lackey_header(text, delimiter), column_map)
    mapping = DEFAULT_LACKEY_MAP if column_map is None else column_map
    skipped: list[str] = []
    read = [(n, _mapped(r, mapping, options)) for n, r in records]
    mapped, merge_errors = _one_row_per_card(as_catalogue_records(read, options, skipped), options)
    taken: set[str] = set()
    rows: list[tuple[int, dict[str, str]]] = []
    unrecorded = 0
    errors = [(n, f"{path}: {message}") for n, message in merge_errors]
    for number, row in mapped:
        if options.id_from_title and not (row.get("id") or "").strip():
            found, ambiguous = _derived_id(row, options, taken)
            if ambiguous and _adds_nothing(row, options, taken):
                skipped.append(
                    f"row {number} names {row.get('title')!r}, which several cards have, "
                    "and states nothing that tells them apart or that they lack: not recorded"
                )
                unrecorded += 1
                continue
            if ambiguous:
                errors.append((number, f"{path}: row {number}: {ambiguous}"))
                continue
            skipped += duplicate_notes(number, row, found, options)
            if found:
                row["id"] = found
        if row.get("id"):
            taken.add(row["id"])
        rows.append((number, row))
    return rows, errors, skipped, unrecorded


def read_lackey_rows(
    path: Path,
    column_map: Mapping[str, str] | None,
    options: LackeyOptions,
    *,
    known: Mapping[str, CardRow] | None = None,
    delimiter: str = "\t",
) -> tuple[list[ImportedRow], list[str], int]:
    """The card rows of a LackeyCCG .tsv/.txt file (or a CSV read through a map),
    validated as every card file's are (``hlcg.curation.sources.imported_rows``), the
    notes on rows not read or read in part, and how many rows were not recorded
    (``lackey_rows``)."""
    rows, unmatched, notes, unrecorded = lackey_rows(
        path, read_text(path), column_map, options, delimiter
    )
    numbered: list[tuple[int, Any]] = list(rows)
    return imported_rows(path, numbered, unmatched, known=known), notes, unrecorded


def lackey_options(
    bundle: Bundle, *, id_from_title: bool, source: str | None, prefer_type: str | None = None
) -> LackeyOptions:
    """Lackey rows completed from the target catalogue: set names, existing ids."""
    # The shipped set table names the sets a fresh catalogue does not list yet.
    known = [*shipped_sets().values(), *bundle.sets]
    set_codes = {normalise(s.name): s.code for s in known}
    set_codes.update(source_set_names())
    set_codes.update({normalise(s.code): s.code for s in known})
    by_name: dict[str, list[CardVersion]] = {}
    by_title: dict[str, list[CardVersion]] = {}
    for card in bundle.cards:
        flat = card.to_flat()
        numbers = frozenset((k, flat[k]) for k in NUMBER_FIELDS if flat.get(k))
        version = CardVersion(card.id, card.type, tuple(card.sets), numbers)
        name = normalise(" ".join(p for p in (card.title, card.subtitle) if p))
        by_name.setdefault(name, []).append(version)
        if card.subtitle:
            by_title.setdefault(normalise(card.title), []).append(version)

    def in_id_order(versions: list[CardVersion]) -> tuple[CardVersion, ...]:
        # "quickstep", "quickstep-2", ... in the order an import made them
        return tuple(sorted(versions, key=lambda v: (len(v.id), v.id)))

    return LackeyOptions(
        id_from_title=id_from_title,
        source=source,
        set_codes=set_codes,
        versions_by_name={name: in_id_order(v) for name, v in by_name.items()},
        versions_by_title={title: in_id_order(v) for title, v in by_title.items()},
        known_ids=frozenset(c.id for c in bundle.cards),
        plain_titles=plain_titles(bundle),
        gemless=gemless_sets(known),
        prefer_type=prefer_type,
        set_names=SetNames.of((s.code for s in known), {**{s.name: s.code for s in known}}),
    )


def source_set_names() -> dict[str, str]:
    """Normalised set names as deck programs write them -> set code: the deck readers' table
    ``set_names.csv`` (name,set,source), packaged in hlcg/data/ or in data/source/ of a
    checkout, when it exists."""
    here = Path(__file__).resolve()
    for table in (
        here.parent.parent / "data" / "set_names.csv",
        here.parents[3] / "data" / "source" / "set_names.csv",
    ):
        if table.is_file():
            with table.open(encoding="utf-8", newline="") as handle:
                return {
                    normalise(row["name"]): row["set"].strip()
                    for row in csv.DictReader(handle)
                    if row.get("name") and row.get("set")
                }
    return {}
