"""The persona-specific rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_persona_specific(check):
    report = check("Persona: Hero\n1 Move: Rival")
    assert errors(report) == [("persona-specific", ("rival-move",))]
    assert check("Persona: Rival\n2 Move: Rival").legal
