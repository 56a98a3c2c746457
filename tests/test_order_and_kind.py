"""Verdicts independent of order and kind (issue 23): the same deck in any line order, and
converted to every kind and back, gets one verdict (the JSON report's problems, counts and
messages, line numbers apart) and one fingerprint. Decks are built from the shipped
catalogue's cards, with other personas' cards for the borrowing budgets to spend."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from conftest import BASIC_TITLES, ROOT
from hlcg.check import load_catalogue
from hlcg.cli.app import app

runner = CliRunner()
KINDS = (".txt", ".json", ".dek", ".o8d")
FORMATS = ("first-edition", "type-one", "type-two")
# Richie Ryan borrows one card of each other persona; Methos takes any Master card; a
# Generic Immortal borrows one copy where the format allows; Duncan MacLeod borrows nothing.
PERSONAS = ("Richie Ryan", "Methos", "Duncan MacLeod", "Generic Immortal", "Kurgan (Movie Edition)")
# Darius (the Type Two event) admits one card of another persona from the allowance pool.
ALLOWANCE = "Darius"


def _card_names() -> tuple[list[str], list[str], list[str], list[str], dict[str, list[str]]]:
    """Names that mean one card each: (other personas' in-game cards, other in-game cards,
    pre-game cards other than personas, every persona's title), and each name's sets."""
    catalogue = load_catalogue()
    persona_titles = {card.title for card in catalogue.personas}
    borrowed: list[str] = []
    in_game: list[str] = []
    pregame: list[str] = []
    sets: dict[str, list[str]] = {}
    for card in sorted(catalogue.cards.values(), key=lambda c: c.id):
        match = catalogue.exact(card.name)
        if card.type == "persona" or match is None or tuple(match.ids) != (card.id,):
            continue
        sets[card.name] = sorted(card.sets)
        if card.is_pregame:
            pregame.append(card.name)
        elif card.subtitle in persona_titles:
            borrowed.append(card.name)
        else:
            in_game.append(card.name)
    for card in catalogue.personas:
        sets.setdefault(card.title, []).extend(card.sets)
    return borrowed, in_game, pregame, sorted(persona_titles), sets


BORROWED, IN_GAME, PREGAME, PERSONA_TITLES, SETS = _card_names()

SETTINGS = dict(
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def validate(*paths: Path) -> list[dict]:
    result = runner.invoke(app, ["validate", *map(str, paths), "--output", "json"])
    assert result.exit_code in (0, 1), result.output
    decks = json.loads(result.stdout)["decks"]
    assert len(decks) == len(paths)
    return decks


LOCATED = re.compile(r"\blines? \d+(?:(?:, | and )\d+)*|^/\w+/\d+: ")


def verdict(deck: dict) -> tuple:
    """What must not change: the counts, and each problem without the lines it names."""
    counts = tuple(
        deck[key]
        for key in ("legal", "errors", "warnings", "notes", "endurance", "pregame", "persona")
    )
    problems = sorted(
        (p["code"], p["severity"], LOCATED.sub("", p["message"]), tuple(p["cards"]))
        for p in deck["problems"]
    )
    return counts, problems, deck["fingerprint"]


@st.composite
def decks(draw: st.DrawFn) -> tuple[list[str], list[str], list[str]]:
    """(header lines, Pre-Game lines, Endurance lines): a format; a persona declared, or
    listed under Pre-Game, sometimes under Endurance too; the basic cards, other personas'
    cards, Darius now and then, and any other cards of the catalogue."""
    header = [f"Format: {draw(st.sampled_from(FORMATS))}"]
    persona = draw(st.sampled_from(PERSONAS) | st.sampled_from(PERSONA_TITLES))
    counts = st.integers(1, 3)
    pregame = [
        f"1 {name}" for name in draw(st.lists(st.sampled_from(PREGAME), max_size=2, unique=True))
    ]
    lines = [f"{draw(counts)} {title}" for title in BASIC_TITLES]
    borrowed = draw(st.lists(st.sampled_from(BORROWED), min_size=1, max_size=5, unique=True))
    lines += [f"{draw(counts)} {name}" for name in borrowed]
    others = draw(st.lists(st.sampled_from(IN_GAME), max_size=3, unique=True))
    for name in others:  # now and then with a set code of its printings
        printed = draw(st.none() | st.sampled_from(SETS[name])) if SETS[name] else None
        lines.append(f"{draw(counts)} {name}" + (f" [{printed}]" if printed else ""))
    if draw(st.booleans()):
        lines.append(f"{draw(st.integers(1, 2))} {ALLOWANCE}")
    listed = persona in ("Richie Ryan", "Duncan MacLeod", "Methos", "Connor MacLeod")
    where = draw(st.sampled_from(["declared", "pre-game", "endurance"] if listed else ["declared"]))
    if where != "pre-game":
        printings = sorted(set(SETS.get(persona, [])))
        printed = draw(st.none() | st.sampled_from(printings)) if printings else None
        header.append(f"Persona: {persona}" + (f" [{printed}]" if printed else ""))
    if where == "pre-game":
        pregame.insert(0, f"1 {persona}")
    elif where == "endurance":
        lines.append(f"1 {persona}")  # counted as pre-game, with a warning
    return header, pregame, lines


def write(path: Path, header: list[str], pregame: list[str], lines: list[str]) -> Path:
    sections = ["", "Pre-Game:", *pregame] if pregame else []
    text = "\n".join([*header, *sections, "", "Endurance:", *lines]) + "\n"
    path.write_text(text, encoding="utf-8")
    return path


@settings(max_examples=25, **SETTINGS)
@given(deck=decks(), order=st.randoms(use_true_random=False))
def test_any_line_order_gets_one_verdict_and_fingerprint(tmp_path, deck, order):
    header, pregame, lines = deck
    shuffled, pregame_shuffled = list(lines), list(pregame)
    order.shuffle(shuffled)
    order.shuffle(pregame_shuffled)
    paths = (
        write(tmp_path / "as-drawn.txt", header, pregame, lines),
        write(tmp_path / "shuffled.txt", header[::-1], pregame_shuffled, shuffled),
        write(tmp_path / "reversed.txt", header, pregame[::-1], lines[::-1]),
    )
    first, *others = (verdict(d) for d in validate(*paths))
    assert others == [first, first]


@settings(max_examples=15, **SETTINGS)
@given(deck=decks())
def test_every_conversion_and_back_keeps_verdict_and_fingerprint(tmp_path, deck):
    source = write(tmp_path / "source.txt", *deck)
    written = []
    for suffix in KINDS:
        converted, back = tmp_path / f"converted{suffix}", tmp_path / f"back-{suffix[1:]}.txt"
        for frm, to in ((source, converted), (converted, back)):
            result = runner.invoke(app, ["deck", "convert", str(frm), str(to), "--force"])
            assert result.exit_code == 0, result.output
        written += [converted, back]
    first, *others = (verdict(d) for d in validate(source, *written))
    assert others == [first] * len(written)


def test_the_property_decks_borrow_from_several_personas():
    # The pool is real catalogue cards of other personas, Reserved ones among them.
    catalogue = load_catalogue()
    cards = [catalogue.cards[catalogue.exact(name).ids[0]] for name in BORROWED]
    assert len({c.subtitle for c in cards}) >= 5
    assert any(c.reserved for c in cards) and any(c.is_master for c in cards)


def test_richie_ryan_borrows_the_card_that_leaves_fewest_errors_in_any_line_order(tmp_path):
    # One card of Duncan MacLeod's may be borrowed: in line order, Jump took it and Duck was
    # refused too (two errors, or one with the lines swapped); now Duck is borrowed.
    example = (ROOT / "examples/decks/valid/richie-ryan-type-one.txt").read_text()
    base = example.replace("1 Jump: Duncan MacLeod\n", "")
    one, other = "2 Jump: Duncan MacLeod", "1 Duck: Duncan MacLeod"
    paths = []
    for name, lines in (("jump-first", [one, other]), ("duck-first", [other, one])):
        paths.append(tmp_path / f"{name}.txt")
        paths[-1].write_text(base + "\n".join(lines) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["validate", *map(str, paths), "--output", "json"])
    assert result.exit_code == 1
    decks = json.loads(result.stdout)["decks"]
    for deck in decks:
        assert (deck["legal"], deck["errors"]) == (False, 1)
        errors = [(p["code"], p["message"]) for p in deck["problems"] if p["severity"] == "error"]
        assert errors == [
            ("HL204", "2 copies of Jump: Duncan MacLeod; your borrowing permissions cover 0")
        ]
    assert decks[0]["fingerprint"] == decks[1]["fingerprint"]


def _errors(deck: dict) -> list[tuple[str, str]]:
    return sorted((p["code"], p["message"]) for p in deck["problems"] if p["severity"] == "error")


def test_an_error_its_fix_does_not_settle_is_never_merged_whichever_card_comes_first(tmp_path):
    # Two Master cards for a Generic Immortal (a limit of none): the master-limit fix
    # removes Ramirez's card, which is not enough. It was merged with Ramirez's
    # persona-specific error only when his card came first.
    katana, ramirez = "1 Master of the Katana: Katana", "1 Master's Advantage: Ramirez"
    header = ["Format: type-two", "Persona: Generic Immortal"]
    paths = [
        write(tmp_path / "katana-first.txt", header, [], ["1 Thrust", katana, ramirez]),
        write(tmp_path / "ramirez-first.txt", header, [], [ramirez, katana, "1 Thrust"]),
    ]
    first, second = validate(*paths)
    assert _errors(first) == _errors(second)
    assert [code for code, _ in _errors(first)] == ["HL101", "HL102", "HL201", "HL205", "HL309"]
    assert first["errors"] == second["errors"] == 5
    assert first["fingerprint"] == second["fingerprint"]


def test_a_json_deck_merges_the_errors_one_edit_settles_as_a_text_deck_does(tmp_path):
    # Master of the Katana is banned in first edition and needs the Katana: removing it
    # settles both, one error in text; the JSON deck (no line numbers) had two.
    header = ["Format: first-edition", "Persona: Generic Immortal"]
    source = write(
        tmp_path / "katana.txt", header, [], ["1 Thrust", "1 Master of the Katana: Katana"]
    )
    converted = tmp_path / "katana.json"
    result = runner.invoke(app, ["deck", "convert", str(source), str(converted)])
    assert result.exit_code == 0, result.output
    text, as_json = validate(source, converted)
    merged = "1 Master of the Katana: Katana breaks 2 rules: weapon-specific and format-legality"
    for deck in (text, as_json):
        assert deck["errors"] == 4
        assert ("HL309", merged) in _errors(deck)
    assert text["fingerprint"] == as_json["fingerprint"]
