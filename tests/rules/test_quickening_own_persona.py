"""The quickening-own-persona rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_quickening_own_persona(check):
    report = check("Persona: Hero\nPre-Game:\nQuickening: Hero")
    assert errors(report) == [("quickening-own-persona", ("hero-quickening",))]
    assert check("Persona: Hero\nPre-Game:\nQuickening: Rival").legal
