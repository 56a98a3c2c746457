"""Run the rules of a format over a resolved deck and collect every problem at once: each
rule's findings with the severity the format gives it, the replacement search for refused
cards, and one error per fault (errors that one change fixes become one error)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from hlcg.catalog import ATTRIBUTES, Card, Catalogue
from hlcg.deck import ENDURANCE, PREGAME, DeckCard, ResolvedDeck
from hlcg.problems import Detail, Finding, Level, Problem, Severity, TextChange
from hlcg.rules.context import Context
from hlcg.rules.coverage import Coverage, coverage, notes
from hlcg.rules.profiles import Profile
from hlcg.rules.registry import RULE_OF_UNRESOLVED, RULES, selected


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
        date: str = "",
        pregame_unrecognised: int = 0,
        coverage: Coverage = Coverage(),  # noqa: B008 (an immutable NamedTuple)
        lists_gaps: bool = False,
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
        # Pre-game copies on such lines, counted toward the pre-game limit.
        self.pregame_unrecognised = pregame_unrecognised
        self.date = date  # the date judged by: the legality facts in force on it
        # What the check covered and the facts it lacked (hlcg.rules.coverage).
        self.coverage = coverage
        # Whether --select named `unchecked`: the text report then lists each data gap's
        # cards; otherwise it says what was not checked in one line.
        self.lists_gaps = lists_gaps
        # Set by hlcg.check.add_fingerprint (it knows the catalogue's content hash); see
        # docs/fingerprint.md.
        self.fingerprint: str | None = None
        # Set by hlcg.check.add_changes for the SARIF report: each problem's edits (by its
        # position in ``problems``) as changes to the deck's text.
        self.changes: dict[int, tuple[TextChange, ...]] = {}

    @property
    def legal(self) -> bool:
        return not any(p.severity == Severity.ERROR for p in self.problems)

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for p in self.problems if p.severity == Severity.WARNING)

    @property
    def notes(self) -> int:
        """Data gaps: what could not be checked for missing catalogue data."""
        return sum(1 for p in self.problems if p.severity == Severity.NOTE)

    @property
    def data_gaps(self) -> int:
        return sum(1 for p in self.problems if p.rule == "unchecked")

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "fingerprint": self.fingerprint,
            "format": self.format,
            "date": self.date,
            "persona": self.persona,
            "legal": self.legal,
            "errors": self.errors,
            "warnings": self.warnings,
            "notes": self.notes,
            "endurance": self.endurance,
            "unrecognised": self.unrecognised,
            "pregame": self.pregame,
            "pregame_unrecognised": self.pregame_unrecognised,
            "gems": self.gems,
            "coverage": self.coverage.to_json(),
            "problems": [p.to_json() for p in self.problems],
            "sideboard": [
                {"card": s.name, "count": s.count, "line": s.line, "id": s.card_id}
                for s in (self.resolved.sideboard if self.resolved else [])
            ],
        }


def _persona_shown(deck: ResolvedDeck) -> str:
    if deck.persona_unresolved and deck.declares_generic:
        return f"{deck.unresolved_persona_name} (undecided)"
    if deck.persona_unresolved:
        name = deck.unresolved_persona_name
        return f"unknown persona {name!r}" if name else "unknown persona (empty Persona: line)"
    if deck.persona and not deck.is_generic:
        return deck.persona.title
    return "Generic Immortal"


class _Collector:
    """The problems of one check: each rule's findings with the severity the format's
    profile gives that rule, for the rules --select and --ignore leave on."""

    def __init__(self, profile: Profile, select: Sequence[str], ignore: Sequence[str]) -> None:
        self.profile = profile
        self.select = select
        self.ignore = ignore
        self.problems: list[Problem] = []
        self.ran: set[str] = set()  # the rules that ran whole
        self.incomplete: set[str] = set()  # the rules that could not finish for a fact
        self.gaps: list[tuple[str, Problem]] = []  # each `unchecked` note, by its rule

    def runs(self, rule_name: str) -> bool:
        rule = RULES[rule_name]
        return self.profile.settings[rule_name].severity != Level.OFF and selected(
            rule.name, rule.code, self.select, self.ignore
        )

    def gathers_gaps(self, rule_name: str) -> bool:
        """A rule --select leaves out still runs for its data gaps when `unchecked` is
        selected (`--select unchecked`: every data gap of the format's rules), unless
        --ignore names it or the format turns it off."""
        rule = RULES[rule_name]
        return (
            self.runs("unchecked")
            and self.profile.settings[rule_name].severity != Level.OFF
            and selected(rule.name, rule.code, (), self.ignore)
        )

    def severity(self, rule_name: str) -> Severity:
        return Severity(self.profile.settings[rule_name].severity)

    def add(self, rule_name: str, severity: Severity | None = None, **fields: Any) -> None:
        """A problem under a rule that runs, with the rule's severity unless given."""
        if self.runs(rule_name):
            rule = RULES[rule_name]
            severity = severity or self.severity(rule_name)
            self.problems.append(
                Problem(code=rule.code, rule=rule.name, severity=severity, **fields)
            )

    def reading(self, deck: ResolvedDeck) -> None:
        """The problems found while reading the deck and naming its cards."""
        for issue in deck.issues:
            # A line issue may be milder than the rule (a warning, or a note about something
            # outside the deck such as a set code); never harsher.
            mild = issue.severity in (Severity.WARNING, Severity.NOTE)
            severity = Severity(issue.severity) if mild else None
            self.add("deck-syntax", severity, message=issue.message, line=issue.line, fix=issue.fix)
        for unresolved in deck.unresolved:
            self.add(
                RULE_OF_UNRESOLVED[unresolved.kind],
                message=unresolved.message,
                line=unresolved.line,
                fix=unresolved.fix,
                cards=unresolved.card_ids,
            )

    def finding(self, rule_name: str, finding: Finding) -> None:
        """A rule's finding: a data gap goes to `unchecked`, the rest under the rule."""
        if finding.unchecked:
            self.incomplete.add(rule_name)
            if self.runs("unchecked"):
                self.add(
                    "unchecked",
                    message=f"{rule_name}: {finding.message}",
                    cards=finding.cards,
                    line=finding.line,
                    fix=finding.fix or "check these cards by hand",
                    source=rule_name,
                )
                self.gaps.append((rule_name, self.problems[-1]))
            return
        self.problems.append(self.problem(rule_name, finding))

    def problem(self, rule_name: str, finding: Finding) -> Problem:
        """A rule's finding as a problem, with the severity the format gives the rule."""
        rule = RULES[rule_name]
        return Problem(
            code=rule.code,
            rule=rule.name,
            severity=Severity.NOTE if finding.advisory else self.severity(rule_name),
            message=finding.message,
            cards=finding.cards,
            line=finding.line,
            fix=finding.fix,
            edits=finding.edits,
        )


def validate(
    deck: ResolvedDeck,
    catalogue: Catalogue,
    profile: Profile,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> DeckReport:
    """Every problem of ``deck`` in its format, judged by the legality facts in force on
    ``date`` (YYYY-MM-DD, default today)."""
    context = Context(deck, catalogue, profile, date=date)
    collector = _Collector(profile, select, ignore)
    collector.reading(deck)
    for name, finding in with_replacements(_findings(deck, context, collector), context):
        collector.finding(name, finding)
    problems = one_error_per_fault(collector.problems, _describer(deck, catalogue))
    if collector.runs("inferred-fact"):
        # After the rules: it says which of their verdicts rest on an inferred fact.
        found = notes(collector.problems, deck, context)
        problems += [collector.problem("inferred-fact", finding) for finding in found]
    problems.sort(key=Problem.sort_key)
    standing = set(problems)  # a note about cards an error's fix removes is gone
    gaps = [(rule, gap) for rule, gap in collector.gaps if gap in standing]
    covered = coverage(deck, catalogue, collector.ran, collector.incomplete, gaps)
    lists_gaps = bool(select) and selected("unchecked", RULES["unchecked"].code, select, ())
    return _report(deck, context, problems, covered, lists_gaps)


def _findings(
    deck: ResolvedDeck, context: Context, collector: _Collector
) -> list[tuple[str, Finding]]:
    """Every finding the format's rules keep, by rule name, all checks run: the replacement
    search comes after them."""
    found = []
    for name, rule in RULES.items():
        whole = collector.runs(name)
        if not whole and not collector.gathers_gaps(name):
            continue
        if deck.persona_unresolved and rule.persona:
            continue  # the unknown-card problem on the Persona: line names these
        if whole:
            collector.ran.add(name)
        for finding in rule.check(deck, context, context.profile.settings[name].params):
            if whole or finding.unchecked:
                found.append((name, finding))
    return found


def _describer(deck: ResolvedDeck, catalogue: Catalogue) -> Callable[[str], tuple[str, int]]:
    """A card id -> its name and the copies the deck holds, for grouped errors."""

    def describe(card_id: str) -> tuple[str, int]:
        held = [dc for dc in deck.cards if dc.card.id == card_id]
        card = catalogue.cards.get(card_id)
        name = held[0].name if held else (card.name if card else card_id)
        return name, sum(dc.count for dc in held)

    return describe


def _report(
    deck: ResolvedDeck,
    context: Context,
    problems: list[Problem],
    covered: Coverage,
    lists_gaps: bool,
) -> DeckReport:
    profile = context.profile
    budget = context.gem_budget
    gem_rule_on = profile.settings["gem-cap"].severity != Level.OFF
    persona = deck.persona
    limit_setting = profile.settings["pregame-limit"]
    return DeckReport(
        path=deck.path,
        format=deck.format,
        persona=_persona_shown(deck),
        persona_id=persona.id if persona else None,
        endurance=deck.copies(ENDURANCE),
        pregame=context.pregame_count,
        pregame_limit=None if limit_setting.severity == Level.OFF else limit_setting.params["max"],
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
        date=context.date,
        pregame_unrecognised=deck.unrecognised_copies(PREGAME),
        coverage=covered,
        lists_gaps=lists_gaps,
    )


# --- One error per fault: errors that one change fixes become one error ---------------------
#
# Too many copies on a line can break a title limit, a restriction, the Master limit and a
# gem cap at once (the count limits: ``Rule.count_limit``); removing copies fixes all of
# them. A card can break two rules that one edit settles (a Generic Immortal's Reserved
# Master card: `reserved` and `master-limit`). Each such group is one error: one sentence
# naming the card and the rules it breaks, the one fix, and each rule's own finding in
# ``details`` (the JSON report's `details`). A note about cards such a fix takes out of the
# deck goes: it would contradict the error.

# A card id -> (its name as the catalogue writes it, the copies the deck holds).
Describe = Callable[[str], tuple[str, int]]


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _details(group: list[Problem]) -> tuple[Detail, ...]:
    return tuple(d for p in group for d in (p.details or ((p.code, p.rule, p.message),)))


def _merged(group: list[Problem], first: Problem, what: str, describe: Describe) -> Problem:
    """``first`` standing for the whole group: "7 Katana break 2 limits: a and b"."""
    rules = list(dict.fromkeys(d[1] for d in _details(group)))
    cards = tuple(dict.fromkeys(c for p in group for c in p.cards))
    lines = [p.line for p in group if p.line is not None]
    subject = first.edits[0][1] if first.edits else (first.cards[0] if first.cards else None)
    counted = f"{len(rules)} {what if len(rules) > 1 else what.removesuffix('s')}"
    if subject is None and len(rules) == 1:
        # one rule broken twice on a line (two cards of an .o8d line with bad counts): its
        # own findings say what is wrong, where naming the rule alone would not
        said = "; ".join(dict.fromkeys(p.message for p in group))
    elif subject is None:
        said = f"{counted} broken at once: {_listed(rules)}"
    else:
        name, copies = describe(subject)
        verb = "breaks" if copies == 1 else "break"
        said = f"{copies} {name} {verb} {counted}: {_listed(rules)}"
    return first._replace(
        message=said, cards=cards, line=min(lines) if lines else None, details=_details(group)
    )


def group_removals(problems: list[Problem], describe: Describe) -> list[Problem]:
    """Errors of the count limits whose fix removes copies of the same card become one
    error naming every limit broken, with the largest removal as its fix (it satisfies
    each of them)."""
    groups: dict[str, list[Problem]] = {}
    kept: list[Problem] = []
    for problem in problems:
        edits = problem.edits
        if (
            problem.severity == Severity.ERROR
            and RULES[problem.rule].count_limit
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
        group.sort(key=lambda p: (-p.edits[0][2], p.code))
        kept.append(_merged(group, group[0], "limits", describe))
    return kept


def _plain_fix(problem: Problem) -> tuple[bool, int]:
    """Fixes offering another way out ("add Katana under Pre-Game:, or ...") fix only their
    own rule: the plain edit fixes every error of its group."""
    return (", or " in (problem.fix or ""), len(problem.fix or ""))


def _groupable(problem: Problem) -> bool:
    """An error whose edits settle it for every card it names, or of one line and a fix."""
    if problem.severity != Severity.ERROR:
        return False
    if problem.edits:
        return set(problem.cards) <= {card_id for _, card_id, _ in problem.edits}
    return problem.line is not None and bool(problem.fix)


def group_same_fix(problems: list[Problem], describe: Describe) -> list[Problem]:
    """Errors of one line that the same edits (or, without edits, the same fix) settle
    become one error: a line never gets two errors with the same fix. An error about
    cards its edits leave in the deck (two Master cards over a limit of none, the fix
    removing one) is not settled by them and stays apart: its line is the first of its
    cards' lines, so grouping it would depend on which card the deck lists first. Edits
    name their cards, so errors with the same edits are grouped by them alone, in a deck
    without line numbers (JSON) too."""
    groups: dict[tuple[object, ...], list[Problem]] = {}
    kept: list[Problem] = []
    for problem in problems:
        if not _groupable(problem):
            kept.append(problem)
            continue
        # edits name the cards, and so the line; a fix alone needs the line
        key = (problem.edits,) if problem.edits else (problem.line, problem.fix)
        groups.setdefault(key, []).append(problem)
    for group in groups.values():
        if len(group) == 1:
            kept.append(group[0])
            continue
        group.sort(key=lambda p: p.code)
        fix = min(group, key=_plain_fix).fix
        kept.append(_merged(group, group[0]._replace(fix=fix), "rules", describe))
    return kept


def drop_moot_notes(problems: list[Problem], describe: Describe) -> list[Problem]:
    """A note about cards an error's fix takes out of the deck entirely says nothing the
    error does not (a card another persona's, whose Master limit is unknown): it would
    contradict the error ("admitted", "could not be checked"), so it goes."""
    removed = {
        card_id
        for p in problems
        if p.severity == Severity.ERROR
        for action, card_id, copies in p.edits
        if action == "remove" and copies >= describe(card_id)[1]
    }
    return [
        p
        for p in problems
        if p.severity != Severity.NOTE or not p.cards or not set(p.cards) <= removed
    ]


def one_error_per_fault(problems: list[Problem], describe: Describe) -> list[Problem]:
    grouped = group_same_fix(group_removals(problems, describe), describe)
    return drop_moot_notes(grouped, describe)


def with_replacements(
    found: Iterable[tuple[str, Finding]], context: Context
) -> Iterator[tuple[str, Finding]]:
    """The rules' findings, each replaceable one offering the replacement where one fits:
    its fix, which ends "remove N card", ends "replace N card with N other [id]" instead,
    and its edits add the other card. A card several rules refuse (another persona's card,
    and not legal in the format) is searched a replacement for once."""
    searched: dict[tuple[str, int, int | None], Card | None] = {}
    for rule_name, finding in found:
        deck_card = finding.replaceable
        if deck_card is None:
            yield rule_name, finding
            continue
        key = (deck_card.card.id, deck_card.count, deck_card.line)
        if key not in searched:
            from hlcg.rules.replacement import replacement  # here: most decks need none

            searched[key] = replacement(context, deck_card)
        yield rule_name, _replaced(finding, deck_card, searched[key])


def _replaced(finding: Finding, deck_card: DeckCard, substitute: Card | None) -> Finding:
    card, copies = deck_card.card, deck_card.count
    removal = f"remove {copies} {card.name}"
    if substitute is None or not finding.fix or not finding.fix.endswith(removal):
        return finding
    offer = f"replace {copies} {card.name} with {copies} {substitute.name} [{substitute.id}]"
    return finding._replace(
        fix=finding.fix[: -len(removal)] + offer,
        edits=(*finding.edits, ("add", substitute.id, copies)),
    )
