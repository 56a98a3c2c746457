"""The title-limit rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_title_limit_counts_every_version_and_pregame(check):
    report = check("Persona: Hero\n4 Strike: A\n3 Strike: B")
    assert errors(report) == [("title-limit", ("strike-a", "strike-b"))]
    assert "7 cards titled 'Strike'" in report.problems[0].message
    assert check("Persona: Hero\n3 Strike: A\n3 Strike (B)").legal


def test_title_limit_includes_pregame_cards(check):
    report = check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n6 Watcher: Eye\n")
    assert report.legal
    report = check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n6 Friend")
    assert errors(report) == [("title-limit", ("friend", "friend-situation"))]
    assert report.problems[0].message == (
        "7 cards titled 'Friend' (1 Friend, 6 Friend); at most 6 may share a title"
    )
