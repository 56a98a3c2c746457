"""format-legality (HL401): every card legal in the chosen format.

A card's `formats` lists the formats it is legal in; an empty list means no restriction is
recorded. The 2nd Edition Duncan MacLeod is legal in Type Two only; the MLE Grayson Premium
in none of the formats hlcg checks.

Source: research rules-notes.md section 10 (http://www.watcherdatabase.tk/Cards/Card/6074.html,
http://www.watcherdatabase.tk/Cards/Card/141.html).

Failing example: `--format first-edition` with the 2nd Edition Duncan MacLeod.

Fix: replace the card with a version legal in the format, or choose another format.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Rule
from hlcg.rules.context import Context, removal_or_replacement
from hlcg.rules.problem import Finding


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        if card.legal_in(deck.format):
            continue
        yield removal_or_replacement(
            context,
            deck_card,
            f"{card.name} [{card.id}] is not legal in {deck.format} "
            f"(legal in: {', '.join(card.formats)})",
        )


RULE = Rule("HL401", "format-legality", "Every card legal in the format", check)
