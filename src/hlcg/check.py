"""The library entry point for deck checks: a deck file in, a ``DeckReport`` out; and
``run(paths, CheckOptions(...)) -> RunResult``, all of `hlcg validate` but the rendering."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog.lookup import Index
from hlcg.catalog.names import accepted_format_names, format_named
from hlcg.deck.fingerprint import catalogue_digest, fingerprint
from hlcg.deck.model import Deck, LineIssue
from hlcg.deck.read import read_deck
from hlcg.deck.resolve import resolve
from hlcg.deck.resolved import ResolvedDeck
from hlcg.errors import CatalogueError, UsageError
from hlcg.problems import Severity
from hlcg.rules.engine import DeckReport, validate
from hlcg.rules.profiles import profile
from hlcg.stdin import is_stdin, shown

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue
    from hlcg.fixing import DeckFix
    from hlcg.matrix import MatrixRow
    from hlcg.report import Unreadable

DEFAULT_FORMAT = "type-two"
# How the problems of a deck's format begin (choose_format): commands that print no report
# (`deck hash`, `deck stats`) still tell them.
UNKNOWN_FORMAT = "unknown format"
NOTES_MENTION = "the notes mention"


def format_issues(issues: Iterable[LineIssue]) -> list[LineIssue]:
    """The problems choose_format found with a deck's format."""
    return [i for i in issues if i.message.startswith((UNKNOWN_FORMAT, NOTES_MENTION))]


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. A bad Format: line is a
    deck-syntax problem and the default is used; with --format it is a warning. Formats the
    deck's notes only mention in prose get a warning when the deck is judged by another."""
    if requested:
        named = format_named(requested)
        if named is None:
            raise UsageError(f"unknown format {requested!r}; use one of {accepted_format_names()}")
        if deck.format and format_named(deck.format) is None:
            _add_once(deck, _unknown_format(deck, named, Severity.WARNING))
        return named
    if deck.format:
        named = format_named(deck.format)
        if named:
            return named
        _add_once(deck, _unknown_format(deck, DEFAULT_FORMAT, Severity.ERROR))
    else:
        _warn_of_mentions(deck)
    return DEFAULT_FORMAT


def _unknown_format(deck: Deck, used: str, severity: Severity) -> LineIssue:
    why = " (--format)" if severity is Severity.WARNING else ""
    return LineIssue(
        deck.format_line,
        f"{UNKNOWN_FORMAT} {deck.format!r}; checked as {used}{why}",
        f"use one of {accepted_format_names()}",
        severity,
    )


def _warn_of_mentions(deck: Deck) -> None:
    """Notes that mention another format than the default in prose, on no `Format:` line."""
    others = [(written, fmt) for written, fmt in deck.format_mentions if fmt != DEFAULT_FORMAT]
    if not others:
        return
    written = ", ".join(repr(w) for w, _ in others)
    _add_once(
        deck,
        LineIssue(
            None,
            f"{NOTES_MENTION} {written} but name no format on a `Format:` line; "
            f"checked as {DEFAULT_FORMAT}",
            f"add a line `Format: {others[0][1]}` to the notes, or give --format",
            Severity.WARNING,
        ),
    )


def _add_once(deck: Deck, issue: LineIssue) -> None:
    """A deck read once may be judged again (every format, a fix): its issue stays one."""
    if issue not in deck.issues:
        deck.issues.append(issue)


def resolve_deck(deck: Deck, index: Index, requested_format: str | None = None) -> ResolvedDeck:
    return resolve(deck, index, choose_format(deck, requested_format))


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


