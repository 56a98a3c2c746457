"""What a deck's check covered: the checks that finished, and those that could not for
want of a fact (``Coverage``), for the report's two lines "checked: ..." and "not checked
(facts missing): ..." and the JSON report's ``coverage``.

Each data gap is an `unchecked` note that names its cards; a report lists those notes in
full only when asked (`--select unchecked`), so a legal deck with gaps reads in a few lines
and still says what it could not check and why. The gaps are grouped by the fact missing,
so three rules missing the same cards' types are one gap.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from hlcg.catalog import Catalogue, format_title
from hlcg.deck import ResolvedDeck
from hlcg.problems import Problem
from hlcg.stdin import STDIN_NAME, is_stdin
from hlcg.wording import plural

# The checks a report names, each by the rules behind it, in the order they are listed. The
# reading rules (deck-syntax, unknown-card, ambiguous-card) and the notes are not checks of
# the deck's construction: their problems speak for themselves.
CHECKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("size", ("deck-size",)),
    ("basics", ("basics",)),
    ("titles", ("title-limit",)),
    ("restriction numbers", ("restriction",)),
    ("persona cards", ("persona-specific", "reserved", "signature", "generic-borrow")),
    ("Master limit", ("master-limit",)),
    ("gem caps", ("gem-cap",)),
    (
        "pre-game",
        (
            "pregame-limit",
            "pregame-unique",
            "persona-count",
            "quickening-own-persona",
            "premium-persona",
            "watcher-hunter",
        ),
    ),
    ("Watcher and Hunter cards", ("watcher-cards", "hunter-cards")),
    ("weapons", ("weapon-specific", "hand-icons")),
    ("legality", ("format-legality",)),
)

# The fact each rule's data gaps lack, by rule (the key the JSON report writes).
_FACT_OF_RULE = {
    "restriction": "restriction",
    "gem-cap": "gems",
    "master-limit": "master-limit",
    "format-legality": "legality",
    "hand-icons": "hand-icons",
    "basics": "basic-cards",
    "generic-borrow": "permission",
    "deck-size": "type",
    "pregame-limit": "type",
    "watcher-hunter": "type",
    "watcher-cards": "type",
    "hunter-cards": "type",
    "pregame-unique": "uniqueness",
}
_FACT_ORDER = (
    "persona-gems",
    "gems",
    "master-limit",
    "restriction",
    "hand-icons",
    "type",
    "uniqueness",
    "legality",
    "basic-cards",
    "permission",
)


class Gap(NamedTuple):
    """One fact missing: its key, the rules it kept from finishing, the cards it concerns
    (card ids, as the `unchecked` notes name them) and how the report says it."""

    fact: str
    rules: tuple[str, ...]
    cards: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "rules": list(self.rules),
            "cards": list(self.cards),
            "text": self.text,
        }


class Coverage(NamedTuple):
    """What a check covered (``checked``, by ``CHECKS``' names), the facts it lacked
    (``not_checked``) and the command that records them (``fill``, None without gaps)."""

    checked: tuple[str, ...] = ()
    not_checked: tuple[Gap, ...] = ()
    fill: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": list(self.checked),
            "not_checked": [gap.to_json() for gap in self.not_checked],
            "fill": self.fill,
        }


def fill_command(path: str) -> str:
    """The command that asks for a deck's missing facts, with its path as a shell takes it
    (a deck read from standard input has none: DECK)."""
    piped = path == STDIN_NAME or is_stdin(path)
    return f"hlcg db fill {'DECK' if piped else _shell_quoted(path)}"


def _shell_quoted(path: str) -> str:
    """``path`` as a shell takes it; a name with bytes that are not UTF-8 (or control
    characters) as bash's $'...', each such byte \\xNN: it pastes back to the same bytes."""
    if path.isprintable():  # a lone surrogate (such a byte) or a control character is not
        return shlex.quote(path)
    escaped = "".join(
        chr(b) if 0x20 <= b < 0x7F and chr(b) not in "\\'" else f"\\x{b:02x}"
        for b in os.fsencode(path)
    )
    return f"$'{escaped}'"


def coverage(
    deck: ResolvedDeck,
    catalogue: Catalogue,
    ran: Iterable[str],
    incomplete: Iterable[str],
    gaps: Sequence[tuple[str, Problem]],
) -> Coverage:
    """The coverage of a check of ``deck``: the rules that ran whole (``ran``), those that
    could not finish (``incomplete``) and the `unchecked` problems the report holds, each
    with the rule that could not finish (``gaps``)."""
    ran, incomplete = set(ran), set(incomplete)
    checked = tuple(
        _check_name(name, deck.format)
        for name, rules in CHECKS
        if ran & set(rules) and not incomplete & set(rules)
    )
    grouped: dict[str, tuple[list[str], dict[str, None]]] = {}
    for rule, problem in gaps:
        rules, cards = grouped.setdefault(_fact_missing(rule, problem, deck, catalogue), ([], {}))
        if rule not in rules:
            rules.append(rule)
        cards.update(dict.fromkeys(problem.cards))
    order = {fact: n for n, fact in enumerate(_FACT_ORDER)}
    not_checked = tuple(
        Gap(fact, tuple(rules), tuple(cards), _gap_text(fact, len(cards), deck.format))
        for fact, (rules, cards) in sorted(grouped.items(), key=lambda i: order.get(i[0], 99))
    )
    return Coverage(checked, not_checked, fill_command(deck.path) if gaps else None)


def _fact_missing(rule: str, gap: Problem, deck: ResolvedDeck, catalogue: Catalogue) -> str:
    """The fact whose want made ``rule`` report the data gap ``gap``."""
    if rule == "gem-cap" and deck.persona is not None and gap.cards == (deck.persona.id,):
        return "persona-gems"  # the persona's own values: its caps
    if rule == "pregame-unique" and any(
        card_id in catalogue.cards and catalogue.cards[card_id].type is None
        for card_id in gap.cards
    ):
        return "type"  # copies under Pre-Game of a card whose type is not recorded
    return _FACT_OF_RULE.get(rule, "other")


def _check_name(name: str, fmt: str) -> str:
    return f"{format_title(fmt)} legality" if name == "legality" else name


def _gap_text(fact: str, cards: int, fmt: str) -> str:
    """How the not-checked line names a missing fact and how many cards lack it."""
    texts = {
        "persona-gems": "gem caps (persona)",
        "gems": f"gem caps ({plural(cards, 'card')})",
        "master-limit": "Master limit (persona)",
        "restriction": plural(cards, "restriction number"),
        "hand-icons": f"hand icons of {plural(cards, 'card')}",
        "type": f"card types of {plural(cards, 'card')}",
        "uniqueness": f"uniqueness of {plural(cards, 'pre-game card')}",
        "legality": f"{format_title(fmt)} legality of {plural(cards, 'card')}",
        "basic-cards": f"basics ({plural(cards, 'card')} not in the catalogue)",
        "permission": f"the Generic Immortal permission in {format_title(fmt)}",
    }
    return texts.get(fact, plural(cards, "card"))


def not_checked_line(coverage: Coverage) -> str:
    """The not-checked line's list: "gem caps (23 cards), 9 restriction numbers"; the
    persona's gem values and the cards' gem counts said as one, "gem caps (persona, 16
    cards)"."""
    texts = {gap.fact: gap.text for gap in coverage.not_checked}
    gems = next((gap for gap in coverage.not_checked if gap.fact == "gems"), None)
    if "persona-gems" in texts and gems is not None:
        texts["persona-gems"] = f"gem caps (persona, {plural(len(gems.cards), 'card')})"
        del texts["gems"]
    return ", ".join(texts.values())
