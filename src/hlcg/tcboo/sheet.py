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

import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hlcg.problems import Severity
from hlcg.tcboo import STATS
from hlcg.tcboo.derive import derive
from hlcg.tcboo.form import SHEET_KEYS, ReadSheet, read
from hlcg.tcboo.store import TcbooData

# A sheet is a dozen TOML lines: anything far larger is not one.
MAX_SHEET_BYTES = 64 * 1024
STAT_MIN, STAT_MAX = 4, 9
POINTS_MIN, POINTS_MAX = 12 * 3 + 39 + 1, 12 * 3 + 39 + 6  # 76 .. 81


@dataclass(frozen=True)
class SheetProblem:
    """One problem of a sheet; ``field`` is the key it is at ("stats.wits"), if any."""

    rule: str
    message: str
    severity: Severity = Severity.ERROR
    field: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {
            "rule": self.rule,
            "severity": self.severity,
            "message": self.message,
            "field": self.field,
        }


@dataclass
class SheetResult:
    path: str
    name: str | None
    problems: list[SheetProblem] = field(default_factory=list)
    derived: dict[str, Any] = field(default_factory=dict)
    premade: bool = False

    @property
    def legal(self) -> bool:
        return not any(p.severity == Severity.ERROR for p in self.problems)

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


# tomllib's messages (its words, "Illegal character '\\n'") in ours, most common first
_TOML_SAID = (
    (re.compile(r"Illegal character '\\n'"), "the line ends inside a value (a quote not closed?)"),
    (re.compile(r"Illegal character"), "a character that cannot stand there"),
    (re.compile(r"Expected '=' after a key"), "a key without '= value' after it"),
    (re.compile(r"Invalid value"), "no value after '=' (text needs quotes)"),
    (re.compile(r"Cannot (overwrite|declare|mutate)"), "a key or table given twice"),
    (re.compile(r"Unclosed array"), "a list '[' not closed by ']'"),
    (re.compile(r"Unclosed inline table"), "a table '{' not closed by '}'"),
    (re.compile(r"Unterminated string"), "a string not closed by its quote"),
    (re.compile(r"Expected newline or end of document"), "more after a value on its line"),
)
_TOML_WHERE = re.compile(r"\s*\((?:at line (\d+), column (\d+)|at end of document)\)\s*$")


def toml_error_words(said: str) -> str:
    """A TOML error in hlcg's words, with its line and column ("line 1, column 10: the line
    ends inside a value ..."); a message not known here: "not readable there"."""
    where = _TOML_WHERE.search(said)
    if where is None:
        place = ""
    elif where.group(1):
        place = f"line {where.group(1)}, column {where.group(2)}: "
    else:
        place = "at the end: "
    for pattern, ours in _TOML_SAID:
        if pattern.search(said):
            return place + ours
    return place + "the text cannot be read as TOML there"


def read_sheet(path: Path) -> str:
    """A sheet file's text, read as deck files are (standard input, size, encoding), up to
    ``MAX_SHEET_BYTES``; a DeckFileError says what is wrong with the file."""
    from hlcg.deck import decode, read_deck_bytes

    text, _ = decode(read_deck_bytes(path, MAX_SHEET_BYTES, "sheet"), path, "sheet (TOML)")
    return text


def parse(text: str) -> dict[str, Any]:
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise SheetError(f"not valid TOML: {toml_error_words(str(exc))}") from None
    except RecursionError:
        raise SheetError("not valid TOML: nested too deeply") from None
    except ValueError as exc:  # an integer of over 4,300 digits: its first clause says so
        raise SheetError(f"not valid TOML: {str(exc).split(';')[0]}") from None


def _suggest(name: str, choices: list[str]) -> str:
    from rapidfuzz import fuzz, process

    from hlcg.catalog import SUGGEST_SCORE

    found = process.extract(name, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=SUGGEST_SCORE)
    return f"; did you mean {', '.join(c for c, _, _ in found)}?" if found else ""


def _key_problems(sheet: ReadSheet) -> list[SheetProblem]:
    """Keys that are not a sheet's, and a method that is not one of the two."""
    problems = [
        SheetProblem(
            "unknown-stat",
            f"unknown key {where[0]!r}; a sheet has {', '.join(SHEET_KEYS)}",
            field=where[0],
        )
        for where in sorted(sheet.departures)
        if len(where) == 1 and sheet.departures[where].kind == "extra_forbidden"
    ]
    if ("method",) in sheet.departures:
        method = sheet.values.get("method")
        said = (
            "no method" if method is None else f"method = {_toml(method)} is not 'roll' or 'points'"
        )
        problems.append(
            SheetProblem(
                "unknown-method",
                f'{said}; write method = "roll" (1D6+3 each) or "points"',
                field="method",
            )
        )
    return problems


