"""Deck text as players write it, round three (issue 32, points 1 to 4), through the CLI
(exit code and JSON) in text, LackeyCCG `.dek` and OCTGN `.o8d` where the notation occurs
there: group headers are layout; names as players shorten them; a forum post's prose; one
reading or the same verdict; and `deck diff` and `deck sheet --verify` saying when two
decks' verdicts differ. The test decks are in tests/forum_decks/ (its README says what each
is); the variants are made here from them and from the example decks."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from test_decks_as_tried import digest, shown, validate

FORUM = ROOT / "tests" / "forum_decks"
PLAIN_KURGAN = ROOT / "tests" / "decks_tried" / "kurgan-forum.txt"
PLAIN_DUNCAN = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
GRAYSON = ROOT / "examples" / "decks" / "valid" / "grayson-business-as-usual-type-two.txt"
runner = CliRunner()


def variant(tmp_path: Path, source: Path, old: str, new: str, name: str = "deck.txt") -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / name
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def errors(deck: dict) -> list[tuple[str, int | None]]:
    return [(p["rule"], p["line"]) for p in deck["problems"] if p["severity"] == "error"]


# 1. Group headers are layout within their section; Side deck, Reserve, Extras: sideboard.


@pytest.mark.parametrize("name", ["kurgan-grouped.txt", "kurgan-grouped.dek", "kurgan-grouped.o8d"])
def test_a_list_grouped_by_type_is_the_legal_deck_it_lists(name):
    code, deck = validate(FORUM / name)
    assert code == 0 and deck["legal"] and deck["errors"] == 0
    assert (deck["persona"], deck["format"]) == ("The Kurgan", "first-edition")
    assert (deck["endurance"], deck["pregame"], deck["unrecognised"]) == (52, 2, 0)
    assert [(s["card"], s["count"]) for s in deck["sideboard"]] == [("Dodge", 2)]
    plain = {".txt": PLAIN_KURGAN, ".o8d": PLAIN_KURGAN}.get(
        Path(name).suffix, ROOT / "tests" / "decks_tried" / "kurgan-lackey.dek"
    )
    assert digest(FORUM / name) == digest(plain)  # the .dek's sets are its own


def test_a_group_count_the_lines_do_not_add_up_to_is_one_warning():
    code, deck = validate(FORUM / "kurgan-grouped.txt")
    assert code == 0 and shown(deck) == [
        (
            "warning",
            "deck-syntax",
            28,
            "group header 'Specials (6)' gives 6 cards; the lines under it list 7",
        )
    ]
    strict = runner.invoke(app, ["validate", str(FORUM / "kurgan-grouped.txt"), "--strict"])
    assert strict.exit_code == 1  # a warning fails only a --strict run


@pytest.mark.parametrize(
    "header",
    [
        "Attacks (27):", "Attacks (27)", "Attacks: 27", "Attacks", "Blocks:", "Defenses",
        "Specials (5)", "Events", "Edges:", "Situations", "Objects", "Plots", "Locations",
        "### Attacks", "**Blocks**", "**Specials (5):**", "== Attacks ==", "Attacks - 27",
        "Basic Attacks:", "Special Attacks (4):",
        # phpBB BBCode and HTML, as 1995-2009 forum posts wrote them, and forum counts
        "[b]Attacks[/b]", "<b>Attacks</b>", "[u]Blocks (18)[/u]",
        "[size=4][b]Attacks[/b][/size]", "<strong>Specials (5)</strong>",
        "Attacks x27", "Attacks [27]", "Attacks (x27)",
    ],
)  # fmt: skip
def test_each_group_header_is_layout(tmp_path, header):
    deck_file = variant(
        tmp_path, PLAIN_KURGAN, "3x Upper Left Attack", f"{header}\n3x Upper Left Attack"
    )
    code, deck = validate(deck_file)
    assert code == 0 and deck["errors"] == 0, shown(deck)
    assert all(p[0] == "warning" and "group header" in p[3] for p in shown(deck))
    assert deck["endurance"] == 52
    assert digest(deck_file) == digest(PLAIN_KURGAN)


@pytest.mark.parametrize(
    "header", ["[b]Deck:[/b]", "<b>Deck (53):</b>", "[u]Endurance[/u]", "[b]Deck [53][/b]"]
)
def test_a_section_header_in_bbcode_or_html_is_the_section(tmp_path, header):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Deck (53):", header)
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []
    assert digest(deck_file) == digest(PLAIN_KURGAN)


def test_group_headers_before_any_section_place_cards_by_type(tmp_path):
    text = PLAIN_KURGAN.read_text(encoding="utf-8").replace("Deck (53):\n", "Attacks:\n")
    text = text.replace("3x Upper Left Block", "Blocks (25)\n3x Upper Left Block")
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []
    assert digest(deck_file) == digest(PLAIN_KURGAN)


@pytest.mark.parametrize("header", ["Specials (7)", "Special Attacks:", "Edges", "**Specials**"])
def test_a_group_section_of_an_o8d_holds_deck_cards(tmp_path, header):
    o8d = variant(
        tmp_path, FORUM / "kurgan-grouped.o8d", 'name="Specials"', f'name="{header}"', "d.o8d"
    )
    code, deck = validate(o8d)
    assert code == 0 and deck["endurance"] == 52 and shown(deck) == []


@pytest.mark.parametrize("header", ["Side deck", "Sideboard (2)", "Reserve:", "Extras (2):"])
def test_the_sideboard_words_in_an_o8d_and_a_dek(tmp_path, header):
    o8d = variant(
        tmp_path, FORUM / "kurgan-grouped.o8d", 'name="Reserve"', f'name="{header}"', "d.o8d"
    )
    dek = variant(
        tmp_path, FORUM / "kurgan-grouped.dek", 'name="Side deck"', f'name="{header}"', "d.dek"
    )
    for deck_file in (o8d, dek):
        code, deck = validate(deck_file)
        assert code == 0 and deck["endurance"] == 52
        assert [(s["card"], s["count"]) for s in deck["sideboard"]] == [("Dodge", 2)]


# 2. Names as players shorten them.


@pytest.mark.parametrize(
    "name", ["duncan-shortened.txt", "duncan-shortened.dek", "duncan-shortened.o8d"]
)
def test_first_name_subtitles_and_the_persona_with_its_edition(name):
    code, deck = validate(FORUM / name)
    assert code == 0 and deck["legal"] and deck["errors"] == 0
    assert (deck["persona"], deck["format"], deck["endurance"]) == (
        "Duncan MacLeod",
        "type-two",
        59,
    )
    assert [p for p in shown(deck) if p[1] in ("unknown-card", "ambiguous-card")] == []
    assert digest(FORUM / name) == digest(FORUM / "duncan-shortened.txt")


def _ids_of(path: Path, fmt: str | None = None) -> list[str]:
    """The catalogue ids of the deck's cards: a deck converted to a `.dek` carries them."""
    args = ["deck", "convert", str(path), "-", "--to", "dek", *(("--format", fmt) if fmt else ())]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return sorted(set(re.findall(r'<name id="([^"]+)"', result.stdout)))


