"""`hlcg event ...`: an event in one SQLite file, from registration to the published
standings (hlcg.event computes and writes; this module parses, renders and sets the exit
code). docs/event.md walks an organiser through event day."""

from pathlib import Path
from typing import Annotated, Any

import typer

from hlcg.cli.common import (
    DbOption,
    JsonOption,
    PanelCommand,
    command_group,
    error,
    expand,
    guarded,
    load_catalogue,
    parse_date,
    parse_format,
    print_json,
    table,
    warn,
)
from hlcg.errors import UsageError
from hlcg.wording import plural

app = command_group(
    "An event in one file: register and lock decks, print sheets, verify at the table, "
    "record results, standings, publish, export and import."
)

EventArgument = Annotated[Path, typer.Argument(help="The event file (SQLite), e.g. spring.hlcg.")]
ForceOption = Annotated[bool, typer.Option("--force", help="Replace the output if it exists.")]


def say(message: str) -> None:
    typer.echo(message, err=True)


@app.command("new", cls=PanelCommand)
@guarded
def new_command(
    event: EventArgument,
    name: Annotated[str, typer.Option("--name", help="The event's name, on every page.")],
    date: Annotated[
        str,
        typer.Option(
            "--date",
            parser=parse_date,
            metavar="YYYY-MM-DD",
            help="The event's date: every deck is judged by the legality facts in force on it.",
        ),
    ],
    fmt: Annotated[
        str,
        typer.Option("--format", "-f", parser=parse_format, help="The event's format."),
    ] = "type-two",
    rules: Annotated[
        str,
        typer.Option(
            "--rules",
            help="The rule set: 2e-league, tournament, or your own TOML file (docs/event.md).",
        ),
    ] = "tournament",
    as_json: JsonOption = False,
) -> None:
    """Start an event file: its name, date, format and rule set. Never replaces a file."""
    from hlcg.event import new_event
    from hlcg.output import refuse_standard_output

    refuse_standard_output(event, "an event file is an SQLite file, not a stream")

    created = new_event(event, name, date, fmt, rules)
    if as_json:
        print_json(created.to_json())
    say(f"created {event}: {created.name}, judged by {created.judged_by}")


