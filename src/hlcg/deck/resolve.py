"""Turn deck names into catalogue cards.

A name shared by several cards is narrowed, in order, by: the set code on the line; the
section (pre-game types only under Pre-Game; under Endurance or before any header, in-game
types first); the persona's own version; the version without a subtitle (a bare "Darius"
is not "Darius: Shooting Blade"); legality in the format (cards the format's list
names first, then cards of the format's own edition). If the remaining candidates still
differ in anything deck construction reads, the line is ambiguous; if they do not, the
first by id stands for all of them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from collections.abc import Set as AbstractSet
from typing import NamedTuple

from hlcg.catalog.card import Card
from hlcg.catalog.fields import BOOL_FIELDS, INT_FIELDS
from hlcg.catalog.lookup import Index, Suggestion
from hlcg.catalog.normalize import normalise
from hlcg.deck.model import (
    ENDURANCE,
    NO_PERSONA,
    NOTE_SEVERITY,
    PREGAME,
    Deck,
    Entry,
    LineIssue,
)

MAX_SUGGESTED_NAMES = 100

# What deck construction reads of a card; candidates equal in all of these are one card to
# the rules.
CONSTRUCTION_FIELDS = (
    "type",
    "subtitle",
    *INT_FIELDS,
    *BOOL_FIELDS,
    "formats",
    "modifiers",
    "faction",
)


# A set code or name in round brackets after a name: "Thrust (SE)", "Kurgan (Movie Edition)".
_BRACKETED_SET = re.compile(r"^(?P<name>.+?)\s*\((?P<set>[^()]+)\)$")


class DeckCard(NamedTuple):
    card: Card
    count: int
    line: int | None  # the first line naming it
    section: str  # PREGAME or ENDURANCE
    entries: tuple[Entry, ...] = ()  # every deck line that named it
    # A line written by a title whose versions differ only in text (Grayson's three
    # Business as Usual): every version it may mean, ``card`` first. Empty: one card.
    versions: tuple[Card, ...] = ()

    @property
    def pooled(self) -> bool:
        return len(self.versions) > 1


class Unresolved(NamedTuple):
    """A line whose card could not be decided: rule unknown-card or ambiguous-card."""

    rule: str
    line: int | None
    name: str
    message: str
    fix: str
    card_ids: tuple[str, ...] = ()
    count: int = 1  # copies the line names: they still count toward the deck size
    section: str | None = None  # the section the line is in (None before any header)


class SideboardCard(NamedTuple):
    """A sideboard line as written, with its card when the name names exactly one."""

    name: str
    count: int
    line: int | None
    card_id: str | None


class ResolvedDeck:
    """A deck whose lines are cards (or unresolved problems)."""

    def __init__(
        self, deck: Deck, format: str, persona: Card | None, issues: list[LineIssue]
    ) -> None:
        self.deck = deck
        self.format = format
        self.persona = persona
        self.cards: list[DeckCard] = []
        self.unresolved: list[Unresolved] = []
        self.issues = issues
        self.sideboard: list[SideboardCard] = []
        # The `Persona:` line names no persona: persona checks are skipped rather than
        # judging the deck as a Generic Immortal because of a typo.
        self.persona_unresolved = False
        # Names a Generic Immortal goes by (the catalogue's flagged pseudo-persona), so
        # cards whose subtitle names it are its own (Type Two v3.03 "Generic Immortal").
        self.generic_names: frozenset[str] = frozenset()
        self.unresolved_persona_name: str | None = None  # as written, when unresolved

    @property
    def path(self) -> str:
        return self.deck.path

    @property
    def endurance(self) -> list[DeckCard]:
        return [c for c in self.cards if c.section == ENDURANCE]

    @property
    def pregame(self) -> list[DeckCard]:
        return [c for c in self.cards if c.section == PREGAME]

    @property
    def is_generic(self) -> bool:
        """A deck without a Persona card (seed 001, Generic Immortal), unless its
        `Persona:` line names no persona (a typo is not a Generic Immortal)."""
        return self.persona is None and not self.persona_unresolved

    @property
    def persona_names(self) -> frozenset[str]:
        """Normalised names the deck's persona goes by (both halves of a dual persona)."""
        if self.persona is None:
            return self.generic_names if self.is_generic else frozenset()
        return self.persona.persona_names

    def copies(self, section: str | None = None) -> int:
        return sum(c.count for c in self.cards if section is None or c.section == section)

    def unrecognised_copies(self, section: str = ENDURANCE) -> int:
        """Copies on lines naming no single card; lines outside the pre-game count as
        Endurance, so a typo does not also shrink the deck."""
        return sum(
            u.count for u in self.unresolved if (u.section == PREGAME) == (section == PREGAME)
        )


