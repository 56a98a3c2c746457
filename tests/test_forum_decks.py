"""Deck files as forums write them (issue 19, section 1): list marks, counts after the names,
trailing remarks, titles as players write them, unknown headers and pre-game typos. Each
notation goes through the CLI (exit code and JSON) in the format its deck names, and a deck
written in it gets the verdict and fingerprint of the same deck written plainly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from test_decks_as_tried import digest, shown, validate

FORUM = ROOT / "tests" / "forum_decks"
DUNCAN = FORUM / "duncan-markdown.txt"
KURGAN = FORUM / "kurgan-numbered.txt"
PLAIN_DUNCAN = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"
PLAIN_KURGAN = ROOT / "tests" / "decks_tried" / "kurgan-forum.txt"
runner = CliRunner()


def variant(tmp_path: Path, source: Path, old: str, new: str) -> Path:
    text = source.read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / source.name
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


# 1. The decks as posted are legal, and the same decks as written plainly.


def test_a_markdown_list_with_counts_after_names_and_remarks_is_legal():
    code, deck = validate(DUNCAN)
    assert code == 0 and deck["legal"] and shown(deck) == []
    assert deck["format"] == "type-two" and deck["persona"] == "Duncan MacLeod"
    assert (deck["endurance"], deck["unrecognised"], deck["pregame"]) == (54, 0, 2)
    assert digest(DUNCAN) == digest(PLAIN_DUNCAN)
    _, plain = validate(PLAIN_DUNCAN)
    assert deck["problems"] == plain["problems"]  # the same data-gap notes, nothing else


def test_a_numbered_forum_list_is_legal():
    code, deck = validate(KURGAN)
    assert code == 0 and deck["legal"] and shown(deck) == []
    assert deck["format"] == "first-edition" and deck["persona"] == "The Kurgan"
    assert (deck["endurance"], deck["unrecognised"], deck["pregame"]) == (52, 0, 2)
    assert deck["sideboard"] == [{"card": "Dodge", "count": 2, "line": 30, "id": "dodge"}]
    assert digest(KURGAN) == digest(PLAIN_KURGAN)


@pytest.mark.parametrize(
    "line",
    [
        "- 3x Thrust",
        "* Thrust x3",
        "+ Thrust x3",
        "• Thrust ×3",
        "•Thrust 3",
        "1. Thrust 3",
        "7) Thrust x3",
        "Thrust 3",
        "Thrust (x3)",
        "Thrust (3x)",
        "Thrust: 3",
        "Thrust - 3",
        "Thrust \u2013 3",
        "Thrust 3x",
        "3\u00d7 Thrust",
        "Thrust x3 -- the opener",
        "Thrust x3 \u2014 the opener",
        "Thrust (3) (good against 2 blocks)",
        "Thrust x3 (opener) -- never a Head Shot",
        "Thrust (opener) x3",
        "3 Thrust (opener)",
        "- Thrust x3 // vs blocks",
        "- Thrust x3 # vs blocks",
    ],
)
def test_each_forum_notation_reads_as_the_plain_line(tmp_path, line):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "3x Thrust", line)
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == [], shown(deck)
    assert deck["endurance"] == 52 and deck["unrecognised"] == 0
    assert digest(deck_file) == digest(PLAIN_KURGAN)


@pytest.mark.parametrize("line", ["Back Away: 2", "Back Away - 2", "- Back Away (x2) -- escape"])
def test_a_line_naming_a_card_with_a_count_is_never_a_header(tmp_path, line):
    # two more cards under the header: its count says 55 (the whole deck, War Axe too)
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Deck (53):\n", f"Deck (55):\n{line}\n")
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == [], shown(deck)
    assert deck["endurance"] == 54
    plain = variant(tmp_path / "..", PLAIN_KURGAN, "Deck (53):\n", "Deck (53):\n2 Back Away\n")
    assert digest(deck_file) == digest(plain)


def test_a_numbered_list_or_counts_with_a_dot(tmp_path):
    """`3. Thrust` that continues no numbered list is three Thrust."""
    deck_file = variant(tmp_path, PLAIN_KURGAN, "3x Thrust", "3. Thrust")
    code, deck = validate(deck_file)
    assert code == 0 and deck["endurance"] == 52
    assert digest(deck_file) == digest(PLAIN_KURGAN)


# 2. A remark is never what makes a line another card.


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        # a subtitle with a typo is not a remark: never the plain title, never Kurgan's
        ("2x Hammer Blow (The Kurgan)", "2x Hammer Blow (The Kurgn)", "Hammer Blow (The Kurgn)"),
        ("2x Hammer Blow (The Kurgan)", "Hammer Blow x2 (Kurgn)", "Hammer Blow (Kurgn)"),
        # brackets after a title with versions name the version
        ("2x Hammer Blow (The Kurgan)", "2x Hammer Blow (opener)", "Hammer Blow (opener)"),
    ],
)
def test_brackets_that_may_name_a_version_stay_part_of_the_name(tmp_path, old, new, named):
    code, deck = validate(variant(tmp_path, PLAIN_KURGAN, old, new))
    assert code == 1
    [problem] = shown(deck)
    assert problem[:2] == ("error", "unknown-card")
    assert problem[3] == f"no card named {named!r} in the catalogue"
    assert deck["endurance"] + deck["unrecognised"] == 52  # its copies still count


def test_a_remark_naming_the_subtitle_is_the_subtitle(tmp_path):
    deck_file = variant(
        tmp_path, PLAIN_KURGAN, "2x Hammer Blow (The Kurgan)", "Hammer Blow x2 (The Kurgan)"
    )
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []
    assert digest(deck_file) == digest(PLAIN_KURGAN)


def test_an_unknown_card_with_remarks_is_named_without_them(tmp_path):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "3x Thrust", "- Thrst x3 (opener) -- fast")
    code, deck = validate(deck_file)
    assert code == 1 and deck["unrecognised"] == 3
    [problem] = shown(deck)
    assert problem == ("error", "unknown-card", 12, "no card named 'Thrst' in the catalogue")


def test_fix_keeps_list_marks_and_remarks(tmp_path):
    deck_file = variant(
        tmp_path, PLAIN_KURGAN, "3x Thrust", "1. Thrust x7 (vs 2 blocks) -- 6 is the most"
    )
    result = runner.invoke(app, ["validate", str(deck_file), "--fix"])
    assert result.exit_code == 1, result.output
    fixed = (tmp_path / "kurgan-forum.fixed.txt").read_text(encoding="utf-8")
    assert "1. Thrust x6 (vs 2 blocks) -- 6 is the most\n" in fixed  # six per title
    assert validate(tmp_path / "kurgan-forum.fixed.txt")[0] == 0


# 3. Titles as players write them.


@pytest.mark.parametrize(
    ("line", "card"),
    [
        ("Cat & Mouse: Draw", "cat-and-mouse-draw"),
        ("Bassett and Hotchkiss", "bassett-and-hotchkiss"),
        ("Lean and Mean", "lean-and-mean"),
        ("Head Hunter: Research", "head-hunter-research"),
        ("Head Hunter (Research)", "head-hunter-research"),
        ("Head Hunter (part 2)", "head-hunter-research"),
        ("Destruction: Duel", "destruction-duel"),
        ("Flurry Strike (Middle Left)", "flurry-strike-middle-left"),
        ("Flurry Strike: Middle Right", "flurry-strike-middle-right"),
    ],
)
def test_titles_as_players_write_them(tmp_path, line, card):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Deck (53):\n", f"Deck (53):\n{line}\n")
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == [], shown(deck)
    assert deck["endurance"] == 53
    result = runner.invoke(app, ["card", line, "--json"])
    assert result.exit_code == 0, result.output
    assert [c["id"] for c in json.loads(result.stdout)["cards"]] == [card]


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        # several parts or plots, the deck legal whichever it is (issue 32, point 3): that
        # verdict, with a note naming the cards
        ("Head Hunter", (0, "note", "ambiguous-card")),  # the parts recorded
        ("Cat & Mouse", (0, "note", "ambiguous-card")),  # three plots of that title
        ("Flurry Strike (Upper Left)", (1, "error", "unknown-card")),  # no such version
    ],
)
def test_a_name_meaning_several_parts_or_no_version_is_one_problem(tmp_path, line, expected):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Deck (53):\n", f"Deck (53):\n{line}\n")
    code, deck = validate(deck_file)
    code_expected, severity, rule = expected
    assert code == code_expected and [p[:3] for p in shown(deck)] == [(severity, rule, 8)]


# 4. Side deck, Sideboard, Reserve and Extras are the sideboard; group headers are layout
# (issue 32, point 1); a header no list knows is one problem, its cards listed apart.


@pytest.mark.parametrize(
    "header", ["Side deck:", "Extras:", "Reserve:", "Side Deck (2):", "Reserve", "**Extras**"]
)
def test_side_deck_reserve_and_extras_are_the_sideboard(tmp_path, header):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Sideboard:", header)
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []
    assert deck["endurance"] == 52 and deck["unrecognised"] == 0
    assert deck["sideboard"] == [{"card": "Dodge", "count": 2, "line": 29, "id": "dodge"}]
    assert digest(deck_file) == digest(PLAIN_KURGAN)


def test_an_unknown_header_is_one_problem_and_its_cards_are_apart(tmp_path):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Sideboard:", "Tricks:")
    code, deck = validate(deck_file)
    assert code == 1
    assert shown(deck) == [
        (
            "error",
            "deck-syntax",
            28,
            "unknown section header 'Tricks:'; the 2 cards under it are listed apart and "
            "not counted, as a sideboard",
        )
    ]
    assert deck["endurance"] == 52 and deck["unrecognised"] == 0
    assert deck["sideboard"] == [{"card": "Dodge", "count": 2, "line": 29, "id": "dodge"}]
    text = runner.invoke(app, ["validate", str(deck_file)]).stdout
    assert "sideboard (not checked): 2 Dodge\n" in text
    assert "fix: write `Sideboard:` to keep them out of the deck, or `Endurance:` to play them" in (
        text
    )


def test_a_side_deck_in_a_markdown_list_is_the_sideboard(tmp_path):
    deck_file = variant(tmp_path, DUNCAN, "\n---\n", "\nSide deck:\n- Trip x2\n* Lunge (opener)\n")
    code, deck = validate(deck_file)
    assert code == 0 and deck["errors"] == 0 and shown(deck) == []
    assert [(s["card"], s["count"]) for s in deck["sideboard"]] == [("Trip", 2), ("Lunge", 1)]


def test_a_header_naming_a_group_of_cards_keeps_them_in_the_deck(tmp_path):
    deck_file = variant(
        tmp_path, PLAIN_KURGAN, "2x Bloodlust: The Kurgan", "Specials:\n2x Bloodlust: The Kurgan"
    )
    code, deck = validate(deck_file)
    assert code == 0 and deck["endurance"] == 52 and deck["sideboard"][0]["card"] == "Dodge"
    assert shown(deck) == []
    assert digest(deck_file) == digest(PLAIN_KURGAN)


# 5. Pre-game typos count toward the pre-game limit, as Endurance typos count toward 50.

TYPOS = ("Joe Dawsn", "Watchr Oath", "Quickning", "Premum Card", "Hunterr")


def test_pregame_typos_count_toward_the_pregame_limit(tmp_path):
    typos = "".join(f"- {name}\n" for name in TYPOS)
    deck_file = variant(tmp_path, DUNCAN, "- Katana -- his own sword\n", f"- Katana\n{typos}")
    code, deck = validate(deck_file)
    assert code == 1 and (deck["pregame"], deck["pregame_unrecognised"]) == (2, 5)
    rules = [p[1] for p in shown(deck)]
    assert rules.count("unknown-card") == 5 and rules.count("pregame-limit") == 1
    [limit] = [p for p in shown(deck) if p[1] == "pregame-limit"]
    assert limit[3] == "7 pre-game cards (2 recognised + 5 unrecognised); at most 6 may be used"
    assert deck["endurance"] == 54 and deck["unrecognised"] == 0
    text = runner.invoke(app, ["validate", str(deck_file)]).stdout
    assert "pre-game 7/6 (2 recognised + 5 unrecognised)" in text


def test_pregame_typos_within_the_limit_are_only_the_typos(tmp_path):
    typos = "".join(f"- {name}\n" for name in TYPOS[:4])
    deck_file = variant(tmp_path, DUNCAN, "- Katana -- his own sword\n", f"- Katana\n{typos}")
    code, deck = validate(deck_file)
    assert code == 1 and [p[1] for p in shown(deck)] == ["unknown-card"] * 4


def test_bold_key_lines_and_a_bold_unknown_header_read_as_plain_ones(tmp_path):
    """`**Format:** 1st Ed` and `**Persona:** ...` as markdown posts bold them; a bold
    `**Side deck:**` is the sideboard, as `Side deck:` is."""
    basics = (
        "Upper Left Attack", "Upper Center Attack", "Upper Right Attack", "Middle Left Attack",
        "Thrust", "Middle Right Attack", "Lower Left Attack", "Lower Center Attack",
        "Lower Right Attack", "Upper Left Block", "Upper Center Block", "Upper Right Block",
        "Lower Left Block", "Lower Center Block", "Lower Right Block",
    )  # fmt: skip
    text = "**Format:** 1st Ed\n**Persona:** Duncan MacLeod\n**Deck:**\n"
    text += "".join(f"- {title} x4\n" for title in basics) + "**Side deck:**\n- Dodge x2\n"
    deck_file = tmp_path / "bold.txt"
    deck_file.write_text(text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert (deck["format"], deck["persona"], deck["endurance"]) == (
        "first-edition",
        "Duncan MacLeod",
        60,
    )
    assert code == 0 and shown(deck) == []
    assert deck["sideboard"] == [{"card": "Dodge", "count": 2, "line": 20, "id": "dodge"}]


@pytest.mark.parametrize("heading", ["Decklist:", "Deck list:", "Main Deck:"])
def test_a_heading_for_the_whole_list_is_the_endurance(tmp_path, heading):
    deck_file = variant(tmp_path, PLAIN_KURGAN, "Deck (53):\n", f"{heading}\n")
    code, deck = validate(deck_file)
    _, plain = validate(PLAIN_KURGAN)
    assert code == 0 and deck["endurance"] == plain["endurance"] and shown(deck) == []
