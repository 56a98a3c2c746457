"""The borrowing analysis: which permission admits another persona's card, and why a card
is refused (a kind, from which the reporting rule follows)."""

from __future__ import annotations

import pytest

from hlcg.rules.borrowing import RefusalKind
from hlcg.rules.context import Context
from hlcg.rules.profiles import profile


@pytest.fixture
def analyse(check, mini):
    def run(extra: str, fmt: str = "type-two"):
        report = check(extra, fmt=fmt)
        assert report.resolved is not None
        borrowing = Context(report.resolved, mini, profile(report.format)).borrowing
        refused = [(r.deck_card.card.id, r.kind, r.owner, r.allowed) for r in borrowing.refusals]
        return borrowing, refused

    return run


def test_own_and_generic_cards_are_used_normally(analyse):
    borrowing, refused = analyse("Persona: Rival\n2 Move: Rival\n1 Sig: Rival")
    assert refused == [] and borrowing.borrowed == {}
    assert {"rival", "rival-move", "sig", "filler", "thrust"} <= borrowing.normal


def test_a_generic_immortal_borrows_one_copy_in_first_edition(analyse):
    borrowing, refused = analyse("2 Move: Rival", fmt="first-edition")
    assert refused == [("rival-move", RefusalKind.OVER_GENERIC_COPIES, "rival", 1)]
    assert borrowing.borrowed == {"rival-move": "generic-immortal"}
    assert borrowing.unconfirmed == []


def test_the_generic_permission_is_unconfirmed_in_type_one_and_absent_in_type_two(analyse):
    borrowing, refused = analyse("1 Move: Rival", fmt="type-one")
    assert refused == [] and borrowing.unconfirmed == ["rival-move"]
    borrowing, refused = analyse("1 Move: Rival", fmt="type-two")
    assert refused == [("rival-move", RefusalKind.NO_GENERIC_PERMISSION, "rival", 0)]
    assert borrowing.borrowed == {}


def test_reserved_and_signature_cards_are_refused_by_kind(analyse):
    _, refused = analyse("1 Res: Rival", fmt="first-edition")
    assert refused == [("res", RefusalKind.RESERVED, "rival", 0)]
    _, refused = analyse("Persona: Hero\n1 Res: Rival\n1 Move: Rival\n1 Sig: Rival")
    assert sorted(refused, key=lambda r: r[0]) == [
        ("res", RefusalKind.RESERVED, "rival", 0),
        ("rival-move", RefusalKind.OTHER_PERSONA, "rival", 0),
        ("sig", RefusalKind.SIGNATURE, "rival", 0),
    ]


@pytest.mark.parametrize(
    "lines", ["1 Res: Rival\n1 Move: Rival", "1 Move: Rival\n1 Res: Rival"], ids=["res", "move"]
)
def test_borrow_takes_one_card_per_persona_by_card_id_in_any_line_order(analyse, lines):
    borrowing, refused = analyse(f"Persona: Borrower\n{lines}")
    assert borrowing.borrowed == {"res": "borrow"}
    assert refused == [("rival-move", RefusalKind.OVER_BUDGET, "rival", 0)]


@pytest.mark.parametrize(
    "lines", ["2 Move: Rival\n1 Res: Rival", "1 Res: Rival\n2 Move: Rival"], ids=["move", "res"]
)
def test_borrow_admits_the_most_cards_whatever_comes_first(analyse, lines):
    # Two copies of Move cannot both be borrowed: Res takes the one card, one refusal.
    borrowing, refused = analyse(f"Persona: Borrower\n{lines}")
    assert borrowing.borrowed == {"res": "borrow"}
    assert refused == [("rival-move", RefusalKind.OVER_BUDGET, "rival", 0)]


def test_the_pool_goes_where_borrow_cannot_reach_and_what_is_left_to_the_refused(analyse):
    # Res is borrowed; Move's two copies cost the pool 2 and it holds 1: Move is refused
    # and the one copy the pool holds is counted as covered.
    borrowing, refused = analyse("Persona: Borrower\n2 Move: Rival\n1 Pass\n1 Res: Rival")
    assert borrowing.borrowed == {"rival-move": "allowance", "res": "borrow"}
    assert refused == [("rival-move", RefusalKind.OVER_BUDGET, "rival", 1)]


def test_allowance_cards_share_one_pool(analyse):
    borrowing, refused = analyse("Persona: Hero\n1 Pass\n2 Move: Rival")
    assert borrowing.borrowed == {"rival-move": "allowance"}
    assert refused == [("rival-move", RefusalKind.OVER_BUDGET, "rival", 1)]


def test_any_master_cards_admits_other_personas_master_cards(analyse):
    borrowing, refused = analyse("Persona: Sage\n2 Master's Block: Rival")
    assert refused == [] and borrowing.borrowed == {"masters-block-rival": "any-master-cards"}
    _, refused = analyse("Persona: Hero\n1 Master's Block: Rival")
    assert refused == [("masters-block-rival", RefusalKind.OTHER_PERSONA, "rival", 0)]
