"""`hlcg serve` under attack, over real sockets: slow clients are dropped, an oversized
chunked upload is refused before its end, a client that leaves logs nothing, normal
requests stay fast meanwhile, and distinct misses past every cache bound leave the memory
flat.

The server runs with `--read-timeout 1`, so that the drops take a second, not five."""

from __future__ import annotations

import contextlib
import http.client
import json
import random
import socket
import statistics
import string
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

from hlcg.catalog.store import CACHE_SIZE, CACHED_SUGGESTIONS
from hlcg.deck.narrowing import MAX_SUGGESTED_NAMES

READ_TIMEOUT = 1.0
JSON = {"Content-Type": "application/json"}
LIMIT = 1024 * 1024
CHUNK = 64 * 1024


@pytest.fixture(scope="module")
def limited(web_load) -> Iterator[object]:
    running = web_load.Server("--read-timeout", str(READ_TIMEOUT))
    yield running
    code, err = running.stop()
    assert code == 0, err
    # nothing logged: no traceback for a client that left, none for a timed-out one
    assert err.splitlines()[1:] == ["hlcg serve: stopped"], err


def address(server) -> tuple[str, int]:
    parts = urlsplit(server.url)
    return parts.hostname or "127.0.0.1", parts.port or 80


def closed_after(sock: socket.socket, began: float, limit: float = 5.0) -> float:
    """Seconds from ``began`` until the server closed ``sock`` (nothing sent back)."""
    sock.settimeout(limit)
    assert sock.recv(1000) == b""
    return time.perf_counter() - began


def timed_get(addr: tuple[str, int], path: str = "/api/card?q=Dodge") -> float:
    conn = http.client.HTTPConnection(*addr, timeout=10)
    began = time.perf_counter()
    conn.request("GET", path)
    response = conn.getresponse()
    response.read()
    elapsed = time.perf_counter() - began
    conn.close()
    assert response.status == 200
    return elapsed


def settle(addr: tuple[str, int]) -> None:
    """Wait until the server is idle: warm (the first answers import the answer modules),
    and done with what an earlier test left it working on."""
    deadline = time.perf_counter() + 10
    while timed_get(addr) > 0.02 and time.perf_counter() < deadline:
        time.sleep(0.1)


HALF_HEADERS = b"GET /api/card?q=Dodge HTTP/1.1\r\nHost: 127.0.0.1\r\n"
HALF_BODY = (
    b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
    b'Content-Length: 1000\r\n\r\n{"deck": "1 Do'
)


def test_stalled_and_silent_clients_are_dropped_after_the_read_timeout(limited):
    addr = address(limited)
    began = time.perf_counter()
    silent = socket.create_connection(addr)
    half_headers = socket.create_connection(addr)
    half_headers.sendall(HALF_HEADERS)
    half_body = socket.create_connection(addr)
    half_body.sendall(HALF_BODY)
    # a kept-alive connection whose second request stalls
    kept = socket.create_connection(addr)
    kept.sendall(b"GET /api/formats HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    kept.settimeout(5)
    assert kept.recv(12) == b"HTTP/1.1 200"
    for sock in (silent, half_headers, half_body):
        assert READ_TIMEOUT - 0.1 < closed_after(sock, began) < READ_TIMEOUT + 2
    kept.recv(1 << 20)  # the rest of the answer
    second = time.perf_counter()
    kept.sendall(HALF_HEADERS)
    assert closed_after(kept, second) < READ_TIMEOUT + 2
    for sock in (silent, half_headers, half_body, kept):
        sock.close()


def test_a_chunked_upload_over_the_limit_is_refused_before_its_end(limited):
    sock = socket.create_connection(address(limited))
    sock.sendall(
        b"POST /api/validate HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        b"Transfer-Encoding: chunked\r\n\r\n"
    )
    sock.settimeout(0.05)
    sent, answer = 0, b""
    chunk = b"%x\r\n" % CHUNK + b"x" * CHUNK + b"\r\n"
    while not answer and sent < 4 * LIMIT:
        try:
            sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            # the server answered and closed before this chunk went out: its answer waits
            # in our receive buffer
            break
        sent += CHUNK
        with contextlib.suppress(TimeoutError):  # no answer yet
            answer = sock.recv(1000)
    sock.settimeout(5)
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1000)
    assert answer.startswith(b"HTTP/1.1 413 ")
    assert sent <= LIMIT + 2 * CHUNK  # answered as the limit was passed, not at the end
    # and no more is read: the server closes the connection instead
    began = time.perf_counter()
    with pytest.raises(OSError):  # the close shows on a send or a read
        while time.perf_counter() - began < 5:
            sock.sendall(chunk)
            if sock.recv(1 << 16) == b"":
                raise ConnectionResetError
    assert time.perf_counter() - began < READ_TIMEOUT + 2
    sock.close()


