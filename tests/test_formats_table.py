"""The format list has one home, data/source/formats.csv: the command line, the readers, the
contract and the report schema all take it from there."""

from __future__ import annotations

import csv
import json

import pytest
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog.vocabulary import CHECKED_FORMATS, FORMAT_TAGS, format_named
from hlcg.cli.app import app

runner = CliRunner()


def _rows() -> list[dict[str, str]]:
    with (ROOT / "data" / "source" / "formats.csv").open(encoding="utf-8", newline="") as f:
        return list(csv.DictReader(f))


def test_checked_formats_and_tags_come_from_the_table():
    rows = _rows()
    assert tuple(r["name"] for r in rows if r["checked"] == "true") == CHECKED_FORMATS
    assert sorted(FORMAT_TAGS) == sorted(r["name"] for r in rows)
    assert CHECKED_FORMATS == ("first-edition", "type-one", "type-two")


def test_every_reader_and_schema_takes_the_table():
    for row in _rows():
        assert format_named(row["name"]) == (row["name"] if row["checked"] == "true" else None)
        assert format_named(row["title"]) == format_named(row["name"])
    report = json.loads((ROOT / "schemas" / "report.schema.json").read_text(encoding="utf-8"))
    deck_report = report["$defs"]["DeckReportModel"]["properties"]["format"]
    assert deck_report["enum"] == list(CHECKED_FORMATS)
    card = json.loads((ROOT / "schemas" / "card.schema.json").read_text(encoding="utf-8"))
    assert card["properties"]["formats"]["items"]["enum"] == list(FORMAT_TAGS)


def test_the_command_line_lists_and_loops_over_the_table():
    shown = runner.invoke(app, ["rules", "restriction", "--json"])
    assert list(json.loads(shown.stdout)["rule"]["formats"]) == list(CHECKED_FORMATS)
    deck = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"
    matrix = runner.invoke(app, ["validate", str(deck), "--all-formats"]).stdout
    header = next(line for line in matrix.splitlines() if line.startswith("deck"))
    assert header.split() == ["deck", *CHECKED_FORMATS]


def test_rules_format_option_narrows_a_rule_and_the_permissions():
    shown = runner.invoke(app, ["rules", "title-limit", "--format", "Type One", "--json"])
    assert list(json.loads(shown.stdout)["rule"]["formats"]) == ["type-one"]
    text = runner.invoke(app, ["rules", "permissions", "-f", "type-two"]).stdout
    assert "  type-two: does not apply" in text and "  first-edition:" not in text


def test_an_unknown_rule_name_gets_the_nearest_names():
    result = runner.invoke(app, ["rules", "restricton"])
    assert result.exit_code == 1
    assert "No rule 'restricton'. Did you mean: restriction? See `hlcg rules`." in result.stderr


def test_search_by_format_agrees_with_validate():
    """`f:type-two` leaves out the cards validate refuses in Type Two (Shield: its card page
    bans it there) and those it cannot confirm (a 1st Edition Duck), which
    `unchecked:type-two` finds (issue 32)."""
    found = runner.invoke(app, ["search", "t:weapon-of-choice f:type-two", "--json"])
    ids = [c["id"] for c in json.loads(found.stdout)["cards"]]
    assert "katana-weapon-of-choice" in ids and "shield" not in ids
    first = runner.invoke(app, ["search", "t:weapon-of-choice f:first-edition", "--json"])
    assert "shield" in [c["id"] for c in json.loads(first.stdout)["cards"]]
    dodges = runner.invoke(app, ["search", "t:dodge f:type-two", "--json"])
    assert "duck-duncan-macleod" not in [c["id"] for c in json.loads(dodges.stdout)["cards"]]
    unchecked = runner.invoke(app, ["search", "t:dodge unchecked:type-two", "--json"])
    assert "duck-duncan-macleod" in [c["id"] for c in json.loads(unchecked.stdout)["cards"]]
    table_text = runner.invoke(app, ["search", "t:dodge"]).stdout
    row = next(line for line in table_text.splitlines() if line.startswith("duck-duncan-macleod"))
    assert row.split()[-1] == "first-edition,type-one,type-two?"  # ?: no source decides


def test_the_start_up_reader_reads_the_table_as_the_csv_module_does():
    from hlcg.catalog.vocabulary import leading_columns

    wanted = [{k: r[k] for k in ("name", "title", "checked")} for r in _rows()]
    assert leading_columns("formats.csv", 3) == wanted


def test_the_door_serves_the_table_the_web_page_lists():
    from hlcg.catalog import FORMATS

    rows = [(r["name"], r["title"], r["checked"] == "true") for r in _rows()]
    assert [(f.name, f.title, f.checked) for f in FORMATS] == rows
    assert tuple(f.name for f in FORMATS if f.checked) == CHECKED_FORMATS


FIRST_EDITION_DECK = ROOT / "examples" / "decks" / "valid" / "duncan-first-edition.txt"


@pytest.mark.parametrize(
    "command", [["validate", str(FIRST_EDITION_DECK)], ["rules", "restriction"]]
)
def test_a_name_that_is_no_format_gets_the_one_message_wherever_it_is_given(command):
    result = runner.invoke(app, [*command, "--format", "nosuch"])
    shown = " ".join(result.output.replace("│", " ").split())  # unwrapped from its box
    assert result.exit_code == 2
    assert "'nosuch' is not a format; use one of first-edition, type-one, type-two" in shown
