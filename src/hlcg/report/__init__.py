"""Reporters: problems -> text, json, junit, sarif, github. Data on stdout, talk on stderr."""

from __future__ import annotations

import importlib
from collections.abc import Callable

from hlcg.rules.engine import DeckReport

# name -> module with `render(reports) -> str`; imported only when chosen.
REPORTER_BY_NAME: dict[str, str] = {
    "text": "hlcg.report.text",
    "json": "hlcg.report.jsonreport",
    "junit": "hlcg.report.junit",
    "sarif": "hlcg.report.sarif",
    "github": "hlcg.report.github",
}


def renderer(name: str) -> Callable[[list[DeckReport]], str]:
    return importlib.import_module(REPORTER_BY_NAME[name]).render
