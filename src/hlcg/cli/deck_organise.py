"""`hlcg deck sheet`, `hlcg deck diff`, `hlcg deck odds`: what a small league needs on event
day (hlcg.organise computes; this module parses, renders and sets the exit code)."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hlcg.cli.common import (
    DateOption,
    DbOption,
    FormatOption,
    expand,
    load_catalogue,
    print_json,
    table,
    warn,
)
from hlcg.errors import UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue


class Output(StrEnum):
    text = "text"
    json = "json"


OutputOption = Annotated[Output, typer.Option("--output", help="What to print: text or json.")]


# --- sheet ----------------------------------------------------------------------------------


def sheet_command(
    decks: Annotated[list[Path], typer.Argument(help="Deck files or folders: one page per deck.")],
    target: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--output-file",
            help="The sheet to write: sheet.pdf or sheet.html (both need hlcg[print]).",
            show_default=False,
        ),
    ] = None,
    event: Annotated[str, typer.Option("--event", help="The event's name, on each page.")] = "",
    player: Annotated[str, typer.Option("--player", help="The player's name, on each page.")] = "",
    date: DateOption = None,
    fmt: FormatOption = None,
    verify: Annotated[
        str | None,
        typer.Option(
            "--verify",
            help="Check DECK against a sheet: its QR payload (a text file, or an image "
            "zbarimg reads) or its fingerprint. Exit 0 match, 1 mismatch.",
            show_default=False,
        ),
    ] = None,
    output: OutputOption = Output.text,
    force: Annotated[
        bool, typer.Option("--force", help="Overwrite the sheet if it exists.")
    ] = False,
    db: DbOption = None,
) -> None:
    """Write a registration sheet: a page per deck with the persona, pre-game and Endurance
    in a judge's order (pre-game, then by type, then title), counts and totals, the format,
    the date judged by, the verdict and the fingerprint, as text and as a QR code holding
    the fingerprint and the canonical deck (docs/organise.md).

    --verify reads a sheet back and says whether DECK is the deck on it: exit 0 when it
    is, 1 when it is not (with the cards that differ), 2 when either cannot be read.
    """
    if verify is not None:
        if target is not None:
            # --verify reads a sheet and writes none: a -o beside it is a mistaken command.
            raise UsageError(
                "-o writes a sheet and --verify checks a deck against one; give one of them"
            )
        _verify(decks, verify, fmt, date, output, db)
        return
    if target is None:
        raise UsageError("name the sheet to write: -o sheet.pdf or -o sheet.html")
    from hlcg.errors import DeckFileError
    from hlcg.organise import SHEET_SUFFIXES, build_sheet, sheets_html, sheets_pdf
    from hlcg.output import refuse_overwrite, refuse_standard_output
    from hlcg.stdin import encoded

    refuse_standard_output(target, "a sheet's kind is its file's extension, .pdf or .html")
    suffix = target.suffix.lower()
    if suffix not in SHEET_SUFFIXES:
        raise UsageError(f"cannot write a sheet as {target.name!r}; name a .pdf or .html file")
    refuse_overwrite(target, force)
    paths = expand([str(p) for p in decks], skip_non_decks=True)
    if not paths:
        raise UsageError("no deck files to put on a sheet")
    catalogue = load_catalogue(db)
    try:
        sheets = [build_sheet(p, catalogue, fmt, date, event, player) for p in paths]
    except DeckFileError as exc:
        raise DeckFileError(f"{exc}; no sheet was written") from None
    for sheet in sheets:
        for message in sheet.warnings:
            warn(message)
    if suffix == ".pdf":
        _write_bytes(target, sheets_pdf(sheets))
    else:
        _write_bytes(target, encoded(sheets_html(sheets)))
    typer.echo(f"wrote {target}: {plural(len(sheets), 'deck')}, a page each", err=True)


def _write_bytes(target: Path, data: bytes) -> None:
    """Whole or not at all: a failed write leaves the old sheet, or none (a device or pipe
    is written through)."""
    from hlcg.output import write_errors, write_text_atomically

    with write_errors(target):
        write_text_atomically(target, data)


def _verify(
    decks: list[Path],
    source: str,
    fmt: str | None,
    date: str | None,
    output: Output,
    db: Path | None,
) -> None:
    from hlcg.organise import deck_diff, file_side, read_sheet, sheet_side

    if len(decks) != 1 or not decks[0].is_file():
        raise UsageError("--verify checks one deck file against the sheet")
    sheet = read_sheet(source)
    catalogue = load_catalogue(db)
    answer: dict[str, Any]
    if isinstance(sheet, str):
        presented = file_side(decks[0], catalogue, fmt, date)
        answer = {"match": presented.fingerprint == sheet, "sheet": {"fingerprint": sheet}}
        answer |= {"deck": presented.to_json(), "changes": [], "other": []}
    else:
        registered = sheet_side(source, sheet)
        presented = file_side(decks[0], catalogue, fmt or sheet.format, date or sheet.date)
        diff = deck_diff(registered, presented, catalogue)
        answer = {"match": diff["same"], "sheet": diff["a"], "deck": diff["b"]}
        answer |= {"changes": diff["changes"], "other": diff["other"]}
    for message in presented.warnings:
        warn(message)
    if output is Output.json:
        print_json(answer)
    else:
        word = "is" if answer["match"] else "is not"
        verdict = f"match: {presented.path}" if answer["match"] else f"mismatch: {presented.path}"
        typer.echo(f"{verdict} {word} the deck on the sheet ({presented.fingerprint})")
        _echo_changes(answer["changes"], answer["other"])
    if not answer["match"]:
        raise typer.Exit(1)


# --- diff -----------------------------------------------------------------------------------

_SECTION_TITLES = {
    "persona": "persona",
    "pregame": "pre-game",
    "endurance": "Endurance",
    "sideboard": "sideboard",
    "unrecognised": "lines naming no single card",
}


def _echo_changes(changes: list[dict[str, Any]], other: list[str]) -> None:
    section = None
    for change in changes:
        if change["section"] != section:
            section = change["section"]
            typer.echo(f"{_SECTION_TITLES[section]}:")
        sign = {"added": "+", "removed": "-", "changed": "~"}[change["change"]]
        typer.echo(f"  {sign} {change['name']}: {change['before']} -> {change['after']}")
    for note in other:
        typer.echo(note)


def diff_command(
    first: Annotated[Path, typer.Argument(help="A deck file, or a sheet's QR payload.")],
    second: Annotated[
        Path, typer.Argument(help="The deck to compare it with; - reads standard input.")
    ],
    output: OutputOption = Output.text,
    fmt: FormatOption = None,
    date: DateOption = None,
    db: DbOption = None,
) -> None:
    """Compare two decks card by card: names resolved on both sides (aliases, spellings,
    printings, file kinds), then the cards added, removed and changed in count per section,
    with each side's verdict and fingerprint.

    Exit 0 when they are the same deck (same fingerprint: "same deck"), 1 when they differ,
    2 when one cannot be read. A side may be a file holding a sheet's QR payload (`hlcg deck
    sheet`): the other side is then judged in the sheet's format on the sheet's date.
    """
    from hlcg.organise import deck_diff, read_sides
    from hlcg.stdin import is_stdin

    if is_stdin(first) and is_stdin(second):
        raise UsageError("only one side can be read from standard input")
    for path in (first, second):
        if path.is_dir():
            raise UsageError(f"{path}: is a directory, expected a deck file")
        if not (is_stdin(path) or path.is_file()):
            raise UsageError(f"{path}: no such deck file")
    catalogue = load_catalogue(db)
    a, b = read_sides((first, second), catalogue, fmt, date)
    for message in (*a.warnings, *b.warnings):
        warn(message)
    answer = deck_diff(a, b, catalogue)
    if output is Output.json:
        print_json(answer)
    else:
        for sign, side in (("a", answer["a"]), ("b", answer["b"])):
            typer.echo(
                f"{sign}: {side['path']}: {side['verdict']}, {side['format']}, "
                f"{side['fingerprint']}"
            )
        _echo_changes(answer["changes"], answer["other"])
        counted = [c for c in answer["changes"] if c["section"] != "sideboard"]
        typer.echo("same deck" if answer["same"] else f"differ: {plural(len(counted), 'card')}")
    if not answer["same"]:
        raise typer.Exit(1)


# --- odds -----------------------------------------------------------------------------------


def odds_command(
    deck: Annotated[Path, typer.Argument(help="A deck file; - reads standard input.")],
    kinds: Annotated[
        list[str] | None,
        typer.Option(
            "--kind",
            "-k",
            help="What to draw: a title, a type (attack, block, dodge, guard, defense, "
            "special), an area (upper-left: the defenses covering it; attacks:upper-left), "
            "a gem attribute (agility), or a search query (t:dodge). Repeatable; default "
            "attack, block, dodge and special.",
            show_default=False,
        ),
    ] = None,
    output: OutputOption = Output.text,
    fmt: FormatOption = None,
    db: DbOption = None,
) -> None:
    """The exact chance (hypergeometric, no simulation) of at least one card of a kind in
    the opening hand (15 cards, the starting Ability) and in a 5-card Exertion; for a gem,
    the chance of each number of gems in an Exertion and of seed 002's gem checks; and how
    the deck's attacks and defenses cover the nine areas of the grid."""
    from hlcg.check import resolve_deck
    from hlcg.deck import read_deck
    from hlcg.organise import DEFAULT_KINDS, deck_odds, parse_kind

    catalogue = load_catalogue(db)
    wanted = [parse_kind(kind, catalogue) for kind in (kinds or DEFAULT_KINDS)]
    resolved = resolve_deck(read_deck(deck), catalogue, fmt)
    answer = deck_odds(resolved, wanted, catalogue)
    if output is Output.json:
        print_json(answer)
        return
    _echo_odds(answer, catalogue)


def _percent(chance: dict[str, Any]) -> str:
    from fractions import Fraction  # here: every `hlcg deck` command imports this module

    exact = Fraction(chance["numerator"], chance["denominator"])
    return f"{chance['percent']:.2f}% ({exact})"


def _echo_odds(answer: dict[str, Any], catalogue: "Catalogue") -> None:
    hand, exertion = answer["draws"]["opening hand"], answer["draws"]["exertion"]
    typer.echo(
        f"{answer['path']}: {plural(answer['endurance'], 'Endurance card')} "
        f"({answer['format']}); an opening hand of {hand} cards, an Exertion of {exertion}"
    )
    rows = [
        [kind["kind"], kind["copies"], *(_percent(kind["draws"][d]) for d in answer["draws"])]
        for kind in answer["kinds"]
    ]
    headers = ["kind", "copies", f"opening hand ({hand})", f"Exertion ({exertion})"]
    typer.echo(table(rows, headers))
    for kind in answer["kinds"]:
        if "gems" in kind:
            _echo_gems(kind["gems"])
    _echo_coverage(answer["coverage"])
    if answer["unresolved_copies"]:
        note = plural(answer["unresolved_copies"], "copy")
        warn(f"{note} on lines naming no single card are drawn but match no kind")


def _echo_gems(gems: dict[str, Any]) -> None:
    attribute = gems["attribute"]
    typer.echo(
        f"{attribute} gems in an Exertion of {gems['exertion']} "
        f"({plural(gems['in_deck'], 'gem')} in the Endurance):"
    )
    for entry in gems["at_least"][1:]:
        typer.echo(f"  at least {entry['gems']}: {_percent(entry['chance'])}")
    for check in gems["checks"]:
        typer.echo(f"  {check['check']} ({check['gems']} gems): {_percent(check['chance'])}")
    if not gems["checks"]:
        typer.echo(
            "  (no gem checks: they are Type Two's, seed 002; first-edition rules have none)"
        )
    unknown = gems["unknown_gems"]
    if unknown:
        named = ", ".join(unknown[:4]) + (", ..." if len(unknown) > 4 else "")
        typer.echo(
            f"  gem counts not recorded for {plural(len(unknown), 'card')} ({named}): "
            "counted as none, so each chance is at least the one shown"
        )


def _coverage_cell(cell: dict[str, int]) -> str:
    maybe = f" (+{cell['not_recorded']}?)" if cell["not_recorded"] else ""
    return f"{cell['attacks']} / {cell['defenses']}{maybe}"


def _echo_coverage(coverage: dict[str, Any]) -> None:
    from hlcg.organise import AREAS

    typer.echo(f"grid coverage (attacks / defenses), as {coverage['rulebook']} gives it:")
    areas = coverage["areas"]
    rows = []
    for row in ("upper", "middle", "lower"):
        cells = [areas[a] for a in AREAS if a.startswith(row)]
        rows.append([row, *(_coverage_cell(cell) for cell in cells)])
    typer.echo(table(rows, ["", "left", "center", "right"]))
    if any(cell["not_recorded"] for cell in areas.values()):
        typer.echo(
            "(+N?: defense copies that may also cover the area; no source decides, so they "
            "are not counted)"
        )
    unknown = coverage["unknown_grid"]
    if unknown["copies"]:
        named = ", ".join(f"{name} ({n})" for name, n in unknown["cards"].items())
        typer.echo(f"grid not recorded for {plural(unknown['copies'], 'copy')}: {named}")
