"""A run of `hlcg validate` but the rendering: the one corridor every deck of a run goes
through. ``Run`` checks the options once and finds the deck files; ``Run.outcomes`` is one
stream of each deck file's outcome, in order as soon as it is known, checked here or in
worker processes, each report already rendered as parts (``hlcg.report.streamer``) so the
run holds no reports and its memory stays flat; ``Run.result`` is that stream folded into
a ``RunResult``, with the legality matrix of --all-formats and the fixes of --fix
(``hlcg.check.fix``), both made from the reports the stream kept for them. ``run`` is the
library's whole run at once. ``RunResult.exit_code`` is the one exit code of a run.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog import Catalogue
from hlcg.check.deck import (
    CheckOptions,
    MatrixRow,
    judge,
    legality_matrix,
    load_catalogue,
    read_deck,
)
from hlcg.errors import UsageError
from hlcg.rules import DeckReport
from hlcg.stdin import is_stdin, shown

if TYPE_CHECKING:
    from hlcg.check.fix import DeckFix
    from hlcg.deck import Deck
    from hlcg.report import DeckSummary, Unreadable


class Skipped(NamedTuple):
    """A file a run passed over as recognisably no deck (a README, a saved report, a
    backup): named in every report, never judged."""

    path: Path
    reason: str

    @property
    def shown_path(self) -> str:
        """The file as reports name it."""
        return shown(self.path)

    @property
    def message(self) -> str:
        return f"not a deck ({self.reason})"


class Outcome(NamedTuple):
    """One deck file's outcome in a run: its report rendered as one part per report kind
    asked, with its summary, and the report itself when the run keeps reports (a run in
    this process only); or, for a file that could not be read, why."""

    path: Path
    parts: tuple[str, ...]
    summary: DeckSummary | None
    unreadable: Unreadable | None
    report: DeckReport | None = None
    deck: Deck | None = None  # as read, when the report is kept (--all-formats judges it again)


class RunResult(NamedTuple):
    """What a run found: the decks as given (``reports``, one per ``checked`` path, when the
    run kept them), the files that could not be read, the files skipped and, with ``fix``,
    what each fix did. ``summaries`` are the verdicts that stand, one per checked deck: a
    deck fixed in place, as fixed (``verdicts`` are their reports, when kept)."""

    options: CheckOptions
    paths: list[Path]  # every deck file found, readable or not
    checked: list[Path]
    reports: list[DeckReport]
    unreadable: list[Unreadable]
    skipped: list[Skipped]
    matrix: list[MatrixRow]
    fixes: list[DeckFix]
    verdicts: list[DeckReport]
    summaries: list[DeckSummary]

    def exit_code(self, strict: bool | None = None, fail_on_unchecked: bool | None = None) -> int:
        """The run's exit code, decided here only: 2 when a deck file could not be read or
        a fix was refused, 1 when a deck fails (``DeckSummary.fails``, the one failure
        rule), else 0 (docs/errors.md). Unset arguments come from the run's options."""
        if self.unreadable or any(f.refusal is not None for f in self.fixes):
            return 2
        default_strict, default_unchecked = self.options.stricter
        strict = default_strict if strict is None else strict
        fail_on_unchecked = default_unchecked if fail_on_unchecked is None else fail_on_unchecked
        return 1 if any(s.fails(strict, fail_on_unchecked) for s in self.summaries) else 0


def _read(path: Path) -> Deck | Unreadable:
    """One deck file's deck, or why it could not be read."""
    from hlcg.errors import DeckFileError
    from hlcg.report import Unreadable

    try:
        return read_deck(path)
    except DeckFileError as exc:
        name = shown(path)
        return Unreadable(name, str(exc).removeprefix(f"{name}: "))


def _as_read(deck: Deck) -> Deck:
    """The deck as its reader gave it: judging it adds the problems of its format to its
    issues, which judging it in another format must not see."""
    import copy

    kept = copy.copy(deck)
    kept.issues = list(deck.issues)
    return kept


def _annotate(path: Path, report: DeckReport, catalogue: Catalogue, options: CheckOptions) -> None:
    """What the machine-read reports carry besides the verdict: fingerprints, fix edits."""
    if options.fingerprints:
        from hlcg.check.deck import add_fingerprint

        add_fingerprint(report, catalogue)
    if options.changes and any(problem.edits for problem in report.problems):
        # only a problem --fix would edit has changes to carry: a legal deck loads no fixer
        from hlcg.check.fix import add_changes

        add_changes(path, report, catalogue)


