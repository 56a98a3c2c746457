"""`hlcg db remove WHAT NAME...`: take a card, alias, legality fact, set or one fact out of
a catalogue of one's own, all or nothing, the removal kept in fact_history."""

import getpass
from enum import StrEnum
from typing import Annotated

import typer

from hlcg.cli.common import DbOption, guarded


class Removable(StrEnum):
    """What `db remove` takes out (``hlcg.curation.removal.REMOVABLE``)."""

    card = "card"
    alias = "alias"
    legality = "legality"
    set = "set"
    fact = "fact"


USAGE = (
    "card ID; alias NAME; legality CARD_ID FORMAT [DATE]; set CODE; fact CARD_ID FIELD "
    "[VALUE] (VALUE: the set code, to remove one printing)"
)


def _who() -> str:
    try:
        return getpass.getuser()
    except (KeyError, OSError):  # no login name (a container without a passwd entry)
        return "unknown"


@guarded
def remove_command(
    what: Annotated[Removable, typer.Argument(help="What to remove.", show_default=False)],
    names: Annotated[
        list[str],
        typer.Argument(help="Which: " + USAGE + ".", show_default=False),
    ],
    reason: Annotated[
        str,
        typer.Option(
            "--reason", help="Why: kept in fact_history with the removal.", show_default=False
        ),
    ],
    by: Annotated[
        str | None,
        typer.Option("--by", help="Who removes it (default: your login name).", show_default=False),
    ] = None,
    db: DbOption = None,
) -> None:
    """Remove a card, an alias, a legality fact, a set or one fact of a card.

    All or nothing, in one write. Refused while something refers to what is removed (a
    card's aliases or legality facts; a set a card is printed in): remove those first.
    Every removal is kept in fact_history with who, when and why (`hlcg card X --history`).

    NAMES: card ID; alias NAME; legality CARD_ID FORMAT [DATE]; set CODE; fact CARD_ID FIELD
    [VALUE] (VALUE: the set code, to remove one printing). A name of several words is one
    name, quoted or not (as `hlcg card NAME` takes it); an alias matches whatever its case.
    """
    from hlcg.catalog import resolve_path
    from hlcg.curation import remove
    from hlcg.tcboo import TABLE_GROUP
    from hlcg.wording import plural

    path = resolve_path(db)
    removed = remove(path, what.value, names, reason=reason, by=by or _who(), groups=[TABLE_GROUP])
    for line in removed.lines:
        typer.echo(f"{line} from {path}", err=True)
    typer.echo(f"kept {plural(removed.history, 'history row')} in fact_history", err=True)
