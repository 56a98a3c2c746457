"""The pregame-unique rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_pregame_unique(check):
    assert errors(check("Persona: Hero\nPre-Game:\n2 Trinket")) == [
        ("pregame-unique", ("trinket-1",))
    ]


def test_copies_of_a_card_of_unrecorded_type_under_pregame_are_a_note(check):
    # Oddity's type is not recorded: if it is a pre-game card, it is unique.
    report = check("Persona: Hero\nPre-Game:\n2 Oddity")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("oddity",),
            "pregame-unique: 2 copies of Oddity (listed under Pre-Game, of a type not "
            "recorded): too many if it is a pre-game card",
        )
    ]
    assert [p.rule for p in check("Persona: Hero\nPre-Game:\nOddity").problems] == ["deck-syntax"]
