"""Editing deck text: lower the counts on the lines that name a card, add new cards after
the last line of their section.

The deck keeps its shape: its line endings, the way a count is written (`3x`, `x3`), the
comments on edited lines; the marker comment is added once; the sideboard is never edited.
"""

from __future__ import annotations

import re

from hlcg.catalog import Card, Catalogue
from hlcg.deck.lines import list_mark, remark_start, split_lines
from hlcg.deck.model import ENDURANCE, PREGAME, DeckCard, Entry, ResolvedDeck
from hlcg.deck.narrowing import Resolver
from hlcg.deck.text import parse_text
from hlcg.deck.writer import writable_name

MARKER = "# added by hlcg --fix"
# A count as players write it, not part of a name: "3", "3x", "x3", "(3)"; not the 9 of "9mm".
_COUNT = re.compile(r"(?<![A-WYZa-wyz0-9])([0-9]+)(?![0-9A-WYZa-wyz])")


def _entry_line(count: int, name: str, set_code: str | None) -> str:
    return f"{count} {name}" + (f" [{set_code}]" if set_code else "")


def _comment(raw: str) -> str:
    """The comment at the end of a deck line (with the spacing before it), or ""."""
    at = min(
        (i for i in (raw.find(" #"), raw.find(" //"), raw.find("\t#"), raw.find("\t//")) if i >= 0),
        default=-1,
    )
    return raw[at:] if at >= 0 else ""


def count_span(raw: str, entry: Entry) -> tuple[int, int, bool]:
    """Where the line ``raw`` writes ``entry``'s count: (start, end, True) for its digits
    (`3x`, `x3`, `(3)`, `: 3`; the 1 of a `1.` list mark and any number in a remark left
    alone), else (where a count would go, the same, False): after the list mark, before
    the name, for a line that writes none (one copy)."""
    body = raw[: len(raw) - len(_comment(raw))]
    start = len(body) - len(body.lstrip())
    marked = list_mark(body[start:])
    if marked is not None:
        start = len(body) - len(marked[1])
    end = start + remark_start(body[start:], entry.remark) if entry.remark else len(body)
    for match in _COUNT.finditer(body, start, end):
        if match.group(1).lstrip("0") == str(entry.count):  # no int() of a 4,300-digit run
            return match.start(1), match.end(1), True
    return start, start, False


def _recount(raw: str, entry: Entry, remaining: int) -> str:
    """The line with its count changed where it is written, comment and style kept: its
    list mark and remarks too (`1. Dodge 2 -- vs thrusts` becomes `1. Dodge 1 -- vs
    thrusts`)."""
    start, end, written = count_span(raw, entry)
    if written:
        return raw[:start] + str(remaining) + raw[end:]
    body = raw[: len(raw) - len(_comment(raw))]
    end = start + remark_start(body[start:], entry.remark) if entry.remark else len(body)
    kept = " " + body[end:].strip() if end < len(body) else ""
    return _entry_line(remaining, entry.name, entry.set_code) + kept + _comment(raw)


def apply_edits(
    text: str,
    resolved: ResolvedDeck,
    catalogue: Catalogue,
    removals: dict[str, int],
    additions: dict[str, int],
) -> tuple[str, list[str]]:
    """The deck text with the edits applied, and a description of each edit."""
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = split_lines(text)
    applied: list[str] = []
    by_id: dict[str, DeckCard] = {dc.card.id: dc for dc in resolved.cards}
    replaced: dict[int, str | None] = {}
    removals, additions = _swap_persona(lines, resolved, catalogue, removals, additions, applied)
    for card_id, copies in removals.items():
        deck_card = by_id.get(card_id)
        if deck_card is not None:
            _lower(lines, deck_card, copies, replaced, applied)
    out: list[str] = []
    for number, line in enumerate(lines, start=1):
        if number in replaced:
            if replaced[number] is not None:
                out.append(replaced[number] or "")
            continue
        out.append(line)
    if additions:
        out = _insert_additions(out, resolved, catalogue, additions, applied)
    return newline.join(out) + newline, applied


