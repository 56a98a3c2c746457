"""The root `hlcg` app: registers every command group.

Commands are registered lazily: `hlcg validate ...` builds an app holding only `validate`,
so a run imports and inspects one command module instead of all of them (typer reads every
registered command's signature before running any). `hlcg` and `hlcg --help` list every
command from ``LISTED`` without building one. `--version` and unknown commands get the full
app, and so do shell-completion requests (the shell runs `hlcg` with `_HLCG_COMPLETE` set and
no command argument).
"""

import copy
import io
import os
import sys
from importlib import import_module
from typing import Annotated, Any

import typer

from hlcg import __version__
from hlcg.cli.common import PanelCommand, PanelGroup

# name -> (module, attribute): a command function or a typer sub-app (groups)
COMMANDS: dict[str, tuple[str, str]] = {
    "card": ("hlcg.cli.card", "card_command"),
    "search": ("hlcg.cli.browse", "search_command"),
    "persona": ("hlcg.cli.browse", "persona_command"),
    "sets": ("hlcg.cli.browse", "sets_command"),
    "formats": ("hlcg.cli.browse", "formats_command"),
    "validate": ("hlcg.cli.validate", "validate_command"),
    "rules": ("hlcg.cli.rules", "rules_command"),
    "schema": ("hlcg.cli.schema", "schema_command"),
    "serve": ("hlcg.cli.serve", "serve_command"),
}
GROUPS: dict[str, str] = {
    "deck": "hlcg.cli.deck",
    "db": "hlcg.cli.db",
    "tcboo": "hlcg.cli.tcboo",
    "event": "hlcg.cli.event",
}

# What `hlcg --help` lists for each command and group: the first sentence of its help, which
# is all click shows of it (up to the terminal's width). tests/test_start_up.py keeps each
# equal to the command's own.
LISTED: dict[str, str] = {
    "card": "Show a card, found by id, title, alias or a fuzzy match.",
    "search": "Find cards by type, persona, set, format, gems, flags and words.",
    "persona": "A persona's versions: attribute values, gem caps (3x; Master 1x), Master limit, "
    "modifiers and the cards specific to it.",
    "sets": "The sets in the catalogue, with their edition and card counts.",
    "formats": "The formats: which hlcg checks decks for, their editions and rulebook sources.",
    "validate": "Check decks: every problem at once, with lines, numbers against limits, and "
    "fixes.",
    "rules": "List the deck-construction rules, print one rule's documentation with each "
    "format's severity and parameters, or list a code family (`hlcg rules HL2`: every HL2xx "
    "rule).",
    "schema": "Print a JSON Schema: `hlcg schema deck` for JSON decks, `hlcg schema report` "
    "for `hlcg validate --output json`, `hlcg schema card` for card rows.",
    "serve": "Serve the deck checker, card browser and JSON API as a local web page.",
    "deck": "Fingerprint, describe, convert and compare decks; registration sheets and draw odds.",
    "db": "Build and manage card catalogues.",
    "tcboo": "There Can Be Only One: its cards, Immortals, swords and locations; sheet checks.",
    "event": "An event in one file: register and lock decks, print sheets, verify at the "
    "table, record results, standings, publish, export and import.",
}


def _listed_only() -> None:
    """Stands for a command in the listing; `hlcg --help` never runs it."""


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hlcg {__version__}")
        raise typer.Exit()


def _debug(value: bool) -> None:
    if value:
        from hlcg.cli.boundary import DEBUG_VARIABLE

        os.environ[DEBUG_VARIABLE] = "1"


def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
    debug: Annotated[
        bool,
        typer.Option(
            "--debug",
            callback=_debug,
            help="Print the traceback of an unexpected error (as HLCG_DEBUG=1 does).",
        ),
    ] = False,
) -> None:
    """Card catalogue and deck checker for Highlander: The Card Game.

    Exit codes: 0 success (deck legal), 1 problems found (or no card matched),
    2 could not run (usage, file or catalogue error).
    """


