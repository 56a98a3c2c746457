"""The replacement search: a card the deck may not hold is replaced, where one fits, by a
card of the same type.

A rule that refuses an Endurance card marks its finding ``replaceable``; after the checks,
the engine asks this module for a replacement (importing it only then: most decks have no
such finding). The search tries the catalogue's candidates (the persona's own cards first,
then generic ones) in a copy of the deck holding the candidate instead, and keeps the first
that the deck uses normally and that none of the format's rules names. It runs the rules
on that copy itself, so no rule has to reach the checker or the fixer.
"""

from __future__ import annotations

import copy

from hlcg.catalog import Card
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Level
from hlcg.rules.borrowing import foreign_owner
from hlcg.rules.context import Context
from hlcg.rules.legality import LEGAL, judge
from hlcg.rules.registry import RULES


def replacement(context: Context, deck_card: DeckCard) -> Card | None:
    """The card to put in place of a card the deck may not hold, or None when none fits."""
    card = deck_card.card
    if card.type is None:
        return None
    candidates = context.catalogue.replacement_candidates(card.type, context.deck.persona_names)
    return next((c for c in candidates if c.id != card.id and fits(context, deck_card, c)), None)


def fits(context: Context, deck_card: DeckCard, candidate: Card) -> bool:
    """Whether the deck, holding ``candidate`` instead of ``deck_card``, uses it normally
    (no borrowing permission), the format is known to take it, and no rule the format runs
    finds an error, a warning or a data gap in it: a fix offers only a card the deck is known
    to take, never one whose legality or facts are unknown (a gem count, a restriction
    number, a Master limit that decides how many Master cards fit). The two questions about
    the card alone are asked first: they settle most candidates without a trial deck; the
    trial asks the rules that judge candidates (``Rule.judges_candidates``)."""
    if foreign_owner(context, candidate) is not None:
        return False  # refused or borrowed: the borrowing analysis, on the card alone
    excluded = context.param("format-legality", "excluded_editions")
    verdict = judge(candidate, context.deck.format, context.catalogue, excluded, on=context.date)
    if verdict.status != LEGAL:
        return False  # not offered unless known legal: format-legality's verdict
    trial = Context(
        _swapped(context.deck, deck_card, candidate),
        context.catalogue,
        context.profile,
        trial=True,
        date=context.date,
    )
    settings = context.profile.settings
    for name, rule in RULES.items():
        if not rule.judges_candidates or settings[name].severity == Level.OFF:
            continue
        if trial.deck.persona_unresolved and rule.persona:
            continue  # as in the check: the unknown persona's problem stands for these
        for finding in rule.check(trial.deck, trial, settings[name].params):
            if candidate.id in finding.cards and not finding.advisory:
                return False
    return True


def _swapped(deck: ResolvedDeck, deck_card: DeckCard, candidate: Card) -> ResolvedDeck:
    """A copy of the deck with ``candidate`` in place of ``deck_card``'s copies."""
    cards = [dc for dc in deck.cards if dc is not deck_card]
    for position, held in enumerate(cards):
        if held.card.id == candidate.id and held.section == deck_card.section:
            cards[position] = held._replace(count=held.count + deck_card.count)
            break
    else:
        cards.append(DeckCard(candidate, deck_card.count, deck_card.line, deck_card.section))
    trial = copy.copy(deck)
    trial.cards = cards
    return trial
