"""Problems are data: what a check found wrong (or could not check) in a deck.

One vocabulary for every stage: the deck readers' line issues, the resolver and the rules
all speak of an error, a warning or a note, and the rules engine reports them as
``Problem`` records that every reporter renders.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Any, NamedTuple


class Severity(StrEnum):
    """How much a problem weighs. A ``str``: compares equal to, and is written in JSON as,
    its name ("error"), so reports and profiles keep their text."""

    ERROR = "error"
    WARNING = "warning"
    # For data gaps (`unchecked`) and notes about a file rather than the deck: what hlcg
    # could not check. Counted apart so `--strict` fails on warnings, not on data gaps.
    NOTE = "note"


SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(Severity)}

# An edit of the smallest change that fixes a problem, for --fix: ("remove", id, copies).
Edit = tuple[str, str, int]


class TextChange(NamedTuple):
    """Replace the text from (start_line, start_column) up to (end_line, end_column), 1-based
    and the end excluded, with ``text``: one step of a fix, as SARIF's ``replacements`` say
    it. Columns count UTF-16 code units, SARIF's default."""

    start_line: int
    start_column: int
    end_line: int
    end_column: int
    text: str


# One rule's own finding inside a problem that stands for several (hlcg.rules.grouping):
# (code, rule, message).
Detail = tuple[str, str, str]


class Problem(NamedTuple):
    code: str
    rule: str
    severity: Severity
    message: str
    cards: tuple[str, ...] = ()
    line: int | None = None
    fix: str | None = None
    edits: tuple[Edit, ...] = ()
    # Set when one change fixes what several rules found: each rule's own finding.
    details: tuple[Detail, ...] = ()

    def sort_key(self) -> tuple[int, int, str, str]:
        line = self.line if self.line is not None else 0
        return (SEVERITY_ORDER.get(self.severity, 9), line, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": str(self.severity),
            "message": self.message,
            "cards": list(self.cards),
            "line": self.line,
            "fix": self.fix,
            # only on a problem that stands for several rules' findings
            **(
                {"details": [{"code": c, "rule": r, "message": m} for c, r, m in self.details]}
                if self.details
                else {}
            ),
        }