def _lower(
    lines: list[str],
    deck_card: DeckCard,
    copies: int,
    replaced: dict[int, str | None],
    applied: list[str],
) -> None:
    """Take ``copies`` off the lines naming the card, the last lines first."""
    left = copies
    for entry in sorted(deck_card.entries, key=lambda e: e.line or 0, reverse=True):
        if left <= 0 or entry.line is None:
            continue
        taken = min(left, entry.count)
        left -= taken
        remaining = entry.count - taken
        raw = lines[entry.line - 1]
        replaced[entry.line] = _recount(raw, entry, remaining) if remaining else None
    if copies > left:  # a card named only by the Persona: line has no line to lower
        applied.append(f"removed {copies - left} {deck_card.card.name}")


def _swap_persona(
    lines: list[str],
    resolved: ResolvedDeck,
    catalogue: Catalogue,
    removals: dict[str, int],
    additions: dict[str, int],
    applied: list[str],
) -> tuple[dict[str, int], dict[str, int]]:
    """A removal of the deck's persona with an addition of another persona is one edit:
    the `Persona:` line names the new one. Returns the edits left."""
    persona, number = resolved.persona, resolved.deck.persona_line
    if persona is None or number is None or persona.id not in removals:
        return removals, additions
    cards = catalogue.cards
    new = next((i for i in additions if i in cards and cards[i].type == "persona"), None)
    if new is None:
        return removals, additions
    raw = lines[number - 1]
    name = _persona_name(cards[new], resolved, catalogue)
    lines[number - 1] = raw[: raw.index(":") + 1] + f" {name}" + _comment(raw)
    applied.append(f"changed Persona: {persona.name} [{persona.id}] to {cards[new].name} [{new}]")
    rest = {k: v for k, v in removals.items() if k != persona.id}
    return rest, {k: v for k, v in additions.items() if k != new}


def _persona_name(persona: Card, resolved: ResolvedDeck, catalogue: Catalogue) -> str:
    """How a `Persona:` line names a persona --fix puts there: as the player wrote the
    persona when that name means the new one (another printing of the same Immortal), else
    by its printed name or title when that means it, its id only when no name does."""
    from hlcg.deck.persona import find_persona

    resolver = Resolver(catalogue, resolved.format)
    written = resolved.deck.persona
    for name in (written, persona.name, persona.title):
        if name and _names(find_persona(resolver, name, None), persona):
            return name
    return persona.id


def _names(found: object, persona: Card) -> bool:
    return isinstance(found, Card) and found.id == persona.id


def _insert_additions(
    lines: list[str],
    resolved: ResolvedDeck,
    catalogue: Catalogue,
    additions: dict[str, int],
    applied: list[str],
) -> list[str]:
    resolver = Resolver(catalogue, resolved.format)
    # Without headers an Endurance addition is read as a line before any header.
    flat = not any(e.section is not None for e in resolved.deck.entries)
    new_by_section: dict[str, list[str]] = {ENDURANCE: [], PREGAME: []}
    for card_id, copies in additions.items():
        card = catalogue.cards[card_id]
        section = PREGAME if card.is_pregame else ENDURANCE
        read_as = None if flat and section == ENDURANCE else section
        name = writable_name(card, read_as, resolver, resolved)
        new_by_section[section].append(_entry_line(copies, name, None))
        applied.append(f"added {copies} {card.name}")
    for section in (ENDURANCE, PREGAME):
        new = new_by_section[section]
        if not new:
            continue
        block = new if MARKER in lines else [MARKER, *new]
        lines_in_section = _lines_in(lines, section)
        if lines_in_section:
            at = max(lines_in_section)
            lines = lines[:at] + block + lines[at:]
        else:
            header = "Pre-Game:" if section == PREGAME else "Endurance:"
            lines = [*lines, "", header, *block]
    return lines


def _lines_in(lines: list[str], section: str) -> list[int]:
    """The numbers of the card lines in a section; in a deck without headers every card
    line is an Endurance line. Parsed again each time: an insertion moves the lines."""
    entries = parse_text("\n".join(lines)).entries
    has_headers = any(e.section is not None for e in entries)
    if section == ENDURANCE and not has_headers:
        return [e.line for e in entries if e.line is not None]
    return [e.line for e in entries if e.section == section and e.line is not None]
