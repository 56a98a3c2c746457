"""Text lines as forums write them: list marks, counts after the name, trailing remarks, the
readings a line keeps until the catalogue decides, unknown headers whose cards are apart."""

from __future__ import annotations

import time

import pytest

from hlcg.deck.model import ENDURANCE, SIDEBOARD, Reading
from hlcg.deck.narrowing import Resolver
from hlcg.deck.resolver import as_meant
from hlcg.deck.text import parse_text


def read(line: str) -> tuple[str, int, str | None]:
    [entry] = parse_text(line + "\n").entries
    return entry.name, entry.count, entry.remark


@pytest.mark.parametrize(
    ("line", "read_as"),
    [
        ("- 3 Upper Left Attack", ("Upper Left Attack", 3, None)),
        ("* Dodge", ("Dodge", 1, None)),
        ("\u2022Dodge x2", ("Dodge", 2, None)),
        ("Dodge 3", ("Dodge", 3, None)),
        ("Dodge (x2)", ("Dodge", 2, None)),
        ("Dodge (2x)", ("Dodge", 2, None)),
        ("Dodge \u00d72", ("Dodge", 2, None)),
        ("\u00d72 Dodge", ("Dodge", 2, None)),
        ("Back Away: 2", ("Back Away", 2, None)),
        ("Back Away - 2", ("Back Away", 2, None)),
        ("Back Away -- 2", ("Back Away", 2, None)),
        ("Dodge x2 -- vs thrusts", ("Dodge", 2, "-- vs thrusts")),
        ("Dodge x2 \u2014 vs thrusts", ("Dodge", 2, "\u2014 vs thrusts")),
        # round brackets are kept until the catalogue says whether they are a subtitle
        ("Master's Block (Ramirez)", ("Master's Block (Ramirez)", 1, None)),
        ("Dodge x2 (vs thrusts)", ("Dodge (vs thrusts)", 2, None)),
        # a bare number out of range, a collector number: part of the name
        ("Dodge 0", ("Dodge 0", 1, None)),
        ("Dodge 1000", ("Dodge 1000", 1, None)),
        ("Thrust (SE) 12", ("Thrust", 1, None)),
    ],
)
def test_counts_after_names_and_remarks(line, read_as):
    assert read(line) == read_as


def test_a_line_keeps_its_readings_least_taken_off_first():
    [entry] = parse_text("Dodge x2 (vs thrusts) -- opener\n").entries
    assert entry.readings == (
        Reading("Dodge x2 (vs thrusts) -- opener", 1),
        Reading("Dodge (vs thrusts)", 2, remark="-- opener"),
        Reading("Dodge", 2, remark="(vs thrusts) -- opener"),
    )
    [entry] = parse_text("Pedestrian: Delay 2\n").entries
    assert entry.readings == (Reading("Pedestrian: Delay 2", 1), Reading("Pedestrian: Delay", 2))


@pytest.mark.parametrize(
    ("line", "card", "count", "remark"),
    [
        ("Dodge x2 (vs thrusts) -- opener", "Dodge", 2, "(vs thrusts) -- opener"),
        ("Pedestrian: Delay 2", "Pedestrian: Delay 2", 1, None),  # a title ending in a number
        ("9mm 2", "9mm", 2, None),
        ("Master's Block x2 (Ramirez)", "Master's Block (Ramirez)", 2, None),
        ("Thrust (SE) x2 -- opener", "Thrust (SE)", 2, "-- opener"),
        # nothing names a card: the last reading naming none, so its copies count
        ("Thrst x3 (opener)", "Thrst", 3, "(opener)"),
        # a subtitle with a typo is never taken off as a remark
        ("Master's Block (Ramrez)", "Master's Block (Ramrez)", 1, None),
        ("Master's Block x2 (Ramrez)", "Master's Block (Ramrez)", 2, None),
        ("Bloodlust (Kurgn)", "Bloodlust (Kurgn)", 1, None),  # a title with a subtitle
        ("Hammer Blow (The Kurgan) x2 (finisher)", "Hammer Blow (The Kurgan)", 2, "(finisher)"),
    ],
)
def test_the_reading_meant_is_the_first_naming_a_card(shipped, line, card, count, remark):
    [entry] = parse_text(line + "\n").entries
    meant = as_meant(entry, Resolver(shipped, "type-two"))
    assert (meant.name, meant.count, meant.remark, meant.readings) == (card, count, remark, ())


