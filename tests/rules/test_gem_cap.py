"""The gem-cap rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_gem_cap_counts_icons(check):
    assert check("Persona: Hero\n1 Gemmy").legal  # 2 agility gems, cap 3
    report = check("Persona: Hero\n2 Gemmy")
    assert errors(report) == [("gem-cap", ("gemmy",))]
    assert report.problems[0].message.startswith("4 agility gems; the cap is 3")
    assert report.gems["agility"] == {"used": 4, "cap": 3}


def test_gem_cap_off_in_first_edition(check):
    assert check("Persona: Hero\n2 Gemmy", fmt="first-edition").legal


def test_known_gems_over_a_cap_are_an_error_whatever_the_unrecorded_counts(check):
    # Mystery's gem counts are not recorded: they count as none, so 4 agility is at least 4.
    report = check("Persona: Hero\n2 Gemmy\n1 Mystery")
    assert errors(report) == [("gem-cap", ("gemmy",))]
    (error,) = [p for p in report.problems if p.severity == "error"]
    assert (error.code, error.message.split(";")[0]) == ("HL206", "4 agility gems")
    # Agility is broken whatever Mystery holds; the other caps still depend on it.
    assert gaps(report) == [
        (
            ("unknown-gems",),
            "gem-cap: gem counts not recorded for 1 card: Mystery; counted as none, they could "
            "still exceed the master, strength, toughness, empathy, reason caps",
        )
    ]


def test_an_unknown_cap_is_a_note_only_where_the_deck_holds_or_may_hold_gems(check):
    # Rival's attribute values are not recorded; every card of the deck has 0 gems.
    assert check("Persona: Rival").problems == []
    report = check("Persona: Rival\n1 Gemmy")
    assert report.legal
    assert gaps(report) == [
        (
            ("rival",),
            "gem-cap: Rival has no recorded value for agility; that gem cap could not be checked",
        )
    ]
    report = check("Persona: Rival\n1 Mystery")
    assert gaps(report) == [
        (
            ("rival",),
            "gem-cap: Rival has no recorded value for master, agility, strength, toughness, "
            "empathy, reason; those gem caps could not be checked",
        ),
        (("unknown-gems",), "gem-cap: gem counts not recorded for 1 card: Mystery"),
    ]
