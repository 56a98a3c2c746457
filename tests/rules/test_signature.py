"""The signature rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_signature_not_lifted_by_any_modifier(check):
    assert errors(check("Persona: Borrower\n1 Sig: Rival")) == [("signature", ("sig",))]
    assert errors(check("Persona: Hero\n1 Pass\n1 Sig: Rival")) == [("signature", ("sig",))]
    assert errors(check("1 Sig: Rival")) == [("signature", ("sig",))]
    assert check("Persona: Rival\n1 Sig: Rival").legal
