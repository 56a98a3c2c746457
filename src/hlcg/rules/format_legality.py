"""format-legality (HL401): every card legal in the chosen format.

A card's `formats` lists the formats it is legal in (the 2nd Edition Duncan MacLeod is
legal in Type Two only; the MLE Grayson Premium in none of the formats hlcg checks). A card
with no recorded format legality is judged by its sets' editions against the format's
editions (`data/source/formats.csv`): a 2nd Edition card in first edition, or a first-edition
card in Type Two, is an error (each format's `excluded_editions`). A card only of an edition
the format neither takes nor excludes (a 2nd Edition card in Type One, whose compatibility
list hlcg does not hold; an MLE card) is listed by `unchecked`.

Source: research rules-notes.md section 10 and rules-notes-2.md 1.8, 2.2, 2.3
(http://www.watcherdatabase.tk/Cards/Card/6074.html,
http://www.watcherdatabase.tk/Cards/Card/141.html, https://highlanderthecardgame.com/editions,
https://docslib.org/doc/4885903/highlander-type); seed 002 (the Type Two rules for 2nd
Edition cards).

Failing example: `--format first-edition` with the 2nd Edition Persona Crysta Van Pelt.

Fix: replace the card with a version legal in the format, or choose another format.

Options: `excluded_editions` (list, default none): editions whose cards the format
does not take unless a card's formats name it.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context, removal_or_replacement
from hlcg.rules.legality import ILLEGAL, UNCONFIRMED, judge
from hlcg.rules.problem import Finding


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    unconfirmed = []
    excluded = params["excluded_editions"]
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        verdict = judge(card, deck.format, context.catalogue, excluded)
        if verdict == UNCONFIRMED:
            unconfirmed.append(card.id)
        if verdict != ILLEGAL:
            continue
        why = (
            f"legal in: {', '.join(card.formats)}"
            if card.formats
            else f"a {'/'.join(sorted(card.editions))} card; {deck.format} takes "
            f"{'/'.join(context.format_editions) or 'no'} cards"
        )
        yield removal_or_replacement(
            context, deck_card, f"{card.name} [{card.id}] is not legal in {deck.format} ({why})"
        )
    if unconfirmed:
        editions = sorted({e for i in unconfirmed for e in context.catalogue.cards[i].editions})
        yield Finding(
            f"no source says whether {'/'.join(editions)} cards are legal in {deck.format}: "
            f"{context.names(unconfirmed)}",
            cards=tuple(unconfirmed),
            fix="check the format's card list by hand; curators can record the card's formats",
            unchecked=True,
        )


RULE = Rule(
    "HL401",
    "format-legality",
    "Every card legal in the format",
    check,
    params=(
        Param(
            "excluded_editions",
            list,
            [],
            "editions whose cards the format does not take unless their formats say so",
        ),
    ),
)
