"""A bounded load test of `hlcg serve` on 127.0.0.1: concurrent clients over real HTTP.

The full benchmark (1,000 validations from 50 clients, p50/p99) is
`python benchmarks/web_load.py`; this runs the same client with fewer requests so the
suite stays fast, and still asks for zero errors.
"""

from __future__ import annotations

TOTAL = 300
CLIENTS = 50
MAX_SECONDS = 60


def test_concurrent_validations_all_succeed(server, web_load):
    result = web_load.run_load(server.url, TOTAL, CLIENTS)
    print(result.summary())
    assert result.errors == []
    assert len(result.latencies) == TOTAL
    assert result.seconds < MAX_SECONDS, result.summary()


def test_the_server_keeps_serving_after_hostile_requests(server, web_load):
    import http.client
    from urllib.parse import urlsplit

    parts = urlsplit(server.url)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("POST", "/api/validate", b"x" * (2 * 1024 * 1024))
    assert conn.getresponse().status == 413
    conn.close()
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    conn.request("POST", "/api/validate", b"{broken", {"Content-Type": "application/json"})
    response = conn.getresponse()
    assert response.status == 400
    assert b"malformed JSON" in response.read()
    conn.close()
    result = web_load.run_load(server.url, 20, 5)
    assert result.errors == []


def test_a_slow_hostile_deck_does_not_stop_other_clients(server):
    import http.client
    import json
    import random
    import string
    import threading
    import time
    from urllib.parse import urlsplit

    parts = urlsplit(server.url)
    rng = random.Random(7)
    # 19,000 unknown names (just under the 20,000-line limit and the 1 MB body limit): each
    # gets a did-you-mean search, seconds of work
    names = ("".join(rng.choice(string.ascii_lowercase) for _ in range(30)) for _ in range(19_000))
    body = json.dumps({"deck": "\n".join(f"1 {n}" for n in names)}).encode()
    finished: dict[str, float] = {}

    def hostile() -> None:
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
        conn.request("POST", "/api/validate", body, {"Content-Type": "application/json"})
        response = conn.getresponse()
        response.read()
        finished["hostile"] = time.perf_counter()
        finished["hostile status"] = response.status
        conn.close()

    thread = threading.Thread(target=hostile)
    thread.start()
    time.sleep(0.3)
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    conn.request("GET", "/api/card?q=Dodge")
    assert conn.getresponse().status == 200
    finished["other"] = time.perf_counter()
    conn.close()
    thread.join()
    assert finished["hostile status"] == 200
    assert finished["other"] < finished["hostile"]
