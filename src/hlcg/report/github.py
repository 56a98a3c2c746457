"""GitHub workflow commands (one annotation per problem) and a step summary table."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from hlcg.problems import Severity
from hlcg.report.reporters import Unreadable, with_fix
from hlcg.rules import DeckReport
from hlcg.wording import plural


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


# A severity as a workflow command; a note is a notice.
COMMAND = {Severity.ERROR: "error", Severity.WARNING: "warning", Severity.NOTE: "notice"}


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    lines = [
        f"::error file={_escape_property(u.path)},title=unreadable deck::{_escape_data(u.message)}"
        for u in unreadable
    ]
    for report in reports:
        for problem in report.problems:
            command = COMMAND[problem.severity]
            props = [f"file={_escape_property(report.path)}"]
            if problem.line:
                props.append(f"line={problem.line}")
            props.append(f"title={_escape_property(f'{problem.code} {problem.rule}')}")
            message = with_fix(problem)
            lines.append(f"::{command} {','.join(props)}::{_escape_data(message)}")
    # A plain line in the job log (no annotation): the date every verdict rests on.
    lines += [f"hlcg: {line}" for line in _judged_by(reports)]
    return "".join(line + "\n" for line in lines)


def _judged_by(reports: list[DeckReport]) -> list[str]:
    dates = sorted({r.date for r in reports if r.date})
    if not dates:
        return []
    return [f"Judged by the legality facts in force on {', '.join(dates)}."]


def summary_markdown(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    legal = sum(1 for r in reports if r.legal)
    could_not_read = f"; {plural(len(unreadable), 'file')} could not be read" if unreadable else ""
    rows = [
        "## hlcg deck check",
        "",
        f"{legal} of {plural(len(reports), 'deck')} legal{could_not_read}.",
        *_judged_by(reports),
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
    return "\n".join(rows) + "\n"


def write_step_summary(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> None:
    """Append the table to $GITHUB_STEP_SUMMARY when set: GitHub shows only the first
    annotations of a step."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if target:
        with Path(target).open("a", encoding="utf-8") as handle:
            handle.write(summary_markdown(reports, unreadable))
