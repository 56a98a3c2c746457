"""Which reading of a text line its author meant.

A line may be read in several ways (hlcg.deck.lines keeps them all, least taken off first):
`9mm` is Kinman's 9mm before nine "mm", `Dodge 3` a title before three Dodge, and
`Dodge x2 (vs thrusts) -- opener` is two Dodge with remarks. The first reading that names a
card is meant, unless what it leaves off as a remark may be part of a name:

- a remark naming a persona, weapon or faction, or a subtitle of the card, is a subtitle
  (`Master's Block -- Ramirez` is never the plain Master's Block);
- a round-bracket remark is one only after a name meaning one card, and not by a bare title
  that card shares with a subtitle (`Dodge (vs thrusts)`, `Hammer Blow (The Kurgan)
  (finisher)`); after a title with versions or a subtitle (`Master's Block (Ramrez)`,
  `Flurry Strike (Upper Left)`, `Bloodlust (Kurgn)`) the brackets name the version, and a
  version not found is an unknown card, never the title's other cards.

When no reading names a card, the line is shown by its last reading naming none (its count
and name without remarks), so its copies still count and the problem names the card.
"""

from __future__ import annotations

import copy

from hlcg.catalog import Card, normalise
from hlcg.deck.model import Deck, Entry, Reading
from hlcg.deck.narrowing import Resolver


def _named(resolver: Resolver, name: str) -> list[Card]:
    """The cards a name names, a set in round brackets taken off ("Thrust (SE)")."""
    found = resolver.candidates(name)
    if found:
        return found
    split = resolver.bracketed_set(name)
    return resolver.candidates(split[0]) if split else []


def _remarked(remark: str) -> list[str]:
    """What the remarks say: "(vs thrusts) -- opener" -> ["vs thrusts", "opener"]."""
    paren, dash = "", remark
    if remark.startswith("("):
        close = remark.find(")")
        paren, dash = remark[1:close], remark[close + 1 :]
    said = (paren, dash.strip().lstrip("-\u2013\u2014 "))
    return [normalise(s) for s in said if s.strip()]


def _subtitle_like(resolver: Resolver, said: str, found: list[Card]) -> bool:
    catalogue = resolver.catalogue
    names = {said, said.removeprefix("the ")}
    subtitles = {normalise(c.subtitle) for c in found if c.subtitle}
    return bool(
        names
        & (catalogue.persona_names | catalogue.weapon_names | catalogue.faction_names | subtitles)
    )


def _remark_fits(resolver: Resolver, reading: Reading, found: list[Card]) -> bool:
    """The reading's remark is a remark, not part of the card's name."""
    if reading.remark is None:
        return True
    if any(_subtitle_like(resolver, said, found) for said in _remarked(reading.remark)):
        return False
    if reading.remark.startswith("("):
        # after a bare title with a subtitle or versions, brackets may name the version
        bare_title = any(
            c.subtitle and normalise(reading.name) == normalise(c.title) for c in found
        )
        return len(found) == 1 and not bare_title
    return True


def _as(entry: Entry, reading: Reading) -> Entry:
    return entry._replace(
        name=reading.name,
        count=reading.count,
        set_code=reading.set_code,
        remark=reading.remark,
        readings=(),
    )


def as_meant(entry: Entry, resolver: Resolver) -> Entry:
    """The entry as its line's author meant it (see the module docstring)."""
    if not entry.readings:
        return entry
    shown = None
    for reading in entry.readings:
        found = _named(resolver, reading.name)
        if found and _remark_fits(resolver, reading, found):
            return _as(entry, reading)
        if not found:
            shown = reading
    return _as(entry, shown or entry.readings[0])


def deck_as_meant(deck: Deck, resolver: Resolver) -> Deck:
    """The deck with each line read as meant; the deck itself when no line has a choice
    (a deck is resolved once per format: the deck as read is never changed)."""
    if not any(e.readings for e in (*deck.entries, *deck.sideboard)):
        return deck
    meant = copy.copy(deck)
    meant.entries = [as_meant(e, resolver) for e in deck.entries]
    meant.sideboard = [as_meant(e, resolver) for e in deck.sideboard]
    return meant
