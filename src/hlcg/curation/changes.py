"""What an import changed, fact by fact, read from the catalogue before and after it: the
list ``hlcg db import --dry-run`` shows. It compares the two bundles rather than asking the
importer, so every kind of import (card rows, a fact sheet, legality facts, an export) is
described by what it really does.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hlcg.catalog.storage import FACT_FIELDS
from hlcg.curation.bundle import Bundle
from hlcg.curation.models import CardRow, FactSourceRow
from hlcg.curation.upsert import source_parts, stated
from hlcg.wording import plural


def _facts(card: CardRow) -> dict[tuple[str, str], str]:
    """(field, printing or '') -> value of every fact the card records."""
    flat = card.to_flat()
    found = {("sets", code): code for code in card.sets}
    found.update(
        ((name, ""), flat[name])
        for name in FACT_FIELDS
        if name != "sets" and stated(name, getattr(card, name))
    )
    return found


def _sources(rows: Sequence[FactSourceRow], card_id: str, name: str, value: str) -> list[str]:
    return [
        r.source
        for r in rows
        if r.card_id == card_id
        and r.field == name
        and (r.value == value if name == "sets" else (r.value or "") in ("", value))
    ]


def _fact_change(
    before: CardRow,
    after: CardRow,
    fact: tuple[tuple[str, str], str],
    was: dict[tuple[str, str], str],
    rows: tuple[list[FactSourceRow], list[FactSourceRow]],
) -> list[str]:
    """The change to one fact ``after`` records: filled, replaced or confirmed."""
    (name, code), value = fact
    shown = f"{after.id} {name}"
    new_sources = _sources(rows[1], after.id, name, value)
    source = "; ".join(new_sources) or after.source
    if (name, code) not in was:
        return [f"fill {shown}: {value!r} (source: {source})"]
    if was[(name, code)] != value:
        return [
            f"replace {shown}: {was[(name, code)]!r} -> {value!r} (source: {source}); the "
            "old value and its sources go to fact_history"
        ]
    # A fact with no sources of its own is backed by its card's; a source cell may name
    # several: what counts is each source, as the import counts them.
    had = source_parts(_sources(rows[0], before.id, name, value) or [before.source])
    has = source_parts(new_sources or [after.source])
    added = [s for s in has if s not in had]
    if not added:
        return []
    return [
        f"confirm {shown} {value!r}: add {'source' if len(added) == 1 else 'sources'} "
        f"{'; '.join(added)} (confirmed by {plural(len(has), 'source')})"
    ]


def _card_changes(
    before: CardRow, after: CardRow, old_rows: list[FactSourceRow], new_rows: list[FactSourceRow]
) -> list[str]:
    was, now = _facts(before), _facts(after)
    lines = []
    for fact in sorted(now.items()):
        lines += _fact_change(before, after, fact, was, (old_rows, new_rows))
    gone = [(key, value) for key, value in sorted(was.items()) if key not in now]
    lines += [
        f"clear {before.id} {name}: {value!r} (it goes to fact_history)"
        if name != "sets"
        else f"drop printing {before.id} {value}"
        for (name, _), value in gone
    ]
    return lines


def _table_changes(
    label: str, before: Sequence[Any], after: Sequence[Any], key: Callable[[Any], str]
) -> list[str]:
    old = {key(r): r for r in before}
    lines = []
    for row in after:
        have = old.get(key(row))
        if have is None:
            lines.append(f"add {label} {key(row)}")
        elif have != row:
            lines.append(f"change {label} {key(row)}")
    return lines


def describe_changes(before: Bundle, after: Bundle) -> list[str]:
    """Every change from ``before`` to ``after``, one line each, cards first."""
    old_cards = {c.id: c for c in before.cards}
    lines: list[str] = []
    for card in after.cards:
        had = old_cards.get(card.id)
        if had is None:
            lines.append(f"add card {card.id} ({card.title}, source: {card.source})")
        else:
            lines += _card_changes(had, card, before.facts, after.facts)
    kept = {c.id for c in after.cards}
    lines += [f"remove card {card_id}" for card_id in old_cards if card_id not in kept]
    old_history = {r.key for r in before.fact_history}
    lines += [
        f"history: {r.card_id} {r.field} {r.value!r} (source: {r.source}) superseded by "
        f"{r.superseded}"
        for r in after.fact_history
        if r.key not in old_history
    ]
    lines += _table_changes("legality fact", before.legality, after.legality, lambda r: r.key)
    lines += _table_changes("alias", before.aliases, after.aliases, lambda r: r.alias)
    lines += _table_changes("set", before.sets, after.sets, lambda r: r.code)
    lines += _table_changes("format", before.formats, after.formats, lambda r: r.name)
    return lines
