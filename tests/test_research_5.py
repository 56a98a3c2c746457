"""Research round 5 in the data (issue 18 §6): the new sets, the cards that share a title
with a recorded one, and 3rd Edition, which plays as 2nd Edition."""

from __future__ import annotations

import csv

import pytest

from conftest import BASIC_TITLES, ROOT
from hlcg.catalog import Catalogue
from hlcg.check import check_deck
from hlcg.deck.text import parse_text

BASICS = "".join(f"3 {t}\n" for t in BASIC_TITLES)


def _card_at(catalogue: Catalogue, text: str, line: int) -> str:
    """The id of the card the deck's line ``line`` names (never an unresolved line)."""
    report = check_deck(parse_text(text, "deck.txt"), catalogue, None)
    assert not [p for p in report.problems if p.rule in ("ambiguous-card", "unknown-card")]
    [card] = [c.card.id for c in report.resolved.cards if c.line == line]
    return card


@pytest.mark.parametrize("fmt", ["type-two", "type-one"])
def test_katana_under_pregame_is_still_the_2e_weapon_of_choice(shipped, fmt):
    # A second Katana Weapon of Choice (the 1st Edition-era one, Articles/110) records no
    # set: the format's list still decides for the 2E card.
    deck = f"Format: {fmt}\nPersona: Duncan MacLeod\nPre-Game:\nKatana\nEndurance:\n" + BASICS
    assert _card_at(shipped, deck, 4) == "katana-weapon-of-choice"


def test_parrying_blade_in_an_endurance_is_still_the_object(shipped):
    deck = "Format: type-two\nPersona: Kanwulf\nEndurance:\n" + BASICS + "1 Parrying Blade\n"
    assert _card_at(shipped, deck, 19) == "parrying-blade"
    deck = "Format: first-edition\nPersona: Kanwulf\nPre-Game:\nParrying Blade\nEndurance:\n"
    assert _card_at(shipped, deck + BASICS, 4) == "parrying-blade-weapon-of-choice"


def test_james_horton_is_the_watcher_under_pregame_and_the_situation_in_an_endurance(
    shipped,
):
    head = "Format: first-edition\nPersona: Duncan MacLeod\n"
    pregame = head + "Pre-Game:\nJames Horton\nEndurance:\n" + BASICS
    assert _card_at(shipped, pregame, 4) == "james-horton"
    endurance = head + "Endurance:\n" + BASICS + "1 James Horton\n"
    assert _card_at(shipped, endurance, 19) == "james-horton-situation"


def test_new_sets_and_their_spellings(shipped):
    from hlcg.catalog.vocabulary import normalise, set_names

    assert shipped.sets["DC"]["edition"] == "1E"
    assert shipped.sets["3E"]["edition"] == "2E"  # 3rd Edition plays as 2nd Edition
    with (ROOT / "data/source/sets.csv").open(encoding="utf-8", newline="") as handle:
        sources = {row["code"]: row["source"] for row in csv.DictReader(handle)}
    assert sources["3E"] == "https://highlanderthecardgame.com/editions"
    names = set_names()
    assert names[normalise("Duncan Collection")] == "DC"
    assert names[normalise("3rd Edition")] == names[normalise("Third Edition")] == "3E"
    debra = shipped.cards["debra"]
    assert (debra.type, debra.sets, debra.editions) == ("situation", ("DC",), frozenset({"1E"}))


def test_a_3rd_edition_printing_is_a_2nd_edition_card(tmp_path):
    from typer.testing import CliRunner

    from hlcg.catalog import load
    from hlcg.cli.app import app

    runner = CliRunner()
    db = tmp_path / "mine.sqlite"
    assert runner.invoke(app, ["db", "init", str(db), "--from-shipped"]).exit_code == 0
    data = tmp_path / "carddata.txt"
    data.write_text(
        "Name\tSet\tImageFile\tType\tText\nTest Blade\t3rd Edition\tx\tObject\tA test row.\n",
        encoding="utf-8",
    )
    mapping = '{"Name": "title", "Set": "sets", "Type": "type", "Text": "text"}'
    result = runner.invoke(
        app,
        ["db", "import", str(data), "--db", str(db), "--map", mapping, "--id-from", "title",
         "--source", "https://example.org/plugin"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    blade = load(db).cards["test-blade"]
    assert (blade.sets, blade.editions) == (("3E",), frozenset({"2E"}))
    deck = "Format: type-two\nPersona: Duncan MacLeod\nEndurance:\n" + BASICS + "1 Test Blade\n"
    report = check_deck(parse_text(deck, "deck.txt"), load(db), None)
    assert not [p for p in report.problems if p.rule == "format-legality"]
