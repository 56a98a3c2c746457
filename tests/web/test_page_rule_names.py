"""The page writes no rule name (issue 34 point 3): what it needed a rule's name for, the
check answer says. Its limit of cards sharing a title is the one `hlcg rules title-limit`
gives the deck's format, and it names the rule whose problems name what the catalogue lacks."""

from __future__ import annotations

import json

import pytest

from .test_api import cli


@pytest.mark.parametrize("fmt", ["type-two", "first-edition"])
def test_the_check_answer_says_the_title_limit_and_the_unknown_card_rule(client, monkeypatch, fmt):
    deck = f"Format: {fmt}\nPersona: Duncan MacLeod\n3 Dodge\n2 Uper Left Atack\n"
    answer = client.post("/api/check", json={"deck": deck}).json()
    code, shown = cli(monkeypatch, "rules", "title-limit", "--json")
    assert code == 0
    rule = json.loads(shown)["rule"]
    assert answer["report"]["decks"][0]["format"] == fmt
    assert answer["title_limit"] == rule["formats"][fmt]["parameters"]["max"]
    assert answer["unknown_card_rule"] == "unknown-card"
    unknown = [p for p in answer["report"]["decks"][0]["problems"] if p["line"] == 4]
    assert [(p["rule"], p["message"]) for p in unknown] == [
        ("unknown-card", "no card named 'Uper Left Atack' in the catalogue")
    ]
