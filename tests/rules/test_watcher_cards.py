"""The watcher-cards rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_watcher_cards_need_watcher_pregame(check):
    report = check("Persona: Hero\n1 Watcher: Eye")
    assert errors(report) == [("watcher-cards", ("watcher-eye",))]
    assert check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n1 Watcher: Eye").legal
    assert check("Persona: Hero\n1 Watcher: Eye", fmt="first-edition").legal
