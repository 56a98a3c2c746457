"""`hlcg search`: f:FORMAT is legal on evidence, unchecked:FORMAT what no source decides,
-TERM leaves out, OR joins (issue 32, point 10). Through the CLI, exit codes and JSON."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from hlcg.catalog import CHECKED_FORMATS, load, shipped_path
from hlcg.cli.app import app
from hlcg.rules import verdict_in

runner = CliRunner()


def ids(*query: str) -> list[str]:
    result = runner.invoke(app, ["search", "--json", *query])
    assert result.exit_code in (0, 1), result.output
    return [card["id"] for card in json.loads(result.stdout)["cards"]]


@pytest.fixture(scope="module")
def verdicts() -> dict[str, dict[str, str]]:
    catalogue = load(shipped_path())
    return {
        fmt: {card.id: verdict_in(card, fmt, catalogue).status for card in catalogue.cards.values()}
        for fmt in CHECKED_FORMATS
    }


@pytest.mark.parametrize("fmt", ["type-two", "first-edition"])
def test_f_format_finds_the_cards_legal_on_evidence_and_unchecked_the_rest(verdicts, fmt):
    legal = sorted(ids(f"f:{fmt}"))
    unchecked = sorted(ids(f"unchecked:{fmt}"))
    assert legal == sorted(i for i, status in verdicts[fmt].items() if status == "legal")
    assert unchecked == sorted(i for i, s in verdicts[fmt].items() if s == "unconfirmed")
    assert not set(legal) & set(unchecked)
    refused = set(ids("--", f"-f:{fmt}")) - set(unchecked)  # `--`: a query, not an option
    assert refused == {i for i, s in verdicts[fmt].items() if s == "illegal"}


def test_f_type_two_no_longer_takes_the_unchecked_cards(verdicts):
    found = ids("f:type-two")
    assert len(found) < len(verdicts["type-two"]) / 2  # the issue: 415 of 417 before
    assert "duck-duncan-macleod" in ids("t:dodge unchecked:type-two")
    assert "duck-duncan-macleod" not in ids("t:dodge f:type-two")
    assert ids("t:dodge", "--format", "type-two") == ids("t:dodge f:type-two")


def test_minus_leaves_out_a_word_a_phrase_and_a_filter():
    dodges = ids("t:dodge")
    without_duck = ids("t:dodge -duck")
    ducks = ids("t:dodge duck")
    assert ducks and set(without_duck) == set(dodges) - set(ducks)
    assert ids('t:dodge -"duck"') == without_duck
    assert not set(ids("dodge -t:dodge")) & set(dodges)
    assert set(ids("dodge -t:dodge")) | set(ids("dodge t:dodge")) == set(ids("dodge"))


def test_or_joins_terms_and_and_binds_first():
    edges, events = ids("t:edge"), ids("t:event")
    assert sorted(ids("t:edge OR t:event")) == sorted(edges + events)
    duncan_edges = ids('t:edge p:"duncan macleod"')
    assert sorted(ids('t:edge p:"duncan macleod" OR t:event')) == sorted({*duncan_edges, *events})
    # an option holds on each side
    legal = set(ids("f:first-edition"))
    assert ids("t:edge OR t:dodge", "--format", "first-edition") == [
        i for i in ids("t:edge OR t:dodge") if i in legal
    ]
    # a lower-case "or" is a word like any other: no card of both types has it
    assert ids("t:edge or t:event") == []


@pytest.mark.parametrize("query", ["OR t:edge", "t:edge OR", "t:edge OR OR t:event"])
def test_or_needs_a_term_on_each_side(query):
    result = runner.invoke(app, ["search", query])
    assert result.exit_code == 2
    assert "OR needs a term on each side, e.g. t:edge OR t:event" in result.stderr


def test_an_unknown_format_for_unchecked_is_a_usage_error():
    result = runner.invoke(app, ["search", "unchecked:type-nine"])
    said = "unchecked:type-nine: 'type-nine' is not a format; use one of first-edition, "
    said += "type-one, type-two, mle"
    assert result.exit_code == 2 and said in result.stderr
