"""Rows that point at other rows: aliases, legality and fact sources at cards, cards at
sets.

A table that did not validate still lends its raw keys, so that one run reports row errors
and reference errors together instead of the second only after the first are fixed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hlcg.curation.models import AliasRow, CardRow, FactSourceRow, FormatRow, LegalityRow, SetRow

Raw = Mapping[str, Sequence[Mapping[str, Any]]]


def _text(value: Any) -> str:
    return value.strip() if isinstance(value, str) else ""


def _listed(value: Any) -> list[str]:
    if isinstance(value, list):
        return [_text(v) for v in value if _text(v)]
    return [part.strip() for part in _text(value).split(";") if part.strip()]


def _alias_errors(aliases: Sequence[AliasRow], ids: set[str], raw: Raw) -> list[str]:
    pairs = [(a.alias, a.card_id) for a in aliases]
    pairs += [(_text(r.get("alias")), _text(r.get("card_id"))) for r in raw.get("aliases", [])]
    return [
        f"aliases: {alias!r} points at unknown card id {card_id!r}"
        for alias, card_id in pairs
        if card_id and card_id not in ids
    ]


def _set_errors(cards: Sequence[CardRow], codes: set[str], raw: Raw) -> list[str]:
    if not codes:
        return []
    printed = [(c.id, c.sets) for c in cards]
    printed += [(_text(r.get("id")), _listed(r.get("sets"))) for r in raw.get("cards", [])]
    return [
        f"cards: {card_id}: unknown set {code!r} (add it to sets.csv)"
        for card_id, sets in printed
        for code in sets
        if code not in codes
    ]


def _legality_errors(
    legality: Sequence[LegalityRow], ids: set[str], formats: set[str]
) -> list[str]:
    unknown_cards = [
        f"legality: {row.card_id!r} ({row.format}, {row.status}) is not a card id"
        for row in legality
        if row.card_id not in ids
    ]
    # As with sets: a catalogue that records no formats yet is not checked.
    unknown_formats = sorted(
        {
            f"legality: format {row.format!r} is not in formats.csv (add its row)"
            for row in legality
            if formats and row.format not in formats
        }
    )
    return unknown_cards + unknown_formats


def _fact_error(row: FactSourceRow, card: CardRow | None) -> str | None:
    """Why a fact source row backs no recorded fact of its card, if it does not."""
    if card is None:
        return f"card_id: no card {row.card_id!r}"
    if row.field == "sets":
        if row.value not in card.sets:
            printed = "; ".join(card.sets) or "none"
            return f"value: {row.card_id} has no printing {row.value!r} (its sets: {printed})"
        return None
    recorded = card.to_flat()[row.field]
    if not recorded:
        return f"field: {row.card_id} records no {row.field}; a source backs a recorded fact"
    if row.value is not None and row.value != recorded:
        return f"value: {row.value!r} is not {row.card_id}'s {row.field} ({recorded!r})"
    return None


def fact_errors(
    cards: Sequence[CardRow],
    facts: Sequence[FactSourceRow],
    locations: Mapping[str, str] | None = None,
) -> list[str]:
    """Fact source rows that name no card, a printing the card lacks, or a value other than
    the card's; each error where the row is (``locations``: row key -> "file: row N")."""
    by_id = {c.id: c for c in cards}
    errors = []
    backed: set[tuple[str, str]] = set()
    for row in facts:
        problem = _fact_error(row, by_id.get(row.card_id))
        fact = (row.card_id, row.field if row.field != "sets" else f"sets {row.value}")
        if problem is None and fact in backed:
            problem = f"field: a second row for {row.card_id}'s {row.field}; one fact, one row"
        backed.add(fact)
        if problem is not None:
            where = (locations or {}).get(row.key) or f"facts: {row.card_id} {row.field}"
            errors.append(f"{where}: {problem}")
    return errors


def reference_errors(
    cards: Sequence[CardRow],
    aliases: Sequence[AliasRow],
    sets: Sequence[SetRow],
    raw: Raw,
    legality: Sequence[LegalityRow] = (),
    formats: Sequence[FormatRow] = (),
) -> list[str]:
    """Aliases and legality rows naming no card, cards naming no set, legality rows naming
    no format.

    ``raw`` holds the raw rows of tables that did not validate (table -> rows): their keys
    still count.
    """
    ids = {c.id for c in cards} | {_text(r.get("id")) for r in raw.get("cards", [])}
    codes = {s.code for s in sets} | {_text(r.get("code")) for r in raw.get("sets", [])}
    errors = _alias_errors(aliases, ids, raw) + _set_errors(cards, codes, raw)
    return errors + _legality_errors(legality, ids, {f.name for f in formats})
