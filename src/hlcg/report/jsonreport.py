"""The JSON report (``schemas/report.schema.json``)."""

from __future__ import annotations

import json
from typing import Any

from hlcg.rules.engine import DeckReport

REPORT_VERSION = 1


def as_data(reports: list[DeckReport]) -> dict[str, Any]:
    legal = sum(1 for r in reports if r.legal)
    return {
        "version": REPORT_VERSION,
        "decks": [r.to_json() for r in reports],
        "summary": {
            "decks": len(reports),
            "legal": legal,
            "illegal": len(reports) - legal,
            "errors": sum(r.errors for r in reports),
            "warnings": sum(r.warnings for r in reports),
            "notes": sum(r.notes for r in reports),
        },
    }


def render(reports: list[DeckReport]) -> str:
    return json.dumps(as_data(reports), indent=2, ensure_ascii=False) + "\n"
