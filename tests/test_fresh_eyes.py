"""What a fresh-eyes user found on the command line (issue 33, docs/cli.md), each held
through the CLI in-process: misspelt search values are taken only with a note."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import build

runner = CliRunner()
APP = build()


def _ids(*words: str) -> list[str]:
    result = runner.invoke(APP, [*words, "--json"])
    assert result.exit_code == 0, result.stderr
    return [card["id"] for card in json.loads(result.stdout)["cards"]]


# --- 1. a misspelt set or persona is taken as a lookup takes it, and said ------------------


@pytest.mark.parametrize(
    ("query", "meant", "note"),
    [
        ('s:"Movie Editon"', "s:ME", "s:'Movie Editon': ME (Movie Edition), score 96"),
        ('s:"Mvie Edition"', "s:ME", "s:'Mvie Edition': ME (Movie Edition), score 96"),
        ('s:"Series Editon"', "s:SE", "s:'Series Editon': SE (Series Edition), score 96"),
        (
            'p:"Duncan MacLeud"',
            'p:"Duncan MacLeod"',
            "p:'Duncan MacLeud': Duncan MacLeod, score 93",
        ),
        # each side of an OR and a left-out term are read alike, and said once
        (
            'p:"Duncan MacLeud" OR p:"Duncan MacLeud" t:dodge',
            'p:"Duncan MacLeod"',
            "p:'Duncan MacLeud': Duncan MacLeod, score 93",
        ),
    ],
)
def test_a_misspelt_term_value_is_taken_with_a_note(query, meant, note):
    result = runner.invoke(APP, ["search", query, "--json"])
    assert result.exit_code == 0
    assert [c["id"] for c in json.loads(result.stdout)["cards"]] == _ids("search", meant)
    assert result.stderr == f"(closest match for {note})\n"


def test_a_misspelt_set_option_is_said_as_its_term():
    result = runner.invoke(APP, ["search", "--set", "Movie Editon", "t:dodge"])
    assert result.exit_code == 0
    notes = result.stderr.splitlines()
    assert notes[0] == "(closest match for s:'Movie Editon': ME (Movie Edition), score 96)"


def test_an_exact_value_has_no_note_and_one_naming_nothing_is_usage():
    exact = runner.invoke(APP, ["search", 's:"Movie Edition"'])
    assert (exact.exit_code, exact.stderr) == (0, "36 cards\n")
    nothing = runner.invoke(APP, ["search", "s:Moovie"])
    assert (nothing.exit_code, nothing.stdout) == (2, "")
    assert nothing.stderr == (
        "hlcg: error: no set 'Moovie' in this catalogue; did you mean: ME, 1E, 2E, 3E, MC, RE, "
        "SE? see `hlcg sets`\n"
    )


def test_persona_takes_the_same_misspelling_the_same_way():
    result = runner.invoke(APP, ["persona", "Duncan MacLeud"])
    assert result.exit_code == 0
    assert result.stderr == "(closest match for 'Duncan MacLeud', score 93)\n"
    assert result.stdout.startswith("Duncan MacLeod  [duncan-macleod-2e]")
    # its JSON says the same in its own field
    answer = json.loads(runner.invoke(APP, ["persona", "Duncan MacLeud", "--json"]).stdout)
    assert answer["matched_by"] == "fuzzy"
