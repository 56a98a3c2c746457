"""`hlcg tcboo ...`: There Can Be Only One (seed 003), the fan duel game."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Protocol, TypeVar

import click
import typer

from hlcg.cli.common import (
    DbOption,
    JsonOption,
    PanelCommand,
    command_group,
    echo_closest,
    echo_no_single,
    error,
    guarded,
    print_json,
    read_catalogue,
    require_name,
    table,
)
from hlcg.errors import DeckFileError, UsageError
from hlcg.tcboo import CARD_TYPES
from hlcg.wording import closest_match, plural

if TYPE_CHECKING:
    from hlcg.tcboo import Card, SheetResult, TcbooData


class _Row(Protocol):
    """A row of a There Can Be Only One table (a NamedTuple)."""

    def _asdict(self) -> dict[str, Any]: ...


Row = TypeVar("Row", bound=_Row)

app = command_group(
    "There Can Be Only One: its cards, Immortals, swords and locations; sheet checks."
)


class _AnyCase(click.Choice):
    """Choices taken in any case and shown as written (click's case_sensitive=False
    shows them folded: `a|d|b`, where the cards print A, D, B)."""

    def normalize_choice(self, choice: Any, ctx: click.Context | None) -> str:
        return str(choice).upper()


# --type's choices: the card type codes (A attack, D defense, ...), any case.
TYPE_CODES = _AnyCase(list(CARD_TYPES))


class SheetOutput(StrEnum):
    text = "text"
    json = "json"


def _data(db: Path | None) -> "TcbooData":
    from hlcg.tcboo import load

    return read_catalogue(db, load)


def _find(rows: dict[str, Row], name: str, what: str, as_json: bool) -> Row:
    """The row ``name`` means (``hlcg.catalog.judge_match``), or exit 1 listing the candidates.
    With --json, found or not, one shape (schemas/tcboo-lookup.schema.json): ``{"query",
    "found": ROW or null, "candidates"}``."""
    from hlcg.tcboo import TcbooData

    require_name(name, what)
    decision = TcbooData.decide(rows, name)
    candidates = [{"name": c.name, "score": c.score} for c in decision.candidates]
    if decision.found:
        row = rows[decision.ids[0]]
        if as_json:
            print_json({"query": name, "found": row._asdict(), "candidates": candidates})
        elif decision.how == "fuzzy":
            echo_closest(name, decision.score)
        return row
    if as_json:
        print_json({"query": name, "found": None, "candidates": candidates})
    elif candidates:
        scored = [[c["name"], f"{c['score']:.0f}"] for c in candidates]
        echo_no_single(what, name, scored, [what, "score"])
    else:
        typer.echo(f"No {what} named {name!r}; there are: {', '.join(rows)}", err=True)
    raise typer.Exit(1)


def _card_rows(cards: "list[Card]") -> list[list[str]]:
    return [[c.name, f"{c.type} ({CARD_TYPES[c.type]})", c.force_text, c.effects] for c in cards]


@app.command("card", cls=PanelCommand)
@guarded
def card_command(
    name: Annotated[str, typer.Argument(help="Card name; near misses are found too.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """One common-deck card: type, Force and effects."""
    data = _data(db)
    card = _find(data.cards, name, "card", as_json)
    if as_json:
        return
    typer.echo(table(_card_rows([card]), ["card", "type", "force", "effects"]))
    typer.echo(f"source: {card.source}")


@app.command("cards", cls=PanelCommand)
@guarded
def cards_command(
    card_type: Annotated[
        str | None,
        typer.Option("--type", help="Card type code, any case.", click_type=TYPE_CODES),
    ] = None,
    decapitation: Annotated[
        bool, typer.Option("--decapitation", help="Decapitation cards only.")
    ] = False,
    interference: Annotated[
        bool, typer.Option("--interference", help="Interference cards only.")
    ] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """The common deck, filtered by type (A D B S X Z), decapitation or interference; exit
    1 when no card matches."""
    data = _data(db)
    cards = [
        c
        for c in data.cards.values()
        if (card_type is None or c.type == card_type)
        and (not decapitation or c.decapitation)
        and (not interference or c.interference)
    ]
    if as_json:
        print_json([c._asdict() for c in cards])
    elif cards:
        typer.echo(table(_card_rows(cards), ["card", "type", "force", "effects"]))
        typer.echo(plural(len(cards), "card"), err=True)
    else:  # a filter that finds nothing is a search that matches nothing (docs/cli.md)
        typer.echo(
            "No cards match. Try fewer filters; `hlcg tcboo cards` lists them all.", err=True
        )
    if not cards:
        raise typer.Exit(1)


@app.command("immortal", cls=PanelCommand)
@guarded
def immortal_command(
    name: Annotated[str, typer.Argument(help="A premade Immortal.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A premade Immortal's twelve stats."""

    data = _data(db)
    immortal = _find(data.immortals, name, "premade Immortal", as_json)
    if as_json:
        return
    typer.echo(immortal.name)
    typer.echo(table([[s, v] for s, v in immortal.stats().items()], ["stat", "value"]))
    typer.echo(f"source: {immortal.source}")


