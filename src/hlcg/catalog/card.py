"""The run-time card and its codec.

``Card`` is a NamedTuple read from the catalogue (no pydantic at run time). The codec says
how a card's contract values are written as a row of the ``cards`` table and read back, and
how any contract value is written as CSV text. One encode/decode pair serves the build, the
importer, the exporter and the run-time card, so the encoding cannot drift between them:
lists (sets, formats, faction) are JSON arrays of strings, so that Datasette facets them
(``_facet_array``), modifiers compact JSON, flags 0/1 (``unique`` may be NULL: unknown).
CSV keeps lists `;`-joined (``flat_value``).

Each recorded fact of a card with its own source (``card_facts``) is here too: a card as
the catalogue vouches for it, field by field.
"""

# No `from __future__ import annotations`: each field annotation written as a string would
# cost a compile when the NamedTuple is made, and every command imports this module.
import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any, NamedTuple

from hlcg.catalog.vocabulary import (
    ATTRIBUTES,
    BOOL_FIELDS,
    CONTRACT_FIELDS,
    FACT_FIELDS,
    LIST_FIELDS,
    PREGAME_TYPES,
    is_master_title,
    normalise,
)


@lru_cache(maxsize=1024)
def persona_names(title: str) -> frozenset[str]:
    return frozenset({normalise(title)} | {normalise(p) for p in title.split("/") if p.strip()})


class LegalityFact(NamedTuple):
    """A sourced legality fact: the card is ``status`` in ``format`` from ``date`` on
    (``YYYY``, ``YYYY-MM`` or ``YYYY-MM-DD``; empty: no date, always in force)."""

    format: str
    status: str  # legal | restricted | banned | suspended
    date: str
    source: str
    note: str
    inferred: str = ""  # the reasoning when the source implies the fact; '' when stated


# Statuses that take a card out of a format; the others keep it in.
EXCLUDING = frozenset({"banned", "suspended"})


def start_of(date: str) -> str:
    """A fact's date as the first day it is in force: "2009" -> "2009-01-01"."""
    if not date:
        return "0000-01-01"
    parts = date.split("-")
    return "-".join([*parts, *["01"] * (3 - len(parts))])


def in_force(facts: Iterable[LegalityFact], fmt: str, on: str) -> LegalityFact | None:
    """The fact for ``fmt`` in force on ``on`` (YYYY-MM-DD): the latest that started on or
    before it; of two starting the same day, the one that excludes the card."""
    started = [f for f in facts if f.format == fmt and start_of(f.date) <= on]
    if not started:
        return None
    return max(started, key=lambda f: (start_of(f.date), f.status in EXCLUDING))


class Card(NamedTuple):
    """One card: one text under one title and subtitle. ``None`` numbers are unknown."""

    id: str
    title: str
    subtitle: str | None = None
    type: str | None = None
    sets: tuple[str, ...] = ()
    restriction: int | None = None
    unrestricted: bool = False  # a source states it carries no restriction number
    reserved: bool = False
    signature: bool = False
    unique: bool | None = None
    hand_icons: int | None = None
    gem_master: int | None = None
    gem_agility: int | None = None
    gem_strength: int | None = None
    gem_toughness: int | None = None
    gem_empathy: int | None = None
    gem_reason: int | None = None
    master_limit: int | None = None
    formats: tuple[str, ...] = ()
    modifiers: tuple[dict[str, Any], ...] = ()
    faction: tuple[str, ...] = ()
    text: str | None = None
    source: str = ""
    editions: frozenset[str] = frozenset()

    @property
    def name(self) -> str:
        """How the rulebooks print it: "Master's Block: Duncan MacLeod"."""
        return f"{self.title}: {self.subtitle}" if self.subtitle else self.title

    @property
    def is_pregame(self) -> bool:
        return self.type in PREGAME_TYPES

    @property
    def is_unique(self) -> bool:
        """Recorded as unique. Seed 002 forbids two copies of a *unique* pre-game card, so
        uniqueness belongs to some cards, not to every pre-game card: empty is unknown."""
        return self.unique is True

    @property
    def is_master(self) -> bool:
        return is_master_title(self.title)

    @property
    def persona_names(self) -> frozenset[str]:
        """Normalised names a persona goes by; a dual persona "A / B" goes by A and B too."""
        return persona_names(self.title)

    def gem(self, attribute: str) -> int | None:
        return getattr(self, f"gem_{attribute}")

    @property
    def gems(self) -> dict[str, int | None]:
        return {a: self.gem(a) for a in ATTRIBUTES}

    @property
    def effective_master_limit(self) -> int | None:
        """A persona's Master limit: its own number, else its Master gem."""
        return self.master_limit if self.master_limit is not None else self.gem_master

    @property
    def is_generic_immortal(self) -> bool:
        """The Generic Immortal pseudo-persona, known by its catalogue flag, not its id."""
        return any(m.get("kind") == "generic-immortal" for m in self.modifiers)

    def legal_in(self, fmt: str) -> bool:
        """Whether the recorded formats leave ``fmt`` open: none recorded, or ``fmt`` among
        them. Only a preference between versions of a name (``hlcg.deck.narrowing``); a
        verdict is format-legality's (``hlcg.rules.legality``), where formats are evidence
        for the formats they name only."""
        return not self.formats or fmt in self.formats

    def to_contract(self) -> dict[str, Any]:
        """The card as a JSON object with the contract's field names."""
        data = {name: getattr(self, name) for name in CONTRACT_FIELDS}
        for key in ("sets", "formats", "faction", "modifiers"):
            data[key] = list(data[key])
        return data

    @classmethod
    def from_row(cls, row: dict[str, Any], editions: frozenset[str] = frozenset()) -> "Card":
        """Build from a ``cards`` table row, decoded by the card codec."""
        return cls(**decode_card(row), editions=editions)


