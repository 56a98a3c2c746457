"""The Starlette application: the deck page, its static files and the JSON API.

Hostile input: bodies over ``MAX_BODY_BYTES`` get 413 before they are read, bodies that say
they are not JSON 415, malformed JSON and bad fields 400 with a message, an unreadable deck
422. Every API error is ``{"error": {"status", "message"}}``
(``schemas/api-error.schema.json``) and every browser error a page; no traceback reaches a
client. The page builds its DOM with ``textContent`` and the Content-Security-Policy
forbids inline script, so a card name or deck line holding ``<script>`` renders as text. A
client's file name only labels a report: nothing is opened.

Deck checks and searches run in worker threads: a check takes milliseconds, but a hostile
deck near the body limit (20,000 unknown names) takes seconds, and the other clients are
served meanwhile; such large bodies are answered one at a time (``LARGE_AT_ONCE``). The
shared catalogue is read-only; its lazily built indexes are built once at start-up
(``Service`` warms them).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from hlcg.catalog import Catalogue
from hlcg.web.guards import API_CACHE, SECURITY_HEADERS, Guard, error_response
from hlcg.web.recording import Recording
from hlcg.web.schema import (
    AddRequest,
    ConvertRequest,
    DeckRequest,
    DiffRequest,
    FillRequest,
    OddsRequest,
)
from hlcg.web.service import DEFAULT_COMPLETIONS, ApiError, Service
from hlcg.wording import field_name, json_fault, validation_message

M = TypeVar("M", bound=BaseModel)
R = TypeVar("R")

MAX_BODY_BYTES = 1024 * 1024
MAX_QUERY_CHARS = 1000
# Answers worked out at once, or waiting for one of the 40 worker threads (anyio's
# default; a deck check takes milliseconds): ample for a player's browser and a club's
# tools (the load test's 50 clients), and a bound on what a flood of requests holds.
MAX_BUSY = 64
# A body over this many bytes is a large request (a real deck is a few KB; a hostile one
# of 20,000 unknown names near MAX_BODY_BYTES takes seconds): LARGE_AT_ONCE of them are read
# and answered at once, the others refused 503 before their body is read. So a flood of
# large decks holds one worker thread and a megabyte, and the small requests of everyone
# else are answered meanwhile.
LARGE_BODY_BYTES = 64 * 1024
LARGE_AT_ONCE = 1
STATIC = Path(__file__).parent / "static"


def refuse_oversized(request: Request) -> None:
    """413 for a body whose Content-Length says it is over the limit."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise ApiError(413, f"request body over the {MAX_BODY_BYTES} byte limit")


async def read_body(request: Request) -> bytes:
    """The body, refused with 413 as soon as it passes the limit (never read whole)."""
    refuse_oversized(request)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise ApiError(413, f"request body over the {MAX_BODY_BYTES} byte limit")
    return bytes(body)


def is_json(content_type: str) -> bool:
    """`application/json` or a `+json` type, with or without parameters (a charset)."""
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


def refuse_by_headers(request: Request) -> None:
    """What the headers alone refuse, unread: a body over the limit (413), one that says it
    is not JSON (415)."""
    refuse_oversized(request)
    content_type = request.headers.get("content-type", "")
    if not is_json(content_type):
        said = f"Content-Type {content_type!r}" if content_type else "no Content-Type"
        raise ApiError(415, f"a JSON body is expected (application/json), not {said}")


