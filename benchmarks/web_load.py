"""Load test of `hlcg serve`: many validations from concurrent clients over real HTTP.

    python benchmarks/web_load.py                      # 1,000 validations, 50 clients
    python benchmarks/web_load.py --total 5000 --clients 100
    python benchmarks/web_load.py --figures            # the goals: 1 and 10 clients, memory

Starts `hlcg serve --port 0` on 127.0.0.1 (or uses --url), then each client thread keeps
one HTTP/1.1 connection open and posts example decks to /api/validate in turn. Every
answer must be 200 with the report of the deck sent; anything else counts as an error.
Prints requests/s and p50/p99 latency; exits 1 on any error or when --max-seconds passes.

``--figures`` measures what issue 22 asks of the server: p50 for one client (goal under
5 ms) and p99 for ten (goal under 50 ms), then the server's resident memory over 20,000
requests that each name a card nobody has named before (goal: flat once the bounded
caches are full).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import string
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent


class LoadResult(NamedTuple):
    total: int
    clients: int
    errors: list[str]
    latencies: list[float]  # seconds, one per successful request
    seconds: float

    @property
    def p50_ms(self) -> float:
        return 1000 * statistics.median(self.latencies)

    @property
    def p99_ms(self) -> float:
        ordered = sorted(self.latencies)
        return 1000 * ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]

    def summary(self) -> str:
        done = len(self.latencies)
        return (
            f"{done} of {self.total} validations from {self.clients} concurrent clients in "
            f"{self.seconds:.2f} s ({done / self.seconds:.0f}/s): p50 {self.p50_ms:.1f} ms, "
            f"p99 {self.p99_ms:.1f} ms, {len(self.errors)} error(s)"
        )


def example_requests() -> list[tuple[bytes, str]]:
    """(request body, expected report path) for every example deck, valid and invalid."""
    paths = sorted((ROOT / "examples" / "decks").glob("*/*.txt"))
    paths += sorted((ROOT / "examples" / "tournament").glob("*.*"))
    out = []
    for path in paths:
        name = str(path.relative_to(ROOT))
        body = {"deck": path.read_text(encoding="utf-8"), "filename": name}
        out.append((json.dumps(body).encode("utf-8"), name))
    return out


def unknown_card_requests(count: int, seed: int = 22) -> list[tuple[bytes, str]]:
    """(request body, expected report path) for ``count`` small decks, each naming one
    card no other names (and no catalogue holds): every one a miss and a fuzzy search."""
    rng = random.Random(seed)
    out = []
    for number in range(count):
        name = "".join(rng.choice(string.ascii_lowercase) for _ in range(10)) + f" {number}"
        deck = f"Persona: Duncan MacLeod\nEndurance:\n1 Dodge\n1 {name}\n"
        out.append((json.dumps({"deck": deck}).encode("utf-8"), "deck.txt"))
    return out


def run_load(
    url: str,
    total: int = 1000,
    clients: int = 50,
    timeout: float = 30.0,
    bodies: list[tuple[bytes, str]] | None = None,
) -> LoadResult:
    """``total`` POST /api/validate spread over ``clients`` threads, each on its own
    keep-alive connection; the example decks in turn unless ``bodies`` are given."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    bodies = bodies or example_requests()
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    counter = iter(range(total))
    start_gate = threading.Barrier(clients)

    def client() -> None:
        conn = http.client.HTTPConnection(host, port, timeout=timeout)
        start_gate.wait()
        while True:
            with lock:
                number = next(counter, None)
            if number is None:
                break
            body, path = bodies[number % len(bodies)]
            began = time.perf_counter()
            try:
                conn.request("POST", "/api/validate", body, {"Content-Type": "application/json"})
                response = conn.getresponse()
                data = response.read()
                elapsed = time.perf_counter() - began
                if response.status != 200:
                    problem = f"HTTP {response.status}: {data[:200]!r}"
                elif json.loads(data)["decks"][0]["path"] != path:
                    problem = f"wrong report for {path}"
                else:
                    problem = None
            except (OSError, http.client.HTTPException, ValueError) as exc:
                elapsed, problem = 0.0, f"{type(exc).__name__}: {exc}"
                conn.close()
                conn = http.client.HTTPConnection(host, port, timeout=timeout)
            with lock:
                if problem:
                    errors.append(problem)
                else:
                    latencies.append(elapsed)
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    began = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return LoadResult(total, clients, errors, latencies, time.perf_counter() - began)


