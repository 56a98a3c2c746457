"""Check a custom Immortal sheet (TOML) against seed 003's rules for making Immortals.

Rules for making your own Immortals (seed 003): roll 1D6+3 for each stat, or assign 39+1D6
points to the twelve stats. hlcg reads the points method as: every stat starts at 3 and
receives points, and 39+1D6 (40..45) points are assigned in all, so the twelve stats sum to
36 + 40 = 76 up to 36 + 45 = 81. Cross-check: twelve rolls of 1D6+3 average
12 x 6.5 = 78, and the points method averages 36 + 39 + 3.5 = 78.5: the two methods build
Immortals of the same size. Both methods give stats from 4 to 9
(the range of 1D6+3; Immortal Stats: "between 4 and 9").

Problems (rule names are a public contract): stat-missing, stat-range, point-total,
unknown-sword, unknown-location, unknown-stat, unknown-method.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from typing import Any

from hlcg.tcboo import STATS
from hlcg.tcboo.store import TcbooData

STAT_MIN, STAT_MAX = 4, 9
POINTS_MIN, POINTS_MAX = 12 * 3 + 39 + 1, 12 * 3 + 39 + 6  # 76 .. 81
METHODS = ("roll", "points")
_KNOWN_KEYS = {"name", "method", "sword", "location", "stats"}


@dataclass(frozen=True)
class SheetProblem:
    rule: str
    message: str
    severity: str = "error"

    def to_json(self) -> dict[str, str]:
        return {"rule": self.rule, "severity": self.severity, "message": self.message}


@dataclass
class SheetResult:
    path: str
    name: str | None
    problems: list[SheetProblem] = field(default_factory=list)
    derived: dict[str, Any] = field(default_factory=dict)
    premade: bool = False

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": 1,
            "path": self.path,
            "name": self.name,
            "premade": self.premade,
            "legal": self.legal,
            "problems": [p.to_json() for p in self.problems],
            "derived": self.derived,
        }


class SheetError(ValueError):
    """The sheet is not readable TOML (the check cannot run)."""


def parse(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SheetError(f"not valid TOML: {exc}") from None
    except RecursionError:
        raise SheetError("not valid TOML: nested too deeply") from None


def _suggest(name: str, choices: list[str]) -> str:
    from rapidfuzz import fuzz, process

    from hlcg.catalog.lookup import SUGGEST_SCORE

    found = process.extract(name, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=SUGGEST_SCORE)
    return f"; did you mean {', '.join(c for c, _, _ in found)}?" if found else ""


BASE_HAND_SIZE = 5  # Setup: "Each player is dealt 5 cards."


def _location_force(card: dict[str, Any], location: dict[str, Any] | None) -> int | None:
    """What the location adds to a card's Force; None when it depends on how a card of
    type B (attack or defense) is played and the location treats those differently."""
    if location is None:
        return 0
    attack, defense = location["attack_force"] or 0, location["defense_force"] or 0
    change = location["interference_force"] or 0 if card["interference"] else 0
    if card["type"] == "A":
        return change + attack
    if card["type"] == "D":
        return change + defense
    if card["type"] == "B" and attack != defense:
        return None
    return change + (attack if card["type"] == "B" else 0)


def derive(
    stats: dict[str, int],
    sword: dict[str, Any] | None,
    data: TcbooData,
    location: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Life Points, hand size and the Force of every stat-based card, with the location's
    effect (seed 003, Locations) applied where it changes them."""
    forces: dict[str, int | None] = {}
    notes: list[str] = []
    for card in data.cards.values():
        stat = card["force_stat"]
        if not stat:
            continue
        if location is not None and location["removes_interference"] and card["interference"]:
            notes.append(f"{card['name']} is out of the deck at {location['name']}")
            continue
        source = sword if data.sword_stat(stat) else stats
        value = source.get(stat) if source else None
        change = _location_force(card, location)
        if change is None:
            assert location is not None
            notes.append(
                f"{card['name']}: {location['attack_force'] or 0:+d} as an attack, "
                f"{location['defense_force'] or 0:+d} as a defense at {location['name']}"
            )
            change = 0
        forces[card["name"]] = None if value is None else value + change
    endurance = stats.get("endurance")
    hand_change = (location["hand_size"] or 0) if location is not None else 0
    hand_size = BASE_HAND_SIZE + hand_change
    where = f" at {location['name']}" if hand_change and location is not None else ""
    derived: dict[str, Any] = {
        "life_points": None if endurance is None else 15 + endurance,
        "hand_size": hand_size,
        "hand_size_note": f"{hand_size + 1} instead{where} when this Immortal's Experience is "
        f"higher than the opponent's (Experience {stats.get('experience', '?')})",
        "card_forces": dict(sorted(forces.items())),
    }
    if location is not None:
        derived["location"] = {"name": location["name"], "effect": location["effect"]}
        if notes:
            derived["location_notes"] = notes
    return derived


def _fold_keys(table: dict[str, Any]) -> dict[str, Any]:
    """Keys as the rules write them, whatever their case: `Size = 6`, `Method = "roll"`."""
    return {k.lower() if isinstance(k, str) else k: v for k, v in table.items()}


