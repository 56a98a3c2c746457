"""The unchecked rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations


def test_unknown_gems_are_reported_not_passed(check):
    report = check("Persona: Hero\n1 Mystery")
    assert report.legal
    (warning,) = report.problems
    assert (warning.rule, warning.severity, warning.cards) == (
        "unchecked",
        "note",
        ("unknown-gems",),
    )
    assert warning.message == "gem-cap: gem counts not recorded for 1 card: Mystery"


def test_unknown_persona_values_are_reported(check):
    report = check("Persona: Rival\n1 Mystery")
    assert [(p.rule, p.severity) for p in report.problems] == [("unchecked", "note")] * 2
    assert "Rival has no recorded value for master, agility" in report.problems[0].message
