"""uvicorn as `hlcg serve` runs it: bounded in time and in connections.

uvicorn closes a keep-alive connection that stays idle (``timeout_keep_alive``) but gives a
request no time limit: a client that sends half its headers or half its body and stalls
holds its connection (and, past the headers, a request slot) for ever, and a few hundred
such clients stop the server (a "slow loris"). ``TimedH11Protocol`` gives every request
``read_timeout`` seconds from its first byte to arrive whole, and a connection that sends
nothing ``IDLE_TIMEOUT`` seconds; then the connection is dropped. An answer sent before its
request's body was read (413, a 403 refusal) stops reading: the rest of the body is never
read, and the connection is closed after a moment that lets the client read the answer.

Connections are bounded per client address (``MAX_PER_CLIENT``) and in all
(``MAX_CONNECTIONS``). A connection past either bound takes the place of the same client's
(or anyone's) least recently used idle connection: one that has sent nothing, or only part
of a request (headers or body), or waits between requests. So hundreds of idle sockets
never keep a real request out; only when every connection is busy is the new one answered
503, with the app's security headers and ``Retry-After``, and closed. uvicorn's own
answers (its 400 for a request h11 cannot parse) carry the same headers.
"""

from __future__ import annotations

import asyncio
import json
import sys
from collections import OrderedDict
from typing import Any

try:
    import fcntl
    import termios
except ImportError:  # Windows: no FIONREAD on sockets here; every idle-looking one is idle
    termios = None  # type: ignore[assignment]

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from hlcg.web.guards import API_CACHE, SECURITY_HEADERS

# Seconds a request has to arrive whole (headers and body): a 1 MB deck takes
# milliseconds on this machine and well under a second on a local network.
READ_TIMEOUT = 5.0
# Seconds a connection may stay open without sending a byte, before its first request and
# between requests (keep-alive): a browser opens another in milliseconds on a local network.
IDLE_TIMEOUT = 2
# Connections open at once, in all and from one address, before idle ones are closed to
# make room (a backstop well under the descriptor limit); the app's own bounds on requests
# being answered are lower (app.py).
MAX_CONNECTIONS = 1000
MAX_PER_CLIENT = 100
# Seconds a connection whose answer went out before its body was read stays open, so the
# client reads the answer before the close.
LINGER = 0.5
# What a client is told to wait before trying again when every connection is busy.
RETRY_AFTER_SECONDS = 1


def raw_answer(status: int, reason: str, message: str, extra: dict[str, str]) -> bytes:
    """A whole HTTP/1.1 answer that closes its connection: the API's JSON error with the
    security headers, for answers given outside the app (the app never sees the request)."""
    body = json.dumps({"error": {"status": status, "message": message}}).encode()
    headers = {
        "Content-Type": "application/json",
        "Content-Length": str(len(body)),
        "Connection": "close",
        **SECURITY_HEADERS,
        "Cache-Control": API_CACHE,
        **extra,
    }
    head = f"HTTP/1.1 {status} {reason}\r\n" + "".join(f"{k}: {v}\r\n" for k, v in headers.items())
    return head.encode("latin-1") + b"\r\n" + body


BUSY_ANSWER = raw_answer(
    503,
    "Service Unavailable",
    "busy: every connection is answering a request; try again",
    {"Retry-After": str(RETRY_AFTER_SECONDS)},
)


class Connections:
    """The open connections of one server, least recently used first: in all and by client
    address (a connection is used when it is opened, sends, or is answered)."""

    def __init__(self) -> None:
        self.all: OrderedDict[TimedH11Protocol, None] = OrderedDict()
        self.by_client: dict[str, OrderedDict[TimedH11Protocol, None]] = {}

    def client(self, address: str) -> OrderedDict[TimedH11Protocol, None]:
        return self.by_client.get(address, OrderedDict())

    def add(self, conn: TimedH11Protocol) -> None:
        self.all[conn] = None
        self.by_client.setdefault(conn.address, OrderedDict())[conn] = None

    def used(self, conn: TimedH11Protocol) -> None:
        if conn in self.all:
            self.all.move_to_end(conn)
            self.by_client[conn.address].move_to_end(conn)

    def remove(self, conn: TimedH11Protocol) -> None:
        if conn in self.all:
            del self.all[conn]
            mine = self.by_client[conn.address]
            del mine[conn]
            if not mine:
                del self.by_client[conn.address]


