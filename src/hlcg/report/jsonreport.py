"""The JSON report (``schemas/report.schema.json``), whole (``render``) or written as decks
finish (``part`` and ``Writer``, hlcg.report.streaming): the same bytes."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hlcg.report.reporters import Unreadable
from hlcg.report.streaming import (
    DeckSummary,
    JsonList,
    TextSink,
    Totals,
    before_list,
    dump,
    list_marker,
    write_document,
)
from hlcg.rules import DeckReport

REPORT_VERSION = 1


def _document(decks: list[Any], unreadable: Sequence[Unreadable], totals: Totals) -> dict[str, Any]:
    return {
        "version": REPORT_VERSION,
        "decks": decks,
        "unreadable": [{"path": u.path, "message": u.message} for u in unreadable],
        "summary": {
            "decks": totals.decks,
            "legal": totals.legal,
            "illegal": totals.decks - totals.legal,
            "errors": totals.errors,
            "warnings": totals.warnings,
            "notes": totals.notes,
            "unreadable": len(unreadable),
        },
    }


def report_data(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> dict[str, Any]:
    totals = Totals(DeckSummary.of(r) for r in reports)
    return _document([r.to_json() for r in reports], unreadable, totals)


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    return json.dumps(report_data(reports, unreadable), indent=2, ensure_ascii=False) + "\n"


def part(report: DeckReport) -> str:
    return dump(report.to_json())


class Writer:
    """The report as decks finish: each deck written at once, only the totals kept."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.skeleton = dump(_document(list_marker("decks"), (), Totals()))
        self.decks = JsonList("decks", self.skeleton, out)
        self.totals = Totals()
        self.unreadable_files: list[Unreadable] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        if not self.decks.count:
            self.out.write(before_list(self.skeleton, "decks"))
        self.decks.add(part)
        self.totals.add(summary)

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def close(self) -> None:
        document = _document(list_marker("decks"), self.unreadable_files, self.totals)
        write_document(self.out, document, [self.decks], {})
