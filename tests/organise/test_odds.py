"""`hlcg deck odds`: exact chances checked against hand-worked hypergeometric values, and
the grid coverage the catalogue records, through the CLI."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction
from math import comb

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.organise.odds import at_least_one, gem_distribution

runner = CliRunner()
ALICE = ROOT / "examples" / "tournament" / "alice-duncan.txt"  # 54 Endurance cards
EXAMPLE_DECKS = sorted(
    p
    for folder in ("decks/valid", "decks/invalid", "tournament", "programs")
    for p in (ROOT / "examples" / folder).iterdir()
    if p.suffix in (".txt", ".json", ".dek", ".o8d") and p.name != "expected.json"
)


def odds(*args: str) -> dict:
    result = runner.invoke(app, ["deck", "odds", *args, "--output", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def fraction(chance: dict) -> Fraction:
    return Fraction(chance["numerator"], chance["denominator"])


def test_upper_left_block_in_the_opening_hand_and_an_exertion():
    """Alice's 54-card Endurance holds 3 Upper Left Blocks.
    Opening hand (15): 1 - C(51,15)/C(54,15) = 1 - (39*38*37)/(54*53*52)
                     = 1 - 54834/148824 = 93990/148824 = 1205/1908 (63.16%).
    Exertion (5):      1 - C(51,5)/C(54,5) = 1 - (49*48*47)/(54*53*52)
                     = 1 - 110544/148824 = 38280/148824 = 1595/6201 (25.72%)."""
    answer = odds(str(ALICE), "--kind", "Upper Left Block")
    assert answer["endurance"] == 54
    (kind,) = answer["kinds"]
    assert (kind["kind"], kind["how"], kind["copies"]) == ("Upper Left Block", "title", 3)
    assert fraction(kind["draws"]["opening hand"]) == Fraction(1205, 1908)
    assert fraction(kind["draws"]["exertion"]) == Fraction(1595, 6201)
    assert kind["draws"]["opening hand"]["percent"] == 63.16
    assert kind["draws"]["exertion"]["percent"] == 25.72


def test_text_output_names_both_chances():
    result = runner.invoke(app, ["deck", "odds", str(ALICE), "-k", "Upper Left Block"])
    assert result.exit_code == 0
    assert "an opening hand of 15 cards, an Exertion of 5" in result.stdout
    (row,) = [line for line in result.stdout.splitlines() if line.startswith("Upper Left")]
    assert row.split() == ["Upper", "Left", "Block", "3", "63.16%", "(1205/1908)", "25.72%"] + [
        "(1595/6201)"
    ]


def test_an_area_is_the_defenses_covering_it_and_attacks_are_asked_apart():
    answer = odds(str(ALICE), "-k", "upper-left", "-k", "attacks:Upper Left", "-k", "block")
    defends, attacks, blocks = answer["kinds"]
    assert (defends["kind"], defends["copies"], defends["matching"]) == (
        "defends upper-left",
        3,
        ["Upper Left Block"],
    )
    assert (attacks["kind"], attacks["matching"]) == ("attacks upper-left", ["Upper Left Attack"])
    # 6 basic blocks x 3 = 18: 1 - C(36,5)/C(54,5) = 1 - 376992/3162510 = 2785518/3162510
    assert blocks["copies"] == 18
    assert fraction(blocks["draws"]["exertion"]) == 1 - Fraction(comb(36, 5), comb(54, 5))
    assert fraction(blocks["draws"]["exertion"]) == Fraction(9103, 10335)


def test_a_gem_attribute_gives_the_tiered_and_threshold_exertions():
    """Alice's reason gems: 2 Master of the Katana with 2 each; every other card's reason
    count is 0 or not recorded. At least 2 gems in 5 cards = at least one Master of the
    Katana = 1 - C(52,5)/C(54,5) = 1 - (49*48)/(54*53) = 1 - 2352/2862 = 85/477; at least 3
    = both copies = C(2,2)*C(52,3)/C(54,5) = 22100/3162510 = 10/1431."""
    (kind,) = odds(str(ALICE), "-k", "reason")["kinds"]
    gems = kind["gems"]
    assert gems["in_deck"] == 4
    # each entry names its gem count: the lists need no reading by position
    assert [(c["gems"], fraction(c["chance"])) for c in gems["at_least"]] == [
        (0, 1),
        (1, Fraction(85, 477)),
        (2, Fraction(85, 477)),
        (3, Fraction(10, 1431)),
        (4, Fraction(10, 1431)),
    ]
    assert [(c["gems"], fraction(c["chance"])) for c in gems["exactly"]] == [
        (0, Fraction(392, 477)),
        (1, 0),
        (2, Fraction(85, 477) - Fraction(10, 1431)),
        (3, 0),
        (4, Fraction(10, 1431)),
    ]
    checks = {c["check"]: (c["gems"], fraction(c["chance"])) for c in gems["checks"]}
    assert checks == {
        "Hard Exertion to rearm": (2, Fraction(85, 477)),
        "Soft Exertion to rearm": (3, Fraction(10, 1431)),
        "Attribute Check for three gems": (3, Fraction(10, 1431)),
    }
    assert "Upper Left Attack" in gems["unknown_gems"]  # its gems are not recorded


def test_a_search_query_is_a_kind():
    (kind,) = odds(str(ALICE), "-k", "t:dodge")["kinds"]
    # Dodge x5: 1 - C(49,15)/C(54,15)
    assert (kind["how"], kind["copies"]) == ("query", 5)
    assert fraction(kind["draws"]["opening hand"]) == 1 - Fraction(comb(49, 15), comb(54, 15))


def test_grid_coverage_counts_unknown_grids_apart():
    coverage = odds(str(ALICE))["coverage"]
    assert coverage["rulebook"] == "seed 002 (Type Two, 2009)"
    assert coverage["areas"]["upper-left"] == {"attacks": 3, "defenses": 3, "not_recorded": 0}
    # Thrust; whether Type Two's Upper and Lower Center Blocks reach the middle: no source
    assert coverage["areas"]["middle-center"] == {"attacks": 3, "defenses": 0, "not_recorded": 6}
    assert coverage["areas"]["middle-left"] == {"attacks": 3, "defenses": 0, "not_recorded": 6}
    assert coverage["unknown_grid"] == {"copies": 7, "cards": {"Dodge": 5, "Upper Guard": 2}}


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("zzqx", "--kind 'zzqx': no card, type, area, gem or search matches"),
        ("t:wat", "--kind 't:wat': t:wat: unknown type 'wat'"),
        ("attacks:sideways", "--kind 'attacks:sideways': name an area, one of upper-left"),
    ],
)
def test_a_kind_that_names_nothing_is_exit_2(kind, message):
    result = runner.invoke(app, ["deck", "odds", str(ALICE), "-k", kind])
    assert result.exit_code == 2
    assert f"hlcg: error: {message}" in result.stderr


@pytest.mark.parametrize("deck", EXAMPLE_DECKS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_every_example_deck(deck):
    answer = odds(str(deck))
    assert [k["kind"] for k in answer["kinds"]] == ["attack", "block", "dodge", "special"]
    assert sorted(answer["coverage"]["areas"]) == sorted(
        f"{r}-{c}" for r in ("upper", "middle", "lower") for c in ("left", "center", "right")
    )
    for kind in answer["kinds"]:
        assert 0 <= fraction(kind["draws"]["exertion"]) <= fraction(kind["draws"]["opening hand"])


def test_the_counts_match_every_draw_enumerated():
    """Against brute force: every 3-card draw from 7 cards, 2 of them with 2 gems and 1
    with 1 gem, counted one by one."""
    cards = [2, 2, 1, 0, 0, 0, 0]
    draws = list(itertools.combinations(range(7), 3))
    totals = [sum(cards[i] for i in draw) for draw in draws]
    expected = [Fraction(totals.count(g), len(draws)) for g in range(max(totals) + 1)]
    assert gem_distribution([(2, 2), (1, 1)], 7, 3) == expected
    assert at_least_one(7, 3, 3) == Fraction(sum(1 for d in draws if min(d) < 3), len(draws))