@pytest.mark.parametrize(
    ("line", "card"),
    [
        ("Jump (Duncan)", "jump-duncan-macleod"),
        ("Master's Block (Duncan)", "masters-block-duncan-macleod"),
        ("2x Jump: Duncan", "jump-duncan-macleod"),
        ("2 Master's Block - Duncan", "masters-block-duncan-macleod"),
        ("2 duck - duncan", "duck-duncan-macleod"),
        ("2 Master\u2019s Block \u2013 Duncan MacLeod", "masters-block-duncan-macleod"),
    ],
)
def test_a_first_name_subtitle_names_the_persona_s_version(tmp_path, line, card):
    deck_file = variant(tmp_path, PLAIN_DUNCAN, "2 Dodge", line)
    code, deck = validate(deck_file)
    assert code == 0 and deck["errors"] == 0, shown(deck)
    assert card in _ids_of(deck_file)


def test_a_first_name_one_persona_alone_has_names_it_in_any_deck(tmp_path):
    """`Duck (Connor)` in a Duncan deck is Connor's Duck: one persona is called Connor."""
    deck_file = variant(tmp_path, PLAIN_DUNCAN, "2 Dodge", "2 Duck (Connor)")
    code, deck = validate(deck_file)
    assert code == 1 and [p[1] for p in shown(deck) if p[0] == "error"] == ["persona-specific"]
    assert "Duck: Connor MacLeod is specific to Connor MacLeod" in shown(deck)[0][3]


