"""Fixes: the smallest change to a deck that makes its problems go away.

Each rule attaches edits to what it finds — remove N copies of a card, add N of another —
and this module applies them to the deck text: counts are lowered on the lines that name
the card, new cards are added after the last line of their section. Edits for the same
card from several rules are merged (the largest removal wins), and the deck is checked
again after each round, since one fix can reveal or settle another problem.
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from dataclasses import dataclass

from hlcg.catalog.lookup import Index
from hlcg.check import check_deck
from hlcg.deck.model import ENDURANCE, PREGAME, Deck
from hlcg.deck.resolve import DeckCard, ResolvedDeck, Resolver
from hlcg.deck.text import parse_text
from hlcg.deck.writer import writable_name
from hlcg.rules.basics import BASICS
from hlcg.rules.engine import DeckReport

MAX_ROUNDS = 4


@dataclass
class FixResult:
    original: str
    fixed: str
    report: DeckReport  # the fixed deck, checked again
    applied: list[str]  # what was changed, one line per edit

    @property
    def changed(self) -> bool:
        return self.original != self.fixed

    def diff(self, before: str, after: str) -> str:
        return "".join(
            difflib.unified_diff(
                self.original.splitlines(keepends=True),
                self.fixed.splitlines(keepends=True),
                fromfile=before,
                tofile=after,
            )
        )


def planned_edits(report: DeckReport) -> tuple[dict[str, int], dict[str, int]]:
    """(card id -> copies to remove, card id -> copies to add) from the errors' edits."""
    removals: dict[str, int] = {}
    additions: defaultdict[str, int] = defaultdict(int)
    for problem in report.problems:
        if problem.severity != "error":
            continue
        for action, card_id, copies in problem.edits:
            if action == "remove":
                removals[card_id] = max(removals.get(card_id, 0), copies)
            elif action == "add":
                additions[card_id] = max(additions[card_id], copies)
    if report.resolved is not None:
        _fill_deck_size(report, additions)
    return removals, dict(additions)


def _fill_deck_size(report: DeckReport, additions: defaultdict[str, int]) -> None:
    """deck-size: add copies of the basic cards already in the deck, fewest first."""
    if not any(p.rule == "deck-size" and p.severity == "error" for p in report.problems):
        return
    assert report.resolved is not None
    missing = 50 - report.endurance - report.unrecognised - sum(additions.values())
    counts = {dc.card.id: dc.count for dc in report.resolved.endurance if dc.card.id in BASICS}
    for card_id in BASICS:
        counts[card_id] = counts.get(card_id, 0) + additions.get(card_id, 0)
    while missing > 0:
        card_id = min(BASICS, key=lambda i: (counts[i], BASICS.index(i)))
        if counts[card_id] >= 6:
            return
        counts[card_id] += 1
        additions[card_id] += 1
        missing -= 1


def _entry_line(count: int, name: str, set_code: str | None) -> str:
    return f"{count} {name}" + (f" [{set_code}]" if set_code else "")


def apply_edits(
    text: str,
    resolved: ResolvedDeck,
    index: Index,
    removals: dict[str, int],
    additions: dict[str, int],
) -> tuple[str, list[str]]:
    """The deck text with the edits applied, and a description of each edit."""
    lines = text.splitlines()
    applied: list[str] = []
    by_id: dict[str, DeckCard] = {dc.card.id: dc for dc in resolved.cards}
    replaced: dict[int, str | None] = {}
    for card_id, copies in removals.items():
        deck_card = by_id.get(card_id)
        if deck_card is None:
            continue
        left = copies
        for entry in sorted(deck_card.entries, key=lambda e: e.line or 0, reverse=True):
            if left <= 0 or entry.line is None:
                continue
            taken = min(left, entry.count)
            left -= taken
            remaining = entry.count - taken
            replaced[entry.line] = (
                _entry_line(remaining, entry.name, entry.set_code) if remaining else None
            )
        applied.append(f"removed {copies - left} {deck_card.card.name}")
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        if number in replaced:
            if replaced[number] is not None:
                out.append(replaced[number] or "")
            continue
        out.append(line)
    if additions:
        out = _insert_additions(out, resolved, index, additions, applied)
    return "\n".join(out) + "\n", applied


def _insert_additions(
    lines: list[str],
    resolved: ResolvedDeck,
    index: Index,
    additions: dict[str, int],
    applied: list[str],
) -> list[str]:
    resolver = Resolver(index, resolved.format)
    persona = resolved.persona_names
    new_by_section: dict[str, list[str]] = {ENDURANCE: [], PREGAME: []}
    for card_id, copies in additions.items():
        card = index.catalogue.cards[card_id]
        section = PREGAME if card.is_pregame else ENDURANCE
        name = writable_name(card, section, resolver, persona)
        new_by_section[section].append(_entry_line(copies, name, None))
        applied.append(f"added {copies} {card.name}")
    for section in (ENDURANCE, PREGAME):
        new = new_by_section[section]
        if not new:
            continue
        # Parsed again for each section: an insertion moves the lines below it.
        text_deck = parse_text("\n".join(lines))
        has_headers = any(e.section is not None for e in text_deck.entries)
        lines_in_section = [
            e.line for e in text_deck.entries if e.section == section and e.line is not None
        ]
        if section == ENDURANCE and not has_headers:
            lines_in_section = [e.line for e in text_deck.entries if e.line is not None]
        block = ["# added by hlcg --fix", *new]
        if lines_in_section:
            at = max(lines_in_section)
            lines = lines[:at] + block + lines[at:]
        else:
            header = "Pre-Game:" if section == PREGAME else "Endurance:"
            lines = [*lines, "", header, *block]
    return lines


def fix_text(text: str, deck: Deck, index: Index, requested_format: str | None = None) -> FixResult:
    """Apply fixes round by round until no error has an edit left (or nothing changes)."""
    original = text
    applied: list[str] = []
    report = check_deck(deck, index, requested_format)
    for _ in range(MAX_ROUNDS):
        removals, additions = planned_edits(report)
        if not removals and not additions or report.resolved is None:
            break
        new_text, done = apply_edits(text, report.resolved, index, removals, additions)
        if new_text == text:
            break
        text = new_text
        applied += done
        report = check_deck(parse_text(text, deck.path), index, requested_format)
    return FixResult(original, text, report, applied)
