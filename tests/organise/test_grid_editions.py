"""`hlcg deck odds` covers the grid as each edition's rulebook gives it (issue 32, point 5):
seed 001's Upper Blocks counter the middle attack below them; Type Two's reach is not
recorded; no grid is guessed from a name; first-edition decks get no Type Two gem checks."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import Card
from hlcg.cli.app import app
from hlcg.organise.grid import FIRST_EDITION, TYPE_TWO, card_grid

runner = CliRunner()
VALID = ROOT / "examples" / "decks" / "valid"
FIRST = VALID / "duncan-first-edition.txt"  # 3 of each basic Block and Attack
TYPE_ONE = VALID / "richie-ryan-type-one.txt"
SECOND = VALID / "duncan-katana-type-two.txt"


def odds(*args: str) -> dict:
    result = runner.invoke(app, ["deck", "odds", *args, "--output", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


@pytest.mark.parametrize("deck", [FIRST, TYPE_ONE], ids=["first-edition", "type-one"])
def test_a_first_edition_upper_block_counters_the_middle_attack_below_it(deck):
    coverage = odds(str(deck))["coverage"]
    assert coverage["rulebook"] == "seed 001 (first edition)"
    for column in ("left", "center", "right"):
        # the attack: Middle Left, Thrust, Middle Right; the defense: the Upper Block
        assert coverage["areas"][f"middle-{column}"] == {
            "attacks": 3,
            "defenses": 3,
            "not_recorded": 3,  # whether the Lower Block reaches up: no source says
        }
        assert coverage["areas"][f"upper-{column}"]["defenses"] == 3
        assert coverage["areas"][f"lower-{column}"]["defenses"] == 3


def test_type_two_leaves_the_middle_row_of_basic_blocks_not_recorded():
    coverage = odds(str(SECOND))["coverage"]
    assert coverage["rulebook"] == "seed 002 (Type Two, 2009)"
    assert coverage["areas"]["middle-left"] == {"attacks": 3, "defenses": 0, "not_recorded": 6}
    assert coverage["unknown_grid"] == {"copies": 4, "cards": {"Dodge": 2, "Upper Guard": 2}}


def test_the_same_deck_judged_as_type_two_follows_seed_002():
    first = odds(str(FIRST))["coverage"]["areas"]["middle-left"]
    second = odds(str(FIRST), "--format", "type-two")["coverage"]["areas"]["middle-left"]
    assert (first["defenses"], second["defenses"]) == (3, 0)


def test_a_defends_kind_counts_what_the_rulebook_gives():
    (first,) = odds(str(FIRST), "-k", "defends:middle-left")["kinds"]
    (second,) = odds(str(SECOND), "-k", "defends:middle-left")["kinds"]
    assert (first["copies"], first["matching"]) == (3, ["Upper Left Block"])
    assert (second["copies"], second["matching"]) == (0, [])


def test_the_text_output_marks_what_no_source_decides():
    result = runner.invoke(app, ["deck", "odds", str(SECOND)])
    assert result.exit_code == 0
    assert "grid coverage (attacks / defenses), as seed 002 (Type Two, 2009) gives it:" in (
        result.stdout
    )
    assert "middle  3 / 0 (+6?)  3 / 0 (+6?)  3 / 0 (+6?)" in result.stdout
    assert "grid not recorded for 4 copies: Dodge (2), Upper Guard (2)" in result.stdout


def test_a_first_edition_deck_gets_no_type_two_gem_checks():
    (first,) = odds(str(FIRST), "-k", "reason")["kinds"]
    assert first["gems"]["checks"] == []
    (second,) = odds(str(SECOND), "-k", "reason")["kinds"]
    assert [c["check"] for c in second["gems"]["checks"]] == [
        "Hard Exertion to rearm",
        "Soft Exertion to rearm",
        "Attribute Check for three gems",
    ]
    text = runner.invoke(app, ["deck", "odds", str(FIRST), "-k", "reason"]).stdout
    assert "(no gem checks: they are Type Two's, seed 002; first-edition rules have none)" in text
    assert "Hard Exertion" not in text


@pytest.mark.parametrize("rulebook", [FIRST_EDITION, TYPE_TWO])
def test_no_grid_is_guessed_from_a_name(rulebook):
    named = Card(id="upper-left-slash", title="Upper Left Slash", type="attack")
    assert card_grid(named, rulebook) is None
    dodge = Card(id="upper-left-dodge", title="Upper Left Dodge", type="dodge")
    assert card_grid(dodge, rulebook) is None
    recorded = Card(
        id="flurry", title="Flurry Strike", type="attack", text="Middle Left grid version."
    )
    assert card_grid(recorded, rulebook).covers == frozenset({"middle-left"})


def test_thrust_is_the_center_by_the_rulebook_not_by_its_text():
    thrust = Card(id="thrust", title="Thrust", type="attack")
    assert card_grid(thrust, FIRST_EDITION).covers == frozenset({"middle-center"})
