"""A whole exported catalogue merged into a catalogue (``merge``). Card rows merged into
cards are ``hlcg.curation.upsert``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from hlcg.catalog import row_key
from hlcg.curation.bundle import Bundle

T = TypeVar("T")


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
