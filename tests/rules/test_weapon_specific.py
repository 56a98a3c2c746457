"""The weapon-specific rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_weapon_specific(check):
    assert errors(check("Persona: Hero\n1 Cut: Blade")) == [("weapon-specific", ("blade-cut",))]
    assert check("Persona: Hero\nPre-Game:\nBlade\nEndurance:\n1 Cut: Blade").legal
