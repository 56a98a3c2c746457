"""`hlcg rules [NAME|CODE]`: the rule list, or one rule's documentation."""

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from hlcg.catalog import CHECKED_FORMATS
from hlcg.cli.common import (
    DbOption,
    JsonOption,
    format_option,
    guarded,
    load_catalogue,
    print_json,
    require_name,
    table,
)

if TYPE_CHECKING:
    from hlcg.rules import Rule


def _print_permissions(formats: list[str], as_json: bool) -> None:
    from hlcg.answers import permissions_answer
    from hlcg.rules import FORMAT_LEGALITY

    answer = permissions_answer(formats)
    if as_json:
        print_json(rules_json("permissions", permissions=answer))
        return
    typer.echo("Rulebook permissions (per format; absent: does not apply):\n")
    for permission in answer["permissions"]:
        typer.echo(f"{permission['name']}: {permission['summary']}")
        for fmt in formats:
            typer.echo(f"  {fmt}: {permission['formats'].get(fmt, 'does not apply')}")
        typer.echo(f"  source: {permission['source']}\n")
    typer.echo(
        "Card modifiers (printed on a card; they apply wherever that card is legal, "
        f"see {FORMAT_LEGALITY.name}):\n"
    )
    for kind, what in answer["card_modifiers"].items():
        typer.echo(f"  {kind}: {what}")


def _print_legality(facts: list[dict[str, str]]) -> None:
    typer.echo(
        f"\nLegality facts ({len(facts)}; the latest on or before the date judged by decides; "
        "`hlcg card NAME` shows one card's):"
    )
    rows = [[f["format"], f["card"], f["status"], f["date"] or "-", f["source"]] for f in facts]
    typer.echo(table(rows, ["format", "card", "status", "from", "source"]))
    if not any(f["status"] == "suspended" for f in facts):
        typer.echo(
            "No suspended card is recorded: Type Two has a Suspended Card List since the "
            "August 2025 rulebook (https://www.highlanderthecardgame.com/post/suspended-cards), "
            "whose cards our sources do not name yet; curators add them as `suspended` rows "
            "with a date and a source (docs/catalogue.md)."
        )


def rules_json(
    query: str | None,
    rule: dict[str, Any] | None = None,
    rules: list[dict[str, Any]] | None = None,
    permissions: dict[str, Any] | None = None,
    suggestions: list[str] | None = None,
) -> dict[str, Any]:
    """`hlcg rules --json`, one shape whatever was asked (schemas/rules-answer.schema.json):
    the name asked (null: the whole list), the one rule it names in full (else null), the
    rules it lists, with `permissions` the permissions (else null), and for a name that is
    no rule the names close to it."""
    return {
        "query": query,
        "rule": rule,
        "rules": rules or [],
        "permissions": permissions,
        "suggestions": suggestions or [],
    }


def _print_rule(
    rule: "Rule", formats: list[str], as_json: bool, db: Path | None = None, name: str = ""
) -> None:
    from hlcg.answers import rule_answer, rule_list, rule_text

    answer = rule_answer(rule, formats, lambda: load_catalogue(db))
    if as_json:
        summary = rule_list([rule], formats, one_format=len(formats) == 1)
        print_json(rules_json(name, rule=answer, rules=summary))
        return
    typer.echo(rule_text(answer))
    if "legality" in answer:
        _print_legality(answer["legality"])


def _print_list(
    listed: "list[Rule]", fmt: str | None, as_json: bool, name: str | None = None
) -> None:
    from hlcg.answers import rule_list

    formats = [fmt] if fmt else list(CHECKED_FORMATS)
    answer = rule_list(listed, formats, one_format=fmt is not None)
    if as_json:
        print_json(rules_json(name, rules=answer))
        return
    rows = [[r["code"], r["name"], *r["severity"].values(), r["summary"]] for r in answer]
    typer.echo(table(rows, ["code", "name", *formats, "checks"]))


def _no_rule(name: str, as_json: bool) -> None:
    """A name that is no rule, code or code family: exit 1, with the nearest names (scored
    as every other lookup by name is, ``hlcg.catalog.score_names``)."""
    from hlcg.catalog import normalise, score_names
    from hlcg.rules import RULES

    close = [
        c.name for c in score_names(normalise(name), {r.name: (r.name,) for r in RULES.values()})
    ][:3]
    if as_json:  # the JSON is the whole answer, its did-you-mean included (docs/cli.md)
        print_json(rules_json(name, suggestions=close))
        raise typer.Exit(1)
    hint = f" Did you mean: {', '.join(close)}?" if close else ""
    typer.echo(f"No rule {name!r}.{hint} See `hlcg rules`.", err=True)
    raise typer.Exit(1)


@guarded
def rules_command(
    name: Annotated[str | None, typer.Argument(help="A rule name or code.")] = None,
    fmt: Annotated[
        str | None, format_option("Only this format's severities, parameters and permissions.")
    ] = None,
    as_json: JsonOption = False,
    db: DbOption = None,
) -> None:
    """List the deck-construction rules, print one rule's documentation with each format's
    severity and parameters, or list a code family (`hlcg rules HL2`: every HL2xx rule).
    `hlcg rules permissions` lists the permissions and exceptions, the formats each applies
    in and its source. `hlcg rules format-legality` also lists the catalogue's legality
    facts (banned, suspended, legal, with dates and sources)."""
    from hlcg.rules import RULES, find

    formats = [fmt] if fmt else list(CHECKED_FORMATS)
    if name is not None:  # a name given is looked up: an empty one is usage (docs/cli.md)
        require_name(name, "rule")
    if name and name.strip().lower() == "permissions":
        _print_permissions(formats, as_json)
        return
    rule = find(name) if name else None
    if rule is not None:
        _print_rule(rule, formats, as_json, db, name or rule.name)
        return
    listed = list(RULES.values())
    if name:
        listed = [r for r in listed if r.code.upper().startswith(name.strip().upper())]
        if not listed:
            _no_rule(name, as_json)
    _print_list(listed, fmt, as_json, name)
