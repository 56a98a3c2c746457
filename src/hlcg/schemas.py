"""Generate the JSON Schemas in ``schemas/`` from the pydantic models.

python -m hlcg.schemas schemas/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any


def generate() -> dict[str, dict[str, Any]]:
    from pydantic import BaseModel

    from hlcg.answers import COMMAND_SCHEMAS
    from hlcg.curation import CardFileRow
    from hlcg.deck import DeckFile
    from hlcg.organise import OUTPUT_SCHEMAS
    from hlcg.report import Report
    from hlcg.web import API_SCHEMAS

    models: list[tuple[str, type[BaseModel]]] = [
        ("card.schema.json", CardFileRow),
        ("deck.schema.json", DeckFile),
        ("report.schema.json", Report),
        *OUTPUT_SCHEMAS.items(),
        *COMMAND_SCHEMAS.items(),
        *API_SCHEMAS.items(),
    ]
    schemas = {}
    for filename, model in models:
        schema = model.model_json_schema()
        schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        schemas[filename] = schema
    return schemas


def render(schema: dict[str, Any]) -> str:
    return json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    out = Path(argv[0] if argv else "schemas")
    out.mkdir(parents=True, exist_ok=True)
    for filename, schema in generate().items():
        (out / filename).write_text(render(schema), encoding="utf-8")
        print(f"wrote {out / filename}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