def check_deck(
    deck: Deck,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> DeckReport:
    """The verdict on ``deck``, by the legality facts in force on ``date`` (default today)."""
    resolved = resolve_deck(deck, index, requested_format)
    require_format(index.catalogue, resolved.format)
    return validate(
        resolved, index.catalogue, profile(resolved.format), select, ignore, check_date(date)
    )


def require_format(catalogue: Catalogue, fmt: str) -> None:
    """A deck is judged by the catalogue's own record of its format (its editions above
    all); a catalogue that does not record the format cannot judge it at all."""
    if fmt in catalogue.formats:
        return
    raise CatalogueError(
        f"{catalogue.path}: this catalogue records no format {fmt}, so no deck can be judged "
        "in it; start a catalogue with the game's formats: `hlcg db init my.sqlite "
        "--from-shipped`, or import a whole export that holds them"
    )


def add_fingerprint(report: DeckReport, index: Index) -> DeckReport:
    """Set ``report.fingerprint`` (docs/fingerprint.md), so a report names the exact deck it
    judged. Separate from the check: it reads the catalogue rows the deck uses (about as
    long as the check itself), and only the machine-read reports carry it."""
    if report.resolved is None:
        return report
    try:
        digest = catalogue_digest(report.resolved, index.catalogue)
    except CatalogueError:  # a catalogue held in memory only (tests): no rows to digest
        return report
    from hlcg.rules.verdicts import verdict_lines

    facts = verdict_lines(report.resolved, index.catalogue, report.date)
    report.fingerprint = fingerprint(report.resolved, digest, facts)[0]
    return report


def check_file(
    path: Path,
    index: Index,
    requested_format: str | None = None,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> DeckReport:
    return check_deck(read_deck(path), index, requested_format, select, ignore, date)


FAIL_ON = ("warning", "unchecked")  # what `fail_on` may hold besides errors


def one_or_many(value: str | Iterable[str]) -> tuple[str, ...]:
    """A lone string is one value (a rule name, a fail-on kind), not its letters."""
    return (value,) if isinstance(value, str) else tuple(value)


class CheckOptions(NamedTuple):
    """How ``run`` checks decks: the options of `hlcg validate` that are not about output.

    ``fail_on`` may hold "warning" (as ``strict``) and "unchecked" (data gaps fail).
    ``fingerprints`` sets each report's fingerprint (the machine-read reports carry it);
    ``changes`` each problem's edits as changes to a text deck's lines (SARIF ``fixes``).
    ``db`` is the catalogue file when ``run`` gets no index (else $HLCG_DB, else shipped).
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

    def normalised(self) -> CheckOptions:
        """The options with a lone string (``fail_on="unchecked"``) read as one value."""

        return self._replace(
            select=one_or_many(self.select),
            ignore=one_or_many(self.ignore),
            fail_on=frozenset(one_or_many(self.fail_on)),
            date=check_date(self.date),
        )

    @property
    def stricter(self) -> tuple[bool, bool]:
        """(warnings fail, data gaps fail): --strict and --fail-on together."""
        return self.strict or "warning" in self.fail_on, "unchecked" in self.fail_on

    def check_usage(self) -> None:
        """Raise UsageError for options that do not go together or name nothing."""
        from hlcg.rules.registry import unmatched_selectors

        if self.in_place and not self.fix:
            raise UsageError("--in-place only goes with --fix")
        unknown = sorted(set(self.fail_on) - set(FAIL_ON))
        if unknown:
            raise UsageError(f"--fail-on {unknown[0]!r}: use one of {', '.join(FAIL_ON)}")
        unmatched = unmatched_selectors([*self.select, *self.ignore])
        if unmatched:
            raise UsageError(
                f"--select/--ignore {unmatched[0]!r} matches no rule; see `hlcg rules`"
            )


class Skipped(NamedTuple):
    """A file skipped because it is recognisably not a deck."""

    path: Path
    reason: str


class RunResult(NamedTuple):
    """What a run found: the decks as given (``reports``, one per ``checked`` path), the
    files that could not be read, the files skipped and, with ``fix``, what each fix did."""

    options: CheckOptions
    paths: list[Path]  # every deck file found, readable or not
    checked: list[Path]
    reports: list[DeckReport]
    unreadable: list[Unreadable]
    skipped: list[Skipped]
    matrix: list[MatrixRow]
    fixes: list[DeckFix]
    verdicts: list[DeckReport]  # the reports that stand: a deck fixed in place, as fixed

    def fails(self, strict: bool | None = None, fail_on_unchecked: bool | None = None) -> bool:
        """Whether any deck fails: errors always, warnings when strict, data gaps when
        ``fail_on_unchecked``. Unset arguments come from the run's options."""
        default_strict, default_unchecked = self.options.stricter
        strict = default_strict if strict is None else strict
        fail_on_unchecked = default_unchecked if fail_on_unchecked is None else fail_on_unchecked
        return any(r.fails(strict, fail_on_unchecked) for r in self.verdicts)

    def exit_code(self, strict: bool | None = None, fail_on_unchecked: bool | None = None) -> int:
        """2 when a deck file could not be read or a fix was refused, 1 when a deck fails,
        else 0 (docs/errors.md)."""
        if self.unreadable or any(f.refusal is not None for f in self.fixes):
            return 2
        return 1 if self.fails(strict, fail_on_unchecked) else 0


def _check_files(
    paths: Sequence[Path], index: Index, options: CheckOptions
) -> tuple[list[Path], list[DeckReport], list[Unreadable]]:
    from hlcg.errors import DeckFileError
    from hlcg.report import Unreadable

    checked: list[Path] = []
    reports: list[DeckReport] = []
    unreadable: list[Unreadable] = []
    for path in paths:
        try:
            reports.append(
                check_file(
                    path, index, options.format, options.select, options.ignore, options.date
                )
            )
            checked.append(path)
        except DeckFileError as exc:
            name = shown(path)
            unreadable.append(Unreadable(name, str(exc).removeprefix(f"{name}: ")))
    return checked, reports, unreadable


def _annotate(
    checked: Sequence[Path], reports: Sequence[DeckReport], index: Index, options: CheckOptions
) -> None:
    """What the machine-read reports carry besides the verdict: fingerprints, fix edits."""
    if options.fingerprints:
        for report in reports:
            add_fingerprint(report, index)
    if options.changes:
        from hlcg.fixing import add_changes

        for path, report in zip(checked, reports, strict=True):
            add_changes(path, report, index)


def run(
    paths: Sequence[str | Path],
    options: CheckOptions = CheckOptions(),  # noqa: B008 (an immutable NamedTuple)
    index: Index | None = None,
    on_skip: Callable[[Path, str], None] | None = None,
) -> RunResult:
    """Check every deck the paths name (files, folders searched for decks, globs): each
    one's report, the files that could not be read, and with ``options.fix`` the fixes
    written. ``on_skip`` hears of each file skipped as no deck when it is found.
    Raises UsageError for bad options or when nothing names a deck (unless
    ``skip_non_decks``: then the result is empty), CatalogueError for a bad catalogue."""
    from hlcg.deck.paths import expand

    options = options.normalised()
    options.check_usage()
    skipped: list[Skipped] = []

    def skip(path: Path, reason: str) -> None:
        skipped.append(Skipped(path, reason))
        if on_skip is not None:
            on_skip(path, reason)

    named = [paths] if isinstance(paths, str | Path) else paths  # one path, not its letters
    if options.fix and any(is_stdin(p) for p in named):
        raise UsageError(
            "--fix writes the fixed deck beside its file; standard input (-) has none: "
            "save the deck to a file first"
        )
    found = expand([str(p) for p in named], options.skip_non_decks, skip)
    if not found and not options.skip_non_decks:
        raise UsageError("no deck files found")
    if not found:
        return RunResult(options, [], [], [], [], skipped, [], [], [])
    if index is None:
        from hlcg.catalog.store import load, resolve_path

        index = Index(load(resolve_path(options.db)))
    checked, reports, unreadable = _check_files(found, index, options)
    _annotate(checked, reports, index, options)
    matrix: list[MatrixRow] = []
    if options.all_formats:
        from hlcg.matrix import legality_matrix

        matrix = legality_matrix(checked, index, options.select, options.ignore, options.date)
    fixes: list[DeckFix] = []
    verdicts = reports
    if options.fix:
        from hlcg.fixing import fix_decks

        fixed = fix_decks(checked, reports, index, options.format, options.in_place, options.force)
        fixes, verdicts = fixed.fixes, fixed.reports
    return RunResult(options, found, checked, reports, unreadable, skipped, matrix, fixes, verdicts)
