"""`hlcg card NAME`: one card, every field, its printings and its source."""

from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from hlcg.catalog import ATTRIBUTES
from hlcg.cli.common import (
    DbOption,
    JsonOption,
    echo_closest,
    guarded,
    load_catalogue,
    print_json,
    require_name,
    table,
)

if TYPE_CHECKING:  # the library is imported when a command runs, keeping start-up light
    from hlcg.catalog import Card, Catalogue, Match


def _restriction(card: "Card") -> str:
    """A sourced "no restriction number" reads apart from an unknown one."""
    return "none printed" if card.unrestricted else _value(card.restriction)


def _value(value: Any) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple | list):
        return ", ".join(str(v) for v in value) if value else "-"
    return str(value)


def render_card(card: "Card", catalogue: "Catalogue") -> str:
    """Every field of one card, aligned: what the rules read first, then the rest."""
    fields = _rules_fields(card) + _other_fields(card, catalogue)
    width = max(len(k) for k, _ in fields)
    lines = [f"{card.name}  [{card.id}]"] + [f"  {k.ljust(width)}  {v}" for k, v in fields]
    return "\n".join(lines)


def _rules_fields(card: "Card") -> list[tuple[str, str]]:
    fields: list[tuple[str, str]] = [
        ("type", card.type or "unknown"),
        ("subtitle", card.subtitle or "-"),
        ("restriction", _restriction(card)),
        ("reserved", _value(card.reserved)),
        ("signature", _value(card.signature)),
        ("unique", _value(card.unique)),
        ("hand icons", _value(card.hand_icons)),
        ("gems", "  ".join(f"{a} {_value(card.gem(a))}" for a in ATTRIBUTES)),
    ]
    if card.type == "persona":
        fields.append(("master limit", _value(card.effective_master_limit)))
    return fields


def _other_fields(card: "Card", catalogue: "Catalogue") -> list[tuple[str, str]]:
    from hlcg.answers import format_verdicts

    fields = [
        ("formats", ", ".join(card.formats) if card.formats else "none recorded"),
        *(
            (f"{fmt} (today)", f"{v['status']}: {v['reason']}")
            for fmt, v in format_verdicts(card, catalogue).items()
        ),
        *(
            (
                "legality fact",
                f"{f.format}: {f.status}{f' from {f.date}' if f.date else ''} ({f.source})",
            )
            for f in catalogue.legality(card.id)
        ),
        ("master card", _value(card.is_master)),
    ]
    if card.faction:
        fields.append(("faction", _value(card.faction)))
    if card.modifiers:
        fields.append(("modifiers", "; ".join(_modifier(m) for m in card.modifiers)))
    if card.text:
        fields.append(("text", card.text))
    aliases = catalogue.dict_rows(
        "SELECT alias FROM aliases WHERE card_id = ? ORDER BY alias", [card.id]
    )
    if aliases:
        fields.append(("aliases", ", ".join(a["alias"] for a in aliases)))
    printings = catalogue.printings(card.id)
    listed = ", ".join(f"{p['set']} ({p.get('name', '?')})" for p in printings)
    fields += [("printings", listed or "unknown"), ("source", card.source)]
    return fields


def _modifier(modifier: dict[str, Any]) -> str:
    params = ", ".join(f"{k}={v}" for k, v in modifier.items() if k != "kind")
    return f"{modifier['kind']}({params})" if params else modifier["kind"]


def render_sources(card: "Card", catalogue: "Catalogue") -> str:
    """Each recorded fact of one card with its own sources and how many there are
    ("1 source", "confirmed by N sources"): "inferred: ..." where they only imply it,
    "card-level" where only the card row's source backs it."""
    rows = []
    for fact in catalogue.facts(card.id):
        count = fact.confirmations
        marks = [f"confirmed by {count} sources" if count > 1 else "1 source"]
        if not fact.attributed:
            marks.append("card-level")
        elif fact.inferred:
            marks.append(f"inferred: {fact.inferred}")
        mark = "; ".join(marks)
        # a card's text can run to a paragraph: whole, the table wraps it on a terminal
        rows.append([fact.field, fact.value, fact.source, mark])
    return f"{card.name}  [{card.id}]\n" + table(rows, ["field", "value", "source", "mark"])


def history_rows(card_id: str, catalogue: "Catalogue") -> list[dict[str, Any]]:
    """The values a card's facts had before an import replaced them (--overwrite,
    --replace) or `db remove` took them out, with their sources and when, oldest first."""
    return catalogue.dict_rows(
        "SELECT field, value, source, inferred, superseded FROM fact_history "
        "WHERE card_id = ? ORDER BY superseded, field, value",
        [card_id],
    )


def shown_history(card_id: str, catalogue: "Catalogue") -> list[dict[str, Any]]:
    """``history_rows`` as a reader sees them: the whole card an earlier removal kept (a card
    added again under its id) is said as its removal, not as the stored row; each of its
    fields has a row of its own."""
    rows = history_rows(card_id, catalogue)
    for row in rows:
        if row["field"] == "card":
            row["value"] = "the card, removed (each field a row of its own)"
    return rows


def render_history(card: "Card", catalogue: "Catalogue") -> str:
    """The card's ``shown_history`` as a table."""
    return _history_table(f"{card.name}  [{card.id}]", shown_history(card.id, catalogue))


def _history_table(head_line: str, rows: list[dict[str, Any]]) -> str:
    head = head_line + "\n"
    if not rows:
        return head + "no superseded or removed values recorded"
    shown = [[r["field"], r["value"], r["source"], r["superseded"]] for r in rows]
    return head + table(shown, ["field", "value (superseded)", "source", "when, by what"])


