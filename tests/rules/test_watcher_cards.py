"""The watcher-cards rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_watcher_cards_need_watcher_pregame(check):
    report = check("Persona: Hero\n1 Watcher: Eye")
    assert errors(report) == [("watcher-cards", ("watcher-eye",))]
    assert check("Persona: Hero\nPre-Game:\nFriend\nEndurance:\n1 Watcher: Eye").legal
    assert check("Persona: Hero\n1 Watcher: Eye", fmt="first-edition").legal


def test_a_card_of_unrecorded_type_under_pregame_may_be_the_watcher(check):
    report = check("Persona: Hero\nPre-Game:\nOddity\nEndurance:\n1 Watcher: Eye")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("oddity",),
            "watcher-cards: 1 Watcher card (Watcher: Eye) but no Watcher pre-game card, unless "
            "Oddity (listed under Pre-Game, of a type not recorded) is one",
        )
    ]
