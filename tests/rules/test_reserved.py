"""The reserved rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_reserved_never_for_generic(check):
    report = check("1 Res: Rival")
    assert errors(report) == [("reserved", ("res",))]
    assert check("Persona: Rival\n1 Res: Rival").legal
