"""The reporters by name, and what they share: unreadable deck files, a fix in a message.

Every reporter is ``render(reports, unreadable=()) -> str``: the judged decks, and the deck
files that could not be read at all, which every report shows too (a CI job that fails on
an unreadable deck must not look green in its report).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hlcg.problems import Problem
from hlcg.rules import DeckReport

# name -> module with `render(reports, unreadable) -> str`; imported only when chosen.
REPORTER_BY_NAME: dict[str, str] = {
    "text": "hlcg.report.text",
    "json": "hlcg.report.jsonreport",
    "junit": "hlcg.report.junit",
    "sarif": "hlcg.report.sarif",
    "github": "hlcg.report.github",
    "gitlab": "hlcg.report.gitlab",
}


class Unreadable(NamedTuple):
    """A deck file that could not be read (missing, binary, too large...): no verdict."""

    path: str
    message: str


Renderer = Callable[[list[DeckReport], Sequence[Unreadable]], str]


def with_fix(problem: Problem) -> str:
    """A problem as one text for the reports that have no field for its fix (SARIF and
    GitLab messages, GitHub annotations): "MESSAGE. Fix: FIX"."""
    if not problem.fix:
        return problem.message
    stop = "" if problem.message.endswith((".", "?", "!")) else "."
    return f"{problem.message}{stop} Fix: {problem.fix}"


def renderer(name: str) -> Renderer:
    return importlib.import_module(REPORTER_BY_NAME[name]).render
