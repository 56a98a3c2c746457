"""generic-borrow (HL204): borrowing from other personas stays within its allowance.

A Generic Immortal may include at most one copy of any non-Reserved persona-specific card.
A persona with a `borrow` modifier (Richie Ryan) may take `per_persona` cards from each other
persona; each `allowance` card (Type Two Darius) admits `count` non-Signature cards of
personas you are not playing, in a Generic Immortal's deck too (it plays no persona), after
its own permission. Copies beyond these are reported here.

Unknown facts: the copies counted and the allowances are always known. A permission no
source confirms for the format (the Generic Immortal's in Type One) admits the cards and
lists them in a note (`unchecked`), neither an error nor a silent pass. A card held in more
copies than it would admit is an error that says the permission is unconfirmed, and the
note does not name it: a note never contradicts an error about the same card.

Source: seed 001 (Generic Immortal); research rules-notes.md sections 3 and 6 and
rules-notes-2.md 1.7 (http://www.watcherdatabase.tk/Articles/19.html,
https://www.highlanderthecardgame.com/keywords).

Failing example: a Generic Immortal with `2 Seduce: Amanda`.

Fix: keep one copy (or what the allowance admits) and remove the rest.

Options: `generic_copies` (int, default 1): copies of one card a Generic Immortal may
borrow.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise
from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding, Level
from hlcg.rules.base import Param, Rule
from hlcg.rules.borrowing import RefusalKind
from hlcg.rules.context import Context
from hlcg.rules.permissions import GENERIC_IMMORTAL

# Refusals this rule reports: copies beyond what a borrowing permission admits.
KINDS = (RefusalKind.OVER_GENERIC_COPIES, RefusalKind.OVER_BUDGET)


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    unconfirmed = context.borrowing.unconfirmed
    refused: set[str] = set()
    for refusal in context.borrowing.refusals:
        if refusal.kind not in KINDS:
            continue
        deck_card = refusal.deck_card
        excess = deck_card.count - refusal.allowed
        if refusal.kind is RefusalKind.OVER_GENERIC_COPIES:
            message = (
                f"{deck_card.count} copies of {deck_card.card.name}; a Generic Immortal may "
                f"include at most {refusal.allowed} of a persona-specific card"
            )
            if deck_card.card.id in unconfirmed:
                # The error says so itself: a note calling the card admitted would
                # contradict it.
                refused.add(deck_card.card.id)
                message += f", and that only if the permission holds in {deck.format}"
        else:
            # The owner is known by its normalised name; the card's own subtitle names it
            # as printed, so it is not named twice ("Jump: Duncan MacLeod of duncan macleod").
            subtitle = deck_card.card.subtitle
            whose = (
                "" if subtitle and normalise(subtitle) == refusal.owner else f" of {refusal.owner}"
            )
            message = (
                f"{deck_card.count} copies of {deck_card.card.name}{whose}; "
                f"your borrowing permissions cover {refusal.allowed}"
            )
        yield Finding(
            message,
            cards=(deck_card.card.id,),
            line=deck_card.line,
            fix=f"remove {excess} {deck_card.card.name}",
            edits=(("remove", deck_card.card.id, excess),),
        )

    refused |= _masters_refused(deck, context)
    unconfirmed = [card_id for card_id in unconfirmed if card_id not in refused]
    if unconfirmed:
        yield Finding(
            f"the Generic Immortal permission ({GENERIC_IMMORTAL.summary}) is not confirmed "
            f"for {deck.format}; admitted but unchecked: {context.names(unconfirmed)}",
            cards=tuple(unconfirmed),
            fix="check the format's rules by hand (`hlcg rules permissions`)",
            unchecked=True,
        )


def _masters_refused(deck: ResolvedDeck, context: Context) -> set[str]:
    """Master cards a Generic Immortal may not hold at all (`master-limit`'s error): the
    permission's note must not call them admitted."""
    setting = context.profile.settings["master-limit"]
    if not deck.is_generic or setting.severity == Level.OFF or setting.params["generic_limit"]:
        return set()
    return {dc.card.id for dc in deck.endurance if dc.card.is_master}


RULE = Rule(
    "HL204",
    "generic-borrow",
    "Borrowed cards within the allowance",
    check,
    params=(
        Param(
            "generic_copies",
            int,
            1,
            "seed 001 §Generic Immortal: up to one of any Immortal-Specific card",
        ),
    ),
    persona=True,
    count_limit=True,
)
