"""The one place that decides whether a typed name means one thing.

Every lookup by name -- `hlcg card`, `hlcg persona`, `hlcg tcboo card|immortal|sword`,
a sheet's sword and location -- ends here: an exact or normalised name is an answer; so is
a part of a name that only one name contains; a near miss is an answer only when it is
*confident* (it scores at least ``CONFIDENT_SCORE`` out of 100 and leads the next different
answer by ``CONFIDENT_MARGIN``). Anything else is a list of candidates with their scores,
never a silent guess.

Candidates follow the game's structure before their raw score: the attack and block grid
calls its middle column "Center", so "Lower Middle Attack" lists "Lower Center Attack"
first. Several names for one answer (an alias and its card) are one candidate.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import NamedTuple

from hlcg.catalog import normalise

CONFIDENT_SCORE = 85.0
CONFIDENT_MARGIN = 8.0
SUGGEST_SCORE = 60.0
# A query this short (letters and digits) is in too many names to be a guess: "e" scores 90
# against any short name that holds an e.
MIN_GUESS_LENGTH = 3
MAX_SUGGESTIONS = 8

# Words players use for one place on the attack/block grid (rows Upper, Middle, Lower;
# columns Left, Center, Right): the catalogue writes the middle column "Center".
_GRID_SYNONYMS = {"middle": "center", "centre": "center", "mid": "center"}


class Candidate(NamedTuple):
    """A name that may be meant, its score (0-100) and the ids it stands for."""

    name: str
    score: float
    ids: tuple[str, ...]


class Decision(NamedTuple):
    """How a name was decided: ``ids`` is set when one answer is confident."""

    query: str
    how: str  # exact | partial | fuzzy | none
    ids: tuple[str, ...]
    candidates: list[Candidate]
    score: float | None = None

    @property
    def found(self) -> bool:
        return bool(self.ids)


def structure_key(key: str) -> str:
    """A normalised name with the grid's synonyms folded: "lower middle attack" and
    "lower center attack" meet."""
    return " ".join(_GRID_SYNONYMS.get(word, word) for word in key.split())


def structure_spellings(key: str) -> list[str]:
    """Every way of writing the grid place a normalised name names: "lower middle attack" ->
    "lower center attack", "lower middle attack", "lower centre attack", "lower mid attack"."""
    spellings = [""]
    for word in structure_key(key).split():
        forms = [word] if word != "center" else ["center", *_GRID_SYNONYMS]
        spellings = [f"{done} {form}".strip() for done in spellings for form in forms]
    return spellings


def compact(key: str) -> str:
    """A normalised name without spaces: "longsword" and "long sword" meet."""
    return key.replace(" ", "")


def merge(candidates: Iterable[Candidate]) -> list[Candidate]:
    """One candidate per answer (the best-scoring name for it), best first."""
    best: dict[frozenset[str], Candidate] = {}
    for candidate in candidates:
        key = frozenset(candidate.ids)
        if key not in best or candidate.score > best[key].score:
            best[key] = candidate
    return sorted(best.values(), key=lambda c: -c.score)


def prefer_structure(query_key: str, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates that name the same place on the grid as the query come first."""
    wanted = structure_key(query_key)
    if wanted == query_key and not any(w in _GRID_SYNONYMS.values() for w in wanted.split()):
        return candidates
    same = [c for c in candidates if structure_key(normalise(c.name)) == wanted]
    return same + [c for c in candidates if c not in same]


def confident(candidates: Sequence[Candidate]) -> Candidate | None:
    """The first candidate when it is a confident answer, else None."""
    if not candidates:
        return None
    best = candidates[0]
    runner_up = max((c.score for c in candidates[1:] if set(c.ids) != set(best.ids)), default=0.0)
    if best.score >= CONFIDENT_SCORE and best.score - runner_up >= CONFIDENT_MARGIN:
        return best
    return None


def score(query_key: str, names: Mapping[str, Sequence[str]]) -> list[Candidate]:
    """Every name scoring ``SUGGEST_SCORE``+ against a normalised query, merged and ordered."""
    if not query_key:
        return []
    # Imported here: exact lookups never need it.
    from rapidfuzz import fuzz

    scored = []
    for name, ids in names.items():
        value = float(fuzz.WRatio(query_key, normalise(name), processor=None))
        if value >= SUGGEST_SCORE:
            scored.append(Candidate(name, round(value, 1), tuple(ids)))
    return prefer_structure(query_key, merge(scored))[:MAX_SUGGESTIONS]


def decide(query: str, names: Mapping[str, Sequence[str]]) -> Decision:
    """Decide what ``query`` names among ``names`` (display name -> the ids it stands for).

    Exact or normalised name (spaces optional) -> that answer; a part of a name that only
    one answer's names contain -> that answer; several -> candidates, no answer; else a
    confident near miss, or candidates.
    """
    key = normalise(query)
    if query in names:
        return Decision(query, "exact", tuple(names[query]), [], 100.0)
    found = _exact(query, key, names) or _partial(query, key, names)
    if found is not None:
        return found
    candidates = score(key, names)
    best = confident(candidates) if len(compact(key)) >= MIN_GUESS_LENGTH else None
    if best is not None:
        return Decision(query, "fuzzy", best.ids, candidates, best.score)
    return Decision(query, "none", (), candidates)


def _exact(query: str, key: str, names: Mapping[str, Sequence[str]]) -> Decision | None:
    """The names that equal the query once normalised, spaces optional."""
    if not key:
        return None
    exact = [ids for name, ids in names.items() if compact(normalise(name)) == compact(key)]
    if not exact:
        return None
    return Decision(query, "exact", tuple(dict.fromkeys(i for ids in exact for i in ids)), [])


def _partial(query: str, key: str, names: Mapping[str, Sequence[str]]) -> Decision | None:
    """The answer whose names alone contain the query as whole words; candidates when
    several answers' names do; None when none does."""
    if not key:
        return None
    containing = {name: ids for name, ids in names.items() if f" {key} " in f" {normalise(name)} "}
    answers = {frozenset(ids) for ids in containing.values()}
    if len(answers) == 1:
        return Decision(query, "partial", tuple(next(iter(containing.values()))), [])
    if not answers:
        return None
    candidates = score(key, containing) or [
        Candidate(name, 0.0, tuple(ids)) for name, ids in containing.items()
    ]
    return Decision(query, "none", (), merge(candidates))