@pytest.mark.parametrize(
    "persona",
    [
        "Persona - Duncan MacLeod",
        "Persona: Duncan MacLeod (2nd Ed.)",
        "Persona: Duncan MacLeod 2E",
        "Persona: Duncan MacLeod Type Two",
        "Persona: Duncan MacLeod (T2)",
        "Persona: Duncan",
        "Persona: Duncan 2E",
        "PERSONA \u2013 Duncan MacLeod",
    ],
)
def test_the_persona_as_players_write_it(tmp_path, persona):
    deck_file = variant(tmp_path, PLAIN_DUNCAN, "Persona: Duncan MacLeod", persona)
    code, deck = validate(deck_file)
    assert code == 0 and deck["persona"] == "Duncan MacLeod" and shown(deck) == []
    assert digest(deck_file) == digest(PLAIN_DUNCAN)


def test_an_edition_on_the_persona_line_chooses_its_printing(tmp_path):
    """`(2nd Ed.)` names the 2nd Edition Duncan: in first edition it is not legal."""
    deck_file = variant(
        tmp_path, PLAIN_DUNCAN, "Persona: Duncan MacLeod", "Persona: Duncan MacLeod (2nd Ed.)"
    )
    code, deck = validate(deck_file, "--format", "first-edition")
    assert code == 1
    assert any(
        p[1] == "format-legality" and p[3].startswith("Duncan MacLeod [duncan-macleod-2e]")
        for p in shown(deck)
    )
    assert "duncan-macleod-2e" in _ids_of(deck_file, "first-edition")


def test_a_first_name_alone_names_the_persona_only_persona_of_that_name(tmp_path):
    deck_file = variant(tmp_path, PLAIN_DUNCAN, "Persona: Duncan MacLeod", "Persona: Connor")
    code, deck = validate(deck_file)
    assert deck["persona"] == "Connor MacLeod"
    unknown = variant(tmp_path, PLAIN_DUNCAN, "Persona: Duncan MacLeod", "Persona: Conor")
    code, deck = validate(unknown)
    assert code == 1 and [p[1] for p in shown(deck) if p[0] == "error"] == ["unknown-card"]


def test_title_premium_names_that_title_s_premium(tmp_path):
    grayson = variant(
        tmp_path, GRAYSON, "Endurance:", "Pre-Game:\nGrayson Premium (+1)\n\nEndurance:"
    )
    code, deck = validate(grayson)
    # read as the premium: the card the watcherdatabase page records as banned in Type Two
    assert code == 1 and deck["pregame"] == 2
    assert [p[:3] for p in shown(deck) if p[0] == "error"] == [("error", "format-legality", 9)]
    assert "grayson-premium" in _ids_of(grayson)
    dark = variant(tmp_path, PLAIN_DUNCAN, "Katana\n", "Katana\nDark Duncan Premium\n", "d.txt")
    code, deck = validate(dark)
    assert code == 1 and shown(deck) == [
        (
            "error",
            "premium-persona",
            8,
            "Dark Duncan: +1 Ability is a Premium of Dark Duncan; Duncan MacLeod may not use it",
        )
    ]


def test_a_forum_post_s_prose_is_one_note_and_never_counted():
    code, deck = validate(FORUM / "kurgan-forum-post.txt")
    assert code == 0 and deck["legal"]
    assert shown(deck) == [
        (
            "note",
            "deck-syntax",
            1,
            "not read as a card: 'Kurgan deck for the tourney' (line 1), 'by Alice, 3 May 2009' "
            "(line 2), 'Comments welcome!' (line 33)",
        )
    ]
    assert (deck["endurance"], deck["unrecognised"], deck["pregame"]) == (52, 0, 2)
    assert [(s["card"], s["count"]) for s in deck["sideboard"]] == [("Dodge", 2)]
    assert digest(FORUM / "kurgan-forum-post.txt") == digest(PLAIN_KURGAN)


