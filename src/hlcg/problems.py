"""Problems are data: what a check found wrong (or could not check) in a deck.

One vocabulary for every stage: the deck readers' line issues, the resolver and the rules
all speak of an error, a warning or a note (``Severity``; a format profile may also turn a
rule off: ``Level``). A rule's check yields ``Finding`` records; the rules engine reports
them as ``Problem`` records that every reporter renders.
"""

from enum import StrEnum
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from hlcg.deck import DeckCard


# What a run may fail on besides errors (`hlcg validate --fail-on`): warnings, as --strict,
# and data gaps, the notes of the `unchecked` rule. The option's word is the rule's name;
# this root module comes before the rules and cannot ask them for it, so it spells it, and
# tests/test_rule_names.py keeps the two equal.
FAIL_ON_WARNINGS = "warning"
FAIL_ON_GAPS = "unchecked"
FAIL_ON = (FAIL_ON_WARNINGS, FAIL_ON_GAPS)


class Severity(StrEnum):
    """How much a problem weighs. A ``str``: compares equal to, and is written in JSON as,
    its name ("error"), so reports and profiles keep their text."""

    ERROR = "error"
    WARNING = "warning"
    # For data gaps (`unchecked`) and notes about a file rather than the deck: what hlcg
    # could not check. Counted apart so `--strict` fails on warnings, not on data gaps.
    NOTE = "note"


SEVERITY_ORDER = {severity: rank for rank, severity in enumerate(Severity)}


class Level(StrEnum):
    """What a format profile sets a rule to: one of the severities, or off (the rule does
    not run). A ``str``, as ``Severity`` is: profiles.json writes the names."""

    ERROR = Severity.ERROR.value
    WARNING = Severity.WARNING.value
    NOTE = Severity.NOTE.value
    OFF = "off"


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


# One rule's own finding inside a problem that stands for several (hlcg.rules.engine
# groups them): (code, rule, message).
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
    # On an `unchecked` note: the rule whose check the missing data kept from finishing
    # (its message begins with the rule's name for readers; code reads this).
    source: str | None = None

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
    # The smallest change that fixes it, for --fix: ("remove", id, n) ...
    edits: tuple[Edit, ...] = ()
    # An Endurance card the deck may not hold, for the engine to search a replacement for
    # after the checks (hlcg.rules.replacement); the fix and edits above then remove it.
    replaceable: "DeckCard | None" = None
