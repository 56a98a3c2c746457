"""The hand-icons rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_hand_icons_and_modifier(check):
    # the weapons are listed by name, in any line order
    for pregame in ("Blade\nAxe", "Axe\nBlade"):
        assert errors(check(f"Persona: Hero\nPre-Game:\n{pregame}")) == [
            ("hand-icons", ("axe", "blade"))
        ]
    assert check("Persona: Axeman\nPre-Game:\nBlade\nAxe", fmt="first-edition").legal


def test_an_unrecorded_weapon_counts_as_one_and_breaks_the_limit(check):
    # Club's hand icons are not recorded: with the two-handed Axe, at least 3.
    report = check("Persona: Hero\nPre-Game:\nAxe\nClub")
    assert errors(report) == [("hand-icons", ("axe", "club"))]
    (problem,) = [p for p in report.problems if p.rule == "hand-icons"]
    assert (problem.code, problem.severity) == ("HL310", "error")
    assert problem.message == (
        "at least 3 hand icons among the pre-game cards "
        "(Axe (2), Club (not recorded, counted as 1)); at most 2"
    )
    # Removing the weapon whose icons are unknown leaves a known count that fits.
    assert problem.edits == (("remove", "club", 1),)
    assert gaps(report) == []


def test_an_unrecorded_weapon_within_the_limit_is_a_note(check):
    report = check("Persona: Hero\nPre-Game:\nBlade\nClub")
    assert report.legal and report.errors == 0
    assert [(p.code, p.severity) for p in report.problems] == [("HL900", "note")]
    assert gaps(report) == [
        (
            ("club",),
            "hand-icons: hand icons not recorded for Club, counted as 1 (seed 000: a Weapon "
            "of Choice has one or more): at least 2 of the 2 hand icons allowed; legal only "
            "if it has at most 1",
        )
    ]
    ((_, alone),) = gaps(check("Persona: Hero\nPre-Game:\nClub"))
    assert alone.endswith("at least 1 of the 2 hand icons allowed; legal only if it has at most 2")


def test_a_persona_modifier_wins_over_an_unrecorded_number(check):
    # Axeman wields the Club with one hand: Blade (1) + Club (1) is known to fit.
    report = check("Persona: Axeman\nPre-Game:\nBlade\nClub", fmt="first-edition")
    assert report.legal
    assert [p for p in report.problems if "hand" in p.message] == []
