"""`hlcg deck stats`: the gem budget, Master and pre-game counts and card types of a deck."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

runner = CliRunner()


def invoke(*args: str):
    return runner.invoke(app, list(args))


def test_stats_json():
    stats = json.loads(
        invoke(
            "deck", "stats", str(ROOT / "examples/decks/valid/duncan-katana-type-two.txt"), "--json"
        ).stdout
    )
    assert stats["gems"]["reason"]["used"] == 4 and stats["gems"]["reason"]["cap"] == 15
    assert stats["gems"]["reason"]["headroom"] == 11
    assert stats["gems"]["master"]["top"] == [{"card": "master-of-the-katana", "gems": 2}]
    assert stats["master"] == {"used": 2, "limit": 6}
    assert stats["pregame"] == {"used": 2, "limit": 6}
    assert stats["types"]["attack"] == 27  # and 3 Head Shot, an Event
