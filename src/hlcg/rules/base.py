"""What a rule is: a stable code, a public kebab-case name, a check, its parameters with
typed defaults (the style of yamllint's ``CONF``/``DEFAULT``), and its docstring (its check
function's).

A rule owns its numbers: the format profiles (``profiles.json``) may only override the
parameters a rule declares, with values of the declared type.
"""

import inspect
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.problems import Finding, Severity

if TYPE_CHECKING:
    from hlcg.deck import ResolvedDeck
    from hlcg.rules.context import Context

Check = Callable[["ResolvedDeck", "Context", dict[str, Any]], Iterable[Finding]]


class Param:
    """One parameter of a rule: its name, type, default and where the default comes from."""

    # A plain class: a NamedTuple costs ten times as much to create at import, and a
    # parameter is only ever read by attribute.
    __slots__ = ("name", "type", "default", "source")

    def __init__(self, name: str, type: type, default: Any, source: str) -> None:
        self.name, self.type, self.default, self.source = name, type, default, source

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` has this parameter's type (a bool is not an int here)."""
        if self.type is int:
            return isinstance(value, int) and not isinstance(value, bool)
        if self.type is list:
            return isinstance(value, list) and all(isinstance(item, (str, list)) for item in value)
        return isinstance(value, self.type)


class Rule(NamedTuple):
    code: str
    name: str
    # May name parameters, filled from the format's values: "at least {min} cards".
    summary: str
    check: Check
    params: tuple[Param, ...] = ()
    severity: Severity = Severity.ERROR  # the default; a profile may override it
    # Its roles, which the engine and the replacement search filter the rules by (as
    # yamllint's linter filters on a rule's TYPE):
    # its verdict depends on who the persona is: skipped when the deck names no persona
    # hlcg can find, rather than judging the deck as a Generic Immortal because of a typo;
    persona: bool = False
    # it limits copies, and too many copies of one line can break several such limits at
    # once: errors that one removal fixes become one error;
    count_limit: bool = False
    # it can name a card added to the Endurance and used normally, so a replacement for a
    # refused card is tried against it (the others judge the pre-game, the deck's size and
    # basics, or the cards the borrowing analysis refuses).
    judges_candidates: bool = False

    @property
    def doc(self) -> str:
        """The rule's documentation: its check function's docstring (the rules of one theme
        share a module, so each rule's own words sit on its own function)."""
        return inspect.cleandoc(self.check.__doc__ or "")

    @property
    def defaults(self) -> dict[str, Any]:
        return {p.name: p.default for p in self.params}

    def summary_for(self, params: dict[str, Any] | None = None) -> str:
        """The summary with the parameters of a format (the defaults when none given)."""
        values = {**self.defaults, **(params or {})}
        return self.summary.format(**values) if values else self.summary
