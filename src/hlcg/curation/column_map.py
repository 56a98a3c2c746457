"""`hlcg db import --map`: which contract field each column of a LackeyCCG file holds."""

import json
from pathlib import Path

from hlcg.errors import UsageError


def parse_column_map(column_map: str | None) -> dict[str, str] | None:
    """--map: a JSON object of column -> contract field, or a file holding one; None when
    not given. Anything else is a UsageError that says what was wrong."""
    if not column_map:
        return None
    text = column_map
    if not column_map.lstrip().startswith("{"):
        path = Path(column_map)
        if not path.is_file():
            raise UsageError(f"--map: {column_map} is neither a JSON object nor a file")
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"--map: could not read {path}: {exc}") from None
    try:
        mapping = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UsageError(f"--map is not a JSON object: {exc.msg}") from None
    if not isinstance(mapping, dict) or not all(
        isinstance(k, str) and isinstance(v, str) for k, v in mapping.items()
    ):
        raise UsageError('--map must be a JSON object of strings, e.g. {"Name": "title"}')
    return mapping
