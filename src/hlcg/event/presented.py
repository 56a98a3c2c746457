"""Verify at the table: the deck a player presents (a deck file, a photo of their sheet's QR
code, the sheet's payload, or a pasted list) against the deck they registered, card by card
(`hlcg deck diff`), with both verdicts. The registered side is the sheet payload stored at
registration, so it is the deck as it was handed in, whatever catalogue verifies it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.errors import DeckFileError, NotRegistered
from hlcg.event.core import Event, event_from
from hlcg.event.registration import Registration, registration_of
from hlcg.event.store import reading

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.organise.diff import DeckSide

PASTED = "pasted list"


def registered(path: Path, player: str) -> tuple[Event, Registration]:
    with reading(path) as conn:
        event = event_from(conn, path)
        reg = registration_of(conn, player)
    if reg is None:
        raise NotRegistered(f"{player} is not registered for {event.name}")
    return event, reg


def registered_side(reg: Registration) -> DeckSide:
    from hlcg.organise import parse_canonical, sheet_side

    return sheet_side(f"registered by {reg.player}", parse_canonical(reg.sheet_payload, reg.player))


def _names_a_file(path: Path, deck_suffixes: tuple[str, ...]) -> bool:
    """Whether one line of text names a file (a folder in it, or a deck or image suffix)
    rather than being a one-line pasted list."""
    from hlcg.organise import IMAGE_SUFFIXES

    suffix = path.suffix.lower()
    return "/" in str(path) or suffix in IMAGE_SUFFIXES or suffix in deck_suffixes


def presented_side(given: str, event: Event, catalogue: Catalogue) -> DeckSide | str:
    """The deck presented as a side of the diff, or the bare fingerprint a sheet's QR held.
    A name of an existing file is read (an image through its QR code); anything else is a
    pasted list (or a pasted sheet payload)."""
    from hlcg.deck import DECK_SUFFIXES, read_deck_data
    from hlcg.organise import (
        IMAGE_SUFFIXES,
        is_payload_file,
        judge_deck,
        judged_side,
        read_sheet,
        sheet_side,
        text_side,
    )

    path = Path(given) if "\n" not in given and len(given) < 4096 else None
    if path is not None and not path.is_file() and _names_a_file(path, DECK_SUFFIXES):
        raise DeckFileError(
            f"{given}: no such file (a pasted list is read as text when it has several lines)"
        )
    if path is not None and path.is_file():
        if path.suffix.lower() in IMAGE_SUFFIXES or is_payload_file(path):
            sheet = read_sheet(given)
            return sheet if isinstance(sheet, str) else sheet_side(str(path), sheet)
        from hlcg.deck import read_deck

        return judged_side(judge_deck(read_deck(path), catalogue, event.format, event.date))
    pasted = text_side(given if given.endswith("\n") else given + "\n", PASTED)
    if pasted is not None:
        return pasted
    deck = read_deck_data(given.encode("utf-8"), Path(f"{PASTED}.txt"))
    return judged_side(judge_deck(deck, catalogue, event.format, event.date))


def verify(path: Path, player: str, given: str, catalogue: Catalogue) -> dict[str, Any]:
    """The presented deck against the registered one: ``same``, both sides, the cards that
    differ, and what the event judged by."""
    from hlcg.organise import deck_diff

    event, reg = registered(path, player)
    mine = registered_side(reg)
    presented = presented_side(given, event, catalogue)
    if isinstance(presented, str):
        same = presented == reg.fingerprint
        answer: dict[str, Any] = {
            "same": same,
            "registered": mine.to_json(),
            "presented": {"fingerprint": presented, "sheet": True},
            "changes": [],
            "other": [] if same else ["the sheet's QR code holds only another fingerprint"],
        }
    else:
        shown = "the presented sheet" if presented.sheet else "the presented deck"
        diff = deck_diff(mine, presented, catalogue, ("the registered deck", shown))
        answer = {
            "same": diff["same"],
            "registered": diff["a"],
            "presented": diff["b"],
            "changes": diff["changes"],
            "other": diff["other"],
        }
        answer["warnings"] = list(presented.warnings)
    answer["player"] = reg.player
    answer["registered"]["accepted_illegal"] = reg.accepted_illegal
    answer["judged_by"] = event.judged_by
    return answer
