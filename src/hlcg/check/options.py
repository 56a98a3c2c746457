"""How decks are checked: ``CheckOptions``, the options of `hlcg validate` that are not about
output, and ``check_usage``, the one place they are checked (at the door of a run or of
``check_deck``; what is inside the package takes them as checked)."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import NamedTuple

from hlcg.errors import UsageError
from hlcg.problems import FAIL_ON


def one_or_many(value: str | Iterable[str]) -> tuple[str, ...]:
    """A lone string is one value (a rule name, a fail-on kind), not its letters."""
    return (value,) if isinstance(value, str) else tuple(value)


class CheckOptions(NamedTuple):
    """How decks are checked: the options of `hlcg validate` that are not about output
    (``check_deck`` reads format, select, ignore and date; ``run`` all).

    ``fail_on`` may hold "warning" (as ``strict``) and "unchecked" (data gaps fail).
    ``fingerprints`` sets each report's fingerprint (the machine-read reports carry it);
    ``changes`` each problem's edits as changes to a text deck's lines (SARIF ``fixes``).
    ``db`` is the catalogue file when ``run`` gets no catalogue (else $HLCG_DB, else shipped).
    ``date`` (YYYY-MM-DD, default today) is the date judged by: a tournament's date."""

    format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    fail_on: frozenset[str] = frozenset()
    fingerprints: bool = False
    changes: bool = False
    all_formats: bool = False
    skip_non_decks: bool = False
    fix: bool = False
    in_place: bool = False
    force: bool = False
    db: Path | None = None
    date: str | None = None

    @property
    def stricter(self) -> tuple[bool, bool]:
        """(warnings fail, data gaps fail): --strict and --fail-on together."""
        return self.strict or "warning" in self.fail_on, "unchecked" in self.fail_on

    def check_usage(self) -> CheckOptions:
        """The options as a check uses them: a lone string read as one value
        (``fail_on="unchecked"``), the format by its name (``format_from_user``: "Type
        Two" is type-two), the date as YYYY-MM-DD. Raises UsageError for options that do
        not go together or name nothing. The one check of the options, made once at the
        door (``run``, ``Run``, ``check_deck``); inside, the options go as checked."""
        from hlcg.catalog import format_from_user
        from hlcg.rules import unmatched_selectors

        options = self._replace(
            format=format_from_user(self.format) if self.format else None,
            select=one_or_many(self.select),
            ignore=one_or_many(self.ignore),
            fail_on=frozenset(one_or_many(self.fail_on)),
            date=check_date(self.date),
        )
        if options.in_place and not options.fix:
            raise UsageError("--in-place only goes with --fix")
        unknown = sorted(options.fail_on - set(FAIL_ON))
        if unknown:
            raise UsageError(f"--fail-on {unknown[0]!r}: use one of {', '.join(FAIL_ON)}")
        unmatched = unmatched_selectors([*options.select, *options.ignore])
        if unmatched:
            raise UsageError(
                f"--select/--ignore {unmatched[0]!r} matches no rule; see `hlcg rules`"
            )
        return options


def check_date(text: str | None) -> str | None:
    """A date to judge by as YYYY-MM-DD (a tournament's date), or UsageError."""
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        shaped = len(text.strip()) == 10 and text.strip()[4::3] == "--"
        if shaped:
            raise UsageError(
                f"--date {text!r}: {text.strip()} is not a day of the calendar"
            ) from None
        raise UsageError(f"--date {text!r}: give a date as YYYY-MM-DD, e.g. 2026-03-14") from None
