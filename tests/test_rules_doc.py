"""docs/rules.md documents every rule under a heading of its own, generated from the
registry (`python -m hlcg.rulesdoc docs/rules.md`), and SARIF's `helpUri` points at that
heading: an address per rule that stays when rules move between modules (issue 34)."""

import re

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app
from hlcg.rules import RULES, rule_anchor
from hlcg.rulesdoc import render

DOC = ROOT / "docs" / "rules.md"
runner = CliRunner()


def _github_anchor(heading: str) -> str:
    """GitHub's anchor for a heading, as its renderer makes it (github-slugger): lower
    case, punctuation but `-` and `_` dropped, each space a hyphen."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_the_document_is_the_registry_s():
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/rules.md is stale: python -m hlcg.rulesdoc docs/rules.md"
    )


def test_each_rule_has_one_heading_and_its_anchor_is_github_s():
    headings = re.findall(r"^## (.+)$", DOC.read_text(encoding="utf-8"), re.MULTILINE)
    assert headings == [f"{rule.code} {rule.name}" for rule in RULES.values()]
    anchors = [_github_anchor(h) for h in headings]
    assert anchors == [rule_anchor(rule) for rule in RULES.values()]
    assert len(set(anchors)) == len(RULES) == 26
    assert rule_anchor(RULES["title-limit"]) == "hl103-title-limit"


def test_a_rule_s_section_is_what_hlcg_rules_prints():
    text = DOC.read_text(encoding="utf-8")
    for name in ("title-limit", "deck-syntax"):
        printed = runner.invoke(app, ["rules", name]).stdout
        rule = RULES[name]
        assert f"## {rule.code} {name}\n\n```text\n{printed}```\n" in text
    # format-legality's section is the rule; `hlcg rules` adds the catalogue's facts after it
    legality = runner.invoke(app, ["rules", "format-legality"]).stdout
    section = text.split("## HL401 format-legality\n\n```text\n")[1].split("```")[0]
    assert legality.startswith(section) and "Legality facts (" in legality[len(section) :]