@pytest.mark.parametrize(
    "line", ["Duncan deck", "Katana deck", "Good luck everyone", "GL HF", "-- Bob"]
)
@pytest.mark.parametrize("where", ["first", "last"])
def test_a_title_or_sign_off_around_the_list_is_prose(tmp_path, line, where):
    text = PLAIN_DUNCAN.read_text(encoding="utf-8")
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(f"{line}\n{text}" if where == "first" else f"{text}{line}\n", "utf-8")
    number = 1 if where == "first" else len(text.splitlines()) + 1
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"] and deck["unrecognised"] == 0
    assert shown(deck) == [
        ("note", "deck-syntax", number, f"not read as a card: {line!r} (line {number})")
    ]
    assert digest(deck_file) == digest(PLAIN_DUNCAN)


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        # a misspelt card inside the list: an error with its did-you-mean
        ("3x Thrust", "3x Thrst", "no card named 'Thrst' in the catalogue"),
        # a sentence inside the list is no prose: it may be a card
        ("3x Thrust", "Thrust is my favourite card.", "no card named"),
        # close to a card's name, even before the first section: a typo, not prose
        ("Persona: Kurgan", "Upper Left Atack\nPersona: Kurgan",
         "no card named 'Upper Left Atack'"),
        # a title or sign-off inside the list may be a card: an error
        ("3x Thrust", "3x Thrust\nKurgan deck", "no card named 'Kurgan deck'"),
        ("3x Thrust", "3x Thrust\nGL HF", "no card named 'GL HF'"),
    ],
)  # fmt: skip
def test_a_line_that_may_be_a_misspelt_card_stays_an_unknown_card(tmp_path, old, new, message):
    deck_file = variant(tmp_path, PLAIN_KURGAN, old, new)
    code, deck = validate(deck_file)
    unknown = [p for p in deck["problems"] if p["rule"] == "unknown-card"]
    assert code == 1 and len(unknown) == 1 and unknown[0]["message"].startswith(message)
    assert unknown[0]["severity"] == "error"


# 3. One reading or the same verdict.

GENERIC_KATANA = PLAIN_DUNCAN.read_text(encoding="utf-8").replace("Persona: Duncan MacLeod\n", "")
GENERIC_KATANA = GENERIC_KATANA.replace("2 Master of the Katana", "2 Lunge")