@app.command("swords", cls=PanelCommand)
@guarded
def swords_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The nine swords with their five stats."""
    from hlcg.tcboo import SWORD_STATS

    data = _data(db)
    if as_json:
        print_json([s._asdict() for s in data.swords.values()])
        return
    rows = [[s.name, *(getattr(s, k) for k in SWORD_STATS)] for s in data.swords.values()]
    typer.echo(table(rows, ["sword", *SWORD_STATS]))


@app.command("sword", cls=PanelCommand)
@guarded
def sword_command(
    name: Annotated[str, typer.Argument(help="A sword, e.g. Katana or Longsword.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """One sword's five stats."""
    from hlcg.tcboo import SWORD_STATS

    data = _data(db)
    sword = _find(data.swords, name, "sword", as_json)
    if as_json:
        return
    row = [sword.name, *(getattr(sword, k) for k in SWORD_STATS)]
    typer.echo(table([row], ["sword", *SWORD_STATS]))
    typer.echo(f"source: {sword.source}")


@app.command("locations", cls=PanelCommand)
@guarded
def locations_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The eight locations and their effects."""
    data = _data(db)
    if as_json:
        print_json([v._asdict() for v in data.locations.values()])
        return
    typer.echo(table([[v.name, v.effect] for v in data.locations.values()], ["location", "effect"]))


@app.command("immortals", cls=PanelCommand)
@guarded
def immortals_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The premade Immortals with their twelve stats."""
    data = _data(db)
    if as_json:
        print_json([i._asdict() for i in data.immortals.values()])
        return
    immortals = list(data.immortals.values())
    stats = list(immortals[0].stats()) if immortals else []
    rows = [[i.name, *i.stats().values()] for i in immortals]
    typer.echo(table(rows, ["immortal", *stats]))


