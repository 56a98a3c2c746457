"""There Can Be Only One: catalogue tables, commands and the sheet check."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app
from hlcg.tcboo.sheet import POINTS_MAX, POINTS_MIN, check
from hlcg.tcboo.store import load

runner = CliRunner()
SHEETS = ROOT / "examples" / "tcboo"


@pytest.fixture(scope="module")
def data():
    return load(shipped_path())


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_catalogue_holds_every_table_row(data):
    assert len(data.cards) == 60
    assert len(data.immortals) == 3 and len(data.swords) == 9 and len(data.locations) == 8
    assert all(
        row.source.startswith("seed 003_7a38ed839bb1dc19.txt") for row in data.cards.values()
    )


def test_stat_forces_decoded(data):
    expected = {
        "Slash": "speed",
        "Cut": "sharpness",
        "Overhead Smash": "impact",
        "Body Slam": "size",
        "Catch": "guard",
        "Keep at Bay": "length",
        "Animal Reflexes": "reflexes",
        "Sword Master": "skill",
        "Trick": "wits",
        "Force of Will": "will",
        "Desperate Gambit": "courage",
        "Outmaneuver": "agility",
        "Overpower": "strength",
    }
    assert {n: c.force_stat for n, c in data.cards.items() if c.force_stat} == expected


def test_notes_decoded(data):
    cards = data.cards
    assert (cards["Feint"].opponent_next_attack, cards["Feint"].next_attack) == (-3, 3)
    assert (cards["Taunt"].opponent_next_attack, cards["Taunt"].opponent_next_defense) == (
        -1,
        -3,
    )
    assert (
        cards["Inspired"].draw,
        cards["Inspired"].next_attack,
        cards["Inspired"].next_defense,
    ) == (1, 2, 2)
    assert cards["Counterattack"].opponent_discards == 1
    assert cards["Rapid Healing"].heal == 4 and cards["Read Opponent"].look_at_hand
    assert cards["Break"].negate_penalties and cards["Watcher"].interference
    assert (cards["Enraged"].state_attack, cards["Enraged"].state_defense) == (4, -3)
    assert sorted(n for n, c in cards.items() if c.decapitation) == [
        "Cleave",
        "Cut",
        "Hack",
        "Sever",
        "Slash",
        "Slice",
        "Wild Swing",
    ]


def test_card_command_finds_sever():
    result = invoke("tcboo", "card", "sever")
    assert result.exit_code == 0
    assert re.search(r"Sever\s+A \(attack\)\s+9\s+decapitation", result.stdout)
    found = json.loads(invoke("tcboo", "card", "Sevr", "--json").stdout)["found"]
    assert found["name"] == "Sever"


def test_cards_filters():
    data = json.loads(invoke("tcboo", "cards", "--interference", "--json").stdout)
    assert sorted(c["name"] for c in data) == ["Bystander", "Hunter", "Watcher", "Witness"]
    states = json.loads(invoke("tcboo", "cards", "--type", "S", "--json").stdout)
    assert len(states) == 5


def test_swords_and_locations():
    result = invoke("tcboo", "swords")
    assert result.exit_code == 0
    assert re.search(r"Katana\s+9\s+5\s+8\s+5\s+6", result.stdout)
    assert len([line for line in result.stdout.splitlines()[2:] if line.strip()]) == 9
    locations = json.loads(invoke("tcboo", "locations", "--json").stdout)
    rooftop = next(loc for loc in locations if loc["name"] == "Rooftop")
    assert rooftop["attack_force"] == 1


def test_immortal_command():
    data = json.loads(invoke("tcboo", "immortal", "ramirez", "--json").stdout)["found"]
    assert (data["wits"], data["endurance"], data["experience"]) == (9, 5, 9)


def test_points_range_arithmetic():
    assert (POINTS_MIN, POINTS_MAX) == (76, 81)
    # twelve rolls of 1D6+3 average 78; the points method averages 36 + 39 + 3.5 = 78.5
    assert (12 * 6.5, 36 + 39 + 3.5) == (78, 78.5)


def breaks(path: Path) -> str | None:
    match = re.search(r"^# breaks: (\S+)", path.read_text(), re.M)
    return match.group(1) if match else None


@pytest.mark.parametrize("path", sorted(SHEETS.glob("*.toml")), ids=lambda p: p.stem)
def test_example_sheets(path: Path):
    result = invoke("tcboo", "check", str(path), "--output", "json")
    (report,) = json.loads(result.stdout)["sheets"]  # one shape for one sheet or many
    rule = breaks(path)
    assert [p["rule"] for p in report["problems"]] == ([rule] if rule else [])
    assert result.exit_code == (1 if rule else 0)
    assert report["version"] == 1 and report["path"] == str(path)


def test_all_sixes_roll_sheet_has_21_life_points():
    (report,) = json.loads(
        invoke("tcboo", "check", str(SHEETS / "legal-roll.toml"), "-o", "json").stdout
    )["sheets"]
    assert report["legal"] and report["derived"]["life_points"] == 21
    assert report["derived"]["hand_size"] == 5
    # Rooftop (seed 003, Locations): every attack has 1 more Force.
    assert report["derived"]["location"]["name"] == "Rooftop"
    assert report["derived"]["card_forces"]["Slash"] == 8 + 1  # the Katana's Speed
    assert report["derived"]["card_forces"]["Body Slam"] == 6 + 1  # the Immortal's Size


def test_points_sheet_of_72_fails(data):
    sheet = (SHEETS / "point-total.toml").read_text()
    import tomllib

    parsed = tomllib.loads(sheet)
    assert sum(parsed["stats"].values()) == 72
    (problem,) = check(parsed, data).problems
    assert problem.rule == "point-total"
    assert problem.message == (
        "the twelve stats sum to 72; with 3 per stat plus 39+1D6 points they sum to 76..81"
    )


def test_sword_typo_gets_did_you_mean():
    result = invoke("tcboo", "check", str(SHEETS / "unknown-sword.toml"))
    assert result.exit_code == 1
    assert "no sword named 'Katanna'; did you mean Katana" in result.stdout


def test_premade_is_accepted():
    result = invoke("tcboo", "check", "--premade", "Conner MacLeod", "--sword", "Katana")
    assert result.exit_code == 0
    assert "Life Points: 23" in result.stdout and "PREMADE" in result.stdout


def test_bad_sheets_exit_2(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text("name = [unclosed\n")
    result = invoke("tcboo", "check", str(broken))
    assert result.exit_code == 2 and "not valid TOML" in result.stderr
    assert invoke("tcboo", "check", str(tmp_path / "missing.toml")).exit_code == 2
    assert invoke("tcboo", "check").exit_code == 2


def test_non_integer_stats_are_missing(data):
    problems = check({"method": "roll", "sword": "Katana", "stats": {"wits": "six"}}, data).problems
    rules = [p.rule for p in problems]
    assert rules.count("stat-missing") == 12


def test_run_time_records_carry_the_source_models_fields_in_order():
    from hlcg.tcboo.models import TABLES
    from hlcg.tcboo.records import RECORDS

    assert RECORDS.keys() == TABLES.keys()
    for table, model in TABLES.items():
        assert RECORDS[table]._fields == tuple(model.model_fields), table


def test_problems_are_located_at_their_key(data):
    sheet = {
        "Method": "roll",
        "sword": "Katana",
        "colour": "red",
        "stats": {"wits": "six", "luck": 3, "size": 12},
    }
    located = [(p.field, p.rule) for p in check(sheet, data).problems]
    assert located[:4] == [
        ("colour", "unknown-stat"),
        ("stats.luck", "unknown-stat"),
        ("stats.wits", "stat-missing"),
        ("stats.will", "stat-missing"),
    ]
    assert ("stats.size", "stat-range") in located and len(located) == 14
    result = invoke("tcboo", "check", str(SHEETS / "stat-range.toml"), "-o", "json")
    ((problem,),) = [sheet["problems"] for sheet in json.loads(result.stdout)["sheets"]]
    assert problem["field"] == "stats.strength"
    text = invoke("tcboo", "check", str(SHEETS / "stat-range.toml")).stdout
    assert "stat-range.toml: stats.strength: stat-range: strength is 10" in text


def test_the_force_stats_the_source_model_takes_are_the_stats():
    from typing import get_args

    from hlcg.tcboo import STATS, SWORD_STATS
    from hlcg.tcboo.models import Stat

    assert get_args(Stat) == STATS + SWORD_STATS
