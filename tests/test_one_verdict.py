"""One verdict per deck: every command that judges a deck goes through ``hlcg.check`` (its
ambiguous lines settled, the date, the format the catalogue records), so `hlcg deck stats`,
`hlcg db gaps` and `hlcg db fill` say what `hlcg validate` says (issue 34).

The deck: a Generic Immortal whose pre-game line `Katana` could be the Katana persona or
the Katana Weapon of Choice; `hlcg validate` settles it (LEGAL either way). Judged without
settling, the line stayed ambiguous: stats named the persona "unknown persona 'Katana'",
gaps listed Katana as a card the catalogue lacks and fill called the deck ILLEGAL.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.catalog import shipped_path
from hlcg.cli.app import app

runner = CliRunner()
DUNCAN = ROOT / "examples" / "decks" / "valid" / "duncan-katana-type-two.txt"


def katana_deck(tmp_path: Path) -> Path:
    """The Duncan example without its persona line, Lunge for the Katana-specific cards."""
    lines = DUNCAN.read_text(encoding="utf-8").splitlines()
    assert "Persona: Duncan MacLeod" in lines and "Katana" in lines
    kept = [
        "2 Lunge" if line.startswith("2 Master of the Katana") else line
        for line in lines
        if line != "Persona: Duncan MacLeod"
    ]
    deck = tmp_path / "katana.txt"
    deck.write_text("\n".join(kept) + "\n", encoding="utf-8")
    return deck


def invoke(*args: str, stdin: str | None = None):
    result = runner.invoke(app, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def test_validate_settles_the_katana_line(tmp_path):
    result = invoke("validate", str(katana_deck(tmp_path)), "-o", "json")
    assert result.exit_code == 0
    (report,) = json.loads(result.stdout)["decks"]
    assert (report["legal"], report["persona"]) == (True, "Generic Immortal")
    assert [p["code"] for p in report["problems"] if p["rule"] == "ambiguous-card"] == ["HL003"]
    assert all(p["severity"] == "note" for p in report["problems"] if p["code"] == "HL003")


def test_deck_stats_gives_the_verdict_validate_gives(tmp_path):
    result = invoke("deck", "stats", str(katana_deck(tmp_path)), "--json")
    assert result.exit_code == 0, result.output
    stats = json.loads(result.stdout)
    assert (stats["persona"], stats["legal"], stats["format"]) == (
        "Generic Immortal",
        True,
        "type-two",
    )


def test_db_gaps_does_not_list_the_settled_line_as_missing(tmp_path):
    result = invoke("db", "gaps", str(katana_deck(tmp_path)), "--output", "json")
    assert result.exit_code == 0, result.output
    items = json.loads(result.stdout)["items"]
    assert [i for i in items if i["field"] == "card"] == []
    assert "Katana" not in {i["name"] for i in items}
    assert "not in the catalogue" not in result.stderr


def test_db_fill_gives_the_verdict_validate_gives(tmp_path):
    mine = tmp_path / "mine.sqlite"
    shutil.copyfile(shipped_path(), mine)
    deck = katana_deck(tmp_path)
    result = invoke("db", "fill", str(deck), "--db", str(mine), "--reader", "t", stdin="\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "verdict: LEGAL"
    assert "HL003" not in result.stdout
