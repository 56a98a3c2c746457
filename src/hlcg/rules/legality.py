"""Whether a card is legal in a format, on the evidence the catalogue and the deck hold.

An error needs evidence; a gap is a note. In order:

1. A sourced legality fact in force on the date judged by (data/source/legality.csv: the
   latest row for the card and format whose date is not after that date) that bans or
   suspends the card: not legal.
2. The printing the deck itself names (a set code on the line) when that set's edition is
   one the format excludes (the `format-legality` rule's `excluded_editions`): not legal.
3. A fact in force that makes the card legal (or restricted), the card's recorded formats
   naming the format, a printing the deck names of one of the format's editions, or a
   recorded printing of one of them: legal.
4. Anything else cannot be judged: recorded printings all of another edition (a 1st
   Edition card in Type Two, whose 2nd Edition printing may simply not be recorded; a 2nd
   Edition card in Type One, whose compatibility list hlcg does not hold), or no printing
   recorded at all. Such cards are listed by `unchecked`, never refused.

So adding a true printing or a legality fact never turns a legal card illegal unless the
fact itself bans the card.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from hlcg.catalog import (
    EXCLUDING,
    Card,
    Catalogue,
    LegalityFact,
    PerCatalogue,
    in_force,
    remember,
    set_code,
)
from hlcg.deck import DeckCard, ResolvedDeck

LEGAL = "legal"
ILLEGAL = "illegal"
UNCONFIRMED = "unconfirmed"


class Verdict(NamedTuple):
    status: str  # LEGAL, ILLEGAL or UNCONFIRMED
    reason: str  # the evidence, or what is missing, for a message
    fact: LegalityFact | None = None  # the legality fact that decided, if one did


def today() -> str:
    """The date a deck is judged by when none is given."""
    import datetime

    return datetime.date.today().isoformat()


def named_editions(codes: Iterable[str], catalogue: Catalogue) -> dict[str, str]:
    """set code -> edition, for the set codes a deck names that the catalogue knows."""
    sets = catalogue.sets
    return {code: sets[code]["edition"] for code in codes if code in sets}


def printings_named(deck: ResolvedDeck, deck_card: DeckCard, catalogue: Catalogue) -> list[str]:
    """The set codes the deck gives for a card: on its lines, and on the `Persona:` line
    for the deck's persona (`Persona: Duncan MacLeod [SE]`)."""
    written = [e.set_code for e in deck_card.entries if e.set_code]
    persona = deck.persona
    if persona is not None and persona.id == deck_card.card.id and deck.persona_set:
        written.append(deck.persona_set)
    return [set_code(catalogue.sets, w) for w in written]


# Each open catalogue's verdicts, kept here (not in the catalogue) for as long as it is open:
# the catalogue is read-only while open, so they stay true. Bounded by ``remember``.
_VERDICTS: PerCatalogue[dict[Any, Any]] = PerCatalogue(dict)


def judge(
    card: Card,
    fmt: str,
    catalogue: Catalogue,
    excluded_editions: Iterable[str],
    *,
    on: str | None = None,
    named_sets: Iterable[str] = (),
    facts: Iterable[LegalityFact] | None = None,
) -> Verdict:
    """The card's verdict in ``fmt`` on the date ``on`` (default today); ``named_sets``
    are the set codes the deck gives for it (the printing it names); ``facts`` its legality
    facts, if not those the catalogue records (to ask what the verdict rests on). On the
    catalogue's own facts a verdict is worked out once per catalogue: several rules, and
    deck after deck, ask it again."""
    if facts is not None:
        return _judged(card, fmt, catalogue, excluded_editions, on or today(), named_sets, facts)
    key = (card.id, fmt, tuple(excluded_editions), on or today(), tuple(named_sets))
    verdicts = _VERDICTS.of(catalogue)
    known = verdicts.get(key)
    if known is not None and known[0] is card:  # not a changed copy of the card
        return known[1]
    verdict = _judged(card, fmt, catalogue, *key[2:], None)
    remember(verdicts, key, (card, verdict))
    return verdict


def _judged(
    card: Card,
    fmt: str,
    catalogue: Catalogue,
    excluded_editions: Iterable[str],
    on: str,
    named_sets: Iterable[str],
    facts: Iterable[LegalityFact] | None,
) -> Verdict:
    recorded = catalogue.legality(card.id) if facts is None else facts
    fact = in_force(recorded, fmt, on)
    named = named_editions(named_sets, catalogue)
    info = catalogue.formats.get(fmt)
    home = set(info.editions) if info else set()
    return (
        _excluded(fmt, fact, named, home, set(excluded_editions))
        or _placed(card, fmt, fact, _recorded(card, named), home)
        or Verdict(
            UNCONFIRMED,
            f"only {'/'.join(sorted(card.editions))} printings are recorded"
            if card.editions
            else "no printing is recorded",
        )
    )


def _excluded(
    fmt: str,
    fact: LegalityFact | None,
    named: dict[str, str],
    home: set[str],
    excluded: set[str],
) -> Verdict | None:
    """The evidence that takes the card out of the format: a ban or suspension in force,
    or a printing the deck names of an edition the format excludes."""
    if fact is not None and fact.status in EXCLUDING:
        since = f" since {fact.date}" if fact.date else ""
        return Verdict(ILLEGAL, f"{fact.status} in {fmt}{since}: {fact.source}", fact)
    foreign = sorted(code for code, edition in named.items() if edition in excluded)
    if not foreign:
        return None
    editions = "/".join(sorted({named[c] for c in foreign}))
    return Verdict(
        ILLEGAL,
        f"the deck names its {', '.join(foreign)} printing, a {editions} set; "
        f"{fmt} takes {'/'.join(sorted(home)) or 'no'} cards",
    )


def _recorded(card: Card, named: dict[str, str]) -> dict[str, str]:
    """The printings the deck names that the catalogue records for the card: a printing
    it does not record is no evidence that places the card in a format (the deck's
    `War Axe [SE]` leaves its First Edition legality unchecked)."""
    printed = {code.casefold() for code in (*card.sets, *card.editions)}
    return {code: edition for code, edition in named.items() if code.casefold() in printed}


def fact_reason(fact: LegalityFact) -> str:
    since = f" from {fact.date}" if fact.date else ""
    return f"{fact.status} in {fact.format}{since} ({fact.source})"


def _placed(
    card: Card, fmt: str, fact: LegalityFact | None, named: dict[str, str], home: set[str]
) -> Verdict | None:
    """The evidence that places the card in the format, if any."""
    if fact is not None:
        return Verdict(LEGAL, fact_reason(fact), fact)
    if fmt in card.formats:
        return Verdict(LEGAL, f"its recorded formats name {fmt}")
    if any(edition in home for edition in named.values()):
        return Verdict(LEGAL, "the printing the deck names is of the format's edition")
    if card.editions & home:
        return Verdict(LEGAL, f"a recorded {'/'.join(sorted(card.editions & home))} printing")
    return None
