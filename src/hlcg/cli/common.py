"""Options and helpers every command shares: --db, --json, the error boundary, output."""

import contextlib
import difflib
import functools
import json
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import click
import typer
from typer.core import TyperCommand, TyperGroup

from hlcg.catalog import CHECKED_FORMATS
from hlcg.errors import HlcgError

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help="Catalogue file to read (default: $HLCG_DB, else the shipped catalogue).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


def parse_date(value: str | None) -> str | None:
    """--date as YYYY-MM-DD."""
    if value is None:
        return None
    from hlcg.check import check_date
    from hlcg.errors import UsageError

    try:
        return check_date(value)
    except UsageError as exc:
        raise typer.BadParameter(str(exc).removeprefix(f"--date {value!r}: ")) from None


DATE_HELP = (
    "Judge by the legality facts in force on this date (a tournament's date); default today."
)
DateOption = Annotated[
    str | None,
    typer.Option(
        "--date", parser=parse_date, metavar="YYYY-MM-DD", help=DATE_HELP, show_default=False
    ),
]
# A check's --date as typed: the check's door (CheckOptions.check_usage) reads it, once,
# and a bad one is an error as every other option of the check (`hlcg: error: ...`).
CheckDateOption = Annotated[
    str | None,
    typer.Option("--date", metavar="YYYY-MM-DD", help=DATE_HELP, show_default=False),
]


def parse_format(value: str | None) -> str | None:
    """--format as a deck's `Format:` line ("Type Two"); refused as `validate` refuses it."""
    if value is None:
        return None
    from hlcg.catalog import format_from_user
    from hlcg.errors import UsageError

    try:
        return format_from_user(value)
    except UsageError as exc:
        refused = OneLineUsageError(f"--format: {exc}")
        refused.points_to_help = False
        raise refused from None


def format_option(help_text: str, parsed: bool = True) -> Any:
    """A --format/-f option that takes every spelling a deck's `Format:` line takes; not
    ``parsed``, it goes as typed to a check's door (CheckOptions.check_usage)."""
    return typer.Option(
        "--format",
        "-f",
        parser=parse_format if parsed else None,
        metavar=f"[{'|'.join(CHECKED_FORMATS)}]",
        help=help_text,
    )


FORMAT_HELP = (
    "Format (default: the deck's Format: line, else type-two); "
    "'Type Two', 'type 2' and the like work too."
)
FormatOption = Annotated[str | None, format_option(FORMAT_HELP)]
CheckFormatOption = Annotated[str | None, format_option(FORMAT_HELP, parsed=False)]


def _show_undecodable_bytes() -> None:
    """Standard output and error write a file name's bytes that are not UTF-8 as \\xNN
    (hlcg.output.UNDECODABLE), never raw and never as an error, whoever set the streams
    up (``hlcg.cli.main``, or a program running a command in-process)."""
    from hlcg.stdin import UNDECODABLE

    for stream in (sys.stdout, sys.stderr):
        if getattr(stream, "errors", UNDECODABLE) != UNDECODABLE:
            with contextlib.suppress(AttributeError, ValueError, OSError):
                stream.reconfigure(errors=UNDECODABLE)  # type: ignore[union-attr]


