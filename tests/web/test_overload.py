"""`hlcg serve` when clients take more than it gives: connections bounded per client and
in all (idle ones make room), 503 with the security headers and `Retry-After` when every
connection is busy or a large request is being answered, and h11's 400 with the headers.

The connection bounds run a real uvicorn server (serving.server_config) in a thread of
this process, around a small ASGI app, with bounds of 2 or 3 connections; the app's own
bounds go through Starlette's test client. (SIGTERM's goodbye line: the `server` fixture.)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import pytest
import uvicorn
from starlette.testclient import TestClient

from hlcg.catalog import load, shipped_path
from hlcg.cli.serve import bind
from hlcg.web.app import LARGE_BODY_BYTES, create_app
from hlcg.web.guards import SECURITY_HEADERS
from hlcg.web.service import Service
from hlcg.web.serving import server_config

LOCAL = "http://127.0.0.1:8000"
GET = b"GET /%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"


class Held:
    """A small ASGI app: `/hold` answers once released, anything else at once."""

    def __init__(self) -> None:
        self.holding = 0
        self.release = threading.Event()

    async def __call__(self, scope, receive, send) -> None:
        if scope["path"] == "/hold":
            self.holding += 1
            while not self.release.is_set():
                await asyncio.sleep(0.01)
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})


@contextlib.contextmanager
def serving(app: Held, **bounds: int) -> Iterator[tuple[str, int]]:
    server = uvicorn.Server(server_config(app, **bounds))
    sock = bind("127.0.0.1", 0)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]})
    thread.start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        yield sock.getsockname()[:2]
    finally:
        app.release.set()
        server.should_exit = True
        thread.join(10)
        sock.close()


def answer(sock: socket.socket) -> tuple[bytes, dict[str, str], bytes]:
    """(status line, headers, body) of the answer read to the connection's close."""
    sock.settimeout(5)
    data = b""
    while chunk := sock.recv(1 << 16):
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    status, *lines = head.decode("latin-1").split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (line.partition(":") for line in lines)}
    return status.encode(), headers, body


def has_security_headers(headers: dict[str, str]) -> bool:
    return all(headers.get(name.lower()) == value for name, value in SECURITY_HEADERS.items())


def is_closed(sock: socket.socket, within: float) -> bool:
    sock.settimeout(within)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def test_a_request_h11_cannot_parse_is_400_with_the_security_headers():
    with serving(Held()) as addr, socket.create_connection(addr) as sock:
        sock.sendall(b"NOT AN HTTP REQUEST\r\n\r\n")
        status, headers, body = answer(sock)
    assert status == b"HTTP/1.1 400 Bad Request"
    assert has_security_headers(headers), headers
    assert headers["cache-control"] == "no-store"
    assert json.loads(body) == {"error": {"status": 400, "message": "malformed HTTP request"}}


@pytest.mark.parametrize(
    "bounds",
    [{"max_per_client": 3}, {"max_connections": 3}],
    ids=["per client", "in all"],
)
def test_a_new_connection_takes_the_place_of_the_least_recently_used_idle_one(bounds):
    with serving(Held(), **bounds) as addr:
        idle = []
        for _ in range(3):
            idle.append(socket.create_connection(addr))
            time.sleep(0.05)  # accepted in this order
        # one used since: it answered a request, and is idle again on its kept-alive line
        used = idle.pop(0)
        used.sendall(GET % b"")
        assert used.recv(100).startswith(b"HTTP/1.1 200")
        idle.append(used)
        with socket.create_connection(addr) as new:
            new.sendall(GET % b"")
            assert new.recv(100).startswith(b"HTTP/1.1 200")
        assert is_closed(idle[0], 2)  # the second opened, never used
        assert not any(is_closed(sock, 0.2) for sock in idle[1:])
        for sock in idle:
            sock.close()


def test_when_every_connection_is_busy_a_new_one_gets_503_with_retry_after():
    app = Held()
    with serving(app, max_per_client=2) as addr:
        busy = [socket.create_connection(addr) for _ in range(2)]
        for sock in busy:
            sock.sendall(GET % b"hold")
        deadline = time.monotonic() + 5
        while app.holding < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        with socket.create_connection(addr) as refused:
            refused.sendall(GET % b"")  # its request, unread, loses it no answer
            status, headers, body = answer(refused)
        assert status == b"HTTP/1.1 503 Service Unavailable"
        assert headers["retry-after"] == "1"
        assert has_security_headers(headers), headers
        assert json.loads(body)["error"]["message"] == (
            "busy: every connection is answering a request; try again"
        )
        app.release.set()
        for sock in busy:
            assert sock.recv(100).startswith(b"HTTP/1.1 200")
            sock.close()


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(load(shipped_path())), base_url=LOCAL) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("content_type", "status"),
    [
        ("application/json", 200),
        ("application/json; charset=utf-8", 200),
        ("Application/JSON", 200),
        ("application/vnd.hlcg+json", 200),
        ("text/plain", 415),
        ("application/x-www-form-urlencoded", 415),
        (None, 415),
    ],
)
def test_an_api_body_that_is_not_json_is_refused_415(client, content_type, status):
    headers = {"Content-Type": content_type} if content_type else {}
    response = client.post("/api/check", content=b'{"deck": "1 Dodge"}', headers=headers)
    assert response.status_code == status
    if status == 415:
        said = f"Content-Type {content_type!r}" if content_type else "no Content-Type"
        assert response.json() == {
            "error": {
                "status": 415,
                "message": f"a JSON body is expected (application/json), not {said}",
            }
        }
        assert has_security_headers(response.headers)


def test_one_large_request_at_a_time_the_others_get_503_and_small_ones_are_answered(
    client, monkeypatch
):
    """A deck over LARGE_BODY_BYTES holds the one place for large requests while it is
    answered: a second gets 503 at once, before its body is read; small decks go on."""
    started, release = threading.Event(), threading.Event()
    answer_deck = Service.validate_json

    def slow_for_large(self: Service, request) -> str:
        if len(request.deck) > LARGE_BODY_BYTES:
            started.set()
            assert release.wait(10)
        return answer_deck(self, request)

    monkeypatch.setattr(Service, "validate_json", slow_for_large)
    large = {"deck": "1 Dodge\n# " + "x" * LARGE_BODY_BYTES}
    statuses: list[int] = []
    first = threading.Thread(
        target=lambda: statuses.append(client.post("/api/validate", json=large).status_code)
    )
    first.start()
    try:
        assert started.wait(10)
        refused = client.post("/api/validate", json=large)
        assert refused.status_code == 503
        assert refused.headers["retry-after"] == "1"
        assert refused.json()["error"]["message"] == (
            f"busy: a request over {LARGE_BODY_BYTES} bytes is being answered; try again"
        )
        assert client.post("/api/validate", json={"deck": "1 Dodge"}).status_code == 200
    finally:
        release.set()
        first.join(10)
    assert statuses == [200]
    assert client.post("/api/validate", json=large).status_code == 200  # the place is free