def deck_files(
    paths: Sequence[str | Path] | str | Path,
    options: CheckOptions,
    on_skip: Callable[[Path, str], None] | None = None,
) -> tuple[list[Path], list[Skipped]]:
    """The deck files the paths name, and the files skipped as no deck (``on_skip`` hears
    of each as it is found), ``options`` checked with the paths (``check_usage``: --fix
    and standard input). Raises UsageError when nothing names a deck (unless
    ``skip_non_decks``)."""
    from hlcg.deck import expand

    skipped: list[Skipped] = []

    def skip(path: Path, reason: str) -> None:
        skipped.append(Skipped(path, reason))
        if on_skip is not None:
            on_skip(path, reason)

    named = [paths] if isinstance(paths, str | Path) else paths  # one path, not its letters
    found = expand([str(p) for p in named], options.skip_non_decks, skip)
    if not found and not options.skip_non_decks:
        raise UsageError("no deck files found")
    return found, skipped


def run(
    paths: Sequence[str | Path],
    options: CheckOptions = CheckOptions(),  # noqa: B008 (an immutable NamedTuple)
    catalogue: Catalogue | None = None,
    on_skip: Callable[[Path, str], None] | None = None,
) -> RunResult:
    """Check every deck the paths name (files, folders searched for decks, globs): each
    one's report, the files that could not be read, and with ``options.fix`` the fixes
    written. ``on_skip`` hears of each file skipped as no deck when it is found.
    Raises UsageError for bad options or when nothing names a deck (unless
    ``skip_non_decks``: then the result is empty), CatalogueError for a bad catalogue."""
    whole = Run(paths, options, catalogue, on_skip)
    if whole.found:
        whole.outcomes(keep_reports=True)  # drained by result()
    return whole.result()


class Run:
    """One run over the decks ``paths`` name: the options checked (the one check, here at
    the door), the deck files found (``found``) and the files skipped as no deck
    (``skipped``). ``outcomes`` checks them; ``result`` folds what it yielded."""

    def __init__(
        self,
        paths: Sequence[str | Path] | str | Path,
        options: CheckOptions = CheckOptions(),  # noqa: B008 (an immutable NamedTuple)
        catalogue: Catalogue | None = None,
        on_skip: Callable[[Path, str], None] | None = None,
    ) -> None:
        named = [paths] if isinstance(paths, str | Path) else paths  # one path, not its letters
        self.options = options.check_usage(named)
        self.found, self.skipped = deck_files(named, self.options, on_skip)
        self.catalogue = catalogue
        self.checked: list[Path] = []
        self.reports: list[DeckReport] = []
        self.decks: list[tuple[Path, Deck]] = []  # as read, when the reports are kept
        self.summaries: list[DeckSummary] = []
        self.unreadable: list[Unreadable] = []
        self._result: RunResult | None = None
        self._stream: Iterator[Outcome] | None = None  # the outcomes, once asked for

    def outcomes(
        self, kinds: Sequence[str] = (), jobs: int = 1, keep_reports: bool = False
    ) -> Iterator[Outcome]:
        """Each deck file found, checked in order, its report rendered in ``kinds`` (names
        of ``hlcg.report.REPORTERS``). With ``jobs`` above 1 (and enough decks) the decks are
        checked in up to ``jobs`` processes, this one and its workers; standard input is
        always read here, and so is every deck of a run that keeps its reports
        (``keep_reports``, --fix and --all-formats). Raises CatalogueError before the first
        deck when the catalogue cannot check any deck."""
        options = self.options
        if self.catalogue is None:
            self.catalogue = load_catalogue(options.db)
        if options.format:
            from hlcg.check.deck import require_format

            require_format(self.catalogue, options.format)
        keep = keep_reports or options.fix or options.all_formats
        checker = _Checker(self.catalogue, options, kinds, keep)
        in_here = keep or any(is_stdin(p) for p in self.found)
        processes = 1 if in_here else process_count(jobs, len(self.found))
        if processes == 1:
            stream: Iterator[Outcome] = (checker.check(path) for path in self.found)
        else:
            stream = _shared_out(list(self.found), checker, processes)
        self._stream = self._folded(stream)
        return self._stream

    def _folded(self, stream: Iterator[Outcome]) -> Iterator[Outcome]:
        for outcome in stream:
            if outcome.unreadable is not None:
                self.unreadable.append(outcome.unreadable)
            else:
                assert outcome.summary is not None  # a deck read has its summary
                self.checked.append(outcome.path)
                self.summaries.append(outcome.summary)
                if outcome.report is not None:
                    self.reports.append(outcome.report)
                if outcome.deck is not None:
                    self.decks.append((outcome.path, outcome.deck))
            yield outcome

    def result(self) -> RunResult:
        """The outcomes folded: with --all-formats the legality matrix, with --fix the fixes
        written (and a deck fixed in place judged as fixed). Outcomes ``outcomes`` has not
        yielded yet are checked first (all of them when it was never asked), so a result
        never leaves a deck out. Made once: the fixes are written once."""
        if self._result is None:
            if self.found:
                for _ in self._stream if self._stream is not None else self.outcomes():
                    pass
            self._result = self._folded_result()
        return self._result

    def _folded_result(self) -> RunResult:
        options, catalogue = self.options, self.catalogue
        matrix: list[MatrixRow] = []
        fixes: list[DeckFix] = []
        verdicts, summaries = self.reports, self.summaries
        if catalogue is not None and options.all_formats:
            matrix = legality_matrix(self.decks, catalogue, options)
        if catalogue is not None and options.fix:
            from hlcg.check.fix import fix_decks
            from hlcg.report import DeckSummary

            fixed = fix_decks(
                self.checked,
                self.reports,
                catalogue,
                options.format,
                options.in_place,
                options.force,
            )
            fixes, verdicts = fixed.fixes, fixed.reports
            summaries = [DeckSummary.of(report) for report in verdicts]
        return RunResult(
            options,
            self.found,
            self.checked,
            self.reports,
            self.unreadable,
            self.skipped,
            matrix,
            fixes,
            verdicts,
            summaries,
        )


