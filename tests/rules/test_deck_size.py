"""The deck-size rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import BASE_49, errors


def test_deck_size_counts_endurance_only(check):
    report = check("Persona: Hero\nPre-Game:\nBlade", base=BASE_49)
    assert errors(report) == [("deck-size", ())]
    assert report.problems[0].message == "Endurance has 49 cards, at least 50 are required"