def guarded(func: F) -> F:
    """The error boundary: an HlcgError becomes one line on stderr and exit code 2; any
    other exception (a bug) is exit code 2 too, with a line asking for a report
    (hlcg.cli.boundary), never a traceback that exits 1 as an illegal deck would."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        _show_undecodable_bytes()
        try:
            return func(*args, **kwargs)
        except HlcgError as exc:
            error(*getattr(exc, "messages", [str(exc)]))  # a UsageError's: each its line
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            raise typer.Exit(0) from None
        except (typer.Exit, typer.Abort, click.ClickException):
            raise  # the parser's and the command's own ways to end a run
        except Exception as exc:  # noqa: BLE001 (the boundary: every bug ends here)
            from hlcg.cli.boundary import report_crash

            report_crash(exc)
            raise typer.Exit(2) from None

    return wrapper  # type: ignore[return-value]


def expand(paths: list[str], skip_non_decks: bool = False) -> list[Path]:
    """`hlcg.deck.read.expand`, with a note on stderr for each file skipped as no deck."""
    from hlcg.deck import expand as expand_paths

    def skipped(path: Path, reason: str) -> None:
        note(f"skipped {path}: not a deck ({reason})")

    return expand_paths(paths, skip_non_decks, skipped)


def error(*messages: str) -> None:
    typer.echo("\n".join(f"hlcg: error: {message}" for message in messages), err=True)


def note(message: str) -> None:
    typer.echo(f"hlcg: note: {message}", err=True)


def warn(message: str) -> None:
    typer.echo(f"hlcg: warning: {message}", err=True)


def print_json(data: Any) -> None:
    """``data`` as JSON on standard output; a file name's bytes that are not UTF-8 read
    ``\\xNN`` inside its strings (escaped as JSON needs, so the output stays JSON)."""
    from hlcg.stdin import shown_bytes

    typer.echo(shown_bytes(json.dumps(data, indent=2, ensure_ascii=False), in_json=True))


# A column of a table fitted to a terminal is never narrower than this.
_NARROWEST_COLUMN = 8
# A word up to this long keeps its column at least as wide (it wraps whole).
_LONGEST_KEPT_WORD = 14


def terminal_width(err: bool = False) -> int | None:
    """The width of the terminal the table goes to; None for a pipe or a file, whose
    reader gets every cell whole on one line."""
    import shutil
    import sys

    stream = sys.stderr if err else sys.stdout
    try:
        if not stream.isatty():
            return None
    except (AttributeError, ValueError):
        return None
    return shutil.get_terminal_size().columns


def table(rows: list[list[Any]], headers: list[str], err: bool = False) -> str:
    """A table: on a terminal, its widest columns (headers too) wrap so that it fits the
    width, and a table with too many columns to fit even so is shown one row per block
    (`header  value` lines); for a pipe every cell stays whole on its line. ``err``: the
    table goes to stderr."""
    from tabulate import tabulate

    from hlcg.stdin import shown_bytes

    # a name's undecodable bytes as the escapes the terminal will show, so columns align
    cells = [[shown_bytes(c) if isinstance(c, str) else c for c in row] for row in rows]
    width = terminal_width(err)
    caps = _column_caps(cells, headers, width) if width else None
    if width and caps is not None and _fitted_width(caps, cells, headers) > width:
        return _blocks(cells, headers, width)
    # tabulate pads a header by 2 (its MIN_PADDING): a header wraps 2 narrower than its cells
    header_caps = (
        [cap - 2 if cap else max(len(h), 1) for cap, h in zip(caps, headers, strict=True)]
        if caps
        else None
    )
    return tabulate(
        cells,
        headers=headers,
        tablefmt="simple",
        disable_numparse=True,
        maxcolwidths=caps,
        maxheadercolwidths=header_caps,
    )


def _column_caps(rows: list[list[Any]], headers: list[str], width: int) -> list[int | None] | None:
    """The widest a column may be for the table to fit ``width`` (None: as wide as its
    cells), the widest columns narrowed first, none below its header's longest word."""
    natural = _natural_widths(rows, headers)
    floors = [
        min(w, max(_NARROWEST_COLUMN, _longest_word(header) + 2, *short_words))
        for w, header, short_words in zip(
            natural, headers, _short_words(rows, headers), strict=True
        )
    ]
    room = width - 2 * (len(headers) - 1)
    if sum(natural) <= room:
        return None

    def fitted(cap: int) -> list[int]:
        return [min(w, max(cap, floor)) for w, floor in zip(natural, floors, strict=True)]

    cap = max(natural)
    while cap > _NARROWEST_COLUMN and sum(fitted(cap)) > room:
        cap -= 1
    return [f if f < w else None for f, w in zip(fitted(cap), natural, strict=True)]


def _longest_word(text: Any) -> int:
    """The longest piece a cell wraps into unbroken: words, split after hyphens as textwrap does."""
    return max((len(word) for word in re.split(r"(?<=-)|\s+", str(text))), default=0)


def _short_words(rows: list[list[Any]], headers: list[str]) -> list[list[int]]:
    """Per column, the longest word of each cell where it is short (a name, "Broadsword"):
    a column is not narrowed below those, so that names do not break mid-word; a long one
    (a URL) may break."""
    return [
        [n for row in rows if i < len(row) and (n := _longest_word(row[i])) <= _LONGEST_KEPT_WORD]
        for i in range(len(headers))
    ]


def _natural_widths(rows: list[list[Any]], headers: list[str]) -> list[int]:
    return [  # tabulate pads a header by 2 (its MIN_PADDING)
        max([len(str(header)) + 2, *(len(str(row[i])) for row in rows if i < len(row))])
        for i, header in enumerate(headers)
    ]


