"""What a fresh-eyes tester of `hlcg event` found (issue 37), each through the command line
in this process: a Quickening spelled another way, the sheets of a deck accepted illegally,
verify's wording and exit codes, the standings table and the published deck pages."""

from __future__ import annotations

import json
import re
import sys
import zlib
from pathlib import Path

from tests.event.day import EVENT_DATE, ROOT, TOURNAMENT, VALID, hlcg, payloads
from tests.event.test_rules_and_exchange import LEAGUE, digest

CONNOR = "Connor's Quickening"


def league(folder: Path) -> Path:
    """Four players in the 2e league; Carol's illegal deck accepted by the organiser."""
    event = folder / "spring.hlcg"
    made = hlcg(
        "event", "new", event, "--name", "Spring", "--date", EVENT_DATE, "--rules", "2e-league"
    )
    assert made.exit_code == 0, made.output
    for player, deck, *options in (
        ("Alice", TOURNAMENT / "alice-duncan.txt"),
        ("Carol", TOURNAMENT / "carol-methos.o8d", "--accept-illegal"),
        ("Gina", VALID / "grayson-business-as-usual-type-two.txt"),
        ("Kurt", ROOT / "tests" / "decks_tried" / "kurgan.json"),
    ):
        done = hlcg("event", "register", event, player, deck, *options)
        assert done.exit_code == 0, done.output
    return event


def result(event: Path, *args: object) -> object:
    return hlcg("event", "result", event, *args)


def test_a_quickening_spelled_another_way_is_the_same_quickening(tmp_path):
    event = league(tmp_path)
    taken = result(
        event, "Carol", "Alice", "--round", 1, "--winner", "Carol", "--head", "--quickening", CONNOR
    )
    assert taken.exit_code == 0, taken.output
    before = digest(event)
    claimed = result(
        event, "Gina", "Kurt", "--round", 2, "--winner", "Gina",
        "--head", "--quickening", "connors  quickening",
    )  # fmt: skip
    assert claimed.exit_code == 1
    assert claimed.stderr == (
        'hlcg: error: the Quickening "Connor\'s Quickening" is held by Carol; Gina claims it '
        "from another game: refused by the rule quickening-stays-with-taker of 2e-league: "
        f"a Quickening belongs to the Immortal who won or took it (source: {LEAGUE})\n"
    )
    assert digest(event) == before
    twice = result(
        event, "Gina", "Carol", "--round", 2, "--winner", "Gina", "--head",
        "--quickening", CONNOR, "--quickening", "CONNORS QUICKENING",
    )  # fmt: skip
    assert twice.exit_code == 2
    assert twice.stderr == "hlcg: error: a Quickening is named twice in one result\n"
    # Taken with Carol's head, typed another way: recorded, shown and held in one spelling.
    passed = result(
        event, "Gina", "Carol", "--round", 2, "--winner", "Gina",
        "--head", "--quickening", "CONNOR’S quickening",
    )  # fmt: skip
    assert passed.exit_code == 0, passed.output
    assert passed.stdout == f"round 2: Gina beat Carol, took Carol's head, Quickenings: {CONNOR}\n"
    standings = json.loads(hlcg("event", "standings", event, "--json").stdout)
    assert standings["quickenings"] == [{"quickening": CONNOR, "holder": "Gina"}]


def test_html_sheets_need_the_print_extra_as_the_docs_and_readme_say(tmp_path, monkeypatch):
    event = league(tmp_path)
    monkeypatch.setitem(sys.modules, "segno", None)  # `import segno` now raises ImportError
    target = tmp_path / "sheets.html"
    written = hlcg("event", "sheets", event, "-o", target)
    assert written.exit_code == 2
    assert written.stderr == (
        "hlcg: error: registration sheets need the print extra (segno is missing): "
        "pip install 'hlcg[print]'\n"
    )
    assert not target.exists()
    doc = (ROOT / "docs" / "event.md").read_text(encoding="utf-8")
    assert "Both `.pdf` and `.html` need the print extra" in doc
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    block = readme.split("### A whole event in one file: `hlcg event`", 1)[1].split("```\n")[0]
    assert "hlcg event sheets spring.hlcg -o sheets.html    # needs pip install '.[print]'" in block


def pdf_lines(pdf: bytes) -> list[str]:
    """The text lines a PDF written by fpdf2 shows, from its compressed page streams."""
    shown = []
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        content = zlib.decompress(stream).decode("latin-1")
        shown += [re.sub(r"\\(.)", r"\1", t) for t in re.findall(r"\((.*?)(?<!\\)\) Tj", content)]
    return shown


