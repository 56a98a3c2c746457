"""Deck files as a new user tried them (issue 9's follow-up): each broken variant of a legal
Kurgan deck gives exactly the problems its one change causes, through the CLI (exit code and
JSON) as well as the library."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

TRIED = ROOT / "tests" / "decks_tried"
runner = CliRunner()


def validate(path: Path, *args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["validate", str(path), "--output", "json", *args])
    assert result.exit_code in (0, 1), result.output
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def shown(deck: dict) -> list[tuple[str, str, int | None, str]]:
    """(severity, rule, line, message) of every problem but the notes on the catalogue's
    data (its gaps, and the inferred facts a verdict rests on)."""
    return [
        (p["severity"], p["rule"], p["line"], p["message"])
        for p in deck["problems"]
        if p["rule"] not in ("unchecked", "inferred-fact")
    ]


def variant(tmp_path: Path, source: str, old: str, new: str, name: str | None = None) -> Path:
    text = (TRIED / source).read_text(encoding="utf-8")
    assert old in text
    target = tmp_path / (name or source)
    target.write_text(text.replace(old, new), encoding="utf-8")
    return target


def json_variant(tmp_path: Path, change, name: str = "kurgan.json") -> Path:
    """kurgan.json with ``change`` applied to its data."""
    data = json.loads((TRIED / "kurgan.json").read_text(encoding="utf-8"))
    change(data)
    target = tmp_path / name
    target.write_text(json.dumps(data, indent=2), encoding="utf-8")
    return target


def digest(path: Path, fmt: str | None = None) -> str:
    result = runner.invoke(app, ["deck", "hash", str(path), *(("--format", fmt) if fmt else ())])
    assert result.exit_code == 0, result.output
    return result.stdout.strip()


@pytest.mark.parametrize("name", ["kurgan-lackey.dek", "kurgan-octgn.o8d", "kurgan.json"])
def test_the_tried_decks_are_legal_kurgan_decks(name):
    code, deck = validate(TRIED / name)
    assert code == 0 and deck["legal"] and deck["persona"] == "The Kurgan"
    assert deck["format"] == "first-edition" and deck["endurance"] == 52


# 1. LackeyCCG writes one <card> per copy.


def test_one_typo_in_a_lackey_deck_is_one_problem(tmp_path):
    deck_file = variant(
        tmp_path, "kurgan-lackey.dek", ">Middle Right Attack<", ">Midle Right Atack<"
    )
    code, deck = validate(deck_file)
    unknown = [p for p in shown(deck) if p[1] == "unknown-card"]
    assert code == 1 and len(unknown) == 1
    assert unknown[0][2] == 22  # the first copy's line
    assert unknown[0][3] == "no card named 'Midle Right Atack' in the catalogue"
    assert deck["endurance"] == 49 and deck["unrecognised"] == 3


def test_lackey_copies_are_listed_and_converted_as_one_line(tmp_path):
    code, deck = validate(TRIED / "kurgan-lackey.dek")
    assert deck["sideboard"] == [{"card": "Dodge", "count": 2, "line": 65, "id": "dodge"}]
    text = runner.invoke(app, ["validate", str(TRIED / "kurgan-lackey.dek")]).stdout
    assert "sideboard (not checked): 2 Dodge\n" in text
    target = tmp_path / "kurgan.txt"
    result = runner.invoke(app, ["deck", "convert", str(TRIED / "kurgan-lackey.dek"), str(target)])
    assert result.exit_code == 0, result.output
    lines = target.read_text(encoding="utf-8").splitlines()
    assert "3 Upper Left Attack [Series Edition]" in lines
    assert "2 Dodge [Series Edition]" in lines or "2 Dodge" in lines
    assert not any(line.startswith("1 Upper Left Attack") for line in lines)
    assert digest(target) == digest(TRIED / "kurgan-lackey.dek")


# 2. Nothing outside the deck changes its verdict.


@pytest.mark.parametrize("key", ["author", "comment"])
def test_a_json_key_outside_the_deck_is_noted_and_ignored(tmp_path, key):
    deck_file = json_variant(tmp_path, lambda data: data.update({key: "HighlanderFan99"}))
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"]
    assert deck["persona"] == "The Kurgan" and deck["format"] == "first-edition"
    assert shown(deck) == [
        ("note", "deck-syntax", None, f"/{key}: key {key!r} is not part of a deck; ignored")
    ]
    for fmt in ("first-edition", "type-two"):
        assert digest(deck_file, fmt) == digest(TRIED / "kurgan.json", fmt)
    target = tmp_path / "converted.txt"
    assert runner.invoke(app, ["deck", "convert", str(deck_file), str(target)]).exit_code == 0


def test_a_bad_json_header_value_keeps_the_persona_and_format(tmp_path):
    deck_file = json_variant(tmp_path, lambda data: data.update(name=7))
    code, deck = validate(deck_file)
    assert code == 1
    assert deck["persona"] == "The Kurgan" and deck["format"] == "first-edition"
    assert shown(deck) == [("error", "deck-syntax", None, "/name: expected text, got 7")]


def test_a_misspelt_json_card_names_its_entry(tmp_path):
    deck_file = json_variant(
        tmp_path, lambda data: data["endurance"][5].update(card="Midle Right Atack")
    )
    code, deck = validate(deck_file)
    assert code == 1
    assert shown(deck) == [
        (
            "error",
            "unknown-card",
            None,
            "/endurance/5: no card named 'Midle Right Atack' in the catalogue",
        )
    ]


def test_a_bad_sideboard_entry_is_never_an_error(tmp_path):
    deck_file = json_variant(tmp_path, lambda data: data["sideboard"][0].update(count=0))
    code, deck = validate(deck_file)
    assert code == 0 and deck["legal"]
    assert shown(deck) == [
        (
            "warning",
            "deck-syntax",
            None,
            "/sideboard/0/count: expected 1 or more, got 0",
        )
    ]
    assert validate(deck_file, "--strict")[0] == 1


# 3. --fix: the exit code follows the decks as given; fixed decks never overwrite each other.


def bad_decks(folder: Path) -> list[Path]:
    """The same illegal deck (7 Upper Left Attack) as text, JSON, .dek and .o8d."""
    folder.mkdir(exist_ok=True)
    made = [
        variant(folder, "kurgan-forum.txt", "3x Upper Left Attack", "7x Upper Left Attack"),
        json_variant(folder, lambda data: data["endurance"][0].update(count=7)),
        variant(folder, "kurgan-octgn.o8d", 'qty="3" id="558298e2', 'qty="7" id="558298e2'),
    ]
    copy = (
        '    <card><name id="UppLefAtt_SE">Upper Left Attack</name>'
        "<set>Series Edition</set></card>\n"
    )
    made.append(variant(folder, "kurgan-lackey.dek", copy * 3, copy * 7))
    return [path.rename(folder / f"bad{path.suffix}") for path in made]


@pytest.mark.parametrize("kind", [".txt", ".json", ".dek", ".o8d"])
def test_fix_exits_1_while_the_deck_as_given_is_illegal(tmp_path, kind):
    deck = tmp_path / "decks" / f"bad{kind}"
    bad_decks(tmp_path / "decks")
    assert validate(deck)[0] == 1
    result = runner.invoke(app, ["validate", str(deck), "--fix"])
    assert result.exit_code == 1, result.output
    assert "removed 1 Upper Left Attack" in result.stderr
    fixed = tmp_path / "decks" / ("bad.fixed.txt" if kind == ".txt" else f"bad{kind}.fixed.txt")
    assert validate(fixed)[0] == 0


def test_fix_in_place_judges_the_fixed_deck(tmp_path):
    deck = bad_decks(tmp_path / "decks")[0]
    result = runner.invoke(app, ["validate", str(deck), "--fix", "--in-place"])
    assert result.exit_code == 0, result.output
    assert validate(deck)[0] == 0


def test_fix_of_a_folder_writes_one_fixed_deck_per_file_and_never_overwrites(tmp_path):
    folder = tmp_path / "decks"
    bad_decks(folder)
    result = runner.invoke(app, ["validate", str(folder), "--fix"])
    assert result.exit_code == 1, result.output
    written = sorted(p.name for p in folder.glob("*.fixed.txt"))
    assert written == [
        "bad.dek.fixed.txt",
        "bad.fixed.txt",
        "bad.json.fixed.txt",
        "bad.o8d.fixed.txt",
    ]
    (folder / "bad.fixed.txt").write_text("mine\n", encoding="utf-8")
    again = runner.invoke(app, ["validate", str(folder), "--fix"])
    assert again.exit_code == 2
    assert "bad.fixed.txt exists; use --force to overwrite it" in again.stderr
    assert (folder / "bad.fixed.txt").read_text(encoding="utf-8") == "mine\n"
    forced = runner.invoke(app, ["validate", str(folder), "--fix", "--force"])
    assert forced.exit_code == 1
    assert "7x Upper Left Attack" not in (folder / "bad.fixed.txt").read_text(encoding="utf-8")
    assert "6x Upper Left Attack" in (folder / "bad.fixed.txt").read_text(encoding="utf-8")


# 4. The persona in an OCTGN Persona section; an empty Persona: line.


def test_an_octgn_persona_section_holds_the_persona(tmp_path):
    deck_file = variant(
        tmp_path,
        "kurgan-octgn.o8d",
        '    <card qty="1" id="ad38835e-ddd6-4f55-afa7-3207237751aa">The Kurgan</card>\n',
        "",
    )
    text = deck_file.read_text(encoding="utf-8").replace(
        '  <section name="Pre-Game"',
        '  <section name="Persona" shared="False">\n'
        '    <card qty="1" id="ad38835e-ddd6-4f55-afa7-3207237751aa">The Kurgan [ME]</card>\n'
        '  </section>\n  <section name="Pre-Game"',
    )
    deck_file.write_text(text, encoding="utf-8")
    code, deck = validate(deck_file)
    assert code == 0 and deck["persona"] == "The Kurgan" and shown(deck) == []
    assert digest(deck_file) == digest(TRIED / "kurgan-octgn.o8d")


def test_an_empty_persona_line_is_one_problem(tmp_path):
    deck_file = variant(tmp_path, "kurgan-forum.txt", "Persona: Kurgan", "Persona: ")
    code, deck = validate(deck_file)
    assert code == 1 and deck["persona"] == "unknown persona (empty Persona: line)"
    assert [(p[0], p[1], p[2]) for p in shown(deck)] == [("error", "deck-syntax", 2)]
    assert shown(deck)[0][3].startswith("`Persona:` names no persona; persona checks skipped: ")


# 5. Headers as players post them: a count with "cards", forum and markdown decoration.


@pytest.mark.parametrize(
    "header",
    [
        "Deck: 52 cards",
        "Deck - 52 cards",
        "Endurance 52",
        "Endurance (52 cards):",
        "Endurance Cards (52)",
        "== Deck ==",
        "**Deck:**",
        "__Endurance__",
        "### Deck",
        "## Endurance (52 cards)",
    ],
)
def test_a_decorated_or_counted_header_starts_the_endurance(tmp_path, header):
    deck_file = variant(tmp_path, "kurgan-forum.txt", "Deck (53):", header)
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == [], shown(deck)
    assert deck["endurance"] == 52 and deck["pregame"] == 2 and deck["unrecognised"] == 0


def test_a_markdown_comment_that_names_no_section_stays_a_comment(tmp_path):
    deck_file = variant(
        tmp_path, "kurgan-forum.txt", "Deck (53):", "Deck (53):\n### my favourite attacks"
    )
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == []


def test_a_header_count_after_the_colon_is_no_card(tmp_path):
    deck_file = variant(
        tmp_path, "kurgan-forum.txt", "Pre-Game: War Axe", "Pre-Game: 2 cards\nWar Axe"
    )
    code, deck = validate(deck_file)
    assert code == 0 and shown(deck) == [] and deck["pregame"] == 2


# 6. Set names from the set-name table in a persona line and in round brackets.


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("Persona: Kurgan", "Persona: Kurgan (Movie Edition)"),
        ("Persona: Kurgan", "Persona: The Kurgan (ME)"),
        ("3x Thrust", "3x Thrust (Series Edition)"),
        ("3x Thrust", "3x Thrust (SE)"),
    ],
)
def test_a_set_name_in_round_brackets_names_the_set(tmp_path, old, new):
    deck_file = variant(tmp_path, "kurgan-forum.txt", old, new)
    code, deck = validate(deck_file)
    assert code == 0 and deck["persona"] == "The Kurgan" and deck["unrecognised"] == 0
    assert all(p[0] != "error" for p in shown(deck)), shown(deck)


def test_a_bracket_naming_no_set_stays_part_of_the_name(tmp_path):
    deck_file = variant(
        tmp_path, "kurgan-forum.txt", "Persona: Kurgan", "Persona: Kurgan (Nonsense)"
    )
    code, deck = validate(deck_file)
    assert code == 1 and deck["persona"] == "unknown persona 'Kurgan (Nonsense)'"


# 8. Sets the catalogue knows but records no printing of the cards in: said as it is.


def test_a_lackey_deck_gets_one_true_note_about_its_sets():
    code, deck = validate(TRIED / "kurgan-lackey.dek")
    assert code == 0
    problems = [p for p in deck["problems"] if p["rule"] == "deck-syntax"]
    assert [(p["message"], p["fix"]) for p in problems] == [
        (
            "the catalogue records no printing of these cards in the set the deck gives: "
            "Movie Edition (4 cards), Series Edition (46 cards); they were found by name",
            "nothing to change in the deck; curators record printings in the sets column of "
            "data/source/cards.csv",
        )
    ]


def test_a_set_nothing_maps_asks_for_a_set_name_row(tmp_path):
    deck_file = variant(
        tmp_path, "kurgan-lackey.dek", "<set>Series Edition</set>", "<set>Srs Ed</set>"
    )
    code, deck = validate(deck_file)
    problems = [
        (p["severity"], p["message"], p["fix"])
        for p in deck["problems"]
        if p["rule"] == "deck-syntax"
    ]
    assert code == 0 and len(problems) == 2
    assert (
        "warning",
        "sets not known: Srs Ed (46 cards); those cards were found by name",
        "map the deck program's set names to set codes in data/source/set_names.csv",
    ) in problems


# 7. A conversion never writes over its own source.


@pytest.mark.parametrize("same", ["kurgan.txt", "./kurgan.txt", "sub/../kurgan.txt"])
def test_convert_refuses_to_overwrite_its_source(tmp_path, monkeypatch, same):
    source = variant(
        tmp_path, "kurgan-forum.txt", "Persona: Kurgan", "Persona: Kurgan", "kurgan.txt"
    )
    (tmp_path / "sub").mkdir()
    before = source.read_bytes()
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["deck", "convert", "kurgan.txt", same, "--force"])
    assert result.exit_code == 2
    assert "is the deck being converted; write to another file" in result.stderr
    assert source.read_bytes() == before


# 9. OCTGN notes survive a conversion; a binary .o8d is said to be unreadable.


def test_a_converted_octgn_deck_keeps_its_notes(tmp_path):
    target = tmp_path / "copy.o8d"
    result = runner.invoke(app, ["deck", "convert", str(TRIED / "kurgan-octgn.o8d"), str(target)])
    assert result.exit_code == 0, result.output
    written = target.read_text(encoding="utf-8")
    assert "Kurgan deck for the tourney\nFormat: First Edition\nBuilt by HighlanderFan99" in written
    assert written.count("Format:") == 1
    assert digest(target) == digest(TRIED / "kurgan-octgn.o8d")


def test_a_converted_text_deck_gets_its_format_in_the_notes(tmp_path):
    target = tmp_path / "forum.o8d"
    assert (
        runner.invoke(
            app, ["deck", "convert", str(TRIED / "kurgan-forum.txt"), str(target)]
        ).exit_code
        == 0
    )
    # the format as deck programs show it: its title
    assert "<notes>Format: First Edition</notes>" in target.read_text(encoding="utf-8")


@pytest.mark.parametrize(("suffix", "kind"), [(".o8d", "OCTGN deck"), (".dek", "LackeyCCG deck")])
@pytest.mark.parametrize("scan", [False, True])
def test_a_binary_deck_file_is_not_readable_not_skipped(tmp_path, suffix, kind, scan):
    deck_file = tmp_path / f"broken{suffix}"
    deck_file.write_bytes(b"\x00\x01\x02binary")
    args = [str(tmp_path)] if scan else [str(deck_file), "--skip-non-decks"]
    result = runner.invoke(app, ["validate", *args])
    assert result.exit_code == 2
    assert f"broken{suffix}: not a readable {kind}: binary data" in result.stderr
    assert "skipped" not in result.stderr
