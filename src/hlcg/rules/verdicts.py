"""Legality verdicts asked outside a deck's rules: a card's in a format (`hlcg search f:`,
the card table, a fix's additions), and what a deck's verdict rests on for its fingerprint.
Each reads the format's own `excluded_editions` from its profile, so the rules' own
``hlcg.rules.legality`` never reads the profiles (which read the rules).
"""

from __future__ import annotations

from functools import cache

from hlcg.catalog import EXCLUDING, Card, Catalogue, in_force
from hlcg.deck import ResolvedDeck
from hlcg.rules.legality import (
    ILLEGAL,
    LEGAL,
    UNCONFIRMED,
    Verdict,
    fact_reason,
    judge,
    named_editions,
    printings_named,
    today,
)


@cache
def excluded_editions(fmt: str) -> list[str]:
    """The editions whose printings ``fmt`` does not take (`format-legality`'s option in
    the format's profile), read once, without importing every rule."""
    from hlcg.rules.format_legality import RULE
    from hlcg.rules.profiles import rule_option

    excluded: list[str] = rule_option(fmt, RULE, "excluded_editions")
    return excluded


def verdict_in(card: Card, fmt: str, catalogue: Catalogue, on: str | None = None) -> Verdict:
    """``judge`` with the format's own `excluded_editions` (its profile), for questions
    asked outside a deck check (`hlcg search f:`, the card table). A legality tag only
    (mle) is decided by its legality facts and recorded formats alone."""
    from hlcg.catalog import CHECKED_FORMATS

    if fmt not in catalogue.formats:
        return Verdict(UNCONFIRMED, f"this catalogue records no format {fmt}")
    if fmt not in CHECKED_FORMATS:
        fact = in_force(catalogue.legality(card.id), fmt, on or today())
        if fact is not None:
            status = ILLEGAL if fact.status in EXCLUDING else LEGAL
            return Verdict(status, fact_reason(fact), fact)
        if fmt in card.formats:
            return Verdict(LEGAL, f"its recorded formats name {fmt}")
        return Verdict(UNCONFIRMED, f"no source places it in {fmt}")
    return judge(card, fmt, catalogue, excluded_editions(fmt), on=on)


def verdict_lines(deck: ResolvedDeck, catalogue: Catalogue, on: str) -> list[str]:
    """What a deck's legality verdict rests on besides the catalogue rows, as the
    fingerprint's canonical form lists it (docs/fingerprint.md): the legality facts in
    force on ``on`` ("<card id> <status> <date or ->") and the printings the deck names
    where they change a card's verdict ("<card id> printing <edition>")."""
    from hlcg.deck import used_card_ids

    lines = []
    for card_id in used_card_ids(deck):
        fact = in_force(catalogue.legality(card_id), deck.format, on)
        if fact is not None:
            lines.append(f"{card_id} {fact.status} {fact.date or '-'}")
    excluded = excluded_editions(deck.format)
    for deck_card in deck.cards:
        named = printings_named(deck, deck_card, catalogue)
        if not named:
            continue
        card = deck_card.card
        plain = judge(card, deck.format, catalogue, excluded, on=on).status
        if judge(card, deck.format, catalogue, excluded, on=on, named_sets=named).status != plain:
            editions = sorted(set(named_editions(named, catalogue).values()))
            lines.append(f"{card.id} printing {'/'.join(editions)}")
    return sorted(set(lines))