async def parse_request(request: Request, model: type[M]) -> M:
    """The body as ``model``, after what its headers refuse."""
    refuse_by_headers(request)
    body = await read_body(request)
    try:
        data = json.loads(body)
    except UnicodeDecodeError as exc:  # said in our words, not the codec's
        raise ApiError(
            400,
            f"malformed JSON: not UTF-8 text (byte 0x{exc.object[exc.start]:02x} at offset "
            f"{exc.start}); send the body as UTF-8",
        ) from None
    except json.JSONDecodeError as exc:  # json's own words are not passed on either
        raise ApiError(400, f"malformed JSON: {json_fault(exc)}") from None
    except ValueError:  # the one other: Python reads no integer of over 4,300 digits
        raise ApiError(400, "malformed JSON: a number has more digits than can be read") from None
    except RecursionError:
        raise ApiError(400, "malformed JSON: nested too deeply") from None
    try:
        parsed = model.model_validate(data)
    except ValidationError as exc:
        located = "; ".join(
            f"{field_name(e['loc'], 'body')}: {validation_message(e)}" for e in exc.errors()
        )
        raise ApiError(400, f"bad request: {located}") from None
    # JSON's \ud800 escapes decode to lone surrogates, which no UTF-8 text holds.
    for field, value in text_fields(parsed):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            raise ApiError(
                400, f"bad request: {field}: lone surrogate {value[exc.start]!r} is not text"
            ) from None
    return parsed


def text_fields(model: BaseModel) -> Iterator[tuple[str, str]]:
    """Each string field of a request, those of the requests it holds too (a diff's sides)."""
    for field, value in model:
        if isinstance(value, str):
            yield field, value
        elif isinstance(value, BaseModel):
            yield from text_fields(value)


def query(request: Request, name: str = "q") -> str:
    text = request.query_params.get(name, "")
    if len(text) > MAX_QUERY_CHARS:
        raise ApiError(400, f"{name}: over {MAX_QUERY_CHARS} characters")
    return text


def optional(request: Request, name: str) -> str | None:
    """A query parameter that may be absent (None), as a request body's optional field."""
    return query(request, name) if name in request.query_params else None


def number(request: Request, name: str, default: int) -> int:
    text = request.query_params.get(name)
    if text is None:
        return default
    if not (text.isascii() and text.isdigit()) or len(text) > 6:
        raise ApiError(400, f"{name}: {text[:20]!r} is not a whole number")
    return int(text)


class WorkSlots:
    """At most ``limit`` answers worked out at once in worker threads; a request beyond
    them gets 503 at once, rather than a queue that grows with a flood of requests. Only
    requests read whole take a slot: a client still sending (or stalling) holds none.
    Large requests (``large`` below) are bounded apart, before their body is read."""

    def __init__(self, limit: int, large_limit: int = LARGE_AT_ONCE) -> None:
        self.limit = limit
        self.busy = 0  # changed on the event loop's thread only
        self.large_limit = large_limit
        self.large_busy = 0

    @contextlib.asynccontextmanager
    async def sized(self, request: Request) -> AsyncIterator[None]:
        """Holds one of the ``large_limit`` places for large requests while a request
        whose body is large (or of a length not given: chunked) is read and answered;
        refuses it 503 when they are taken (after what its headers alone refuse: a 413 or
        415 says more than "try again")."""
        refuse_by_headers(request)
        length = request.headers.get("content-length", "")
        if length.isdigit() and int(length) <= LARGE_BODY_BYTES:
            yield
            return
        if self.large_busy >= self.large_limit:
            raise ApiError(
                503,
                f"busy: a request over {LARGE_BODY_BYTES} bytes is being answered; try again",
            )
        self.large_busy += 1
        try:
            yield
        finally:
            self.large_busy -= 1

    async def run(self, answer: Callable[..., R], *args: Any) -> R:
        if self.busy >= self.limit:
            raise ApiError(503, f"busy: {self.limit} requests are being answered; try again")
        self.busy += 1
        try:
            return await run_in_threadpool(answer, *args)
        finally:
            self.busy -= 1