def test_a_client_that_leaves_mid_request_is_no_error(limited):
    addr = address(limited)
    leaving = socket.create_connection(addr)
    leaving.sendall(HALF_BODY)
    time.sleep(0.1)
    leaving.close()
    # one that leaves while its deck (5,000 unknown names: a second's work) is checked
    rng = random.Random(3)
    names = ("".join(rng.choice(string.ascii_lowercase) for _ in range(20)) for _ in range(5000))
    body = json.dumps({"deck": "\n".join(f"1 {n}" for n in names)}).encode()
    conn = http.client.HTTPConnection(*addr, timeout=10)
    conn.request("POST", "/api/validate", body, {"Content-Type": "application/json"})
    time.sleep(0.2)
    conn.close()
    assert timed_get(addr) < 5
    # the module fixture fails if either left a line in the server's log


def test_normal_requests_stay_fast_while_slow_and_large_clients_attack(limited):
    """Under attack a lookup is answered in under 100 ms (median), or, on a machine so busy
    that the same lookup takes over 33 ms unattacked, in under three times that."""
    addr = address(limited)
    settle(addr)
    unattacked = statistics.median(timed_get(addr) for _ in range(9))
    stop = threading.Event()
    opened: list[socket.socket] = []

    # Both attacks keep a steady pace rather than a busy loop: on a busy machine the nine
    # lookups take longer, and a busy loop would then spend the machine's time on attack.
    def slow_loris() -> None:
        # new half-open connections as the old ones are dropped
        while not stop.is_set():
            for payload in (HALF_HEADERS, HALF_BODY):
                sock = socket.create_connection(addr)
                sock.sendall(payload)
                opened.append(sock)
            stop.wait(0.01)

    def large_bodies() -> None:
        while not stop.is_set():
            conn = http.client.HTTPConnection(*addr, timeout=10)
            conn.request("POST", "/api/validate", b"x" * (2 * LIMIT))
            assert conn.getresponse().status == 413
            conn.close()
            stop.wait(0.02)

    attackers = [threading.Thread(target=slow_loris), threading.Thread(target=large_bodies)]
    for thread in attackers:
        thread.start()
    try:
        time.sleep(0.3)
        latencies = [timed_get(addr) for _ in range(9)]
    finally:
        stop.set()
        for thread in attackers:
            thread.join(10)
        for sock in opened:
            sock.close()
    assert len(opened) > 20
    assert statistics.median(latencies) < max(0.1, 3 * unattacked), (unattacked, latencies)


def test_memory_stays_flat_over_distinct_misses(limited):
    """Every bounded cache is filled first, cheaply: decks of 1,000 distinct unknown names
    each, past the largest bound (CACHE_SIZE names) and past the did-you-mean answers' bound
    (MAX_SUGGESTED_NAMES a deck). Then the memory stays where it is over 4,000 requests: one
    in four from a foreign page (refused before any lookup), the others from this machine's
    tools, each a miss of a long new name and a did-you-mean search. With the name and
    did-you-mean caches unbounded it grows 1.6 MiB over them (tests/web/test_bounded_caches.py
    holds each known cache to its bound; this holds the whole server)."""
    addr = address(limited)
    rng = random.Random(24)
    conn = http.client.HTTPConnection(*addr, timeout=30)
    per_deck = 1_000
    decks = max(CACHE_SIZE, CACHED_SUGGESTIONS * per_deck // MAX_SUGGESTED_NAMES) // per_deck + 1
    for deck in range(decks):
        lines = "".join(
            f"1 qz{rng.randrange(10**30):030d}{deck:03d}{n:04d}\n" for n in range(per_deck)
        )
        conn.request("POST", "/api/validate", json.dumps({"deck": lines}).encode(), JSON)
        response = conn.getresponse()
        assert response.status == 200, response.read()[:200]
        response.read()
    # The decks' reports leave freed memory that new cache entries would fill unseen: a first
    # round of misses takes it up, and the memory is measured over the second.
    samples = {}
    for number in range(1, 7_001):
        # digits only (no card name is near), long enough that a cache of misses shows
        name = f"qz{rng.randrange(10**30):030d}{number:05d}"
        foreign = number > 3_000 and number % 4 == 0
        headers = {"Origin": "http://evil.example"} if foreign else {}
        conn.request("GET", f"/api/card?q={name}", headers=headers)
        response = conn.getresponse()
        answer = json.loads(response.read())
        if foreign:
            assert response.status == 403
        else:
            assert response.status == 200 and answer["cards"] == [], answer
        if number in (3_000, 7_000):
            samples[number] = limited.rss_mib()
    conn.close()
    if samples[3_000] is None:
        pytest.skip("no /proc: the server's memory cannot be read here")
    assert samples[7_000] - samples[3_000] < 1, samples
