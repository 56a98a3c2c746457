"""The pregame-unique rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_two_copies_of_a_card_recorded_unique_are_an_error(check):
    assert errors(check("Persona: Hero\nPre-Game:\n2 Trinket")) == [
        ("pregame-unique", ("trinket-1",))
    ]


def test_two_copies_of_a_weapon_of_choice_are_an_error(check):
    # seed 000: normally only one Weapon of Choice is in play
    report = check("Persona: Hero\nPre-Game:\n2 Blade")
    assert errors(report) == [("pregame-unique", ("blade",))]
    (problem,) = [p for p in report.problems if p.rule == "pregame-unique"]
    assert problem.message == "2 copies of Blade, a Weapon of Choice"


def test_two_copies_of_a_card_whose_uniqueness_is_not_recorded_are_a_note(check):
    report = check("Persona: Hero\nPre-Game:\n2 Trinket Two")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("trinket-2",),
            "pregame-unique: 2 copies of Trinket Two, a pre-game card whose uniqueness is "
            "not recorded: too many if it is unique",
        )
    ]


def test_two_watchers_are_left_to_watcher_hunter(check):
    report = check("Persona: Hero\nPre-Game:\n2 Friend")
    assert [rule for rule, _ in errors(report)] == ["watcher-hunter"]
    assert gaps(report) == []


def test_copies_of_a_card_of_unrecorded_type_under_pregame_are_a_note(check):
    # Oddity's type is not recorded: if it is a unique pre-game card, the copies are too many.
    report = check("Persona: Hero\nPre-Game:\n2 Oddity")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("oddity",),
            "pregame-unique: 2 copies of Oddity (listed under Pre-Game, of a type not "
            "recorded): too many if it is a unique pre-game card",
        )
    ]
    assert [p.rule for p in check("Persona: Hero\nPre-Game:\nOddity").problems] == ["deck-syntax"]
