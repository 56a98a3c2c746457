"""A deck whose names became catalogue cards: the types resolve produces and rules read."""

from __future__ import annotations

from typing import NamedTuple

from hlcg.catalog import Card
from hlcg.deck.model import ENDURANCE, PREGAME, Deck, Entry, LineIssue


class DeckCard(NamedTuple):
    card: Card
    # A field named like tuple.count on purpose (the copies the deck lists); mypy flags any
    # NamedTuple field shadowing a tuple method.
    count: int  # type: ignore[assignment]
    line: int | None  # the first line naming it
    section: str  # PREGAME or ENDURANCE
    entries: tuple[Entry, ...] = ()  # every deck line that named it
    # A line written by a title whose versions differ only in text (Grayson's three
    # Business as Usual): every version it may mean, ``card`` first. Empty: one card.
    versions: tuple[Card, ...] = ()

    @property
    def pooled(self) -> bool:
        return len(self.versions) > 1

    @property
    def name(self) -> str:
        """The line's card as reports name it: by its title when it may mean versions of
        several names (`Security Guard` for its Object and Situation)."""
        if self.pooled and len({v.name for v in self.versions}) > 1:
            return self.card.title
        return self.card.name


class Unresolved(NamedTuple):
    """A line whose card could not be decided: rule unknown-card or ambiguous-card."""

    rule: str
    line: int | None
    name: str
    message: str
    fix: str
    card_ids: tuple[str, ...] = ()
    # Copies the line names: they still count toward the deck size.
    count: int = 1  # type: ignore[assignment]  # shadows tuple.count, as in DeckCard
    section: str | None = None  # the section the line is in (None before any header)


class SideboardCard(NamedTuple):
    """A sideboard line as written, with its card when the name names exactly one."""

    name: str
    count: int  # type: ignore[assignment]  # shadows tuple.count, as in DeckCard
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
        # The line declaring a Generic Immortal (`Persona: Generic Immortal`, or the
        # pseudo-persona listed), when the deck declares one.
        self.generic_line: int | None = None
        self.declares_generic = False
        # The deck declares or lists its persona, so a name another persona shares with a
        # card of another type (Katana) is that card (hlcg.deck.persona.LinePersona).
        self.persona_settled = True

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
        """Copies on lines naming no single card, and of entries whose card could not be
        read; lines outside the pre-game count as Endurance, so a typo does not also shrink
        the deck."""
        pregame = section == PREGAME
        return sum(u.count for u in self.unresolved if (u.section == PREGAME) == pregame) + sum(
            i.copies for i in self.issues if (i.section == PREGAME) == pregame
        )
