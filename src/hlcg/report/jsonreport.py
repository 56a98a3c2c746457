"""The JSON report (``schemas/report.schema.json``)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from hlcg.report.reporters import Unreadable
from hlcg.rules import DeckReport

REPORT_VERSION = 1


def report_data(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> dict[str, Any]:
    legal = sum(1 for r in reports if r.legal)
    return {
        "version": REPORT_VERSION,
        "decks": [r.to_json() for r in reports],
        "unreadable": [{"path": u.path, "message": u.message} for u in unreadable],
        "summary": {
            "decks": len(reports),
            "legal": legal,
            "illegal": len(reports) - legal,
            "errors": sum(r.errors for r in reports),
            "warnings": sum(r.warnings for r in reports),
            "notes": sum(r.notes for r in reports),
            "unreadable": len(unreadable),
        },
    }


def render(reports: list[DeckReport], unreadable: Sequence[Unreadable] = ()) -> str:
    return json.dumps(report_data(reports, unreadable), indent=2, ensure_ascii=False) + "\n"
