"""The deck records: a deck as written (entries with their line numbers, before names become
cards), the deck whose names became catalogue cards (what resolve produces and rules read),
and the lines a writer writes."""

from typing import TYPE_CHECKING, NamedTuple

from hlcg.problems import Severity

if TYPE_CHECKING:
    from hlcg.catalog import Card

PREGAME = "pregame"
ENDURANCE = "endurance"
SIDEBOARD = "sideboard"  # read and listed, never part of the deck


class Reading(NamedTuple):
    """One way to read a text line: `Dodge 3 (vs thrusts)` is Dodge x3 with the remark
    "(vs thrusts)", or a card titled "Dodge 3 (vs thrusts)". hlcg.deck.readings picks the
    one that names a card."""

    name: str
    count: int  # type: ignore[assignment]  # hides tuple.count, as in Entry
    set_code: str | None = None
    # A trailing remark as written ("-- opener", "(vs thrusts)"), not part of the name.
    remark: str | None = None


class Entry(NamedTuple):
    """One deck line naming a card: ``3x Master's Block (Ramirez) [AT]``."""

    name: str
    count: int  # type: ignore[assignment]  # hides tuple.count, as players say it
    line: int | None
    section: str | None  # PREGAME, ENDURANCE, or None before any header
    set_code: str | None = None
    card_id: str | None = None  # an id the file carries (.dek/.o8d), tried before the name
    # Every way a text line can be read, least taken off first ("9mm" is Kinman's 9mm before
    # nine "mm"; "Dodge 3" a title before three Dodge): the first naming a card is meant.
    # Empty: the line has one reading, this entry's.
    readings: tuple[Reading, ...] = ()
    remark: str | None = None  # a trailing remark the name was read without
    # The line as written when it has the shape of a section header ("Attacks (27)"): if it
    # names no card, it is reported as an unknown header, not an unknown card.
    header_text: str | None = None
    # Where a JSON deck's entry is (`/endurance/5`): JSON decks have no line numbers, so
    # problems with the entry name it the way deck-syntax problems do.
    pointer: str | None = None
    # A text line with no count before the first section or after the last card: a forum
    # post's title, byline or sign-off when it names no card and reads as a sentence.
    prose: bool = False


# The problem of a `Persona:` line naming nothing; resolve adds which checks were skipped.
NO_PERSONA = "`Persona:` names no persona"


class LineIssue(NamedTuple):
    """A line that could not be read as written (a deck-syntax problem)."""

    line: int | None
    message: str
    fix: str
    severity: Severity = Severity.ERROR
    # Copies an entry holds whose card cannot be read (a JSON entry without a usable
    # "card"): counted as unrecognised in ``section``, as a typo's copies are.
    copies: int = 0
    section: str | None = None


class Deck:
    """A deck as read. A plain class (not a dataclass): class creation is paid on every run."""

    def __init__(self, path: str) -> None:
        self.path = path
        self.entries: list[Entry] = []
        self.sideboard: list[Entry] = []  # listed in the report, never checked or counted
        self.persona: str | None = None
        self.persona_line: int | None = None
        self.persona_set: str | None = None  # `Persona: Duncan MacLeod [2E-CvD]` or `(2E)`
        self.format: str | None = None
        self.format_line: int | None = None
        self.issues: list[LineIssue] = []
        self.name: str | None = None
        self.headers: list[int] = []  # header and Persona:/Format: lines
        self.ignored: list[int] = []  # blank and comment lines
        self.notes: str | None = None  # an OCTGN deck's <notes>, kept when it is converted
        # The kind of file it was read from (".txt", ".json", ".dek", ".o8d") and the game a
        # .dek's <game> or an .o8d's game attribute names, kept when it is converted.
        self.kind: str | None = None
        self.game: str | None = None
        # Formats the notes mention in prose, not on a `Format:` line: (as written, format).
        self.format_mentions: list[tuple[str, str]] = []


class DeckCard(NamedTuple):
    card: "Card"
    # A field named like tuple.count on purpose (the copies the deck lists); mypy flags any
    # NamedTuple field shadowing a tuple method.
    count: int  # type: ignore[assignment]
    line: int | None  # the first line naming it
    section: str  # PREGAME or ENDURANCE
    entries: tuple[Entry, ...] = ()  # every deck line that named it
    # A line written by a title whose versions differ only in text (Grayson's three
    # Business as Usual): every version it may mean, ``card`` first. Empty: one card.
    versions: "tuple[Card, ...]" = ()

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


# Why a line's card could not be decided (``Unresolved.kind``): it names no card, or several.
# The check maps each to its rule (``hlcg.rules.RULE_OF_UNRESOLVED``): rule names live there.
UNKNOWN = "unknown"
AMBIGUOUS = "ambiguous"


class Unresolved(NamedTuple):
    """A line whose card could not be decided: its ``kind`` is UNKNOWN or AMBIGUOUS."""

    kind: str
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
        self, deck: Deck, format: str, persona: "Card | None", issues: list[LineIssue]
    ) -> None:
        self.deck = deck
        self.format = format
        self.persona = persona
        self.cards: list[DeckCard] = []
        self.unresolved: list[Unresolved] = []
        self.issues = issues
        self.sideboard: list[SideboardCard] = []
        self.prose: list[Entry] = []  # a forum post's text around the list (hlcg.deck.prose)
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
        # The printing the `Persona:` line names: its set code, or a set name in round
        # brackets (`Kurgan (Movie Edition)`), which resolve reads.
        self.persona_set = deck.persona_set

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


class Line(NamedTuple):
    """One card line to write."""

    name: str  # as the player wrote it
    copies: int
    set_code: str | None
    card_id: str | None  # the catalogue card it resolved to (None in the sideboard if unknown)
    source_id: str | None = None  # the id the source file gave it (a .dek's, an .o8d's)

    @property
    def text(self) -> str:
        return self.name + (f" [{self.set_code}]" if self.set_code else "")


def used_card_ids(deck: ResolvedDeck) -> list[str]:
    """Cards whose rows the verdict reads: the deck's cards, its persona, and the
    candidates of lines that name several cards."""
    ids = {dc.card.id for dc in deck.cards}
    if deck.persona is not None:
        ids.add(deck.persona.id)
    for item in deck.unresolved:
        ids.update(item.card_ids)
    return sorted(ids)
