"""Fixes: the smallest change to a deck that makes its problems go away.

Each rule attaches edits to what it finds — remove N copies of a card, add N of another —
and this module applies them to the deck text: counts are lowered on the lines that name
the card, new cards are added after the last line of their section. Edits for the same
card from several rules are merged (the largest removal wins), and the deck is checked
again after each round, since one fix can reveal or settle another problem.

The deck keeps its shape: its line endings, the way a count is written (`3x`, `x3`), the
comments on edited lines; the marker comment is added once; the sideboard is never edited.
Where there is another way to settle a problem (adding the missing Weapon of Choice instead
of replacing the cards that need it), each plan is tried and the one leaving the fewest
errors with the fewest changed copies wins.
"""

from __future__ import annotations

import difflib
import re
from collections import defaultdict
from dataclasses import dataclass

from hlcg.catalog.lookup import Index
from hlcg.catalog.normalize import normalise
from hlcg.catalog.store import Catalogue
from hlcg.check import check_deck
from hlcg.deck.model import ENDURANCE, PREGAME, Deck, Entry
from hlcg.deck.resolve import DeckCard, ResolvedDeck, Resolver
from hlcg.deck.text import parse_text, split_lines
from hlcg.deck.writer import writable_name
from hlcg.rules.basics import basic_cards
from hlcg.rules.engine import DeckReport
from hlcg.rules.profiles import profile

MAX_ROUNDS = 4
MARKER = "# added by hlcg --fix"
# A count as players write it, not part of a name: "3", "3x", "x3", "(3)"; not the 9 of "9mm".
_COUNT = re.compile(r"(?<![A-WYZa-wyz0-9])(\d+)(?![0-9A-WYZa-wyz])")


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


def planned_edits(
    report: DeckReport, catalogue: Catalogue, skip_rules: tuple[str, ...] = ()
) -> tuple[dict[str, int], dict[str, int]]:
    """(card id -> copies to remove, card id -> copies to add) from the errors' edits."""
    removals: dict[str, int] = {}
    additions: defaultdict[str, int] = defaultdict(int)
    for problem in report.problems:
        if problem.severity != "error" or problem.rule in skip_rules:
            continue
        for action, card_id, copies in problem.edits:
            if action == "remove":
                removals[card_id] = max(removals.get(card_id, 0), copies)
            elif action == "add":
                additions[card_id] = max(additions[card_id], copies)
    if report.resolved is not None:
        _fill_deck_size(report, catalogue, additions)
    return removals, dict(additions)


def _fill_deck_size(
    report: DeckReport, catalogue: Catalogue, additions: defaultdict[str, int]
) -> None:
    """deck-size: add copies of the basic cards already in the deck, fewest first."""
    if not any(p.rule == "deck-size" and p.severity == "error" for p in report.problems):
        return
    assert report.resolved is not None
    setting = profile(report.format).settings
    minimum = setting["deck-size"].params["min"]
    per_title = setting["title-limit"].params["max"]
    missing = minimum - report.endurance - report.unrecognised - sum(additions.values())
    held = {dc.card.id: dc.count for dc in report.resolved.endurance}
    basics = [
        next((c.id for c in cards if c.id in held), cards[0].id)
        for _, cards in basic_cards(catalogue, setting["basics"].params["cards"])
        if cards
    ]
    if not basics:
        return
    counts = {card_id: held.get(card_id, 0) + additions.get(card_id, 0) for card_id in basics}
    while missing > 0:
        card_id = min(basics, key=lambda i: (counts[i], basics.index(i)))
        if counts[card_id] >= per_title:
            return
        counts[card_id] += 1
        additions[card_id] += 1
        missing -= 1


def weapon_plan(report: DeckReport, index: Index) -> tuple[dict[str, int], dict[str, int]] | None:
    """The edits with the missing Weapons of Choice added instead of replacing the cards
    that need them; None when no weapon-specific error has a weapon to add."""
    if report.resolved is None:
        return None
    cards = index.catalogue.cards
    weapons: dict[str, str] = {}
    for problem in report.problems:
        if problem.rule != "weapon-specific" or problem.severity != "error":
            continue
        for card_id in problem.cards:
            subtitle = cards[card_id].subtitle if card_id in cards else None
            found = sorted(
                c.id
                for c in cards.values()
                if subtitle
                and c.type == "weapon-of-choice"
                and normalise(c.title) == normalise(subtitle)
                and c.legal_in(report.format)
            )
            if found:
                weapons[found[0]] = found[0]
    if not weapons:
        return None
    removals, additions = planned_edits(report, index.catalogue, skip_rules=("weapon-specific",))
    for weapon_id in weapons:
        additions[weapon_id] = max(additions.get(weapon_id, 0), 1)
    return removals, additions


def _entry_line(count: int, name: str, set_code: str | None) -> str:
    return f"{count} {name}" + (f" [{set_code}]" if set_code else "")


def _comment(raw: str) -> str:
    """The comment at the end of a deck line (with the spacing before it), or ""."""
    at = min(
        (i for i in (raw.find(" #"), raw.find(" //"), raw.find("\t#"), raw.find("\t//")) if i >= 0),
        default=-1,
    )
    return raw[at:] if at >= 0 else ""


def _recount(raw: str, entry: Entry, remaining: int) -> str:
    """The line with its count changed where it is written, comment and style kept."""
    body = raw[: len(raw) - len(_comment(raw))]
    for match in _COUNT.finditer(body):
        if int(match.group(1)) == entry.count:
            return raw[: match.start(1)] + str(remaining) + raw[match.end(1) :]
    return _entry_line(remaining, entry.name, entry.set_code) + _comment(raw)


def apply_edits(
    text: str,
    resolved: ResolvedDeck,
    index: Index,
    removals: dict[str, int],
    additions: dict[str, int],
) -> tuple[str, list[str]]:
    """The deck text with the edits applied, and a description of each edit."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = split_lines(text)
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
            raw = lines[entry.line - 1]
            replaced[entry.line] = _recount(raw, entry, remaining) if remaining else None
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
    return newline.join(out) + newline, applied


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
        block = new if MARKER in lines else [MARKER, *new]
        if lines_in_section:
            at = max(lines_in_section)
            lines = lines[:at] + block + lines[at:]
        else:
            header = "Pre-Game:" if section == PREGAME else "Endurance:"
            lines = [*lines, "", header, *block]
    return lines


def fix_text(text: str, deck: Deck, index: Index, requested_format: str | None = None) -> FixResult:
    """Apply fixes round by round until no error has an edit left (or nothing changes);
    of several plans in a round, keep the one leaving the fewest errors, then the one
    changing the fewest copies."""
    original = text
    applied: list[str] = []
    report = check_deck(deck, index, requested_format)
    for _ in range(MAX_ROUNDS):
        if report.resolved is None:
            break
        plans = [planned_edits(report, index.catalogue), weapon_plan(report, index)]
        best: tuple[tuple[int, int], str, list[str], DeckReport] | None = None
        for plan in plans:
            if plan is None or not any(plan):
                continue
            removals, additions = plan
            new_text, done = apply_edits(text, report.resolved, index, removals, additions)
            if new_text == text:
                continue
            checked = check_deck(parse_text(new_text, deck.path), index, requested_format)
            cost = (checked.errors, sum(removals.values()) + sum(additions.values()))
            if best is None or cost < best[0]:
                best = (cost, new_text, done, checked)
        if best is None:
            break
        _, text, done, report = best
        applied += done
    return FixResult(original, text, report, applied)
