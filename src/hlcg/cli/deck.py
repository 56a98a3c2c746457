"""`hlcg deck ...`: fingerprint, statistics and format conversion of one deck; the sheet,
diff and odds commands of event day are in deck_organise.py."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hlcg.cli.common import (
    DateOption,
    DbOption,
    FormatOption,
    JsonOption,
    PanelCommand,
    command_group,
    error,
    expand,
    guarded,
    load_catalogue,
    print_json,
    warn,
)
from hlcg.cli.deck_organise import diff_command, odds_command, sheet_command
from hlcg.deck import DECK_KINDS, WRITTEN_KIND_NAMES
from hlcg.errors import UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.deck import ResolvedDeck

app = command_group(
    "Fingerprint, describe, convert and compare decks; registration sheets and draw odds."
)

DeckArgument = Annotated[
    Path,
    typer.Argument(help="A deck file (.txt, .deck, .json, .dek, .o8d); - reads standard input."),
]


def _resolve(path: Path, db: Path | None, fmt: str | None) -> tuple["ResolvedDeck", "Catalogue"]:
    from hlcg.check import resolve_deck
    from hlcg.deck import read_deck

    catalogue = load_catalogue(db)
    return resolve_deck(read_deck(path), catalogue, fmt), catalogue


class HashOutput(StrEnum):
    text = "text"
    json = "json"


@app.command("hash", cls=PanelCommand)
@guarded
def hash_command(
    decks: Annotated[
        list[str], typer.Argument(help="Deck files, folders or globs; - reads standard input.")
    ],
    fmt: FormatOption = None,
    output: Annotated[
        HashOutput, typer.Option("--output", "-o", help="text: `fingerprint  path` lines.")
    ] = HashOutput.text,
    as_json: Annotated[bool, typer.Option("--json", help="Same as --output json.")] = False,
    date: DateOption = None,
    db: DbOption = None,
) -> None:
    """Print each deck's fingerprint: sha256 of its canonical form (docs/fingerprint.md).

    One deck file: its digest alone. Several decks or a folder (searched like `hlcg
    validate`): one `fingerprint  path` line per deck, a registration manifest that diffs
    and `sha256sum`-style tools read. `--output json` has one shape for one deck or many:
    `{"decks": [...]}`, a deck that cannot be read listed with a null fingerprint. The same
    deck written differently gives the same digest; any card, count, persona, format or
    ruleset change gives another, and so does a change to a catalogue row the deck's verdict
    reads (its cards, persona, their sets and legality facts, the format). --date hashes the
    deck as judged on that date: the legality facts in force on it count. Exit 2 when a
    deck file cannot be read (the others are still listed).
    """
    from hlcg.answers import hash_entry, unreadable_entry
    from hlcg.errors import DeckFileError

    paths = expand(decks)
    catalogue = load_catalogue(db)
    entries: list[dict[str, Any]] = []
    unreadable = False
    for path in paths:
        try:
            entry, warnings = hash_entry(path, catalogue, fmt, date)
        except DeckFileError as exc:
            error(str(exc))
            unreadable = True
            entries.append(unreadable_entry(path, str(exc)))
            continue
        for message in warnings:
            warn(message)
        entries.append(entry)
    # One deck file named: its digest (or object) alone, as scripts expect; otherwise the
    # manifest.
    hashed = [entry for entry in entries if entry["fingerprint"]]
    one_file = len(decks) == 1 and len(hashed) == 1 and _one_file(decks[0])
    if as_json or output is HashOutput.json:
        # One shape whatever was named: {"decks": [...]} (schemas/deck-hash.schema.json)
        print_json({"decks": entries})
    elif one_file:
        typer.echo(hashed[0]["fingerprint"])
    else:
        for entry in hashed:
            typer.echo(f"{entry['fingerprint']}  {entry['path']}")
    if unreadable:
        raise typer.Exit(2)


def _one_file(raw: str) -> bool:
    """A single deck named: a file, or standard input (`-`)."""
    from hlcg.stdin import is_stdin

    return is_stdin(raw) or Path(raw).is_file()


def _bar(used: int, cap: int | None, width: int = 24) -> str:
    if cap is None:
        return "(cap unknown)"
    if cap == 0:
        return "#" * min(width, used) if used else ""
    filled = min(width, round(width * used / cap))
    over = "!" if used > cap else ""
    return "#" * filled + "." * (width - filled) + over


@app.command("stats", cls=PanelCommand)
@guarded
def stats_command(
    deck: DeckArgument, fmt: FormatOption = None, db: DbOption = None, as_json: JsonOption = False
) -> None:
    """Counts by type, the gem budget per attribute, Master cards and pre-game slots."""
    from hlcg.answers import deck_stats, format_warnings
    from hlcg.check import check_deck, read_deck
    from hlcg.stdin import shown

    catalogue = load_catalogue(db)
    report = check_deck(read_deck(deck), catalogue, fmt)  # the verdict `hlcg validate` gives
    assert report.resolved is not None  # a judged deck carries the reading judged
    for message in format_warnings(shown(deck), report.resolved.issues):
        warn(message)
    stats = deck_stats(report, catalogue)
    if as_json:
        print_json(stats)
        return
    cards = catalogue.cards
    limit = stats["pregame"]["limit"]
    typer.echo(
        f"{stats['path']}: {stats['persona']}, {stats['format']}, "
        f"Endurance {stats['endurance']}, pre-game {stats['pregame']['used']}"
        + (f"/{limit}" if limit is not None else "")
    )
    typer.echo("cards by type: " + ", ".join(f"{t} {n}" for t, n in stats["types"].items()))
    master = stats["master"]
    master_limit = "?" if master["limit"] is None else master["limit"]
    typer.echo(f"Master cards: {master['used']}/{master_limit}")
    if stats["borrowed"]:
        borrowed = ", ".join(f"{cards[i].name} ({how})" for i, how in stats["borrowed"].items())
        typer.echo(f"from other personas: {borrowed}")
    if not stats["gem_caps_apply"]:
        typer.echo(f"gem caps: none in {stats['format']}")
        return
    typer.echo("gem budget (used / cap):")
    for attribute, info in stats["gems"].items():
        cap = "?" if info["cap"] is None else info["cap"]
        top = ", ".join(f"{cards[t['card']].name} {t['gems']}" for t in info["top"])
        typer.echo(
            f"  {attribute:<10} {info['used']:>3} / {cap:<3} {_bar(info['used'], info['cap'])}"
            + (f"  ({top})" if top else "")
        )
    unknown = stats["gem_counts_unknown"]
    if unknown:
        typer.echo(
            f"gem counts not recorded for {plural(len(unknown), 'card')}; "
            "the budget counts the rest"
        )


def _refuse_unconvertible(resolved: "ResolvedDeck", name: str) -> None:
    """Exit 1 with each line that names no single card or cannot be read: converting would
    lose it."""
    from hlcg.problems import Severity
    from hlcg.rules import DECK_SYNTAX, RULE_OF_UNRESOLVED

    blocking = [i for i in resolved.issues if i.severity == Severity.ERROR]
    if not (resolved.unresolved or blocking):
        return
    for item in resolved.unresolved:
        typer.echo(
            f"{name}:{item.line or '-'}: {RULE_OF_UNRESOLVED[item.kind]}: {item.message}",
            err=True,
        )
    for issue in blocking:
        typer.echo(f"{name}:{issue.line or '-'}: {DECK_SYNTAX.name}: {issue.message}", err=True)
    lines = plural(len(resolved.unresolved) + len(blocking), "line")
    typer.echo(f"not converted: {lines}", err=True)
    raise typer.Exit(1)


def _check_game(game: str | None, suffix: str) -> None:
    from hlcg.deck import OCTGN, is_guid

    if game is None:
        return
    if not DECK_KINDS[suffix].is_xml:
        raise UsageError("--game names the game of a .dek or .o8d deck")
    if DECK_KINDS[suffix].reader == OCTGN and not is_guid(game):
        raise UsageError(f"--game {game!r}: an OCTGN game is named by its GUID")


# --to's choices: the names of the kinds of deck hlcg writes, as the web API's `to` takes them
# ("text" and "txt" alike; hlcg.deck.WRITTEN_KIND_NAMES).
DeckKind = StrEnum("DeckKind", [(name, name) for name in WRITTEN_KIND_NAMES])  # type: ignore[misc]


@app.command("convert", cls=PanelCommand)
@guarded
def convert_command(
    source: Annotated[
        Path,
        typer.Argument(
            help="Deck to read (.txt, .deck, .json, .dek, .o8d); - reads standard input."
        ),
    ],
    target: Annotated[
        Path,
        typer.Argument(
            help="Deck to write; its extension picks the format. - writes standard output."
        ),
    ],
    to: Annotated[
        DeckKind | None,
        typer.Option(
            "--to",
            help="Kind of deck to write (default: TARGET's extension; text on standard output).",
            show_default=False,
        ),
    ] = None,
    game: Annotated[
        str | None,
        typer.Option(
            "--game",
            help="The game a .dek or .o8d names: the LackeyCCG plugin's name, the OCTGN "
            "game's GUID (default: the source file's own, else Highlander / hlcg's placeholder "
            "GUID).",
            show_default=False,
        ),
    ] = None,
    fmt: FormatOption = None,
    db: DbOption = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite TARGET if it exists.")] = False,
) -> None:
    """Convert a deck between text, JSON, LackeyCCG .dek and OCTGN .o8d.

    Every line must name one card: a deck with unknown or ambiguous lines is not converted
    (exit 1), so nothing is lost on the way. A .dek or .o8d holds each card under the
    catalogue's name, with the ids and sets the source file had (docs/deck-format.md).
    """
    from hlcg.deck import KIND_NAMES, WRITE_SUFFIXES, render
    from hlcg.output import refuse_overwrite, refuse_writing_an_input, write_output
    from hlcg.stdin import is_stdin, shown

    to_stdout = is_stdin(target)
    suffix = KIND_NAMES[to.value] if to else (".txt" if to_stdout else target.suffix.lower())
    if suffix not in WRITE_SUFFIXES:
        raise UsageError(f"cannot write {suffix!r}; use one of {', '.join(WRITE_SUFFIXES)}")
    _check_game(game, suffix)
    if not to_stdout:
        if target.exists() and source.exists() and target.samefile(source):
            raise UsageError(f"{target} is the deck being converted; write to another file")
        refuse_writing_an_input(target, [source])
        refuse_overwrite(target, force)
    resolved, catalogue = _resolve(source, db, fmt)
    _refuse_unconvertible(resolved, shown(source))
    written = render(resolved, suffix, catalogue, game)
    if to_stdout:
        typer.echo(written, nl=False)
        return
    write_output(target, written, force=True)
    typer.echo(f"wrote {target} ({resolved.copies()} cards)", err=True)


# Event day: the registration sheet, the diff of two decks and the draw odds.
app.command("sheet", cls=PanelCommand)(guarded(sheet_command))
app.command("diff", cls=PanelCommand)(guarded(diff_command))
app.command("odds", cls=PanelCommand)(guarded(odds_command))
