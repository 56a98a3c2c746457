"""One error per fault: the count limits a line breaks together become one error."""

from __future__ import annotations

from hlcg.problems import Problem, Severity

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
