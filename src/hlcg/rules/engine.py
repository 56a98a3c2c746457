"""Run the rules of a format over a resolved deck and collect every problem at once."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hlcg.catalog.fields import ATTRIBUTES
from hlcg.catalog.store import Catalogue
from hlcg.deck.resolve import PERSONA_RULES, ResolvedDeck
from hlcg.rules.context import Context
from hlcg.rules.pregame_limit import pregame_count
from hlcg.rules.problem import Problem
from hlcg.rules.profiles import Profile
from hlcg.rules.registry import RULES


class DeckReport:
    """The verdict on one deck. (A plain class: dataclass creation costs start-up time.)"""

    def __init__(
        self,
        *,
        path: str,
        format: str,
        persona: str,
        persona_id: str | None,
        endurance: int,
        pregame: int,
        pregame_limit: int | None,
        endurance_minimum: int,
        gems: dict[str, dict[str, int | None]],
        master_used: int,
        master_limit: int | None,
        problems: list[Problem],
        resolved: ResolvedDeck | None = None,
        unrecognised: int = 0,
    ) -> None:
        self.path = path
        self.format = format
        self.persona = persona
        self.persona_id = persona_id
        self.endurance = endurance
        self.pregame = pregame
        self.pregame_limit = pregame_limit
        self.endurance_minimum = endurance_minimum
        self.gems = gems
        self.master_used = master_used
        self.master_limit = master_limit
        self.problems = problems
        self.resolved = resolved
        # Endurance copies on lines naming no single card, counted toward the deck size.
        self.unrecognised = unrecognised
        # Set by hlcg.check (it knows the catalogue's content hash); see docs/fingerprint.md.
        self.fingerprint: str | None = None

    @property
    def legal(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.severity == "warning")

    @property
    def notes(self) -> int:
        """Data gaps: what could not be checked for missing catalogue data."""
        return sum(1 for p in self.problems if p.severity == "note")

    @property
    def data_gaps(self) -> int:
        return sum(1 for p in self.problems if p.rule == "unchecked")

    def fails(self, strict: bool = False, fail_on_unchecked: bool = False) -> bool:
        """Whether this deck fails a run: errors always, warnings with --strict, data gaps
        (`unchecked` notes) with --fail-on unchecked."""
        return (
            not self.legal
            or (strict and self.warnings > 0)
            or (fail_on_unchecked and self.data_gaps > 0)
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "fingerprint": self.fingerprint,
            "format": self.format,
            "persona": self.persona,
            "legal": self.legal,
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
            "endurance": self.endurance,
            "unrecognised": self.unrecognised,
            "pregame": self.pregame,
            "gems": self.gems,
            "problems": [p.to_json() for p in self.problems],
            "sideboard": [
                {"card": s.name, "count": s.count, "line": s.line, "id": s.card_id}
                for s in (self.resolved.sideboard if self.resolved else [])
            ],
        }


def _persona_shown(deck: ResolvedDeck) -> str:
    if deck.persona_unresolved:
        name = deck.unresolved_persona_name
        return f"unknown persona {name!r}" if name else "unknown persona (empty Persona: line)"
    if deck.persona and not deck.is_generic:
        return deck.persona.title
    return "Generic Immortal"


def selected(rule_name: str, code: str, select: Sequence[str], ignore: Sequence[str]) -> bool:
    """--select / --ignore by rule name or code prefix (HL2 selects HL201 ... HL206)."""

    def hits(patterns: Sequence[str]) -> bool:
        return any(p == rule_name or code.upper().startswith(p.upper()) for p in patterns)

    if select and not hits(select):
        return False
    return not hits(ignore)


# Limits a fault breaks together: too many copies of one line can break a title limit, a
# restriction, the Master limit and a gem cap at once; removing copies fixes all of them.
COUNT_LIMITS = ("title-limit", "restriction", "master-limit", "gem-cap", "generic-borrow")


def group_removals(problems: list[Problem]) -> list[Problem]:
    """One error per fault: errors of the count limits whose fix removes copies of the same
    card become one error naming every limit broken, with the largest removal as its fix
    (it satisfies each of them)."""
    groups: dict[str, list[Problem]] = {}
    kept: list[Problem] = []
    for problem in problems:
        edits = problem.edits
        if (
            problem.severity == "error"
            and problem.rule in COUNT_LIMITS
            and len(edits) == 1
            and edits[0][0] == "remove"
        ):
            groups.setdefault(edits[0][1], []).append(problem)
        else:
            kept.append(problem)
    for group in groups.values():
        if len(group) == 1:
            kept.append(group[0])
            continue
        group.sort(key=lambda p: (-p.edits[0][2], COUNT_LIMITS.index(p.rule)))
        first = group[0]
        cards = tuple(dict.fromkeys(c for p in group for c in p.cards))
        lines = [p.line for p in group if p.line is not None]
        limits = ", ".join(p.rule for p in group)
        kept.append(
            first._replace(
                message=f"breaks {len(group)} limits ({limits}): "
                + "; ".join(p.message for p in group),
                cards=cards,
                line=min(lines) if lines else None,
            )
        )
    return kept


def validate(
    deck: ResolvedDeck,
    catalogue: Catalogue,
    profile: Profile,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
) -> DeckReport:
    context = Context(deck, catalogue, profile)
    problems: list[Problem] = []

    def add(rule_name: str, severity: str, **fields: Any) -> None:
        rule = RULES[rule_name]
        setting = profile.settings[rule_name]
        if setting.severity == "off" or not selected(rule.name, rule.code, select, ignore):
            return
        problems.append(Problem(code=rule.code, rule=rule.name, severity=severity, **fields))

    syntax = profile.settings["deck-syntax"].severity
    for issue in deck.issues:
        # A line issue may be milder than the rule (a warning, or a note about something
        # outside the deck such as a set code); never harsher.
        severity = issue.severity if issue.severity in ("warning", "note") else syntax
        add("deck-syntax", severity, message=issue.message, line=issue.line, fix=issue.fix)
    for unresolved in deck.unresolved:
        add(
            unresolved.rule,
            profile.settings[unresolved.rule].severity,
            message=unresolved.message,
            line=unresolved.line,
            fix=unresolved.fix,
            cards=unresolved.card_ids,
        )
    unchecked_severity = profile.settings["unchecked"].severity
    for name, rule in RULES.items():
        setting = profile.settings[name]
        if setting.severity == "off" or not selected(rule.name, rule.code, select, ignore):
            continue
        if deck.persona_unresolved and name in PERSONA_RULES:
            continue  # the unknown-card problem on the Persona: line names these
        for finding in rule.check(deck, context, setting.params):
            if finding.unchecked:
                add(
                    "unchecked",
                    unchecked_severity,
                    message=f"{name}: {finding.message}",
                    cards=finding.cards,
                    line=finding.line,
                    fix=finding.fix or "check these cards by hand",
                )
                continue
            problems.append(
                Problem(
                    code=rule.code,
                    rule=rule.name,
                    severity="note" if finding.advisory else setting.severity,
                    message=finding.message,
                    cards=finding.cards,
                    line=finding.line,
                    fix=finding.fix,
                    edits=finding.edits,
                )
            )
    problems = group_removals(problems)
    problems.sort(key=Problem.sort_key)
    budget = context.gem_budget
    gem_rule_on = profile.settings["gem-cap"].severity != "off"
    persona = deck.persona
    limit_setting = profile.settings["pregame-limit"]
    return DeckReport(
        path=deck.path,
        format=deck.format,
        persona=_persona_shown(deck),
        persona_id=persona.id if persona else None,
        endurance=deck.copies("endurance"),
        pregame=pregame_count(deck),
        pregame_limit=None if limit_setting.severity == "off" else limit_setting.params["max"],
        endurance_minimum=profile.settings["deck-size"].params["min"],
        gems={
            a: {"used": budget.used[a], "cap": budget.caps[a] if gem_rule_on else None}
            for a in ATTRIBUTES
        },
        master_used=sum(dc.count for dc in deck.endurance if dc.card.is_master),
        master_limit=profile.settings["master-limit"].params["generic_limit"]
        if deck.is_generic
        else (persona.effective_master_limit if persona else None),
        problems=problems,
        resolved=deck,
        unrecognised=deck.unrecognised_copies(),
    )
