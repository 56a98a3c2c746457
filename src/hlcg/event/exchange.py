"""Two organisers' laptops: ``hlcg event export`` writes the whole event as one JSON
document; ``hlcg event import`` merges one into an event file. What the file lacks is
added; what both hold alike is left; a registration or result recorded differently on the
two sides is a conflict. Conflicts are all listed and nothing is written, unless
``overwrite`` is given (then the export's record replaces the file's, and each is named):
a recorded result or registration is never replaced silently."""

from __future__ import annotations

import base64
import json
import sqlite3
from pathlib import Path
from typing import Any

from hlcg.errors import EventRefusal, UsageError
from hlcg.event.core import Event, event_from
from hlcg.event.registration import Registration, insert, registrations
from hlcg.event.results import Game, check_result, games, insert_game, personas_of
from hlcg.event.store import create, read_meta, reading, writing
from hlcg.wording import plural

KIND = "hlcg-event-export"
# The event's identity: an export of another event is refused, never merged.
IDENTITY = ("event_id", "name", "date", "format", "ruleset")
MAX_EXPORT_BYTES = 50 * 1024 * 1024


def export_document(path: Path) -> dict[str, Any]:
    with reading(path) as conn:
        meta = read_meta(conn)
        regs = registrations(conn)
        played = games(conn)
    return {
        "kind": KIND,
        "meta": meta,
        "registrations": [
            {**reg.__dict__, "deck": base64.b64encode(reg.deck).decode("ascii")} for reg in regs
        ],
        "games": [
            {**{k: v for k, v in game.__dict__.items()}, "quickenings": list(game.quickenings)}
            for game in played
        ],
    }


def export_text(path: Path) -> tuple[str, dict[str, int]]:
    """The event at ``path`` as its export's JSON text, and how many registrations and
    games it holds."""
    from hlcg.report import dump

    document = export_document(path)
    text = dump(document)
    counts = {"registrations": len(document["registrations"]), "games": len(document["games"])}
    return text + "\n", counts


def write_export(path: Path, out: Path) -> dict[str, int]:
    from hlcg.output import write_errors, write_text_atomically

    text, counts = export_text(path)
    with write_errors(out):
        write_text_atomically(out, text)
    return counts


