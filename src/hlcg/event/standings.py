"""Standings: each player's games, wins, heads and points as the event's rule set counts
them, ordered by points and then by the rule set's tie-breaks; players equal on all of them
share a place. The ledger beside them: every head taken and where each Quickening is."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hlcg.event.core import event_from
from hlcg.event.registration import registrations
from hlcg.event.results import Game, beheaded, games, holders
from hlcg.event.rulesets import BEHEADED_PERSONA_REMOVED, TIE_BREAKS
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


def standings(path: Path) -> dict[str, Any]:
    """The standings, the ledger and what they were counted by, as data."""
    with reading(path) as conn:
        event = event_from(conn, path)
        regs = registrations(conn)
        played = games(conn)
    rules = event.ruleset
    personas = {r.player: r.persona_id or r.persona for r in regs}
    lost = beheaded(played, personas)
    rows: dict[str, dict[str, Any]] = {}
    for reg in regs:
        own = [g for g in played if reg.player in (g.player, g.opponent)]
        rows[reg.player] = {
            "player": reg.player,
            "persona": reg.persona,
            "games": len(own),
            "wins": sum(1 for g in own if g.winner == reg.player),
            "losses": sum(1 for g in own if g.winner != reg.player),
            "heads": sum(1 for g in own if g.winner == reg.player and g.head_taken),
            "points": _points(reg.player, played, rules.points),
            "removed": BEHEADED_PERSONA_REMOVED in rules.rules and personas[reg.player] in lost,
            "beheaded": any(g.head_taken and g.loser == reg.player for g in played),
        }
    for row in rows.values():
        met = [
            g.loser if g.winner == row["player"] else g.winner
            for g in played
            if row["player"] in (g.player, g.opponent)
        ]
        row["opponents_points"] = sum(rows[m]["points"] for m in met if m in rows)

    def key(row: dict[str, Any]) -> tuple[int, ...]:
        fields = {"heads": "heads", "wins": "wins", "opponents-points": "opponents_points"}
        return (row["points"], *(row[fields[t]] for t in rules.tie_breaks))

    ordered = sorted(
        rows.values(), key=lambda r: (tuple(-v for v in key(r)), r["player"].casefold())
    )
    place, previous = 0, None
    for index, row in enumerate(ordered, start=1):
        if key(row) != previous:
            place, previous = index, key(row)
        row["place"] = place
    held = holders(played)
    quickening_names = {q.casefold(): q for g in played for q in g.quickenings}
    return {
        "event": event.to_json(),
        "judged_by": event.judged_by,
        "ruleset": {
            "name": rules.name,
            "title": rules.title,
            "source": rules.source,
            "points": rules.points,
            "points_source": rules.points_source,
            "rules": rules.rules,
            "tie_breaks": [{"name": t, "means": TIE_BREAKS[t]} for t in rules.tie_breaks],
            "tie_breaks_source": rules.tie_breaks_source,
        },
        "standings": ordered,
        "games": [g.to_json() for g in played],
        "heads": [
            {
                "round": g.round,
                "taker": g.winner,
                "beheaded": g.loser,
                "persona": next((r.persona for r in regs if r.player == g.loser), g.loser),
            }
            for g in played
            if g.head_taken
        ],
        "quickenings": [
            {"quickening": quickening_names[k], "holder": holder}
            for k, holder in sorted(held.items())
        ],
    }
