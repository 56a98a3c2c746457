"""GitLab Code Quality: the JSON array GitLab shows on merge requests, one issue per problem
(docs.gitlab.com/ci/testing/code_quality/, "Implement a custom tool": `description`,
`check_name`, `fingerprint`, `severity`, `location.path`, `location.lines.begin`).

Each issue's `fingerprint` is the problem's identity (hlcg.report.identity), so GitLab keeps
two findings of one rule apart and knows a finding again after other lines change. A deck
file that could not be read is an issue too, and so is (at `info`) a file the scan passed
over as no deck. Paths are relative to the working directory
where they can be (GitLab reads them from the repository's root), with forward slashes; a
problem of the whole deck sits on line 1.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.problems import Severity
from hlcg.report.identity import IDENTITY_KEY, problem_identities
from hlcg.report.reporters import Unreadable, with_fix
from hlcg.report.streaming import (
    DeckSummary,
    JsonList,
    TextSink,
    before_list,
    dump,
    joined,
    list_marker,
    write_document,
)
from hlcg.rules import DeckReport

if TYPE_CHECKING:
    from hlcg.check import Skipped

# GitLab's severities are info, minor, major, critical, blocker.
SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor", Severity.NOTE: "info"}
UNREADABLE_SEVERITY = "critical"  # no verdict at all: the run exits 2


def relative_path(path: str) -> str:
    """The deck's path from the working directory, when it lies under it."""
    candidate = Path(path)
    if candidate.is_absolute() and candidate.is_relative_to(Path.cwd()):
        candidate = candidate.relative_to(Path.cwd())
    return str(candidate).replace("\\", "/")


def _issue(
    description: str, check: str, fingerprint: str, severity: str, path: str, line: int
) -> dict[str, Any]:
    return {
        "description": description,
        "check_name": check,
        "fingerprint": fingerprint,
        "severity": severity,
        "location": {"path": relative_path(path), "lines": {"begin": line}},
    }


def _issues(report: DeckReport) -> list[dict[str, Any]]:
    issues = []
    for problem, identity in zip(report.problems, problem_identities(report), strict=True):
        text = with_fix(problem)
        check = f"{problem.code} {problem.rule}"
        severity = SEVERITY[problem.severity]
        issues.append(_issue(text, check, identity, severity, report.path, problem.line or 1))
    return issues


def _unreadable_issue(item: Unreadable) -> dict[str, Any]:
    parts = f"{IDENTITY_KEY}\0unreadable-deck\0{item.path}".encode()
    identity = hashlib.sha256(parts).hexdigest()[:32]
    text = f"could not read {item.path}: {item.message}"
    return _issue(text, "unreadable-deck", identity, UNREADABLE_SEVERITY, item.path, 1)


def _skipped_issue(item: Skipped) -> dict[str, Any]:
    parts = f"{IDENTITY_KEY}\0skipped-file\0{item.shown_path}".encode()
    identity = hashlib.sha256(parts).hexdigest()[:32]
    text = f"skipped {item.shown_path}: {item.message}"
    return _issue(text, "skipped-file", identity, SEVERITY[Severity.NOTE], item.shown_path, 1)


def part(report: DeckReport) -> str:
    return joined(_issues(report))


class Writer:
    """The array as decks finish: each deck's issues at once, unreadable files last."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.skeleton = dump(list_marker("issues"))
        self.issues = JsonList("issues", self.skeleton, out)
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def _add(self, part: str) -> None:
        if part and not self.issues.count:
            self.out.write(before_list(self.skeleton, "issues"))
        self.issues.add(part)

    def deck(self, part: str, summary: DeckSummary) -> None:
        self._add(part)

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        for item in self.unreadable_files:
            self._add(dump(_unreadable_issue(item)))
        for skipped_file in self.skipped_files:
            self._add(dump(_skipped_issue(skipped_file)))
        write_document(self.out, list_marker("issues"), [self.issues], {})
