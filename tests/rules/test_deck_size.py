"""The deck-size rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import BASE_49, errors, gaps


def test_deck_size_counts_endurance_only(check):
    report = check("Persona: Hero\nPre-Game:\nBlade", base=BASE_49)
    assert errors(report) == [("deck-size", ())]
    assert report.problems[0].message == "Endurance has 49 cards, at least 50 are required"


def test_a_card_of_unrecorded_type_under_pregame_makes_a_close_count_a_note(check):
    # Oddity's type is not recorded: listed under Pre-Game, it is counted in the Endurance.
    report = check("Persona: Hero\nPre-Game:\nOddity", base=BASE_49)
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("oddity",),
            "deck-size: Endurance has 50 cards counting Oddity (listed under Pre-Game, of a type "
            "not recorded); 49 if it is a pre-game card, at least 50 are required",
        )
    ]
    # With a card to spare, where Oddity belongs cannot change the verdict.
    spare = check("Persona: Hero\nPre-Game:\nOddity")
    assert [p.rule for p in spare.problems] == ["deck-syntax"]
    # Short even counting Oddity: an error.
    short = check("Persona: Hero\nPre-Game:\nOddity", base=BASE_49.replace("4 Filler", "3 Filler"))
    assert errors(short) == [("deck-size", ())]
    assert gaps(short) == []
