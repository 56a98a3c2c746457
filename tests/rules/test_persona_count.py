"""The persona-count rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_persona_count(check):
    report = check("Persona: Hero\nPre-Game:\nRival")
    # the personas are listed by name, whichever line names them
    assert errors(report) == [("persona-count", ("hero", "rival"))]