def least_used_idle(held: OrderedDict[TimedH11Protocol, None]) -> TimedH11Protocol | None:
    """The least recently used idle connection with nothing waiting to be read (a system
    call each, in turn: the first idle one nearly always has nothing)."""
    return next((c for c in held if c.is_idle() and not c.bytes_waiting()), None)


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on reading each request, bounded connections
    and the app's headers on its own answers."""

    read_timeout = READ_TIMEOUT
    max_connections = MAX_CONNECTIONS
    max_per_client = MAX_PER_CLIENT
    open_connections = Connections()  # one for each server (server_config)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_deadline: asyncio.TimerHandle | None = None
        self.reading = False  # a request has begun and is not yet read whole
        self.refused = False  # answered 503 as it opened: closed after LINGER
        self.address = ""

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.address = self.client[0] if self.client else ""
        if not self.make_room():
            # answered and half-closed at once; what the client sends meanwhile is read and
            # dropped, so that the close is no reset that would lose the answer
            self.refused = True
            self.transport.write(BUSY_ANSWER)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.arm(LINGER)
            return
        self.open_connections.add(self)
        self.arm(min(IDLE_TIMEOUT, self.read_timeout))

    def make_room(self) -> bool:
        """Whether this new connection may stay: within both bounds, or after closing the
        least recently used idle connection of the bound it passes."""
        registry = self.open_connections
        for held, bound in (
            (registry.client(self.address), self.max_per_client),
            (registry.all, self.max_connections),
        ):
            if len(held) >= bound:
                idle = least_used_idle(held)
                if idle is None:
                    return False
                idle.drop()
        return True

    def is_idle(self) -> bool:
        """No answer is being worked out: no request yet (or none since the last), or one
        whose headers or body are still arriving (what a slow loris holds)."""
        return self.conn.their_state in (h11.IDLE, h11.SEND_BODY)

    def bytes_waiting(self) -> int:
        """Bytes the client sent that the event loop has not read yet (0 where the
        system cannot say). A connection accepted a moment ago whose request is already
        here (the event loop accepts a burst of connections before it reads any) is in
        use, not idle."""
        sock = self.transport.get_extra_info("socket")
        if termios is None or sock is None:
            return 0
        try:
            waiting = fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0\0\0\0")
        except OSError:
            return 0
        return int.from_bytes(waiting, sys.byteorder)

    def data_received(self, data: bytes) -> None:
        if self.refused:
            return
        self.open_connections.used(self)
        if self.conn.their_state is h11.IDLE and not self.reading:
            self.reading = True  # a request begins (on a kept-alive connection too)
            self.arm(self.read_timeout)
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self.reading = False
            self.disarm()  # read whole: the answer may take its time

    def on_response_complete(self) -> None:
        self.open_connections.used(self)
        super().on_response_complete()
        if self.conn.their_state is h11.SEND_BODY and not self.transport.is_closing():
            self.flow.pause_reading()
            self.arm(LINGER)

    def send_400_response(self, msg: str) -> None:
        """h11 could not parse the request: the API's JSON error, with the app's headers."""
        self.transport.write(raw_answer(400, "Bad Request", "malformed HTTP request", {}))
        self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        self.open_connections.remove(self)
        super().connection_lost(exc)

    def arm(self, seconds: float) -> None:
        self.disarm()
        self.read_deadline = self.loop.call_later(seconds, self.drop)

    def disarm(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def drop(self) -> None:
        """Too slow, or idle when room was needed: the connection is closed; a request
        being read sees a disconnect."""
        self.disarm()
        self.open_connections.remove(self)
        if not self.transport.is_closing():
            self.transport.close()


def server_config(
    app: Any,
    read_timeout: float = READ_TIMEOUT,
    max_connections: int = MAX_CONNECTIONS,
    max_per_client: int = MAX_PER_CLIENT,
) -> uvicorn.Config:
    """The uvicorn configuration of `hlcg serve` (quiet: the URL is all it prints)."""
    bounds = {
        "read_timeout": read_timeout,
        "max_connections": max_connections,
        "max_per_client": max_per_client,
        "open_connections": Connections(),
    }
    protocol = type("TimedH11Protocol", (TimedH11Protocol,), bounds)
    return uvicorn.Config(
        app,
        http=protocol,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_keep_alive=IDLE_TIMEOUT,
        # the bounds above say what happens past them: uvicorn's own would answer a bare 503
        limit_concurrency=None,
    )
