"""Write a catalogue's cards back in the contract format (CSV, JSON or JSONL)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from hlcg.catalog.fields import CONTRACT_FIELDS
from hlcg.catalog.models import CardRow
from hlcg.errors import UsageError


def render(rows: list[CardRow], suffix: str) -> str:
    rows = sorted(rows, key=lambda r: r.id)
    if suffix == ".csv":
        buffer = io.StringIO()
        writer = csv.DictWriter(buffer, fieldnames=CONTRACT_FIELDS, lineterminator="\n")
        writer.writeheader()
        writer.writerows(r.to_flat() for r in rows)
        return buffer.getvalue()
    if suffix == ".json":
        return json.dumps([r.to_json() for r in rows], indent=2, ensure_ascii=False) + "\n"
    if suffix == ".jsonl":
        return "".join(json.dumps(r.to_json(), ensure_ascii=False) + "\n" for r in rows)
    raise UsageError(
        f"cannot export to {suffix!r}; give a folder, .zip, .tar.gz or .json (the whole "
        "catalogue), or .csv or .jsonl (cards only)"
    )


def export(rows: list[CardRow], out: Path) -> None:
    text = render(rows, out.suffix.lower())
    out.write_text(text, encoding="utf-8")
