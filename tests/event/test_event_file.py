"""The event file as other tools see it: every table and column documented in
docs/event.md, and Datasette opening the file as it is (its own Python API and internal
client, as tests/test_datasette.py does for the catalogue)."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing
from pathlib import Path
from typing import Any

from datasette.app import Datasette
from tests.event.day import EVENT_DATE, TOURNAMENT, hlcg

from conftest import ROOT

DOC = (ROOT / "docs" / "event.md").read_text(encoding="utf-8")


def columns(path: Path) -> set[tuple[str, str]]:
    with closing(sqlite3.connect(path)) as conn:
        tables = [t for (t,) in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
        return {(t, row[1]) for t in tables for row in conn.execute(f"PRAGMA table_info({t})")}


def small_event(folder: Path) -> Path:
    event = folder / "spring.hlcg"
    assert (
        hlcg(
            "event", "new", event, "--name", "Spring", "--date", EVENT_DATE, "--rules", "2e-league"
        ).exit_code
        == 0
    )
    for player, deck in (("Alice", "alice-duncan.txt"), ("Bob", "bob-richie.dek")):
        assert hlcg("event", "register", event, player, TOURNAMENT / deck).exit_code == 0
    result = hlcg("event", "result", event, "Alice", "Bob", "--round", "1", "--winner", "Alice",
                  "--head", "--quickening", "Q")  # fmt: skip
    assert result.exit_code == 0, result.output
    return event


def test_every_table_and_column_is_documented_once(tmp_path):
    section = DOC.split("<!-- schema:start -->")[1].split("<!-- schema:end -->")[0]
    documented = re.findall(r"^\| `(\w+)` \| `(\w+)` \|", section, re.M)
    assert len(documented) == len(set(documented))
    assert set(documented) == columns(small_event(tmp_path))


def test_datasette_opens_the_event_file(tmp_path):
    event = small_event(tmp_path)

    async def get(path: str) -> Any:
        ds = Datasette(immutables=[str(event)])
        response = await ds.client.get(path)
        assert response.status_code == 200, response.text
        return response.json()

    def fetch(path: str) -> Any:
        """Datasette's answer, from an event loop of its own thread (a browser test's
        Playwright may be running one in this thread)."""
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, get(path)).result()

    page = fetch("/spring.json")
    assert {t["name"] for t in page["tables"]} == {"meta", "registrations", "games", "quickenings"}
    games = fetch("/spring/games.json?_shape=array")
    assert [(g["round"], g["winner"], g["head_taken"]) for g in games] == [(1, "Alice", 1)]
    passed = fetch("/spring/quickenings.json?_shape=array")
    assert [(q["quickening"], q["from_player"], q["to_player"]) for q in passed] == [
        ("Q", "Bob", "Alice")
    ]
    # the foreign keys Datasette follows: a game's players are registrations
    keys = fetch("/spring/games.json?_shape=objects&_labels=on")
    assert keys["rows"][0]["player"] == {"value": "Alice", "label": "Alice"}
