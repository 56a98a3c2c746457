"""A JSON deck that is not JSON is said in hlcg's words, where the fault is (docs/cli.md: a
library's wording never reaches a user): the importers' ``json_fault``, through `hlcg
validate` (text and JSON reports) and `hlcg deck convert`; the web API in
tests/web/test_json_deck_api.py."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from hlcg.cli.app import app

runner = CliRunner()

# (deck text, what is wrong where): a one-line text says the character, a longer one the
# line and column.
BROKEN = [
    ("", "a value is missing at character 1"),
    ('{"persona": "Duncan MacLeod", "cards": [', "a value is missing at character 41"),
    ('{\n  "persona": "Duncan MacLeod"\n  "cards": []\n}', "a ',' is missing at line 3, column 3"),
    ("{'persona': 'Duncan MacLeod'}", "a key is not in double quotes at character 2"),
    ('{"persona": "Duncan MacLeod"} []', "more follows the end of the JSON value at character 31"),
]


@pytest.fixture(params=BROKEN, ids=["empty", "cut", "comma", "quotes", "extra"])
def broken(request, tmp_path: Path) -> tuple[Path, str]:
    text, fault = request.param
    path = tmp_path / "deck.json"
    path.write_text(text, encoding="utf-8")
    return path, f"not JSON: {fault}"


def test_validate_says_it_in_the_text_report(broken):
    path, message = broken
    result = runner.invoke(app, ["validate", str(path)])
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [str(path), f"COULD NOT READ: {message}"]
    assert "Expecting" not in result.stdout + result.stderr


def test_validate_says_it_in_the_json_report(broken):
    path, message = broken
    result = runner.invoke(app, ["validate", str(path), "--output", "json"])
    assert result.exit_code == 2
    report = json.loads(result.stdout)
    assert report["unreadable"] == [{"path": str(path), "message": message}]


def test_deck_convert_says_it_on_one_line(broken, tmp_path: Path):
    path, message = broken
    target = tmp_path / "deck.txt"
    result = runner.invoke(app, ["deck", "convert", str(path), str(target)])
    assert result.exit_code == 2
    assert result.stderr == f"hlcg: error: {path}: {message}\n"
    assert not target.exists()
