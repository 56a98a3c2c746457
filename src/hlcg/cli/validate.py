"""`hlcg validate DECK...`: check decks against the deck-construction rules of a format."""

import os
from collections.abc import Iterable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.catalog import CHECKED_FORMATS
from hlcg.cli import long_run
from hlcg.cli.common import (
    CheckDateOption,
    CheckFormatOption,
    DbOption,
    error,
    guarded,
    note,
    table,
    warn,
)
from hlcg.errors import UsageError
from hlcg.problems import FAIL_ON
from hlcg.report import REPORTERS
from hlcg.stdin import shown_bytes
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.check import CheckOptions, DeckFix, MatrixRow, Outcome, Run, Skipped
    from hlcg.report import DeckSummary, Unreadable


AUTO = "auto"  # github under GitHub Actions, else text
# --output's choices: the report kinds, then auto.
OutputKind = StrEnum(  # type: ignore[misc]
    "OutputKind", [(kind, kind) for kind in (*REPORTERS, AUTO)]
)


# --fail-on's choices: the library's own list.
FailOn = StrEnum("FailOn", [(kind, kind) for kind in FAIL_ON])  # type: ignore[misc]


def resolve_output(output: OutputKind) -> str:
    if output == AUTO:
        return "github" if os.environ.get("GITHUB_ACTIONS") == "true" else "text"
    return str(output.value)


def summary_table(
    reports: Sequence["DeckSummary"],
    unreadable: Sequence["Unreadable"] = (),
    skipped: Sequence["Skipped"] = (),
) -> str:
    from hlcg.report import run_summary

    rows = [
        [r.path, r.persona, r.format, "yes" if r.legal else "NO", r.errors, r.warnings, r.notes]
        for r in reports
    ]
    rows += [[u.path, "-", "-", "COULD NOT READ", "-", "-", "-"] for u in unreadable]
    rows += [[s.shown_path, "-", "-", "SKIPPED", "-", "-", "-"] for s in skipped]
    # A judge's run: the decks whose checks a missing fact kept from finishing, in one count.
    return (
        table(rows, ["deck", "persona", "format", "legal", "errors", "warnings", "notes"])
        + f"\n{run_summary(reports, unreadable, skipped, not_in_full=True)}\n"
    )


def matrix_table(rows: Sequence["MatrixRow"]) -> str:
    """`--all-formats`: decks x formats, "legal" or the count of errors."""
    from hlcg.stdin import shown

    def verdict(legal: bool, errors: int) -> str:
        return "legal" if legal else plural(errors, "error")

    cells = [[shown(row.path), *(verdict(v.legal, v.errors) for v in row.verdicts)] for row in rows]
    return table(cells, ["deck", *CHECKED_FORMATS]) + "\n"


def _summaries(
    summaries: Sequence["DeckSummary"],
    unreadable: Sequence["Unreadable"],
    skipped: Sequence["Skipped"],
    kind: str,
    output_file: Path | None,
) -> bool:
    """After the report: GitHub's step summary, the summary table when the terminal shows
    text. Whether it does."""
    if kind == "github":
        from hlcg.report import write_step_summary

        try:
            write_step_summary(summaries, unreadable, skipped)
        except OSError as exc:  # the annotations went out; the summary is extra
            warn(f"could not write $GITHUB_STEP_SUMMARY: {exc.strerror}")
    terminal_shows_text = _terminal_shows_text(kind, output_file)
    if terminal_shows_text and len(summaries) + len(unreadable) + len(skipped) > 1:
        typer.echo("\n" + summary_table(summaries, unreadable, skipped), err=True, nl=False)
    return terminal_shows_text


def _terminal_shows_text(kind: str, output_file: Path | None) -> bool:
    """Whether the terminal gets the text report (which names each skipped file)."""
    return kind == "text" or output_file is not None


class _Echo:
    """Standard output in large pieces (each ``typer.echo`` flushes)."""

    def __init__(self) -> None:
        self.pieces: list[str] = []
        self.size = 0

    def write(self, text: str) -> int:
        self.pieces.append(shown_bytes(text))
        self.size += len(text)
        if self.size >= 1 << 16:
            self.flush()
        return len(text)

    def flush(self) -> None:
        if self.pieces:
            typer.echo("".join(self.pieces), nl=False)
            self.pieces, self.size = [], 0