def check(sheet: dict[str, Any], data: TcbooData, path: str = "<sheet>") -> SheetResult:
    sheet = _fold_keys(sheet)
    if isinstance(sheet.get("stats"), dict):
        sheet["stats"] = _fold_keys(sheet["stats"])
    if isinstance(sheet.get("method"), str):
        sheet["method"] = sheet["method"].strip().lower()
    result = SheetResult(
        path=path, name=sheet.get("name") if isinstance(sheet.get("name"), str) else None
    )
    problems = result.problems
    for key in sorted(set(sheet) - _KNOWN_KEYS):
        problems.append(
            SheetProblem(
                "unknown-stat", f"unknown key {key!r}; a sheet has {', '.join(sorted(_KNOWN_KEYS))}"
            )
        )
    method = sheet.get("method")
    if method not in METHODS:
        problems.append(
            SheetProblem("unknown-method", f"method {method!r} is not 'roll' or 'points'")
        )
    raw_stats = sheet.get("stats")
    if not isinstance(raw_stats, dict):
        raw_stats = {}
        problems.append(SheetProblem("stat-missing", "no [stats] table"))
    stats: dict[str, int] = {}
    for key in sorted(set(raw_stats) - set(STATS)):
        problems.append(
            SheetProblem(
                "unknown-stat",
                f"{key!r} is not one of the twelve stats{_suggest(key, list(STATS))}",
            )
        )
    for stat in STATS:
        value = raw_stats.get(stat)
        if value is None:
            if raw_stats:
                problems.append(SheetProblem("stat-missing", f"{stat} is missing"))
            continue
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(
                SheetProblem("stat-missing", f"{stat} = {value!r} is not a whole number")
            )
            continue
        stats[stat] = value
        if not STAT_MIN <= value <= STAT_MAX:
            problems.append(
                SheetProblem(
                    "stat-range", f"{stat} is {value}; stats are {STAT_MIN} to {STAT_MAX} (1D6+3)"
                )
            )
    if method == "points" and len(stats) == len(STATS):
        total = sum(stats.values())
        if not POINTS_MIN <= total <= POINTS_MAX:
            problems.append(
                SheetProblem(
                    "point-total",
                    f"the twelve stats sum to {total}; with 3 per stat plus 39+1D6 points they "
                    f"sum to {POINTS_MIN}..{POINTS_MAX}",
                )
            )
    sword = None
    sword_name = sheet.get("sword")
    if not isinstance(sword_name, str) or not sword_name.strip():
        problems.append(SheetProblem("unknown-sword", "no sword chosen; each player picks one"))
    else:
        sword = data.find(data.swords, sword_name)
        if sword is None:
            problems.append(
                SheetProblem(
                    "unknown-sword",
                    f"no sword named {sword_name!r}{_suggest(sword_name, list(data.swords))}",
                )
            )
    location = sheet.get("location")
    place = data.find(data.locations, location) if isinstance(location, str) else None
    if location is not None and place is None:
        hint = _suggest(str(location), list(data.locations))
        problems.append(SheetProblem("unknown-location", f"no location named {location!r}{hint}"))
    result.derived = derive(stats, sword, data, place)
    if sword is not None:
        result.derived["sword"] = sword["name"]
    return result


def premade_note(stats: dict[str, int]) -> str:
    """What a premade Immortal exceeds and what it keeps of the rules for making Immortals,
    from its own numbers."""
    total = sum(stats.values())
    if total > POINTS_MAX:
        exceeds = f"its stats sum to {total}, above the {POINTS_MIN}..{POINTS_MAX} of a built one"
    elif total < POINTS_MIN:
        exceeds = f"its stats sum to {total}, below the {POINTS_MIN}..{POINTS_MAX} of a built one"
    else:
        exceeds = f"its stats sum to {total}, within the {POINTS_MIN}..{POINTS_MAX} of a built one"
    outside = [f"{s} {v}" for s, v in stats.items() if not STAT_MIN <= v <= STAT_MAX]
    keeps = (
        f"every stat stays within {STAT_MIN}..{STAT_MAX}"
        if not outside
        else f"outside {STAT_MIN}..{STAT_MAX}: {', '.join(outside)}"
    )
    return f"premade (accepted as printed): {exceeds}; {keeps}"


def premade(name: str, data: TcbooData, sword_name: str | None = None) -> SheetResult | None:
    decision = data.decide(data.immortals, name)
    if not decision.found:
        return None
    immortal = data.immortals[decision.ids[0]]
    stats = {s: immortal[s] for s in STATS}
    sword = data.find(data.swords, sword_name) if sword_name else None
    result = SheetResult(path=f"premade:{immortal['name']}", name=immortal["name"], premade=True)
    if sword_name and sword is None:
        result.problems.append(
            SheetProblem(
                "unknown-sword",
                f"no sword named {sword_name!r}{_suggest(sword_name, list(data.swords))}",
            )
        )
    result.derived = {"stats": stats, **derive(stats, sword, data), "note": premade_note(stats)}
    if sword is not None:
        result.derived["sword"] = sword["name"]
    return result