HistoryOption = Annotated[
    bool,
    typer.Option(
        "--history",
        help="List the values the card's facts had before an import replaced them or "
        "`db remove` took them out, with their sources, when and why.",
    ),
]

SourcesOption = Annotated[
    bool,
    typer.Option(
        "--sources",
        help="List each recorded fact with its own source (card-level where only the card "
        "row's source backs it).",
    ),
]


@guarded
def card_command(
    name: Annotated[str, typer.Argument(help="Card id, title, 'Title: Subtitle' or a near miss.")],
    db: DbOption = None,
    as_json: JsonOption = False,
    sources: SourcesOption = False,
    history: HistoryOption = False,
) -> None:
    """Show a card, found by id, title, alias or a fuzzy match.

    One confident match prints the whole card; a title shared by several cards lists them
    all. Otherwise a ranked "did you mean" list is shown and the exit code is 1. With
    --sources, each fact of the card is listed with its own source and the number of
    sources that confirm it; with --history, the values superseded or removed.
    """
    require_name(name, "card")
    catalogue = load_catalogue(db)
    match = catalogue.lookup(name)
    if as_json:
        raise typer.Exit(_print_json_answer(name, match, catalogue, history))
    if history and not match.found:
        _removed_card_history(name, catalogue)
    if not match.found:
        _no_card(name, match)
    if match.how == "fuzzy":
        echo_closest(name, match.score)
    cards = [catalogue.cards[i] for i in match.ids]
    if len(cards) == 1:
        render = render_history if history else render_sources if sources else render_card
        typer.echo(render(cards[0], catalogue))
        return
    typer.echo(f"{len(cards)} cards match {name!r}:")
    rows = [
        [c.id, c.name, c.type or "?", _restriction(c), _flags(c)]
        for c in sorted(cards, key=lambda c: c.id)
    ]
    typer.echo(table(rows, ["id", "name", "type", "restriction", "flags"]))
    typer.echo("Show one with `hlcg card ID`.")


def _print_json_answer(name: str, match: "Match", catalogue: "Catalogue", history: bool) -> int:
    """`card --json`: the answer on stdout, found or not; its exit code."""
    from hlcg.answers import match_json

    answer = match_json(match, catalogue)
    if history:  # each card's superseded and removed values with it
        for shown in answer["cards"]:
            shown["history"] = shown_history(shown["id"], catalogue)
    removal = _removal(name, catalogue) if history and not match.found else None
    if removal is not None:  # as the text says it: what was kept of a card `db remove` took out
        # the id found the card that was: no did-you-mean, and no cards in the catalogue
        answer = {"query": name, "matched_by": "removed", "score": None, "removed": removal}
    print_json(answer)
    return 0 if match.found or removal is not None else 1


def _removal(card_id: str, catalogue: "Catalogue") -> dict[str, Any] | None:
    """What ``fact_history`` keeps of a card `db remove` took out (None if it never was):
    its title, when, by whom and why it went (``removal``), and its fields as the other
    history rows are. The whole card the removal also kept (one JSON row, each of whose
    stated facts has its own row) is not repeated."""
    import json

    rows = history_rows(card_id, catalogue)
    whole = [r for r in rows if r["field"] == "card"]
    if not whole:
        return None
    last = whole[-1]  # a card added again and removed again: the last removal
    try:
        title = str(json.loads(last["value"]).get("title") or "")
    except (ValueError, AttributeError):
        title = ""
    return {
        "id": card_id,
        "title": title,
        "removal": last["superseded"],
        "history": [r for r in rows if r["field"] != "card"],
    }


def _removed_card_history(card_id: str, catalogue: "Catalogue") -> None:
    """A card `db remove` took out: its id still finds what was kept of it (exit 0), under
    one line saying when, by whom and why it was removed."""
    removal = _removal(card_id, catalogue)
    if removal is None:
        return
    day, _, how = str(removal["removal"]).partition(" ")  # "DAY removed by WHO: WHY"
    said = f"removed on {day} {how[len('removed ') :]}" if how.startswith("removed by ") else how
    name = f" ({removal['title']})" if removal["title"] else ""
    typer.echo(f"{card_id}{name}: {said}")
    typer.echo(_history_table("", removal["history"]).lstrip("\n"))
    raise typer.Exit(0)


def _no_card(name: str, match: "Match") -> NoReturn:
    """No card is meant: the ranked did-you-mean list, or where to look instead; exit 1."""
    from hlcg.catalog import CONFIDENT_SCORE, SUGGEST_SCORE

    if match.candidates:
        typer.echo(f"No card named {name!r}. Did you mean:", err=True)
        rows = [[c.name, f"{c.score:.0f}", ", ".join(c.ids)] for c in match.candidates]
        typer.echo(table(rows, ["name", "score", "ids"], err=True), err=True)
        typer.echo(
            f"(scores 0-100; {CONFIDENT_SCORE:.0f}+ with a clear lead is taken as a match)",
            err=True,
        )
    else:
        typer.echo(
            f"No card named {name!r}, and nothing close (no name scores {SUGGEST_SCORE:.0f}+). "
            "Try `hlcg search --text WORDS`.",
            err=True,
        )
    raise typer.Exit(1)


def _flags(card: "Card") -> str:
    flags = [f for f, on in (("reserved", card.reserved), ("signature", card.signature)) if on]
    if card.is_master:
        flags.append("master")
    return ", ".join(flags)