def create_app(
    catalogue: Catalogue,
    host: str = "127.0.0.1",
    max_busy: int = MAX_BUSY,
    record_into: Path | None = None,
    event: Path | None = None,
) -> Starlette:
    """The app for a server bound to ``host`` (Host headers are checked against it),
    answering at most ``max_busy`` requests at once; the card panel records what a card
    says into ``record_into`` where that may be written (hlcg.web.recording); with
    ``event`` (an event file), the verify view at /event (hlcg.web.event_view)."""
    service = Service(catalogue)
    recording = Recording(service, record_into, host)
    slots = WorkSlots(max_busy)

    def ok(data: Any) -> JSONResponse:
        return JSONResponse(data)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html")

    async def validate(request: Request) -> Response:
        async with slots.sized(request):
            parsed = await parse_request(request, DeckRequest)
            text = await slots.run(service.validate_json, parsed)
        return Response(text, media_type="application/json")

    def posted(answer: Callable[[Any], Any], model: type[BaseModel] = DeckRequest) -> Any:
        async def endpoint(request: Request) -> Response:
            async with slots.sized(request):
                return ok(await slots.run(answer, await parse_request(request, model)))

        return endpoint

    def asked(answer: Callable[[Request], Any]) -> Any:
        async def endpoint(request: Request) -> Response:
            return ok(await slots.run(answer, request))

        return endpoint

    async def formats(request: Request) -> Response:
        return ok(service.formats())

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        retry = {"Retry-After": "1"} if exc.status == 503 else None
        return error_response(request, exc.status, exc.message, retry)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        messages = {404: "nothing here", 405: "method not allowed"}
        message = messages.get(exc.status_code, str(exc.detail))
        # a 405 keeps Starlette's Allow header: which methods the path takes
        headers = dict(exc.headers) if exc.headers else None
        return error_response(request, exc.status_code, f"{message}: {request.url.path}", headers)

    async def on_disconnect(request: Request, exc: Exception) -> Response:
        # The client left (or was timed out) while sending its body: nobody reads an
        # answer, and it is no error of the server's, so nothing is logged.
        return Response(status_code=400)

    async def on_crash(request: Request, exc: Exception) -> Response:
        # The server log gets the traceback (uvicorn prints it); the client a plain message.
        # This answer leaves from outside the Guard, so it carries the headers itself.
        headers = {**SECURITY_HEADERS, "Cache-Control": API_CACHE}
        message = "internal error; the request was not completed"
        return error_response(request, 500, message, headers)

    routes = [
        Route("/", page),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/check", posted(service.check), methods=["POST"]),
        Route("/api/fix", posted(service.fix), methods=["POST"]),
        Route("/api/add", posted(service.add, AddRequest), methods=["POST"]),
        Route("/api/diff", posted(service.diff, DiffRequest), methods=["POST"]),
        Route("/api/odds", posted(service.odds, OddsRequest), methods=["POST"]),
        Route("/api/convert", posted(service.convert, ConvertRequest), methods=["POST"]),
        Route("/api/card", asked(lambda r: service.card(query(r)))),
        Route(
            "/api/cards",
            asked(lambda r: service.cards(optional(r, "format"), query(r), optional(r, "date"))),
        ),
        Route(
            "/api/complete",
            asked(lambda r: service.complete(query(r), number(r, "limit", DEFAULT_COMPLETIONS))),
        ),
        Route("/api/search", asked(lambda r: service.search(query(r)))),
        Route("/api/persona", asked(lambda r: service.persona(query(r)))),
        Route("/api/rules", asked(lambda r: service.rules())),
        Route("/api/rules/{name}", asked(lambda r: service.rule(r.path_params["name"]))),
        Route("/api/rule", asked(lambda r: service.rule_text(query(r, "name")))),
        Route("/api/formats", formats),
        Route(
            "/api/fill",
            asked(lambda r: recording.questions(query(r, "card"), optional(r, "format"))),
        ),
        Route("/api/fill", posted(recording.record, FillRequest), methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    if event is not None:
        from hlcg.web.event_view import EventView, event_routes

        routes[-1:-1] = event_routes(
            EventView(event, catalogue), slots.run, read_body, parse_request
        )
    return Starlette(
        routes=routes,
        middleware=[Middleware(Guard, bound_host=host)],
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            ClientDisconnect: on_disconnect,
            Exception: on_crash,
        },
    )
