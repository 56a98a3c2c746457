"""Overload test of `hlcg serve`: a normal client's latency and the server's memory while
others hold idle connections or post hostile decks.

    python benchmarks/web_overload.py                  # no load, then both loads, 10 s each
    python benchmarks/web_overload.py --load idle --seconds 20

Starts `hlcg serve --port 0` on 127.0.0.1 for each load, then, while the load runs, a
normal client posts an example deck to /api/validate on a new connection (as curl or a
script does) ten times a second, and the server's resident memory is sampled (its peak
is reported). The loads, as issue 36 describes them, after a run with none (the
machine's own noise):

- ``idle``: 500 TCP connections opened and held without a byte sent; those the server
  drops are opened again every ``REOPEN_INTERVAL`` seconds (as slowloris-like tools do).
- ``hostile``: 64 clients, each posting again and again a 1 MB deck of 19,000 names no
  card has (each a did-you-mean search: seconds of work), on its own connection.

The goals: the normal client's p99 under 500 ms and the server under 200 MB. Every
normal request must be answered 200 with its report; anything else counts as a failure.
Exits 1 when a goal is missed or a normal request fails.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import socket
import string
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

sys.path.insert(0, str(Path(__file__).resolve().parent))
from web_load import Server, example_requests  # noqa: E402

IDLE_SOCKETS = 500
HOSTILE_CLIENTS = 64
P99_GOAL_MS = 500
MEMORY_GOAL_MIB = 200
NORMAL_INTERVAL = 0.1  # seconds between the normal client's requests
REOPEN_INTERVAL = 1.0


class Outcome(NamedTuple):
    load: str
    latencies: list[float]  # seconds, the normal client's answered requests
    failures: list[str]
    peak_mib: float | None
    load_answers: dict[str, int]  # what the load itself got back, by status

    @property
    def p99_ms(self) -> float:
        ordered = sorted(self.latencies) or [float("inf")]
        return 1000 * ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

    @property
    def met(self) -> bool:
        memory_ok = self.peak_mib is None or self.peak_mib < MEMORY_GOAL_MIB
        return not self.failures and self.p99_ms < P99_GOAL_MS and memory_ok

    def line(self) -> str:
        median = 1000 * sorted(self.latencies)[len(self.latencies) // 2] if self.latencies else 0
        memory = "not measured" if self.peak_mib is None else f"{self.peak_mib:.0f} MiB"
        answers = ", ".join(f"{k}: {v}" for k, v in sorted(self.load_answers.items()))
        return (
            f"{self.load}: normal client {len(self.latencies)} of "
            f"{len(self.latencies) + len(self.failures)} answered, p50 {median:.0f} ms, "
            f"p99 {self.p99_ms:.0f} ms (goal < {P99_GOAL_MS}); server peak {memory} "
            f"(goal < {MEMORY_GOAL_MIB}); the load got {answers or 'nothing'}; "
            f"{'met' if self.met else 'MISSED'}"
        )


def hostile_body(seed: int) -> bytes:
    rng = random.Random(seed)
    names = ("".join(rng.choice(string.ascii_lowercase) for _ in range(48)) for _ in range(19_000))
    return json.dumps({"deck": "\n".join(f"1 {name}" for name in names)}).encode()


def idle_load(addr: tuple[str, int], stop: threading.Event, answers: dict[str, int]) -> None:
    held: list[socket.socket] = []
    while not stop.is_set():
        try:
            while len(held) < IDLE_SOCKETS and not stop.is_set():
                held.append(socket.create_connection(addr, timeout=5))
        except OSError as exc:
            answers[type(exc).__name__] = answers.get(type(exc).__name__, 0) + 1
        # drop the sockets the server closed, so they are opened again
        for sock in list(held):
            sock.setblocking(False)
            try:
                if sock.recv(1 << 16) == b"":
                    raise ConnectionResetError
            except BlockingIOError:
                continue
            except OSError:
                pass
            answers["dropped by the server"] = answers.get("dropped by the server", 0) + 1
            held.remove(sock)
            sock.close()
        stop.wait(REOPEN_INTERVAL)
    for sock in held:
        sock.close()


def hostile_load(addr: tuple[str, int], stop: threading.Event, answers: dict[str, int]) -> None:
    body = hostile_body(len(answers))
    conn = http.client.HTTPConnection(*addr, timeout=120)
    while not stop.is_set():
        try:
            conn.request("POST", "/api/validate", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            response.read()
            key = str(response.status)
            if response.will_close:
                conn.close()
        except (OSError, http.client.HTTPException) as exc:
            key = type(exc).__name__
            conn.close()
            time.sleep(0.1)
        answers[key] = answers.get(key, 0) + 1
        conn = http.client.HTTPConnection(*addr, timeout=120) if conn.sock is None else conn
    conn.close()


def normal_client(addr: tuple[str, int], seconds: float) -> tuple[list[float], list[str]]:
    body, path = example_requests()[0]
    latencies: list[float] = []
    failures: list[str] = []
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        began = time.perf_counter()
        conn = http.client.HTTPConnection(*addr, timeout=60)
        try:
            conn.request("POST", "/api/validate", body, {"Content-Type": "application/json"})
            response = conn.getresponse()
            data = response.read()
            if response.status != 200 or json.loads(data)["decks"][0]["path"] != path:
                failures.append(f"HTTP {response.status}: {data[:120]!r}")
            else:
                latencies.append(time.perf_counter() - began)
        except (OSError, http.client.HTTPException, ValueError) as exc:
            failures.append(f"{type(exc).__name__}: {exc}")
        finally:
            conn.close()
        time.sleep(max(0.0, NORMAL_INTERVAL - (time.perf_counter() - began)))
    return latencies, failures


def attack(load: str, url: str, seconds: float) -> dict[str, int]:
    """Run ``load`` against ``url`` for ``seconds``: what it got back, by status."""
    parts = urlsplit(url)
    addr = (parts.hostname or "127.0.0.1", parts.port or 80)
    stop = threading.Event()
    answers: list[dict[str, int]] = [{} for _ in range(HOSTILE_CLIENTS)]
    if load == "idle":
        threads = [threading.Thread(target=idle_load, args=(addr, stop, answers[0]))]
    else:
        threads = [threading.Thread(target=hostile_load, args=(addr, stop, a)) for a in answers]
    for thread in threads:
        thread.start()
    stop.wait(seconds)
    stop.set()
    for thread in threads:
        thread.join(130)
    total: dict[str, int] = {}
    for mine in answers:
        for key, count in mine.items():
            total[key] = total.get(key, 0) + count
    return total


def run(load: str, seconds: float) -> Outcome:
    """The normal client against a fresh server while ``load`` runs in a process of its
    own (its threads would otherwise slow the normal client's own interpreter)."""
    server = Server()
    parts = urlsplit(server.url)
    addr = (parts.hostname or "127.0.0.1", parts.port or 80)
    stop = threading.Event()
    peak: list[float] = []

    def sample_memory() -> None:
        while not stop.is_set():
            rss = server.rss_mib()
            if rss is not None:
                peak.append(rss)
            time.sleep(0.05)

    sampler = threading.Thread(target=sample_memory)
    attacker = None
    if load != "none":
        attacker = subprocess.Popen(
            [sys.executable, __file__, "--attack", load, server.url, str(seconds + 1)],
            stdout=subprocess.PIPE,
            text=True,
        )
    try:
        sampler.start()
        time.sleep(1.0)  # the load in place before the normal client starts
        latencies, failures = normal_client(addr, seconds)
        answers = json.loads(attacker.communicate(timeout=180)[0]) if attacker else {}
    finally:
        if attacker is not None and attacker.poll() is None:
            attacker.kill()
        stop.set()
        sampler.join()
        server.stop()
    return Outcome(load, latencies, failures, max(peak) if peak else None, answers)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--load", choices=("none", "idle", "hostile", "all"), default="all")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--attack", nargs=3, metavar=("LOAD", "URL", "SECONDS"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.attack:
        load, url, seconds = args.attack
        print(json.dumps(attack(load, url, float(seconds))))
        return 0
    loads = ("none", "idle", "hostile") if args.load == "all" else (args.load,)
    print("hlcg serve under overload")
    met = True
    for load in loads:
        outcome = run(load, args.seconds)
        print("  " + outcome.line(), flush=True)
        for failure in outcome.failures[:5]:
            print(f"    failure: {failure}")
        met = met and outcome.met
    return 0 if met else 1


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
