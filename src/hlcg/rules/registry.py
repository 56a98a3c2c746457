"""Every rule, by name. The order here is the order problems are checked and listed."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from hlcg.deck import AMBIGUOUS, UNKNOWN, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules import counts, coverage, factions, legality, limits, personas
from hlcg.rules.base import Rule

if TYPE_CHECKING:
    from hlcg.rules.context import Context


# The rules whose problems the deck reader finds (``Unresolved.kind``, unreadable lines):
# they have no check of their own, only their documentation.


def check_deck_syntax(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterable[Finding]:
    """deck-syntax (HL001): every deck line must be readable.

    A line that is not a comment, a blank, a header (`Pre-Game:`, `Endurance:`, `Deck:`,
    `Persona:`, `Format:`) or an entry `COUNT NAME` is reported with its line number; the
    other lines are still checked. Also reported: counts that are not whole numbers from 1 to
    999, unknown section headers, a second `Persona:` or `Format:` line, a file that is not
    UTF-8 (a warning), pre-game cards listed under `Endurance:` and in-game cards under
    `Pre-Game:` (warnings), and set codes that match no printing (one warning per deck).

    Unknown facts: none; it reads the deck's text, not the catalogue's facts.

    Source: the deck file format of hlcg (docs/deck-format.md).

    Failing example:

        0 Thrust
        Sidebaord:

    (a count of 0, and a misspelt header; a card group's own header, such as `Specials:`,
    is read as a group and not reported)

    Fix: write each card as `COUNT NAME`, under `Pre-Game:`, `Endurance:` or `Sideboard:`.

    Options: none; a format profile sets only its severity.
    """
    return ()  # its problems come from reading the deck


DECK_SYNTAX = Rule("HL001", "deck-syntax", "Every deck line can be read", check_deck_syntax)


def check_unknown_card(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterable[Finding]:
    """unknown-card (HL002): every name must be a card of the catalogue.

    A name that matches no id, title, "Title: Subtitle", alias or normalised form is reported
    with its line number and the closest names as did-you-mean suggestions. A set code that
    no version of the card was printed in is reported here too.

    Unknown facts: a name the catalogue does not hold is this error, never a guess at a card;
    its copies still count toward the Endurance (`deck-size`), and no other rule counts them.

    Source: the catalogue (`hlcg card NAME` finds cards despite typos).

    Failing example: `3 Uper Left Atack`

    Fix: use one of the suggested names, or look the card up with `hlcg card`.

    Options: none; a format profile sets only its severity.
    """
    return ()  # its problems come from reading the deck


UNKNOWN_CARD = Rule(
    "HL002", "unknown-card", "Every card name is in the catalogue", check_unknown_card
)


def check_ambiguous_card(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterable[Finding]:
    """ambiguous-card (HL003): a name must point at one card.

    When a name is shared by several cards and the section, the persona's own version and the
    format do not decide between them, and the remaining cards differ in something deck
    construction reads (type, subtitle, restriction, flags, gems, legality, modifiers), the
    line is ambiguous. The message lists the candidates by name and id (as many as fit in
    about 200 characters; the problem's cards hold every id) and says in one clause what differs.

    Versions that differ only in text (Grayson's three Business as Usual) or only in subtitles
    that name no persona, weapon or faction (Security Guard: Object and Security Guard:
    Situation) are not ambiguous: no rule tells them apart, so a line naming their title may
    mean any of them, and `restriction` pools its copies over them (a note when the verdict
    depends on the split).

    Unknown facts: a fact not recorded on one candidate and recorded on another is a
    difference like any other. The line's copies count toward the Endurance (`deck-size`); no
    other rule counts them until the line names one card.

    Source: seed 000 (Deck Construction, Restricted Cards): several cards may share a title with
    different texts; each text is its own card.

    Failing example: `Persona: Connor MacLeod` in a deck whose format prefers neither version.

    Fix: name the card by its id (`hlcg card NAME` lists them), e.g. `connor-macleod-se`.

    Options: none; a format profile sets only its severity.
    """
    return ()  # its problems come from reading the deck


AMBIGUOUS_CARD = Rule(
    "HL003", "ambiguous-card", "Every name points at one card", check_ambiguous_card
)


_ORDER = (
    DECK_SYNTAX,
    UNKNOWN_CARD,
    AMBIGUOUS_CARD,
    counts.DECK_SIZE,
    counts.BASICS,
    limits.TITLE_LIMIT,
    limits.RESTRICTION,
    personas.PERSONA_SPECIFIC,
    personas.RESERVED,
    personas.SIGNATURE,
    personas.GENERIC_BORROW,
    personas.MASTER_LIMIT,
    limits.GEM_CAP,
    counts.PREGAME_LIMIT,
    counts.PREGAME_UNIQUE,
    counts.PERSONA_COUNT,
    personas.QUICKENING_OWN_PERSONA,
    personas.PREMIUM_PERSONA,
    factions.WATCHER_HUNTER,
    factions.WATCHER_CARDS,
    factions.HUNTER_CARDS,
    personas.WEAPON_SPECIFIC,
    counts.HAND_ICONS,
    legality.FORMAT_LEGALITY,
    coverage.UNCHECKED,
    coverage.INFERRED_FACT,
)

RULES: dict[str, Rule] = {rule.name: rule for rule in _ORDER}

BY_CODE: dict[str, Rule] = {rule.code: rule for rule in RULES.values()}

# The rule of each kind of line the deck reader could not decide (``Unresolved.kind``).
RULE_OF_UNRESOLVED = {UNKNOWN: UNKNOWN_CARD.name, AMBIGUOUS: AMBIGUOUS_CARD.name}


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


# Where every rule is documented under a heading of its own, generated from this registry
# (hlcg.rulesdoc): the address a SARIF report's `helpUri` gives each rule.
RULES_DOC = "docs/rules.md"


def rule_heading(rule: Rule) -> str:
    """A rule's heading in docs/rules.md: "HL103 title-limit"."""
    return f"{rule.code} {rule.name}"


def rule_anchor(rule: Rule) -> str:
    """The anchor GitHub makes from a rule's heading ("hl103-title-limit"): lower case,
    what is neither a letter, a digit, a space, `-` nor `_` dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", rule_heading(rule).lower()).replace(" ", "-")
