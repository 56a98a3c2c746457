"""`hlcg rules [NAME|CODE]`: the rule list, or one rule's documentation."""

from typing import Annotated

import typer

from hlcg.cli.common import FormatName, JsonOption, guarded, parse_format, print_json, table


@guarded
def rules_command(
    name: Annotated[str | None, typer.Argument(help="A rule name or code.")] = None,
    fmt: Annotated[
        FormatName | None,
        typer.Option("--format", "-f", parser=parse_format, help="Show severities in this format."),
    ] = None,
    as_json: JsonOption = False,
) -> None:
    """List the deck-construction rules, print one rule's documentation, or list a code
    family (`hlcg rules HL2`: every HL2xx rule)."""
    from hlcg.rules.profiles import profile
    from hlcg.rules.registry import RULES, find

    listed = list(RULES.values())
    rule = find(name) if name else None
    if name and rule is None:
        listed = [r for r in listed if r.code.upper().startswith(name.strip().upper())]
        if not listed:
            if as_json:
                print_json({"query": name, "rule": None, "rules": []})
            typer.echo(f"No rule {name!r}. See `hlcg rules`.", err=True)
            raise typer.Exit(1)
    if rule is not None:
        if as_json:
            print_json(
                {"code": rule.code, "name": rule.name, "summary": rule.summary, "doc": rule.doc}
            )
            return
        typer.echo(f"{rule.code} {rule.name}: {rule.summary}\n")
        typer.echo(rule.doc)
        for fmt_name in ("first-edition", "type-one", "type-two"):
            setting = profile(fmt_name).settings[rule.name]
            why = f" ({setting.why})" if setting.why else ""
            typer.echo(f"\n{fmt_name}: {setting.severity}{why}")
        return
    formats = [fmt.value] if fmt else ["first-edition", "type-one", "type-two"]
    profiles = [profile(f) for f in formats]
    rows = [
        [rule.code, rule.name, *(p.settings[rule.name].severity for p in profiles), rule.summary]
        for rule in listed
    ]
    if as_json:
        print_json(
            [
                {
                    "code": r[0],
                    "name": r[1],
                    "severity": dict(zip(formats, r[2:-1], strict=True)),
                    "summary": r[-1],
                }
                for r in rows
            ]
        )
        return
    typer.echo(table(rows, ["code", "name", *formats, "checks"]))
