"""uvicorn as `hlcg serve` runs it: bounded in time and in connections.

uvicorn closes a keep-alive connection that stays idle (``timeout_keep_alive``) but gives a
request no time limit: a client that sends half its headers or half its body and stalls
holds its connection (and, past the headers, a request slot) for ever, and a few hundred
such clients stop the server (a "slow loris"). ``TimedH11Protocol`` gives every request
``read_timeout`` seconds from its first byte (or from the connection's opening) to arrive
whole; then the connection is dropped. An answer sent before its request's body was read
(413, a 403 refusal) stops reading: the rest of the body is never read, and the connection
is closed after a moment that lets the client read the answer.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

# Seconds a request has to arrive whole (headers and body): a 1 MB deck takes
# milliseconds on this machine and well under a second on a local network.
READ_TIMEOUT = 5.0
# Seconds an idle keep-alive connection stays open (uvicorn's default, said here).
KEEP_ALIVE_TIMEOUT = 5
# Connections and requests at once before uvicorn answers 503: a backstop under the
# descriptor limit; the app's own bound on requests being answered is lower (guards.py).
MAX_CONNECTIONS = 500
# Seconds a connection whose answer went out before its body was read stays open, so the
# client reads the answer before the close.
LINGER = 0.5


class TimedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline on reading each request."""

    read_timeout = READ_TIMEOUT

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read_deadline: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.arm(self.read_timeout)

    def data_received(self, data: bytes) -> None:
        if self.read_deadline is None and self.conn.their_state is h11.IDLE:
            self.arm(self.read_timeout)  # a new request on a kept-alive connection
        super().data_received(data)
        if self.conn.their_state not in (h11.IDLE, h11.SEND_BODY):
            self.disarm()  # read whole: the answer may take its time

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.conn.their_state is h11.SEND_BODY and not self.transport.is_closing():
            self.flow.pause_reading()
            self.arm(LINGER)

    def connection_lost(self, exc: Exception | None) -> None:
        self.disarm()
        super().connection_lost(exc)

    def arm(self, seconds: float) -> None:
        self.disarm()
        self.read_deadline = self.loop.call_later(seconds, self.drop)

    def disarm(self) -> None:
        if self.read_deadline is not None:
            self.read_deadline.cancel()
            self.read_deadline = None

    def drop(self) -> None:
        """Too slow: the connection is closed; a request being read sees a disconnect."""
        self.read_deadline = None
        if not self.transport.is_closing():
            self.transport.close()


def server_config(app: Any, read_timeout: float = READ_TIMEOUT) -> uvicorn.Config:
    """The uvicorn configuration of `hlcg serve` (quiet: the URL is all it prints)."""
    protocol = type("TimedH11Protocol", (TimedH11Protocol,), {"read_timeout": read_timeout})
    return uvicorn.Config(
        app,
        http=protocol,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_keep_alive=KEEP_ALIVE_TIMEOUT,
        limit_concurrency=MAX_CONNECTIONS,
    )
