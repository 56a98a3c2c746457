"""The basics rule: decks against the mini catalogue in, (rule, cards) out."""

from __future__ import annotations

from conftest import BASE_49, errors


def test_basics_names_the_missing_ones(check):
    base = BASE_49.replace("3 Thrust\n", "").replace("3 Lower Right Block\n", "")
    base += "1 Filler\n3 Strike: A\n3 Strike: B\n"
    report = check("Persona: Hero", base=base)
    assert errors(report) == [("basics", ("thrust", "lower-right-block"))]
    assert (
        "missing 2 of the 15 basic cards: Thrust, Lower Right Block" in report.problems[0].message
    )
