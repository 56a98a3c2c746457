"""The API the deck builder page needs beyond the checker's: convert, rules, deck lines."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hlcg.cli.app import app as cli_app

ROOT = Path(__file__).resolve().parent.parent.parent


def cli(*args: str) -> str:
    result = CliRunner().invoke(cli_app, list(args))
    assert result.exit_code == 0, result.output
    return result.stdout


def test_convert_writes_what_deck_convert_writes(client):
    path = ROOT / "examples" / "tournament" / "bob-richie.dek"
    for to in ("text", "json", "dek", "o8d"):
        answer = client.post(
            "/api/convert",
            json={"deck": path.read_text(encoding="utf-8"), "filename": path.name, "to": to},
        )
        assert answer.status_code == 200
        suffix = "txt" if to == "text" else to
        assert answer.json() == {
            "filename": f"bob-richie.{suffix}",
            "content": cli("deck", "convert", str(path), "-", "--to", suffix),
        }


def test_convert_refuses_a_deck_with_an_unknown_line(client):
    answer = client.post("/api/convert", json={"deck": "3 Dodge\n1 Qqqq Zzzz\n", "to": "dek"})
    assert answer.status_code == 400
    assert answer.json()["error"]["message"] == (
        "not converted: line 2: no card named 'Qqqq Zzzz' in the catalogue"
    )
    answer = client.post("/api/convert", json={"deck": "3 Dodge\n", "to": "pdf"})
    assert answer.status_code == 400
    assert answer.json()["error"]["message"].startswith(
        "bad request: to: expected 'text', 'txt', 'json', 'dek' or 'o8d', got 'pdf'"
    )


def test_rules_answers_what_rules_json_prints(client):
    for name in ("title-limit", "HL103"):
        answer = client.get(f"/api/rules/{name}")
        assert answer.status_code == 200
        assert answer.json() == json.loads(cli("rules", "title-limit", "--json"))["rule"]
    missing = client.get("/api/rules/no-such-rule")
    assert missing.status_code == 404
    assert missing.json()["error"]["message"] == "no rule 'no-such-rule'; see `hlcg rules`"


def test_check_lists_the_decks_lines_with_their_cards(client):
    deck = "Persona: Duncan MacLeod\nPre-Game:\nKatana\nEndurance:\n3 Dodge\n2 Qqqq Zzzz\n"
    lines = client.post("/api/check", json={"deck": deck, "format": "type-two"}).json()["lines"]
    assert [(x["card"], x["type"], x["count"], x["section"], x["lines"]) for x in lines] == [
        ("katana-weapon-of-choice", "weapon-of-choice", 1, "pregame", [3]),
        ("dodge", "dodge", 3, "endurance", [5]),
        ("duncan-macleod-2e", "persona", 1, "pregame", []),  # the Persona: line's card
        (None, None, 2, "endurance", [6]),
    ]
