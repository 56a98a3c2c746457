"""Options and helpers every command shares: --db, --json, the error boundary, output."""

import functools
import json
from collections.abc import Callable
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from hlcg.errors import HlcgError, UsageError

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue

F = TypeVar("F", bound=Callable[..., Any])

DbOption = Annotated[
    Path | None,
    typer.Option(
        "--db",
        help="Catalogue file to read (default: $HLCG_DB, else the shipped catalogue).",
        show_default=False,
    ),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of a table.")]


class FormatName(StrEnum):
    first_edition = "first-edition"
    type_one = "type-one"
    type_two = "type-two"


def format_option(value: str | None) -> str | None:
    """--format takes every spelling a deck's `Format:` line takes ("Type Two", "t2", "1e")."""
    if value is None:
        return None
    from hlcg.check import format_named  # the one list of spellings

    named = format_named(value)
    if named is None:
        names = ", ".join(f.value for f in FormatName)
        raise typer.BadParameter(f"unknown format {value!r}; one of {names} (or Type Two, 1E...)")
    return named


FormatOption = Annotated[
    str | None,
    typer.Option(
        "--format",
        "-f",
        callback=format_option,
        metavar="FORMAT",
        help="Format: first-edition, type-one or type-two, written as a deck's Format: line "
        "may write it (default: the deck's Format: line, else type-two).",
    ),
]


def guarded(func: F) -> F:
    """The error boundary: an HlcgError becomes one line on stderr and exit code 2."""

    @functools.wraps(func)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return func(*args, **kwargs)
        except HlcgError as exc:
            error(str(exc))
            raise typer.Exit(exc.exit_code) from None
        except BrokenPipeError:
            raise typer.Exit(0) from None

    return wrapper  # type: ignore[return-value]


def refuse_overwrite(path: Path | None, force: bool) -> None:
    """Output files are never overwritten silently: an existing one needs --force.
    (Devices and pipes such as /dev/null or /dev/stdout are written to, not replaced.)"""
    if path is not None and path.is_file() and not force:
        raise UsageError(f"{path} exists; use --force to overwrite it")


def error(message: str) -> None:
    typer.echo(f"hlcg: error: {message}", err=True)


def warn(message: str) -> None:
    typer.echo(f"hlcg: warning: {message}", err=True)


def print_json(data: Any) -> None:
    typer.echo(json.dumps(data, indent=2, ensure_ascii=False))


def table(rows: list[list[Any]], headers: list[str]) -> str:
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


def load_catalogue(db: Path | None) -> "Catalogue":
    from hlcg.catalog.store import load, resolve_path

    return load(resolve_path(db))
