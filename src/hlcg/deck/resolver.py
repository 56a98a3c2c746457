"""Turn a deck's names into catalogue cards: ``resolve(deck, catalogue, fmt, persona_rules)``.

Each line's candidates are narrowed to one card (hlcg.deck.narrowing), after the deck's
persona is settled (hlcg.deck.persona), so lines prefer its versions. Lines naming no
single card are kept as ``Unresolved`` problems; copies of one card are merged.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from hlcg.catalog import Card, Catalogue, normalise
from hlcg.deck.model import (
    ENDURANCE,
    PREGAME,
    UNKNOWN,
    Deck,
    DeckCard,
    Entry,
    LineIssue,
    Reading,
    ResolvedDeck,
    SideboardCard,
    Unresolved,
)
from hlcg.deck.narrowing import Resolver
from hlcg.deck.persona import (
    LinePersona,
    declared_persona,
    generic_names,
    preferred_persona,
    settle_persona,
)
from hlcg.problems import Severity

# Copies of one card on several lines are one DeckCard: (card id, section, versions' ids).
MergeKey = tuple[str, str, tuple[str, ...]]


def resolve(
    deck: Deck, catalogue: Catalogue, fmt: str, persona_rules: Sequence[str]
) -> ResolvedDeck:
    """Resolve every entry; unresolvable lines are kept as ``Unresolved`` problems. A deck
    whose persona cannot be found names the ``persona_rules`` it skips.

    The Generic Immortal is declared, not played: `Persona: Generic Immortal` (or the
    pseudo-persona listed under Pre-Game) leaves the deck without a Persona card, so the deck
    gets the same verdict and fingerprint with or without that line."""
    resolver = Resolver(catalogue, fmt)
    deck = deck_as_meant(deck, resolver)
    resolved = ResolvedDeck(deck, fmt, None, list(deck.issues))
    resolved.generic_names = generic_names(resolver)
    declared = declared_persona(resolver, resolved)
    preferred = preferred_persona(deck, resolver, declared)
    persona_names = preferred.card.persona_names if preferred.card else resolved.generic_names
    resolved.persona_settled = preferred.settled
    merged = _merged_entries(resolved, resolver, persona_names, preferred)
    if declared.card is not None:
        listed = [dc for dc in merged.values() if dc.card.type == "persona"]
        if not any(dc.card.id == declared.card.id for dc in listed):
            merged[(declared.card.id, PREGAME, ())] = DeckCard(
                declared.card, 1, deck.persona_line, PREGAME
            )
    resolved.cards = list(merged.values())
    settle_persona(resolved, declared.card, catalogue, persona_rules)
    resolved.issues += _unmatched_sets(resolver)
    sideboard = [
        (entry, _sideboard_card(entry, resolver, persona_names, preferred.settled))
        for entry in deck.sideboard
    ]
    prose = [e for e, line in sideboard if line.card_id is None and is_prose(resolver, e)]
    resolved.sideboard = [line for e, line in sideboard if e not in prose]
    resolved.prose += prose
    if resolved.prose:
        resolved.issues.append(prose_note(resolved.prose))
    return resolved


def _merged_entries(
    resolved: ResolvedDeck,
    resolver: Resolver,
    persona_names: AbstractSet[str],
    persona: LinePersona,
) -> dict[MergeKey, DeckCard]:
    """Every line's card, merged with earlier lines of the same card; lines naming no
    single card become problems. Each card's lines are gathered first and merged once: a
    merge per line copied the lines so far (19,999 copies of one line took seconds)."""
    found: dict[MergeKey, tuple[Card, tuple[Card, ...], list[Entry]]] = {}
    for entry in resolved.deck.entries:
        card = resolver.entry(
            entry, persona_names, as_persona=entry is persona.entry, settled=persona.settled
        )
        if isinstance(card, Unresolved):
            _add_unresolved(resolved, resolver, entry, card)
            continue
        versions = resolver.last_versions
        if card.is_generic_immortal:
            continue  # declared, not played
        section = PREGAME if card.is_pregame else ENDURANCE
        if entry.section is not None and entry.section != section:
            resolved.issues.append(_misplaced(card, entry))
        key = (card.id, section, tuple(v.id for v in versions))
        found.setdefault(key, (card, versions, []))[2].append(entry)
    return {
        key: DeckCard(
            card, sum(e.count for e in entries), entries[0].line, key[1], tuple(entries), versions
        )
        for key, (card, versions, entries) in found.items()
    }


def _add_unresolved(
    resolved: ResolvedDeck, resolver: Resolver, entry: Entry, card: Unresolved
) -> None:
    """A line naming no single card; a header-shaped line naming none is a bad header, and
    a forum post's prose around the list is no card (hlcg.deck.prose)."""
    if card.kind == UNKNOWN and is_prose(resolver, entry):
        resolved.prose.append(entry)
        return
    if entry.header_text and card.kind == UNKNOWN:
        resolved.issues.append(
            LineIssue(
                entry.line,
                f"unknown section header {entry.header_text!r} (names no card)",
                "use `Pre-Game:`, `Endurance:` or `Sideboard:`",
            )
        )
        return
    resolved.unresolved.append(
        card._replace(
            count=entry.count, section=entry.section, message=_located(entry, card.message)
        )
    )


