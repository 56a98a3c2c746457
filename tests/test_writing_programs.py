"""`hlcg deck convert` to LackeyCCG `.dek` and OCTGN `.o8d` writes decks those programs
load: each card under the catalogue's name, the ids and sets the source file had, the game
name each program expects; read back, the same fingerprint in every format."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from defusedxml.ElementTree import fromstring
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.deck.xmldeck import LACKEY_GAME, OCTGN_GAME, is_guid

runner = CliRunner()
PROGRAMS = ROOT / "examples" / "programs"
FORUM = PROGRAMS / "richie-forum.txt"  # `Luck (Richie Ryan)`, `Master’s Block (Richie Ryan)`
FORMATS = ("first-edition", "type-one", "type-two")


def convert(source: Path, target: Path, *args: str) -> str:
    result = runner.invoke(app, ["deck", "convert", str(source), str(target), "--force", *args])
    assert result.exit_code == 0, result.output
    return target.read_text(encoding="utf-8")


def digest(path: Path, fmt: str) -> str:
    result = runner.invoke(app, ["deck", "hash", str(path), "--format", fmt])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


def lackey_cards(text: str) -> list[tuple[str, str, str | None, str]]:
    """(zone, name, set, id) of every <card> of a .dek."""
    root = fromstring(text)
    return [
        (zone.get("name"), card.findtext("name"), card.findtext("set"), card.find("name").get("id"))
        for zone in root.iter("superzone")
        for card in zone.iter("card")
    ]


def octgn_cards(text: str) -> list[tuple[str, str, str, str]]:
    """(section, text, qty, id) of every <card> of an .o8d."""
    root = fromstring(text)
    return [
        (section.get("name"), card.text, card.get("qty"), card.get("id"))
        for section in root.iter("section")
        for card in section.iter("card")
    ]


@pytest.mark.parametrize("kind", [".dek", ".o8d"])
def test_a_forum_deck_is_written_under_the_catalogues_names(tmp_path, kind):
    written = convert(FORUM, tmp_path / f"deck{kind}")
    names = {c[1] for c in (lackey_cards if kind == ".dek" else octgn_cards)(written)}
    assert {"Luck: Richie Ryan", "Master's Block: Richie Ryan", "Thrust"} <= names
    assert not {"Luck (Richie Ryan)", "Master\u2019s Block (Richie Ryan)"} & names
    for fmt in FORMATS:  # the spelling never mattered to the fingerprint
        assert digest(tmp_path / f"deck{kind}", fmt) == digest(FORUM, fmt)


def test_the_game_each_program_expects(tmp_path):
    lackey = fromstring(convert(FORUM, tmp_path / "deck.dek"))
    assert lackey.findtext("meta/game") == LACKEY_GAME == "Highlander"
    assert lackey.findtext("meta/format") == "First Edition"  # as the programs show it
    octgn = fromstring(convert(FORUM, tmp_path / "deck.o8d"))
    assert octgn.get("game") == OCTGN_GAME and is_guid(OCTGN_GAME)
    assert octgn.findtext("notes") == "Format: First Edition"


def test_a_lackey_deck_keeps_its_ids_sets_and_game(tmp_path):
    source = PROGRAMS / "richie-lackey.dek"
    before = lackey_cards(source.read_text(encoding="utf-8"))
    written = convert(source, tmp_path / "copy.dek")
    after = lackey_cards(written)
    # Every copy with its name, set and Lackey id as it was, in its zone (the pre-game zone
    # is written "Pregame"; the reader takes both spellings).
    zones = {"Pregame": "Pre-Game"}
    assert sorted(before, key=str) == sorted(
        [(zones.get(z, z), n, s, i) for z, n, s, i in after], key=str
    )
    assert fromstring(written).findtext("meta/game") == "Highlander"
    for fmt in FORMATS:
        assert digest(tmp_path / "copy.dek", fmt) == digest(source, fmt)


def test_an_octgn_deck_keeps_its_guids_and_game(tmp_path):
    source = PROGRAMS / "richie-octgn.o8d"
    written = convert(source, tmp_path / "copy.o8d")
    assert octgn_cards(written) == octgn_cards(source.read_text(encoding="utf-8"))
    assert fromstring(written).get("game") == fromstring(source.read_bytes()).get("game")
    for fmt in FORMATS:
        assert digest(tmp_path / "copy.o8d", fmt) == digest(source, fmt)


def test_ids_of_another_program_are_not_carried_over(tmp_path):
    """A Lackey image id means nothing to OCTGN: the .o8d gets the catalogue's id, and the
    Lackey sets follow the names."""
    written = convert(PROGRAMS / "richie-lackey.dek", tmp_path / "deck.o8d")
    cards = octgn_cards(written)
    assert ("Endurance", "Upper Left Attack [SE]", "3", "upper-left-attack") in cards
    assert ("Endurance", "Luck: Richie Ryan [Series Edition]", "2", "luck-richie-ryan") in cards
    assert fromstring(written).get("game") == OCTGN_GAME
    assert not any(re.search(r"_S$|_SE$", card[3]) for card in cards)


def test_the_sideboard_keeps_its_sets_and_ids(tmp_path):
    written = convert(PROGRAMS / "richie-lackey.dek", tmp_path / "copy.dek")
    sideboard = [c for c in lackey_cards(written) if c[0] == "Sideboard"]
    assert sideboard == [
        ("Sideboard", "Dodge", "SE", "Dod_S"),
        ("Sideboard", "Dodge", "SE", "Dod_S"),
        ("Sideboard", "Upper Guard", "SE", "UppGua_S"),
    ]


def test_game_option(tmp_path):
    guid = "0c1e4b7a-3f6d-4a2b-9e8c-7d5f3a1b2c4d"
    octgn = fromstring(convert(FORUM, tmp_path / "deck.o8d", "--game", guid))
    assert octgn.get("game") == guid
    lackey = fromstring(convert(FORUM, tmp_path / "deck.dek", "--game", "highlandertcg"))
    assert lackey.findtext("meta/game") == "highlandertcg"
    refused = runner.invoke(
        app, ["deck", "convert", str(FORUM), str(tmp_path / "x.o8d"), "--game", "Highlander"]
    )
    assert refused.exit_code == 2 and "an OCTGN game is named by its GUID" in refused.stderr
    text = runner.invoke(app, ["deck", "convert", str(FORUM), "-", "--game", "Highlander"])
    assert text.exit_code == 2 and "--game names the game of a .dek or .o8d" in text.stderr
