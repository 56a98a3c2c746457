"""The restriction rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_restriction_per_card(check):
    report = check("Persona: Hero\n3 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert report.problems[0].message == "3 copies of Rare; restricted to 2"
    assert report.problems[0].fix == "remove 1 Rare"


def test_restriction_bonus_raises_normal_cards_only(check):
    assert check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n3 Rare").legal
    report = check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n4 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert "(restriction 2 + 1 from Darius)" in report.problems[0].message
