"""The pregame-limit rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_pregame_limit_and_exempt(check):
    six = "Pre-Game:\nTrinket\nTrinket Two\nTrinket Three\nTrinket Four\nTrinket Five\n"
    assert check("Persona: Hero\n" + six + "Stone").legal
    report = check("Persona: Hero\n" + six + "Trinket Six")
    assert [r for r, _ in errors(report)] == ["pregame-limit"]
    assert report.problems[0].message == "7 pre-game cards; at most 6 may be used"
    assert check("Persona: Hero\n" + six + "Trinket Six", fmt="first-edition").legal


def test_a_card_of_unrecorded_type_under_pregame_may_be_one_too_many(check):
    five = "Pre-Game:\nTrinket\nTrinket Two\nTrinket Three\nTrinket Four\nTrinket Five\n"
    # Oddity's type is not recorded: the resolver counts it in the Endurance.
    report = check("Persona: Hero\n" + five + "Oddity")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("oddity",),
            "pregame-limit: 6 pre-game cards; 7 if Oddity (listed under Pre-Game, of a type not "
            "recorded) is pre-game; at most 6 may be used",
        )
    ]
    report = check("Persona: Hero\n" + five + "Trinket Six\nOddity")
    assert [r for r, _ in errors(report)] == ["pregame-limit"]
    assert gaps(report) == []
