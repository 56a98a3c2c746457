"""Names that never change a deck's meaning (issue 18, section 4): a name shared by a persona
and a Weapon of Choice, lists without section headers, and rows added with fewer facts."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import BASIC_TITLES, ROOT, make_catalogue
from hlcg.catalog import Catalogue, load
from hlcg.catalog.card import Card
from hlcg.check import resolve_deck
from hlcg.cli.app import app
from hlcg.curation.builder import write_catalogue
from hlcg.curation.bundle import load_sources
from hlcg.curation.models import CardRow
from hlcg.deck.text import parse_text
from hlcg.tcboo.models import TABLE_GROUP

BASICS = "".join(f"3 {t}\n" for t in BASIC_TITLES)  # 45 cards
# Katana's Reserved cards (http://www.watcherdatabase.tk/Articles/10.html); Intimidate alone
# is three personas' card, Katana's in a Katana deck.
KATANA_CARDS = "1 Do It Yourself\n1 Intimidate\n3 Dodge\n"
KATANA_TYPE_ONE = "Format: type-one\nPre-Game:\nKatana\nEndurance:\n" + BASICS + KATANA_CARDS
PERSONA_CHECKS_SKIPPED = (
    "; if it is the persona, persona checks were skipped: persona-specific, reserved, "
    "signature, generic-borrow, master-limit, gem-cap, quickening-own-persona, "
    "premium-persona, watcher-hunter, weapon-specific, hand-icons"
)


def _resolve(text: str, catalogue: Catalogue, fmt: str | None = None):
    return resolve_deck(parse_text(text), catalogue, fmt)


def _cards(resolved) -> list[tuple[str, str, int]]:
    return sorted((dc.card.id, dc.section, dc.count) for dc in resolved.cards)


def _validate_json(tmp_path: Path, text: str, *args: str) -> tuple[int, dict]:
    deck = tmp_path / "deck.txt"
    deck.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(deck), "--output", "json", *args])
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def _errors(deck: dict) -> list[tuple[str, str, int | None, list[str]]]:
    return [
        (p["code"], p["rule"], p["line"], p["cards"])
        for p in deck["problems"]
        if p["severity"] == "error"
    ]


# --- Katana: the persona or the Weapon of Choice ---------------------------------------


def test_katana_with_its_reserved_cards_is_the_persona_in_type_one(tmp_path, shipped):
    resolved = _resolve(KATANA_TYPE_ONE, shipped)
    assert resolved.persona.id == "katana-persona"
    assert ("katana-persona", "pregame", 1) in _cards(resolved)
    assert ("do-it-yourself-katana", "endurance", 1) in _cards(resolved)
    assert ("intimidate-katana", "endurance", 1) in _cards(resolved)
    assert not resolved.unresolved
    code, deck = _validate_json(tmp_path, KATANA_TYPE_ONE)
    assert (code, deck["legal"], deck["errors"], deck["persona"]) == (0, True, 0, "Katana")
    assert (deck["endurance"], deck["pregame"]) == (50, 1)


def test_katana_the_deck_does_not_decide_gets_the_verdict_both_readings_share(tmp_path):
    """Issue 32, point 3: the line could be the persona or the Weapon of Choice, and the
    deck is legal either way: that verdict, with a note naming both cards."""
    text = KATANA_TYPE_ONE.replace("1 Do It Yourself\n1 Intimidate\n", "2 Upper Guard\n")
    code, deck = _validate_json(tmp_path, text)
    assert (code, deck["legal"], deck["errors"]) == (0, True, 0)
    notes = [
        (p["code"], p["severity"], p["line"], p["cards"], p["message"])
        for p in deck["problems"]
        if p["rule"] == "ambiguous-card"
    ]
    assert notes == [
        (
            "HL003",
            "note",
            3,
            ["katana-persona", "katana-weapon-of-choice"],
            "the line could be Katana (persona) [katana-persona] or Katana (weapon-of-choice) "
            "[katana-weapon-of-choice]; every reading is LEGAL: judged as Katana (persona) "
            "[katana-persona]",
        )
    ]
    assert deck["persona"] == "Katana"


@pytest.mark.parametrize("fmt", ["first-edition", "type-one", "type-two"])
def test_the_format_never_turns_the_persona_into_the_weapon(shipped, fmt):
    """The format's legality lists decide only between versions of one type: in first
    edition (where the 2nd Edition Weapon of Choice is not legal) the line is not the
    persona because of it, nor in Type Two the weapon."""
    (problem,) = _resolve("Pre-Game:\nKatana\n", shipped, fmt).unresolved
    # In first edition the weapon is the first-edition-era Katana (research round 5).
    weapon = "katana-weapon-of-choice-1e" if fmt == "first-edition" else "katana-weapon-of-choice"
    assert (problem.kind, problem.card_ids) == (
        "ambiguous",
        ("katana-persona", weapon),
    )


def test_a_declared_or_listed_persona_makes_katana_the_weapon(shipped):
    declared = _resolve("Persona: Duncan MacLeod\nPre-Game:\nKatana\n", shipped, "type-one")
    assert _cards(declared) == [
        ("duncan-macleod-se", "pregame", 1),
        ("katana-weapon-of-choice", "pregame", 1),
    ]
    # Listed after the Weapon of Choice, as an OCTGN Pre-Game section may list them.
    listed = _resolve("Pre-Game:\nKatana\nDuncan MacLeod\n", shipped, "type-two")
    assert listed.persona.id == "duncan-macleod-2e" and not listed.unresolved
    assert ("katana-weapon-of-choice", "pregame", 1) in _cards(listed)
    generic = _resolve("Persona: Generic Immortal\nPre-Game:\nKatana\n", shipped)
    assert _cards(generic) == [("katana-weapon-of-choice", "pregame", 1)]


def _with_rows(tmp: Path, *rows: dict) -> Catalogue:
    """The shipped sources plus ``rows``, built into a catalogue of their own."""
    bundle = load_sources(ROOT / "data" / "source", [TABLE_GROUP])
    bundle.cards = [*bundle.cards, *(CardRow.model_validate(row) for row in rows)]
    path = tmp / "more-rows.sqlite"
    write_catalogue(path, bundle)
    return load(path)


# The first-edition-era Katana Weapon of Choice as round 5 of the research records it: no
# printing, no hand icons (http://www.watcherdatabase.tk/Articles/110.html).
KATANA_1E = {
    "id": "katana-weapon-of-choice-1e",
    "title": "Katana",
    "type": "weapon-of-choice",
    "source": "http://www.watcherdatabase.tk/Articles/110.html",
}


@pytest.fixture(scope="module")
def second_katana(tmp_path_factory: pytest.TempPathFactory) -> Catalogue:
    return _with_rows(tmp_path_factory.mktemp("katana"), KATANA_1E)


@pytest.mark.parametrize(
    ("fmt", "weapon"),
    [
        ("type-two", "katana-weapon-of-choice"),
        ("type-one", "katana-weapon-of-choice"),
        # The 2nd Edition Katana is not legal in first edition; the other one is the card.
        ("first-edition", "katana-weapon-of-choice-1e"),
    ],
)
def test_a_second_katana_weapon_row_keeps_a_plain_line_one_card(second_katana, fmt, weapon):
    duncan = _resolve("Persona: Duncan MacLeod\nPre-Game:\nKatana\n", second_katana, fmt)
    assert not duncan.unresolved
    assert (weapon, "pregame", 1) in _cards(duncan)
    persona = _resolve(KATANA_TYPE_ONE, second_katana, fmt)
    assert persona.persona.id == "katana-persona" and not persona.unresolved


def test_a_second_katana_weapon_row_leaves_two_candidates_when_undecided(second_katana):
    (problem,) = _resolve("Pre-Game:\nKatana\n", second_katana, "type-one").unresolved
    assert problem.card_ids == ("katana-persona", "katana-weapon-of-choice")


def test_a_row_with_fewer_facts_does_not_make_a_name_ambiguous(mini):
    """Where the format cannot choose (no printings or legality recorded), a version that
    lacks facts the other records, and contradicts none, leaves the line one card."""
    bare = Card(id="blade-bare", title="Blade", type="weapon-of-choice")
    catalogue = make_catalogue([*mini.cards.values(), bare])
    resolved = _resolve("Persona: Hero\nPre-Game:\nBlade\n", catalogue, "type-two")
    assert _cards(resolved) == [("blade", "pregame", 1), ("hero", "pregame", 1)]
    # A version contradicting a recorded fact is another card: the line is ambiguous.
    other = bare._replace(id="blade-two", hand_icons=2)
    catalogue = make_catalogue([*mini.cards.values(), other])
    (problem,) = _resolve("Persona: Hero\nPre-Game:\nBlade\n", catalogue, "type-two").unresolved
    assert problem.message == (
        "'Blade' could be 2 cards: Blade [blade] or Blade [blade-two]; they differ in hand icons"
    )


# --- lists without section headers ------------------------------------------------------

FLAT_BODY = BASICS + "4 Dodge\n"  # 49 cards: the first line makes 50


@pytest.mark.parametrize(
    ("fmt", "darius", "section"),
    [
        ("type-one", "darius-pregame", "pregame"),
        ("first-edition", "darius-pregame", "pregame"),
        ("type-two", "darius-event", "endurance"),
    ],
)
def test_a_flat_list_takes_the_darius_the_format_admits(shipped, fmt, darius, section):
    """`Darius` is the first-edition pre-game card (1E) and the Type Two event: before any
    header, the format's evidence (its edition, its legality list) says which."""
    resolved = _resolve("Persona: Duncan MacLeod\nDarius\n" + FLAT_BODY, shipped, fmt)
    assert (darius, section, 1) in _cards(resolved) and not resolved.unresolved


