"""format-legality (HL401): every card legal in the format, on evidence.

A card is refused only on evidence that excludes it: a sourced legality fact in force on
the date the deck is judged by (`--date`, default today) that bans or suspends it
(data/source/legality.csv; `hlcg card NAME` lists a card's facts), or the printing the deck
itself names (`Head Shot [SE]` in Type Two: a set whose edition the format excludes). A
card is legal by a legality fact, its recorded formats, the printing the deck names, or a
recorded printing of the format's edition.

Unknown facts: a card whose recorded printings are all of another edition (a 1st Edition card in
Type Two, whose 2nd Edition printing may only be unrecorded; a 2nd Edition card in Type One,
whose compatibility list hlcg does not hold), or that has no recorded printing at all, is
never refused: `unchecked` names it. Adding a true printing or fact therefore never turns a
legal deck illegal, unless the fact is itself the ban.

Source: the legality facts cite their own sources (the watcherdatabase.tk card pages,
http://www.watcherdatabase.tk/Cards/Card/6074.html and others; seed 001, 002 and 000 for
the fifteen basics and the cards their rules name). Editions the formats exclude: research
rules-notes.md section 10 and rules-notes-2.md 2.2 (https://highlanderthecardgame.com/editions;
the card database marks 2nd Edition cards banned in 1st Edition, and 1st Edition cards such
as Shield banned in Type Two).

Failing example: `--format first-edition` with the 2nd Edition Duncan MacLeod (the card page
marks it 2E only), or `Head Shot [SE]` in Type Two.

Fix: replace the card with a version legal in the format, or choose another format.

Options: `excluded_editions` (list, default none): editions whose printings, when the deck
names one, the format does not take.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from hlcg.catalog import Card
from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule

if TYPE_CHECKING:
    # Only a check needs the context: `hlcg card` reads this rule's options alone.
    from hlcg.rules.context import Context
from hlcg.rules.legality import ILLEGAL, UNCONFIRMED, judge, printings_named


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    unconfirmed = []
    excluded = params["excluded_editions"]
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        named = printings_named(deck, deck_card, context.catalogue)
        verdict = judge(
            card, deck.format, context.catalogue, excluded, on=context.date, named_sets=named
        )
        if verdict.status == UNCONFIRMED:
            unconfirmed.append(card.id)
        if verdict.status != ILLEGAL:
            continue
        message = f"{card.name} [{card.id}] is not legal in {deck.format} ({verdict.reason})"
        persona = deck.persona is not None and deck.persona.id == card.id
        if named and not persona and _printing_only(deck, card, context, excluded):
            # the card is not refused, the printing the line names is: keep the card
            yield Finding(
                message,
                cards=(card.id,),
                line=deck_card.line,
                fix=f"name a {'/'.join(context.format_editions)} printing of {card.name}, "
                "or drop the set code from its line",
            )
            continue
        from hlcg.rules.context import removal_or_replacement

        yield removal_or_replacement(context, deck_card, message)
    if unconfirmed:
        yield Finding(
            f"no printing legal in {deck.format} is recorded for "
            f"{context.names(unconfirmed)}: check them",
            cards=tuple(sorted(set(unconfirmed))),
            fix="check the format's card list by hand; curators can record a printing or a "
            "legality fact (docs/catalogue.md)",
            unchecked=True,
        )


def _printing_only(deck: ResolvedDeck, card: Card, context: Context, excluded: list[str]) -> bool:
    """Whether the card itself is not refused, only the printing the deck names."""
    plain = judge(card, deck.format, context.catalogue, excluded, on=context.date)
    return plain.status != ILLEGAL


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
            "editions whose printings, named by the deck, the format does not take",
        ),
    ),
)
