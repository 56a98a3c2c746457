"""The watcher-hunter rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_watcher_hunter_one_of_either(check):
    report = check("Persona: Hero\nPre-Game:\nFriend\nStalker")
    assert errors(report) == [("watcher-hunter", ("friend", "stalker"))]


def test_only_watcher_modifier(check):
    assert check("Persona: Sage\nPre-Game:\nFriend").legal
    report = check("Persona: Sage\nPre-Game:\nSpy")
    assert errors(report) == [("watcher-hunter", ("spy",))]
    assert "Sage may be assigned no Watcher but Friend" in report.problems[0].message


def test_a_card_of_unrecorded_type_under_pregame_may_be_a_second_watcher(check):
    # No Watcher or Hunter assigned: Oddity cannot make two.
    assert [p.rule for p in check("Persona: Hero\nPre-Game:\nOddity").problems] == ["deck-syntax"]
    report = check("Persona: Hero\nPre-Game:\nFriend\nOddity")
    assert errors(report) == []
    assert [p.message for p in report.problems if p.cards == ("oddity",)] == [
        "watcher-hunter: 1 Watcher/Hunter pre-game card (Friend); 2 if Oddity (listed under "
        "Pre-Game, of a type not recorded) is Watchers or Hunters too; at most one may be "
        "assigned"
    ]
