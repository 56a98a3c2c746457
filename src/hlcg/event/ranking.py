"""Standings: each player's games, wins, heads and points as the event's rule set counts
them, ordered by points and then by the rule set's tie-breaks; players equal on all of them
share a place. The ledger beside them: every head taken and where each Quickening is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hlcg.event.core import event_from
from hlcg.event.registration import Registration, registrations
from hlcg.event.results import Game, beheaded, games, holders, quickening_key
from hlcg.event.rulesets import BEHEADED_PERSONA_REMOVED, TIE_BREAKS, RuleSet
from hlcg.event.store import reading


def _points(player: str, played: list[Game], points: dict[str, int]) -> int:
    total = 0
    for game in played:
        if player not in (game.player, game.opponent):
            continue
        total += points["played"]
        if game.winner == player:
            total += points["win"] + (points["head"] if game.head_taken else 0)
    return total


def _removed(regs: list[Registration], played: list[Game], rules: RuleSet) -> set[str]:
    """The players the league has removed: their persona lost its head."""
    if BEHEADED_PERSONA_REMOVED not in rules.rules:
        return set()
    personas = {r.player: r.persona_id or r.persona for r in regs}
    lost = beheaded(played, personas)
    return {player for player, persona in personas.items() if persona in lost}


def _player_rows(
    regs: list[Registration], played: list[Game], rules: RuleSet
) -> dict[str, dict[str, Any]]:
    """Each player's counts and points, and whether the league has removed them."""
    removed = _removed(regs, played, rules)
    rows: dict[str, dict[str, Any]] = {}
    for reg in regs:
        own = [g for g in played if reg.player in (g.player, g.opponent)]
        won = [g for g in own if g.winner == reg.player]
        rows[reg.player] = {
            "player": reg.player,
            "persona": reg.persona,
            "games": len(own),
            "wins": len(won),
            "losses": len(own) - len(won),
            "heads": len([g for g in won if g.head_taken]),
            "points": _points(reg.player, played, rules.points),
            "removed": reg.player in removed,
            "beheaded": reg.player in {g.loser for g in own if g.head_taken},
        }
        row = rows[reg.player]
        # the standings' league column, on the command line and the site alike
        row["league"] = (
            "removed (beheaded)" if row["removed"] else "beheaded" if row["beheaded"] else ""
        )
    for row in rows.values():
        row["opponents_points"] = sum(
            rows[m]["points"] for m in _met(row["player"], played) if m in rows
        )
    return rows


def _met(player: str, played: list[Game]) -> list[str]:
    """Each opponent ``player`` played, once a game."""
    return [
        g.opponent if g.player == player else g.player
        for g in played
        if player in (g.player, g.opponent)
    ]


TIE_BREAK_FIELDS = {"heads": "heads", "wins": "wins", "opponents-points": "opponents_points"}


def _ordered(rows: list[dict[str, Any]], tie_breaks: tuple[str, ...]) -> list[dict[str, Any]]:
    """By points, then the tie-breaks (higher first); equal on all of them: a shared place,
    listed by name."""

    def key(row: dict[str, Any]) -> tuple[int, ...]:
        return (row["points"], *(row[TIE_BREAK_FIELDS[t]] for t in tie_breaks))

    ordered = sorted(rows, key=lambda r: (tuple(-v for v in key(r)), r["player"].casefold()))
    place, previous = 0, None
    for index, row in enumerate(ordered, start=1):
        if key(row) != previous:
            place, previous = index, key(row)
        row["place"] = place
    return ordered


def ruleset_json(rules: RuleSet) -> dict[str, Any]:
    return {
        "name": rules.name,
        "title": rules.title,
        "source": rules.source,
        "points": rules.points,
        "points_source": rules.points_source,
        "rules": rules.rules,
        "tie_breaks": [{"name": t, "means": TIE_BREAKS[t]} for t in rules.tie_breaks],
        "tie_breaks_source": rules.tie_breaks_source,
    }


def _ledger(regs: list[Registration], played: list[Game]) -> dict[str, Any]:
    """The heads taken, and who holds each Quickening."""
    persona = {r.player: r.persona for r in regs}
    names = {quickening_key(q): q for g in reversed(played) for q in g.quickenings}
    return {
        "heads": [
            {
                "round": g.round,
                "taker": g.winner,
                "beheaded": g.loser,
                "persona": persona.get(g.loser, g.loser),
            }
            for g in played
            if g.head_taken
        ],
        "quickenings": [
            {"quickening": names[k], "holder": holder}
            for k, holder in sorted(holders(played).items())
        ],
    }


def standings(path: Path) -> dict[str, Any]:
    """The standings, the ledger and what they were counted by, as data."""
    with reading(path) as conn:
        event = event_from(conn, path)
        regs = registrations(conn)
        played = games(conn)
    rows = _player_rows(regs, played, event.ruleset)
    return {
        "event": event.to_json(),
        "judged_by": event.judged_by,
        "ruleset": ruleset_json(event.ruleset),
        "standings": _ordered(list(rows.values()), event.ruleset.tie_breaks),
        "games": [g.to_json() for g in played],
        **_ledger(regs, played),
    }
