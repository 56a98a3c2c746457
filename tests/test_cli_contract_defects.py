"""Defects a tester found in the command line's contract (issue 33 points 8-11, docs/cli.md):
cells cut short in a pipe, tables wider than the terminal, `tcboo check` batches, lookup
exit codes, search terms in the type's own words. In-process (CliRunner)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import build

runner = CliRunner()
APP = build()
LONG = "Turns a lower attack into a blow that leaves the opponent unable to block for a turn."


def invoke(*args: str):
    return runner.invoke(APP, list(args))


def test_text_cells_stay_whole_in_a_pipe(tmp_path: Path):
    sources = invoke("card", "Head Shot", "--sources").stdout.splitlines()
    (text,) = [line for line in sources if line.startswith("text ")]
    assert "Turns an upper attack into a blow that can take the opponent's head." in text
    db = tmp_path / "mine.sqlite"
    assert invoke("db", "init", str(db)).exit_code == 0
    rows = tmp_path / "cards.csv"
    rows.write_text(f'id,title,type,text,source\nx,X Card,event,"{LONG}",seed 001\n')
    assert invoke("db", "import", str(rows), "--db", str(db)).exit_code == 0
    rows.write_text("id,title,type,text,source\nx,X Card,event,Short now.,seed 001\n")
    assert invoke("db", "import", str(rows), "--db", str(db), "--overwrite").exit_code == 0
    history = invoke("card", "x", "--history", "--db", str(db)).stdout.splitlines()
    (old,) = [line for line in history if line.startswith("text ")]
    assert LONG in old


@pytest.mark.parametrize("width", [80, 60])
@pytest.mark.parametrize("command", [["tcboo", "immortals"], ["rules"], ["tcboo", "swords"]])
def test_every_table_fits_the_terminal(command, width, monkeypatch):
    piped = invoke(*command).stdout
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: width)
    fitted = invoke(*command).stdout
    assert max(len(line) for line in fitted.splitlines()) <= width
    # nothing dropped: every word of the piped table is still there, maybe wrapped after
    # a hyphen (a table's rules aside)
    joined = "".join(fitted.split())
    pieces = [piece for word in piped.split() for piece in re.split(r"(?<=-)(?=\w)", word)]
    assert [p for p in pieces if p not in joined and set(p) != {"-"}] == []


def test_a_table_too_wide_for_any_columns_shows_a_block_per_row(monkeypatch):
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: 80)
    shown = invoke("tcboo", "immortals").stdout.split("\n\n")[0].splitlines()
    assert shown[:3] == ["immortal    Conner MacLeod", "wits        8", "will        9"]
    assert len(shown) == 13  # the name and twelve stats


def test_db_info_wraps_a_long_value_under_itself(monkeypatch):
    piped = invoke("db", "info").stdout.splitlines()
    assert max(len(line) for line in piped) > 80  # one line per field in a pipe
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: 80)
    fitted = invoke("db", "info").stdout.splitlines()
    assert max(len(line) for line in fitted) <= 80
    facts = fitted.index(next(line for line in fitted if line.startswith("sourced_facts")))
    assert fitted[facts + 1].startswith(" " * 16)
    # every character kept, only the breaks differ (a long path breaks inside itself)
    assert "".join("".join(fitted).split()) == "".join("".join(piped).split())


SHEET = "examples/tcboo/legal-roll.toml"


def test_tcboo_check_reports_every_sheet_and_names_the_unreadable(tmp_path: Path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Aldous\n', encoding="utf-8")
    png = tmp_path / "img.png"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(32))
    result = runner.invoke(APP, ["tcboo", "check", SHEET, str(png), str(bad)])
    assert result.exit_code == 2
    assert result.stdout.splitlines()[-1] == "LEGAL"  # the readable sheet is still checked
    assert result.stderr.splitlines() == [
        f"hlcg: error: {png}: binary data (NUL bytes or an image/archive header); "
        "not a sheet (TOML)",
        f"hlcg: error: {bad}: not valid TOML: line 1, column 15: the line ends inside a value "
        "(a quote not closed?)",
    ]
    as_json = runner.invoke(APP, ["tcboo", "check", SHEET, str(png), "-o", "json"])
    assert as_json.exit_code == 2
    answers = json.loads(as_json.stdout)["sheets"]
    assert [(a["path"], a["legal"], a.get("error")) for a in answers] == [
        (SHEET, True, None),
        (str(png), False, f"{png}: binary data (NUL bytes or an image/archive header); "
         "not a sheet (TOML)"),
    ]  # fmt: skip
    alone = runner.invoke(APP, ["tcboo", "check", str(bad), "-o", "json"])
    assert (alone.exit_code, json.loads(alone.stdout)["sheets"][0]["legal"]) == (2, False)


def test_a_premade_with_a_problem_is_not_said_to_be_accepted():
    # `tcboo check --sword` refuses a sword it cannot name before any check (exit 2,
    # tests/test_lookup_contract.py); a premade asked with one still says it is not accepted
    from hlcg.catalog import shipped_path
    from hlcg.tcboo import load, premade, render_text

    said = render_text(premade("Ramirez", load(shipped_path()), "zzzz"))
    assert "accepted as printed" not in said.casefold()
    assert said.splitlines()[-1] == "NOT ACCEPTED: 1 problem"
    shown = runner.invoke(APP, ["tcboo", "check", "--premade", "Ramirez"])
    assert shown.exit_code == 0
    assert shown.stdout.splitlines()[-1].startswith("PREMADE (accepted as printed): ")


def test_an_unknown_premade_is_a_lookup_like_tcboo_immortal():
    premade = runner.invoke(APP, ["tcboo", "check", "--premade", "Connor"])
    immortal = runner.invoke(APP, ["tcboo", "immortal", "Connor"])
    assert (premade.exit_code, immortal.exit_code) == (1, 1)
    assert (premade.stdout, immortal.stdout) == ("", "")
    assert premade.stderr.splitlines()[0] == (
        "No single premade Immortal named 'Connor'. Did you mean:"
    )
    assert "Conner MacLeod" in premade.stderr
    as_json = runner.invoke(APP, ["tcboo", "check", "--premade", "Connor", "-o", "json"])
    assert as_json.exit_code == 1
    (answer,) = json.loads(as_json.stdout)["sheets"]
    assert (answer["error"], answer["candidates"]) == (
        "no premade Immortal named 'Connor'",
        ["Conner MacLeod"],
    )


def test_a_type_in_its_own_words_and_a_value_in_single_quotes():
    def cards(query: str) -> list[str]:
        result = runner.invoke(APP, ["search", query, "--json"])
        assert result.exit_code == 0, result.output
        return [card["id"] for card in json.loads(result.stdout)["cards"]]

    slugs = cards("t:weapon-of-choice")
    assert len(slugs) == 10
    assert cards('t:"weapon of choice"') == cards("type:'Weapon of Choice'") == slugs
    pregame = runner.invoke(APP, ["search", 'type:"Pre-Game"', "--json"])
    assert pregame.exit_code == 0
    assert {c["type"] for c in json.loads(pregame.stdout)["cards"]} == {"other-pre-game"}
    assert cards("p:'Duncan MacLeod'") == cards('p:"Duncan MacLeod"') != []
    assert runner.invoke(APP, ["search", "master's block"]).exit_code == 0  # still a word
