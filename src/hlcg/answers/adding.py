"""One copy of a card added to a text deck, as the deck page's "add" button does: a count
raised on the card's own line, else a line after the last card of its section (pre-game
or Endurance); a persona becomes the deck's `Persona:` line."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hlcg.deck import ENDURANCE, PREGAME

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue
    from hlcg.deck import Deck, ResolvedDeck

HEADER_FOR = {PREGAME: "Pre-Game:", ENDURANCE: "Endurance:"}


class CannotAdd(ValueError):
    """The card cannot be added to this deck; the message says why."""


class Added(NamedTuple):
    text: str  # the whole deck, with the card added
    line: int  # the line that now holds the card (1-based)


def add_card(text: str, name: str, card: Card, catalogue: Catalogue, fmt: str | None) -> Added:
    """``text`` (a text deck named ``name``) with one more copy of ``card``, checked in
    ``fmt`` (None: the deck's own format)."""
    from hlcg.check import resolve_deck
    from hlcg.deck import parse_text, split_lines

    deck = parse_text(text, name)
    lines = split_lines(text)
    if card.type == "persona":
        at = _set_persona(lines, deck, card, name, catalogue, fmt)
    else:
        resolved = resolve_deck(deck, catalogue, fmt)
        section = PREGAME if card.is_pregame else ENDURANCE
        raised = _raise_count(lines, resolved, card, section)
        at = (
            raised
            if raised is not None
            else _add_line(lines, deck, resolved, card, section, catalogue)
        )
    return Added("\n".join(lines) + "\n", at)


def _set_persona(
    lines: list[str], deck: Deck, card: Card, name: str, catalogue: Catalogue, fmt: str | None
) -> int:
    if deck.persona_line:
        at = deck.persona_line
        del lines[at - 1]
    else:
        at = (deck.format_line or 0) + 1
    lines.insert(at - 1, persona_line(card, lines, at, name, catalogue, fmt))
    return at


def _raise_count(lines: list[str], resolved: ResolvedDeck, card: Card, section: str) -> int | None:
    """Raise the count on the card's last line in its section; None when it has none."""
    from hlcg.deck import MAX_COPIES

    same = [
        entry
        for dc in resolved.cards
        if dc.card.id == card.id and dc.section == section
        for entry in dc.entries
        if entry.line is not None
    ]
    if not same:
        return None
    entry = max(same, key=lambda e: e.line or 0)
    at = entry.line or 0
    if entry.count >= MAX_COPIES:
        raise CannotAdd(
            f"line {at}: {entry.count} {entry.name} is already the most a deck line "
            f"takes ({MAX_COPIES} copies)"
        )
    set_code = f" [{entry.set_code}]" if entry.set_code else ""
    lines[at - 1] = f"{entry.count + 1} {entry.name}{set_code}"
    return at


def _add_line(
    lines: list[str],
    deck: Deck,
    resolved: ResolvedDeck,
    card: Card,
    section: str,
    catalogue: Catalogue,
) -> int:
    """A new `1 NAME` line after the section's last card, or a new section at the end."""
    from hlcg.deck import Resolver, writable_name

    resolver = Resolver(catalogue, resolved.format)
    has_headers = any(e.section is not None for e in deck.entries)
    # Without headers the new line is read as a line before any header.
    read_as = section if has_headers or section != ENDURANCE else None
    new_line = f"1 {writable_name(card, read_as, resolver, resolved)}"
    in_section = [
        e.line
        for e in deck.entries
        if e.line is not None
        and (e.section == section or (not has_headers and section == ENDURANCE))
    ]
    if in_section:
        at = max(in_section) + 1
        lines.insert(at - 1, new_line)
        return at
    while lines and not lines[-1].strip():
        lines.pop()
    lines += ["", HEADER_FOR[section], new_line] if lines else [HEADER_FOR[section], new_line]
    return len(lines)


def persona_line(
    card: Card, lines: list[str], at: int, name: str, catalogue: Catalogue, fmt: str | None
) -> str:
    """The `Persona:` line a player writes for this version: the name alone when it
    means this version in this deck, else the name with a set code in brackets (as
    docs/deck-format.md allows), else the id. Each try is read back by the checker."""
    from hlcg.check import resolve_deck
    from hlcg.deck import parse_text

    tries = [card.name, *(f"{card.name} [{code}]" for code in card.sets), card.id]
    for written in tries:
        line = f"Persona: {written}"
        text = "\n".join([*lines[: at - 1], line, *lines[at - 1 :]]) + "\n"
        persona = resolve_deck(parse_text(text, name), catalogue, fmt).persona
        if persona is not None and persona.id == card.id:
            return line
    return f"Persona: {card.id}"