@app.command("location", cls=PanelCommand)
@guarded
def location_command(
    name: Annotated[str, typer.Argument(help="A location, e.g. Rooftop.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """One location and its effect."""
    data = _data(db)
    place = _find(data.locations, name, "location", as_json)
    if as_json:
        return
    typer.echo(table([[place.name, place.effect]], ["location", "effect"]))
    typer.echo(f"source: {place.source}")


def _checked(sheet: Path, sword: str | None, data: "TcbooData") -> "SheetResult":
    """One sheet checked, with ``sword`` (--sword) in place of its own when given; a
    DeckFileError when it cannot be read."""
    from hlcg.tcboo import SheetError, check, parse, read_sheet

    try:
        parsed = parse(read_sheet(sheet))
    except SheetError as exc:
        raise DeckFileError(f"{sheet}: {exc}") from None
    if sword is not None:
        parsed = {k: v for k, v in parsed.items() if k.lower() != "sword"} | {"sword": sword}
    return check(parsed, data, str(sheet))


@app.command("check", cls=PanelCommand)
@guarded
def check_command(
    sheets: Annotated[
        list[Path] | None, typer.Argument(help="Custom Immortal sheets (TOML), one or more.")
    ] = None,
    premade_name: Annotated[
        str | None,
        typer.Option("--premade", help="Show a premade Immortal too (or alone)."),
    ] = None,
    sword: Annotated[
        str | None,
        typer.Option("--sword", help="The sword for card Forces, in place of each sheet's."),
    ] = None,
    output: Annotated[SheetOutput, typer.Option("--output", "-o")] = SheetOutput.text,
    as_json: Annotated[bool, typer.Option("--json", help="Same as --output json.")] = False,
    db: DbOption = None,
) -> None:
    """Check custom Immortal sheets against the rules for making Immortals.

    Prints each verdict with Life Points, hand size and the Force of every stat-based card;
    --premade NAME shows a premade Immortal as well (or alone); --sword picks the sword.
    Every sheet is checked: one that cannot be read is named on stderr (and in JSON, with
    its "error") and the others go on. Exit codes: 0 all legal, 1 problems found or no
    premade of that name (a did-you-mean), 2 a sheet or the catalogue could not be read, or
    --sword names no sword. JSON: one shape for one sheet or many, {"version": 1, "sheets":
    [...]}.
    """
    from hlcg.tcboo import render_text

    if not sheets and premade_name is None:
        raise UsageError("give one or more SHEETs, or --premade NAME")
    as_json = as_json or output is SheetOutput.json
    data = _data(db)
    if sword is not None:
        sword = _sword_option(sword, data)
    answers: list[dict[str, Any]] = []
    texts: list[str] = []
    legal, unreadable = True, 0
    for sheet in sheets or []:
        try:
            result = _checked(sheet, sword, data)
        except DeckFileError as exc:
            unreadable += 1
            error(str(exc))
            answers.append(_unreadable_json(sheet, str(exc)))
            continue
        legal = legal and result.legal
        answers.append(result.to_json())
        texts.append(render_text(result))
    if premade_name is not None:
        legal = _add_premade(premade_name, sword, data, answers, texts, as_json) and legal
    _emit(answers, texts, as_json)
    raise typer.Exit(2 if unreadable else 0 if legal else 1)


def _sword_option(name: str, data: "TcbooData") -> str:
    """The sword --sword names, decided as `hlcg tcboo sword NAME` decides (a near miss
    taken with a note); an option naming no sword is usage, with the close ones."""
    decision = data.decide(data.swords, name)
    if decision.found:
        if decision.how == "fuzzy":
            taken = closest_match(f"--sword {name!r}", decision.ids[0], decision.score)
            typer.echo(taken, err=True)
        return decision.ids[0]
    close = ", ".join(c.name for c in decision.candidates)
    hint = f"did you mean: {close}? " if close else ""
    raise UsageError(f"--sword {name!r} names no sword; {hint}see `hlcg tcboo swords`")


def _add_premade(
    name: str,
    sword: str | None,
    data: "TcbooData",
    answers: list[dict[str, Any]],
    texts: list[str],
    as_json: bool,
) -> bool:
    """--premade NAME's answer added to the others; whether it stands without a problem.
    A name that means no premade Immortal is said as `tcboo immortal NAME` says it (the
    did-you-mean on stderr, exit 1 after the sheets are shown)."""
    from hlcg.tcboo import premade, render_text

    shown = premade(name, data, sword) if name.strip() else None
    if shown is not None:
        answers.append(shown.to_json())
        texts.append(render_text(shown))
        return shown.legal
    require_name(name, "premade Immortal")
    close = [c.name for c in data.decide(data.immortals, name).candidates]
    answers.append(_unknown_premade_json(name, close))
    if not as_json:
        _emit(answers, texts, as_json)
        _find(data.immortals, name, "premade Immortal", as_json=False)
    return False


def _unreadable_json(sheet: Path, said: str) -> dict[str, Any]:
    """A sheet that could not be read, in the shape of a checked one, with why."""
    return {
        "version": 1,
        "path": str(sheet),
        "name": None,
        "premade": False,
        "legal": False,
        "problems": [],
        "derived": {},
        "error": said,
    }


def _unknown_premade_json(name: str, close: list[str]) -> dict[str, Any]:
    """--premade NAME that names no premade Immortal: its answer, with the close names."""
    return {
        "version": 1,
        "path": f"premade:{name}",
        "name": None,
        "premade": True,
        "legal": False,
        "problems": [],
        "derived": {},
        "error": f"no premade Immortal named {name!r}",
        "candidates": close,
    }


def _emit(answers: list[dict[str, Any]], texts: list[str], as_json: bool) -> None:
    if as_json:  # one shape whatever it is given, as `hlcg validate` prints decks
        print_json({"version": 1, "sheets": answers})
    else:
        typer.echo("\n".join(texts), nl=False)
