"""Defects a tester found in the command line's contract (issue 33 points 8-11, docs/cli.md):
cells cut short in a pipe, tables wider than the terminal, `tcboo check` batches, lookup
exit codes, search terms in the type's own words. In-process (CliRunner)."""

from __future__ import annotations

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
    assert " ".join(fitted).split() == " ".join(piped).split()
