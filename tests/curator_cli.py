"""What the curator tests share: the CLI, a copy of the shipped catalogue to import into,
files they write, and a card as `hlcg card --json` answers."""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from typer.testing import CliRunner

from hlcg.cli.app import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


_FROM_SHIPPED: list[Path] = []


def shipped_copy(tmp_path: Path, name: str = "mine.sqlite") -> Path:
    """A catalogue of one's own started from the shipped one, as the docs say: made by
    `hlcg db init --from-shipped` once per test process, then copied (an init gives the same
    bytes every time; tests/test_curation.py tests init itself)."""
    if not _FROM_SHIPPED:
        made = Path(tempfile.mkdtemp(prefix="hlcg-from-shipped-")) / "mine.sqlite"
        result = invoke("db", "init", str(made), "--from-shipped")
        assert result.exit_code == 0, result.output
        _FROM_SHIPPED.append(made)
    db = tmp_path / name
    shutil.copyfile(_FROM_SHIPPED[0], db)
    return db


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def card(card_id: str, db: Path | None = None) -> dict:
    extra = ("--db", str(db)) if db else ()
    result = invoke("card", card_id, "--json", *extra)
    assert result.exit_code == 0, result.output
    (found,) = json.loads(result.stdout)["cards"]
    return found


def said(result) -> list[str]:
    """The status lines a command wrote (stderr, docs/cli.md), without its notes,
    warnings and errors (``hlcg: ...``)."""
    return [line for line in result.stderr.splitlines() if not line.startswith("hlcg: ")]