def read_export(source: Path) -> dict[str, Any]:
    try:
        if source.stat().st_size > MAX_EXPORT_BYTES:
            raise UsageError(f"{source}: over {MAX_EXPORT_BYTES} bytes, too large for an export")
        document = json.loads(source.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise UsageError(f"{source}: not an hlcg event export ({exc})") from None
    if not isinstance(document, dict) or document.get("kind") != KIND:
        raise UsageError(f'{source}: not an hlcg event export (no "kind": "{KIND}")')
    return document


def _registration(row: dict[str, Any], source: Path) -> Registration:
    try:
        return Registration(**{**row, "deck": base64.b64decode(row["deck"], validate=True)})
    except (TypeError, KeyError, ValueError) as exc:
        raise UsageError(f"{source}: a registration that cannot be read ({exc})") from None


def _game(row: dict[str, Any], source: Path) -> Game:
    try:
        game = Game(**{**row, "quickenings": tuple(row["quickenings"])})
    except (TypeError, KeyError) as exc:
        raise UsageError(f"{source}: a game that cannot be read ({exc})") from None
    if game.winner not in (game.player, game.opponent):
        raise UsageError(f"{source}: game {game.id}: the winner is not one of its players")
    return game


def _describe(game: Game) -> str:
    head = ", head taken" if game.head_taken else ""
    return f"round {game.round} {game.player} v {game.opponent}: {game.winner} won{head}"


def import_export(path: Path, source: Path, *, overwrite: bool = False) -> dict[str, Any]:
    """Merge the export ``source`` into the event file ``path`` (created from it when it
    does not exist). EventRefusal listing every conflict, unless ``overwrite``."""
    document = read_export(source)
    meta = document.get("meta")
    if not isinstance(meta, dict) or any(not isinstance(meta.get(k), str) for k in IDENTITY):
        raise UsageError(f"{source}: not an hlcg event export (its meta is incomplete)")
    incoming_regs = [_registration(r, source) for r in document.get("registrations", [])]
    incoming_games = [_game(g, source) for g in document.get("games", [])]
    created = not path.exists()
    if created:
        create(
            path,
            {
                k: v
                for k, v in meta.items()
                if k not in ("application", "schema_version", "locked_at")
            },
        )
    try:
        return _merge(path, source, meta, incoming_regs, incoming_games, overwrite)
    except BaseException:
        if created:
            path.unlink(missing_ok=True)  # a failed import into a new file leaves no file
        raise


class _Merge:
    """One import's bookkeeping: what was added, already there, replaced, in conflict."""

    def __init__(self, source: Path, overwrite: bool) -> None:
        self.source, self.overwrite = source, overwrite
        self.counts = {"registrations_added": 0, "games_added": 0, "same": 0}
        self.conflicts: list[str] = []
        self.replaced: list[str] = []

    def differs(self, text: str) -> bool:
        """A record both sides hold differently: listed as replaced (with ``overwrite``,
        then True) or as a conflict (False)."""
        (self.replaced if self.overwrite else self.conflicts).append(text)
        return self.overwrite


def _merge_registrations(
    conn: sqlite3.Connection, incoming: list[Registration], merge: _Merge
) -> dict[str, Registration]:
    regs = {r.player: r for r in registrations(conn)}
    for reg in incoming:
        old = regs.get(reg.player)
        if old == reg:
            merge.counts["same"] += 1
            continue
        if old is not None and not merge.differs(
            f"{reg.player} registered {old.deck_file} ({old.fingerprint[:12]}, "
            f"{old.registered_at}) here and {reg.deck_file} ({reg.fingerprint[:12]}, "
            f"{reg.registered_at}) in {merge.source.name}"
        ):
            continue
        if old is None:
            merge.counts["registrations_added"] += 1
        regs[reg.player] = reg
        insert(conn, reg)
    return regs


def _clash(game: Game, played: dict[str, Game]) -> Game | None:
    """The recorded game ``game`` would replace: the same game, or one of its players' game
    of the same round."""
    return played.get(game.id) or next(
        (
            g
            for g in played.values()
            if g.round == game.round and {g.player, g.opponent} & {game.player, game.opponent}
        ),
        None,
    )


def _merge_games(
    conn: sqlite3.Connection, event: Event, incoming: list[Game], merge: _Merge
) -> None:
    played = {g.id: g for g in games(conn)}
    for game in sorted(incoming, key=lambda g: (g.round, g.recorded_at, g.id)):
        if played.get(game.id) == game:
            merge.counts["same"] += 1
            continue
        clash = _clash(game, played)
        if clash is not None:
            if not merge.differs(
                f"{_describe(clash)} here; {_describe(game)} in {merge.source.name}"
            ):
                continue
            conn.execute("DELETE FROM quickenings WHERE game_id = ?", (clash.id,))
            conn.execute("DELETE FROM games WHERE id = ?", (clash.id,))
            del played[clash.id]
        else:
            merge.counts["games_added"] += 1
        earlier = sorted(
            (
                g
                for g in played.values()
                if (g.round, g.recorded_at) < (game.round, game.recorded_at)
            ),
            key=lambda g: (g.round, g.recorded_at),
        )
        personas, names = personas_of(conn)
        try:
            if game.player not in personas or game.opponent not in personas:
                raise EventRefusal("a player of it is not registered")
            check_result(event, game, earlier, personas, names)
        except EventRefusal as exc:
            merge.conflicts.append(f"{_describe(game)}: {exc}")
            continue
        played[game.id] = game
        insert_game(conn, game)


def _merge(
    path: Path,
    source: Path,
    meta: dict[str, Any],
    incoming_regs: list[Registration],
    incoming_games: list[Game],
    overwrite: bool,
) -> dict[str, Any]:
    merge = _Merge(source, overwrite)
    with writing(path) as conn:
        mine = read_meta(conn)
        for key in IDENTITY:
            if mine.get(key) != meta.get(key):
                raise EventRefusal(
                    f"{source} is an export of another event ({key} differs: "
                    f"{str(mine.get(key))[:60]!r} here, {str(meta.get(key))[:60]!r} there); "
                    "nothing was written"
                )
        event = event_from(conn, path)
        _merge_registrations(conn, incoming_regs, merge)
        _merge_games(conn, event, incoming_games, merge)
        locked_there = meta.get("locked_at", "")
        if locked_there and not event.locked_at:
            conn.execute("INSERT INTO meta(key, value) VALUES ('locked_at', ?)", (locked_there,))
        if merge.conflicts:
            listed = "\n".join(merge.conflicts)
            hint = "" if overwrite else " (--overwrite takes the export's records)"
            raise EventRefusal(
                f"{plural(len(merge.conflicts), 'conflicting record')}; "
                f"nothing was written{hint}:\n{listed}"
            )
    return {**merge.counts, "replaced": merge.replaced}
