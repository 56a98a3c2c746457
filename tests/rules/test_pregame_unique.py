"""The pregame-unique rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_pregame_unique(check):
    assert errors(check("Persona: Hero\nPre-Game:\n2 Trinket")) == [
        ("pregame-unique", ("trinket-1",))
    ]