def _fitted_width(caps: list[int | None], rows: list[list[Any]], headers: list[str]) -> int:
    natural = _natural_widths(rows, headers)
    return sum(min(w, cap or w) for w, cap in zip(natural, caps, strict=True)) + 2 * (
        len(headers) - 1
    )


def _blocks(rows: list[list[Any]], headers: list[str], width: int) -> str:
    """Each row as a block of `header  value` lines, the values wrapped to ``width``: the
    shape of a table too wide for the terminal in any column widths."""
    import textwrap

    label = max(len(header) for header in headers) + 2
    blocks = []
    for row in rows:
        lines = []
        for header, cell in zip(headers, row, strict=False):
            wrapped = textwrap.wrap(str(cell), max(width - label, _NARROWEST_COLUMN)) or [""]
            lines.append(f"{header:<{label}}{wrapped[0]}".rstrip())
            lines.extend(" " * label + more for more in wrapped[1:])
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def fields(pairs: list[tuple[str, Any]], label: int = 16) -> str:
    """`name  value` lines, the names in a column ``label`` wide; on a terminal a long value
    wraps under itself so that every line fits, for a pipe each stays whole on one line."""
    import textwrap

    width = terminal_width()
    lines = []
    for name, value in pairs:
        text = str(value)
        if width and label + len(text) > width:
            wrapped = textwrap.wrap(text, max(width - label, _NARROWEST_COLUMN)) or [""]
        else:
            wrapped = [text]
        lines.append(f"{name:<{label - 1}} {wrapped[0]}")
        lines.extend(" " * label + more for more in wrapped[1:])
    return "\n".join(lines)


def read_catalogue(db: Path | None, read: Callable[[Path], T]) -> T:
    """``read`` of the catalogue file: --db, else $HLCG_DB, else the shipped catalogue."""
    from hlcg.catalog import resolve_path

    return read(resolve_path(db))


def load_catalogue(db: Path | None) -> "Catalogue":
    from hlcg.catalog import load

    return read_catalogue(db, load)


def echo_closest(name: str, score: float | None) -> None:
    """A confident near miss was taken: say so on stderr, so the data stays clean."""
    typer.echo(f"(closest match for {name!r}, score {score or 0:.0f})", err=True)


def echo_no_single(what: str, name: str, rows: list[list[Any]], headers: list[str]) -> None:
    """A name that means no single thing: the close candidates to choose from (stderr)."""
    typer.echo(f"No single {what} named {name!r}. Did you mean:", err=True)
    typer.echo(table(rows, headers, err=True), err=True)


def require_name(name: str, what: str) -> None:
    """A lookup's name must hold something to look up: an empty one is a usage error."""
    from hlcg.errors import UsageError

    if not name.strip():
        raise UsageError(f"give a {what} name (it is empty)")


# Help pages with their sections drawn as panels, by click's own help writer.
#
# Typer draws its help with rich: importing typer's help module imports rich, markdown-it and
# pygments, which alone cost about 0.9x the import floor of `import typer, sqlite3` on every
# `--help` and every usage error; rich's console, panel and table alone cost 0.26x. Click
# already lays help out (usage, text wrapped into paragraphs, aligned option and command
# lists); this writer keeps that and frames each section the way typer's rich help does:
#
#     ╭─ Options ────────────────────────────╮
#     │ --version   Show the version.        │
#     ╰──────────────────────────────────────╯
#
# Every command group of hlcg is made by ``command_group`` and every command is registered
# with ``cls=PanelCommand``. A usage error (an unknown option, a missing option or argument, a
# bad choice) is said as every hlcg error is, one `hlcg: error: ...` line (docs/cli.md), not
# click's block of usage, hint and `Error:`.


_BORDER = 4  # "│ " and " │"


