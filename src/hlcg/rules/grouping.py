"""One error per fault: errors that one change fixes become one error.

Too many copies on a line can break a title limit, a restriction, the Master limit and a
gem cap at once; removing copies fixes all of them. A card can break two rules that one edit
settles (a Generic Immortal's Reserved Master card: `reserved` and `master-limit`). Each
such group is one error: one sentence naming the card and the rules it breaks, the one fix,
and each rule's own finding in ``details`` (the JSON report's `details`). A note about
cards such a fix takes out of the deck goes: it would contradict the error.
"""

from __future__ import annotations

from collections.abc import Callable

from hlcg.problems import Detail, Problem, Severity

# Limits a fault breaks together: too many copies of one line can break a title limit, a
# restriction, the Master limit and a gem cap at once; removing copies fixes all of them.
COUNT_LIMITS = ("title-limit", "restriction", "master-limit", "gem-cap", "generic-borrow")

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
    if subject is None:
        said = f"{len(rules)} {what} broken at once: {_listed(rules)}"
    else:
        name, copies = describe(subject)
        verb = "breaks" if copies == 1 else "break"
        said = f"{copies} {name} {verb} {len(rules)} {what}: {_listed(rules)}"
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
        kept.append(_merged(group, group[0], "limits", describe))
    return kept


def _plain_fix(problem: Problem) -> tuple[bool, int]:
    """Fixes offering another way out ("add Katana under Pre-Game:, or ...") fix only their
    own rule: the plain edit fixes every error of its group."""
    return (", or " in (problem.fix or ""), len(problem.fix or ""))


def group_same_fix(problems: list[Problem], describe: Describe) -> list[Problem]:
    """Errors of one line that the same edits (or, without edits, the same fix) settle
    become one error: a line never gets two errors with the same fix."""
    groups: dict[tuple[object, ...], list[Problem]] = {}
    kept: list[Problem] = []
    for problem in problems:
        fixed_by = problem.edits or problem.fix
        if problem.severity != Severity.ERROR or problem.line is None or not fixed_by:
            kept.append(problem)
            continue
        groups.setdefault((problem.line, fixed_by), []).append(problem)
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