@app.command("register", cls=PanelCommand)
@guarded
def register_command(
    event: EventArgument,
    player: Annotated[
        str, typer.Argument(help="The player's name (or a folder of decks, without DECK).")
    ],
    deck: Annotated[
        Path | None,
        typer.Argument(help="The deck: .txt, .json, .dek or .o8d; - reads standard input."),
    ] = None,
    accept_illegal: Annotated[
        bool,
        typer.Option(
            "--accept-illegal", help="Register an illegal deck (the organiser's call, recorded)."
        ),
    ] = False,
    replace: Annotated[
        bool,
        typer.Option("--replace", help="Replace the player's earlier deck (before the lock)."),
    ] = False,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Register a player's deck: judged on the event's date in its format, stored as handed
    in with its fingerprint and verdict. An illegal deck is refused (exit 1) unless
    --accept-illegal; after `hlcg event lock` every registration is refused.

    `hlcg event register EVENT FOLDER` registers every deck file in the folder, each under
    its file name without the suffix (alice.txt: alice); exit 1 when one was refused."""
    from hlcg.deck import read_deck_bytes
    from hlcg.errors import EventRefusal
    from hlcg.event import register
    from hlcg.stdin import STDIN_NAME, is_stdin

    if deck is None:
        entries = [(path.stem, path) for path in _folder_decks(player)]
    else:
        entries = [(player, deck)]
    catalogue, refused, done = load_catalogue(db), 0, []
    for name, path in entries:
        try:
            reg, warnings = register(
                event,
                name,
                read_deck_bytes(path),
                STDIN_NAME if is_stdin(path) else str(path),
                catalogue,
                accept_illegal=accept_illegal,
                replace=replace,
            )
        except EventRefusal as exc:
            if deck is not None:
                raise
            error(str(exc))
            refused += 1
            continue
        for message in warnings:
            warn(message)
        done.append(reg)
        if not as_json:
            accepted = " (accepted by the organiser)" if reg.accepted_illegal else ""
            typer.echo(
                f"registered {reg.player}: {reg.persona}, {reg.verdict}{accepted}, "
                f"{reg.fingerprint}"
            )
    if as_json:
        print_json(done[0].to_json() if deck is not None else [r.to_json() for r in done])
    if refused:
        raise typer.Exit(1)


def _folder_decks(folder: str) -> list[Path]:
    path = Path(folder)
    if not path.is_dir():
        raise UsageError(f"{folder}: give PLAYER and DECK, or a folder of decks")
    found = expand([folder], skip_non_decks=True)
    if not found:
        raise UsageError(f"{folder}: no deck files in this folder")
    return found


@app.command("lock", cls=PanelCommand)
@guarded
def lock_command(event: EventArgument) -> None:
    """Close registration: every later registration is refused."""
    from hlcg.event import lock

    locked = lock(event)
    say(f"locked {locked.name} at {locked.locked_at}")


@app.command("sheets", cls=PanelCommand)
@guarded
def sheets_command(
    event: EventArgument,
    target: Annotated[
        Path,
        typer.Option(
            "-o", "--output-file", help="sheets.pdf or sheets.html (both need hlcg[print])."
        ),
    ],
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Print every player's registration sheet (`hlcg deck sheet`, with the player and the
    event), one page each, judged on the event's date."""
    from hlcg.event import event_sheets
    from hlcg.organise import SHEET_SUFFIXES, sheets_html, sheets_pdf
    from hlcg.output import (
        refuse_overwrite,
        refuse_standard_output,
        write_errors,
        write_text_atomically,
    )
    from hlcg.stdin import encoded

    refuse_standard_output(target, "the sheets' kind is their file's extension, .pdf or .html")
    if target.suffix.lower() not in SHEET_SUFFIXES:
        raise UsageError(f"cannot write sheets as {target.name!r}; name a .pdf or .html file")
    refuse_overwrite(target, force)
    sheets = event_sheets(event, load_catalogue(db))
    if not sheets:
        raise UsageError(f"{event}: no registration yet; no sheet was written")
    data = sheets_pdf(sheets) if target.suffix.lower() == ".pdf" else encoded(sheets_html(sheets))
    with write_errors(target):
        write_text_atomically(target, data)
    say(f"wrote {target}: {plural(len(sheets), 'sheet')}, a page each")


@app.command("status", cls=PanelCommand)
@guarded
def status_command(
    event: EventArgument,
    expect: Annotated[
        list[str] | None,
        typer.Option("--expect", help="A player who should register (repeatable)."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List the players, their decks' verdicts and fingerprints, and the expected players
    who have not registered (exit 1 when one is missing)."""
    from hlcg.event import status

    answer = status(event, expect)
    if as_json:
        print_json(answer)
    else:
        info = answer["event"]
        lock = f"locked {info['locked_at']}" if info["locked_at"] else "registration open"
        typer.echo(f"{info['name']}: {answer['judged_by']}; {lock}")
        rows = [
            [
                p["player"],
                p["persona"],
                p["verdict"] + (" (accepted)" if p["accepted_illegal"] else ""),
                p["fingerprint"][:16],
                p["deck_file"],
                p["registered_at"],
            ]
            for p in answer["players"]
        ]
        typer.echo(
            table(rows, ["player", "persona", "verdict", "fingerprint", "deck", "registered"])
        )
        for name in answer["missing"]:
            typer.echo(f"missing: {name}")
    if answer["missing"]:
        raise typer.Exit(1)


def _echo_changes(changes: list[dict[str, Any]], other: list[str]) -> None:
    for change in changes:
        sign = {"added": "+", "removed": "-", "changed": "~"}[change["change"]]
        typer.echo(
            f"  {sign} {change['section']}: {change['name']}: "
            f"{change['before']} -> {change['after']}"
        )
    for note in other:
        typer.echo(f"  {note}")


@app.command("verify", cls=PanelCommand)
@guarded
def verify_command(
    event: EventArgument,
    player: Annotated[str, typer.Argument(help="The player whose registered deck to check.")],
    presented: Annotated[
        str,
        typer.Argument(
            help="The deck presented: a deck file, a photo of the sheet's QR code, a file "
            "holding the sheet's payload, a pasted list, or - (standard input)."
        ),
    ],
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """Compare the deck presented at the table with the registered one, card by card, with
    both verdicts. Exit 0 same deck, 1 differs, 2 could not run (an unreadable deck or
    photo, a player not registered)."""
    from hlcg.event import verify
    from hlcg.stdin import is_stdin, read_stdin

    if is_stdin(Path(presented)):
        from hlcg.deck import decode

        presented = decode(read_stdin(5 * 1024 * 1024), Path("pasted.txt"))[0]
    answer = verify(event, player, presented, load_catalogue(db))
    for message in answer.get("warnings", []):
        warn(message)
    if as_json:
        print_json(answer)
    else:
        mine, theirs = answer["registered"], answer["presented"]
        typer.echo(f"registered: {mine['verdict']}, {mine['fingerprint']}")
        typer.echo(f"presented:  {theirs.get('verdict', 'sheet')}, {theirs['fingerprint']}")
        _echo_changes(answer["changes"], answer["other"])
        word = "same deck" if answer["same"] else "differs"
        typer.echo(f"{word}: {answer['player']} ({answer['judged_by']})")
    if not answer["same"]:
        raise typer.Exit(1)


@app.command("result", cls=PanelCommand)
@guarded
def result_command(
    event: EventArgument,
    player: Annotated[str, typer.Argument(help="One player of the game.")],
    opponent: Annotated[str, typer.Argument(help="The other player.")],
    round_number: Annotated[int, typer.Option("--round", help="The round the game was in.")],
    winner: Annotated[str, typer.Option("--winner", help="Who won the game.")],
    head: Annotated[bool, typer.Option("--head", help="The winner took the loser's head.")] = False,
    quickenings: Annotated[
        list[str] | None,
        typer.Option(
            "--quickening", help="A Quickening the winner took with the head (repeatable)."
        ),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """Record a game: its round, players, winner, the head taken and the Quickenings passed
    to the winner. A result the event's rule set forbids is refused (exit 1) naming the
    rule and its source; a recorded result is never replaced."""
    from hlcg.event import record_result

    game = record_result(
        event, round_number, player, opponent, winner, head=head, quickenings=quickenings
    )
    if as_json:
        print_json(game.to_json())
        return
    head_text = f", took {game.loser}'s head" if game.head_taken else ""
    passed = f", Quickenings: {', '.join(game.quickenings)}" if game.quickenings else ""
    typer.echo(f"round {game.round}: {game.winner} beat {game.loser}{head_text}{passed}")


@app.command("standings", cls=PanelCommand)
@guarded
def standings_command(event: EventArgument, as_json: JsonOption = False) -> None:
    """The standings by the event's rule set: points, then its tie-breaks; the ledger of
    heads and Quickenings."""
    from hlcg.event import standings

    answer = standings(event)
    if as_json:
        print_json(answer)
        return
    rules = answer["ruleset"]
    ties = ", ".join(t["name"] for t in rules["tie_breaks"]) or "none"
    typer.echo(f"{answer['event']['name']}: {rules['title']}; tie-breaks: {ties}")
    rows = [
        [
            r["place"],
            r["player"],
            r["persona"],
            r["games"],
            r["wins"],
            r["heads"],
            r["points"],
            r["league"],
        ]
        for r in answer["standings"]
    ]
    header = ["place", "player", "persona", "games", "wins", "heads", "points", "league"]
    typer.echo(table(rows, header))
    for h in answer["heads"]:
        typer.echo(
            f"head: round {h['round']}: {h['taker']} took {h['beheaded']}'s ({h['persona']})"
        )
    for q in answer["quickenings"]:
        typer.echo(f"quickening: {q['quickening']} held by {q['holder']}")


@app.command("publish", cls=PanelCommand)
@guarded
def publish_command(
    event: EventArgument,
    out: Annotated[Path, typer.Argument(help="The folder to write the site to.")],
    force: ForceOption = False,
    db: DbOption = None,
) -> None:
    """Write the event as a static HTML site (no script, printable): standings, the ledger,
    every game, and every registered decklist with its fingerprint and verdict."""
    from hlcg.event import publish
    from hlcg.output import refuse_standard_output

    refuse_standard_output(out, "a site is a folder", "a folder")
    pages = publish(event, out, load_catalogue(db), force=force)
    say(f"wrote {out}: {plural(pages, 'page')}")


@app.command("export", cls=PanelCommand)
@guarded
def export_command(
    event: EventArgument,
    out: Annotated[Path, typer.Argument(help="The JSON file to write; - writes standard output.")],
    force: ForceOption = False,
) -> None:
    """Write the whole event as one JSON document, for another organiser's `hlcg event
    import`; - writes standard output."""
    from hlcg.event import export_text, write_export
    from hlcg.output import refuse_overwrite
    from hlcg.stdin import is_stdin

    if is_stdin(out):
        text, counts = export_text(event)
        typer.echo(text, nl=False)
        say(
            f"wrote {plural(counts['registrations'], 'registration')}, "
            f"{plural(counts['games'], 'game')} to standard output"
        )
        return
    refuse_overwrite(out, force)
    counts = write_export(event, out)
    say(
        f"wrote {out}: {plural(counts['registrations'], 'registration')}, "
        f"{plural(counts['games'], 'game')}"
    )


@app.command("import", cls=PanelCommand)
@guarded
def import_command(
    event: EventArgument,
    source: Annotated[Path, typer.Argument(help="An export written by `hlcg event export`.")],
    overwrite: Annotated[
        bool,
        typer.Option("--overwrite", help="Let the export's records replace conflicting ones."),
    ] = False,
) -> None:
    """Merge another organiser's export: new registrations and results are added; a record
    both hold differently is a conflict, listed with nothing written (exit 1) unless
    --overwrite."""
    from hlcg.event import import_export

    merged = import_export(event, source, overwrite=overwrite)
    for text in merged["replaced"]:
        warn(f"replaced: {text}")
    say(
        f"imported {source} into {event}: {plural(merged['registrations_added'], 'registration')} "
        f"and {plural(merged['games_added'], 'game')} added, {merged['same']} already recorded, "
        f"{len(merged['replaced'])} replaced"
    )
