"""docs/rules.md, generated from the rule registry: a heading per rule (its code and name)
and its documentation as `hlcg rules NAME` prints it (the summary, the rule's own text, its
parameters and each format's severity). A SARIF report's `helpUri` points at a rule's
heading there, an address that stays when the rules move between modules.

python -m hlcg.rulesdoc docs/rules.md
"""

from __future__ import annotations

import sys
from pathlib import Path

_INTRO = """\
# Rules

Generated from the rule registry by `python -m hlcg.rulesdoc docs/rules.md`; a test fails
when it is stale. Each rule as `hlcg rules NAME` prints it: its documentation (what it
checks, why, a failing example, the fix), its parameters, and its severity and parameters
in each format (`off`: the format does not run it). `hlcg rules` lists them, and a SARIF
report's `helpUri` points at a rule's heading here.
"""


def render() -> str:
    """docs/rules.md's text, every rule of the registry in its order."""
    from hlcg.answers import rule_answer, rule_text
    from hlcg.catalog import CHECKED_FORMATS
    from hlcg.rules import RULES, rule_heading

    parts = [_INTRO]
    for rule in RULES.values():
        printed = rule_text(rule_answer(rule, CHECKED_FORMATS, None))
        parts.append(f"## {rule_heading(rule)}\n\n```text\n{printed}\n```\n")
    return "\n".join(parts)


def main(argv: list[str]) -> int:
    from hlcg.rules import RULES_DOC

    out = Path(argv[0] if argv else RULES_DOC)
    out.write_text(render(), encoding="utf-8")
    print(f"wrote {out}", file=sys.stderr)  # status on stderr, as every hlcg command
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
