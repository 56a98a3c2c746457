"""GitHub workflow commands (one annotation per problem; a notice per file the scan passed
over as no deck) and a step summary table."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from hlcg.problems import Severity
from hlcg.report.reporters import Unreadable, with_fix
from hlcg.report.streaming import DeckSummary, Spool, TextSink, run_summary
from hlcg.rules import DeckReport

if TYPE_CHECKING:
    from hlcg.check import Skipped


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# A severity as a workflow command; a note is a notice.
COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def part(report: DeckReport) -> str:
    """The deck's annotations, one line each."""
    lines = []
    for problem in report.problems:
        command = COMMAND[problem.severity]
        props = [f"file={_escape_property(report.path)}"]
        if problem.line:
            props.append(f"line={problem.line}")
        props.append(f"title={_escape_property(f'{problem.code} {problem.rule}')}")
        message = with_fix(problem)
        lines.append(f"::{command} {','.join(props)}::{_escape_data(message)}\n")
    return "".join(lines)


class Writer:
    """The annotations as decks finish: spooled, since the unreadable files come first."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.annotations = Spool()
        self.dates: set[str] = set()
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        self.annotations.write(part)
        self.dates.add(summary.date)

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        for u in self.unreadable_files:
            path, message = _escape_property(u.path), _escape_data(u.message)
            self.out.write(f"::error file={path},title=unreadable deck::{message}\n")
        for s in self.skipped_files:
            path, message = _escape_property(s.shown_path), _escape_data(s.message)
            self.out.write(f"::notice file={path},title=skipped file::{message}\n")
        self.annotations.copy_to(self.out)
        # A plain line in the job log (no annotation): the date every verdict rests on.
        self.out.write("".join(f"hlcg: {line}\n" for line in _judged_by(self.dates)))


def _judged_by(dates: Iterable[str]) -> list[str]:
    judged = sorted({d for d in dates if d})
    if not judged:
        return []
    return [f"Judged by the legality facts in force on {', '.join(judged)}."]


def summary_markdown(
    reports: Sequence[DeckSummary],
    unreadable: Sequence[Unreadable] = (),
    skipped: Sequence[Skipped] = (),
) -> str:
    rows = [
        "## hlcg deck check",
        "",
        run_summary(reports, unreadable, skipped) + ".",
        *_judged_by(r.date for r in reports),
        "",
        "| deck | persona | format | legal | errors | warnings | notes |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        mark = "yes" if r.legal else "**no**"
        path = r.path.replace("|", "\\|")
        cells = [path, r.persona, r.format, mark, r.errors, r.warnings, r.notes]
        rows.append("| " + " | ".join(str(cell) for cell in cells) + " |")
    for u in unreadable:
        path = u.path.replace("|", "\\|")
        rows.append(f"| {path} | - | - | **could not read** | - | - | - |")
    for s in skipped:
        path = s.shown_path.replace("|", "\\|")
        rows.append(f"| {path} | - | - | skipped: {s.reason.replace('|', '/')} | - | - | - |")
    return "\n".join(rows) + "\n"


def write_step_summary(
    reports: Sequence[DeckSummary],
    unreadable: Sequence[Unreadable] = (),
    skipped: Sequence[Skipped] = (),
) -> None:
    """Append the table to $GITHUB_STEP_SUMMARY when set: GitHub shows only the first
    annotations of a step. ``reports``: each deck's summary (``DeckSummary.of``)."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if target:
        from hlcg.stdin import UNDECODABLE

        with Path(target).open("a", encoding="utf-8", errors=UNDECODABLE) as handle:
            handle.write(summary_markdown(reports, unreadable, skipped))
