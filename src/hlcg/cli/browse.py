"""Deck-building questions: `hlcg search`, `hlcg persona`, `hlcg sets`, `hlcg formats`."""

from typing import TYPE_CHECKING, Annotated, Any

import typer

from hlcg.catalog.fields import ATTRIBUTES
from hlcg.cli.card import card_json
from hlcg.cli.common import (
    DbOption,
    JsonOption,
    echo_closest,
    echo_no_single,
    guarded,
    load_catalogue,
    print_json,
    table,
)
from hlcg.errors import UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog.card import Card
    from hlcg.catalog.store import Catalogue
    from hlcg.matching import Decision


def _gem_text(card: "Card") -> str:
    known = [f"{a[:3]} {card.gem(a)}" for a in ATTRIBUTES if card.gem(a)]
    return " ".join(known)


def _card_rows(cards: list["Card"]) -> list[list[Any]]:
    return [
        [
            c.id,
            c.name,
            c.type or "?",
            "" if c.restriction is None else c.restriction,
            _gem_text(c),
            ",".join(c.formats) or "any",
        ]
        for c in cards
    ]


_CARD_HEADERS = ["id", "name", "type", "restr.", "gems", "formats"]


@guarded
def search_command(
    query: Annotated[
        str, typer.Argument(help='Compact query, e.g. "t:edge p:duncan g:reason>=1".')
    ] = "",
    card_type: Annotated[list[str] | None, typer.Option("--type", help="Card type.")] = None,
    persona: Annotated[
        list[str] | None, typer.Option("--persona", help="Specific to this persona.")
    ] = None,
    set_code: Annotated[list[str] | None, typer.Option("--set", help="Printed in set.")] = None,
    fmt: Annotated[list[str] | None, typer.Option("--format", help="Legal in format.")] = None,
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

    Compact terms: t:TYPE p:PERSONA s:SET f:FORMAT g:ATTR>=N is:FLAG (reserved, signature,
    master, pregame, unique), and bare words for full-text search. Options and terms combine
    with AND. Unknown gem counts never satisfy a gem filter.
    """
    from hlcg.catalog import search as search_lib

    try:
        parsed = search_lib.parse_query(query)
        parsed.types += [search_lib.check_type(t.lower()) for t in card_type or []]
        parsed.personas += persona or []
        parsed.sets += set_code or []
        parsed.formats += [search_lib.check_format(f.lower()) for f in fmt or []]
        parsed.gems += [search_lib.parse_gem(g) for g in gem or []]
        if text:
            parsed.text += text.split()
        parsed.flags += [
            name
            for name, on in (("reserved", reserved), ("signature", signature), ("master", master))
            if on
        ]
        catalogue = load_catalogue(db)
        cards = search_lib.run(catalogue, parsed)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        print_json(
            {"query": query, "count": len(cards), "cards": [card_json(c, catalogue) for c in cards]}
        )
    elif cards:
        typer.echo(table(_card_rows(cards), _CARD_HEADERS))
        typer.echo(plural(len(cards), "card"), err=True)
    else:
        typer.echo(
            "No cards match. Try fewer terms, a shorter word (words also match as prefixes), "
            "or `hlcg card NAME` for a near miss of a title.",
            err=True,
        )
    if not cards:
        raise typer.Exit(1)


def find_personas(catalogue: "Catalogue", name: str) -> tuple[list["Card"], "Decision"]:
    """Persona versions by title (or id); the decision says how, or lists the candidates."""
    from hlcg.matching import decide

    titles: dict[str, list[str]] = {}
    for persona in catalogue.personas:
        titles.setdefault(persona.title, []).append(persona.id)
    if name in catalogue.cards and catalogue.cards[name].type == "persona":
        titles = {name: [name]}
    decision = decide(name, titles)
    return [catalogue.cards[i] for i in decision.ids], decision


def persona_answer(catalogue: "Catalogue", name: str) -> tuple[dict[str, Any], "Decision"]:
    """`hlcg persona --json NAME`: the versions (newest edition first: 2E gem values are what
    most players look for), how they were found, and the close candidates."""
    versions, decision = find_personas(catalogue, name)
    versions.sort(key=lambda p: (0 if "2E" in p.editions else 1, p.id))
    answer = {
        "query": name,
        "matched_by": decision.how,
        "versions": [persona_profile(catalogue, p) for p in versions],
        "candidates": [
            {"name": c.name, "score": c.score, "ids": list(c.ids)} for c in decision.candidates
        ],
    }
    return answer, decision


def persona_profile(catalogue: "Catalogue", persona: "Card") -> dict[str, Any]:
    values = {a: persona.gem(a) for a in ATTRIBUTES}
    from hlcg.rules.context import gem_caps
    from hlcg.rules.registry import RULES

    gem_rule = RULES["gem-cap"].defaults  # the Type Two numbers: the format with gems
    caps = gem_caps(persona, gem_rule["multiplier"], gem_rule["master_multiplier"])
    names = persona.persona_names
    specific = catalogue.cards_naming(names)
    return {
        "id": persona.id,
        "title": persona.title,
        "sets": list(persona.sets),
        "formats": list(persona.formats),
        "attributes": values,
        "gem_caps": caps,
        "master_limit": persona.effective_master_limit,
        "modifiers": list(persona.modifiers),
        "specific_cards": [c.id for c in specific if c.id != persona.id],
        "source": persona.source,
    }


@guarded
def persona_command(
    name: Annotated[str, typer.Argument(help="Persona name, e.g. 'Duncan MacLeod'.")],
    db: DbOption = None,
    as_json: JsonOption = False,
) -> None:
    """A persona's versions: attribute values, gem caps (3x; Master 1x), Master limit,
    modifiers and the cards specific to it."""
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
    formats = ", ".join(profile["formats"]) or "no restriction recorded"
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
        typer.echo(table(_card_rows(specific), _CARD_HEADERS))
    typer.echo(f"Source: {profile['source']}")


@guarded
def sets_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The sets in the catalogue, with their edition and card counts."""
    catalogue = load_catalogue(db)
    counts = catalogue.set_counts()
    rows = [
        {"code": code, **info, "cards": counts.get(code, 0)}
        for code, info in catalogue.sets.items()
    ]
    if as_json:
        print_json(rows)
        return
    typer.echo(
        table(
            [[r["code"], r["name"], r["edition"], r["released"], r["cards"]] for r in rows],
            ["code", "name", "edition", "released", "cards"],
        )
    )


def formats_json(catalogue: "Catalogue") -> list[dict[str, Any]]:
    """The formats as `hlcg formats --json` prints them (and `GET /api/formats` returns)."""
    return [
        {
            "name": f.name,
            "title": f.title,
            "checked": f.checked,
            "editions": list(f.editions),
            "description": f.description,
            "source": f.source,
        }
        for f in catalogue.formats.values()
    ]


@guarded
def formats_command(db: DbOption = None, as_json: JsonOption = False) -> None:
    """The formats: which hlcg checks decks for, their editions and rulebook sources."""
    rows = formats_json(load_catalogue(db))
    if as_json:
        print_json(rows)
        return
    for r in rows:
        checked = "deck checks" if r["checked"] else "legality tag only"
        typer.echo(f"{r['name']}  {r['title']} ({checked}; editions {', '.join(r['editions'])})")
        typer.echo(f"  {r['description']}")
        typer.echo(f"  source: {r['source']}")