class _Checker:
    """What checks one deck file after another: the catalogue, the options, the parts."""

    def __init__(
        self,
        catalogue: Catalogue,
        options: CheckOptions,
        kinds: Sequence[str],
        keep_reports: bool = False,
    ) -> None:
        from hlcg.report import streamer

        self.catalogue = catalogue
        self.options = options
        self.kinds = tuple(kinds)
        self.keep_reports = keep_reports
        self.parts = [streamer(kind).part for kind in kinds]

    def check(self, path: Path) -> Outcome:
        from hlcg.report import DeckSummary, Unreadable

        deck = _read(path)
        if isinstance(deck, Unreadable):
            return Outcome(path, (), None, deck)
        as_read = _as_read(deck) if self.keep_reports else None
        report = judge(deck, self.catalogue, self.options)
        _annotate(path, report, self.catalogue, self.options)
        parts = tuple(part(report) for part in self.parts)
        kept = report if self.keep_reports else None
        return Outcome(path, parts, DeckSummary.of(report), None, kept, as_read)


# A worker process's checker, set once by _start_worker: the catalogue opened once.
_worker: _Checker | None = None


def _start_worker(db: Path, options: CheckOptions, kinds: Sequence[str]) -> None:
    global _worker
    from hlcg.catalog import load

    _worker = _Checker(load(db), options, kinds)


def _check_in_worker(paths: list[Path]) -> list[Outcome]:
    assert _worker is not None, "the pool starts each worker with _start_worker"
    return [_worker.check(path) for path in paths]


# Chunks sent to a worker at a time: enough decks that sending them costs little beside
# checking them, few enough that the processes stay even to the end.
CHUNK = 32
DECKS_PER_PROCESS = 16  # fewer decks than this each: a process costs more than it saves


def process_count(jobs: int, decks: int) -> int:
    """How many processes check a run of ``decks`` with --jobs ``jobs``: this one and
    the workers it starts (1: this one alone). Workers are forked, so they start with what
    this process imported; where processes cannot fork (Windows) a run stays in one."""
    import os

    if not hasattr(os, "fork"):
        return 1
    return max(1, min(jobs, decks // DECKS_PER_PROCESS))


def _shared_out(found: list[Path], checker: _Checker, processes: int) -> Iterator[Outcome]:
    """The decks checked chunk by chunk, in order: every ``processes``-th chunk here
    (which also writes the report), the others in ``processes - 1`` workers. At most a few
    chunks per worker are sent ahead, so a slow reader holds no more than those."""
    import gc
    import multiprocessing
    from concurrent.futures import Future, ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    from hlcg.errors import HlcgError

    size = max(1, min(CHUNK, math.ceil(len(found) / (processes * 4))))
    chunks = [found[start : start + size] for start in range(0, len(found), size)]
    theirs = deque(n for n in range(len(chunks)) if n % processes)
    sent: dict[int, Future[list[Outcome]]] = {}
    # The first chunk is checked here before the workers fork: they start with the modules
    # a check imports (the rules, the deck readers) instead of each importing them again.
    first = [checker.check(path) for path in chunks[0]]
    gc.freeze()  # this process's objects stay put: the workers' copies of them stay shared
    pool = ProcessPoolExecutor(
        processes - 1,
        multiprocessing.get_context("fork"),
        initializer=_start_worker,
        initargs=(checker.catalogue.path, checker.options, checker.kinds),
    )
    try:
        for n, chunk in enumerate(chunks):
            while theirs and len(sent) < (processes - 1) * 4:
                ahead = theirs.popleft()
                sent[ahead] = pool.submit(_check_in_worker, chunks[ahead])
            if n % processes:
                yield from sent.pop(n).result()
            elif n:
                yield from (checker.check(path) for path in chunk)
            else:
                yield from first
    except BrokenProcessPool:
        raise HlcgError(
            "a worker process stopped before its decks were checked; run again with "
            "--jobs 1 to check them in one process"
        ) from None
    finally:
        pool.shutdown(cancel_futures=True)