class PanelFormatter(click.HelpFormatter):
    """Click's help writer, each section framed as a panel with its title in the border.

    ``width`` is the width inside a panel, so what click fits to it (a command's short help
    in the command list) fits inside the frame."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.width -= _BORDER
        self._panel_last = False

    def write(self, string: str) -> None:
        super().write(string)
        self._panel_last = False

    def write_paragraph(self) -> None:
        if not self._panel_last:  # panels follow each other without a blank line
            super().write_paragraph()

    @contextmanager
    def section(self, name: str) -> Iterator[None]:
        outer, after_panel = self.buffer, self._panel_last
        self.buffer = []
        try:
            yield
        finally:
            lines = "".join(self.buffer).rstrip("\n").splitlines()
            self.buffer, self._panel_last = outer, after_panel
        self.write_paragraph()
        inner = max([self.width, *(len(line) for line in lines)])
        title = f"─ {name} "
        self.write(f"╭{title}{'─' * (inner + 2 - len(title))}╮\n")
        for line in lines:
            self.write(f"│ {line.ljust(inner)} │\n")
        self.write(f"╰{'─' * (inner + 2)}╯\n")
        self._panel_last = True


class OneLineUsageError(click.UsageError):
    """A usage error click found, said in one line (already in hlcg's words) with the
    command's help to read."""

    def show(self, file: Any = None) -> None:
        click.echo(f"hlcg: error: {self.one_line()}", file=file, err=file is None)

    points_to_help = True  # not where the message names what to write (a value refused)

    def one_line(self) -> str:
        """ "no such option '--jsn'; did you mean: '--json'? see `hlcg card --help`"."""
        if self.ctx is None or not self.points_to_help:
            return self.message
        joint = " " if self.message.endswith("?") else "; "
        return f"{self.message}{joint}see `{self.ctx.command_path} --help`"


def _close_ones(said: str, close: Sequence[str] | None) -> str:
    if not close:
        return said
    return f"{said}; did you mean: {', '.join(repr(name) for name in sorted(close))}?"


def _in_our_words(exc: click.UsageError) -> str:
    """A usage error in hlcg's words, built from what click found rather than from its
    sentence, so every click hlcg allows says it alike (click 8.2 words an unknown option
    `No such option: --x` and a missing one with `(env var: 'None')`, 8.4 otherwise)."""
    if isinstance(exc, click.NoSuchOption):
        return _close_ones(f"no such option '{exc.option_name}'", exc.possibilities)
    if isinstance(exc, click.MissingParameter) and exc.param is not None:
        kind = exc.param_type or exc.param.param_type_name
        return f"missing {kind} {_named(exc.param)}"
    if isinstance(exc, click.BadParameter) and exc.param is not None:
        return f"invalid value for {_named(exc.param)}: {exc.message.rstrip('.')}"
    # the rest: click's sentence, on one line, lower-cased
    said = " ".join(exc.format_message().split()).replace(". Choose", "; choose").rstrip(".")
    return said[:1].lower() + said[1:]


def _named(param: click.Parameter) -> str:
    """An option by its flags, an argument by its name: "'--output' / '-o'", "'NAME'"
    (typer 0.16's own hint adds "(env var: 'None')" to every option)."""
    if isinstance(param, click.Option):
        return " / ".join(f"'{flag}'" for flag in param.opts)
    more = "..." if param.nargs != 1 else ""  # as click's usage line writes several
    return f"'{param.human_readable_name}{more}'"


@contextmanager
def _usage_in_one_line() -> Iterator[None]:
    """Re-raise click's usage errors as OneLineUsageError; a bare group's help stays."""
    try:
        yield
    except (OneLineUsageError, click.exceptions.NoArgsIsHelpError):
        raise
    except click.UsageError as exc:
        raise OneLineUsageError(_in_our_words(exc), exc.ctx) from None


class _PanelContext(click.Context):
    formatter_class = PanelFormatter


class PanelGroup(TyperGroup):
    """A typer command group whose help is drawn by PanelFormatter and whose usage errors
    (its own, and those of the commands it runs) are one line each."""

    context_class = _PanelContext

    def make_context(self, *args: Any, **kwargs: Any) -> click.Context:
        with _usage_in_one_line():
            return super().make_context(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with _usage_in_one_line():
            return super().invoke(ctx)

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        # The close commands named once, in hlcg's words: typer adds its own suggestion to
        # click's, and click 8.2 names none.
        name = click.utils.make_str(args[0])
        unknown = self.get_command(ctx, name) is None and not name.startswith("-")
        if unknown and not ctx.resilient_parsing:
            close = difflib.get_close_matches(name, self.list_commands(ctx))
            raise OneLineUsageError(_close_ones(f"no such command '{name}'", close), ctx)
        return click.Group.resolve_command(self, ctx, args)


class PanelCommand(TyperCommand):
    """A typer command whose help is drawn by PanelFormatter."""

    context_class = _PanelContext


def command_group(help_text: str) -> typer.Typer:
    """A command group (`hlcg db`, `hlcg deck`, `hlcg tcboo`) with panel help; bare, it
    prints its help."""
    return typer.Typer(help=help_text, no_args_is_help=True, cls=PanelGroup, rich_markup_mode=None)