def test_a_flat_type_one_list_with_darius_through_the_cli(tmp_path):
    text = "Format: type-one\nDuncan MacLeod\nDarius\n" + BASICS + "5 Dodge\n"
    code, deck = _validate_json(tmp_path, text)
    assert (code, deck["legal"], deck["errors"], deck["persona"]) == (0, True, 0, "Duncan MacLeod")
    assert (deck["endurance"], deck["pregame"]) == (50, 2)
    assert not [p for p in deck["problems"] if p["rule"] == "format-legality"]


def test_the_first_line_of_a_flat_list_naming_a_persona_is_the_persona(tmp_path, shipped):
    text = "Format: type-one\nKatana\n" + FLAT_BODY + "1 Upper Guard\n"
    resolved = _resolve(text, shipped)
    assert resolved.persona.id == "katana-persona" and not resolved.unresolved
    code, deck = _validate_json(tmp_path, text)
    assert (code, deck["errors"], deck["persona"], deck["pregame"]) == (0, 0, "Katana", 1)
    # A line naming only a persona decides first: Katana is then Duncan's weapon.
    both = _resolve("Katana\nDuncan MacLeod\n" + FLAT_BODY, shipped, "type-two")
    assert both.persona.id == "duncan-macleod-2e" and not both.unresolved
    assert ("katana-weapon-of-choice", "pregame", 1) in _cards(both)


def test_a_flat_list_name_the_format_does_not_decide_is_ambiguous(shipped):
    """Joe Dawson is a Watcher pre-game and a Situation, both of the Watcher Chronicles;
    Katana later than the first line, with no persona to decide, is either card."""
    resolved = _resolve("Duncan MacLeod\nJoe Dawson\n", shipped, "type-one")
    (problem,) = resolved.unresolved
    assert (problem.kind, problem.line, problem.card_ids) == (
        "ambiguous",
        2,
        ("joe-dawson-situation", "joe-dawson-watcher"),
    )
    (problem,) = _resolve("Thrust\nKatana\n", shipped, "type-one").unresolved
    assert problem.card_ids == ("katana-persona", "katana-weapon-of-choice")
