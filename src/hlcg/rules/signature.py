"""signature (HL203): Signature cards only for the persona named on them.

No persona power or card effect lifts this: not Richie Ryan's borrowing, not an
allowance, not Methos' use of other personas' Master cards.

Unknown facts: the catalogue records Signature as true or false (an empty field is false,
docs/catalogue.md), so a card not marked Signature is not reported here.

Source: seed 000 (Signature Cards); seed 002 (Reserved or Signature Symbol); research
rules-notes.md section 6 (http://www.watcherdatabase.tk/Articles/19.html).

Failing example: `Persona: Richie Ryan` with a Signature card of Duncan MacLeod.

Fix: remove the card.

Options: none; a format profile sets only its severity.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.borrowing import RefusalKind
from hlcg.rules.context import Context, refusals


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    yield from refusals(
        context,
        (RefusalKind.SIGNATURE,),
        lambda r: (
            f"{r.deck_card.card.name} is a Signature card of {r.deck_card.card.subtitle}; "
            "no other persona may include it"
        ),
    )


RULE = Rule("HL203", "signature", "Signature cards only for their persona", check, persona=True)
