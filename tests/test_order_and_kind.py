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

from conftest import BASIC_TITLES
from hlcg.api import load_catalogue
from hlcg.cli.app import app

runner = CliRunner()
KINDS = (".txt", ".json", ".dek", ".o8d")
FORMATS = ("first-edition", "type-one", "type-two")
# Richie Ryan borrows one card of each other persona; Methos takes any Master card; a
# Generic Immortal borrows one copy where the format allows; Duncan MacLeod borrows nothing.
PERSONAS = ("Richie Ryan", "Methos", "Duncan MacLeod", "Generic Immortal", "Kurgan (Movie Edition)")
# Darius (the Type Two event) admits one card of another persona from the allowance pool.
ALLOWANCE = "Darius"


def _other_personas_cards() -> list[str]:
    """In-game cards a persona's subtitle names whose catalogue name means only them."""
    catalogue = load_catalogue()
    persona_titles = {card.title for card in catalogue.personas}
    names = []
    for card in sorted(catalogue.cards.values(), key=lambda c: c.id):
        if card.is_pregame or card.subtitle not in persona_titles:
            continue
        match = catalogue.exact(card.name)
        if match is not None and tuple(match.ids) == (card.id,):
            names.append(card.name)
    return names


BORROWED = _other_personas_cards()

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
def decks(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """(header lines, Endurance lines): a format, a persona (listed under Endurance too,
    sometimes), the basic cards, other personas' cards, and Darius now and then."""
    header = [f"Format: {draw(st.sampled_from(FORMATS))}"]
    persona = draw(st.sampled_from(PERSONAS))
    header.append(f"Persona: {persona}")
    counts = st.integers(1, 3)
    lines = [f"{draw(counts)} {title}" for title in BASIC_TITLES]
    borrowed = draw(st.lists(st.sampled_from(BORROWED), min_size=1, max_size=5, unique=True))
    lines += [f"{draw(counts)} {name}" for name in borrowed]
    if draw(st.booleans()):
        lines.append(f"{draw(st.integers(1, 2))} {ALLOWANCE}")
    if persona in ("Richie Ryan", "Duncan MacLeod") and draw(st.booleans()):
        lines.append(f"1 {persona}")  # counted as pre-game, with a warning
    return header, lines


def write(path: Path, header: list[str], lines: list[str]) -> Path:
    path.write_text("\n".join([*header, "", "Endurance:", *lines]) + "\n", encoding="utf-8")
    return path


@settings(max_examples=25, **SETTINGS)
@given(deck=decks(), order=st.randoms(use_true_random=False))
def test_any_line_order_gets_one_verdict_and_fingerprint(tmp_path, deck, order):
    header, lines = deck
    shuffled = list(lines)
    order.shuffle(shuffled)
    paths = (
        write(tmp_path / "as-drawn.txt", header, lines),
        write(tmp_path / "shuffled.txt", list(reversed(header)), shuffled),
        write(tmp_path / "reversed.txt", header, list(reversed(lines))),
    )
    first, *others = (verdict(d) for d in validate(*paths))
    assert others == [first, first]


@settings(max_examples=10, **SETTINGS)
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
