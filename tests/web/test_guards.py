"""What every answer of `hlcg serve` carries, and the requests it refuses before any work:
cross-site requests of every method, and requests beyond the bound on answers at once."""

from __future__ import annotations

import threading

import jsonschema
import pytest
from starlette.testclient import TestClient

from hlcg.catalog import load, shipped_path
from hlcg.web.app import create_app
from hlcg.web.service import Service

from .test_api import LOCAL, schema

DECK = {"deck": "Persona: Duncan MacLeod\n1 Dodge\n"}
CONVERT = {**DECK, "to": "json"}
# (method, path, JSON body) for every route, the page's files included
ROUTES = [
    ("GET", "/", None),
    ("GET", "/static/index.html", None),
    ("GET", "/static/app.js", None),
    ("GET", "/static/style.css", None),
    ("GET", "/api/formats", None),
    ("GET", "/api/card?q=Dodge", None),
    ("GET", "/api/cards?format=type-two&q=t:dodge", None),
    ("GET", "/api/complete?q=dod", None),
    ("GET", "/api/search?q=t:dodge", None),
    ("GET", "/api/persona?q=Duncan", None),
    ("GET", "/api/rules", None),
    ("GET", "/api/rules/title-limit", None),
    ("POST", "/api/validate", DECK),
    ("POST", "/api/check", DECK),
    ("POST", "/api/fix", DECK),
    ("POST", "/api/add", {**DECK, "card": "dodge"}),
    ("POST", "/api/convert", CONVERT),
]
API_ROUTES = [route for route in ROUTES if route[1].startswith("/api/")]
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)


def call(client: TestClient, method: str, path: str, body: object, **headers: str):
    return client.request(method, path, json=body, headers=headers)


def assert_guarded(response, api: bool) -> None:
    headers = response.headers
    assert headers["content-security-policy"] == CSP
    assert headers["x-content-type-options"] == "nosniff"
    assert headers["referrer-policy"] == "no-referrer"
    assert headers["x-frame-options"] == "DENY"
    assert headers["cross-origin-resource-policy"] == "same-origin"
    assert headers["cache-control"] == ("no-store" if api else "no-cache")


@pytest.mark.parametrize(("method", "path", "body"), ROUTES, ids=lambda v: str(v)[:30])
def test_every_answer_carries_the_security_headers(client, method, path, body):
    response = call(client, method, path, body)
    assert response.status_code == 200, response.text
    assert_guarded(response, path.startswith("/api/"))


def test_errors_carry_the_security_headers_and_405_says_what_is_allowed(client):
    for path, status in [("/api/nothing", 404), ("/static/nothing.js", 404), ("/nothing", 404)]:
        response = client.get(path)
        assert response.status_code == status
        assert_guarded(response, path.startswith("/api/"))
    refused = client.get("/api/validate")
    assert refused.status_code == 405
    assert refused.headers["allow"] == "POST"
    assert refused.json() == {
        "error": {"status": 405, "message": "method not allowed: /api/validate"}
    }
    assert_guarded(refused, api=True)
    allowed = client.post("/api/card?q=Dodge").headers["allow"]
    assert sorted(allowed.split(", ")) == ["GET", "HEAD"]  # Starlette's order varies
    foreign = client.get("/", headers={"host": "rebound.example"})
    assert foreign.status_code == 403
    assert_guarded(foreign, api=False)
    too_big = client.post("/api/validate", content=b"x" * (1024 * 1024 + 1))
    assert too_big.status_code == 413
    assert_guarded(too_big, api=True)


@pytest.mark.parametrize(("method", "path", "body"), API_ROUTES, ids=lambda v: str(v)[:30])
@pytest.mark.parametrize(
    ("headers", "message"),
    [
        ({"origin": "http://evil.example"}, "cross-origin request from 'http://evil.example'"),
        ({"origin": "null"}, "cross-origin request from 'null' refused"),
        ({"origin": "http://127.0.0.1:9999"}, "cross-origin request from 'http://127.0.0.1:9999'"),
        ({"sec-fetch-site": "cross-site"}, "a request from another site (cross-site) is refused"),
        ({"sec-fetch-site": "same-site"}, "a request from another site (same-site) is refused"),
    ],
    ids=["foreign-origin", "null-origin", "other-port", "cross-site", "same-site"],
)
def test_api_refuses_cross_site_requests_of_every_method(
    client, method, path, body, headers, message
):
    response = call(client, method, path, body, **headers)
    assert response.status_code == 403
    assert response.json()["error"]["message"].startswith(message)
    jsonschema.validate(response.json(), schema("api-error.schema.json"))
    assert_guarded(response, api=True)


def test_the_page_own_requests_and_tools_are_served(client):
    own = {"origin": LOCAL, "sec-fetch-site": "same-origin"}
    assert client.post("/api/check", json=DECK, headers=own).status_code == 200
    assert client.get("/api/card?q=Dodge", headers={"sec-fetch-site": "none"}).status_code == 200
    assert client.get("/api/card?q=Dodge").status_code == 200  # curl sends neither header
    # a link from another site opens the page itself; only its API is kept from that site
    assert client.get("/", headers={"sec-fetch-site": "cross-site"}).status_code == 200


def test_requests_beyond_the_bound_get_503_at_once(monkeypatch):
    release = threading.Event()
    waiting = threading.Semaphore(0)
    answer = Service.card

    def slow_card(self: Service, query: str) -> dict:
        waiting.release()
        assert release.wait(10)
        return answer(self, query)

    monkeypatch.setattr(Service, "card", slow_card)
    statuses: list[int] = []
    with TestClient(create_app(load(shipped_path()), max_busy=2), base_url=LOCAL) as client:
        threads = [
            threading.Thread(
                target=lambda: statuses.append(client.get("/api/card?q=Dodge").status_code)
            )
            for _ in range(2)
        ]
        for thread in threads:
            thread.start()
        for _ in threads:
            assert waiting.acquire(timeout=10)  # both slots are taken
        refused = client.get("/api/card?q=Dodge")
        assert refused.status_code == 503
        assert refused.headers["retry-after"] == "1"
        assert refused.json()["error"]["message"] == (
            "busy: 2 requests are being answered; try again"
        )
        release.set()
        for thread in threads:
            thread.join(10)
        assert statuses == [200, 200]
        assert client.get("/api/formats").status_code == 200
