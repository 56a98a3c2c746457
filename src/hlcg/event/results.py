"""The ledger: each game's result (its round, the two players, the winner, whether the
winner took the loser's head, the Quickenings passed to the winner), checked against the
event's rule set before it is recorded. A result that breaks a league rule is refused with
the rule and its source; a recorded result is never replaced."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlcg.errors import EventRefusal, UsageError
from hlcg.event.core import Event, check_name, event_from, now
from hlcg.event.registration import registration_of
from hlcg.event.rulesets import BEHEADED_PERSONA_REMOVED, QUICKENING_STAYS_WITH_TAKER
from hlcg.event.store import writing

MAX_ROUND = 1000


@dataclass(frozen=True)
class Game:
    id: str
    round: int
    recorded_at: str
    player: str
    opponent: str
    winner: str
    head_taken: bool
    quickenings: tuple[str, ...] = field(default=())

    @property
    def loser(self) -> str:
        return self.opponent if self.winner == self.player else self.player

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "recorded_at": self.recorded_at,
            "players": [self.player, self.opponent],
            "winner": self.winner,
            "loser": self.loser,
            "head_taken": self.head_taken,
            "quickenings": list(self.quickenings),
        }


def games(conn: sqlite3.Connection) -> list[Game]:
    passed: dict[str, list[str]] = {}
    for game_id, name in conn.execute(
        "SELECT game_id, quickening FROM quickenings ORDER BY game_id, quickening"
    ):
        passed.setdefault(game_id, []).append(name)
    rows = conn.execute(
        "SELECT id, round, recorded_at, player, opponent, winner, head_taken FROM games "
        "ORDER BY round, recorded_at, id"
    ).fetchall()
    return [
        Game(i, r, at, p, o, w, bool(h), tuple(passed.get(i, ()))) for i, r, at, p, o, w, h in rows
    ]


def quickening_key(name: str) -> str:
    """A Quickening's name folded as card names are (case, apostrophes, spacing), so
    "connors quickening" is "Connor's Quickening"; a name of punctuation alone by case."""
    from hlcg.catalog import normalise

    return normalise(name) or name.casefold()


def holders(played: list[Game]) -> dict[str, str]:
    """Each Quickening (by quickening_key) -> who holds it after ``played``."""
    held: dict[str, str] = {}
    for game in played:
        for name in game.quickenings:
            held[quickening_key(name)] = game.winner
    return held


def spelled_as_recorded(passed: list[str], played: list[Game]) -> tuple[str, ...]:
    """Each Quickening named as the ledger first recorded it, so one Quickening has one
    spelling in the standings, the site and the export whatever the organiser typed."""
    first: dict[str, str] = {}
    for game in played:
        for name in game.quickenings:
            first.setdefault(quickening_key(name), name)
    return tuple(first.get(quickening_key(name), name) for name in passed)


def beheaded(played: list[Game], personas: dict[str, str]) -> dict[str, Game]:
    """Each persona (card id) that has lost its head -> the game it was lost in."""
    lost: dict[str, Game] = {}
    for game in played:
        if game.head_taken:
            lost.setdefault(personas.get(game.loser, game.loser), game)
    return lost


def check_result(
    event: Event, game: Game, played: list[Game], personas: dict[str, str], names: dict[str, str]
) -> None:
    """Refuse ``game`` when it breaks a rule of the event's rule set (``personas``: player ->
    persona card id; ``names``: persona card id -> its name)."""
    rules = event.ruleset
    if BEHEADED_PERSONA_REMOVED in rules.rules:
        lost = beheaded(played, personas)
        for player in (game.player, game.opponent):
            persona = personas[player]
            if persona in lost:
                taken = lost[persona]
                raise EventRefusal(
                    rules.refusal(
                        BEHEADED_PERSONA_REMOVED,
                        f"{player}'s persona {names.get(persona, persona)} lost its head to "
                        f"{taken.winner} in round {taken.round} and may not play again",
                    )
                )
    if QUICKENING_STAYS_WITH_TAKER in rules.rules:
        held = holders(played)
        for name in game.quickenings:
            holder = held.get(quickening_key(name))
            if holder is None or holder == game.winner:
                continue
            if holder == game.loser and game.head_taken:
                continue  # passed on with the head
            how = "without taking their head" if holder == game.loser else "from another game"
            raise EventRefusal(
                rules.refusal(
                    QUICKENING_STAYS_WITH_TAKER,
                    f"the Quickening {name!r} is held by {holder}; {game.winner} claims it {how}",
                )
            )


def _the_players(conn: sqlite3.Connection, event: Event, names: list[str]) -> tuple[str, str, str]:
    """The two players and the winner as registered (names compared without case)."""
    regs = [registration_of(conn, p) for p in names[:2]]
    for given, reg in zip(names, regs, strict=False):
        if reg is None:
            raise EventRefusal(f"{given} is not registered for {event.name}")
    first, second = (r.player for r in regs if r is not None)
    if first == second:
        raise UsageError(f"{first} cannot play themself")
    won = next((p for p in (first, second) if p.casefold() == names[2].casefold()), None)
    if won is None:
        raise UsageError(f"the winner {names[2]} is not one of {first} and {second}")
    return first, second, won


def refuse_a_second_result(game: Game, played: list[Game]) -> None:
    """A player has one game a round, and a recorded result is never replaced."""
    for g in played:
        if g.round == game.round and {g.player, g.opponent} & {game.player, game.opponent}:
            raise EventRefusal(
                f"round {game.round} already records {g.player} against {g.opponent} "
                f"({g.winner} won, recorded {g.recorded_at}); a recorded result is never replaced"
            )


def personas_of(conn: sqlite3.Connection) -> tuple[dict[str, str], dict[str, str]]:
    """Each registered player's persona (card id, else name), and each persona's name."""
    rows = conn.execute("SELECT player, persona_id, persona FROM registrations").fetchall()
    return {p: i or n for p, i, n in rows}, {i or n: n for _, i, n in rows}


def record_result(
    path: Path,
    round_number: int,
    player: str,
    opponent: str,
    winner: str,
    *,
    head: bool = False,
    quickenings: list[str] | None = None,
) -> Game:
    """Record one game; EventRefusal when the event refuses it (players not registered, a
    game of the round already recorded for one of them, a league rule)."""
    import uuid

    if not 1 <= round_number <= MAX_ROUND:
        raise UsageError(f"round {round_number}: give a round from 1 to {MAX_ROUND}")
    names = [check_name(p, "player") for p in (player, opponent, winner)]
    passed = [check_name(q, "--quickening") for q in quickenings or []]
    if len({quickening_key(q) for q in passed}) != len(passed):
        raise UsageError("a Quickening is named twice in one result")
    if passed and not head:
        raise UsageError("Quickenings pass with a head: give --head with --quickening")
    with writing(path) as conn:
        event = event_from(conn, path)
        first, second, won = _the_players(conn, event, names)
        played = games(conn)
        spelled = spelled_as_recorded(passed, played)
        game = Game(uuid.uuid4().hex, round_number, now(), first, second, won, head, spelled)
        refuse_a_second_result(game, played)
        check_result(event, game, played, *personas_of(conn))
        insert_game(conn, game)
    return game


def insert_game(conn: sqlite3.Connection, game: Game) -> None:
    conn.execute(
        "INSERT INTO games (id, round, recorded_at, player, opponent, winner, head_taken) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            game.id,
            game.round,
            game.recorded_at,
            game.player,
            game.opponent,
            game.winner,
            int(game.head_taken),
        ),
    )
    conn.executemany(
        "INSERT INTO quickenings (game_id, quickening, from_player, to_player) VALUES (?, ?, ?, ?)",
        [(game.id, name, game.loser, game.winner) for name in game.quickenings],
    )
