"""`hlcg serve --event FILE`: verify at the table on the page. The judge picks the player,
pastes the list on the table or uploads a photo of the sheet's QR code, and sees the
answer `hlcg event verify` gives (the same library call). Offline and read-only: the event
file is only read, a photo is written to a private temporary file for zbarimg and removed.
The routes sit behind the same Guard as the rest of `hlcg serve` (Host and Origin checks)."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from hlcg.errors import DeckFileError, NotRegistered, UsageError
from hlcg.web.service import ApiError

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue

PAGE = Path(__file__).parent / "static" / "event.html"
# What a phone's camera or a scanner gives, and the suffix zbarimg is handed.
PHOTO_TYPES = {
    "image/png": ".png",
    "image/jpeg": ".jpg",
    "image/gif": ".gif",
    "image/bmp": ".bmp",
    "image/tiff": ".tiff",
}


class VerifyRequest(BaseModel):
    """`POST /api/event/verify`: a pasted list (or sheet payload) against a registration."""

    model_config = ConfigDict(extra="forbid")
    player: str = Field(max_length=200)
    deck: str = Field(min_length=1, max_length=1_000_000)


class EventView:
    def __init__(self, event: Path, catalogue: Catalogue) -> None:
        from hlcg.event import open_event

        self.event, self.catalogue = event, catalogue
        open_event(event)  # an unreadable event file stops `hlcg serve` before it listens

    def about(self) -> dict[str, Any]:
        from hlcg.event import registered_players

        event, regs = registered_players(self.event)
        return {
            "event": event.to_json(),
            "judged_by": event.judged_by,
            "players": [r.player for r in regs],
        }

    def verify(self, player: str, given: str) -> dict[str, Any]:
        from hlcg.event import verify

        try:
            return verify(self.event, player, given, self.catalogue)
        except NotRegistered as exc:
            raise ApiError(404, str(exc)) from None
        except (DeckFileError, UsageError) as exc:
            raise ApiError(422, str(exc)) from None

    def verify_pasted(self, request: VerifyRequest) -> dict[str, Any]:
        # A one-line paste is a list of one line, never a file name on the server.
        text = request.deck if "\n" in request.deck else request.deck + "\n"
        return self.verify(request.player, text)

    def verify_photo(self, player: str, data: bytes, suffix: str) -> dict[str, Any]:
        with tempfile.TemporaryDirectory(prefix="hlcg-photo-") as folder:
            photo = Path(folder) / f"photo{suffix}"
            photo.write_bytes(data)
            return self.verify(player, str(photo))


def event_routes(view: EventView, run: Any, read_body: Any, parse_request: Any) -> list[Route]:
    """The view's routes; ``run`` works an answer out in a worker thread (the app's slots),
    ``read_body`` and ``parse_request`` are the app's, passed in (the app imports this
    module)."""

    async def page(request: Request) -> Response:
        return FileResponse(PAGE)

    async def about(request: Request) -> Response:
        return JSONResponse(await run(view.about))

    async def pasted(request: Request) -> Response:
        parsed = await parse_request(request, VerifyRequest)
        return JSONResponse(await run(view.verify_pasted, parsed))

    async def photo(request: Request) -> Response:
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in PHOTO_TYPES:
            raise ApiError(415, f"a photo is sent as one of {', '.join(PHOTO_TYPES)}")
        player = request.query_params.get("player", "")
        if not player or len(player) > 200:
            raise ApiError(400, "player: give the player's name (?player=...)")
        data = await read_body(request)
        return JSONResponse(await run(view.verify_photo, player, data, PHOTO_TYPES[kind]))

    return [
        Route("/event", page),
        Route("/api/event", about),
        Route("/api/event/verify", pasted, methods=["POST"]),
        Route("/api/event/verify-photo", photo, methods=["POST"]),
    ]
