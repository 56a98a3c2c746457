"""The generic-borrow rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_generic_borrow_one_copy_in_first_edition(check):
    assert check("1 Move: Rival", fmt="first-edition").legal
    report = check("2 Move: Rival", fmt="first-edition")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert "a Generic Immortal may include at most 1" in report.problems[0].message


def test_generic_permission_per_format(check):
    # Type Two: only the persona named in the title box may include the card (seed 002).
    report = check("1 Move: Rival", fmt="type-two")
    assert errors(report) == [("persona-specific", ("rival-move",))]
    assert "the Generic Immortal permission does not apply in type-two" in (
        report.problems[0].message
    )
    # Type One: no source either way; admitted, and listed as a data gap.
    report = check("1 Move: Rival", fmt="type-one")
    assert report.legal
    assert [(p.rule, p.severity, p.cards) for p in report.problems] == [
        ("unchecked", "note", ("rival-move",))
    ]
    assert "generic-borrow: the Generic Immortal permission" in report.problems[0].message
    assert "not confirmed for type-one" in report.problems[0].message


def test_borrow_modifier_one_card_per_persona_reserved_included(check):
    assert check("Persona: Borrower\n1 Res: Rival").legal
    report = check("Persona: Borrower\n1 Res: Rival\n1 Move: Rival")
    assert errors(report) == [("generic-borrow", ("rival-move",))]


def test_allowance_modifier_admits_one_card(check):
    assert check("Persona: Hero\n1 Pass\n1 Move: Rival").legal
    report = check("Persona: Hero\n1 Pass\n2 Move: Rival")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert "your borrowing permissions cover 1" in report.problems[0].message
