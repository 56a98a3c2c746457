"""GitHub workflow commands (one annotation per problem) and a step summary table."""

from __future__ import annotations

import os
from pathlib import Path

from hlcg.rules.engine import DeckReport


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def render(reports: list[DeckReport]) -> str:
    lines = []
    for report in reports:
        for problem in report.problems:
            command = {"error": "error", "warning": "warning"}.get(problem.severity, "notice")
            props = [f"file={_escape_property(report.path)}"]
            if problem.line:
                props.append(f"line={problem.line}")
            props.append(f"title={_escape_property(f'{problem.code} {problem.rule}')}")
            message = problem.message + (f" Fix: {problem.fix}" if problem.fix else "")
            lines.append(f"::{command} {','.join(props)}::{_escape_data(message)}")
    return "".join(line + "\n" for line in lines)


def summary_markdown(reports: list[DeckReport]) -> str:
    legal = sum(1 for r in reports if r.legal)
    rows = [
        "## hlcg deck check",
        "",
        f"{legal} of {len(reports)} deck(s) legal.",
        "",
        "| deck | persona | format | legal | errors | warnings | notes |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        mark = "yes" if r.legal else "**no**"
        path = r.path.replace("|", "\\|")
        cells = [path, r.persona, r.format, mark, r.errors, r.warnings, r.notes]
        rows.append("| " + " | ".join(str(cell) for cell in cells) + " |")
    return "\n".join(rows) + "\n"


def write_step_summary(reports: list[DeckReport]) -> None:
    """Append the table to $GITHUB_STEP_SUMMARY when set: GitHub shows only the first
    annotations of a step."""
    target = os.environ.get("GITHUB_STEP_SUMMARY")
    if target:
        with Path(target).open("a", encoding="utf-8") as handle:
            handle.write(summary_markdown(reports))
