"""A run of `hlcg validate` but the rendering: ``run(paths, CheckOptions(...)) ->
RunResult``. Each deck file is checked by ``hlcg.api.check_deck``; with the options, the run
adds the fingerprints and fix edits the machine-read reports carry, the legality matrix of
--all-formats (``hlcg.api.legality_matrix``) and the fixes of --fix (``hlcg.fix``).

``check_each`` is the same check streamed, for `hlcg validate`: each deck file's outcome in
order as soon as it is known, its report already rendered as parts
(``hlcg.report.streamer``), so a run holds no reports and its memory stays flat; with
``jobs`` above 1 the decks are checked in worker processes, each opening the catalogue once.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg.api import (
    CheckOptions,
    MatrixRow,
    add_fingerprint,
    check_deck,
    legality_matrix,
    load_catalogue,
    read_deck,
)
from hlcg.catalog import Catalogue
from hlcg.errors import UsageError
from hlcg.rules import DeckReport
from hlcg.stdin import is_stdin, shown

if TYPE_CHECKING:
    from hlcg.fix import DeckFix
    from hlcg.report import DeckSummary, Unreadable


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


def _read_and_check(
    path: Path, catalogue: Catalogue, options: CheckOptions
) -> DeckReport | Unreadable:
    """One deck file's report, or why it could not be read."""
    from hlcg.errors import DeckFileError
    from hlcg.report import Unreadable

    try:
        deck = read_deck(path)
    except DeckFileError as exc:
        name = shown(path)
        return Unreadable(name, str(exc).removeprefix(f"{name}: "))
    return check_deck(
        deck, catalogue, options.format, options.select, options.ignore, False, options.date
    )


def _check_files(
    paths: Sequence[Path], catalogue: Catalogue, options: CheckOptions
) -> tuple[list[Path], list[DeckReport], list[Unreadable]]:
    checked: list[Path] = []
    reports: list[DeckReport] = []
    unreadable: list[Unreadable] = []
    for path in paths:
        outcome = _read_and_check(path, catalogue, options)
        if isinstance(outcome, DeckReport):
            reports.append(outcome)
            checked.append(path)
        else:
            unreadable.append(outcome)
    return checked, reports, unreadable


def _annotate(
    checked: Sequence[Path],
    reports: Sequence[DeckReport],
    catalogue: Catalogue,
    options: CheckOptions,
) -> None:
    """What the machine-read reports carry besides the verdict: fingerprints, fix edits."""
    if options.fingerprints:
        for report in reports:
            add_fingerprint(report, catalogue)
    if options.changes:
        from hlcg.fix import add_changes

        for path, report in zip(checked, reports, strict=True):
            add_changes(path, report, catalogue)


def deck_files(
    paths: Sequence[str | Path] | str | Path,
    options: CheckOptions,
    on_skip: Callable[[Path, str], None] | None = None,
) -> tuple[list[Path], list[Skipped]]:
    """The deck files the paths name, and the files skipped as no deck (``on_skip`` hears
    of each as it is found). Raises UsageError when nothing names a deck (unless
    ``skip_non_decks``) and for --fix with standard input."""
    from hlcg.deck import expand

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
    options = options.check_usage()
    found, skipped = deck_files(paths, options, on_skip)
    if not found:
        return RunResult(options, [], [], [], [], skipped, [], [], [])
    if catalogue is None:
        catalogue = load_catalogue(options.db)
    checked, reports, unreadable = _check_files(found, catalogue, options)
    _annotate(checked, reports, catalogue, options)
    matrix: list[MatrixRow] = []
    if options.all_formats:
        matrix = legality_matrix(checked, catalogue, options.select, options.ignore, options.date)
    fixes: list[DeckFix] = []
    verdicts = reports
    if options.fix:
        from hlcg.fix import fix_decks

        fixed = fix_decks(
            checked, reports, catalogue, options.format, options.in_place, options.force
        )
        fixes, verdicts = fixed.fixes, fixed.reports
    return RunResult(options, found, checked, reports, unreadable, skipped, matrix, fixes, verdicts)


# --- Streamed: each deck's outcome as it finishes, in worker processes or in this one -------


class Checked(NamedTuple):
    """One deck file's outcome in a streamed run: its report rendered as one part per
    report kind asked, with its summary; or, for a file that could not be read, why."""

    path: Path
    parts: tuple[str, ...]
    summary: DeckSummary | None
    unreadable: Unreadable | None


class _Checker:
    """What checks one deck file after another: the catalogue, the options, the parts."""

    def __init__(self, catalogue: Catalogue, options: CheckOptions, kinds: Sequence[str]) -> None:
        from hlcg.report import streamer

        self.catalogue = catalogue
        self.options = options
        self.kinds = tuple(kinds)
        self.parts = [streamer(kind).part for kind in kinds]

    def check(self, path: Path) -> Checked:
        from hlcg.report import DeckSummary

        report = _read_and_check(path, self.catalogue, self.options)
        if not isinstance(report, DeckReport):
            return Checked(path, (), None, report)
        _annotate([path], [report], self.catalogue, self.options)
        parts = tuple(part(report) for part in self.parts)
        return Checked(path, parts, DeckSummary.of(report), None)


# A worker process's checker, set once by _start_worker: the catalogue opened once.
_worker: _Checker | None = None


def _start_worker(db: Path, options: CheckOptions, kinds: Sequence[str]) -> None:
    global _worker
    from hlcg.catalog import load

    _worker = _Checker(load(db), options, kinds)


def _check_in_worker(paths: list[Path]) -> list[Checked]:
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


def check_each(
    found: Sequence[Path],
    options: CheckOptions,
    kinds: Sequence[str] = ("json",),
    catalogue: Catalogue | None = None,
    jobs: int = 1,
) -> Iterator[Checked]:
    """Each deck file of ``found`` checked, in order, its report rendered in ``kinds``
    (names of ``hlcg.report.REPORTERS``). With ``jobs`` above 1 (and enough decks) the
    decks are checked in up to ``jobs`` processes, this one and its workers; standard
    input is always read here. Not for --fix or --all-formats (``run`` does those). Raises
    UsageError or CatalogueError before the first deck when the options or the catalogue
    cannot check any deck."""
    from hlcg.catalog import format_from_user

    options = options.check_usage()
    if catalogue is None:
        catalogue = load_catalogue(options.db)
    if options.format:
        from hlcg.api import require_format

        require_format(catalogue, format_from_user(options.format))
    checker = _Checker(catalogue, options, kinds)
    processes = 1 if any(is_stdin(p) for p in found) else process_count(jobs, len(found))
    if processes == 1:
        return (checker.check(path) for path in found)
    return _shared_out(list(found), checker, processes)


def _shared_out(found: list[Path], checker: _Checker, processes: int) -> Iterator[Checked]:
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
    sent: dict[int, Future[list[Checked]]] = {}
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
