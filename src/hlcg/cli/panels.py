"""Help pages with their sections drawn as panels, by click's own help writer.

Typer draws its help with rich: importing typer's help module imports rich, markdown-it and
pygments, which alone cost about 0.9x the import floor of `import typer, sqlite3` on every
`--help` and every usage error; rich's console, panel and table alone cost 0.26x. Click
already lays help out (usage, text wrapped into paragraphs, aligned option and command
lists); this writer keeps that and frames each section the way typer's rich help does:

    ╭─ Options ────────────────────────────╮
    │ --version   Show the version.        │
    ╰──────────────────────────────────────╯

Every command group of hlcg is made by ``command_group`` and every command is registered
with ``cls=PanelCommand``. A usage error (an unknown option, a missing option or argument, a
bad choice) is said as every hlcg error is, one `hlcg: error: ...` line (docs/cli.md), not
click's block of usage, hint and `Error:`.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
import typer
from typer.core import TyperCommand, TyperGroup

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
    """A usage error click found, said in one line with the command's help to read."""

    def show(self, file: Any = None) -> None:
        click.echo(f"hlcg: error: {self.one_line()}", file=file, err=file is None)

    def one_line(self) -> str:
        """click's message in hlcg's words: "no such option '--jsn'; did you mean:
        '--json'? see `hlcg card --help`"."""
        one_line = " ".join(self.format_message().split()).replace(". Choose", "; choose")
        message, _, close = one_line.partition(". Did you mean ")
        message = message.rstrip(".")
        said = message[:1].lower() + message[1:]
        said += f"; did you mean: {close.rstrip('?')}?" if close else ";"
        if self.ctx is None:
            return said.rstrip(";")
        return f"{said} see `{self.ctx.command_path} --help`"


@contextmanager
def _usage_in_one_line() -> Iterator[None]:
    """Re-raise click's usage errors as OneLineUsageError; a bare group's help stays."""
    try:
        yield
    except (OneLineUsageError, click.exceptions.NoArgsIsHelpError):
        raise
    except click.UsageError as exc:
        raise OneLineUsageError(exc.format_message(), exc.ctx) from None


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
        # click names the close commands itself; typer's own suggestion would say it twice
        return click.Group.resolve_command(self, ctx, args)


class PanelCommand(TyperCommand):
    """A typer command whose help is drawn by PanelFormatter."""

    context_class = _PanelContext


def command_group(help_text: str) -> typer.Typer:
    """A command group (`hlcg db`, `hlcg deck`, `hlcg tcboo`) with panel help; bare, it
    prints its help."""
    return typer.Typer(help=help_text, no_args_is_help=True, cls=PanelGroup, rich_markup_mode=None)
