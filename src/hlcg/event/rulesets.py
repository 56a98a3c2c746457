"""An event's rule set as data: the points a game gives, the league rules a result must keep,
and the tie-breaks of the standings, each with its source. hlcg ships two
(``rulesets/*.toml``: the 2E league guidelines and a plain tournament); an organiser writes
their own in the same TOML and passes its path to ``hlcg event new --rules``.

A rule set's text is stored in the event file, so the event is judged by the rules it was
created with wherever the file goes.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from hlcg.errors import UsageError

SHIPPED = Path(__file__).parent / "rulesets"
RULESETS = {"2e-league": "bofthebb-2e-league.toml", "tournament": "tournament.toml"}

# What a rule set may ask of a result (league rules, each refused with its source).
BEHEADED_PERSONA_REMOVED = "beheaded-persona-removed"
QUICKENING_STAYS_WITH_TAKER = "quickening-stays-with-taker"
LEAGUE_RULES = {
    BEHEADED_PERSONA_REMOVED: "a persona that has lost its head plays no more games",
    QUICKENING_STAYS_WITH_TAKER: "a Quickening is held by one Immortal: only its holder's "
    "taker may claim it",
}
# What standings may be ordered by after points.
TIE_BREAKS = {
    "heads": "heads taken",
    "wins": "games won",
    "opponents-points": "the points of the players met",
}
POINTS = ("win", "played", "head")
MAX_POINTS = 1000
MAX_RULESET_BYTES = 64 * 1024


@dataclass(frozen=True)
class RuleSet:
    name: str
    title: str
    source: str
    points: dict[str, int]
    points_source: str  # where the numbers come from, and what it says
    rules: dict[str, str]  # rule name -> what its source says, and the source
    tie_breaks: tuple[str, ...]
    tie_breaks_source: str
    text: str  # the TOML it was read from, stored in the event

    def refusal(self, rule: str, what: str) -> str:
        """A refusal's message: what broke which rule, and where the rule comes from."""
        return f"{what}: refused by the rule {rule} of {self.name}: {self.rules[rule]}"


def _field(table: dict[str, object], key: str, where: str) -> str:
    value = table.get(key)
    if not isinstance(value, str) or not value.strip():
        raise UsageError(f"{where}: {key} must be a non-empty text")
    return value.strip()


def _sourced(table: dict[str, object], where: str) -> str:
    """A table's ``says`` and ``source`` as one phrase: "what it says (source: where)"."""
    unknown = set(table) - {"says", "source", "order", *POINTS}
    if unknown:
        raise UsageError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    return f"{_field(table, 'says', where)} (source: {_field(table, 'source', where)})"


def _table(data: dict[str, object], key: str, where: str) -> dict[str, object]:
    table = data.get(key, {})
    if not isinstance(table, dict):
        raise UsageError(f"{where}: [{key}] must be a table")
    return table


def _points(table: dict[str, object], where: str) -> dict[str, int]:
    extra = set(table) - {*POINTS, "source", "says"}
    if extra:
        raise UsageError(f"{where}: unknown points.{sorted(extra)[0]} (known: {', '.join(POINTS)})")
    points: dict[str, int] = {}
    for key in POINTS:
        value = table.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
            raise UsageError(f"{where}: points.{key} must be a whole number 0..{MAX_POINTS}")
        points[key] = value
    return points


def _rules(table: dict[str, object], where: str) -> dict[str, str]:
    rules = {}
    for rule, body in table.items():
        if rule not in LEAGUE_RULES:
            raise UsageError(
                f"{where}: unknown rule {rule!r} (known: {', '.join(sorted(LEAGUE_RULES))})"
            )
        if not isinstance(body, dict):
            raise UsageError(f"{where}: [rules.{rule}] must be a table with says and source")
        rules[rule] = _sourced(body, f"{where}: rules.{rule}")
    return rules


def _tie_breaks(table: dict[str, object], where: str) -> tuple[str, ...]:
    order = table.get("order", [])
    if not isinstance(order, list) or any(t not in TIE_BREAKS for t in order):
        raise UsageError(
            f"{where}: tie_breaks.order must list some of {', '.join(sorted(TIE_BREAKS))}"
        )
    return tuple(order)


def parse(text: str, where: str) -> RuleSet:
    """A rule set from its TOML; UsageError naming ``where`` and the field when it is wrong."""
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, RecursionError) as exc:
        raise UsageError(f"{where}: not valid TOML ({exc})") from None
    unknown = set(data) - {"name", "title", "source", "points", "rules", "tie_breaks"}
    if unknown:
        raise UsageError(f"{where}: unknown key {sorted(unknown)[0]!r}")
    points, ties = _table(data, "points", where), _table(data, "tie_breaks", where)
    order = _tie_breaks(ties, where)
    return RuleSet(
        name=_field(data, "name", where),
        title=_field(data, "title", where),
        source=_field(data, "source", where),
        points=_points(points, where),
        points_source=_sourced(points, f"{where}: points") if points else "",
        rules=_rules(_table(data, "rules", where), where),
        tie_breaks=order,
        tie_breaks_source=_sourced(ties, f"{where}: tie_breaks") if order else "",
        text=text,
    )


def load_ruleset(given: str) -> RuleSet:
    """A shipped rule set by name (``2e-league``, ``tournament``) or a TOML file's path."""
    if given in RULESETS:
        path = SHIPPED / RULESETS[given]
    else:
        path = Path(given)
        if not path.is_file():
            raise UsageError(
                f"--rules {given!r}: neither a rule set hlcg ships "
                f"({', '.join(RULESETS)}) nor a TOML file"
            )
        if path.stat().st_size > MAX_RULESET_BYTES:
            raise UsageError(f"{path}: over {MAX_RULESET_BYTES} bytes, too large for a rule set")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"{path}: cannot be read as UTF-8 text ({exc})") from None
    return parse(text, str(path) if given not in RULESETS else given)
