"""reserved (HL202): Reserved cards only for the persona named on them.

A Generic Immortal may include none. Permissions that allow Reserved cards of other
personas (`borrow` or `any-master-cards` with include_reserved, `allowance`) are applied
before this rule.

Unknown facts: the catalogue records Reserved as true or false (an empty field is false,
docs/catalogue.md), so a card not marked Reserved is not reported here.

Source: seed 001 (Reserved Cards; Generic Immortal); seed 002 (Reserved or Signature
Symbol); seed 000 (Signature Cards).

Failing example: a Generic Immortal with `1 Luck: Richie Ryan` (Reserved).

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
    who = "a Generic Immortal" if deck.is_generic else (deck.persona.title if deck.persona else "")
    yield from refusals(
        context,
        (RefusalKind.RESERVED,),
        lambda r: (
            f"{r.deck_card.card.name} is Reserved to {r.deck_card.card.subtitle}; "
            f"{who} may not include it"
        ),
    )


RULE = Rule("HL202", "reserved", "Reserved cards only for their persona", check, persona=True)
