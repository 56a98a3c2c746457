"""Verdicts that rest on evidence, tried as players, judges and curators work: through the
CLI (exit code and JSON), on deck files shaped like the programs' files, on a curator's copy
of the catalogue. An error needs evidence; a gap is a note naming the cards; adding a true
fact never changes a verdict unless that fact is the evidence."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app

runner = CliRunner()

BASICS = [
    "Upper Left Attack",
    "Upper Center Attack",
    "Upper Right Attack",
    "Middle Left Attack",
    "Thrust",
    "Middle Right Attack",
    "Lower Left Attack",
    "Lower Center Attack",
    "Lower Right Attack",
    "Upper Left Block",
    "Upper Center Block",
    "Upper Right Block",
    "Lower Left Block",
    "Lower Center Block",
    "Lower Right Block",
]
# The Type Two rulebook's own examples (seed 002 §Head Shots, §Card Groups; seed 000).
SEED_NAMED = {"Head Shot": 2, "Master's Advance": 2, "Trip": 2, "Dodge": 2}


def invoke(*args: str):
    return runner.invoke(app, list(args))


def report(path: Path, *args: str) -> tuple[int, dict]:
    result = invoke("validate", str(path), "--output", "json", *args)
    return result.exit_code, json.loads(result.stdout)["decks"][0]


def gaps(deck: dict, rule: str) -> list[dict]:
    return [p for p in deck["problems"] if p["message"].startswith(f"{rule}: ")]


def errors(deck: dict) -> list[tuple[str, list[str]]]:
    return [(p["rule"], p["cards"]) for p in deck["problems"] if p["severity"] == "error"]


def duncan_text(extra: dict[str, int] = SEED_NAMED) -> str:
    lines = ["Format: Type 2", "Persona: Duncan MacLeod", "Pre-Game:", "Katana", "Endurance:"]
    lines += [f"3 {title}" for title in BASICS]
    lines += [f"{n} {title}" for title, n in extra.items()]
    return "\n".join(lines) + "\n"


def duncan_dek(sets: dict[str, str] | None = None) -> str:
    """The deck as LackeyCCG saves it: one <card> per copy, tabs, <set> where given."""
    sets = sets or {}

    def cards(titles: dict[str, int]) -> str:
        out = ""
        for title, copies in titles.items():
            name = title.replace("&", "&amp;").replace("'", "&apos;")
            chosen = f"<set>{sets[title]}</set>" if title in sets else ""
            out += f'\t\t<card><name id="{title[:6]}">{name}</name>{chosen}</card>\n' * copies
        return out

    endurance = {**dict.fromkeys(BASICS, 3), **SEED_NAMED}
    return (
        '<deck version="0.8">\n\t<meta>\n\t\t<game>Highlander</game>\n'
        "\t\t<format>Type Two</format>\n\t</meta>\n"
        f'\t<superzone name="Deck">\n{cards(endurance)}\t</superzone>\n'
        f'\t<superzone name="Pre-Game">\n{cards({"Duncan MacLeod": 1, "Katana": 1})}'
        "\t</superzone>\n</deck>\n"
    )


def duncan_o8d() -> str:
    """The deck as OCTGN saves it: sections, qty, GUID ids, the format in its notes."""

    def cards(titles: dict[str, int]) -> str:
        return "".join(
            f'    <card qty="{n}" id="{n:08d}-0000-0000-0000-{i:012d}">'
            f"{title.replace('&', '&amp;')}</card>\n"
            for i, (title, n) in enumerate(titles.items())
        )

    endurance = {**dict.fromkeys(BASICS, 3), **SEED_NAMED}
    return (
        '<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n'
        '<deck game="a7b5a1c0-0000-4000-8000-000000000000">\n'
        f'  <section name="Pre-Game" shared="False">\n{cards({"Duncan MacLeod": 1, "Katana": 1})}'
        "  </section>\n"
        f'  <section name="Endurance" shared="False">\n{cards(endurance)}  </section>\n'
        "  <notes><![CDATA[Format: Type Two]]></notes>\n</deck>\n"
    )


def duncan_json() -> str:
    endurance = {**dict.fromkeys(BASICS, 3), **SEED_NAMED}
    return json.dumps(
        {
            "format": "Type Two",
            "persona": "Duncan MacLeod",
            "pregame": [{"card": "Katana", "count": 1}],
            "endurance": [{"card": t, "count": n} for t, n in endurance.items()],
        }
    )


@pytest.mark.parametrize(
    ("name", "make"),
    [
        ("duncan.txt", duncan_text),
        ("duncan.dek", duncan_dek),
        ("duncan.o8d", duncan_o8d),
        ("duncan.json", duncan_json),
    ],
)
def test_a_type_two_deck_of_the_rulebooks_own_cards_is_legal_with_one_note(tmp_path, name, make):
    path = tmp_path / name
    path.write_text(make(), encoding="utf-8")
    code, deck = report(path)
    assert code == 0 and deck["legal"] and deck["format"] == "type-two", deck["problems"]
    assert deck["endurance"] == 53 and errors(deck) == []
    # Head Shot, Master's Advance and Trip have sourced Type Two facts; Dodge has no
    # recorded printing or fact: one note names it.
    [gap] = gaps(deck, "format-legality")
    assert gap["cards"] == ["dodge"] and gap["severity"] == "note"
    assert gap["message"] == (
        "format-legality: no printing legal in type-two is recorded for Dodge: check them"
    )


def test_a_printing_the_deck_names_is_judged_as_that_printing(tmp_path):
    second = tmp_path / "second.dek"
    second.write_text(duncan_dek({"Head Shot": "2E", "Dodge": "2E"}), encoding="utf-8")
    code, deck = report(second)
    # Dodge's 2E printing is not recorded: the deck naming it is no evidence (a gap)
    assert code == 0 and errors(deck) == []
    assert [g["cards"] for g in gaps(deck, "format-legality")] == [["dodge"]]
    assert not any("1E" in p["message"] for p in deck["problems"])  # no contradiction
    first = tmp_path / "first.dek"
    first.write_text(duncan_dek({"Head Shot": "Series Edition"}), encoding="utf-8")
    code, deck = report(first)
    assert code == 1 and errors(deck) == [("format-legality", ["head-shot"])]
    [problem] = [p for p in deck["problems"] if p["rule"] == "format-legality"]
    assert problem["message"] == (
        "Head Shot [head-shot] is not legal in type-two "
        "(the deck names its SE printing, a 1E set; type-two takes 2E cards)"
    )
    assert (
        problem["line"]
        == duncan_dek()
        .split("\n")
        .index(next(line for line in duncan_dek().split("\n") if ">Head Shot<" in line))
        + 1
    )


@pytest.fixture
def curators_copy(tmp_path) -> Path:
    db = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), db)
    return db


EXAMPLES = sorted(
    p
    for folder in ("decks/valid", "decks/invalid", "tournament", "programs")
    for p in (ROOT / "examples" / folder).iterdir()
    if p.suffix in (".txt", ".json", ".dek", ".o8d") and p.name != "expected.json"
)


def verdicts(db: Path | None) -> dict[str, tuple[bool, list[str]]]:
    extra = ("--db", str(db)) if db else ()
    out = {}
    for path in EXAMPLES:
        _, deck = report(path, *extra)
        out[path.name] = (deck["legal"], sorted(rule for rule, _ in errors(deck)))
    return out


def test_recording_a_true_printing_of_thrust_changes_no_verdict(tmp_path, curators_copy):
    before = verdicts(None)
    sheet = tmp_path / "thrust.csv"
    sheet.write_text(
        "id,field,value,source\nthrust,sets,1E,seed 001_6402d66a7a4065b1.txt §Basic Attack\n",
        encoding="utf-8",
    )
    imported = invoke("db", "import", str(sheet), "--db", str(curators_copy))
    assert imported.exit_code == 0, imported.output
    card = json.loads(invoke("card", "thrust", "--db", str(curators_copy), "--json").stdout)
    assert card["cards"][0]["sets"] == ["1E"]
    assert card["cards"][0]["verdicts"]["type-two"]["status"] == "legal"
    assert verdicts(curators_copy) == before


def test_a_suspension_applies_from_its_date(tmp_path, curators_copy):
    facts = tmp_path / "suspended.csv"
    facts.write_text(
        "card_id,format,status,date,source,note\n"
        "head-shot,type-two,suspended,2026-01-15,"
        "https://www.highlanderthecardgame.com/post/suspended-cards,an organiser's row\n",
        encoding="utf-8",
    )
    result = invoke("db", "import", str(facts), "--db", str(curators_copy))
    assert result.exit_code == 0, result.output
    assert "read 1 legality fact into " in result.output
    deck = tmp_path / "duncan.txt"
    deck.write_text(duncan_text(), encoding="utf-8")
    db = ("--db", str(curators_copy))
    code, before = report(deck, *db, "--date", "2026-01-14")
    assert code == 0 and before["date"] == "2026-01-14"
    code, after = report(deck, *db, "--date", "2026-01-15")
    assert code == 1 and after["date"] == "2026-01-15"
    assert errors(after) == [("format-legality", ["head-shot"])]
    [problem] = [p for p in after["problems"] if p["rule"] == "format-legality"]
    assert "(suspended in type-two since 2026-01-15: " in problem["message"]
    # The fingerprint follows the facts in force: two dates before the suspension agree.
    hashes = {
        day: invoke("deck", "hash", str(deck), *db, "--date", day).stdout.strip()
        for day in ("2025-06-01", "2026-01-14", "2026-01-15")
    }
    assert hashes["2025-06-01"] == hashes["2026-01-14"] != hashes["2026-01-15"]
    assert before["fingerprint"] == hashes["2026-01-14"]
    # Every report names the date it judged by.
    junit = invoke("validate", str(deck), *db, "--date", "2026-01-15", "-o", "junit").stdout
    assert '<property name="date" value="2026-01-15" />' in junit
    sarif = json.loads(
        invoke("validate", str(deck), *db, "--date", "2026-01-15", "-o", "sarif").stdout
    )
    assert sarif["runs"][0]["properties"]["decks"][0]["date"] == "2026-01-15"
    text = invoke("validate", str(deck), *db, "--date", "2026-01-15").stdout
    assert "format type-two on 2026-01-15 |" in text
    rules = json.loads(invoke("rules", "format-legality", *db, "--json").stdout)["rule"]
    assert {
        "card": "head-shot",
        "format": "type-two",
        "status": "suspended",
        "date": "2026-01-15",
        "source": "https://www.highlanderthecardgame.com/post/suspended-cards",
        "note": "an organiser's row",
        "inferred": "",
    } in rules["legality"]


def test_a_bad_date_is_a_usage_error(tmp_path):
    deck = tmp_path / "duncan.txt"
    deck.write_text(duncan_text(), encoding="utf-8")
    result = invoke("validate", str(deck), "--date", "2026-02-30")
    assert result.exit_code == 2
    assert "2026-02-30 is not a day of the calendar" in _unboxed(result.output)
    result = invoke("validate", str(deck), "--date", "14/03/2026")
    assert result.exit_code == 2 and "give a date as YYYY-MM-DD" in _unboxed(result.output)


def _unboxed(text: str) -> str:
    """A usage error as words: the panel typer draws around it wraps at the terminal's width."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def import_legality_row(folder: Path, db: Path, row: str):
    """`hlcg db import` of a legality sheet holding ``row``: the result, and the sheet."""
    facts = folder / "legality.csv"
    facts.write_text(f"card_id,format,status,date,source,note\n{row}\n", encoding="utf-8")
    return invoke("db", "import", str(facts), "--db", str(db)), facts


