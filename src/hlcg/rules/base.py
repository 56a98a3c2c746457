"""What a rule is: a stable code, a public kebab-case name, a check, and its docstring."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.rules.problem import Finding

if TYPE_CHECKING:
    from hlcg.deck.resolve import ResolvedDeck
    from hlcg.rules.context import Context

Check = Callable[["ResolvedDeck", "Context", dict[str, Any]], Iterable[Finding]]


class Rule(NamedTuple):
    code: str
    name: str
    summary: str
    check: Check
    module: ModuleType | None = None

    @property
    def doc(self) -> str:
        """The rule's documentation: its module docstring."""
        return inspect.cleandoc(self.module.__doc__ or "") if self.module else self.summary


def no_check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterable[Finding]:
    """For rules whose problems come from reading the deck, not from a check."""
    return ()
