"""Deck-building questions: `hlcg search`, `hlcg persona`, `hlcg sets`, `hlcg formats`."""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from hlcg.catalog import ATTRIBUTES
from hlcg.cli.common import (
    DbOption,
    JsonOption,
    echo_closest,
    echo_no_single,
    fields,
    guarded,
    load_catalogue,
    print_json,
    require_name,
    table,
)
from hlcg.errors import UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue


def _gem_text(card: "Card") -> str:
    known = [f"{a[:3]} {card.gem(a)}" for a in ATTRIBUTES if card.gem(a)]
    return " ".join(known)


def _card_rows(cards: list["Card"], catalogue: "Catalogue") -> list[list[Any]]:
    """One row per card; `formats` are where `validate` lets it be played (by its recorded
    formats, else its editions; `?` where no source decides)."""
    from hlcg.answers import shown_formats

    return [
        [
            c.id,
            c.name,
            c.type or "?",
            "none" if c.unrestricted else ("" if c.restriction is None else c.restriction),
            _gem_text(c),
            shown_formats(c, catalogue),
        ]
        for c in cards
    ]


_CARD_HEADERS = ["id", "name", "type", "restr.", "gems", "formats"]


@guarded
def search_command(
    query: Annotated[
        str,
        typer.Argument(
            help='Compact query, e.g. "t:edge p:kurgan g:reason>=1" or p:"Duncan MacLeod".'
        ),
    ] = "",
    card_type: Annotated[list[str] | None, typer.Option("--type", help="Card type.")] = None,
    persona: Annotated[
        list[str] | None, typer.Option("--persona", help="Specific to this persona.")
    ] = None,
    set_code: Annotated[list[str] | None, typer.Option("--set", help="Printed in set.")] = None,
    fmt: Annotated[
        list[str] | None,
        typer.Option("--format", help="Legal in format on evidence (as f:FORMAT)."),
    ] = None,
    gem: Annotated[
        list[str] | None, typer.Option("--gem", help="Gem filter such as agility>=2.")
    ] = None,
    text: Annotated[
        str | None, typer.Option("--text", help="Words to find in title, subtitle and text.")
    ] = None,
    reserved: Annotated[bool, typer.Option("--reserved", help="Reserved cards only.")] = False,
    signature: Annotated[bool, typer.Option("--signature", help="Signature cards only.")] = False,
    master: Annotated[bool, typer.Option("--master", help="Master cards only.")] = False,
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """Find cards by type, persona, set, format, gems, flags and words.

    Compact terms: t:TYPE p:PERSONA s:SET f:FORMAT unchecked:FORMAT g:ATTR>=N is:FLAG
    (reserved, signature, master, pregame, unique), and bare words for full-text search.
    f:FORMAT finds the cards legal in the format on evidence (as `hlcg validate` judges
    them); unchecked:FORMAT the cards no source decides there. Terms side by side combine
    with AND; A OR B finds either (AND binds first); -TERM leaves out what a term finds
    (-duck, -t:edge, -"power blow"). Options hold on each side of an OR. Unknown gem counts
    never satisfy a gem filter.
    """
    from hlcg.answers import SearchFilters, search_cards, search_json

    flags = {"reserved": reserved, "signature": signature, "master": master}
    filters = SearchFilters(
        types=card_type or [],
        personas=persona or [],
        sets=set_code or [],
        formats=fmt or [],
        gems=gem or [],
        text=text,
        flags=[flag for flag, on in flags.items() if on],
    )
    notes: list[str] = []
    try:
        catalogue = load_catalogue(db)
        cards = search_cards(catalogue, query, filters, notes)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    for note in notes:  # a misspelt set or persona taken: said, never silently
        typer.echo(note, err=True)
    if as_json:
        print_json(search_json(query, cards, catalogue, notes))
    elif cards:
        typer.echo(table(_card_rows(cards, catalogue), _CARD_HEADERS))
        typer.echo(plural(len(cards), "card"), err=True)
    else:
        typer.echo(
            "No cards match. Try fewer terms, a shorter word (words also match as prefixes), "
            "or `hlcg card NAME` for a near miss of a title.",
            err=True,
        )
    if not cards:
        raise typer.Exit(1)


@guarded
def persona_command(
    name: Annotated[str, typer.Argument(help="Persona name, e.g. 'Duncan MacLeod'.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A persona's versions: attribute values, gem caps (3x; Master 1x), Master limit,
    modifiers and the cards specific to it."""
    from hlcg.answers import persona_answer

    require_name(name, "persona")
    catalogue = load_catalogue(db)
    answer, decision = persona_answer(catalogue, name)
    if not answer["versions"]:
        if as_json:
            print_json(answer)
        elif decision.candidates:
            rows = [[c.name, f"{c.score:.0f}", ", ".join(c.ids)] for c in decision.candidates]
            echo_no_single("persona", name, rows, ["persona", "score", "ids"])
        else:
            names = sorted({p.title for p in catalogue.personas})
            typer.echo(f"No persona named {name!r}. Personas: {', '.join(names)}", err=True)
        raise typer.Exit(1)
    profiles = answer["versions"]
    if as_json:
        print_json(answer)
        return
    if decision.how == "fuzzy":
        echo_closest(name, decision.score)
    for index, profile in enumerate(profiles):
        if index:
            typer.echo("")
        _render_profile(profile, catalogue)


def _render_profile(profile: dict[str, Any], catalogue: "Catalogue") -> None:
    def show(v: int | None) -> str:
        return "unknown" if v is None else str(v)

    sets = ", ".join(profile["sets"]) or "set unknown"
    formats = ", ".join(profile["formats"]) or "none recorded, judged by its sets' editions"
    typer.echo(f"{profile['title']}  [{profile['id']}]  ({sets}; formats: {formats})")
    rows = [
        [
            a,
            show(profile["attributes"][a]),
            show(profile["gem_caps"][a]),
            "1x" if a == "master" else "3x",
        ]
        for a in ATTRIBUTES
    ]
    typer.echo(table(rows, ["attribute", "value", "gem cap", "rule"]))
    typer.echo(f"Master limit: {show(profile['master_limit'])}")
    for modifier in profile["modifiers"]:
        params = ", ".join(f"{k}={v}" for k, v in modifier.items() if k != "kind")
        typer.echo(f"Modifier: {modifier['kind']} {params}".rstrip())
    specific = [catalogue.cards[i] for i in profile["specific_cards"]]
    if specific:
        typer.echo(f"Cards specific to {profile['title']} ({len(specific)}):")
        typer.echo(table(_card_rows(specific, catalogue), _CARD_HEADERS))
    typer.echo(f"Source: {profile['source']}")


@guarded
def sets_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The sets in the catalogue, with their edition and card counts."""
    from hlcg.answers import sets_json

    rows = sets_json(load_catalogue(db))
    if as_json:
        print_json(rows)
        return
    typer.echo(
        table(
            [[r["code"], r["name"], r["edition"], r["released"], r["cards"]] for r in rows],
            ["code", "name", "edition", "released", "cards"],
        )
    )


@guarded
def formats_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The formats: which hlcg checks decks for, their editions and rulebook sources."""
    from hlcg.answers import formats_json

    rows = formats_json(load_catalogue(db))
    if as_json:
        print_json(rows)
        return
    for r in rows:  # a `name  value` listing: on a terminal a long value wraps under itself
        checked = "deck checks" if r["checked"] else "legality tag only"
        about = f"{r['title']} ({checked}; editions {', '.join(r['editions'])})"
        pairs = [(r["name"], about), ("  rules", r["description"]), ("  source", r["source"])]
        typer.echo(fields(pairs))
