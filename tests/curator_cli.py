"""What the curator tests share: the CLI, a copy of the shipped catalogue to import into,
files they write, and a card as `hlcg card --json` answers."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from hlcg.cli.app import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def shipped_copy(tmp_path: Path, name: str = "mine.sqlite") -> Path:
    """A catalogue of one's own started from the shipped one, as the docs say."""
    db = tmp_path / name
    result = invoke("db", "init", str(db), "--from-shipped")
    assert result.exit_code == 0, result.output
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
