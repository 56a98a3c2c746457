"""Narrowing a name's candidate cards down to the one a deck line means.

A name shared by several cards is narrowed, in order, by: the set code on the line; the
section (pre-game types only under Pre-Game, in-game types under Endurance; before any
header, the side, pre-game or in-game, that the format admits); the persona's own version;
the version without a subtitle (a bare "Darius" is not "Darius: Shooting Blade"); legality
in the format (cards the format's list names first, then cards of the format's own
edition), chosen only between versions of one type and subtitle. If the remaining
candidates still differ in anything deck construction reads, the line is ambiguous, unless
one of them records every fact the others do (a second row of the card with fewer facts);
if they do not differ, the first by id stands for all of them. Which line lists the
persona is hlcg.deck.listed's to say.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Set as AbstractSet
from functools import cached_property
from typing import Any

from hlcg import lazy
from hlcg.catalog import (
    BOOL_FIELDS,
    INT_FIELDS,
    Candidate,
    Card,
    Catalogue,
    PerCatalogue,
    named_faction,
    named_personas,
    named_weapon,
    normalise,
    remember,
)
from hlcg.deck.model import AMBIGUOUS, ENDURANCE, PREGAME, UNKNOWN, Entry, Unresolved

MAX_SUGGESTED_NAMES = 100

# A set code or name in round brackets after a name: "Thrust (SE)", "Kurgan (Movie Edition)".
_BRACKETED_SET = lazy(r"^(?P<name>.+?)\s*\((?P<set>[^()]+)\)$")


# -- how the cards a name may mean compare: the facts deck construction reads of them,
# where they differ, and the one that records every fact the others do

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


def narrow(candidates: list[Card], keep: Callable[[Card], bool]) -> list[Card]:
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


def _unknown(field_name: str, value: object) -> bool:
    """A fact the catalogue does not record: an empty number, type or list. A missing
    subtitle is a card without one, and a false flag is read as recorded (the contract
    cannot tell "not Reserved" from "not known")."""
    return field_name != "subtitle" and (value is None or value == ())


def fullest_record(cards: list[Card]) -> Card | None:
    """The card that agrees with every other on each construction fact both record and
    records every fact they do, or None."""
    for card in cards:
        if all(
            getattr(other, name) == getattr(card, name) or _unknown(name, getattr(other, name))
            for other in cards
            for name in CONSTRUCTION_FIELDS
        ):
            return card
    return None


# What a player calls each construction fact, for "they differ in ...".
_FACT_NAMES = {
    "hand_icons": "hand icons",
    "master_limit": "Master limit",
    "restriction": "restriction number",
    "unrestricted": "Unrestricted flag",
    "reserved": "Reserved flag",
    "signature": "Signature flag",
    "unique": "uniqueness",
    "gem_master": "Master gems",
}

# An ambiguous-card message stays about this short: the ids are what a player needs.
MESSAGE_LENGTH = 200
FACTS_SHOWN = 2


def _fact(field_name: str) -> str:
    if field_name in _FACT_NAMES:
        return _FACT_NAMES[field_name]
    if field_name.startswith("gem_"):
        return f"{field_name.removeprefix('gem_')} gems"
    return field_name


def _listed(items: list[str], more: int, noun: str, joiner: str) -> str:
    """ "a, b and c", "a, b or c", or "a, b and 3 more facts"."""
    if more:
        return f"{', '.join(items)} and {more} more {noun}{'s' if more > 1 else ''}"
    if len(items) == 1:
        return items[0]
    return f"{', '.join(items[:-1])} {joiner} {items[-1]}"


def ambiguity(name: str, cards: list[Card], diffs: dict[str, list[object]]) -> str:
    """The ambiguous-card message: the candidates by name and id, as many as fit in about
    MESSAGE_LENGTH characters ("and N more"), and one clause saying what differs:
    "'Charm' could be 2 cards: Charm: Hugh Fitzcairn [charm-hugh-fitzcairn] or Charm:
    Kastagir [charm-kastagir]; they differ in subtitle"."""
    facts = [_fact(f) for f in diffs]
    shown = facts[:FACTS_SHOWN]
    differ = f"; they differ in {_listed(shown, len(facts) - len(shown), 'fact', 'and')}"
    named = [f"{card.name} [{card.id}]" for card in cards]

    def said(count: int) -> str:
        candidates = _listed(named[:count], len(named) - count, "card", "or")
        return f"{name!r} could be {len(cards)} cards: {candidates}{differ}"

    count = len(named)
    while count > 1 and len(said(count)) > MESSAGE_LENGTH:
        count -= 1
    return said(count)