# --- the codec ------------------------------------------------------------------------------

# Card columns newer than the oldest schema an import still reads (3: unrestricted).
NEWER_COLUMNS = frozenset({"unrestricted"})
# Flags whose absence says "unknown" rather than false.
OPTIONAL_FLAGS = frozenset({"unique"})
_REQUIRED_FLAGS = tuple(name for name in BOOL_FIELDS if name not in OPTIONAL_FLAGS)
_OPTIONAL_FLAGS = tuple(name for name in BOOL_FIELDS if name in OPTIONAL_FLAGS)
_ALWAYS_THERE = tuple(name for name in CONTRACT_FIELDS if name not in NEWER_COLUMNS)
_LISTS = tuple(LIST_FIELDS)


def encode_modifiers(modifiers: list[dict[str, Any]]) -> str:
    return json.dumps(modifiers, separators=(",", ":"))


def encode_list(values: Sequence[str]) -> str:
    """A list column as the catalogue stores it: a JSON array (``[]`` when empty, never
    NULL or '', which Datasette's array facet cannot read)."""
    return json.dumps(list(values), separators=(",", ":"), ensure_ascii=False)


def decode_list(text: str | None) -> tuple[str, ...]:
    """A stored list column read back. A catalogue older than schema version 5, read to be
    upgraded, stored lists `;`-joined: those are read too."""
    if not text or text == "[]":  # most of a card's lists are empty: no JSON parser run
        return ()
    if text.startswith("["):
        return tuple(json.loads(text))
    return tuple(text.split(";"))


def encode_card(values: Mapping[str, Any]) -> dict[str, object]:
    """A card's contract values (``CardRow.to_json()``) as its row of the ``cards`` table,
    with the columns derived from them that searches read and people browse by (``name``:
    what Datasette labels a link to the card with). Derived, not facts: no export, import,
    row digest or content hash reads them."""
    record: dict[str, object] = {}
    for name in CONTRACT_FIELDS:
        value = values[name]
        if name == "modifiers":
            value = encode_modifiers(value)
        elif isinstance(value, list):
            value = encode_list(value)
        elif isinstance(value, bool):
            value = int(value)
        record[name] = value
    title, subtitle = values["title"], values["subtitle"]
    record["pregame"] = int(values["type"] in PREGAME_TYPES)
    record["master"] = int(is_master_title(title))
    record["name"] = f"{title}: {subtitle}" if subtitle else title
    return record


def encode_card_keys(values: Mapping[str, Any]) -> dict[str, object]:
    """A card's row of the ``_card_keys`` table: the normalised names lookups find it by."""
    title, subtitle = values["title"], values["subtitle"]
    return {
        "card_id": values["id"],
        "title_norm": normalise(title),
        "name_norm": normalise(f"{title} {subtitle}") if subtitle else None,
        "subtitle_norm": normalise(subtitle) if subtitle else None,
    }


def decode_card(record: Mapping[str, Any]) -> dict[str, Any]:
    """A row of the ``cards`` table as contract values: lists as tuples, flags as bools,
    modifiers as dicts. ``Card(**decode_card(row))`` and ``CardRow(**...)`` both take it.

    A catalogue of an older schema, read to be upgraded, lacks the newer columns: their
    defaults apply. (Every card a command reads passes through here: kept lean.)"""
    values = {name: record[name] for name in _ALWAYS_THERE}
    for name in NEWER_COLUMNS:
        values[name] = record.get(name)
    for name in _LISTS:
        values[name] = decode_list(values[name])
    for name in _REQUIRED_FLAGS:
        values[name] = bool(values[name])
    for name in _OPTIONAL_FLAGS:
        if values[name] is not None:
            values[name] = bool(values[name])
    modifiers = values["modifiers"]
    values["modifiers"] = tuple(json.loads(modifiers)) if modifiers not in (None, "", "[]") else ()
    return values


