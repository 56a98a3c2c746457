"""docs/rules.md, generated from the rule registry: a heading per rule (its code and name)
and its documentation as `hlcg rules NAME` prints it (the summary, the rule's own text, its
parameters and each format's severity). A SARIF report's `helpUri` points at a rule's
heading there, an address that stays when the rules move between modules.

python -m hlcg.rulesdoc docs/rules.md
"""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hlcg.rules import Rule

RULES_DOC = "docs/rules.md"
_INTRO = """\
# Rules

Generated from the rule registry by `python -m hlcg.rulesdoc docs/rules.md`; a test fails
when it is stale. Each rule as `hlcg rules NAME` prints it: its documentation (what it
checks, why, a failing example, the fix), its parameters, and its severity and parameters
in each format (`off`: the format does not run it). `hlcg rules` lists them, and a SARIF
report's `helpUri` points at a rule's heading here.
"""


def rule_heading(rule: Rule) -> str:
    """A rule's heading in docs/rules.md: "HL103 title-limit"."""
    return f"{rule.code} {rule.name}"


def rule_anchor(rule: Rule) -> str:
    """The anchor GitHub makes from a rule's heading ("hl103-title-limit"): lower case,
    what is neither a letter, a digit, a space, `-` nor `_` dropped, spaces as hyphens."""
    return re.sub(r"[^\w\- ]", "", rule_heading(rule).lower()).replace(" ", "-")


def render() -> str:
    """docs/rules.md's text, every rule of the registry in its order."""
    from hlcg.answers import rule_answer, rule_text
    from hlcg.catalog import CHECKED_FORMATS
    from hlcg.rules import RULES

    parts = [_INTRO]
    for rule in RULES.values():
        printed = rule_text(rule_answer(rule, CHECKED_FORMATS, None))
        parts.append(f"## {rule_heading(rule)}\n\n```text\n{printed}\n```\n")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else RULES_DOC)
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
