"""The page's "Record what your card says": `hlcg db fill`'s questions and checks
(``hlcg.answers.filling``) for the card the panel shows, written into the catalogue served.

Offered only when the server may write: a catalogue of the user's own (never the shipped
one), writable, and a server listening on loopback, so that only this machine's user can
record. Every request also passes the Host, Origin and cross-site guards of the whole API
(``guards.Guard``). After each answer the service reads the catalogue again, so the card
panel and deck checks show what was recorded.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.web.guards import LOOPBACK_NAMES, host_name
from hlcg.web.service import ApiError

if TYPE_CHECKING:
    from hlcg.web.schema import FillRequest
    from hlcg.web.service import Service


def refusal(db: Path | None, host: str) -> str | None:
    """Why this server records nothing, or None when it may."""
    from hlcg.catalog import is_shipped
    from hlcg.output import read_only_mode

    if db is None or is_shipped(db):
        return (
            "this server reads the shipped catalogue, which is never written: start one of "
            "your own (`hlcg db init my.sqlite --from-shipped`) and `hlcg serve --db my.sqlite`"
        )
    if host_name(host) not in LOOPBACK_NAMES:
        return (
            f"this server listens on {host}, not on loopback: recording is offered only to "
            "this machine (`hlcg serve --db ...` on 127.0.0.1)"
        )
    mode = read_only_mode(db)
    if mode is not None or not os.access(db.resolve().parent, os.W_OK):
        # The writer's own refusal, told before a form is offered, not after an answer.
        shown = f" (mode {mode:04o})" if mode is not None else ""
        return (
            f"{db.name} is read-only{shown}: make it and its folder writable (chmod u+w "
            f"{db.name}) to record into it"
        )
    return None


class Recording:
    """Questions and answers for the catalogue ``db`` served by ``service``."""

    def __init__(self, service: Service, db: Path | None, host: str) -> None:
        self.service, self.db = service, db
        self.refused = refusal(db, host)
        self.lock = threading.Lock()  # one answer written at a time

    def _asked(self, card_id: str, fmt: str | None) -> Any:
        from hlcg.answers import card_questions_in
        from hlcg.catalog import DEFAULT_FORMAT, format_from_user
        from hlcg.errors import UsageError

        catalogue = self.service.catalogue
        try:
            name = format_from_user(fmt) if fmt else DEFAULT_FORMAT
        except UsageError as exc:
            raise ApiError(400, str(exc)) from None
        card = catalogue.cards.get(card_id) if card_id else None
        if card is None:
            raise ApiError(404, f"no card {card_id[:100]!r}")
        return card_questions_in(card, catalogue, name)

    def questions(self, card_id: str, fmt: str | None) -> dict[str, Any]:
        """Whether this server records, the reader it remembers, and the card's questions."""
        from hlcg.curation import remembered_reader

        asked = self._asked(card_id, fmt)
        return {
            "recording": self.refused is None,
            "refusal": self.refused,
            "reader": remembered_reader(self.db) if self.db and not self.refused else None,
            "card": asked.to_json() if asked else None,
        }

    def record(self, request: FillRequest) -> dict[str, Any]:
        """Record one answer; the source it got and the card's questions now."""
        from hlcg.answers import AnswerError, record_answer
        from hlcg.catalog import load
        from hlcg.errors import ConflictError, HlcgError, SourceError

        if self.refused is not None or self.db is None:
            raise ApiError(403, self.refused or "recording is off")
        with self.lock:
            asked = self._asked(request.card, request.format)
            if asked is None:
                raise ApiError(409, "nothing left to record for this card in this format")
            try:
                source = record_answer(
                    self.db, asked, request.printing, request.fact, request.answer, request.reader
                )
            except AnswerError as exc:
                raise ApiError(422, str(exc)) from None
            except (SourceError, ConflictError) as exc:
                raise ApiError(409, str(exc)) from None
            except HlcgError as exc:
                raise ApiError(400, str(exc)) from None
            self.service.reload(load(self.db))
        return {"recorded": source, **self.questions(request.card, request.format)}
