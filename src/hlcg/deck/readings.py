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
from hlcg.deck.model import Deck, Entry, LineIssue, Reading
from hlcg.deck.narrowing import Resolver
from hlcg.problems import Severity


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


# A forum post's prose around its list: the title line ("Kurgan deck for the tourney"),
# a byline ("by Alice, 3 May 2009"), a sign-off ("Comments welcome!"). A line written without
# a count, before the first section or after the last card (hlcg.deck.text marks those),
# that names no card, is not close to any card's name and reads as a sentence, a title ("Duncan
# deck") or a sign-off ("GL HF", "-- Bob") is prose: one
# note lists such lines and none is counted. A line inside the list, or one close to a card's
# name, stays an unknown card with its did-you-mean: a typo is worth an error.


# Words of forum prose that card titles do not use on their own.
_PROSE_WORDS = frozenset(
    {"by", "my", "deck", "decks", "list", "decklist", "i", "im", "ive", "this", "here",
     "is", "was", "welcome", "comments", "comment", "thanks", "thank", "cheers", "enjoy",
     "feedback", "please", "tourney", "tournament", "build", "built", "posted", "played",
     "playing", "version", "update", "updated", "edit", "edited", "won", "let", "know",
     "think", "what", "you", "your", "any", "suggestions", "hope", "regards",
     # greetings and sign-offs
     "good", "luck", "gl", "hf", "glhf", "everyone", "hi", "hello", "hey", "folks", "guys",
     "fun", "bye", "cya"}
)  # fmt: skip
# A title names the deck: "Duncan deck", "Katana Deck". No card title holds these words.
_TITLE_WORDS = frozenset({"deck", "decks", "decklist"})
# A signature after a dash: "-- Bob", "— Alice" (a list mark takes one dash, never two).
_SIGNATURE = ("--", "\u2014", "\u2013")
# A name this close (rapidfuzz ratio, 0-100) to a card's name may be a typo of it.
_CLOSE = 80.0


def reads_as_sentence(text: str) -> bool:
    """A sentence, not a card name: it ends as a sentence does, holds a comma, is words of
    forum prose only ("Cheers"), or has three or more words one of which is one."""
    stripped = text.strip()
    if stripped.endswith(("!", "?", ".", "...")) or "," in stripped:
        return True
    if stripped.startswith(_SIGNATURE):
        return True
    words = set(normalise(stripped).split())
    return bool(words) and (
        words <= _PROSE_WORDS
        or bool(_TITLE_WORDS & words)
        or (len(words) >= 3 and bool(_PROSE_WORDS & words))
    )


def _close_to_a_card(resolver: Resolver, name: str) -> bool:
    from rapidfuzz import fuzz

    key = normalise(name)
    suggested = resolver.suggestions(name)
    return any(fuzz.ratio(key, normalise(s.name)) >= _CLOSE for s in suggested)


def is_prose(resolver: Resolver, entry: Entry) -> bool:
    """The line, which named no card, is a forum post's prose (see the module docstring)."""
    if not entry.prose:
        return False
    written = " ".join(part for part in (entry.name, entry.remark) if part)
    return reads_as_sentence(written) and not _close_to_a_card(resolver, entry.name)


def prose_note(entries: list[Entry]) -> LineIssue:
    """The one note naming the lines read as prose."""
    shown = ", ".join(
        f"{' '.join(p for p in (e.name, e.remark) if p)!r} (line {e.line})" for e in entries
    )
    return LineIssue(
        entries[0].line,
        f"not read as a card: {shown}",
        "nothing to change if it is the post's text; write a count before a card's name "
        "to have it read as a card",
        Severity.NOTE,
    )