def render_streamed(
    outcomes: Iterable["Outcome"],
    kind: str,
    output_file: Path | None,
    skipped: Sequence["Skipped"] = (),
) -> bool:
    """The report written as decks finish (``hlcg.check.Run.outcomes`` rendered each deck's
    part in ``kind``, then text when there is an output file): on stdout or in the output
    file, the terminal getting text; then the summary table. Whether the terminal shows
    text."""
    from contextlib import ExitStack

    from hlcg.report import streamer

    summaries: list[DeckSummary] = []
    unreadable: list[Unreadable] = []
    echo = _Echo()
    with ExitStack() as stack:
        writers = [streamer(kind).writer(echo)]
        if output_file is not None:  # the report to the file, text to the terminal
            from hlcg.output import streamed_output  # only a run that writes a file needs it

            handle = stack.enter_context(streamed_output(output_file))
            writers = [streamer(kind).writer(handle), streamer("text").writer(echo)]
        for writer in writers:
            for item in skipped:
                writer.skipped(item)
        for outcome in outcomes:
            if outcome.unreadable is not None:
                error(f"{outcome.unreadable.path}: {outcome.unreadable.message}")
                unreadable.append(outcome.unreadable)
                for writer in writers:
                    writer.unreadable(outcome.unreadable)
                continue
            assert outcome.summary is not None  # a deck read has its summary
            summaries.append(outcome.summary)
            for writer, part in zip(writers, outcome.parts, strict=True):
                writer.deck(part, outcome.summary)
        for writer in writers:
            writer.close()
    echo.flush()
    return _summaries(summaries, unreadable, skipped, kind, output_file)


def render_fixes(fixes: Sequence["DeckFix"], to_stderr: bool = False) -> None:
    """What --fix did (hlcg.check.fix_decks wrote the files): the diff, the file written and the
    fixed deck checked again. ``to_stderr`` when a machine-read report is on standard output:
    the diff and the fixed deck's text are talk beside it, and the report must stay
    parseable."""
    from hlcg.report import render_deck

    for fix in fixes:
        for kept in fix.kept:
            note(f"{fix.path}: {kept}")
        if fix.target is None:
            typer.echo(f"\n{fix.path}: no automatic fix for its problems", err=True)
            continue
        if fix.moved:
            warn(
                f"{fix.path} is not a text deck; the fixed deck is written to {fix.target} instead"
            )
        if fix.refusal is not None or fix.report is None:
            error(fix.refusal or f"{fix.path}: not fixed")
            continue
        typer.echo("", err=to_stderr)
        typer.echo(fix.diff, nl=False, err=to_stderr)
        typer.echo(f"wrote {fix.target}: " + "; ".join(fix.applied), err=True)
        typer.echo(render_deck(fix.report), err=to_stderr)


def _no_decks(kind: str, output_file: Path | None, skipped: Sequence["Skipped"]) -> None:
    """Nothing to check (--skip-non-decks passed over every file named): say so; a
    machine-read report is still written, empty but for the files passed over, so a job
    reading it finds its usual shape. The exit code is the run's, 0 (``RunResult.exit_code``:
    nothing unreadable, no deck failing)."""
    note("no deck files to check")
    if kind != "text" or output_file is not None:
        render_streamed((), kind, output_file, skipped)


def _note_skipped(found: Iterable["Skipped"]) -> None:
    """Each file passed over, as a note on the terminal, when no text report there names
    it (one note per file either way)."""
    for item in found:
        note(f"skipped {item.shown_path}: {item.message}")


