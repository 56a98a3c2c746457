"""The JSON report (``schemas/report.schema.json``), whole (``render``) or written as decks
finish (``part`` and ``Writer``, hlcg.report.streaming): the same bytes."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from hlcg.check import Skipped

REPORT_VERSION = 1


def _document(
    decks: list[Any],
    unreadable: Sequence[Unreadable],
    totals: Totals,
    skipped: Sequence[Skipped] = (),
) -> dict[str, Any]:
    return {
        "version": REPORT_VERSION,
        "decks": decks,
        "unreadable": [{"path": u.path, "message": u.message} for u in unreadable],
        "skipped": [{"path": s.shown_path, "reason": s.reason} for s in skipped],
        "summary": {
            "decks": totals.decks,
            "legal": totals.legal,
            "illegal": totals.decks - totals.legal,
            "errors": totals.errors,
            "warnings": totals.warnings,
            "notes": totals.notes,
            "unreadable": len(unreadable),
            "skipped": len(skipped),
        },
    }


def report_data(
    reports: list[DeckReport],
    unreadable: Sequence[Unreadable] = (),
    skipped: Sequence[Skipped] = (),
) -> dict[str, Any]:
    totals = Totals(DeckSummary.of(r) for r in reports)
    return _document([r.to_json() for r in reports], unreadable, totals, skipped)


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
        self.skipped_files: list[Skipped] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        if not self.decks.count:
            self.out.write(before_list(self.skeleton, "decks"))
        self.decks.add(part)
        self.totals.add(summary)

    def unreadable(self, item: Unreadable) -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: Skipped) -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        document = _document(
            list_marker("decks"), self.unreadable_files, self.totals, self.skipped_files
        )
        write_document(self.out, document, [self.decks], {})
