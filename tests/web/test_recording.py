"""The card panel's "Record what your card says" (hlcg.web.recording): the API records one
answer into a writable catalogue of the user's own, with the printed-card source, and refuses
on the shipped catalogue, from another site and on a server not on loopback; Chromium fills
one card as a player would.

The attribute values typed here are test inputs written into a temporary catalogue.
"""

from __future__ import annotations

import datetime
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from starlette.testclient import TestClient
from tests.web.conftest import LOCAL, open_page
from typer.testing import CliRunner

from hlcg.catalog import load
from hlcg.cli.app import app as cli_app
from hlcg.web.app import create_app

TODAY = datetime.date.today().isoformat()
CONNOR = "connor-macleod-2e"
VALUES = "master 6, agility 5, strength 5, toughness 5, empathy 5, reason 5"
ANSWER = {
    "card": CONNOR,
    "format": "type-two",
    "printing": "2E-VS02 1",
    "fact": "gems",
    "answer": VALUES,
    "reader": "Alice",
}


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    db = tmp_path / "my.sqlite"
    assert CliRunner().invoke(cli_app, ["db", "init", str(db), "--from-shipped"]).exit_code == 0
    return db


def recording_client(db: Path, host: str = "127.0.0.1") -> TestClient:
    return TestClient(create_app(load(db), host, record_into=db), base_url=LOCAL)


def connor_gems(db: Path) -> tuple:
    with sqlite3.connect(db) as conn:
        return conn.execute(
            "SELECT gem_master, gem_agility, gem_reason FROM cards WHERE id = ?", (CONNOR,)
        ).fetchone()


def test_an_answer_is_recorded_with_its_printed_card_source(mine: Path) -> None:
    with recording_client(mine) as client:
        asked = client.get(f"/api/fill?card={CONNOR}&format=type-two").json()
        assert asked["recording"] is True and asked["reader"] is None
        assert asked["card"]["questions"] == [
            {
                "fact": "gems",
                "prompt": "attribute values",
                "unlocks": "Connor MacLeod's gem caps (and Master limit) will be checked",
            }
        ]
        # Head Shot is recorded in Series Edition only: no Type Two numbers asked for it.
        other = client.get("/api/fill?card=head-shot&format=type-two").json()["card"]
        assert other["questions"] == []
        assert other["not_asked"].startswith("not asked: Head Shot is recorded in SE")
        refused = client.post("/api/fill", json={**ANSWER, "card": "head-shot", "answer": "none"})
        assert refused.status_code == 422
        assert refused.json()["error"]["message"] == other["not_asked"]
        bad = client.post("/api/fill", json={**ANSWER, "printing": "SE 1"})
        assert bad.status_code == 422
        assert bad.json()["error"]["message"] == (
            "SE is a 1E set; type-two is played with 2E cards, whose printing says what it needs"
        )
        done = client.post("/api/fill", json=ANSWER)
        assert done.status_code == 200, done.text
        assert done.json()["recorded"] == f"printed card 2E-VS02 1, read by Alice on {TODAY}"
        assert done.json()["reader"] == "Alice" and done.json()["card"] is None
        # The server answers from the catalogue as it is now.
        assert client.get(f"/api/card?q={CONNOR}").json()["cards"][0]["gem_agility"] == 5
    assert connor_gems(mine) == (6, 5, 5)
    verified = CliRunner().invoke(cli_app, ["db", "info", "--verify", "--db", str(mine)])
    assert verified.exit_code == 0, verified.output


def test_the_shipped_catalogue_is_never_written(client: TestClient) -> None:
    asked = client.get(f"/api/fill?card={CONNOR}&format=type-two").json()
    assert asked["recording"] is False
    assert asked["refusal"].startswith("this server reads the shipped catalogue")
    refused = client.post("/api/fill", json=ANSWER)
    assert refused.status_code == 403
    assert "`hlcg db init my.sqlite --from-shipped`" in refused.json()["error"]["message"]


def test_a_cross_site_request_is_refused(mine: Path) -> None:
    with recording_client(mine) as client:
        for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "http://evil.example"}):
            refused = client.post("/api/fill", json=ANSWER, headers=headers)
            assert refused.status_code == 403, headers
    assert connor_gems(mine) == (None, None, None)


def test_a_server_not_on_loopback_records_nothing(mine: Path) -> None:
    with TestClient(
        create_app(load(mine), "0.0.0.0", record_into=mine), base_url="http://192.0.2.7:8000"
    ) as client:
        asked = client.get(f"/api/fill?card={CONNOR}&format=type-two").json()
        assert asked["recording"] is False
        assert asked["refusal"].startswith("this server listens on 0.0.0.0, not on loopback")
        assert client.post("/api/fill", json=ANSWER).status_code == 403
    assert connor_gems(mine) == (None, None, None)


def test_a_read_only_catalogue_is_not_offered_the_form(mine: Path) -> None:
    """By its mode, not os.access, which says yes to root: the writer refuses the file."""
    mine.chmod(0o444)
    with recording_client(mine) as client:
        asked = client.get(f"/api/fill?card={CONNOR}&format=type-two").json()
        assert asked["recording"] is False
        assert asked["refusal"] == (
            "my.sqlite is read-only (mode 0444): make it and its folder writable (chmod u+w "
            "my.sqlite) to record into it"
        )
        refused = client.post("/api/fill", json=ANSWER)
        assert refused.status_code == 403
        assert refused.json()["error"]["message"] == asked["refusal"]
    assert connor_gems(mine) == (None, None, None)


@pytest.fixture
def own_server(web_load, mine: Path) -> Iterator[object]:
    """`hlcg serve --db my.sqlite` as a user runs it, stopped with Ctrl-C."""
    running = web_load.Server("--db", str(mine))
    yield running
    code, err = running.stop()
    assert code == 0, err


def test_chromium_fills_one_card(browser, own_server, mine: Path) -> None:
    page: Page
    page, problems = open_page(browser, own_server.url + f"#card={CONNOR}")
    form = page.locator("#card section.record")
    expect(form.locator("h4")).to_have_text("Record what your card says")
    expect(page.locator("#record-printing")).to_have_value("2E-VS02")
    page.fill("#record-reader", "Alice")
    page.fill("#record-printing", "2E-VS02 1")
    page.fill("#record-gems", VALUES)
    page.click('#card button[data-fact="gems"]')
    source = f"printed card 2E-VS02 1, read by Alice on {TODAY}"
    expect(page.locator("#record-status")).to_have_text(f"Recorded ({source}).")
    expect(form).to_have_count(0)  # nothing left to ask about this card
    # The panel shows the card as recorded now, each value with the reader's source.
    expect(page.locator("#card")).to_contain_text(f"(source: {source})")
    page.context.close()
    assert problems == []
    assert connor_gems(mine) == (6, 5, 5)
