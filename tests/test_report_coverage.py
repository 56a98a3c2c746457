"""What a deck's report says it checked (issue 31): one line of the checks that finished,
one of those a missing fact kept from finishing (with counts and the command that records
the facts), and the data-gap notes card by card only behind `--select unchecked`. JSON,
SARIF and JUnit keep every note whole; the exit codes do not change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
VALID = ROOT / "examples" / "decks" / "valid"

# A Type Two Connor MacLeod as a player builds it from cards the catalogue holds: legal, and
# most of its facts (the persona's gems and Master limit, most cards' gems) not recorded.
CONNOR = """\
Format: Type Two
Persona: Connor MacLeod [2E-VS02]

Pre-Game:
Katana

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
2 Dodge
2 Head Shot
2 Trip
1 Master's Advance
1 Back Away
1 Battle Rage: Connor MacLeod
1 Duck: Connor MacLeod
"""
CHECKED = (
    "  checked: size, basics, titles, persona cards, pre-game, Watcher and Hunter cards, weapons"
)
NOT_CHECKED = (
    "  not checked (facts missing): gem caps (persona, 22 cards), Master limit (persona), "
    "3 restriction numbers, Type Two legality of 4 cards"
)


def invoke(*args: str | Path, stdin: str | None = None):
    return runner.invoke(app, [str(a) for a in args], input=stdin)


@pytest.fixture
def connor(tmp_path: Path) -> Path:
    deck = tmp_path / "connor.txt"
    deck.write_text(CONNOR, encoding="utf-8")
    return deck


def test_a_legal_type_two_deck_with_gaps_says_what_it_checked_in_a_few_lines(connor: Path):
    result = invoke("validate", connor)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-4:] == [
        CHECKED,
        NOT_CHECKED,
        f"    fix: record what your cards print: hlcg db fill {connor}; "
        "`--select unchecked` lists their 5 notes card by card",
        "LEGAL in type-two (9 notes)",
    ]
    assert not [line for line in lines if "HL900" in line]
    assert "gem counts not recorded" not in result.stdout
    # the header, four inferred-fact notes with their fixes (the persona's 2E-VS02 printing
    # the deck names is evidence only as the catalogue records it, and that is inferred),
    # the two lines and the verdict
    assert len(lines) == 14


def test_select_unchecked_lists_the_gaps_card_by_card(connor: Path):
    result = invoke("validate", connor, "--select", "unchecked")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    gaps = [line for line in lines if " note HL900 unchecked: " in line]
    assert [line.split(" note HL900 unchecked: ")[1].split(":")[0] for line in gaps] == [
        "format-legality",
        "gem-cap",
        "gem-cap",
        "master-limit",
        "restriction",
    ]
    assert (
        f"{connor}: note HL900 unchecked: restriction: restriction number not recorded for "
        "3 cards held in several copies: Dodge, Head Shot, Trip"
    ) in lines
    assert lines[-3:] == [
        NOT_CHECKED,
        f"    fix: record what your cards print: hlcg db fill {connor}",
        "LEGAL in type-two (5 notes)",
    ]
    # HL900 by its code does the same
    assert invoke("validate", connor, "--select", "HL900").stdout == result.stdout


def test_the_json_report_says_the_same_and_keeps_every_note(connor: Path):
    result = invoke("validate", connor, "--output", "json")
    assert result.exit_code == 0, result.output
    (deck,) = json.loads(result.stdout)["decks"]
    coverage = deck["coverage"]
    assert coverage["checked"] == [
        "size",
        "basics",
        "titles",
        "persona cards",
        "pre-game",
        "Watcher and Hunter cards",
        "weapons",
    ]
    assert [
        (g["fact"], g["rules"], len(g["cards"]), g["text"]) for g in coverage["not_checked"]
    ] == [
        ("persona-gems", ["gem-cap"], 1, "gem caps (persona)"),
        ("gems", ["gem-cap"], 22, "gem caps (22 cards)"),
        ("master-limit", ["master-limit"], 1, "Master limit (persona)"),
        ("restriction", ["restriction"], 3, "3 restriction numbers"),
        ("legality", ["format-legality"], 4, "Type Two legality of 4 cards"),
    ]
    restriction = coverage["not_checked"][3]
    assert restriction["cards"] == ["dodge", "head-shot", "trip"]
    assert coverage["fill"] == f"hlcg db fill {connor}"
    notes = [p for p in deck["problems"] if p["code"] == "HL900"]
    assert len(notes) == 5
    assert {c for p in notes for c in p["cards"]} == {
        c for g in coverage["not_checked"] for c in g["cards"]
    }


def test_sarif_and_junit_keep_every_note(connor: Path):
    sarif = json.loads(invoke("validate", connor, "--output", "sarif").stdout)
    results = sarif["runs"][0]["results"]
    assert len([r for r in results if r["ruleId"] == "HL900"]) == 5
    junit = invoke("validate", connor, "--output", "junit").stdout
    assert junit.count("note HL900 unchecked: ") == 5


def test_data_gaps_fail_only_with_fail_on_unchecked(connor: Path):
    assert invoke("validate", connor).exit_code == 0
    assert invoke("validate", connor, "--strict").exit_code == 0
    result = invoke("validate", connor, "--fail-on", "unchecked")
    assert result.exit_code == 1
    assert "1 legal deck failed on data gaps (--fail-on unchecked)" in result.stderr


def test_a_deck_without_gaps_says_only_what_it_checked():
    deck = VALID / "duncan-recorded-first-edition.txt"
    result = invoke("validate", deck)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[-2:] == [
        "  checked: size, basics, titles, restriction numbers, persona cards, Master limit, "
        "pre-game, weapons, First Edition legality",
        "LEGAL in first-edition (3 notes)",
    ]
    (report,) = json.loads(invoke("validate", deck, "--output", "json").stdout)["decks"]
    assert report["coverage"]["not_checked"] == []
    assert report["coverage"]["fill"] is None


FIRST_EDITION = sorted(
    path
    for path in VALID.glob("*.txt")
    if "Format: first-edition" in path.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("deck", FIRST_EDITION, ids=lambda p: p.name)
def test_fail_on_unchecked_passes_the_first_edition_examples_whose_facts_are_recorded(
    deck: Path,
):
    (report,) = json.loads(invoke("validate", deck, "--output", "json").stdout)["decks"]
    recorded = not report["coverage"]["not_checked"]
    assert recorded == (deck.name == "duncan-recorded-first-edition.txt")
    result = invoke("validate", deck, "--fail-on", "unchecked")
    assert result.exit_code == (0 if recorded else 1), result.output


def test_the_basic_blocks_leave_no_restriction_gap():
    # issue 31: the six basic blocks' "restriction number not recorded" was on every deck
    result = invoke("validate", VALID / "duncan-first-edition.txt", "--select", "unchecked")
    (gap,) = [line for line in result.stdout.splitlines() if "unchecked: restriction:" in line]
    assert gap.endswith(
        "restriction number not recorded for 4 cards held in several copies: Duck: Duncan "
        "MacLeod, Head Shot, Jump: Duncan MacLeod, Master's Block: Duncan MacLeod"
    )


def test_a_folder_run_counts_the_decks_not_checked_in_full():
    result = invoke("validate", VALID, "--jobs", "1")
    assert result.exit_code == 0, result.output
    decks = len(list(VALID.glob("*.txt")))
    assert result.stderr.splitlines()[-1] == (
        f"{decks} of {decks} decks legal; {decks - 1} not checked in full (facts missing)"
    )
    assert " HL900 " not in result.stdout
    assert result.stdout.count("  not checked (facts missing): ") == decks - 1


def test_the_fill_command_names_the_deck_as_a_shell_reads_it(tmp_path: Path):
    deck = tmp_path / "my deck.txt"
    deck.write_text(CONNOR, encoding="utf-8")
    shown = invoke("validate", deck).stdout
    assert f"hlcg db fill '{deck}'; " in shown
    piped = invoke("validate", "-", stdin=CONNOR).stdout
    assert "    fix: record what your cards print: hlcg db fill DECK; " in piped


def test_two_copies_of_a_pre_game_card_of_unrecorded_uniqueness_are_a_note(connor: Path):
    deck = connor.with_name("stones.txt")
    deck.write_text(CONNOR.replace("Katana\n", "Katana\n2 Methuselah Stone\n"), encoding="utf-8")
    result = invoke("validate", deck, "--select", "pregame-unique", "--select", "unchecked")
    assert result.exit_code == 0, result.output
    assert (
        f"{deck}:6: note HL900 unchecked: pregame-unique: 2 copies of Methuselah Stone: Set "
        "Premium, a pre-game card whose uniqueness is not recorded: too many if it is unique"
    ) in result.stdout.splitlines()
    assert "uniqueness of 1 pre-game card" in result.stdout


def test_two_copies_of_a_weapon_of_choice_are_an_error():
    result = invoke("validate", ROOT / "examples" / "decks" / "invalid" / "pregame-unique.txt")
    assert result.exit_code == 1
    assert (
        "examples/decks/invalid/pregame-unique.txt:7: error HL302 pregame-unique: "
        "2 copies of Katana, a Weapon of Choice"
    ) in result.stdout.replace(str(ROOT) + "/", "")
