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


def test_allowance_applies_to_a_generic_immortal_in_type_two(check):
    """A Generic Immortal plays no Immortal, so the Darius allowance ("one non-signature
    card from an Immortal you are not playing", rules-notes-2.md 1.7) admits a card of any
    persona, Reserved ones too, as in a persona's deck."""
    assert check("1 Pass\n1 Move: Rival", fmt="type-two").legal
    assert check("1 Pass\n1 Res: Rival", fmt="type-two").legal
    report = check("1 Pass\n2 Move: Rival", fmt="type-two")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert report.problems[0].message == (
        "2 copies of Move: Rival; your borrowing permissions cover 1"
    )
    report = check("1 Pass\n1 Sig: Rival", fmt="type-two")
    assert errors(report) == [("signature", ("sig",))]


def test_allowance_takes_what_the_generic_permission_leaves(check):
    assert check("1 Pass\n2 Move: Rival", fmt="first-edition").legal
    report = check("1 Pass\n3 Move: Rival", fmt="first-edition")
    assert errors(report) == [("generic-borrow", ("rival-move",))]
    assert "your borrowing permissions cover 2" in report.problems[0].message
    # Without an allowance card the Generic Immortal's own limit is the message.
    report = check("3 Move: Rival", fmt="first-edition")
    assert report.problems[0].message == (
        "3 copies of Move: Rival; a Generic Immortal may include at most 1 of a "
        "persona-specific card"
    )


def test_type_two_generic_immortal_with_darius_through_the_cli(tmp_path):
    """The shipped Type Two Darius event and Amanda's Seduce: exit 0 with Darius, 1 without."""
    import json

    from typer.testing import CliRunner

    from conftest import BASIC_TITLES
    from hlcg.cli.app import app

    basics = "".join(f"3 {t}\n" for t in BASIC_TITLES)
    deck = tmp_path / "generic.txt"
    for darius, code, found in (
        ("1 Darius\n", 0, []),
        ("1 Dodge\n", 1, [("HL201", "persona-specific", ["seduce-amanda"])]),
    ):
        deck.write_text(
            "Format: type-two\nEndurance:\n" + basics + "3 Dodge\n" + darius + "1 Seduce: Amanda\n"
        )
        result = CliRunner().invoke(app, ["validate", str(deck), "--output", "json"])
        [report] = json.loads(result.stdout)["decks"]
        errors_found = [
            (p["code"], p["rule"], p["cards"])
            for p in report["problems"]
            if p["severity"] == "error"
        ]
        assert (result.exit_code, report["persona"], errors_found) == (
            code,
            "Generic Immortal",
            found,
        )
