"""Every example deck gives the verdict its `# expect:` comment documents."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from conftest import ROOT, check_file

DECKS = sorted((ROOT / "examples" / "decks").glob("*/*.txt"))


def expected_rules(path: Path) -> set[str]:
    match = re.search(r"^# expect: (.+)$", path.read_text(encoding="utf-8"), re.MULTILINE)
    assert match, f"{path} has no '# expect:' comment"
    names = {n.strip() for n in match.group(1).split(",")}
    return set() if names == {"legal"} else names


@pytest.mark.parametrize("path", DECKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_example_deck_verdict(path: Path, shipped):
    report = check_file(path, shipped)
    got = {p.rule for p in report.problems if p.severity == "error"}
    assert got == expected_rules(path)
    assert report.legal == (path.parent.name == "valid")


def test_one_invalid_example_per_rule_that_catalogue_data_allows():
    from hlcg.rules.registry import RULES

    named = {p.stem for p in (ROOT / "examples" / "decks" / "invalid").glob("*.txt")}
    # No catalogue card is known to be Signature, a Quickening or titled Hunter, so those
    # rules are shown with the mini catalogue in test_rules.py; unchecked and inferred-fact
    # are notes, which no deck breaks.
    without_data = {
        "signature",
        "quickening-own-persona",
        "hunter-cards",
        "unchecked",
        "inferred-fact",
    }
    assert set(RULES) - without_data <= named


def test_each_format_has_a_legal_example(shipped):
    formats = {check_file(p, shipped).format for p in DECKS if p.parent.name == "valid"}
    assert formats == {"first-edition", "type-one", "type-two"}
