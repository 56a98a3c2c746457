"""Load test of `hlcg serve`: many validations from concurrent clients over real HTTP.

    python benchmarks/web_load.py                      # 1,000 validations, 50 clients
    python benchmarks/web_load.py --total 5000 --clients 100

Starts `hlcg serve --port 0` on 127.0.0.1 (or uses --url), then each client thread keeps
one HTTP/1.1 connection open and posts example decks to /api/validate in turn. Every
answer must be 200 with the report of the deck sent; anything else counts as an error.
Prints requests/s and p50/p99 latency; exits 1 on any error or when --max-seconds passes.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import signal
import statistics
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


def run_load(url: str, total: int = 1000, clients: int = 50, timeout: float = 30.0) -> LoadResult:
    """``total`` POST /api/validate spread over ``clients`` threads, each on its own
    keep-alive connection."""
    parts = urlsplit(url)
    host, port = parts.hostname or "127.0.0.1", parts.port or 80
    bodies = example_requests()
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

    def stop(self) -> tuple[int, str]:
        """Ctrl-C, as a user stops it: (exit code, what it printed on stderr)."""
        self.process.send_signal(signal.SIGINT)
        try:
            _, err = self.process.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            self.process.kill()
            _, err = self.process.communicate()
        return self.process.returncode, err


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--total", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--max-seconds", type=float, default=60.0)
    parser.add_argument("--url", help="A running server; default: start hlcg serve here.")
    args = parser.parse_args(argv)
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
