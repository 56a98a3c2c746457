"""restriction (HL104): no more copies of a card than its restriction number.

Counted per card, that is per text: Grayson's three Business as Usual, each restricted to
2, may be 2 + 2 + 2; Ramirez's Master's Block, restricted to 2 and printed with two images,
is 2 in total. Each `restriction-bonus` modifier in the deck (first-edition pre-game
Darius) raises the number by its amount for cards the deck may use normally; never for
Signature cards, whose restriction cannot be altered, and never for cards borrowed from
another persona.

Cards whose restriction number is not recorded are listed by `unchecked` when the deck
holds more than one copy.

Source: seed 001 (Restricted Cards); seed 000 (Deck Construction: Restricted Cards,
Signature Cards); seed 002 (Restriction Number); research rules-notes.md section 3
(http://www.oocities.org/gislef/cotw06.htm, http://www.watcherdatabase.tk/Articles/19.html).

Failing example: 3 Luck: Richie Ryan (restricted to 2).

Fix: remove the extra copies.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.problem import Finding
from hlcg.wording import plural


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    bonus = sum(
        int(m.get("amount", 1)) * dc.count
        for dc, m in context.modifiers
        if m.get("kind") == "restriction-bonus"
    )
    normal = context.borrowing.normal
    unknown = []
    for deck_card in deck.cards:
        card = deck_card.card
        if card.restriction is None:
            if deck_card.count > 1 and not card.is_pregame:
                unknown.append(card.id)
            continue
        raised = bonus if (card.id in normal and not card.signature) else 0
        limit = card.restriction + raised
        if deck_card.count > limit:
            how = f" (restriction {card.restriction} + {raised} from Darius)" if raised else ""
            yield Finding(
                f"{deck_card.count} copies of {card.name}; restricted to {limit}{how}",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {deck_card.count - limit} {card.name}",
                edits=(("remove", card.id, deck_card.count - limit),),
            )
    if unknown:
        yield Finding(
            f"restriction number not recorded for {plural(len(unknown), 'card')} held in several "
            f"copies: {context.names(unknown)}",
            cards=tuple(sorted(unknown)),
            fix="check the printed numbers; curators can add them to data/source/cards.csv",
            unchecked=True,
        )


RULE = Rule("HL104", "restriction", "No more copies than the restriction number", check)
