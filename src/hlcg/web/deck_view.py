"""The page's list view of a deck: what the reader saw, line by line (`/api/check`'s
`lines`), with where each line's count is written, so the page's +/- rewrite it in the
line's own notation."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hlcg.deck import DeckCard, ResolvedDeck


def _utf16(text: str, index: int) -> int:
    """``index`` of a Python string as a JavaScript string counts it (UTF-16 units)."""
    return len(text[:index].encode("utf-16-le")) // 2


def count_places(resolved: ResolvedDeck, text: str | None) -> dict[int, list[int]]:
    """For each text line naming a card, where its count is written, as the page's +/-
    rewrites it: `[start, end]` of the digits in the line, or `[at, at]` where a count goes
    on a line that writes none (one copy). None of them for a deck that is not text."""
    from hlcg.deck import count_span, split_lines

    if text is None:
        return {}
    rows = split_lines(text)
    places: dict[int, list[int]] = {}
    for entry in (*resolved.deck.entries, *resolved.deck.sideboard):
        if entry.line is None or not 0 < entry.line <= len(rows) or entry.prose:
            continue
        raw = rows[entry.line - 1]
        start, end, _ = count_span(raw, entry)
        places[entry.line] = [_utf16(raw, start), _utf16(raw, end)]
    return places


def entry_lines(card: DeckCard) -> list[int]:
    """The numbers of the deck lines that name ``card``."""
    return [e.line for e in card.entries if e.line is not None]


def deck_lines(resolved: ResolvedDeck, text: str | None = None) -> list[dict[str, Any]]:
    """What the reader saw, for the page's list view: each card the deck lists (its id,
    name, type, copies, section and the lines naming it), each line naming no single card
    (the `Persona:` line's own section "persona" when it names no persona), the sideboard's
    lines, and a forum post's prose lines (section "prose", not read as cards). With the
    deck's ``text``, each line's `at` says where its count is written (count_places)."""
    places = count_places(resolved, text)

    def line(
        card: str | None,
        name: str,
        kind: str | None,
        count: int,
        section: str | None,
        first: int | None,
        numbers: list[int],
    ) -> dict[str, Any]:
        return {
            "card": card,
            "name": name,
            "type": kind,
            "count": count,
            "section": section,
            "line": first,
            "lines": numbers,
            "at": [places.get(n) for n in numbers],
        }

    persona_line = resolved.deck.persona_line
    lines = [
        line(c.card.id, c.name, c.card.type, c.count, c.section, c.line, entry_lines(c))
        for c in resolved.cards
    ]
    for u in resolved.unresolved:
        numbers = [u.line] if u.line is not None else []
        if u.line is not None and u.line == persona_line and not u.count:
            lines.append(line(None, u.name, None, 0, "persona", u.line, []))
        else:
            lines.append(line(None, u.name, None, u.count, u.section, u.line, numbers))
    for s in resolved.sideboard:
        numbers = [s.line] if s.line is not None else []
        lines.append(line(s.card_id, s.name, None, s.count, "sideboard", s.line, numbers))
    for entry in resolved.prose:
        lines.append(line(None, entry.name, None, 0, "prose", entry.line, []))
    return lines
