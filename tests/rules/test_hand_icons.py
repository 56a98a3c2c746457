"""The hand-icons rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_hand_icons_and_modifier(check):
    assert errors(check("Persona: Hero\nPre-Game:\nBlade\nAxe")) == [
        ("hand-icons", ("blade", "axe"))
    ]
    assert check("Persona: Axeman\nPre-Game:\nBlade\nAxe", fmt="first-edition").legal
