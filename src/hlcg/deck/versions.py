"""How the cards a name may mean compare: the facts deck construction reads of them, where
they differ, and the one that records every fact the others do."""

from __future__ import annotations

from collections.abc import Callable

from hlcg.catalog.card import Card
from hlcg.catalog.fields import BOOL_FIELDS, INT_FIELDS

# What deck construction reads of a card; candidates equal in all of these are one card to
# the rules.
CONSTRUCTION_FIELDS = (
    "type",
    "subtitle",
    *INT_FIELDS,
    *BOOL_FIELDS,
    "formats",
    "modifiers",
    "faction",
)


def narrow(candidates: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
    """Candidates passing ``keep``, or all of them when none would pass."""
    kept = [c for c in candidates if keep(c)]
    return kept or candidates


def differences(cards: list[Card]) -> dict[str, list[object]]:
    """Construction fields whose values differ between the cards."""
    diffs = {}
    for name in CONSTRUCTION_FIELDS:
        values = [getattr(c, name) for c in cards]
        if any(v != values[0] for v in values[1:]):
            diffs[name] = values
    return diffs


def _unknown(field_name: str, value: object) -> bool:
    """A fact the catalogue does not record: an empty number, type or list. A missing
    subtitle is a card without one, and a false flag is read as recorded (the contract
    cannot tell "not Reserved" from "not known")."""
    return field_name != "subtitle" and (value is None or value == ())


def fullest_record(cards: list[Card]) -> Card | None:
    """The card that agrees with every other on each construction fact both record and
    records every fact they do, or None."""
    for card in cards:
        if all(
            getattr(other, name) == getattr(card, name) or _unknown(name, getattr(other, name))
            for other in cards
            for name in CONSTRUCTION_FIELDS
        ):
            return card
    return None


def _show(value: object) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, tuple):
        return (
            "["
            + ",".join(str(v) if not isinstance(v, dict) else v.get("kind", "?") for v in value)
            + "]"
        )
    return str(value)


def described(cards: list[Card], diffs: dict[str, list[object]]) -> str:
    """The differences for a message: "type: a=persona, b=weapon-of-choice; ..."."""
    return "; ".join(
        f"{field_name}: "
        + ", ".join(f"{c.id}={_show(v)}" for c, v in zip(cards, values, strict=True))
        for field_name, values in diffs.items()
    )
