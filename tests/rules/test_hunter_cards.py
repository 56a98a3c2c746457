"""The hunter-cards rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_hunter_cards_need_hunter_pregame(check):
    assert errors(check("Persona: Hero\n1 Hunter's Net")) == [("hunter-cards", ("hunter-net",))]
    assert check("Persona: Hero\nPre-Game:\nStalker\nEndurance:\n1 Hunter's Net").legal
