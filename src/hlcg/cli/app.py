"""The root `hlcg` app: registers every command group."""

from typing import Annotated

import typer

from hlcg import __version__
from hlcg.cli import browse, card, db, deck, rules, tcboo, validate

app = typer.Typer(
    name="hlcg",
    help="Card catalogue and deck checker for Highlander: The Card Game.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"hlcg {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="Show the version."),
    ] = False,
) -> None:
    """Card catalogue and deck checker for Highlander: The Card Game.

    Exit codes: 0 success (deck legal), 1 problems found (or no card matched),
    2 could not run (usage, file or catalogue error).
    """


app.command("card")(card.card_command)
app.command("search")(browse.search_command)
app.command("persona")(browse.persona_command)
app.command("sets")(browse.sets_command)
app.command("formats")(browse.formats_command)
app.command("validate")(validate.validate_command)
app.command("rules")(rules.rules_command)
app.add_typer(deck.app, name="deck")
app.add_typer(db.app, name="db")
app.add_typer(tcboo.app, name="tcboo")


def main() -> None:
    app()
