"""`POST /api/diff` and `POST /api/odds`: the answers `hlcg deck diff` and `hlcg deck odds`
print, for decks posted as text."""

from __future__ import annotations

import html
import json
import re

import jsonschema
from typer.testing import CliRunner

from conftest import ROOT
from hlcg.cli.app import app

TOURNAMENT = ROOT / "examples" / "tournament"
BOB = (TOURNAMENT / "bob-richie.dek").read_text(encoding="utf-8")
FRANK = (TOURNAMENT / "frank-richie.dek").read_text(encoding="utf-8")
ALICE = (TOURNAMENT / "alice-duncan.txt").read_text(encoding="utf-8")


def schema(name: str) -> dict:
    return json.loads((ROOT / "schemas" / name).read_text(encoding="utf-8"))


def side(text: str, filename: str) -> dict:
    return {"deck": text, "filename": filename}


def test_diff_is_the_cli_diff(client):
    response = client.post(
        "/api/diff", json={"a": side(BOB, "bob.dek"), "b": side(FRANK, "frank.dek")}
    )
    assert response.status_code == 200
    answer = response.json()
    jsonschema.validate(answer, schema("deck-diff.schema.json"))
    cli = CliRunner().invoke(
        app,
        ["deck", "diff", str(TOURNAMENT / "bob-richie.dek"), str(TOURNAMENT / "frank-richie.dek")]
        + ["--output", "json"],
    )
    expected = json.loads(cli.stdout)
    assert answer["changes"] == expected["changes"] and answer["other"] == expected["other"]
    assert (answer["a"]["path"], answer["same"]) == ("bob.dek", False)
    same = client.post("/api/diff", json={"a": side(BOB, "a.dek"), "b": side(BOB, "b.dek")})
    assert same.json()["same"] is True and same.json()["changes"] == []


def test_a_side_may_be_a_sheets_payload(client, tmp_path):
    target = tmp_path / "bob.html"
    CliRunner().invoke(
        app, ["deck", "sheet", str(TOURNAMENT / "bob-richie.dek"), "-o", str(target)]
    )
    page = target.read_text(encoding="utf-8")
    payload = html.unescape(re.search(r'<pre class="payload">(.*?)</pre>', page, re.S)[1])
    answer = client.post(
        "/api/diff", json={"a": side(payload, "sheet"), "b": side(BOB, "bob.dek")}
    ).json()
    assert answer["same"] is True and answer["a"]["sheet"] is True
    broken = client.post(
        "/api/diff", json={"a": side("hlcg-sheet 1\nhello\n", "x"), "b": side(BOB, "bob.dek")}
    )
    assert broken.status_code == 422
    assert broken.json()["error"]["message"] == (
        "x: not a sheet's QR payload (it starts `hlcg-sheet 1`)"
    )


def test_odds_is_the_cli_odds(client):
    body = {"deck": ALICE, "filename": "alice.txt", "kinds": ["Upper Left Block", "reason"]}
    response = client.post("/api/odds", json=body)
    assert response.status_code == 200
    answer = response.json()
    jsonschema.validate(answer, schema("deck-odds.schema.json"))
    ulb = answer["kinds"][0]["draws"]
    assert (ulb["opening hand"]["numerator"], ulb["opening hand"]["denominator"]) == (1205, 1908)
    assert (ulb["exertion"]["numerator"], ulb["exertion"]["denominator"]) == (1595, 6201)


def test_bad_requests(client):
    bad_kind = client.post("/api/odds", json={"deck": ALICE, "kinds": ["zzqx"]})
    assert bad_kind.status_code == 400
    assert bad_kind.json()["error"]["message"] == (
        "kinds 'zzqx': no card, type, area, gem or search matches"
    )
    surrogate = '{"a": {"deck": "\\ud800"}, "b": {"deck": "3 Dodge"}}'
    response = client.post(
        "/api/diff", content=surrogate, headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("bad request: deck: lone surrogate")
    missing = client.post("/api/diff", json={"a": side(BOB, "bob.dek")})
    assert missing.status_code == 400
    assert missing.json()["error"]["message"] == "bad request: b: required, and missing"