def test_a_generic_immortal_with_katana_is_legal_whichever_card_it_is(tmp_path):
    deck_file = tmp_path / "generic.txt"
    deck_file.write_text(GENERIC_KATANA, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"] and deck["errors"] == 0
    notes = [p for p in deck["problems"] if p["rule"] == "ambiguous-card"]
    assert [(p["severity"], p["line"], p["cards"]) for p in notes] == [
        ("note", 6, ["katana-persona", "katana-weapon-of-choice"])
    ]
    assert notes[0]["message"].startswith(
        "the line could be Katana (persona) [katana-persona] or Katana (weapon-of-choice) "
        "[katana-weapon-of-choice]; every reading is LEGAL: judged as "
    )
    # the fingerprint is the reading's: `deck hash` and the report agree
    report = runner.invoke(app, ["validate", str(deck_file), "-o", "json"])
    assert json.loads(report.stdout)["decks"][0]["fingerprint"] == digest(deck_file)


def test_the_same_in_an_o8d(tmp_path):
    lines = [
        line for line in GENERIC_KATANA.splitlines()
        if line and line[0].isdigit()
    ]  # fmt: skip
    names = [html.escape(line.split(" ", 1)[1].split("//")[0].strip()) for line in lines]
    cards = "".join(
        f'<card qty="{line.split()[0]}">{name}</card>'
        for line, name in zip(lines, names, strict=True)
    )
    o8d = tmp_path / "generic.o8d"
    o8d.write_text(
        '<deck><section name="Pre-Game"><card qty="1">Katana</card></section>'
        f'<section name="Endurance">{cards}</section><notes>Format: Type Two</notes></deck>',
        encoding="utf-8",
    )
    code, deck = validate(o8d)
    assert code == 0 and deck["legal"]
    assert [p["severity"] for p in deck["problems"] if p["rule"] == "ambiguous-card"] == ["note"]


def test_a_line_illegal_whichever_card_it_is_stays_ambiguous():
    code, deck = validate(ROOT / "examples" / "decks" / "invalid" / "ambiguous-card.txt")
    assert code == 1 and errors(deck) == [("ambiguous-card", 28)]


# 4. deck diff and deck sheet --verify say when two decks' verdicts differ.


def test_deck_diff_says_when_the_verdicts_differ(tmp_path):
    same = runner.invoke(
        app, ["deck", "diff", str(FORUM / "kurgan-grouped.txt"), str(PLAIN_KURGAN)]
    )
    assert same.exit_code == 0 and same.stdout.endswith("same deck\n")
    assert "verdicts differ" not in same.stdout
    illegal = variant(tmp_path, PLAIN_KURGAN, "3x Thrust", "3x Thrust\n2x Jump (Duncan)")
    result = runner.invoke(
        app, ["deck", "diff", str(PLAIN_KURGAN), str(illegal), "--output", "json"]
    )
    assert result.exit_code == 1
    answer = json.loads(result.stdout)
    assert answer["other"][0] == "the verdicts differ: a is legal, b is not legal, 1 error"
    text = runner.invoke(app, ["deck", "diff", str(PLAIN_KURGAN), str(illegal)]).stdout
    assert "the verdicts differ: a is legal, b is not legal, 1 error\n" in text


def test_sheet_verify_says_when_the_verdicts_differ(tmp_path):
    sheet = tmp_path / "sheet.html"
    assert runner.invoke(app, ["deck", "sheet", str(PLAIN_KURGAN), "-o", str(sheet)]).exit_code == 0
    (payload,) = re.findall(r'<pre class="payload">(.*?)</pre>', sheet.read_text(), re.S)
    saved = tmp_path / "kurgan.payload"
    saved.write_text(html.unescape(payload), encoding="utf-8")
    grouped = runner.invoke(
        app, ["deck", "sheet", str(FORUM / "kurgan-grouped.txt"), "--verify", str(saved)]
    )
    assert grouped.exit_code == 0 and grouped.stdout.startswith("match: ")
    illegal = variant(tmp_path, PLAIN_KURGAN, "3x Thrust", "3x Thrust\n2x Jump (Duncan)")
    result = runner.invoke(app, ["deck", "sheet", str(illegal), "--verify", str(saved)])
    assert result.exit_code == 1
    said = "the verdicts differ: the sheet is legal, the deck is not legal, 1 error\n"
    assert said in result.stdout


@pytest.mark.parametrize("kind", ["dek", "o8d", "txt", "json"])
def test_a_forum_post_converts_without_its_prose(tmp_path, kind):
    target = tmp_path / f"converted.{kind}"
    source = FORUM / "kurgan-forum-post.txt"
    result = runner.invoke(app, ["deck", "convert", str(source), str(target)])
    assert result.exit_code == 0, result.output
    assert "tourney" not in target.read_text(encoding="utf-8")
    code, deck = validate(target)
    assert code == 0 and deck["endurance"] == 52
    assert digest(target) == digest(source)


@pytest.mark.parametrize(
    "line", ["Duncan", "Duncan MacLeod 2E", "Duncan MacLeod (2nd Ed.)", "Duncan 2E", "Duncan (2E)"]
)
def test_a_pre_game_line_names_the_persona_as_players_shorten_it(tmp_path, line):
    text = PLAIN_DUNCAN.read_text(encoding="utf-8").replace("Persona: Duncan MacLeod\n", "")
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(text.replace("Pre-Game:\n", f"Pre-Game:\n{line}\n"), encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["persona"] == "Duncan MacLeod" and deck["pregame"] == 2
    assert digest(deck_file) == digest(PLAIN_DUNCAN)


# Defects found on a second look (issue 32): each through `hlcg validate --output json`.

GENERIC_FIRST = ROOT / "examples" / "decks" / "valid" / "generic-immortal-first-edition.txt"


def _generic_first_with_katana() -> str:
    text = GENERIC_FIRST.read_text(encoding="utf-8")
    cards = text[text.index("3 Upper Left") :]
    return "Format: first-edition\nPre-Game:\nKatana\nEndurance:\n" + cards


def test_katana_in_a_deck_of_other_personas_cards_is_the_weapon_of_choice(tmp_path):
    text = _generic_first_with_katana()
    deck_file = tmp_path / "k0.txt"
    deck_file.write_text(text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"] and deck["persona"] == "Generic Immortal"
    notes = [p for p in deck["problems"] if p["rule"] == "ambiguous-card"]
    assert [(p["severity"], p["line"]) for p in notes] == [("note", 3)]
    assert (
        "not read as the persona: the deck holds cards specific to other personas"
        in (notes[0]["message"])
    )
    assert notes[0]["message"].endswith(
        "judged as Katana (weapon-of-choice) [katana-weapon-of-choice-1e]"
    )


@pytest.mark.parametrize("kind", ["o8d", "dek"])
def test_katana_in_a_deck_of_other_personas_cards_in_an_o8d_and_a_dek(tmp_path, kind):
    text = _generic_first_with_katana()
    written = tmp_path / f"k0.{kind}"
    fmt = "first-edition" if kind == "o8d" else "First Edition"
    written.write_text((_o8d if kind == "o8d" else _dek)(text, ["Katana"], fmt), "utf-8")
    code, deck = validate(written)
    assert code == 0 and deck["legal"] and deck["persona"] == "Generic Immortal"
    assert [p["severity"] for p in deck["problems"] if p["rule"] == "ambiguous-card"] == ["note"]


def _o8d(text: str, pregame: list[str], fmt: str) -> str:
    """An OCTGN deck of a text deck's counted lines, with these pre-game cards."""
    lines = [line for line in text.splitlines() if line and line[0].isdigit()]
    cards = "".join(
        f'<card qty="{line.split()[0]}">'
        f"{html.escape(line.split(' ', 1)[1].split('//')[0].strip())}</card>"
        for line in lines
    )
    listed = "".join(f'<card qty="1">{html.escape(name)}</card>' for name in pregame)
    return (
        f'<deck><section name="Pre-Game">{listed}</section>'
        f'<section name="Endurance">{cards}</section><notes>Format: {fmt}</notes></deck>'
    )


def _dek(text: str, pregame: list[str], fmt: str) -> str:
    """A LackeyCCG deck of a text deck's counted lines (one <card> per copy), with these
    pre-game cards."""
    lines = [line for line in text.splitlines() if line and line[0].isdigit()]
    copies = [
        html.escape(line.split(" ", 1)[1].split("//")[0].strip())
        for line in lines
        for _ in range(int(line.split()[0]))
    ]
    deck = "".join(f"<card><name>{name}</name></card>" for name in copies)
    listed = "".join(f"<card><name>{html.escape(name)}</name></card>" for name in pregame)
    return (
        f"<deck><meta><format>{fmt}</format></meta>"
        f'<superzone name="Deck">{deck}</superzone>'
        f'<superzone name="Pregame">{listed}</superzone></deck>'
    )


@pytest.mark.parametrize("line", ["Duncan 1st Edition", "Duncan 1st Ed", "Duncan 2E"])
@pytest.mark.parametrize("kind", ["txt", "o8d", "dek"])
def test_a_first_name_and_an_edition_names_the_persona_as_a_card_line(tmp_path, line, kind):
    text = PLAIN_DUNCAN.read_text(encoding="utf-8").replace("Persona: Duncan MacLeod\n", "")
    deck_file = tmp_path / f"deck.{kind}"
    if kind == "txt":
        text = text.replace("Pre-Game:\nKatana\n", f"Pre-Game:\nKatana\n{line}\n")
    else:
        text = (_o8d if kind == "o8d" else _dek)(text, ["Katana", line], "Type Two")
    deck_file.write_text(text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"] and errors(deck) == []
    assert (deck["persona"], deck["pregame"], deck["unrecognised"]) == ("Duncan MacLeod", 2, 0)


@pytest.mark.parametrize(
    ("header", "count"), [("Endurance - 50", 50), ("Deck (50):", 50), ("[b]Endurance [50][/b]", 50)]
)
def test_a_section_header_s_count_the_lines_do_not_add_up_to_is_one_warning(
    tmp_path, header, count
):
    text = PLAIN_DUNCAN.read_text(encoding="utf-8").replace("Endurance:\n", f"{header}\n", 1)
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(text.replace("3 Upper Left Attack", "4 Upper Left Attack"), "utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"] and deck["endurance"] == 55
    assert shown(deck) == [
        (
            "warning",
            "deck-syntax",
            9,
            f"section header {header!r} gives {count} cards; the lines under it list 55",
        )
    ]
    strict = runner.invoke(app, ["validate", str(deck_file), "--strict"])
    assert strict.exit_code == 1  # a warning fails only a --strict run


@pytest.mark.parametrize("header", ["Endurance - 55", "Deck (57):", "Deck: 57 cards"])
def test_a_section_header_counting_its_lines_or_the_whole_deck_is_no_warning(tmp_path, header):
    # 55 in the Endurance; 57 with the Katana and the `Persona:` line's Duncan MacLeod
    text = PLAIN_DUNCAN.read_text(encoding="utf-8").replace("Endurance:\n", f"{header}\n", 1)
    deck_file = tmp_path / "deck.txt"
    deck_file.write_text(text.replace("3 Upper Left Attack", "4 Upper Left Attack"), "utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []


def _legality_unchecked(deck: dict) -> list[str]:
    return [
        card
        for p in deck["problems"]
        if p["rule"] == "unchecked" and p["message"].startswith("format-legality:")
        for card in p["cards"]
    ]


@pytest.mark.parametrize(
    ("name", "old", "new"),
    [
        ("kurgan-forum.txt", "Pre-Game: War Axe", "Pre-Game: War Axe [SE]"),
        ("kurgan-lackey.dek", "", ""),  # every card written <set>Series Edition</set>
    ],
)
def test_a_printing_the_catalogue_does_not_record_is_no_legality_evidence(tmp_path, name, old, new):
    text = (ROOT / "tests" / "decks_tried" / name).read_text(encoding="utf-8")
    assert "War Axe" in text and old in text
    deck_file = tmp_path / name
    deck_file.write_text(text.replace(old, new, 1) if old else text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"]
    gaps = [p for p in deck["problems"] if p["message"].startswith("the catalogue records no")]
    assert len(gaps) == 1 and gaps[0]["severity"] == "note"
    assert ("SE (1 card)" if old else "Series Edition (46 cards)") in gaps[0]["message"]
    # War Axe's First Edition legality stays unchecked, as without the set
    assert "war-axe" in _legality_unchecked(deck)


def test_a_dek_card_with_several_names_is_one_problem_on_its_line(tmp_path):
    text = (ROOT / "tests" / "decks_tried" / "kurgan-lackey.dek").read_text(encoding="utf-8")
    first = '<name id="UppLefAtt_SE">Upper Left Attack</name>'
    deck_file = tmp_path / "deck.dek"
    deck_file.write_text(text.replace(first, first + "<name>Dodge</name>", 1), encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 1 and errors(deck) == [("deck-syntax", 7)]
    assert [p["message"] for p in deck["problems"] if p["severity"] == "error"] == [
        "card holds 2 <name> elements; only the first, 'Upper Left Attack', is read as one "
        "copy, not 'Dodge'"
    ]
    assert deck["endurance"] == 52  # the copy itself is counted as its first name