def _stat_problems(sheet: ReadSheet) -> list[SheetProblem]:
    """A missing [stats] table, keys that are not stats, stats missing, not whole numbers
    or outside 4..9."""
    raw = sheet.values.get("stats")
    if not isinstance(raw, dict):
        return [SheetProblem("stat-missing", "no [stats] table", field="stats")]
    problems = [
        SheetProblem(
            "unknown-stat",
            f"{where[1]!r} is not one of the twelve stats{_suggest(where[1], list(STATS))}",
            field=".".join(where),
        )
        for where in sorted(sheet.departures)
        if len(where) == 2 and sheet.departures[where].kind == "extra_forbidden"
    ]
    for stat in STATS:
        where = f"stats.{stat}"
        if ("stats", stat) in sheet.departures:
            value = raw[stat]
            problems.append(
                SheetProblem(
                    "stat-missing", f"{stat} = {_toml(value)} is not a whole number", field=where
                )
            )
        elif stat not in sheet.stats and raw:
            problems.append(SheetProblem("stat-missing", f"{stat} is missing", field=where))
        elif stat in sheet.stats and not STAT_MIN <= sheet.stats[stat] <= STAT_MAX:
            problems.append(
                SheetProblem(
                    "stat-range",
                    f"{stat} is {sheet.stats[stat]}; stats are {STAT_MIN} to {STAT_MAX} (1D6+3)",
                    field=where,
                )
            )
    return problems


def _total_problems(sheet: ReadSheet) -> list[SheetProblem]:
    """The points method: 3 per stat plus 39+1D6 points."""
    if sheet.values.get("method") != "points" or len(sheet.stats) != len(STATS):
        return []
    total = sum(sheet.stats.values())
    if POINTS_MIN <= total <= POINTS_MAX:
        return []
    return [
        SheetProblem(
            "point-total",
            f"the twelve stats sum to {total}; with 3 per stat plus 39+1D6 points they "
            f"sum to {POINTS_MIN}..{POINTS_MAX}",
            field="stats",
        )
    ]


def _toml(value: Any) -> str:
    """A value as the sheet writes it (TOML): true, not Python's True."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return '"' + value.replace('"', '\\"') + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml(item) for item in value) + "]"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def _unknown_sword(name: str, data: TcbooData) -> SheetProblem:
    return SheetProblem(
        "unknown-sword",
        f"no sword named {name!r}{_suggest(name, list(data.swords))}",
        field="sword",
    )


def check(sheet: dict[str, Any], data: TcbooData, path: str = "<sheet>") -> SheetResult:
    """Check a parsed sheet against the rules for making Immortals; every problem at once."""
    read_sheet = read(sheet)
    result = SheetResult(path=path, name=read_sheet.name)
    problems = result.problems
    problems += _key_problems(read_sheet)
    problems += _stat_problems(read_sheet)
    problems += _total_problems(read_sheet)
    sword = None
    sword_name = read_sheet.values.get("sword")
    if isinstance(sword_name, list):
        problems.append(
            SheetProblem(
                "unknown-sword",
                f"sword = {_toml(sword_name)} names {len(sword_name)}; an Immortal has one sword",
                field="sword",
            )
        )
    elif not isinstance(sword_name, str) or not sword_name.strip():
        problems.append(
            SheetProblem("unknown-sword", "no sword chosen; each player picks one", field="sword")
        )
    else:
        sword = data.find(data.swords, sword_name)
        if sword is None:
            problems.append(_unknown_sword(sword_name, data))
    location = read_sheet.values.get("location")
    place = data.find(data.locations, location) if isinstance(location, str) else None
    if location is not None and place is None:
        hint = _suggest(str(location), list(data.locations))
        problems.append(
            SheetProblem(
                "unknown-location", f"no location named {location!r}{hint}", field="location"
            )
        )
    result.derived = derive(read_sheet.stats, sword, data, place)
    if sword is not None:
        result.derived["sword"] = sword.name
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
    """A premade Immortal, accepted as printed, with what its numbers give in play."""
    decision = data.decide(data.immortals, name)
    if not decision.found:
        return None
    immortal = data.immortals[decision.ids[0]]
    stats = immortal.stats()
    sword = data.find(data.swords, sword_name) if sword_name else None
    result = SheetResult(path=f"premade:{immortal.name}", name=immortal.name, premade=True)
    if sword_name and sword is None:
        result.problems.append(_unknown_sword(sword_name, data))
    result.derived = {"stats": stats, **derive(stats, sword, data), "note": premade_note(stats)}
    if sword is not None:
        result.derived["sword"] = sword.name
    return result
