"""Unknown facts as bounds (issue 18, section 3), through the command line on the shipped
catalogue: a fact the catalogue does not record counts at its least, so a deck whose known
part already breaks a limit is illegal, and one whose verdict depends on the unknown part
gets a note naming the cards.

The shipped catalogue records the hand icons of the Katana and the Scimitar (1 each) and not
those of the War Axe; Kanwulf wields the War Axe one-handed (his `hand-icons` modifier).
"""

from __future__ import annotations

import json

from typer.testing import CliRunner

from hlcg.cli.app import app

ENDURANCE = """
Endurance:
3 Upper Left Attack
3 Upper Center Attack
3 Upper Right Attack
3 Middle Left Attack
3 Thrust
3 Middle Right Attack
3 Lower Left Attack
3 Lower Center Attack
3 Lower Right Attack
3 Upper Left Block
3 Upper Center Block
3 Upper Right Block
3 Lower Left Block
3 Lower Center Block
3 Lower Right Block
3 Dodge
2 Upper Guard
"""


def _validate(tmp_path, head: str, pregame: list[str]):
    deck = tmp_path / "deck.txt"
    deck.write_text(head + "\nPre-Game:\n" + "\n".join(pregame) + "\n" + ENDURANCE)
    result = CliRunner().invoke(app, ["validate", str(deck), "--output", "json"])
    (report,) = json.loads(result.stdout)["decks"]
    return result.exit_code, report["problems"]


def _codes(problems, severity: str) -> list[str]:
    return [p["code"] for p in problems if p["severity"] == severity]


def _hand_icon_notes(problems) -> list[dict]:
    return [p for p in problems if p["message"].startswith("hand-icons: ")]


DUNCAN = "Format: type-two\nPersona: Duncan MacLeod"


def test_three_weapons_one_of_unrecorded_icons_are_illegal(tmp_path):
    code, problems = _validate(tmp_path, DUNCAN, ["Katana", "Scimitar", "War Axe"])
    assert code == 1
    assert _codes(problems, "error") == ["HL310"]
    (error,) = [p for p in problems if p["severity"] == "error"]
    assert error["rule"] == "hand-icons"
    assert error["message"] == (
        "at least 3 hand icons among the pre-game cards "
        "(Katana (1), Scimitar (1), War Axe (not recorded, counted as 1)); at most 2"
    )
    assert error["cards"] == ["katana-weapon-of-choice", "scimitar", "war-axe"]
    assert _hand_icon_notes(problems) == []


def test_two_weapons_one_of_unrecorded_icons_are_legal_with_a_note(tmp_path):
    code, problems = _validate(tmp_path, DUNCAN, ["Katana", "War Axe"])
    assert code == 0
    assert _codes(problems, "error") == []
    (note,) = _hand_icon_notes(problems)
    assert (note["code"], note["rule"], note["severity"]) == ("HL900", "unchecked", "note")
    assert note["cards"] == ["war-axe"]
    assert note["message"] == (
        "hand-icons: hand icons not recorded for War Axe, counted as 1 (seed 000: a Weapon "
        "of Choice has one or more): at least 2 of the 2 hand icons allowed; legal only if it "
        "has at most 1"
    )


def test_kanwulf_wields_the_war_axe_one_handed(tmp_path):
    code, problems = _validate(
        tmp_path, "Format: type-one\nPersona: Kanwulf", ["Katana", "War Axe"]
    )
    assert code == 0
    assert [p for p in problems if "hand" in p["message"]] == []
