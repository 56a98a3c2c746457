"""Registration: a player hands in a deck, which is judged on the event's date in its format
and stored as it was handed in (the file's bytes), with its canonical form, fingerprint and
verdict. An illegal deck is refused unless the organiser accepts it (recorded); the lock
closes registration; a player's deck is never replaced without being asked."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.errors import EventRefusal
from hlcg.event.core import Event, check_name, event_from, now, open_event
from hlcg.event.store import reading, writing

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.organise.judged import JudgedDeck

# How many of an illegal deck's errors a refusal shows (all are one `hlcg validate` away).
SHOWN_ERRORS = 5


@dataclass(frozen=True)
class Registration:
    player: str
    registered_at: str
    deck_file: str
    deck: bytes
    persona: str
    persona_id: str
    verdict: str
    legal: bool
    accepted_illegal: bool
    fingerprint: str
    canonical: str
    sheet_payload: str

    def to_json(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "registered_at": self.registered_at,
            "deck_file": self.deck_file,
            "persona": self.persona,
            "verdict": self.verdict,
            "legal": self.legal,
            "accepted_illegal": self.accepted_illegal,
            "fingerprint": self.fingerprint,
        }


COLUMNS = (
    "player, registered_at, deck_file, deck, persona, persona_id, verdict, legal, "
    "accepted_illegal, fingerprint, canonical, sheet_payload"
)


def _row(values: tuple[Any, ...]) -> Registration:
    row = list(values)
    row[3] = bytes(row[3])
    row[7], row[8] = bool(row[7]), bool(row[8])
    return Registration(*row)


def registrations(conn: sqlite3.Connection) -> list[Registration]:
    rows = conn.execute(f"SELECT {COLUMNS} FROM registrations ORDER BY player COLLATE NOCASE")
    return [_row(r) for r in rows.fetchall()]


def registration_of(conn: sqlite3.Connection, player: str) -> Registration | None:
    row = conn.execute(
        f"SELECT {COLUMNS} FROM registrations WHERE player = ? COLLATE NOCASE", (player,)
    ).fetchone()
    return _row(row) if row else None


def insert(conn: sqlite3.Connection, reg: Registration) -> None:
    conn.execute(
        f"INSERT OR REPLACE INTO registrations ({COLUMNS}) VALUES ({', '.join('?' * 12)})",
        (*reg.__dict__.values(),),
    )


def judge_registered(data: bytes, deck_file: str, event: Event, catalogue: Catalogue) -> JudgedDeck:
    """A deck's bytes judged as the event judges it: in its format, on its date."""
    from hlcg.deck import read_deck_data
    from hlcg.organise import judge_deck

    deck = read_deck_data(data, Path(deck_file))
    return judge_deck(deck, catalogue, event.format, event.date)


def _refusal(player: str, judged: JudgedDeck, event: Event) -> str:
    errors = [p for p in judged.report.problems if p.severity == "error"]
    shown = "; ".join(f"{p.code} {p.message}" for p in errors[:SHOWN_ERRORS])
    more = f"; and {len(errors) - SHOWN_ERRORS} more" if len(errors) > SHOWN_ERRORS else ""
    return (
        f"{player}'s deck {judged.path} is {judged.verdict} in {event.format} as of "
        f"{event.date}: {shown}{more}; not registered (the organiser may accept it with "
        "--accept-illegal)"
    )


def register(
    path: Path,
    player: str,
    data: bytes,
    deck_file: str,
    catalogue: Catalogue,
    *,
    accept_illegal: bool = False,
    replace: bool = False,
) -> tuple[Registration, list[str]]:
    """Register ``player``'s deck (a file's bytes and name); the registration and the
    reader's warnings. EventRefusal: an illegal deck without ``accept_illegal``, the event
    locked, the player registered already without ``replace``, or with games recorded."""
    from hlcg.organise import sheet_payload
    from hlcg.stdin import shown_bytes

    player = check_name(player, "player")
    event = open_event(path)
    judged = judge_registered(data, deck_file, event, catalogue)
    report = judged.report
    if not report.legal and not accept_illegal:
        raise EventRefusal(_refusal(player, judged, event))
    registration = Registration(
        player=player,
        registered_at=now(),
        # a name's bytes that are not UTF-8 as \xNN: SQLite stores only valid text
        deck_file=shown_bytes(Path(deck_file).name),
        deck=data,
        persona=report.persona,
        persona_id=report.persona_id or "",
        verdict=judged.verdict,
        legal=report.legal,
        accepted_illegal=not report.legal,
        fingerprint=judged.fingerprint,
        canonical=judged.canonical,
        sheet_payload=sheet_payload(
            judged.canonical, judged.fingerprint, event.date, judged.verdict
        ),
    )
    with writing(path) as conn:
        current = event_from(conn, path)  # as it is now, under the lock
        if current.locked:
            raise EventRefusal(
                f"{current.name} is locked (registration closed {current.locked_at}); "
                f"{player} was not registered"
            )
        old = registration_of(conn, player)
        if old is not None:
            played = conn.execute(
                "SELECT count(*) FROM games WHERE player = ? OR opponent = ?",
                (old.player, old.player),
            ).fetchone()[0]
            if played:
                raise EventRefusal(f"{old.player} has played games; the deck stays as registered")
            if not replace:
                raise EventRefusal(
                    f"{old.player} is registered already ({old.deck_file}, "
                    f"{old.fingerprint[:12]}, {old.registered_at}); --replace registers the new "
                    "deck instead"
                )
            conn.execute("DELETE FROM registrations WHERE player = ?", (old.player,))
        insert(conn, registration)
    return registration, list(judged.warnings)


def lock(path: Path) -> Event:
    """Close registration (once: a second lock is refused, the first time stays)."""
    with writing(path) as conn:
        event = event_from(conn, path)
        if event.locked:
            raise EventRefusal(f"{event.name} is locked already (since {event.locked_at})")
        if not conn.execute("SELECT count(*) FROM registrations").fetchone()[0]:
            raise EventRefusal(f"{event.name} has no registration; nothing to lock")
        conn.execute("INSERT INTO meta(key, value) VALUES ('locked_at', ?)", (now(),))
    return open_event(path)


def status(path: Path, expected: list[str] | None = None) -> dict[str, Any]:
    """Who registered what, with verdicts and fingerprints; ``expected`` players who have
    not registered are listed as missing."""
    with reading(path) as conn:
        event = event_from(conn, path)
        found = registrations(conn)
    names = {r.player.casefold() for r in found}
    missing = [p for p in (expected or []) if p.casefold() not in names]
    return {
        "event": event.to_json(),
        "judged_by": event.judged_by,
        "players": [r.to_json() for r in found],
        "missing": missing,
        "illegal_accepted": [r.player for r in found if r.accepted_illegal],
    }


def registered_players(path: Path) -> tuple[Event, list[Registration]]:
    """The event and its registrations, by player name."""
    with reading(path) as conn:
        return event_from(conn, path), registrations(conn)


def event_sheets(path: Path, catalogue: Catalogue) -> list[Any]:
    """Every registered deck's sheet (`hlcg deck sheet`), with its player and the event,
    judged on the event's date in its format."""
    from hlcg.organise import judged_sheet

    event, regs = registered_players(path)
    return [
        judged_sheet(
            judge_registered(reg.deck, reg.deck_file, event, catalogue),
            event.name,
            reg.player,
            judged_by=event.judged_by,
            accepted_illegal=reg.accepted_illegal,
        )
        for reg in regs
    ]
