"""The reporters by name (``REPORTERS``, the CLI's --output choices), and what they share:
unreadable deck files, a fix in a message.

Every reporter is ``render(reports, unreadable=(), skipped=()) -> str``: the judged decks,
the deck files that could not be read at all, which every report shows too (a CI job that
fails on an unreadable deck must not look green in its report), and the files a folder scan
passed over as no deck, each named, so a judge's run accounts for every file.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:  # the CLI builds its choices from REPORTERS: no checker at start-up
    from hlcg.check import Skipped
    from hlcg.problems import Problem
    from hlcg.report.streaming import ReportWriter, TextSink
    from hlcg.rules import DeckReport


class Reporter(NamedTuple):
    """One report kind: the module whose ``render(reports, unreadable) -> str`` writes it
    (imported only when chosen); ``machine_read`` for the reports a machine reads, which
    carry each deck's fingerprint; ``changes`` for the one that carries --fix's edits as
    changes to a text deck's lines (SARIF ``fixes``)."""

    module: str
    machine_read: bool = False
    changes: bool = False


REPORTERS: dict[str, Reporter] = {
    "text": Reporter("hlcg.report.text"),
    "json": Reporter("hlcg.report.streaming", machine_read=True),
    "junit": Reporter("hlcg.report.junit", machine_read=True),
    "sarif": Reporter("hlcg.report.sarif", machine_read=True, changes=True),
    "github": Reporter("hlcg.report.github"),
    "gitlab": Reporter("hlcg.report.gitlab"),
}


class Unreadable(NamedTuple):
    """A deck file that could not be read (missing, binary, too large...): no verdict."""

    path: str
    message: str


Renderer = Callable[["list[DeckReport]", Sequence[Unreadable], "Sequence[Skipped]"], str]


def with_fix(problem: Problem) -> str:
    """A problem as one text for the reports that have no field for its fix (SARIF and
    GitLab messages, GitHub annotations): "MESSAGE. Fix: FIX"."""
    if not problem.fix:
        return problem.message
    stop = "" if problem.message.endswith((".", "?", "!")) else "."
    return f"{problem.message}{stop} Fix: {problem.fix}"


def renderer(name: str) -> Renderer:
    """The whole report as one text: the reporter's parts put in place by its writer, as a
    streamed run writes them (hlcg.report.streaming.render_all), so the two give the same
    bytes."""
    from hlcg.report.streaming import render_all

    part, writer = streamer(name)

    def render(
        reports: list[DeckReport],
        unreadable: Sequence[Unreadable] = (),
        skipped: Sequence[Skipped] = (),
    ) -> str:
        return render_all(part, writer, reports, unreadable, skipped)

    return render


class Streamer(NamedTuple):
    """A report written as decks finish (hlcg.report.streaming): each deck's ``part``,
    rendered where the deck was checked, and the ``writer`` that puts the parts in place."""

    part: Callable[[DeckReport], str]
    writer: Callable[[TextSink], ReportWriter]


def streamer(name: str) -> Streamer:
    module = importlib.import_module(REPORTERS[name].module)
    return Streamer(module.part, module.Writer)
