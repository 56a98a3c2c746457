"""Research round 6 in the data (issue 31 §6): the new sets, the new cards (Sheathe Weapon
and Discard Weapon as two cards, Articles/97), the updates with their own sources, and the
first-edition verdicts on Conjure and Archaic Collection."""

from __future__ import annotations

import csv

import pytest

from conftest import ROOT

A94 = "http://www.watcherdatabase.tk/Articles/94.html"
A97 = "http://www.watcherdatabase.tk/Articles/97.html"

NEW_SETS = {
    "4H": "1E", "RE": "1E", "TIN": "1E", "2E-BX": "2E", "2E-S1": "2E", "2E-TG": "2E",
    "2E-QK": "2E", "2E-S2": "2E", "2E-S3": "2E", "2E-S4": "2E", "2E-4H": "2E", "2E-SFV": "2E",
    "2E-RL1": "2E", "2E-LEG": "2E", "2E-SS14": "2E", "2E-SS15": "2E", "2E-PGF14": "2E",
}  # fmt: skip


def _facts(catalogue, card_id: str) -> dict[tuple[str, str], tuple[str, str, bool]]:
    return {
        (f.field, f.value): (f.source, f.inferred, f.attributed) for f in catalogue.facts(card_id)
    }


def test_the_seventeen_sets_with_their_editions_and_sources(shipped):
    assert {code: shipped.sets[code]["edition"] for code in NEW_SETS} == NEW_SETS
    with (ROOT / "data/source/sets.csv").open(encoding="utf-8", newline="") as handle:
        sources = {row["code"]: row["source"] for row in csv.DictReader(handle)}
    assert sources["RE"] == "https://en.wikipedia.org/wiki/Highlander:_The_Card_Game"
    assert all(sources[code].startswith("https://") for code in NEW_SETS)


def test_sheathe_weapon_and_discard_weapon_are_two_cards(shipped):
    # Articles/97: "The first is an Event, the second is an Edge" -- two cards played together.
    assert "sheathe-weapon-discard-weapon" not in shipped.cards
    sheathe, discard = shipped.cards["sheathe-weapon"], shipped.cards["discard-weapon"]
    assert (sheathe.title, sheathe.type, sheathe.restriction, sheathe.sets) == (
        "Sheathe Weapon", "edge", 5, ("TG",),
    )  # fmt: skip
    assert (discard.title, discard.type, discard.sets) == ("Discard Weapon", "event", ())
    facts = _facts(shipped, "sheathe-weapon")
    assert facts[("restriction", "5")] == (A97, "", True)
    source, inferred, _ = facts[("sets", "TG")]
    assert source == A97 and "inference" in inferred
    assert _facts(shipped, "discard-weapon")[("type", "event")] == (A97, "", True)


def test_corda_and_reno_answers_to_both_spellings(shipped):
    card = shipped.cards["corda-and-reno"]
    assert (card.title, card.type) == ("Corda & Reno", "persona")
    assert _facts(shipped, "corda-and-reno")[("type", "persona")] == (A94, "", True)
    for spelling in ("Corda & Reno", "Corda and Reno"):
        match = shipped.lookup(spelling)
        assert (match.how != "fuzzy", match.ids) == (True, ("corda-and-reno",)), spelling
    assert shipped.cards["grounded"].type is None  # the review states no type


@pytest.mark.parametrize(
    ("card_id", "field", "value", "source"),
    [
        ("thief", "type", "event", "http://www.watcherdatabase.tk/Articles/107.html"),
        ("misfortune", "type", "event", "http://www.watcherdatabase.tk/Articles/107.html"),
        ("renee-delaney", "type", "event", "http://www.watcherdatabase.tk/Articles/66.html"),
        ("mental-ward", "text", None, A94),
        ("factory", "text", None, "http://www.watcherdatabase.tk/Articles/56.html"),
    ],
)
def test_an_update_is_the_cards_fact_with_its_own_source(shipped, card_id, field, value, source):
    card = shipped.cards[card_id]
    facts = {f.field: f for f in shipped.facts(card_id)}
    if value is not None:
        assert getattr(card, field) == value
    assert facts[field].attributed
    assert facts[field].source.split("; ")[0] == source


def test_conjure_was_banned_then_legal_in_first_edition(shipped):
    conjure = [f for f in shipped.facts("conjure") if f.field == "legality"]
    assert [f.value for f in conjure] == [
        "first-edition banned from 1998-01",
        "first-edition legal from 1998-06",
    ]
    assert conjure[0].source == "http://www.watcherdatabase.tk/Articles/82.html"
    assert "Articles/79" in conjure[0].inferred and "official" in conjure[1].inferred
    archaic = [f.value for f in shipped.facts("archaic-collection") if f.field == "legality"]
    assert archaic == ["first-edition banned from 1998-01"]
