from __future__ import annotations

from hlcg.deck.model import ENDURANCE, PREGAME, Entry
from hlcg.deck.text import parse_text


def entries(text: str) -> list[tuple[str, int, str | None]]:
    return [(e.name, e.count, e.section) for e in parse_text(text).entries]


def test_count_forms():
    text = "3 Thrust\n3x Thrust\n3 x Thrust\nx3 Thrust\n(3) Thrust\nThrust x3\nThrust\n"
    assert entries(text) == [("Thrust", 3, None)] * 6 + [("Thrust", 1, None)]


def test_sections_headers_and_comments():
    deck = parse_text(
        "# a comment\n// another\nFormat: Type-Two\nPersona: Duncan MacLeod\n\n"
        "PREGAME:\nKatana  # inline comment\nendurance:\n2 Master's Block (Ramirez) [AT]\n"
        "Deck:\n1 Watcher: Revealed\n"
    )
    assert deck.format == "Type-Two" and deck.persona == "Duncan MacLeod"
    assert deck.persona_line == 4
    assert deck.entries == [
        Entry("Katana", 1, 7, PREGAME),
        Entry("Master's Block (Ramirez)", 2, 9, ENDURANCE, "AT"),
        Entry("Watcher: Revealed", 1, 11, ENDURANCE),
    ]
    assert [i.severity for i in deck.issues] == ["warning"]  # Deck: repeats Endurance:


def test_bad_lines_are_reported_with_line_numbers_and_others_kept():
    deck = parse_text("0 Thrust\n-2 Dodge\n1.5 Dodge\n2 Dodge\nExtras:\n1000 Thrust\n???\n")
    assert [(i.line, i.message.split(":")[0]) for i in deck.issues] == [
        (1, "quantity 0 is not a positive whole number"),
        (2, "quantity -2 is not a positive whole number"),
        (3, "quantity 1.5 is not a whole number"),
        (5, "unknown section header 'Extras"),
        (6, "quantity 1000 is over the 999 copies hlcg accepts"),
        (7, "no card name in '???'"),
    ]
    assert [(e.name, e.count, e.line) for e in deck.entries] == [("Dodge", 2, 4)]


def test_two_persona_lines():
    deck = parse_text("Persona: A\nPersona: B\n")
    assert deck.persona == "A"
    assert deck.issues[0].line == 2 and "second Persona line 'B'" in deck.issues[0].message


def test_invisible_characters_and_spacing():
    text = "\ufeff3\u00a0Upper\tLeft  Attack\u200f\r\n2 Master\u2019s Block\r"
    assert entries(text) == [("Upper Left Attack", 3, None), ("Master\u2019s Block", 2, None)]


def test_format_spellings():
    from hlcg.deck.names import format_named

    spellings = ("Type Two", "type 2", "TYPE-ONE", "1st Edition", "first-edition", "mle", "x")
    assert [format_named(t) for t in spellings] == [
        "type-two",
        "type-two",
        "type-one",
        "first-edition",
        "first-edition",
        None,
        None,
    ]