def test_numbered_lists_and_counts_with_a_dot():
    deck = parse_text("1. Katana\n2. Thrust\n3. Dodge x2\n\n3. Head Shot\n5. Lunge\n")
    assert [(e.name, e.count) for e in deck.entries] == [
        ("Katana", 1),
        ("Thrust", 1),
        ("Dodge", 2),
        ("Head Shot", 3),  # continues no list: three copies
        ("Lunge", 5),
    ]
    deck = parse_text("Pre-Game:\n1. Katana\nEndurance:\n1. Thrust 3\n2. Dodge\n")
    assert [(e.name, e.count) for e in deck.entries] == [("Katana", 1), ("Thrust", 3), ("Dodge", 1)]


def test_list_marks_on_headers_and_decoration_lines():
    deck = parse_text("- Persona: Duncan MacLeod\n* Pre-Game:\n- Katana\n---\n***\n===\n- Deck:\n")
    assert deck.persona == "Duncan MacLeod" and deck.headers == [1, 2, 7]
    assert deck.ignored == [4, 5, 6] and [e.name for e in deck.entries] == ["Katana"]
    assert parse_text("-2 Dodge\n").issues[0].message.startswith("quantity -2")


def test_an_unknown_header_sets_its_cards_apart():
    deck = parse_text("Tricks:\n2 Trip\nSB: 1 Lunge\nDodge\nEndurance:\n3 Thrust\nGimmicks:\n")
    assert [(e.name, e.count, e.section) for e in deck.sideboard] == [
        ("Trip", 2, SIDEBOARD),
        ("Lunge", 1, SIDEBOARD),
        ("Dodge", 1, SIDEBOARD),
    ]
    assert [(e.name, e.section) for e in deck.entries] == [("Thrust", ENDURANCE)]
    assert [(i.line, i.message) for i in deck.issues] == [
        (
            1,
            "unknown section header 'Tricks:'; the 3 cards under it are listed apart and "
            "not counted, as a sideboard",
        ),
        (7, "unknown section header 'Gimmicks:'"),  # nothing under it
    ]


@pytest.mark.parametrize(
    "header", ["Side deck:", "Sideboard", "Reserve", "Extras:", "Side Deck (2):", "**Reserve**"]
)
def test_side_deck_reserve_and_extras_are_the_sideboard(header):
    deck = parse_text(f"Endurance:\n3 Thrust\n{header}\n2 Trip\n")
    assert [(e.name, e.count, e.section) for e in deck.sideboard] == [("Trip", 2, SIDEBOARD)]
    assert [(e.name, e.section) for e in deck.entries] == [("Thrust", ENDURANCE)]
    assert deck.issues == []


@pytest.mark.parametrize("header", ["Attacks:", "Special Attacks (4):", "Basic Blocks:", "Edges:"])
def test_a_header_naming_a_group_of_cards_keeps_them_in_the_deck(header):
    deck = parse_text(f"{header}\n3 Thrust\n")
    assert [(e.name, e.section) for e in deck.entries] == [("Thrust", None)]
    assert deck.sideboard == []
    assert deck.issues == [] or [i.severity for i in deck.issues] == ["warning"]  # (4) != 3


@pytest.mark.parametrize("header", ["Attacks:", "### Attacks", "**Blocks**", "Events", "Plots (2)"])
def test_a_group_header_is_layout_within_its_section(header):
    deck = parse_text(f"Endurance:\n{header}\n3 Thrust\nSideboard:\n{header}\n2 Trip\n")
    assert [(e.name, e.section) for e in deck.entries] == [("Thrust", ENDURANCE)]
    assert [(e.name, e.section) for e in deck.sideboard] == [("Trip", SIDEBOARD)]


@pytest.mark.parametrize(
    "line",
    [
        "A -- " * 40_000,
        "(" * 200_000 + ")",
        "x " * 100_000,
        "1. " * 66_000,
        "- " * 100_000 + "Dodge",
        "Dodge x3 (vs) -- 2 " * 10_000,
        "a: " * 66_000 + "2",
        "\u2014 " * 100_000,
        "Dodge " + "(a) " * 50_000,
    ],
)
def test_hostile_lines_stay_fast(line):
    started = time.perf_counter()
    deck = parse_text("3 Thrust\n" + line + "\n")
    assert time.perf_counter() - started < 5
    assert len(deck.entries) + len(deck.issues) + len(deck.ignored) == 2
