"""`hlcg db info` and `hlcg db gaps`: what a catalogue holds, and what it lacks."""

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.cli.common import DbOption, JsonOption, fields, guarded, print_json
from hlcg.errors import UsageError

if TYPE_CHECKING:
    from hlcg.answers.gaps import Gap
    from hlcg.catalog import Catalogue
    from hlcg.curation import Verification


@guarded
def info_command(
    db: DbOption = None,
    as_json: JsonOption = False,
    verify: Annotated[
        bool,
        typer.Option(
            "--verify",
            help="Recompute the content hash from the rows: exit 0 when it matches the "
            "recorded one, 1 (with the differences) when not.",
        ),
    ] = False,
) -> None:
    """Schema and data version, content sha256, counts and where the file is.

    With `--verify` the hash is recomputed from the rows, not read from the file.
    """
    from hlcg.answers import catalogue_info, verification_json
    from hlcg.catalog import resolve_path

    path = resolve_path(db)
    info = catalogue_info(path)
    verification = None
    if verify:
        from hlcg.curation import verify as verify_catalogue
        from hlcg.tcboo import TABLE_GROUP

        verification = verify_catalogue(path, [TABLE_GROUP])
        info["verify"] = verification_json(verification)
    if as_json:
        print_json(info)
    else:
        heads = ("path", "shipped", "schema_version", "data_version", "content_sha256")
        pairs = [(key, info[key]) for key in heads] + [
            (key, _sourced(value) if key == "sourced_facts" else value)
            for key, value in info["counts"].items()
        ]
        typer.echo(fields(pairs))
        if verification is not None:
            _print_verification(verification)
    if verification is not None and not verification.matches:
        raise typer.Exit(1)


def _sourced(counts: dict[str, int]) -> str:
    return (
        f"{counts['total']} ({counts['attributed']} with their own source, "
        f"{counts['card_level']} with the card-level source only, {counts['inferred']} inferred)"
    )


def _print_verification(verification: "Verification") -> None:
    if verification.matches:
        typer.echo(f"{'verify':15} ok: the rows hash to the recorded content_sha256")
        return
    if verification.computed == verification.recorded:
        typer.echo(f"{'verify':15} MISMATCH: the rows match, tables derived from them do not")
    else:
        typer.echo(f"{'verify':15} MISMATCH: the rows hash to {verification.computed}")
    if not verification.digests_recorded:
        typer.echo(f"{'':15} (no row digests recorded: rebuild to see which rows changed)")
    for name, difference in verification.differences.items():
        typer.echo(
            f"{'':15} {name}: {difference.changed} changed, {difference.added} added, "
            f"{difference.removed} removed"
        )
    for name, difference in verification.derived.items():
        typer.echo(
            f"{'':15} derived {name}: {difference.changed} changed, {difference.added} "
            f"unexpected, {difference.removed} missing"
        )


class GapsOutput(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@guarded
def gaps_command(
    decks: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Deck files or folders to rank by (default: examples/decks/ of the current "
            "folder, as in a project checkout; elsewhere name them); files that are not "
            "decks are skipped with a note.",
            show_default=False,
        ),
    ] = None,
    db: DbOption = None,
    output: Annotated[
        GapsOutput,
        typer.Option(
            "--output", "-o", help="text, json, or csv: a fact sheet to fill in and import."
        ),
    ] = GapsOutput.text,
    limit: Annotated[
        int | None, typer.Option("--limit", min=1, help="Show only the first N gaps.")
    ] = None,
) -> None:
    """Missing facts (gems, restriction numbers, types, legality) ranked by how many of the
    decks they leave unchecked: what a curator with the physical cards should record first.

    Cards the decks name that the catalogue does not hold come first (field `card`, no
    id); a catalogue holding no cards at all exits 1: nothing could be checked.

    `--output csv` writes `id,field,value,source,...`; fill in value and source and
    `hlcg db import SHEET.csv --db my.sqlite` records them.
    """
    from hlcg.answers import example_decks, fact_sheet, find_gaps
    from hlcg.cli.common import expand, load_catalogue, table

    if decks:
        # Folders are searched and what is not a deck is skipped, as `hlcg validate` does.
        paths = expand([str(d) for d in decks], skip_non_decks=True)
        if not paths:
            raise UsageError("no decks to rank: none of the files given is a deck")
    else:
        paths = example_decks(Path.cwd())
    if not paths:
        raise UsageError(
            "no decks given, and no examples/decks/ in this folder to rank by (the project's "
            "examples, the default in a checkout); name the deck files or folders: "
            "`hlcg db gaps my-decks/ --db my.sqlite`"
        )
    catalogue = load_catalogue(db)
    found, inferred = find_gaps(paths, catalogue)
    shown = found[:limit] if limit else found
    inferred_shown = inferred[:limit] if limit else inferred
    if output is GapsOutput.csv:
        typer.echo(fact_sheet(shown), nl=False)
    elif output is GapsOutput.json:
        print_json(
            {
                "decks": len(paths),
                "gaps": len(found),
                "items": [g.to_json() for g in shown],
                "inferred": len(inferred),
                "inferred_items": [f.to_json() for f in inferred_shown],
            }
        )
    else:
        rows = [[len(g.decks), g.card_id or "(not in catalogue)", g.field, g.name] for g in shown]
        typer.echo(table(rows, ["decks", "id", "field", "card"]))
        if inferred_shown:
            typer.echo(
                "\nInferred facts the verdicts rest on (a source stating one makes them firm):"
            )
            # the note's words name the cards, the fact and its reasoning
            typer.echo(table([[len(f.decks), f.fact] for f in inferred_shown], ["decks", "fact"]))
        typer.echo(
            f"{len(found)} gap(s) and {len(inferred)} inferred fact(s) deciding verdicts "
            f"across {len(paths)} deck(s)",
            err=True,
        )
    _missing_cards(found, catalogue)


def _missing_cards(found: list["Gap"], catalogue: "Catalogue") -> None:
    """Say how many card names the decks give are not in the catalogue; a catalogue with
    no cards at all checks nothing, which is not a clean bill: exit 1."""
    missing = sum(1 for g in found if g.missing_card)
    if not missing:
        return
    typer.echo(
        f"hlcg: {missing} card name(s) the decks give are not in the catalogue "
        "(listed first, field card): fill in a row's value (the card's type) and source to "
        "add the card, or import its card rows",
        err=True,
    )
    if not catalogue.counts()["cards"]:
        raise typer.Exit(1)
