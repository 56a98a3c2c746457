"""The Starlette application: the deck page, its static files and the JSON API.

Hostile input: bodies over ``MAX_BODY_BYTES`` get 413 before they are read, malformed JSON
and bad fields get 400 with a message, an unreadable deck 422. Every API error is
``{"error": {"status", "message"}}`` (``schemas/api-error.schema.json``) and every browser
error a page; no traceback reaches a client. The page builds its DOM with ``textContent``
and the Content-Security-Policy forbids inline script, so a card name or deck line holding
``<script>`` renders as text. A client's file name only labels a report: nothing is opened.

Deck checks and searches run in worker threads: a check takes milliseconds, but a hostile
deck near the body limit (20,000 unknown names) takes seconds, and the other clients are
served meanwhile. The shared catalogue is read-only; its lazily built indexes are built
once at start-up (``Service`` warms them).
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from hlcg.catalog import Catalogue
from hlcg.web.schema import AddRequest, ConvertRequest, DeckRequest
from hlcg.web.service import ApiError, Service

M = TypeVar("M", bound=BaseModel)

MAX_BODY_BYTES = 1024 * 1024
MAX_QUERY_CHARS = 1000
STATIC = Path(__file__).parent / "static"
SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def error_json(status: int, message: str) -> JSONResponse:
    return JSONResponse(
        {"error": {"status": status, "message": message}}, status, headers=SECURITY_HEADERS
    )


def error_page(status: int, message: str) -> HTMLResponse:
    text = html.escape(message)
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{status} - hlcg</title><link rel="stylesheet" href="/static/style.css">'
        '<link rel="icon" href="data:,">'
        f'</head><body><main class="error-page"><h1>{status}</h1><p id="error">{text}</p>'
        '<p><a href="/">Back to the deck checker</a></p></main></body></html>'
    )
    return HTMLResponse(body, status, headers=SECURITY_HEADERS)


def error_response(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api/"):
        return error_json(status, message)
    return error_page(status, message)


async def read_body(request: Request) -> bytes:
    """The body, refused with 413 as soon as it passes the limit (never read whole)."""
    length = request.headers.get("content-length")
    if length is not None and (not length.isdigit() or int(length) > MAX_BODY_BYTES):
        raise ApiError(413, f"request body over the {MAX_BODY_BYTES} byte limit")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise ApiError(413, f"request body over the {MAX_BODY_BYTES} byte limit")
    return bytes(body)


async def parse_request(request: Request, model: type[M]) -> M:
    body = await read_body(request)
    try:
        data = json.loads(body)
    except ValueError as exc:
        raise ApiError(400, f"malformed JSON: {exc}") from None
    except RecursionError:
        raise ApiError(400, "malformed JSON: nested too deeply") from None
    try:
        parsed = model.model_validate(data)
    except ValidationError as exc:
        located = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'body'}: {e['msg']}" for e in exc.errors()
        )
        raise ApiError(400, f"bad request: {located}") from None
    # JSON's \ud800 escapes decode to lone surrogates, which no UTF-8 text holds.
    for field, value in parsed:
        if isinstance(value, str):
            try:
                value.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise ApiError(
                    400, f"bad request: {field}: lone surrogate {value[exc.start]!r} is not text"
                ) from None
    return parsed


def query(request: Request) -> str:
    text = request.query_params.get("q", "")
    if len(text) > MAX_QUERY_CHARS:
        raise ApiError(400, f"q: over {MAX_QUERY_CHARS} characters")
    return text


LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def host_name(authority: str) -> str:
    """`127.0.0.1:8000` -> `127.0.0.1`, `[::1]:8000` -> `::1`, lower case."""
    authority = authority.strip().lower()
    if authority.startswith("["):
        return authority[1 : authority.find("]")] if "]" in authority else authority
    return authority.rsplit(":", 1)[0] if authority.count(":") == 1 else authority


class HostGuard:
    """Refuses, with 403, a request whose Host is neither the bound address nor a loopback
    name (a DNS-rebinding page reaches the server under its own host name), and a POST from
    another origin (a page elsewhere posting to this server). A server bound to a wildcard
    address (`--host 0.0.0.0`) is reached under names it cannot know: it checks Origin only."""

    def __init__(self, app: Any, bound_host: str) -> None:
        self.app = app
        bound = host_name(bound_host)
        self.any_host = bound in WILDCARD_HOSTS
        self.allowed = LOOPBACK_NAMES | {bound}

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        authority = headers.get("host", "")
        refusal = None
        if not self.any_host and host_name(authority) not in self.allowed:
            refusal = f"host {authority!r} is not this server's; use http://127.0.0.1"
        elif scope["method"] not in SAFE_METHODS and "origin" in headers:
            origin = headers["origin"].strip().lower().rstrip("/")
            own = f"{scope.get('scheme', 'http')}://{authority.lower()}"
            if origin != own:
                refusal = f"cross-origin request from {headers['origin']!r} refused"
        if refusal is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        await error_response(request, 403, refusal)(scope, receive, send)


def create_app(catalogue: Catalogue, host: str = "127.0.0.1") -> Starlette:
    """The app for a server bound to ``host`` (Host headers are checked against it)."""
    service = Service(catalogue)

    def ok(data: Any) -> JSONResponse:
        return JSONResponse(data, headers=SECURITY_HEADERS)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers=SECURITY_HEADERS)

    async def validate(request: Request) -> Response:
        text = await run_in_threadpool(
            service.validate_json, await parse_request(request, DeckRequest)
        )
        return Response(text, media_type="application/json", headers=SECURITY_HEADERS)

    async def check(request: Request) -> Response:
        return ok(await run_in_threadpool(service.check, await parse_request(request, DeckRequest)))

    async def fix(request: Request) -> Response:
        return ok(await run_in_threadpool(service.fix, await parse_request(request, DeckRequest)))

    async def add(request: Request) -> Response:
        return ok(await run_in_threadpool(service.add, await parse_request(request, AddRequest)))

    async def convert(request: Request) -> Response:
        body = await parse_request(request, ConvertRequest)
        return ok(await run_in_threadpool(service.convert, body))

    async def rule(request: Request) -> Response:
        return ok(service.rule(request.path_params["name"]))

    async def card(request: Request) -> Response:
        return ok(await run_in_threadpool(service.card, query(request)))

    async def search(request: Request) -> Response:
        return ok(await run_in_threadpool(service.search, query(request)))

    async def persona(request: Request) -> Response:
        return ok(await run_in_threadpool(service.persona, query(request)))

    async def formats(request: Request) -> Response:
        return ok(service.formats())

    async def on_api_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, ApiError)
        return error_response(request, exc.status, exc.message)

    async def on_http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        messages = {404: "nothing here", 405: "method not allowed"}
        message = messages.get(exc.status_code, str(exc.detail))
        return error_response(request, exc.status_code, f"{message}: {request.url.path}")

    async def on_crash(request: Request, exc: Exception) -> Response:
        # The server log gets the traceback (uvicorn prints it); the client a plain message.
        return error_response(request, 500, "internal error; the request was not completed")

    routes = [
        Route("/", page),
        Route("/api/validate", validate, methods=["POST"]),
        Route("/api/check", check, methods=["POST"]),
        Route("/api/fix", fix, methods=["POST"]),
        Route("/api/add", add, methods=["POST"]),
        Route("/api/convert", convert, methods=["POST"]),
        Route("/api/rules/{name}", rule),
        Route("/api/card", card),
        Route("/api/search", search),
        Route("/api/persona", persona),
        Route("/api/formats", formats),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    return Starlette(
        routes=routes,
        middleware=[Middleware(HostGuard, bound_host=host)],
        exception_handlers={
            ApiError: on_api_error,
            HTTPException: on_http_error,
            Exception: on_crash,
        },
    )
