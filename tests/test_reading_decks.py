"""Decks read as their authors meant them, through the command line: JSON entries that fail
validation still count, a Generic Immortal declared beside a persona card is one problem,
folder scans skip what is no deck, and the deck programs' files read in UTF-16 too."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()
VALID = ROOT / "examples" / "decks" / "valid"
LEGAL = (VALID / "duncan-katana-type-two.txt").read_text(encoding="utf-8")
PROGRAMS = ROOT / "examples" / "programs"


def validate(path: Path, *args: str) -> tuple[int, dict]:
    result = runner.invoke(app, ["validate", str(path), "-o", "json", *args])
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def problems(deck: dict) -> list[tuple[str, str]]:
    return [(p["rule"], p["message"]) for p in deck["problems"] if p["severity"] != "note"]


def json_deck(tmp_path: Path, change) -> Path:  # noqa: ANN001 (a function of the data)
    data = json.loads((PROGRAMS / "richie.json").read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_json_entry_that_fails_validation_still_counts(tmp_path):
    """An unknown key beside a card and count: one problem, and the copies count and are
    checked, as `3 Thrust  // note` would be."""
    path = json_deck(tmp_path, lambda d: d["endurance"][4].update(note="vs the Kurgan"))
    code, deck = validate(path, "--format", "first-edition")
    assert code == 1
    assert problems(deck) == [("deck-syntax", "/endurance/4/note: not a known field")]
    assert deck["endurance"] == 52 and deck["unrecognised"] == 0


def test_a_json_entry_without_a_card_counts_as_unrecognised(tmp_path):
    """`{"name": "Battle Rage: Richie Ryan", "count": 2}`: one problem naming both faults;
    its copies count as unrecognised, so the deck is not also too small."""

    def rename(data: dict) -> None:
        entry = data["endurance"][17]
        data["endurance"][17] = {"name": entry["card"], "count": entry["count"]}

    code, deck = validate(json_deck(tmp_path, rename), "--format", "first-edition")
    assert code == 1
    assert problems(deck) == [
        (
            "deck-syntax",
            "/endurance/17: card: required, and missing; name: not a known field",
        )
    ]
    assert deck["endurance"] + deck["unrecognised"] == 52 and deck["unrecognised"] == 2


def test_a_json_entry_written_as_a_bare_name_is_that_card(tmp_path):
    path = json_deck(tmp_path, lambda d: d["endurance"].append("Dodge"))
    code, deck = validate(path, "--format", "first-edition")
    assert code == 1 and deck["endurance"] == 53
    assert problems(deck) == [
        (
            "deck-syntax",
            '/endurance/19: an entry is an object with a card key; read "Dodge" as that card',
        )
    ]


def test_a_bad_count_counts_nothing_as_in_a_text_deck(tmp_path):
    path = json_deck(tmp_path, lambda d: d["endurance"][4].update(count=0))
    _, deck = validate(path, "--format", "first-edition")
    assert deck["endurance"] == 49 and deck["unrecognised"] == 0


GENERIC_CASES = {
    "persona-line": LEGAL.replace("Persona: Duncan MacLeod", "Persona: Generic Immortal").replace(
        "Pre-Game:\nKatana", "Pre-Game:\nDuncan MacLeod\nKatana"
    ),
    "listed": LEGAL.replace("Persona: Duncan MacLeod\n", "").replace(
        "Pre-Game:\nKatana", "Pre-Game:\nGeneric Immortal\nDuncan MacLeod\nKatana"
    ),
}


def test_a_generic_immortal_beside_a_persona_card_is_one_problem(tmp_path):
    for case, text in GENERIC_CASES.items():
        path = tmp_path / f"{case}.txt"
        path.write_text(text, encoding="utf-8")
        code, deck = validate(path)
        assert code == 1, case
        found = problems(deck)
        assert len(found) == 1, (case, found)
        rule, message = found[0]
        assert rule == "deck-syntax"
        assert message.startswith(
            "the deck declares a Generic Immortal, but line 7 lists the persona Duncan MacLeod: "
            "a Generic Immortal has no Persona card; persona checks skipped"
        ), message
        assert deck["persona"] == "Generic Immortal or Duncan MacLeod (undecided)"


def test_the_contradiction_in_json_and_octgn(tmp_path):
    path = json_deck(
        tmp_path, lambda d: d.update(persona="Generic Immortal", pregame=[{"card": "Richie Ryan"}])
    )
    code, deck = validate(path, "--format", "first-edition")
    assert code == 1
    assert [rule for rule, _ in problems(deck)] == ["deck-syntax"]
    octgn = tmp_path / "deck.o8d"
    octgn.write_text(
        (PROGRAMS / "richie-octgn.o8d")
        .read_text(encoding="utf-8")
        .replace(
            '<section name="Pre-Game" shared="False">',
            '<section name="Persona" shared="False"><card qty="1">Generic Immortal</card>'
            '</section>\n  <section name="Pre-Game" shared="False">',
        ),
        encoding="utf-8",
    )
    code, deck = validate(octgn)
    assert code == 1 and [rule for rule, _ in problems(deck)] == ["deck-syntax"]


def test_a_generic_immortal_alone_is_still_legal():
    code, deck = validate(VALID / "generic-immortal-first-edition.txt")
    assert code == 0 and deck["persona"] == "Generic Immortal"


def test_a_folder_with_a_package_json_and_an_empty_file(tmp_path):
    """Skipped with a note each; the exit code follows the decks (0 here, 1 with an
    illegal one), never 2."""
    (tmp_path / "duncan.txt").write_text(LEGAL, encoding="utf-8")
    (tmp_path / "package.json").write_text(
        '{"name": "my-decks", "version": "1.0.0", "private": true}', encoding="utf-8"
    )
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "report.json").write_bytes(b"")  # `> report.json` before hlcg has written
    result = runner.invoke(app, ["validate", str(tmp_path), "-o", "json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [d["path"] for d in report["decks"]] == [str(tmp_path / "duncan.txt")]
    assert report["unreadable"] == []
    for name, why in (
        ("empty.txt", "an empty file"),
        ("report.json", "an empty file"),
        ("package.json", "a JSON object with no persona or cards, and keys no deck has"),
    ):
        assert f"hlcg: note: skipped {tmp_path / name}: not a deck ({why}" in result.stderr
    (tmp_path / "bad.txt").write_text("Persona: Duncan MacLeod\n3 Thrust\n", encoding="utf-8")
    assert runner.invoke(app, ["validate", str(tmp_path)]).exit_code == 1


def test_deck_programs_files_saved_as_utf_16(tmp_path):
    """A .dek or .o8d opened in Notepad and saved as "Unicode" still reads, though its XML
    declaration still says utf-8: same verdict and fingerprint."""
    for name in ("richie-lackey.dek", "richie-octgn.o8d"):
        source = PROGRAMS / name
        text = source.read_text(encoding="utf-8").replace("\n", "\r\n")
        saved = tmp_path / name
        saved.write_bytes(b"\xff\xfe" + text.encode("utf-16-le"))
        assert validate(saved)[0] == validate(source)[0] == 0
        hashes = [runner.invoke(app, ["deck", "hash", str(p)]).stdout for p in (saved, source)]
        assert hashes[0] == hashes[1]


def test_a_saved_report_named_as_a_deck_is_refused_with_what_it_is(tmp_path):
    deck = ROOT / "examples" / "decks" / "invalid" / "title-limit.txt"
    report = tmp_path / "report.json"
    report.write_text(runner.invoke(app, ["validate", str(deck), "-o", "json"]).stdout)
    result = runner.invoke(app, ["validate", str(report)])
    assert result.exit_code == 2
    assert f"{report}: an hlcg JSON report, not a deck; check the decks it names" in result.stderr
