"""How the cards a name may mean compare: the facts deck construction reads of them, where
they differ, and the one that records every fact the others do."""

from __future__ import annotations

from collections.abc import Callable

from hlcg.catalog import BOOL_FIELDS, INT_FIELDS, Card

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


# What a player calls each construction fact, for "they differ in ...".
_FACT_NAMES = {
    "hand_icons": "hand icons",
    "master_limit": "Master limit",
    "restriction": "restriction number",
    "unrestricted": "Unrestricted flag",
    "reserved": "Reserved flag",
    "signature": "Signature flag",
    "unique": "uniqueness",
    "gem_master": "Master gems",
}

# An ambiguous-card message stays about this short: the ids are what a player needs.
MESSAGE_LENGTH = 200
FACTS_SHOWN = 2


def _fact(field_name: str) -> str:
    if field_name in _FACT_NAMES:
        return _FACT_NAMES[field_name]
    if field_name.startswith("gem_"):
        return f"{field_name.removeprefix('gem_')} gems"
    return field_name


def _listed(items: list[str], more: int, noun: str, joiner: str) -> str:
    """ "a, b and c", "a, b or c", or "a, b and 3 more facts"."""
    if more:
        return f"{', '.join(items)} and {more} more {noun}{'s' if more > 1 else ''}"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def ambiguity(name: str, cards: list[Card], diffs: dict[str, list[object]]) -> str:
    """The ambiguous-card message: the candidates by name and id, as many as fit in about
    MESSAGE_LENGTH characters ("and N more"), and one clause saying what differs:
    "'Charm' could be 2 cards: Charm: Hugh Fitzcairn [charm-hugh-fitzcairn] or Charm:
    Kastagir [charm-kastagir]; they differ in subtitle"."""
    facts = [_fact(f) for f in diffs]
    shown = facts[:FACTS_SHOWN]
    differ = f"; they differ in {_listed(shown, len(facts) - len(shown), 'fact', 'and')}"
    named = [f"{card.name} [{card.id}]" for card in cards]

    def said(count: int) -> str:
        candidates = _listed(named[:count], len(named) - count, "card", "or")
        return f"{name!r} could be {len(cards)} cards: {candidates}{differ}"

    count = len(named)
    while count > 1 and len(said(count)) > MESSAGE_LENGTH:
        count -= 1
    return said(count)