@guarded
def validate_command(
    decks: Annotated[
        list[str], typer.Argument(help="Deck files, folders or globs; - reads standard input.")
    ],
    fmt: CheckFormatOption = None,
    output: Annotated[
        OutputKind,
        typer.Option(
            "--output",
            "-o",
            help="Report format (gitlab: GitLab Code Quality); auto is github under GitHub "
            "Actions, else text.",
        ),
    ] = OutputKind["text"],
    output_file: Annotated[
        Path | None,
        typer.Option(
            "--output-file",
            help="Write the report here; the terminal gets text. - is standard output.",
        ),
    ] = None,
    force: Annotated[
        bool,
        typer.Option(
            "--force", help="Overwrite --output-file, or with --fix a fixed deck, if it exists."
        ),
    ] = False,
    strict: Annotated[
        bool,
        typer.Option("--strict", help="Warnings also fail (exit 1); data gaps (notes) do not."),
    ] = False,
    fail_on: Annotated[
        list[FailOn] | None,
        typer.Option(
            "--fail-on",
            help="Also fail (exit 1) on these findings: warning (as --strict), unchecked "
            "(data gaps, for organisers who want complete data). Repeatable.",
        ),
    ] = None,
    select: Annotated[
        list[str] | None, typer.Option("--select", help="Only these rules (name or code prefix).")
    ] = None,
    ignore: Annotated[
        list[str] | None, typer.Option("--ignore", help="Skip these rules (name or code prefix).")
    ] = None,
    all_formats: Annotated[
        bool, typer.Option("--all-formats", help="Also print a decks x formats legality matrix.")
    ] = False,
    fix: Annotated[
        bool,
        typer.Option(
            "--fix",
            help="Write NAME.fixed.txt (NAME.dek.fixed.txt, ...) with the smallest fixes, "
            "re-check.",
        ),
    ] = False,
    in_place: Annotated[
        bool, typer.Option("--in-place", help="With --fix, overwrite the deck file instead.")
    ] = False,
    skip_non_decks: Annotated[
        bool,
        typer.Option(
            "--skip-non-decks",
            help="Skip named files that are recognisably not decks (READMEs, JSON reports), "
            "as folder scans do; for the pre-commit hook.",
        ),
    ] = False,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Check decks in up to N processes (default: the number of cores); reports "
            "are the same as with --jobs 1, in the same order. --fix, --all-formats and "
            "standard input (-) are checked in one process.",
        ),
    ] = None,
    date: CheckDateOption = None,
    db: DbOption = None,
) -> None:
    """Check decks: every problem at once, with lines, numbers against limits, and fixes.

    DECKS may be files, folders (searched recursively for .txt, .deck, .json, .dek and .o8d
    files, and .md and .dec files that read as decks; every other file, a README, a backup,
    a report hlcg saved, is named as skipped in the report and counted in the summary),
    globs and - (standard input; its kind told by its first character); all are checked in
    one run. Exit codes:
    0 every deck legal (warnings allowed), 1 any deck illegal (or any warning with
    --strict, or any data-gap note with --fail-on unchecked), 2 could not run (missing or
    unreadable file, bad option, catalogue error, a fixed deck not overwritten). With
    --all-formats the exit code still follows each deck's own format. With --fix it follows
    the decks as given: 1 while a deck is illegal, even when its fixed copy NAME.fixed.txt
    is legal; a deck fixed --in-place is judged as fixed.
    """
    from hlcg.check import CheckOptions, Run
    from hlcg.stdin import is_stdin

    kind = resolve_output(output)
    if output_file is not None and is_stdin(output_file):
        output_file = None  # the report on standard output, as without --output-file
    options = CheckOptions(
        format=fmt,
        select=tuple(select or ()),
        ignore=tuple(ignore or ()),
        strict=strict,
        fail_on=frozenset(str(value) for value in fail_on or ()),
        fingerprints=REPORTERS[kind].machine_read,
        changes=REPORTERS[kind].changes,
        all_formats=all_formats,
        skip_non_decks=skip_non_decks,
        fix=fix,
        in_place=in_place,
        force=force,
        db=db,
        date=date,
    )
    refused: list[str] = []  # every bad option said at once: the check's and --output-file's
    try:
        checks = Run(decks, options)  # the options checked, the deck files found
    except UsageError as exc:
        refused.extend(exc.messages)
    if output_file is not None:
        # here: hlcg.output (508 lines) is for runs that write a file, not every check
        from hlcg.output import refuse_overwrite

        try:
            refuse_overwrite(output_file, force)
        except UsageError as exc:
            refused.extend(exc.messages)
    if refused:
        raise UsageError(*refused)
    if len(checks.found) > 1:
        long_run()  # many decks: Python's own collector pace, not start-up's (hlcg.cli)
    if output_file is not None:
        _refuse_report_over_a_deck(output_file, checks)
    _render(checks, kind, output_file, jobs or cpu_count())
    result = checks.result()
    stricter = _stricter_failures(result.summaries, result.options)
    if stricter:
        note(stricter)
    raise typer.Exit(result.exit_code())


def _render(checks: "Run", kind: str, output_file: Path | None, jobs: int) -> None:
    """Each report written as its deck finishes, in up to ``jobs`` processes; then the
    --all-formats matrix and what --fix did."""
    found, passed_over = checks.found, checks.skipped
    if not found or not _terminal_shows_text(kind, output_file):
        _note_skipped(passed_over)
    if not found:
        _no_decks(kind, output_file, passed_over)
        return
    kinds = (kind,) if output_file is None else (kind, "text")
    outcomes = checks.outcomes(kinds, jobs=jobs)
    shows_text = render_streamed(outcomes, kind, output_file, passed_over)
    if checks.options.all_formats or checks.options.fix:
        result = checks.result()
        if checks.options.all_formats:
            # Beside a machine-read report on stdout, the matrix is talk: stderr.
            typer.echo("\n" + matrix_table(result.matrix), nl=False, err=not shows_text)
        render_fixes(result.fixes, to_stderr=not shows_text)


def _refuse_report_over_a_deck(output_file: Path | None, checks: "Run") -> None:
    """--output-file never replaces a deck the run checks (by any name), even with --force;
    the decks are looked at only when the file exists, the one case where it could be one."""
    from hlcg.output import refuse_writing_an_input

    if output_file is None or not output_file.is_file():
        return
    refuse_writing_an_input(output_file, checks.found)


def cpu_count() -> int:
    """The cores this process may run on: --jobs's default."""
    counted = getattr(os, "process_cpu_count", None)  # Python 3.13
    if counted is not None:
        return counted() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def _stricter_failures(verdicts: Sequence["DeckSummary"], options: "CheckOptions") -> str | None:
    """Why a run whose decks are all legal still fails (--strict, --fail-on), or None."""
    strict, unchecked = options.stricter
    failing = [r for r in verdicts if r.fails(strict, unchecked)]
    if not failing or any(not r.legal for r in verdicts):
        return None
    reasons = [
        why
        for why, applies in (
            ("on warnings (--strict)", strict and any(r.warnings for r in failing)),
            ("on data gaps (--fail-on unchecked)", unchecked and any(r.data_gaps for r in failing)),
        )
        if applies
    ]
    return f"{plural(len(failing), 'legal deck')} failed {' and '.join(reasons)}"