class Server:
    """`hlcg serve --port 0` in a child process; the URL is the first line it prints."""

    def __init__(self, *extra: str) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "hlcg", "serve", "--port", "0", *extra],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.process.stdout is not None
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http://"):
            self.process.kill()
            raise RuntimeError(f"hlcg serve did not start: {self.process.stderr.read()}")  # type: ignore[union-attr]

    def stop(self, how: signal.Signals = signal.SIGINT) -> tuple[int, str]:
        """Ctrl-C, as a user stops it (or ``how``, SIGTERM as `kill` does): (exit code, what
        it printed on stderr)."""
        self.process.send_signal(how)
        try:
            _, err = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return self.process.returncode, err

    def rss_mib(self) -> float | None:
        """The server's resident memory now, from /proc (None where there is none)."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text(encoding="ascii")
        except OSError:
            return None
        kib = next((line.split()[1] for line in status.splitlines() if line[:6] == "VmRSS:"), None)
        return int(kib) / 1024 if kib else None


class Figures(NamedTuple):
    one: LoadResult  # one client
    ten: LoadResult  # ten clients
    memory: list[tuple[int, float]]  # (requests answered, server RSS in MiB)
    memory_errors: int

    def lines(self) -> list[str]:
        out = [
            f"POST /api/validate, 1 client: p50 {self.one.p50_ms:.1f} ms "
            f"(goal < 5 ms: {'met' if self.one.p50_ms < 5 else 'MISSED'}), "
            f"{len(self.one.latencies) / self.one.seconds:.0f} requests/s",
            f"POST /api/validate, 10 clients: p99 {self.ten.p99_ms:.1f} ms "
            f"(goal < 50 ms: {'met' if self.ten.p99_ms < 50 else 'MISSED'}), "
            f"p50 {self.ten.p50_ms:.1f} ms, {len(self.ten.latencies) / self.ten.seconds:.0f}"
            " requests/s",
        ]
        if self.memory:
            (first_n, first), (last_n, last) = self.memory[0], self.memory[-1]
            middle_n, middle = self.memory[len(self.memory) // 2]
            out.append(
                f"server memory over {last_n:,} requests each naming a new unknown card: "
                f"{first:.1f} MiB after {first_n:,}, {middle:.1f} after {middle_n:,}, "
                f"{last:.1f} after {last_n:,} (+{last - middle:.1f} MiB over the last "
                f"{last_n - middle_n:,}; goal: flat), {self.memory_errors} error(s)"
            )
        else:
            out.append("server memory: not measured (no /proc on this system)")
        errors = len(self.one.errors) + len(self.ten.errors) + self.memory_errors
        out.append(f"errors: {errors}")
        return out


def memory_over(server: Server, requests: int, step: int) -> tuple[list[tuple[int, float]], int]:
    """The server's RSS after every ``step`` of ``requests`` distinct-unknown-card decks."""
    bodies = unknown_card_requests(requests)
    samples: list[tuple[int, float]] = []
    errors = 0
    for start in range(0, requests, step):
        result = run_load(server.url, step, 4, bodies=bodies[start : start + step])
        errors += len(result.errors)
        rss = server.rss_mib()
        if rss is None:
            return [], errors
        samples.append((start + step, rss))
    return samples, errors


def measure_figures(requests: int = 1000, memory_requests: int = 20_000) -> Figures:
    """The server's goals, each from a fresh `hlcg serve`: latency, then memory (sampled
    after every tenth of the requests)."""
    step = max(1, memory_requests // 10)
    server = Server()
    try:
        run_load(server.url, 50, 1)  # warm: first requests import the report modules
        one = run_load(server.url, requests, 1)
        ten = run_load(server.url, requests, 10)
    finally:
        server.stop()
    server = Server()
    try:
        memory, errors = memory_over(server, memory_requests, step)
    finally:
        server.stop()
    return Figures(one, ten, memory, errors)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--total", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--max-seconds", type=float, default=60.0)
    parser.add_argument("--url", help="A running server; default: start hlcg serve here.")
    parser.add_argument("--figures", action="store_true", help="Measure the server's goals.")
    parser.add_argument("--memory-requests", type=int, default=20_000)
    args = parser.parse_args(argv)
    if args.figures:
        figures = measure_figures(args.total, args.memory_requests)
        print("hlcg serve figures")
        for line in figures.lines():
            print("  " + line)
        return 1 if figures.lines()[-1] != "errors: 0" else 0
    server = None if args.url else Server()
    url = args.url or server.url  # type: ignore[union-attr]
    try:
        result = run_load(url, args.total, args.clients)
    finally:
        if server is not None:
            server.stop()
    print(f"hlcg serve load test against {url}")
    print("  " + result.summary())
    for error in result.errors[:10]:
        print(f"  error: {error}")
    if result.seconds > args.max_seconds:
        print(f"  over the {args.max_seconds:.0f} s bound")
        return 1
    return 1 if result.errors else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
