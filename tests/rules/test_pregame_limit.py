"""The pregame-limit rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_pregame_limit_and_exempt(check):
    six = "Pre-Game:\nTrinket\nTrinket Two\nTrinket Three\nTrinket Four\nTrinket Five\n"
    assert check("Persona: Hero\n" + six + "Stone").legal
    report = check("Persona: Hero\n" + six + "Trinket Six")
    assert [r for r, _ in errors(report)] == ["pregame-limit"]
    assert report.problems[0].message == "7 pre-game cards; at most 6 may be used"
    assert check("Persona: Hero\n" + six + "Trinket Six", fmt="first-edition").legal
