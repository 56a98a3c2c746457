"""`hlcg serve --event FILE`: the verify view's API answers as `hlcg event verify` does, for
a pasted list and an uploaded photo of a sheet's QR code, behind the same Host and Origin
guards; the view is served on loopback only."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.event.day import EVENT_DATE, TOURNAMENT, hlcg, payloads, qr_image
from tests.web.conftest import LOCAL
from typer.testing import CliRunner

from hlcg.catalog import load, shipped_path
from hlcg.cli.app import build
from hlcg.web.app import create_app


@pytest.fixture(scope="module")
def event(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("view")
    path = folder / "spring.hlcg"
    assert (
        hlcg("event", "new", path, "--name", "Spring league", "--date", EVENT_DATE).exit_code == 0
    )
    for player, deck in (("Alice", "alice-duncan.txt"), ("Bob", "bob-richie.dek")):
        assert hlcg("event", "register", path, player, TOURNAMENT / deck).exit_code == 0
    assert hlcg("event", "sheets", path, "-o", folder / "sheets.html").exit_code == 0
    return path


@pytest.fixture(scope="module")
def client(event: Path):
    with TestClient(create_app(load(shipped_path()), event=event), base_url=LOCAL) as client:
        yield client


def test_the_view_lists_the_event_and_its_players(client):
    page = client.get("/event")
    assert page.status_code == 200 and '<script src="/static/event.js"' in page.text
    about = client.get("/api/event").json()
    assert about["players"] == ["Alice", "Bob"]
    assert about["judged_by"].startswith(f"type-two as of {EVENT_DATE}, hlcg ruleset ")


def test_a_pasted_list_is_verified_as_the_command_line_verifies_it(client, event):
    alice = (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8")
    same = client.post("/api/event/verify", json={"player": "Alice", "deck": alice})
    assert same.status_code == 200 and same.json()["same"] is True
    cli = hlcg("event", "verify", event, "Alice", alice, "--json")
    assert same.json() == json.loads(cli.stdout)
    changed = alice.replace("Upper Left Block", "Lower Left Block", 1)
    assert changed != alice
    differs = client.post("/api/event/verify", json={"player": "Alice", "deck": changed}).json()
    assert differs["same"] is False and differs["changes"]
    nobody = client.post("/api/event/verify", json={"player": "Zed", "deck": alice})
    assert nobody.status_code == 404
    assert nobody.json()["error"]["message"] == "Zed is not registered for Spring league"
    # one line is a pasted list of one card, never a file on the server
    path = client.post("/api/event/verify", json={"player": "Bob", "deck": str(event)})
    assert path.status_code == 200 and path.json()["same"] is False


def test_an_uploaded_photo_of_the_sheet_is_verified(client, event):
    page = (event.parent / "sheets.html").read_text(encoding="utf-8")
    bob = qr_image(payloads(page)[1], event.parent / "bob.png").read_bytes()
    same = client.post(
        "/api/event/verify-photo?player=Bob", content=bob, headers={"Content-Type": "image/png"}
    )
    assert same.status_code == 200, same.text
    assert same.json()["same"] is True
    other = client.post(
        "/api/event/verify-photo?player=Alice", content=bob, headers={"Content-Type": "image/png"}
    )
    assert other.json()["same"] is False
    blank = client.post(
        "/api/event/verify-photo?player=Bob",
        content=bob[:60],
        headers={"Content-Type": "image/png"},
    )
    assert blank.status_code == 422
    assert blank.json()["error"]["message"].endswith("no QR code could be read from this image")
    text = client.post(
        "/api/event/verify-photo?player=Bob", content=b"x", headers={"Content-Type": "text/plain"}
    )
    assert text.status_code == 415


def test_the_guards_hold_for_the_view(client):
    foreign = client.post(
        "/api/event/verify",
        json={"player": "Bob", "deck": "x"},
        headers={"Origin": "http://evil.example"},
    )
    assert foreign.status_code == 403
    rebound = client.get("/api/event", headers={"Host": "evil.example"})
    assert rebound.status_code == 403


def test_without_an_event_there_is_no_view():
    with TestClient(create_app(load(shipped_path())), base_url=LOCAL) as plain:
        assert plain.get("/event").status_code == 404
        assert plain.get("/api/event").status_code == 404


def test_the_event_is_served_on_loopback_only(event):
    result = CliRunner().invoke(
        build("serve"), ["serve", "--event", str(event), "--host", "0.0.0.0"]
    )
    assert (result.exit_code, result.stderr) == (
        2, "hlcg: error: --event serves on loopback only (127.0.0.1 or ::1), not 0.0.0.0\n"
    )  # fmt: skip


def test_the_verify_view_in_chromium(browser, web_load, event):
    """`hlcg serve --event` as a judge uses it: pick a player, upload the photo or paste the
    list, read the answer; no script error (the page keeps the Content-Security-Policy)
    and nothing axe-core finds."""
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import expect

    page_text = (event.parent / "sheets.html").read_text(encoding="utf-8")
    photo = qr_image(payloads(page_text)[1], event.parent / "bob-view.png")
    server = web_load.Server("--event", str(event))
    try:
        context = browser.new_context()
        page = context.new_page()
        problems: list[str] = []
        page.on("pageerror", lambda exc: problems.append(str(exc)))
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.goto(server.url + "event")
        expect(page.locator("#player option")).to_have_count(2)
        expect(page.locator("#event-name")).to_have_text("Spring league")
        page.select_option("#player", "Bob")
        page.set_input_files("#photo", str(photo))
        page.click("#verify")
        expect(page.locator("#answer")).to_have_attribute("data-same", "true")
        expect(page.locator("#answer")).to_contain_text("Same deck: Bob.")
        page.set_input_files("#photo", [])
        page.select_option("#player", "Alice")
        page.fill("#deck", (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8").replace(
            "Upper Left Block", "Lower Left Block", 1))  # fmt: skip
        page.click("#verify")
        expect(page.locator("#answer")).to_have_attribute("data-same", "false")
        expect(page.locator("#changes li").first).to_be_visible()
        violations = Axe().run(page).response["violations"]
        assert [
            (v["id"], v["impact"]) for v in violations if v["impact"] in ("serious", "critical")
        ] == []
        assert problems == []
        context.close()
    finally:
        code, err = server.stop()
    assert code == 0, err
