"""Which problem is which across runs: an identity per problem for the reports that track
findings over time (SARIF `partialFingerprints` for code scanning, the GitLab Code Quality
`fingerprint`).

A problem is its rule, its deck file and the cards it names (a problem naming no card, such
as a line that cannot be read, is its message instead), never its line number: a line added
above it does not make it a new finding. Two problems of one deck that would still share an
identity are told apart by their order, so a report never merges two findings into one
alert. The deck's own fingerprint (docs/fingerprint.md) is no part of it: it changes with
every card, and an alert must outlive the edit of another line.
"""

from __future__ import annotations

import hashlib

from hlcg.problems import Problem
from hlcg.rules import DeckReport

# Bumped when the identity's parts change (every alert would be new once).
IDENTITY_KEY = "hlcgProblem/v1"


def _parts(path: str, problem: Problem) -> str:
    named = ",".join(problem.cards) if problem.cards else problem.message
    return "\0".join((IDENTITY_KEY, problem.code, path.replace("\\", "/"), named))


def problem_identities(report: DeckReport) -> list[str]:
    """One identity per problem of ``report``, in order, no two alike (32 hex digits)."""
    seen: dict[str, int] = {}
    identities = []
    for problem in report.problems:
        parts = _parts(report.path, problem)
        seen[parts] = seen.get(parts, 0) + 1
        if seen[parts] > 1:
            parts += f"\0{seen[parts]}"
        # surrogateescape: a path's bytes that are not UTF-8 hash as the bytes they are
        identities.append(hashlib.sha256(parts.encode("utf-8", "surrogateescape")).hexdigest()[:32])
    return identities
