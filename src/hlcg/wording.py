"""Counted nouns for messages: "1 card", "2 cards", never "1 card(s)"."""

from __future__ import annotations

# Nouns whose plural is not the noun + "s".
_IRREGULAR = {"copy": "copies", "entry": "entries", "is": "are", "was": "were"}


def plural(count: int, noun: str, plural_form: str | None = None) -> str:
    """``count`` and ``noun`` in agreement: plural(1, "deck") -> "1 deck"."""
    if count == 1:
        return f"{count} {noun}"
    return f"{count} {plural_form or _IRREGULAR.get(noun, noun + 's')}"
