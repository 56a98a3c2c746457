"""Reporters: problems -> text, json, junit, sarif, github. Data on stdout, talk on stderr.

Every reporter is ``render(reports, unreadable=()) -> str``: the judged decks, and the deck
files that could not be read at all, which every report shows too (a CI job that fails on
an unreadable deck must not look green in its report).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import NamedTuple

from hlcg.rules.engine import DeckReport

# name -> module with `render(reports, unreadable) -> str`; imported only when chosen.
REPORTER_BY_NAME: dict[str, str] = {
    "text": "hlcg.report.text",
    "json": "hlcg.report.jsonreport",
    "junit": "hlcg.report.junit",
    "sarif": "hlcg.report.sarif",
    "github": "hlcg.report.github",
}


class Unreadable(NamedTuple):
    """A deck file that could not be read (missing, binary, too large...): no verdict."""

    path: str
    message: str


Renderer = Callable[[list[DeckReport], Sequence[Unreadable]], str]


def renderer(name: str) -> Renderer:
    return importlib.import_module(REPORTER_BY_NAME[name]).render