def _located(entry: Entry, message: str) -> str:
    """A JSON deck's entry has no line: its problems start with its JSON pointer, as the
    JSON reader's own problems do (`/endurance/5: no card named ...`)."""
    return f"{entry.pointer}: {message}" if entry.pointer else message


def _misplaced(card: Card, entry: Entry) -> LineIssue:
    if entry.section == ENDURANCE:
        return LineIssue(
            entry.line,
            _located(
                entry,
                f"{card.name} is a pre-game card ({card.type}) listed under Endurance; "
                "counted as pre-game",
            ),
            "move it under `Pre-Game:`",
            Severity.WARNING,
        )
    return LineIssue(
        entry.line,
        _located(
            entry,
            f"{card.name} is an in-game card ({card.type or 'type unknown'}) listed under "
            "Pre-Game; counted in the Endurance",
        ),
        "move it under `Endurance:`",
        Severity.WARNING,
    )


def _listed(copies: dict[str, int]) -> str:
    return ", ".join(
        f"{name} ({n} card{'s' if n != 1 else ''})" for name, n in sorted(copies.items())
    )


def _unmatched_sets(resolver: Resolver) -> list[LineIssue]:
    """At most two problems a deck, none an error: sets the catalogue knows but records no
    printing of these cards in (a gap in the data, not in the deck: a note, so `--strict`
    passes real LackeyCCG decks that carry set codes), and set names nothing maps to a
    catalogue set. Either way the cards were found by name."""
    sets = resolver.catalogue.sets
    unprinted: dict[str, int] = {}
    unknown: dict[str, int] = {}
    for written, copies in resolver.unmatched_sets.items():
        known = resolver.set_code(written) in sets
        (unprinted if known else unknown)[written] = copies
    issues = []
    if unprinted:
        issues.append(
            LineIssue(
                None,
                "the catalogue records no printing of these cards in the set the deck gives: "
                f"{_listed(unprinted)}; they were found by name",
                "nothing to change in the deck; curators record printings in the sets "
                "column of data/source/cards.csv",
                Severity.NOTE,
            )
        )
    if unknown:
        issues.append(
            LineIssue(
                None,
                f"sets not known: {_listed(unknown)}; those cards were found by name",
                "map the deck program's set names to set codes in data/source/set_names.csv",
                Severity.WARNING,
            )
        )
    return issues


def _sideboard_card(
    entry: Entry, resolver: Resolver, persona_names: AbstractSet[str], settled: bool
) -> SideboardCard:
    found = resolver.entry(entry._replace(set_code=None), persona_names, settled=settled)
    card_id = found.id if isinstance(found, Card) else None
    return SideboardCard(entry.name, entry.count, entry.line, card_id)


# Which reading of a text line its author meant.
#
# A line may be read in several ways (hlcg.deck.lines keeps them all, least taken off first):
# `9mm` is Kinman's 9mm before nine "mm", `Dodge 3` a title before three Dodge, and
# `Dodge x2 (vs thrusts) -- opener` is two Dodge with remarks. The first reading that names a
# card is meant, unless what it leaves off as a remark may be part of a name:
#
# - a remark naming a persona, weapon or faction, or a subtitle of the card, is a subtitle
#   (`Master's Block -- Ramirez` is never the plain Master's Block);
# - a round-bracket remark is one only after a name meaning one card, and not by a bare title
#   that card shares with a subtitle (`Dodge (vs thrusts)`, `Hammer Blow (The Kurgan)
#   (finisher)`); after a title with versions or a subtitle (`Master's Block (Ramrez)`,
#   `Flurry Strike (Upper Left)`, `Bloodlust (Kurgn)`) the brackets name the version, and a
#   version not found is an unknown card, never the title's other cards.
#
# When no reading names a card, the line is shown by its last reading naming none (its count
# and name without remarks), so its copies still count and the problem names the card.


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
