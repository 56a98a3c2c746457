"""`hlcg serve` as a command: its options, its errors, and that nobody else pays for it."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

from typer.testing import CliRunner

from hlcg.cli.app import app

ROOT = Path(__file__).resolve().parent.parent.parent


def imported_modules(*args: str) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "hlcg", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    return {
        line.split("|")[-1].strip()
        for line in result.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    }


def test_other_commands_do_not_import_the_web_stack():
    deck = "examples/decks/valid/duncan-katana-type-two.txt"
    for args in (("validate", deck), ("card", "katana"), ("search", "t:persona")):
        modules = imported_modules(*args)
        assert "hlcg.cli.app" in modules  # the measurement works
        loaded = {m for m in modules if m.split(".")[0] in {"starlette", "uvicorn", "anyio"}}
        loaded |= {m for m in modules if m.startswith(("hlcg.web", "hlcg.cli.serve"))}
        assert loaded == set(), args


def test_serve_without_the_web_extra_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # as if not installed
    result = CliRunner().invoke(app, ["serve", "--port", "0"])
    assert result.exit_code == 2
    assert "hlcg serve needs the web extra (uvicorn is missing): pip install 'hlcg[web]'" in (
        result.output
    )


def test_serve_on_a_busy_port_is_a_clear_error():
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert f"hlcg: error: cannot listen on 127.0.0.1:{port}: Address already in use" in (
        result.output
    )


def test_serve_help_lists_its_options():
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for option in ("--host", "--port", "--db", "--open"):
        assert option in result.output


def test_serve_prints_its_url_serves_and_stops_on_a_signal(server):
    assert server.url.startswith("http://127.0.0.1:")
    with urllib.request.urlopen(server.url + "api/formats", timeout=10) as response:
        assert response.status == 200
    # the fixture stops it with SIGTERM, test_server_limits.py's with SIGINT (Ctrl-C); each
    # asserts exit code 0, no traceback and the goodbye line


def test_accepted_connections_send_without_waiting_for_an_ack():
    """Nagle's algorithm is off on every connection the server's socket accepts: with it on,
    each keep-alive answer waits about 40 ms for the client's delayed ACK. asyncio (which
    uvicorn serves with) turns it off only on sockets whose protocol says TCP."""
    import asyncio

    from hlcg.cli.serve import bind

    async def accepted_nodelay() -> int:
        found: asyncio.Future[int] = asyncio.get_running_loop().create_future()

        def connected(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            sock = writer.get_extra_info("socket")
            found.set_result(sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY))
            writer.close()

        listening = bind("127.0.0.1", 0)
        server = await asyncio.start_server(connected, sock=listening)
        async with server:
            _, writer = await asyncio.open_connection(*listening.getsockname())
            value = await asyncio.wait_for(found, 10)
            writer.close()
        return value

    # In a thread of its own: the browser tests' driver may hold this thread's event loop.
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=1) as pool:
        assert pool.submit(asyncio.run, accepted_nodelay()).result(timeout=30) != 0