def test_a_legality_sheet_naming_no_card_imports_nothing(tmp_path, curators_copy):
    before = curators_copy.read_bytes()
    row = "no-such-card,type-two,banned,2026-01-01,https://example.org,"
    result, _ = import_legality_row(tmp_path, curators_copy, row)
    assert result.exit_code == 2
    assert "'no-such-card' is not a card of" in result.output
    assert curators_copy.read_bytes() == before


def test_fix_offers_only_cards_known_legal_and_swaps_an_illegal_persona(tmp_path):
    from hlcg.catalog import load
    from hlcg.rules.legality import LEGAL
    from hlcg.rules.profiles import verdict_in

    catalogue = load(shipped_path())
    offered = re.compile(r"replace \d+ .+? with \d+ .+? \[([a-z0-9-]+)\]")
    for path in sorted((ROOT / "examples/decks/invalid").glob("*.txt")):
        _, deck = report(path)
        fmt = deck["format"]
        for problem in deck["problems"]:
            for card_id in offered.findall(problem["fix"] or ""):
                card = catalogue.cards[card_id]
                assert verdict_in(card, fmt, catalogue).status == LEGAL, (path.name, card_id)
    deck = tmp_path / "deck.txt"
    shutil.copyfile(ROOT / "examples/decks/invalid/format-legality.txt", deck)
    _, checked = report(deck)
    [problem] = [p for p in checked["problems"] if p["rule"] == "format-legality"]
    assert problem["fix"] == (
        "play the first-edition version: Persona: duncan-macleod-se (Duncan MacLeod)"
    )
    fixed = invoke("validate", str(deck), "--fix")
    told = fixed.stdout + fixed.stderr
    assert "changed Persona: Duncan MacLeod [duncan-macleod-2e] to Duncan MacLeod" in told
    assert "removed 0" not in told
    text = (tmp_path / "deck.fixed.txt").read_text(encoding="utf-8")
    assert "Persona: Duncan MacLeod\n" in text  # by name, not as an id (issue 32)
    code, again = report(tmp_path / "deck.fixed.txt")
    assert code == 0 and again["legal"]


