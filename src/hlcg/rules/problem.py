"""Problems are data: what a rule found wrong (or could not check) in a deck."""

from __future__ import annotations

from typing import Any, NamedTuple

# `note` is for data gaps (`unchecked`): what hlcg could not check for missing catalogue
# data. Counted apart so `--strict` can fail on warnings without failing on data gaps.
SEVERITIES: tuple[str, ...] = ("error", "warning", "note")
SEVERITY_ORDER = {name: rank for rank, name in enumerate(SEVERITIES)}


class Finding(NamedTuple):
    """What a rule's check yields; the engine adds code, rule name and severity."""

    message: str
    cards: tuple[str, ...] = ()
    line: int | None = None
    fix: str | None = None
    # Set when the check could not be completed for missing data: reported by `unchecked`.
    unchecked: bool = False
    # Set for what a player should know but that breaks no rule (a verdict that depends on
    # how copies are split over versions): reported as a note under the rule's own code.
    advisory: bool = False
    # Lines of the smallest change that fixes it, for --fix (issue 4): ("remove", id, n) ...
    edits: tuple[tuple[str, str, int], ...] = ()


class Problem(NamedTuple):
    code: str
    rule: str
    severity: str
    message: str
    cards: tuple[str, ...] = ()
    line: int | None = None
    fix: str | None = None
    edits: tuple[tuple[str, str, int], ...] = ()

    def sort_key(self) -> tuple[int, int, str, str]:
        line = self.line if self.line is not None else 0
        return (SEVERITY_ORDER.get(self.severity, 9), line, self.code, self.message)

    def to_json(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "cards": list(self.cards),
            "line": self.line,
            "fix": self.fix,
        }
