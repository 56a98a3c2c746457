"""Every rule, by name. The order here is the order problems are checked and listed."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hlcg.deck import AMBIGUOUS, UNKNOWN
from hlcg.rules import (
    ambiguous_card,
    basics,
    deck_size,
    deck_syntax,
    format_legality,
    gem_cap,
    generic_borrow,
    hand_icons,
    hunter_cards,
    inferred_fact,
    master_limit,
    persona_count,
    persona_specific,
    pregame_limit,
    pregame_unique,
    premium_persona,
    quickening_own_persona,
    reserved,
    restriction,
    signature,
    title_limit,
    unchecked,
    unknown_card,
    watcher_cards,
    watcher_hunter,
    weapon_specific,
)
from hlcg.rules.base import Rule

_MODULES = (
    deck_syntax,
    unknown_card,
    ambiguous_card,
    deck_size,
    basics,
    title_limit,
    restriction,
    persona_specific,
    reserved,
    signature,
    generic_borrow,
    master_limit,
    gem_cap,
    pregame_limit,
    pregame_unique,
    persona_count,
    quickening_own_persona,
    premium_persona,
    watcher_hunter,
    watcher_cards,
    hunter_cards,
    weapon_specific,
    hand_icons,
    format_legality,
    unchecked,
    inferred_fact,
)

RULES: dict[str, Rule] = {module.RULE.name: module.RULE for module in _MODULES}

BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES.values()}

# The rule of each kind of line the deck reader could not decide (``Unresolved.kind``).
RULE_OF_UNRESOLVED = {UNKNOWN: unknown_card.RULE.name, AMBIGUOUS: ambiguous_card.RULE.name}


def find(name_or_code: str) -> Rule | None:
    key = name_or_code.strip()
    return RULES.get(key.lower()) or BY_CODE.get(key.upper())


def selected(rule_name: str, code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """--select / --ignore by rule name or code prefix (HL2 selects HL201 ... HL206)."""

    def hits(patterns: Sequence[str]) -> bool:
        return any(p == rule_name or code.upper().startswith(p.upper()) for p in patterns)

    if select and not hits(select):
        return False
    return not hits(ignore)


def unmatched_selectors(patterns: Iterable[str]) -> list[str]:
    """--select/--ignore patterns that name no rule and are no prefix of any rule's code
    (`title-limit`, `HL2` and `hl201` match; `HL9` does not)."""
    return [
        p for p in patterns if p not in RULES and not any(c.startswith(p.upper()) for c in BY_CODE)
    ]
