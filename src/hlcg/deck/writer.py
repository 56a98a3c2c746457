"""Write a resolved deck as text, JSON, LackeyCCG `.dek` or OCTGN `.o8d`.

Cards are written by their printed name ("Master's Block: Ramirez") when that name resolves
back to the same card in the same section, format and persona, else by their id, so that
reading a written deck gives the same cards (and the same fingerprint).
"""

from __future__ import annotations

import json
from collections.abc import Set as AbstractSet

from hlcg.catalog.card import Card
from hlcg.catalog.lookup import Index
from hlcg.deck.model import ENDURANCE, PREGAME, Entry
from hlcg.deck.resolve import ResolvedDeck, Resolver
from hlcg.errors import UsageError

WRITE_SUFFIXES = (".txt", ".deck", ".json", ".dek", ".o8d")


def writable_name(card: Card, section: str, resolver: Resolver, persona: AbstractSet[str]) -> str:
    """The card's printed name if it resolves back to this card, else its id."""
    back = resolver.entry(Entry(card.name, 1, None, section), persona)
    return card.name if isinstance(back, Card) and back.id == card.id else card.id


def sections(resolved: ResolvedDeck, index: Index) -> dict[str, list[tuple[str, str, int]]]:
    """{section: [(card id, name to write, count)]}, the persona first in the pre-game."""
    resolver = Resolver(index, resolved.format)
    persona = resolved.persona_names
    out: dict[str, list[tuple[str, str, int]]] = {PREGAME: [], ENDURANCE: []}
    ordered = sorted(
        resolved.cards, key=lambda dc: (dc.card.type != "persona", dc.line or 0, dc.card.id)
    )
    for dc in ordered:
        name = writable_name(dc.card, dc.section, resolver, persona)
        out[dc.section].append((dc.card.id, name, dc.count))
    return out


def as_text(resolved: ResolvedDeck, index: Index) -> str:
    out = [f"Format: {resolved.format}"]
    for section, header in ((PREGAME, "Pre-Game:"), (ENDURANCE, "Endurance:")):
        cards = sections(resolved, index)[section]
        if cards:
            out += ["", header, *(f"{count} {name}" for _, name, count in cards)]
    return "\n".join(out) + "\n"


def as_json(resolved: ResolvedDeck, index: Index) -> str:
    parts = sections(resolved, index)
    data = {
        "format": resolved.format,
        "pregame": [{"card": name, "count": n} for _, name, n in parts[PREGAME]],
        "endurance": [{"card": name, "count": n} for _, name, n in parts[ENDURANCE]],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def render(resolved: ResolvedDeck, index: Index, suffix: str) -> str:
    from hlcg.deck import xmldeck

    suffix = suffix.lower()
    if suffix in (".txt", ".deck"):
        return as_text(resolved, index)
    if suffix == ".json":
        return as_json(resolved, index)
    if suffix == ".dek":
        return xmldeck.write_dek(sections(resolved, index), resolved.format)
    if suffix == ".o8d":
        return xmldeck.write_o8d(sections(resolved, index), resolved.format)
    raise UsageError(f"cannot write a deck as {suffix!r}; use one of {', '.join(WRITE_SUFFIXES)}")
