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