def _narrow(candidates: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
    """Candidates passing ``keep``, or all of them when none would pass."""
    kept = [c for c in candidates if keep(c)]
    return kept or candidates


def differences(cards: list[Card]) -> dict[str, list[object]]:
    """Construction fields whose values differ between the cards."""
    diffs = {}
    for name in CONSTRUCTION_FIELDS:
        values = [getattr(c, name) for c in cards]
        if any(v != values[0] for v in values[1:]):
            diffs[name] = values
    return diffs


class Resolver:
    def __init__(self, index: Index, fmt: str) -> None:
        self.index = index
        self.catalogue = index.catalogue
        self.format = fmt
        info = self.catalogue.formats.get(fmt)
        self.home_editions = set(info.editions) if info else set()
        self._suggestions: dict[str, list[Suggestion]] = {}
        # The versions the last decided name may mean (see DeckCard.versions).
        self.last_versions: tuple[Card, ...] = ()
        self.unmatched_sets: dict[str, int] = {}  # set code as written -> copies

    def set_code(self, written: str) -> str:
        """A set code or a set name as a deck program writes it -> our set code (or the
        text as written when nothing maps it)."""
        from hlcg.catalog.names import set_names

        sets = self.catalogue.sets
        lowered = written.strip().lower()
        for code in sets:
            if code.lower() == lowered:
                return code
        key = normalise(written)
        mapped = set_names().get(key)
        if mapped:
            return mapped
        for code, info in sets.items():
            if normalise(info.get("name") or "") == key:
                return code
        return written.strip()

    def bracketed_set(self, written: str) -> tuple[str, str] | None:
        """ "Kurgan (Movie Edition)" -> ("Kurgan", "Movie Edition") when the bracket names a
        catalogue set by its code or by a name deck programs write; None otherwise (so
        "(Ramirez)" stays part of a title)."""
        match = _BRACKETED_SET.match(written)
        if match is None or self.set_code(match["set"]) not in self.catalogue.sets:
            return None
        return match["name"].strip(), match["set"].strip()

    def by_set(self, found: list[Card], written: str, copies: int) -> list[Card]:
        """Candidates printed in the set (or edition) written; a code no candidate carries
        never makes a card unknown: it is counted for one warning and the name decides."""
        code = self.set_code(written).lower()
        printed = [
            c
            for c in found
            if code in (s.lower() for s in c.sets) or code in (e.lower() for e in c.editions)
        ]
        if printed:
            return printed
        self.unmatched_sets[written] = self.unmatched_sets.get(written, 0) + copies
        return found

    def candidates(self, name: str) -> list[Card]:
        match = self.index.exact(name)
        return list(match.cards) if match else []

    def by_format(self, candidates: list[Card]) -> list[Card]:
        """Versions legal in the format first, but only between versions of one subtitle:
        a title whose versions belong to other personas stays ambiguous, never one
        persona's. (A Weapon of Choice is never re-read as a persona of the same name: the
        deck's own persona rules other personas out before this narrowing.)"""
        if len({c.subtitle for c in candidates}) > 1:
            return candidates
        fmt = self.format
        candidates = _narrow(candidates, lambda c: c.legal_in(fmt))
        candidates = _narrow(candidates, lambda c: fmt in c.formats)
        return _narrow(candidates, lambda c: bool(c.editions & self.home_editions))

    def persona_candidates(self, name: str) -> list[Card]:
        """Personas by name; else by the name without its article (`Kurgan` for The
        Kurgan); else the persona one half of whose dual name it is."""
        found = [c for c in self.candidates(name) if c.type == "persona"]
        if found:
            return found
        key = normalise(name)
        if not key:
            return []
        personas = self.catalogue.personas
        bare = [c for c in personas if _without_article(normalise(c.title)) == key]
        if bare:
            return bare
        return [c for c in personas if "/" in c.title and key in c.persona_names]

    def persona(
        self, name: str, line: int | None, set_code: str | None = None
    ) -> Card | Unresolved:
        found = self.persona_candidates(name)
        split = None if found or set_code else self.bracketed_set(name)
        if split:
            name, set_code = split
            found = self.persona_candidates(name)
        if not found:
            return self._unknown(name, line, personas_only=True)
        if set_code:
            found = self.by_set(found, set_code, 1)
        return self._decide(name, line, self.by_format(found))

    def entry(self, entry: Entry, persona_names: AbstractSet[str]) -> Card | Unresolved:
        """The card a line names. An id the file carries (.dek/.o8d) is a hint, used only
        when the name is not enough: a name resolves the same in every file kind."""
        self.last_versions = ()
        found_card = self._by_name(entry, persona_names)
        hinted = self.catalogue.cards.get(entry.card_id) if entry.card_id else None
        if isinstance(found_card, Unresolved) and hinted is not None:
            return hinted
        return found_card

    def _by_name(self, entry: Entry, persona_names: AbstractSet[str]) -> Card | Unresolved:
        found = self.candidates(entry.name)
        split = None if found or entry.set_code else self.bracketed_set(entry.name)
        if split:
            entry = entry._replace(name=split[0], set_code=split[1])
            found = self.candidates(entry.name)
        if not found:
            return self._unknown(entry.name, entry.line)
        if entry.set_code:
            found = self.by_set(found, entry.set_code, entry.count)
        if entry.section == PREGAME:
            found = _narrow(found, lambda c: c.is_pregame)
        else:
            found = _narrow(found, lambda c: not c.is_pregame)
        if persona_names:
            found = _narrow(
                found, lambda c: bool(c.subtitle) and normalise(c.subtitle) in persona_names
            )
        found = _narrow(found, lambda c: c.subtitle is None)
        if persona_names:
            # A deck has one persona: another persona of the same name is not meant when
            # a card of another type has that name (the Katana Weapon of Choice).
            found = _narrow(
                found, lambda c: c.type != "persona" or bool(c.persona_names & persona_names)
            )
        return self._decide(entry.name, entry.line, self.by_format(found))

    def _decide(self, name: str, line: int | None, found: list[Card]) -> Card | Unresolved:
        found = sorted(found, key=lambda c: c.id)
        diffs = differences(found) if len(found) > 1 else {}
        if not diffs:
            # Equal in all deck construction reads: the first stands for all, and the line
            # may mean any of them (seed 000, Restricted Cards: each text is its own card).
            self.last_versions = tuple(found) if len(found) > 1 else ()
            return found[0]
        detail = "; ".join(
            f"{field_name}: "
            + ", ".join(f"{c.id}={_show(v)}" for c, v in zip(found, values, strict=True))
            for field_name, values in diffs.items()
        )
        return Unresolved(
            "ambiguous-card",
            line,
            name,
            f"{name!r} could be {len(found)} cards that differ ({detail})",
            "name one by its id, e.g. `" + found[0].id + "`",
            tuple(c.id for c in found),
        )

    def _suggest(self, name: str) -> list[Suggestion]:
        """Did-you-mean names, cached per name and computed for at most
        MAX_SUGGESTED_NAMES different names a deck, so a file of garbage stays fast."""
        key = normalise(name)
        if key not in self._suggestions:
            if len(self._suggestions) >= MAX_SUGGESTED_NAMES:
                return []
            self._suggestions[key] = self.index.suggest(name, limit=12)
        return self._suggestions[key]

    def _unknown(self, name: str, line: int | None, personas_only: bool = False) -> Unresolved:
        suggestions = self._suggest(name)
        if personas_only:
            persona_ids = {c.id for c in self.catalogue.personas}
            suggestions = [s for s in suggestions if set(s.card_ids) & persona_ids]
        names = [s.name for s in suggestions[:3]]
        kind = "persona" if personas_only else "card"
        fix = f"did you mean: {', '.join(names)}?" if names else "check the spelling"
        return Unresolved(
            "unknown-card",
            line,
            name,
            f"no {kind} named {name!r} in the catalogue",
            fix,
            tuple(i for s in suggestions[:3] for i in s.card_ids),
        )


def _without_article(key: str) -> str:
    return key[4:] if key.startswith("the ") else key


def _show(value: object) -> str:
    if value is None:
        return "unknown"
    if isinstance(value, tuple):
        return (
            "["
            + ",".join(str(v) if not isinstance(v, dict) else v.get("kind", "?") for v in value)
            + "]"
        )
    return str(value)


def _listed_persona(deck: Deck, resolver: Resolver) -> Card | None:
    """The persona card listed among the entries, so other lines can prefer its versions."""
    for entry in deck.entries:
        if entry.section == ENDURANCE:
            continue
        if any(c.type == "persona" for c in resolver.candidates(entry.name)):
            found = resolver.persona(entry.name, entry.line, entry.set_code)
            if isinstance(found, Card) and not found.is_generic_immortal:
                return found
    return None


# Rules whose verdict depends on who the persona is; skipped when the `Persona:` line names
# no persona, rather than judging the deck as a Generic Immortal because of a typo.
PERSONA_RULES = (
    "persona-specific",
    "reserved",
    "signature",
    "generic-borrow",
    "master-limit",
    "gem-cap",
    "quickening-own-persona",
    "premium-persona",
    "watcher-hunter",
    "weapon-specific",
    "hand-icons",
)


def _as_written(entry: Entry, index: Index) -> Entry:
    """The entry read as a title starting with digits when that is exactly a card
    ("9mm" is Kinman's 9mm, not nine "mm")."""
    if entry.title_reading is None:
        return entry
    title, count = entry.title_reading
    if index.exact(title) is None:
        return entry
    return entry._replace(name=title, count=count, set_code=None, title_reading=None)


GENERIC_IMMORTAL = normalise("Generic Immortal")  # the rulebooks' term (seed 001)


def resolve(deck: Deck, index: Index, fmt: str) -> ResolvedDeck:
    """Resolve every entry; unresolvable lines are kept as ``Unresolved`` problems.

    The Generic Immortal is declared, not played: `Persona: Generic Immortal` (or the
    pseudo-persona listed under Pre-Game) leaves the deck without a Persona card, so the deck
    gets the same verdict and fingerprint with or without that line."""
    resolver = Resolver(index, fmt)
    resolved = ResolvedDeck(deck, fmt, None, list(deck.issues))
    resolved.generic_names = frozenset(
        name
        for card in resolver.catalogue.personas
        if card.is_generic_immortal
        for name in card.persona_names
    )
    declared: Card | None = None
    declared_generic = False
    if deck.persona and normalise(deck.persona) in resolved.generic_names | {GENERIC_IMMORTAL}:
        declared_generic = True
    elif deck.persona:
        found = resolver.persona(deck.persona, deck.persona_line, deck.persona_set)
        if isinstance(found, Unresolved):
            resolved.unresolved.append(found._replace(count=0))  # a persona line is no copy
        elif found.is_generic_immortal:
            declared_generic = True
        else:
            declared = found
    counted = dict(resolver.unmatched_sets)
    preferred = declared or (None if declared_generic else _listed_persona(deck, resolver))
    resolver.unmatched_sets = counted  # the persona's line is counted when it is resolved
    persona_names = preferred.persona_names if preferred else resolved.generic_names
    merged: dict[tuple[str, str, tuple[str, ...]], DeckCard] = {}
    for entry in deck.entries:
        entry = _as_written(entry, index)
        card = resolver.entry(entry, persona_names)
        if isinstance(card, Unresolved):
            if entry.header_text and card.rule == "unknown-card":
                resolved.issues.append(
                    LineIssue(
                        entry.line,
                        f"unknown section header {entry.header_text!r} (names no card)",
                        "use `Pre-Game:`, `Endurance:` or `Sideboard:`",
                    )
                )
                continue
            resolved.unresolved.append(
                card._replace(
                    count=entry.count, section=entry.section, message=_located(entry, card.message)
                )
            )
            continue
        versions = resolver.last_versions
        if card.is_generic_immortal:
            continue  # declared, not played
        section = PREGAME if card.is_pregame else ENDURANCE
        if entry.section is not None and entry.section != section:
            resolved.issues.append(_misplaced(card, entry))
        key = (card.id, section, tuple(v.id for v in versions))
        if key in merged:
            first = merged[key]
            merged[key] = DeckCard(
                card,
                first.count + entry.count,
                first.line,
                section,
                (*first.entries, entry),
                versions,
            )
        else:
            merged[key] = DeckCard(card, entry.count, entry.line, section, (entry,), versions)
    if declared is not None:
        listed = [dc for dc in merged.values() if dc.card.type == "persona"]
        if not any(dc.card.id == declared.id for dc in listed):
            merged[(declared.id, PREGAME, ())] = DeckCard(declared, 1, deck.persona_line, PREGAME)
    resolved.cards = list(merged.values())
    personas = [dc for dc in resolved.cards if dc.card.type == "persona"]
    if declared is not None:
        resolved.persona = declared
    elif personas:
        resolved.persona = personas[0].card
    else:
        _note_persona_typo(resolved, index)
    resolved.issues += _unmatched_sets(resolver)
    resolved.sideboard = [
        _sideboard_card(entry, resolver, persona_names) for entry in deck.sideboard
    ]
    return resolved


def _note_persona_typo(resolved: ResolvedDeck, index: Index) -> None:
    """A deck without a persona whose `Persona:` line names none, or whose pre-game line
    naming no card is close to a persona's name, is not judged as a Generic Immortal
    because of a typo: persona checks are skipped, and the line's problem says so."""
    cards = index.catalogue.cards
    persona_line = resolved.deck.persona_line
    if not resolved.deck.persona and persona_line is not None:
        _note_empty_persona(resolved, persona_line)
        return
    for number, item in enumerate(resolved.unresolved):
        if resolved.deck.persona:
            if item.line != persona_line or item.name != resolved.deck.persona:
                continue
            note = "persona checks skipped"
        elif (
            item.section == PREGAME
            and item.rule == "unknown-card"
            and any(i in cards and cards[i].type == "persona" for i in item.card_ids[:1])
        ):
            note = "if it is the persona, persona checks were skipped"
        else:
            continue
        message = f"{item.message}; {note}: {', '.join(PERSONA_RULES)}"
        resolved.unresolved[number] = item._replace(message=message)
        resolved.persona_unresolved = True
        resolved.unresolved_persona_name = item.name
        return


def _note_empty_persona(resolved: ResolvedDeck, persona_line: int) -> None:
    """An empty `Persona:` line is its one problem: persona checks are skipped."""
    for number, issue in enumerate(resolved.issues):
        if issue.line == persona_line and issue.message == NO_PERSONA:
            message = f"{NO_PERSONA}; persona checks skipped: {', '.join(PERSONA_RULES)}"
            resolved.issues[number] = issue._replace(message=message)
    resolved.persona_unresolved = True
    resolved.unresolved_persona_name = ""


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
            "warning",
        )
    return LineIssue(
        entry.line,
        _located(
            entry,
            f"{card.name} is an in-game card ({card.type or 'type unknown'}) listed under "
            "Pre-Game; counted in the Endurance",
        ),
        "move it under `Endurance:`",
        "warning",
    )


def _listed(copies: dict[str, int]) -> str:
    return ", ".join(
        f"{name} ({n} card{'s' if n != 1 else ''})" for name, n in sorted(copies.items())
    )


def _unmatched_sets(resolver: Resolver) -> list[LineIssue]:
    """At most two problems a deck, none an error: sets the catalogue knows but records no
    printing of these cards in (a gap in the data, not in the deck), and set names nothing
    maps to a catalogue set. Either way the cards were found by name."""
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
                NOTE_SEVERITY,
            )
        )
    if unknown:
        issues.append(
            LineIssue(
                None,
                f"sets not known: {_listed(unknown)}; those cards were found by name",
                "map the deck program's set names to set codes in data/source/set_names.csv",
                "warning",
            )
        )
    return issues


def _sideboard_card(
    entry: Entry, resolver: Resolver, persona_names: AbstractSet[str]
) -> SideboardCard:
    found = resolver.entry(entry._replace(set_code=None), persona_names)
    card_id = found.id if isinstance(found, Card) else None
    return SideboardCard(entry.name, entry.count, entry.line, card_id)