def build(
    only: str | None = None, listing: bool = False, sub_command: str | None = None
) -> typer.Typer:
    """The app with every command, or with just ``only``; with ``listing``, every command
    named and described (``LISTED``) but none built: what `hlcg --help` shows. When ``only``
    is a group, ``sub_command`` keeps just that command of it (see ``_narrowed``)."""
    app = typer.Typer(
        name="hlcg",
        help="Card catalogue and deck checker for Highlander: The Card Game.",
        no_args_is_help=True,
        # `-h` as well as `--help`; sub-commands inherit it from the root context.
        context_settings={"help_option_names": ["-h", "--help"]},
        # --install-completion / --show-completion only on the full app: a command run
        # (`hlcg validate ...`) builds without them and pays nothing for completion.
        add_completion=only is None,
        pretty_exceptions_enable=False,
        # Help and usage errors by click's writer in panels (hlcg.cli.common), not by rich.
        cls=PanelGroup,
        rich_markup_mode=None,
    )
    app.callback()(root)
    if listing:
        for name in COMMANDS:
            app.command(name, cls=PanelCommand, help=LISTED[name])(_listed_only)
        for name in GROUPS:
            app.add_typer(typer.Typer(help=LISTED[name]), name=name)
        return app
    for name, (module, attribute) in COMMANDS.items():
        if only in (None, name):
            app.command(name, cls=PanelCommand)(getattr(import_module(module), attribute))
    for name, module in GROUPS.items():
        if only in (None, name):
            app.add_typer(_narrowed(import_module(module).app, sub_command), name=name)
    return app


def _narrowed(group: typer.Typer, sub_command: str | None) -> typer.Typer:
    """The group holding only its command ``sub_command`` (`hlcg deck hash` builds `hash`,
    not the group's other five: typer inspects every registered command before running one);
    the whole group when it has no command by that name (its help, a sub-group such as
    `hlcg db facts`, a misspelt name and its suggestions)."""
    kept = [info for info in group.registered_commands if info.name == sub_command]
    if not kept:
        return group
    narrowed = copy.copy(group)  # the module's own app stays whole for tests and tools
    narrowed.registered_commands = kept
    narrowed.registered_groups = []
    return narrowed


def __getattr__(name: str) -> Any:
    """`from hlcg.cli.app import app` gives the full app (tests, documentation tools)."""
    if name == "app":
        return build()
    raise AttributeError(name)


class _ReaderMayLeave(io.RawIOBase):
    """A standard stream that outlives its reader: once the pipe is closed (`hlcg validate
    decks | head -1` after head's first line, or `2>&1 | head`), what is still written is
    dropped instead of raising BrokenPipeError, so the command finishes and exits with its
    own code. Any other write error (a full disk) is kept for ``main`` to report."""

    def __init__(self, fd: int) -> None:
        super().__init__()
        self._fd = fd
        self.reader_left = False
        self.failed: OSError | None = None

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return self._fd

    def isatty(self) -> bool:
        return os.isatty(self._fd)

    def write(self, data: Any) -> int:
        if not self.reader_left and self.failed is None:
            try:
                return os.write(self._fd, data)
            except BrokenPipeError:
                self.reader_left = True
            except OSError as exc:
                self.failed = exc
        return len(data)


def _outliving_its_reader(name: str) -> _ReaderMayLeave | None:
    """Replace sys.stdout or sys.stderr by a stream over the same file that outlives its
    reader; None when it is not a file (an embedding program's stream): left alone."""
    stream = getattr(sys, name)
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):
        return None
    from hlcg.stdin import UNDECODABLE

    stream.flush()
    raw = _ReaderMayLeave(fd)
    setattr(
        sys,
        name,
        io.TextIOWrapper(
            io.BufferedWriter(raw),
            encoding=stream.encoding,
            # a file name's bytes that are not UTF-8 shown as \xNN, never written raw
            errors=UNDECODABLE,
            line_buffering=name == "stderr" or bool(stream.line_buffering),
            write_through=name == "stderr",
        ),
    )
    return raw


def main() -> None:
    out = _outliving_its_reader("stdout")
    _outliving_its_reader("stderr")
    words = [word for word in sys.argv[1:] if word != "--debug"]
    command = words[0] if words else None
    known = command in COMMANDS or command in GROUPS
    # the root's help, asked or shown for no command; completion needs every command whole
    completing = "_HLCG_COMPLETE" in os.environ
    listing = words in ([], ["--help"], ["-h"]) and not completing
    sub_command = words[1] if command in GROUPS and len(words) > 1 and not completing else None
    try:
        build(command if known else None, listing=listing, sub_command=sub_command)()
    except Exception as exc:  # noqa: BLE001 (the boundary: a bug outside any command)
        from hlcg.cli.boundary import report_crash

        report_crash(exc)
        raise SystemExit(2) from None
    finally:
        sys.stdout.flush()
        if out is not None and out.failed is not None:
            # the report was lost (a full disk): that is "could not run", never a verdict
            from pathlib import Path

            from hlcg.output import could_not_write

            lost = could_not_write(Path("<stdout>"), out.failed, whole=False)
            print(f"hlcg: error: {lost}", file=sys.stderr)
            raise SystemExit(2)  # noqa: B012 (this exit code replaces the command's)
