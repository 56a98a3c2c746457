"""The master-limit rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_master_limit(check):
    report = check("Persona: Hero\n3 Weapon Master")
    assert errors(report) == [("master-limit", ("weapon-master",))]
    assert "3 Master cards (Weapon Master); Hero may include 2" in report.problems[0].message
    assert errors(check("1 Weapon Master")) == [("master-limit", ("weapon-master",))]


def test_any_master_cards_modifier(check):
    assert check("Persona: Sage\n2 Master's Block: Rival").legal
    report = check("Persona: Sage\n2 Master's Block: Rival\n2 Weapon Master")
    assert errors(report) == [("master-limit", ("masters-block-rival", "weapon-master"))]
    assert errors(check("Persona: Hero\n1 Master's Block: Rival")) == [
        ("persona-specific", ("masters-block-rival",))
    ]


def test_an_unrecorded_limit_is_a_note_only_with_master_cards(check):
    # Stranger has neither a Master limit nor a Master gem recorded.
    assert check("Persona: Stranger").problems == []
    report = check("Persona: Stranger\n3 Weapon Master")
    assert report.legal
    assert [(p.code, p.cards, p.message) for p in report.problems] == [
        (
            "HL900",
            ("weapon-master",),
            "master-limit: Stranger has no Master limit recorded; 3 Master cards could not be "
            "checked: Weapon Master",
        )
    ]
