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
    deck = parse_text("0 Thrust\n-2 Dodge\n1.5 Dodge\n2 Dodge\nTricks:\n1000 Thrust\n???\n")
    assert [(i.line, i.message.split(":")[0]) for i in deck.issues] == [
        (1, "quantity 0 is not a positive whole number"),
        (2, "quantity -2 is not a positive whole number"),
        (3, "quantity 1.5 is not a whole number"),
        (5, "unknown section header 'Tricks"),
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
    from hlcg.catalog.vocabulary import format_named

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


def test_headers_as_players_write_them():
    text = (
        "Pre-game cards:\nKatana\nDeck (55):\n3 Thrust\nPREGAME\nDuncan MacLeod\n"
        "Endurance - 55\n2 Dodge\nPre-Game Cards\nJoe Dawson\nMain Deck:\n1 Head Shot\n"
        "Deck\n1 Upper Guard\npre-game: Adam Pierson\nSide:\n1 Trip\nSB: 2 Lunge\n"
    )
    deck = parse_text(text)
    assert [(e.name, e.section) for e in deck.entries] == [
        ("Katana", PREGAME),
        ("Thrust", ENDURANCE),
        ("Duncan MacLeod", PREGAME),
        ("Dodge", ENDURANCE),
        ("Joe Dawson", PREGAME),
        ("Head Shot", ENDURANCE),
        ("Upper Guard", ENDURANCE),
        ("Adam Pierson", PREGAME),
    ]
    assert [(e.name, e.count, e.line) for e in deck.sideboard] == [
        ("Trip", 1, 17),
        ("Lunge", 2, 18),
    ]
    assert all(issue.severity == "warning" for issue in deck.issues)  # sections seen again


def test_unknown_header_is_one_header_problem(shipped):
    from hlcg.check import check_deck

    report = check_deck(parse_text("Specials (6):\nAttacks (27)\nTricks - 4\n3 Thrust\n"), shipped)
    problems = [(p.rule, p.severity, p.line, p.message) for p in report.problems if p.line]
    assert problems == [
        ("deck-syntax", "error", 3, "unknown section header 'Tricks - 4' (names no card)"),
        # group headers are layout: a count the lines under it do not add up to is a warning
        ("deck-syntax", "warning", 1, "group header 'Specials (6):' gives 6 cards; the lines "
         "under it list 0"),
        ("deck-syntax", "warning", 2, "group header 'Attacks (27)' gives 27 cards; the lines "
         "under it list 3"),
    ]  # fmt: skip


def test_crlf_tabs_curly_apostrophes_and_forum_counts():
    text = "Deck:\r\n3x\tThrust\r\n(2) Master\u2019s Block (Ramirez)\r\nHead Shot (3)\r\n"
    assert entries(text) == [
        ("Thrust", 3, ENDURANCE),
        ("Master\u2019s Block (Ramirez)", 2, ENDURANCE),
        ("Head Shot", 3, ENDURANCE),
    ]


def test_persona_line_with_a_set_or_edition():
    from hlcg.deck.text import split_persona

    assert split_persona("Duncan MacLeod [2E-CvD]") == ("Duncan MacLeod", "2E-CvD")
    assert split_persona("Duncan MacLeod (2E)") == ("Duncan MacLeod", "2E")
    assert split_persona("Katana (Persona)") == ("Katana (Persona)", None)


def test_json_bad_entries_are_located_and_the_rest_read():
    from hlcg.deck.jsondeck import parse_json

    deck = parse_json(
        '{"format": "Type Two", "endurance": [{"card": "Thrust", "count": 3},'
        ' {"card": "Dodge", "count": 0}, {"card": "Head Shot", "cont": 2},'
        ' {"card": "Upper Guard"}], "sideboard": [{"card": "Trip"}]}'
    )
    assert [i.message for i in deck.issues] == [
        "/endurance/1/count: expected 1 or more, got 0",
        "/endurance/2/cont: not a known field",
    ]
    # An entry that fails validation still counts as a text line with its fault would: the
    # Head Shot entry names its card (its misspelt "cont" is ignored); the bad count does not.
    assert [(e.name, e.count) for e in deck.entries] == [
        ("Thrust", 3),
        ("Head Shot", 1),
        ("Upper Guard", 1),
    ]
    assert [e.name for e in deck.sideboard] == ["Trip"] and deck.format == "Type Two"
