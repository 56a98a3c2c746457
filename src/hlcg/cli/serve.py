"""`hlcg serve`: the deck checker and card browser as a local web page (needs `hlcg[web]`)."""

import signal
import socket
import sys
from pathlib import Path
from types import FrameType
from typing import Annotated

import typer

from hlcg.cli import long_run
from hlcg.cli.common import DbOption, guarded, load_catalogue
from hlcg.errors import UsageError

# Seconds a thread holds the interpreter before another may run (Python's default: 0.005).
SWITCH_INTERVAL = 0.001


def bind(host: str, port: int) -> socket.socket:
    """A listening socket; bound here so that port 0 picks a free port we can print.

    Its protocol is named (IPPROTO_TCP, not 0): asyncio turns Nagle's algorithm off only
    on accepted sockets whose protocol says TCP, and with it on, every keep-alive answer
    waits about 40 ms for the client's delayed ACK. TCP_NODELAY is also set here, for the
    platforms whose accepted sockets inherit it and event loops that do not set it."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError(f"cannot listen on {host}:{port}: {exc.strerror}") from None
    sock.listen(128)
    return sock


@guarded
def serve_command(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on; loopback keeps it private.")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", min=0, max=65535, help="Port (0 picks a free one).")
    ] = 8000,
    db: DbOption = None,
    open_browser: Annotated[
        bool, typer.Option("--open", help="Open the page in the default web browser.")
    ] = False,
    read_timeout: Annotated[
        float,
        typer.Option(
            "--read-timeout",
            min=0.1,
            max=600,
            help="Seconds a request has to arrive whole; a slower client is dropped.",
        ),
    ] = 5.0,
    event: Annotated[
        Path | None,
        typer.Option(
            "--event",
            help="An event file: adds the verify view at /event (hlcg event verify on the page).",
            show_default=False,
        ),
    ] = None,
) -> None:
    """Serve the deck checker, card browser and JSON API as a local web page.

    Prints the URL, then serves until Ctrl-C. Needs the web extra:
    `pip install 'hlcg[web]'`. The API is described in docs/web.md.
    """
    if event is not None and host not in ("127.0.0.1", "::1", "localhost"):
        # an event file holds the players' names and decks: it is served to this machine only
        raise UsageError(f"--event serves on loopback only (127.0.0.1 or ::1), not {host}")
    try:
        import uvicorn

        from hlcg.web import create_app, server_config
    except ImportError as exc:
        raise UsageError(
            f"hlcg serve needs the web extra ({exc.name} is missing): pip install 'hlcg[web]'"
        ) from None
    from hlcg.catalog import resolve_path

    # The card panel records into the catalogue served where it may (hlcg.web.recording).
    app = create_app(load_catalogue(db), host, record_into=resolve_path(db), event=event)
    long_run()  # a server lives long: Python's own collector pace (hlcg.cli)
    sock = bind(host, port)
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{sock.getsockname()[1]}/"
    typer.echo(f"hlcg serving on {url} (Ctrl-C stops)", err=True)
    typer.echo(url)
    if event is not None:
        typer.echo(f"verify at the table: {url}event ({event})", err=True)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    # SIGTERM (`kill`, a service manager) stops it as Ctrl-C does: uvicorn finishes the
    # requests in hand, then raises the signal again once its own handler is gone.
    signal.signal(signal.SIGTERM, stop_on_signal)
    # A large deck's check holds the interpreter in a worker thread; handing it back to the
    # event loop every millisecond (not every 5) keeps the others' answers quick meanwhile.
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        uvicorn.Server(server_config(app, read_timeout)).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
    typer.echo("hlcg serve: stopped", err=True)


def stop_on_signal(signum: int, frame: FrameType | None) -> None:
    raise KeyboardInterrupt
