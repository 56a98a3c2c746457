"""The restriction rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors, gaps


def test_restriction_per_card(check):
    report = check("Persona: Hero\n3 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert report.problems[0].message == "3 copies of Rare; restricted to 2"
    assert report.problems[0].fix == "remove 1 Rare"


def test_restriction_bonus_raises_normal_cards_only(check):
    assert check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n3 Rare").legal
    report = check("Persona: Hero\nPre-Game:\nElder\nEndurance:\n4 Rare")
    assert errors(report) == [("restriction", ("rare",))]
    assert "(restriction 2 + 1 from Darius)" in report.problems[0].message


def test_an_unrecorded_number_is_at_least_one(check):
    # Sig and Res (Rival's) have no restriction number recorded.
    assert check("Persona: Rival\n1 Sig").problems == []
    report = check("Persona: Rival\n2 Sig\n3 Res")
    assert report.legal and errors(report) == []
    assert gaps(report) == [
        (
            ("res", "sig"),
            "restriction: restriction number not recorded for 2 cards held in several copies: "
            "Res: Rival, Sig: Rival",
        )
    ]


def test_a_bonus_raises_the_least_number_too(check):
    # Elder (+1) makes Res at least 2; Sig is a Signature card, never raised.
    report = check("Persona: Rival\nPre-Game:\nElder\nEndurance:\n2 Res\n2 Sig", "first-edition")
    assert errors(report) == []
    assert gaps(report) == [
        (
            ("sig",),
            "restriction: restriction number not recorded for 1 card held in several copies: "
            "Sig: Rival",
        )
    ]


def test_a_pooled_line_of_unrecorded_numbers(check):
    # Omen has two texts, neither's number recorded: each holds at least one copy.
    assert check("Persona: Hero\n1 Omen").problems == []
    report = check("Persona: Hero\n2 Omen")
    assert [(p.rule, p.severity, p.message) for p in report.problems] == [
        (
            "restriction",
            "note",
            "2 Omen: legal when split over its 2 versions (room for 1 + 1, the 2 restriction "
            "numbers not recorded counted as 1); name the versions to be sure",
        )
    ]
    report = check("Persona: Hero\n3 Omen")
    assert report.legal
    assert gaps(report) == [
        (
            ("omen-1", "omen-2"),
            "restriction: restriction number not recorded for 2 cards held in several copies: "
            "Omen, Omen",
        )
    ]
