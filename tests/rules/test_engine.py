"""The rules engine: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations


def test_base_deck_is_legal_with_no_warnings(check):
    report = check("Persona: Hero")
    assert report.problems == []
    assert report.legal
