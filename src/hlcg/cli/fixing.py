"""`hlcg validate --fix`: show what the fixes did (hlcg.fixing wrote them): the diff, the
file written and the fixed deck checked again."""

from collections.abc import Sequence
from typing import TYPE_CHECKING

import typer

from hlcg.cli.common import error, warn

if TYPE_CHECKING:
    from hlcg.fix import DeckFix


def render_fixes(fixes: Sequence["DeckFix"]) -> None:
    from hlcg.report import render_deck

    for fix in fixes:
        if fix.target is None:
            typer.echo(f"\n{fix.path}: no automatic fix for its problems", err=True)
            continue
        if fix.moved:
            warn(
                f"{fix.path} is not a text deck; the fixed deck is written to {fix.target} instead"
            )
        if fix.refusal is not None or fix.report is None:
            error(fix.refusal or f"{fix.path}: not fixed")
            continue
        typer.echo("")
        typer.echo(fix.diff, nl=False)
        typer.echo(f"wrote {fix.target}: " + "; ".join(fix.applied), err=True)
        typer.echo(render_deck(fix.report))
