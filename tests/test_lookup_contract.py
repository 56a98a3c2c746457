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
    answer = json.loads(result.stdout)
    assert [c["id"] for c in answer["cards"]] == _ids("search", meant)
    assert result.stderr == f"(closest match for {note})\n"
    # the JSON says it too, for a reader of stdout alone (and the web API, which has no stderr)
    assert answer["notes"] == [f"(closest match for {note})"]


def test_the_web_api_says_which_misspelt_value_it_took():
    from starlette.testclient import TestClient

    from hlcg.catalog import load, shipped_path
    from hlcg.web.app import create_app

    note = "(closest match for s:'Movie Editon': ME (Movie Edition), score 96)"
    local = "http://127.0.0.1"  # the server answers its own host only
    with TestClient(create_app(load(shipped_path())), base_url=local) as client:
        found = client.get('/api/search?q=s:"Movie Editon" t:dodge').json()
        judged = client.get('/api/cards?q=s:"Movie Editon" t:dodge').json()
        exact = client.get('/api/search?q=s:"Movie Edition" t:dodge').json()
    assert found["notes"] == judged["notes"] == [note]
    assert exact["notes"] == []
    assert [c["id"] for c in found["cards"]] == [c["id"] for c in exact["cards"]] != []


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
        "hlcg: error: s:Moovie: no set 'Moovie' in this catalogue; did you mean: ME, 1E, 2E, 3E, "
        "MC, RE, SE? see `hlcg sets`\n"
    )


def test_persona_takes_the_same_misspelling_the_same_way():
    result = runner.invoke(APP, ["persona", "Duncan MacLeud"])
    assert result.exit_code == 0
    assert result.stderr == "(closest match for 'Duncan MacLeud', score 93)\n"
    assert result.stdout.startswith("Duncan MacLeod  [duncan-macleod-2e]")
    # its JSON says the same in its own field
    answer = json.loads(runner.invoke(APP, ["persona", "Duncan MacLeud", "--json"]).stdout)
    assert answer["matched_by"] == "fuzzy"


# --- 3. tcboo check: one JSON shape, --json, --sword decided as a lookup ------------------

ROLL = "examples/tcboo/legal-roll.toml"
POINTS = "examples/tcboo/legal-points.toml"


def test_tcboo_check_prints_one_json_shape_for_one_sheet_or_many():
    one = runner.invoke(APP, ["tcboo", "check", ROLL, "-o", "json"])
    two = runner.invoke(APP, ["tcboo", "check", ROLL, POINTS, "--json"])
    assert (one.exit_code, two.exit_code) == (0, 0)
    for result, paths in ((one, [ROLL]), (two, [ROLL, POINTS])):
        answer = json.loads(result.stdout)
        assert list(answer) == ["version", "sheets"] and answer["version"] == 1
        assert [sheet["path"] for sheet in answer["sheets"]] == paths
    # --json is --output json
    assert runner.invoke(APP, ["tcboo", "check", ROLL, "--json"]).stdout == one.stdout


def test_tcboo_check_takes_a_misspelt_sword_as_tcboo_sword_does():
    result = runner.invoke(APP, ["tcboo", "check", ROLL, "--sword", "katna", "--json"])
    assert result.exit_code == 0
    assert result.stderr == "(closest match for --sword 'katna': Katana, score 91)\n"
    (sheet,) = json.loads(result.stdout)["sheets"]
    assert (sheet["legal"], sheet["derived"]["sword"]) == (True, "Katana")
    assert "closest match for 'katna'" in runner.invoke(APP, ["tcboo", "sword", "katna"]).stderr


@pytest.mark.parametrize(
    ("sword", "said"),
    [
        ("zzzz", "--sword 'zzzz' names no sword; see `hlcg tcboo swords`"),
        ("", "--sword '' names no sword; see `hlcg tcboo swords`"),
    ],
)
def test_tcboo_check_refuses_a_sword_option_naming_no_sword(sword, said):
    for sheets in ([ROLL], [ROLL, POINTS]):
        result = runner.invoke(APP, ["tcboo", "check", *sheets, "--sword", sword])
        assert (result.exit_code, result.stdout) == (2, "")
        assert result.stderr == f"hlcg: error: {said}\n"
    premade = runner.invoke(APP, ["tcboo", "check", "--premade", "Ramirez", "--sword", sword])
    assert (premade.exit_code, premade.stdout) == (2, "")


# --- 4. the cards of one title rank together -------------------------------------------------


@pytest.mark.parametrize(
    ("query", "first"),
    [
        # a leading "The" aside, "kurgan" is both The Kurgan cards' title: they lead, by id,
        # before the cards The Kurgan is only the subtitle of
        ("kurgan", ["the-kurgan-2e", "the-kurgan-me", "bloodlust-the-kurgan"]),
        ("the kurgan", ["the-kurgan-2e", "the-kurgan-me", "bloodlust-the-kurgan"]),
        ("duncan macleod", ["duncan-macleod-2e", "duncan-macleod-se", "duck-duncan-macleod"]),
        ("connor", ["connor-macleod-2e", "connor-macleod-se", "duck-connor-macleod"]),
    ],
)
def test_cards_of_one_title_rank_together(query, first):
    assert _ids("search", query)[:3] == first


# --- 5. hlcg formats wraps a long value under itself on a terminal ---------------------------


def _letters(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("width", [60, 80])
def test_formats_fit_a_terminal_a_long_value_under_itself(monkeypatch, width):
    piped = runner.invoke(APP, ["formats"]).stdout
    monkeypatch.setattr("hlcg.cli.common.terminal_width", lambda err=False: width)
    shown = runner.invoke(APP, ["formats"])
    assert shown.exit_code == 0
    lines = shown.stdout.splitlines()
    assert max(len(line) for line in lines) <= width
    assert len(lines) > len(piped.splitlines())  # wrapped, nothing dropped
    assert _letters(shown.stdout) == _letters(piped)
    # a continuation starts under its value, past the names' column
    values = [line for line in lines if line.startswith(" " * 16)]
    assert values and all(line[16] != " " for line in values)
    assert lines[0].startswith("first-edition   First Edition (deck checks; editions 1E)")


def test_formats_for_a_pipe_keep_each_value_on_its_line():
    lines = runner.invoke(APP, ["formats"]).stdout.splitlines()
    sources = [line for line in lines if line.startswith("  source ")]
    assert len(sources) == 4 and len(lines) == 12
    assert sources[0].endswith("http://www.watcherdatabase.tk/Articles/19.html")
    assert max(len(line) for line in lines) > 100
