"""The API's side of a deck the page keeps whole (issue 35): a converted deck carries the
format asked for, and /api/check says where each line's count is written and what the
reader did not take as cards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.web.test_browser import ROOT
from typer.testing import CliRunner

from hlcg.cli.app import app as cli_app

FORUM = ROOT / "examples" / "decks" / "valid" / "kurgan-forum-markdown-first-edition.txt"


@pytest.mark.parametrize("kind", ["text", "json", "dek", "o8d"])
def test_a_converted_deck_names_the_format_asked_for(client, kind: str, tmp_path: Path):
    """A deck whose own line says type-two, checked in first-edition: the file says
    first-edition, so `hlcg validate` on it gives the check's verdict and fingerprint."""
    deck = "Format: type-two\nPersona: Duncan MacLeod\nEndurance:\n3 Dodge\n"
    asked = {"deck": deck, "format": "first-edition"}
    checked = client.post("/api/check", json=asked).json()
    written = client.post("/api/convert", json={**asked, "to": kind, "name": "duncan"}).json()
    path = tmp_path / written["filename"]
    path.write_text(written["content"], encoding="utf-8")
    result = CliRunner().invoke(cli_app, ["validate", "--output", "json", str(path)])
    report = json.loads(result.stdout)["decks"][0]
    assert (report["format"], report["fingerprint"]) == ("first-edition", checked["fingerprint"])
    assert report["legal"] is checked["report"]["decks"][0]["legal"] is False
    # without a format asked for, the deck's own line is written, as before
    kept = client.post("/api/convert", json={"deck": deck, "to": kind}).json()["content"]
    assert ("first" not in kept.lower()) and ("type" in kept.lower())


def test_check_says_where_each_count_is_written(client):
    """`at` is where +/- rewrite the count: the digits in the line's own notation, or
    where a count goes on a line that writes none."""
    text = FORUM.read_text(encoding="utf-8")
    lines = client.post("/api/check", json={"deck": text}).json()["lines"]
    rows = text.split("\n")
    marked = {}
    for line in lines:
        for number, (start, end) in zip(line["lines"], line["at"], strict=True):
            row = rows[number - 1]
            marked[number] = f"{row[:start]}[{row[start:end]}]{row[end:]}"
    assert len(marked) == 21  # every card line of the post and its sideboard line
    assert marked[8] == "- []War Axe -- his Weapon of Choice"
    assert marked[15] == "- Thrust x[3] -- the one that hits"
    assert marked[20] == "* Upper Left Block (x[3])"
    assert marked[26] == "1. Bloodlust: The Kurgan ×[2]"
    assert marked[27] == "2. Hammer Blow (The Kurgan) x[2] (finisher)"
    assert marked[28] == "3. Taunt: The Kurgan: [2]"
    assert marked[29] == "4. []Flashback: The Kurgan // only one"
    assert marked[32] == "- Dodge [2]"


def test_check_lists_the_sideboard_an_unknown_persona_and_prose(client):
    deck = "Hello all!\n\nPersona: Zzzkurgan\n3 Dodge\n\nSideboard:\n2 Thrust\n\nCheers, Bob\n"
    lines = client.post("/api/check", json={"deck": deck}).json()["lines"]
    assert [(x["card"], x["name"], x["count"], x["section"], x["line"]) for x in lines] == [
        ("dodge", "Dodge", 3, "endurance", 4),
        (None, "Zzzkurgan", 0, "persona", 3),
        ("thrust", "Thrust", 2, "sideboard", 7),
        (None, "Hello all!", 0, "prose", 1),
        (None, "Cheers, Bob", 0, "prose", 9),
    ]
    # a count after an emoji is found where JavaScript counts it (UTF-16 units)
    emoji = client.post("/api/check", json={"deck": "Dodge \U0001f600 x3\n"}).json()["lines"]
    assert (emoji[0]["name"], emoji[0]["count"], emoji[0]["at"]) == ("Dodge", 3, [[10, 11]])