def flat_value(value: Any) -> str:
    """Any contract value as CSV text: empty for unknown, lists `;`-joined."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return ";".join(str(v) for v in value)
    return str(value)


def flat_card(values: Mapping[str, Any]) -> dict[str, str]:
    """A card's contract values (``CardRow.to_json()``) as its CSV row."""
    flat: dict[str, str] = {}
    for key, value in values.items():
        if key == "modifiers":
            flat[key] = encode_modifiers(value) if value else ""
        elif value is False and key not in OPTIONAL_FLAGS:
            # Sources leave reserved and signature empty when false; unique keeps "false"
            # because empty means unknown there.
            flat[key] = ""
        else:
            flat[key] = flat_value(value)
    return flat


# Each recorded fact of a card with its own source: the fact_sources row that backs it
# (data/source/facts.csv), else the card row's source, shown as card-level.
#
# A legality row carries its own source, so it is always a fact with its own source. A
# printing is a fact of its own: one card may cite one page for one printing and another for
# the next.


class SourcedFact(NamedTuple):
    """One recorded fact: ``attributed`` when a source backs this fact itself, false when
    only the card row's source (which may cite several pages) does. ``sources``: every
    source recorded for it, the ones that state it first (two readers who read it off their
    cards are two); ``source`` is them in one text."""

    card_id: str
    field: str
    value: str
    source: str
    inferred: str  # the reasoning when every source only implies the fact; '' when one states it
    attributed: bool
    sources: tuple[str, ...] = ()

    @property
    def confirmations(self) -> int:
        """How many sources back the fact: each once, also where one cell names several
        (`; `-joined); the card row's source counts as one."""
        cells = self.sources or (self.source,)
        return len(dict.fromkeys(url for cell in cells for url in cell.split("; ")))

    def as_json(self) -> dict[str, object]:
        return {
            "field": self.field,
            "value": self.value,
            "source": self.source,
            "sources": list(self.sources or (self.source,)),
            "inferred": self.inferred or None,
            "attributed": self.attributed,
        }


class FactSource(NamedTuple):
    """A fact_sources row as the catalogue holds it ('' for an empty value)."""

    field: str
    value: str
    source: str
    inferred: str


def recorded_facts(card: Card) -> Iterator[tuple[str, str]]:
    """(field, value as CSV text) for every fact the card records, each printing apart."""
    flat = flat_card(card.to_contract())
    for name in FACT_FIELDS:
        if name == "sets":
            yield from (("sets", code) for code in card.sets)
        elif flat[name]:
            yield name, flat[name]


def legality_value(fact: LegalityFact) -> str:
    """A legality fact as one value: "type-two legal from 2008-06-07"."""
    since = f" from {fact.date}" if fact.date else ""
    return f"{fact.format} {fact.status}{since}"


def _backed(card: Card, name: str, value: str, backing: list[FactSource]) -> SourcedFact:
    """A fact with the sources recorded for it: those that state it before those that
    infer it; inferred only when none states it."""
    stating = [b for b in backing if not b.inferred]
    ordered = list(dict.fromkeys(b.source for b in (*stating, *backing)))
    inferred = "" if stating else backing[0].inferred
    return SourcedFact(card.id, name, value, "; ".join(ordered), inferred, True, tuple(ordered))


def card_facts(
    card: Card, sources: Iterable[FactSource], legality: Iterable[LegalityFact]
) -> list[SourcedFact]:
    """Every recorded fact of ``card`` with its sources; then its legality facts."""
    own: dict[tuple[str, str], list[FactSource]] = {}
    for row in sources:
        own.setdefault((row.field, row.value), []).append(row)
    facts = []
    for name, value in recorded_facts(card):
        # A row for this value, and for a field as a whole the rows that name no value.
        backing = own.get((name, value), []) + ([] if name == "sets" else own.get((name, ""), []))
        if not backing:
            facts.append(SourcedFact(card.id, name, value, card.source, "", False))
        else:
            facts.append(_backed(card, name, value, backing))
    facts += [
        SourcedFact(card.id, "legality", legality_value(f), f.source, f.inferred, True)
        for f in legality
    ]
    return facts
