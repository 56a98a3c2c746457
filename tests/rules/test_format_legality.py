"""The format-legality rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_format_legality(check):
    assert check("Persona: Hero\n1 Relic").legal
    report = check("Persona: Hero\n1 Relic", fmt="first-edition")
    assert errors(report) == [("format-legality", ("relic",))]