# Each open catalogue's lines read (a line's key -> what it resolved to), kept here while the
# catalogue is open (it is read-only, so they stay true); bounded by ``remember``.
_LINES_READ: PerCatalogue[dict[Any, Any]] = PerCatalogue(dict)


class Resolver:
    """Names -> cards for one catalogue and format; remembers the set codes no candidate
    carried and caches did-you-mean suggestions for the deck it resolves."""

    def __init__(self, catalogue: Catalogue, fmt: str) -> None:
        self.catalogue = catalogue
        self.format = fmt
        info = self.catalogue.formats.get(fmt)
        self.home_editions = set(info.editions) if info else set()
        self._suggestions: dict[str, list[Candidate]] = {}
        # The versions the last decided name may mean (see DeckCard.versions).
        self.last_versions: tuple[Card, ...] = ()
        self.unmatched_sets: dict[str, int] = {}  # set code as written -> copies

    def set_code(self, written: str) -> str:
        """A set code or a set name as a deck program writes it -> our set code (or the
        text as written when nothing maps it)."""
        from hlcg.catalog import set_code

        return set_code(self.catalogue.sets, written)

    def bracketed_set(self, written: str) -> tuple[str, str] | None:
        """ "Kurgan (Movie Edition)" -> ("Kurgan", "Movie Edition") when the bracket names a
        catalogue set by its code or by a name deck programs write; None otherwise (so
        "(Ramirez)" stays part of a title)."""
        match = _BRACKETED_SET.match(written)
        if match is None or self.set_code(match["set"]) not in self.catalogue.sets:
            return None
        return match["name"].strip(), match["set"].strip()

    def edition_named(
        self, written: str, names: Callable[[str], bool] | None = None
    ) -> tuple[str, str] | None:
        """ "Duncan MacLeod 2E", "Duncan MacLeod (2nd Ed.)", "Duncan MacLeod Type Two" ->
        (name, the edition's code) when the name ends in a spelling `Format:` lines take and
        the rest names a card (or passes ``names``): every such spelling also names its
        format's edition."""
        from hlcg.catalog import format_named

        bracket = _BRACKETED_SET.match(written) if len(written) <= 200 else None
        tails = [(bracket["name"].strip(), bracket["set"])] if bracket else []
        words = written.split()
        tails += [(" ".join(words[:-n]), " ".join(words[-n:])) for n in (1, 2, 3) if n < len(words)]
        for name, tail in tails:
            fmt = format_named(tail)
            info = self.catalogue.formats.get(fmt) if fmt else None
            named = names(name) if names else bool(self.candidates(name))
            if info and info.editions and name and named:
                return name, info.editions[0]
        return None

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
        match = self.catalogue.exact(name)
        return [self.catalogue.cards[i] for i in match.ids] if match else []

    def admitted(self, card: Card) -> bool:
        """The format admits the card on evidence: its legality list names the format, or
        it has a printing of the format's own edition."""
        return self.format in card.formats or bool(card.editions & self.home_editions)

    def by_format(self, candidates: list[Card]) -> list[Card]:
        """Versions legal in the format first, but only between versions of one type and
        subtitle: a title whose versions belong to other personas stays ambiguous, never
        one persona's, and the format never turns a name into a card of another type (the
        Katana persona is not re-read as the Katana Weapon of Choice, nor the other way)."""
        if len({c.subtitle for c in candidates}) > 1:
            return candidates
        groups: dict[str | None, list[Card]] = {}
        for card in candidates:
            groups.setdefault(card.type, []).append(card)
        return [card for group in groups.values() for card in self._legal_first(group)]

    def _legal_first(self, versions: list[Card]) -> list[Card]:
        fmt = self.format
        versions = narrow(versions, lambda c: c.legal_in(fmt))
        versions = narrow(versions, lambda c: fmt in c.formats)
        return narrow(versions, lambda c: bool(c.editions & self.home_editions))

    def by_side(self, found: list[Card]) -> list[Card]:
        """A line before any header: a name shared by pre-game and in-game cards takes the
        side the format admits (`Darius` in Type One is the first-edition pre-game card,
        in Type Two the 2nd Edition event); when the format admits both or neither, both
        stay, and the line is ambiguous unless a later step decides."""
        if len({c.is_pregame for c in found}) < 2:
            return found
        fmt = self.format
        sides = {c.is_pregame for c in found if c.legal_in(fmt) and self.admitted(c)}
        if len(sides) != 1:
            return found
        return [c for c in found if c.is_pregame in sides]

    def entry(
        self,
        entry: Entry,
        persona_names: AbstractSet[str],
        *,
        as_persona: bool = False,
        settled: bool = True,
    ) -> Card | Unresolved:
        """The card a line names, in a deck whose persona goes by ``persona_names``.
        ``as_persona``: the deck lists its persona on this line; ``settled``: the deck's
        persona is known (hlcg.deck.listed decides both), so another persona of the name
        is not meant. An id the file carries (.dek/.o8d) is a hint, used only when the
        name is not enough: a name resolves the same in every file kind."""
        self.last_versions = ()
        # A line naming its card by a name alone reads the same in every deck of the run
        # that shares the format, section and persona: decided once per catalogue.
        key = (
            self.format,
            entry.name,
            entry.section,
            frozenset(persona_names),
            as_persona,
            settled,
        )
        memo = _LINES_READ.of(self.catalogue) if entry.set_code is None else None
        known = memo.get(key) if memo is not None else None
        if known is not None:
            self.last_versions = known[1]
            return known[0]
        found_card = self._by_name(entry, persona_names, as_persona, settled)
        if memo is not None and isinstance(found_card, Card) and self.candidates(entry.name):
            remember(memo, key, (found_card, self.last_versions))
        hinted = self.catalogue.cards.get(entry.card_id) if entry.card_id else None
        if isinstance(found_card, Unresolved) and hinted is not None:
            return hinted
        return found_card

    def named(self, entry: Entry) -> tuple[Entry, list[Card]]:
        """The cards the line's name names: as written, else without a set or edition in
        round brackets or after it ("Thrust (SE)", "Duncan MacLeod 2E", "Duncan 2E": a
        persona's own first name too), which then is the line's set code."""
        found = self.candidates(entry.name)
        if found or entry.set_code:
            return entry, found
        split = self.bracketed_set(entry.name) or self.edition_named(
            entry.name,
            lambda head: bool(
                self.candidates(head) or self.persona_by_first_name(entry._replace(name=head))
            ),
        )
        if split is None:
            return entry, self.persona_by_first_name(entry)
        entry = entry._replace(name=split[0], set_code=split[1])
        return entry, self.candidates(entry.name) or self.persona_by_first_name(entry)

    def persona_by_first_name(self, entry: Entry) -> list[Card]:
        """A pre-game line (or one before any header) naming a persona by a first name one
        persona alone goes by (`Connor`: Connor MacLeod, either printing)."""
        key = normalise(entry.name)
        if entry.section == ENDURANCE or not key or " " in key:
            return []
        found = self._personas_by_first_name.get(key, [])
        return found if len({normalise(c.title) for c in found}) == 1 else []

    @cached_property
    def _personas_by_first_name(self) -> dict[str, list[Card]]:
        """First name -> the personas going by it, in the catalogue's order: built once a
        deck, not a walk over every persona for each line (a deck of 19,000 one-word
        unknown names made 1.8 million such calls)."""
        from hlcg.catalog import persona_first_names

        index: dict[str, list[Card]] = {}
        for card in self.catalogue.personas:
            for key in set().union(*(persona_first_names(n) for n in card.persona_names)):
                index.setdefault(key, []).append(card)
        return index

    def _by_name(
        self, entry: Entry, persona_names: AbstractSet[str], as_persona: bool, settled: bool
    ) -> Card | Unresolved:
        entry, found = self.named(entry)
        if not found:
            return self.unknown(entry.name, entry.line)
        if entry.set_code:
            found = self.by_set(found, entry.set_code, entry.count)
        if entry.section == PREGAME:
            found = narrow(found, lambda c: c.is_pregame)
        elif entry.section == ENDURANCE:
            found = narrow(found, lambda c: not c.is_pregame)
        else:
            found = self.by_side(found)
        if as_persona:
            found = narrow(found, lambda c: c.type == "persona")
        if persona_names:
            found = narrow(
                found, lambda c: bool(c.subtitle and normalise(c.subtitle) in persona_names)
            )
        found = narrow(found, lambda c: c.subtitle is None)
        if persona_names and settled:
            # A deck has one persona: another persona of the same name is not meant when
            # a card of another type has that name (the Katana Weapon of Choice).
            found = narrow(
                found, lambda c: c.type != "persona" or bool(c.persona_names & persona_names)
            )
        return self.decide(entry.name, entry.line, self.by_format(found))

    def only_named_apart(self, found: list[Card], diffs: dict[str, list[object]]) -> bool:
        """Versions that differ only in subtitles naming no persona, weapon or faction
        (`Security Guard: Object`, `Security Guard: Situation`): no rule tells them apart,
        as none tells apart versions differing only in text (Grayson's Business as Usual),
        so a line naming their title may mean any of them, like those. Plots are not:
        their subtitles name the parts or plots a deck plays apart (`Head Hunter: Research`),
        so a bare plot title stays ambiguous."""
        return set(diffs) == {"subtitle"} and not any(
            c.type == "plot"
            or named_personas(self.catalogue, c)
            or named_weapon(self.catalogue, c)
            or named_faction(self.catalogue, c)
            for c in found
        )

    def decide(self, name: str, line: int | None, found: list[Card]) -> Card | Unresolved:
        found = sorted(found, key=lambda c: c.id)
        diffs = differences(found) if len(found) > 1 else {}
        if self.only_named_apart(found, diffs):
            diffs = {}
        fullest = fullest_record(found) if diffs else None
        if fullest is not None:
            # The others differ from it only where they lack a fact: a row added with
            # fewer facts does not make a name that meant one card ambiguous.
            found, diffs = [fullest], {}
        if not diffs:
            # Equal in all deck construction reads: the first stands for all, and the line
            # may mean any of them (seed 000, Restricted Cards: each text is its own card).
            self.last_versions = tuple(found) if len(found) > 1 else ()
            return found[0]
        return Unresolved(
            AMBIGUOUS,
            line,
            name,
            ambiguity(name, found, diffs),
            "name one by its id, e.g. `" + found[0].id + "`",
            tuple(c.id for c in found),
        )

    def suggestions(self, name: str) -> list[Candidate]:
        """Did-you-mean names for a name naming no card, best first."""
        return self._suggest(name)

    def _suggest(self, name: str) -> list[Candidate]:
        """Did-you-mean names, cached per name and computed for at most
        MAX_SUGGESTED_NAMES different names a deck, so a file of garbage stays fast."""
        key = normalise(name)
        if key not in self._suggestions:
            if len(self._suggestions) >= MAX_SUGGESTED_NAMES:
                return []
            self._suggestions[key] = self.catalogue.suggest(name, limit=12)
        return self._suggestions[key]

    def unknown(self, name: str, line: int | None, personas_only: bool = False) -> Unresolved:
        suggestions = self._suggest(name)
        if personas_only:
            persona_ids = {c.id for c in self.catalogue.personas}
            suggestions = [s for s in suggestions if set(s.ids) & persona_ids]
        names = [s.name for s in suggestions[:3]]
        kind = "persona" if personas_only else "card"
        fix = f"did you mean: {', '.join(names)}?" if names else "check the spelling"
        return Unresolved(
            UNKNOWN,
            line,
            name,
            f"no {kind} named {name!r} in the catalogue",
            fix,
            tuple(i for s in suggestions[:3] for i in s.ids),
        )
