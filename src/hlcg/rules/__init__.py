"""Deck-construction rules: a module per theme of rules (counts, copies, personas, gems,
factions, legality, coverage), a registry, format profiles, the engine.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.rules.base import Rule as Rule
    from hlcg.rules.borrowing import CARD_MODIFIERS as CARD_MODIFIERS
    from hlcg.rules.borrowing import PERMISSIONS as PERMISSIONS
    from hlcg.rules.context import Context as Context
    from hlcg.rules.counts import BASICS as BASICS
    from hlcg.rules.counts import DECK_SIZE as DECK_SIZE
    from hlcg.rules.counts import HAND_ICONS as HAND_ICONS
    from hlcg.rules.counts import basic_cards as basic_cards
    from hlcg.rules.coverage import INFERRED_FACT as INFERRED_FACT
    from hlcg.rules.coverage import UNCHECKED as UNCHECKED
    from hlcg.rules.coverage import Coverage as Coverage
    from hlcg.rules.coverage import Gap as Gap
    from hlcg.rules.coverage import not_checked_line as not_checked_line
    from hlcg.rules.engine import DeckReport as DeckReport
    from hlcg.rules.engine import validate as validate
    from hlcg.rules.legality import FORMAT_LEGALITY as FORMAT_LEGALITY
    from hlcg.rules.legality import ILLEGAL as ILLEGAL
    from hlcg.rules.legality import LEGAL as LEGAL
    from hlcg.rules.legality import UNCONFIRMED as UNCONFIRMED
    from hlcg.rules.legality import today as today
    from hlcg.rules.limits import GEM_CAP as GEM_CAP
    from hlcg.rules.limits import RESTRICTION as RESTRICTION
    from hlcg.rules.limits import TITLE_LIMIT as TITLE_LIMIT
    from hlcg.rules.limits import gem_caps as gem_caps
    from hlcg.rules.personas import MASTER_LIMIT as MASTER_LIMIT
    from hlcg.rules.personas import PERSONA_SPECIFIC as PERSONA_SPECIFIC
    from hlcg.rules.personas import WEAPON_SPECIFIC as WEAPON_SPECIFIC
    from hlcg.rules.profiles import profile as profile
    from hlcg.rules.profiles import verdict_in as verdict_in
    from hlcg.rules.profiles import verdict_lines as verdict_lines
    from hlcg.rules.registry import DECK_SYNTAX as DECK_SYNTAX
    from hlcg.rules.registry import RULE_OF_UNRESOLVED as RULE_OF_UNRESOLVED
    from hlcg.rules.registry import RULES as RULES
    from hlcg.rules.registry import RULES_DOC as RULES_DOC
    from hlcg.rules.registry import find as find
    from hlcg.rules.registry import rule_anchor as rule_anchor
    from hlcg.rules.registry import rule_heading as rule_heading
    from hlcg.rules.registry import unmatched_selectors as unmatched_selectors

_DOOR = {
    # The rules other stages ask for by name (their settings, their problems): the rule
    # objects, so a rule's name is written once, here in rules/.
    "DECK_SYNTAX": "hlcg.rules.registry",
    "DECK_SIZE": "hlcg.rules.counts",
    "BASICS": "hlcg.rules.counts",
    "HAND_ICONS": "hlcg.rules.counts",
    "TITLE_LIMIT": "hlcg.rules.limits",
    "RESTRICTION": "hlcg.rules.limits",
    "GEM_CAP": "hlcg.rules.limits",
    "PERSONA_SPECIFIC": "hlcg.rules.personas",
    "MASTER_LIMIT": "hlcg.rules.personas",
    "WEAPON_SPECIFIC": "hlcg.rules.personas",
    "FORMAT_LEGALITY": "hlcg.rules.legality",
    "UNCHECKED": "hlcg.rules.coverage",
    "INFERRED_FACT": "hlcg.rules.coverage",
    "Rule": "hlcg.rules.base",
    "basic_cards": "hlcg.rules.counts",
    "Context": "hlcg.rules.context",
    "Coverage": "hlcg.rules.coverage",
    "Gap": "hlcg.rules.coverage",
    "not_checked_line": "hlcg.rules.coverage",
    "DeckReport": "hlcg.rules.engine",
    "validate": "hlcg.rules.engine",
    "gem_caps": "hlcg.rules.limits",
    "ILLEGAL": "hlcg.rules.legality",
    "LEGAL": "hlcg.rules.legality",
    "UNCONFIRMED": "hlcg.rules.legality",
    "today": "hlcg.rules.legality",
    "CARD_MODIFIERS": "hlcg.rules.borrowing",
    "PERMISSIONS": "hlcg.rules.borrowing",
    "profile": "hlcg.rules.profiles",
    "RULES": "hlcg.rules.registry",
    "RULES_DOC": "hlcg.rules.registry",
    "RULE_OF_UNRESOLVED": "hlcg.rules.registry",
    "find": "hlcg.rules.registry",
    "rule_anchor": "hlcg.rules.registry",
    "rule_heading": "hlcg.rules.registry",
    "unmatched_selectors": "hlcg.rules.registry",
    "verdict_in": "hlcg.rules.profiles",
    "verdict_lines": "hlcg.rules.profiles",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
