"""The premium-persona rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import errors


def test_premium_persona(check):
    assert check("Persona: Hero\nPre-Game:\nHero: +1").legal
    assert errors(check("Persona: Hero\nPre-Game:\nRival: +1")) == [
        ("premium-persona", ("rival-premium",))
    ]
    assert errors(check("Pre-Game:\nRival: +1")) == [("premium-persona", ("rival-premium",))]
