"""What a rule's check yields; the engine turns it into a ``hlcg.problems.Problem``."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from hlcg.problems import Edit

if TYPE_CHECKING:
    from hlcg.deck import DeckCard


class Finding(NamedTuple):
    """What a rule's check yields; the engine adds code, rule name and severity."""

    message: str
    cards: tuple[str, ...] = ()
    line: int | None = None
    fix: str | None = None
    # Set when the check could not be completed for missing data: reported by `unchecked`.
    unchecked: bool = False
    # Set for what a player should know but that breaks no rule (a verdict that depends on
    # how copies are split over versions): reported as a note under the rule's own code.
    advisory: bool = False
    # The smallest change that fixes it, for --fix (issue 4): ("remove", id, n) ...
    edits: tuple[Edit, ...] = ()
    # An Endurance card the deck may not hold, for the engine to search a replacement for
    # after the checks (hlcg.rules.replacement); the fix and edits above then remove it.
    replaceable: DeckCard | None = None
