"""One severity vocabulary for readers, resolver, rules and reports."""

from __future__ import annotations

import json

from hlcg.deck.jsondeck import parse_json
from hlcg.deck.model import LineIssue
from hlcg.problems import Level, Problem, Severity


def test_severities_are_their_names_in_text_and_json():
    assert [str(s) for s in Severity] == ["error", "warning", "note"]
    assert Severity.WARNING == "warning" and f"{Severity.NOTE}" == "note"
    problem = Problem("HL103", "title-limit", Severity.ERROR, "7 cards titled 'Strike'")
    assert json.dumps(problem.to_json()["severity"]) == '"error"'
    assert json.dumps({"severity": Severity.NOTE}) == '{"severity": "note"}'


def test_problems_sort_errors_first_then_by_line():
    problems = [
        Problem("HL900", "unchecked", Severity.NOTE, "gap", line=1),
        Problem("HL104", "restriction", Severity.ERROR, "b", line=9),
        Problem("HL001", "deck-syntax", Severity.WARNING, "w", line=2),
        Problem("HL103", "title-limit", Severity.ERROR, "a", line=3),
    ]
    ordered = sorted(problems, key=Problem.sort_key)
    assert [p.code for p in ordered] == ["HL103", "HL104", "HL001", "HL900"]


def test_readers_and_profiles_use_the_same_severities():
    assert LineIssue(3, "no count", "write a count").severity is Severity.ERROR
    # a JSON key a deck does not have is a note, never an error
    assert parse_json('{"author": "Ann"}').issues[0].severity is Severity.NOTE
    assert tuple(Level) == ("error", "warning", "note", "off")


def test_a_checked_deck_reports_severities_as_plain_json(check):
    report = check("Persona: Hero\n2 Gemmy\n1 Mystery")
    data = json.loads(json.dumps(report.to_json()))
    assert [(p["rule"], p["severity"]) for p in data["problems"]] == [
        ("gem-cap", "error"),
        ("unchecked", "note"),
    ]
    assert (data["errors"], data["warnings"], data["notes"]) == (1, 0, 1)
