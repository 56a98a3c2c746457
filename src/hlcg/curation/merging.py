"""Merging into a catalogue: what LackeyCCG rows need from it (set names, the cards they
may name), sources added to sources, and a whole exported catalogue merged into it
(``merge``). Card rows merged into cards are ``hlcg.curation.upsert``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TypeVar

from hlcg.catalog import connect, normalise, row_key
from hlcg.curation.bundle import Bundle
from hlcg.curation.lackey import CardVersion, LackeyOptions
from hlcg.curation.models import SetRow

T = TypeVar("T")


def lackey_options(bundle: Bundle, *, id_from_title: bool, source: str | None) -> LackeyOptions:
    """Lackey rows completed from the target catalogue: set names, existing ids."""
    # The shipped set table names the sets a fresh catalogue does not list yet.
    known = [*shipped_sets().values(), *bundle.sets]
    set_codes = {normalise(s.name): s.code for s in known}
    set_codes.update(_source_set_names())
    set_codes.update({normalise(s.code): s.code for s in known})
    by_name: dict[str, list[CardVersion]] = {}
    by_title: dict[str, list[CardVersion]] = {}
    for card in bundle.cards:
        version = CardVersion(card.id, card.type, tuple(card.sets))
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
    )


def shipped_sets() -> dict[str, SetRow]:
    """The shipped catalogue's sets by code (empty when it cannot be read)."""
    from hlcg.catalog import shipped_path
    from hlcg.errors import CatalogueError

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


def _source_set_names() -> dict[str, str]:
    """Set names as deck programs write them -> set code: the deck readers' table
    ``set_names.csv`` (name,set,source), packaged in hlcg/data/ or in data/source/ of a
    checkout, when it exists."""
    import csv

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


def is_lackey_data(path: Path) -> bool:
    return path.suffix.lower() in (".tsv", ".txt")


def add_source(existing: str, more: str) -> str:
    """``existing`` sources with those of ``more`` not yet listed, `; `-separated."""
    have = [s.strip() for s in existing.split(";") if s.strip()]
    have += [s.strip() for s in more.split(";") if s.strip() and s.strip() not in have]
    return "; ".join(have)


def _by_key(first: Iterable[T], second: Iterable[T], key: Callable[[T], str]) -> list[T]:
    """The rows of both by key, in first-seen order, a row of ``second`` replacing one of
    ``first``."""
    rows = {key(r): r for r in first}
    rows.update((key(r), r) for r in second)
    return list(rows.values())


def merge(target: Bundle, incoming: Bundle) -> tuple[Bundle, int, int]:
    """``target`` with every row of ``incoming`` added or replacing the row of the same key.

    Returns the merged bundle and how many cards were added and replaced.
    """
    cards = {c.id: c for c in target.cards}
    replaced = sum(1 for c in incoming.cards if c.id in cards)
    cards.update((c.id, c) for c in incoming.cards)
    groups = {g.name: g for g in (*target.groups, *incoming.groups)}
    side = {
        table: _by_key(target.side.get(table, []), incoming.side.get(table, []), key=row_key)
        for table in sorted({*target.side, *incoming.side})
    }
    # A card the export holds comes with its own fact sources: the target's go with it.
    incoming_ids = {c.id for c in incoming.cards}
    kept_facts = [f for f in target.facts if f.card_id not in incoming_ids]
    merged = Bundle(
        cards=list(cards.values()),
        aliases=_by_key(target.aliases, incoming.aliases, key=lambda a: a.alias),
        sets=_by_key(target.sets, incoming.sets, key=lambda s: s.code),
        formats=_by_key(target.formats, incoming.formats, key=lambda f: f.name),
        legality=_by_key(target.legality, incoming.legality, key=lambda r: r.key),
        facts=_by_key(kept_facts, incoming.facts, key=lambda r: r.key),
        fact_history=_by_key(target.fact_history, incoming.fact_history, key=lambda r: r.key),
        # A fresh catalogue takes the version of what it is filled from.
        data_version=incoming.data_version if not target.cards else target.data_version,
        inputs=[*target.inputs, *incoming.inputs],
        groups=tuple(groups.values()),
        side=side,
    )
    return merged, len(incoming.cards) - replaced, replaced
