"""The gem-cap rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_gem_cap_counts_icons(check):
    assert check("Persona: Hero\n1 Gemmy").legal  # 2 agility gems, cap 3
    report = check("Persona: Hero\n2 Gemmy")
    assert errors(report) == [("gem-cap", ("gemmy",))]
    assert report.problems[0].message.startswith("4 agility gems; the cap is 3")
    assert report.gems["agility"] == {"used": 4, "cap": 3}


def test_gem_cap_off_in_first_edition(check):
    assert check("Persona: Hero\n2 Gemmy", fmt="first-edition").legal
