"""What every request passes before the app sees it, and what every answer carries.

`Guard` is one ASGI middleware around the whole app, so that nothing escapes it: the
static files, Starlette's own 404 and 405 answers and our 403, 413 and 503 get the same
security headers as the page. In order, it refuses (each with the API's JSON error, or a
page for a browser):

- a ``Host`` that is neither the bound address nor a loopback name (DNS rebinding: a page
  reaches the server under its own host name);
- an API request, of any method, that a browser says comes from another site
  (``Sec-Fetch-Site: cross-site`` or ``same-site``: another port of this machine is the
  same site) or whose ``Origin`` is not this server's; and a non-GET to any path from
  another origin. A foreign page then cannot make the server work, nor fill its caches;
"""

from __future__ import annotations

import html
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    # a foreign page may not even embed an answer (`<img src=.../api/card?q=...>`)
    "Cross-Origin-Resource-Policy": "same-origin",
}
# API answers are about this catalogue now: never kept by a browser or a proxy. The page's
# files are revalidated (their ETag), so a new hlcg's page is never mixed with an old one.
API_CACHE = "no-store"
STATIC_CACHE = "no-cache"

LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
WILDCARD_HOSTS = frozenset({"0.0.0.0", "::", ""})
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
# What a browser's Sec-Fetch-Site says of a request this server's own page makes ("none":
# typed in the address bar). Tools send no such header.
OWN_SITE = frozenset({"same-origin", "none"})


def error_json(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    return JSONResponse({"error": {"status": status, "message": message}}, status, headers=headers)


def error_page(status: int, message: str, headers: dict[str, str] | None = None) -> HTMLResponse:
    text = html.escape(message)
    body = (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{status} - hlcg</title><link rel="stylesheet" href="/static/style.css">'
        '<link rel="icon" href="data:,">'
        f'</head><body><main class="error-page"><h1>{status}</h1><p id="error">{text}</p>'
        '<p><a href="/">Back to the deck checker</a></p></main></body></html>'
    )
    return HTMLResponse(body, status, headers=headers)


def is_api(path: str) -> bool:
    return path == "/api" or path.startswith("/api/")


def error_response(
    request: Request, status: int, message: str, headers: dict[str, str] | None = None
) -> Response:
    if is_api(request.url.path):
        return error_json(status, message, headers)
    return error_page(status, message, headers)


def host_name(authority: str) -> str:
    """`127.0.0.1:8000` -> `127.0.0.1`, `[::1]:8000` -> `::1`, lower case."""
    authority = authority.strip().lower()
    if authority.startswith("["):
        return authority[1 : authority.find("]")] if "]" in authority else authority
    return authority.rsplit(":", 1)[0] if authority.count(":") == 1 else authority


def with_headers(send: Any, path: str) -> Any:
    """``send`` that adds the security headers (and the caching rule) to the answer."""
    cache = API_CACHE if is_api(path) else STATIC_CACHE
    added = [(k.lower().encode(), v.encode()) for k, v in SECURITY_HEADERS.items()]

    async def send_with_headers(message: Any) -> None:
        if message["type"] == "http.response.start":
            headers = list(message.get("headers", []))
            present = {name.lower() for name, _ in headers}
            headers += [(k, v) for k, v in added if k not in present]
            if b"cache-control" not in present:
                headers.append((b"cache-control", cache.encode("latin-1")))
            message = {**message, "headers": headers}
        await send(message)

    return send_with_headers


class Guard:
    """The checks above, for a server bound to ``bound_host``. A server bound to a wildcard
    address (`--host 0.0.0.0`) is reached under names it cannot know: it checks the origin
    only."""

    def __init__(self, app: Any, bound_host: str) -> None:
        self.app = app
        bound = host_name(bound_host)
        self.any_host = bound in WILDCARD_HOSTS
        self.allowed = LOOPBACK_NAMES | {bound}

    def refusal(self, scope: Any) -> str | None:
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}
        authority = headers.get("host", "")
        if not self.any_host and host_name(authority) not in self.allowed:
            return f"host {authority!r} is not this server's; use http://127.0.0.1"
        api = is_api(scope["path"])
        site = headers.get("sec-fetch-site", "").strip().lower()
        if api and site and site not in OWN_SITE:
            return f"a request from another site ({site}) is refused"
        if "origin" in headers and (api or scope["method"] not in SAFE_METHODS):
            origin = headers["origin"].strip().lower().rstrip("/")
            own = f"{scope.get('scheme', 'http')}://{authority.strip().lower()}"
            if origin != own:
                return f"cross-origin request from {headers['origin']!r} refused"
        return None

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = with_headers(send, scope["path"])
        refused = self.refusal(scope)
        if refused is None:
            await self.app(scope, receive, send)
            return
        await error_response(Request(scope), 403, refused)(scope, receive, send)