def test_the_sheets_say_what_the_event_judged_by_and_that_the_organiser_accepted(tmp_path):
    event = league(tmp_path)
    judged_by = json.loads(hlcg("event", "status", event, "--json").stdout)["judged_by"]
    assert judged_by.startswith(f"type-two as of {EVENT_DATE}, hlcg ruleset ")
    assert judged_by.endswith(", rule set 2e-league")
    page = tmp_path / "sheets.html"
    assert hlcg("event", "sheets", event, "-o", page).exit_code == 0
    heads = re.findall(r'<div class="head">.*?</table>', page.read_text(encoding="utf-8"))
    rows = [dict(re.findall(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", h)) for h in heads]
    assert [(r["Player"], r["Judged by"], r["Verdict"]) for r in rows] == [
        ("Alice", judged_by, "legal"),
        ("Carol", judged_by, "not legal, 2 errors, accepted by the organiser"),
        ("Gina", judged_by, "legal"),
        ("Kurt", judged_by, "legal"),
    ]
    printed = tmp_path / "sheets.pdf"
    assert hlcg("event", "sheets", event, "-o", printed).exit_code == 0
    lines = pdf_lines(printed.read_bytes())
    assert lines.count("not legal, 2 errors, accepted by the organiser") == 1
    assert lines.count("legal") == 3
    # "Judged by" is longer than the column beside the QR code: it wraps between words.
    at = [n for n, line in enumerate(lines) if line == "Judged by"]
    assert len(at) == 4
    assert all(f"{lines[n + 1]} {lines[n + 2]}" == judged_by for n in at)


def test_verify_names_each_side_for_what_it_is(tmp_path):
    event = league(tmp_path)
    page = tmp_path / "sheets.html"
    assert hlcg("event", "sheets", event, "-o", page).exit_code == 0
    carol_sheet = tmp_path / "carol-sheet.txt"  # the payload Carol's sheet's QR code holds
    carol_sheet.write_text(payloads(page.read_text(encoding="utf-8"))[1], encoding="utf-8")
    by_sheet = hlcg("event", "verify", event, "Alice", carol_sheet)
    assert by_sheet.exit_code == 1
    assert (
        "  the verdicts differ: the registered deck is legal, the presented sheet is not legal, "
        "2 errors\n" in by_sheet.stdout
    )
    by_file = hlcg("event", "verify", event, "Alice", TOURNAMENT / "carol-methos.o8d", "--json")
    assert by_file.exit_code == 1
    assert json.loads(by_file.stdout)["other"][0] == (
        "the verdicts differ: the registered deck is legal, the presented deck is not legal, "
        "2 errors"
    )


def test_verify_of_a_player_not_registered_could_not_run(tmp_path):
    event = league(tmp_path)
    nobody = hlcg("event", "verify", event, "Zed", TOURNAMENT / "bob-richie.dek")
    assert (nobody.exit_code, nobody.stdout) == (2, "")
    assert nobody.stderr == "hlcg: error: Zed is not registered for Spring\n"


def test_the_standings_league_column_is_labelled_and_deck_pages_count_one_card(tmp_path):
    event = league(tmp_path)
    assert (
        result(event, "Carol", "Alice", "--round", 1, "--winner", "Carol", "--head").exit_code == 0
    )
    shown = hlcg("event", "standings", event)
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[1].split() == [
        "place", "player", "persona", "games", "wins", "heads", "points", "league"
    ]  # fmt: skip
    assert [line.split() for line in lines[3:7]] == [
        ["1", "Carol", "Methos", "1", "1", "1", "7"],
        ["2", "Alice", "Duncan", "MacLeod", "1", "0", "0", "1", "removed", "(beheaded)"],
        ["3", "Gina", "Grayson", "0", "0", "0", "0"],
        ["3", "Kurt", "The", "Kurgan", "0", "0", "0", "0"],
    ]
    site = tmp_path / "site"
    assert hlcg("event", "publish", event, site).exit_code == 0
    gina = (site / "decks" / "gina.html").read_text(encoding="utf-8")
    assert re.findall(r"<caption>(.*?)</caption>", gina) == [
        "Pre-game (1 card)",
        "Endurance (51 cards)",
    ]
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<td>removed (beheaded)</td>" in index