def test_a_printing_named_on_the_persona_line_is_judged_as_on_a_pre_game_line(tmp_path):
    endurance = "".join(f"4 {title}\n" for title in BASICS)
    verdicts = {}
    for name, head in {
        "persona-line": "Persona: Duncan MacLeod [SE]\n",
        "pre-game": "Pre-Game:\nDuncan MacLeod [SE]\n",
    }.items():
        path = tmp_path / f"{name}.txt"
        path.write_text(f"Format: type-two\n{head}Endurance:\n{endurance}", encoding="utf-8")
        code, deck = report(path)
        verdicts[name] = (code, errors(deck))
        [problem] = [p for p in deck["problems"] if p["rule"] == "format-legality"]
        assert problem["fix"] == (
            "play the type-two version: Persona: duncan-macleod-2e (Duncan MacLeod)"
        )
    assert (
        verdicts["persona-line"]
        == verdicts["pre-game"]
        == (
            1,
            [("format-legality", ["duncan-macleod-se"])],
        )
    )


def test_a_card_refused_only_for_the_printing_named_keeps_its_place(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_text(duncan_text({"Head Shot [Series Edition]": 2}), encoding="utf-8")
    _, deck = report(path)
    [problem] = [p for p in deck["problems"] if p["rule"] == "format-legality"]
    assert problem["fix"] == "name a 2E printing of Head Shot, or drop the set code from its line"


def test_a_fix_adds_no_card_of_unknown_legality_on_the_date_judged_by(tmp_path):
    # 48 cards: the fix fills the Endurance with basics, which Type Two's sourced facts
    # place in the format from 2009 on; before that nothing is known legal to add.
    path = tmp_path / "short.txt"
    path.write_text(duncan_text({"Dodge": 5}).replace("3 Thrust\n", "1 Thrust\n"), encoding="utf-8")
    after = invoke("validate", str(path), "--fix")
    assert "added 2 Thrust" in after.stdout + after.stderr
    (tmp_path / "short.fixed.txt").unlink()
    before = invoke("validate", str(path), "--fix", "--date", "2008-01-01")
    assert "added" not in before.stdout + before.stderr
    assert not (tmp_path / "short.fixed.txt").exists()


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("head-shot,type-two,suspended,2025-02-30,https://example.org,", "2025-02-30 is not a day"),
        ("head-shot,type-two,Suspended,2025-02-01,https://example.org,", "status"),
        ("head-shot,type-two,banned,2025-02-01,,", "source"),
    ],
)
def test_bad_legality_rows_are_refused_with_their_row(tmp_path, curators_copy, row, message):
    before = curators_copy.read_bytes()
    result, facts = import_legality_row(tmp_path, curators_copy, row)
    assert result.exit_code == 2
    assert f"{facts}: row 2: " in result.stderr and message in result.stderr
    assert curators_copy.read_bytes() == before


def test_db_gaps_asks_only_for_the_legality_no_source_settles():
    result = invoke(
        "db", "gaps", str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt"), "-o", "json"
    )
    asked = sorted(g["id"] for g in json.loads(result.stdout)["items"] if g["field"] == "formats")
    assert asked == ["dodge", "upper-guard"]


def test_a_lackey_persona_zone_names_its_printing(tmp_path):
    pregame = '\t\t<card><name id="Duncan">Duncan MacLeod</name></card>\n'
    persona = (
        '\t<superzone name="Persona">\n'
        '\t\t<card><name id="Duncan">Duncan MacLeod</name><set>SE</set></card>\n'
        "\t</superzone>\n"
    )
    text = duncan_dek().replace(pregame, "").replace("</deck>", persona + "</deck>")
    deck = tmp_path / "persona.dek"
    deck.write_text(text, encoding="utf-8")
    code, checked = report(deck)
    assert checked["persona"] == "Duncan MacLeod"
    assert code == 1 and errors(checked) == [("format-legality", ["duncan-macleod-se"])]
