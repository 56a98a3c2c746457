"""Which cards a deck uses normally, which it borrows from other personas, and which it may
not include at all.

A deck uses normally: generic cards, its persona's and faction's cards, weapon cards, and
its Persona, Premium and Quickening cards. A card another persona's subtitle names is taken
only by a permission, tried in this order, each by its own function below:

- Methos' ``any-master-cards`` modifier: other personas' Master cards are his own;
- the Generic Immortal's one copy of a non-Reserved card (seed 001, Generic Immortal), in
  the formats where that permission applies (``hlcg rules permissions``);
- a persona's ``borrow`` modifier (Richie Ryan: cards from each other persona), then the
  deck's ``allowance`` cards (Type Two Darius), which share one pool; a Generic Immortal's
  deck spends that pool on what its own permission leaves (rules-notes-2.md 1.7).

A card whose ``only-persona`` modifier names another persona (Adam Pierson: Methos) is
refused before any permission is tried.

What no permission admits is refused, and the refusal says why by its kind; the rules
persona-specific, reserved, signature and generic-borrow each report their kinds.
"""

from collections import defaultdict, deque
from enum import Enum
from heapq import heapify, heappop, heappush
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog import Card, is_weapon_card, named_faction, named_personas, normalise
from hlcg.deck import DeckCard

if TYPE_CHECKING:
    from hlcg.rules.context import Context

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

# Cards every deck uses as its own: they are the deck's persona, not borrowed ones.
OWN_TYPES = ("persona", "premium", "quickening")


class RefusalKind(Enum):
    """Why a card may not be included; the rule that reports it follows from the kind."""

    FACTION = "a faction the persona does not belong to"
    OTHER_PERSONA = "another persona's card"
    # A Generic Immortal in a format without the Generic Immortal permission.
    NO_GENERIC_PERMISSION = "the Generic Immortal permission does not apply"
    # A card whose `only-persona` modifier names another persona: nothing admits it.
    ONLY_PERSONA = "a card only one persona may include"
    RESERVED = "a Reserved card"
    SIGNATURE = "a Signature card"
    OVER_GENERIC_COPIES = "more copies than a Generic Immortal may borrow"
    OVER_BUDGET = "more copies than the borrowing permissions cover"


class Refusal:
    """A card the deck may not include (``allowed`` copies of it it may); ``owner``: the
    persona or faction the card's subtitle names."""

    # Plain classes, the analysis' records here: a NamedTuple costs ten times as much to
    # create at import, and these are only ever read by attribute. (The modifier records
    # below stay NamedTuples: their fields are the contract's, read as ``_fields``.)
    __slots__ = ("deck_card", "kind", "owner", "allowed")

    def __init__(
        self, deck_card: DeckCard, kind: RefusalKind, owner: str, allowed: int = 0
    ) -> None:
        self.deck_card, self.kind, self.owner, self.allowed = deck_card, kind, owner, allowed


class Owner:
    """``name`` normalised, as the card's subtitle names it; ``faction``: a faction's card
    rather than a persona's."""

    __slots__ = ("name", "faction")

    def __init__(self, name: str, faction: bool) -> None:
        self.name, self.faction = name, faction


def foreign_owner(context: "Context", card: Card) -> Owner | None:
    """Whose card this is when it is not the deck's own: the persona or faction its subtitle
    names; None for a card the deck uses normally (generic cards, its persona's and
    faction's cards, weapon cards, and Persona, Premium and Quickening cards)."""
    if card.type in OWN_TYPES:
        return None
    catalogue = context.catalogue
    owners = named_personas(catalogue, card)
    if owners:
        if owners & context.deck.persona_names or is_weapon_card(catalogue, card):
            return None
        return Owner(next(iter(owners)), faction=False)
    faction = named_faction(catalogue, card)
    if faction is None or faction in context.deck_factions or faction in context.deck.persona_names:
        return None
    return Owner(faction, faction=True)


class Borrowing:
    def __init__(self) -> None:
        self.normal: set[str] = set()  # card ids used normally
        # another persona's card id -> the permission that admits it (shown by deck stats)
        self.borrowed: dict[str, str] = {}
        self.refusals: list[Refusal] = []
        # borrowed card ids admitted by a permission no source confirms in this format
        self.unconfirmed: list[str] = []


class _Demand:
    """Copies of another persona's card that only the borrowing budgets can admit."""

    __slots__ = ("deck_card", "owner", "need", "borrows", "kind")

    def __init__(
        self,
        deck_card: DeckCard,
        owner: str,
        need: int,  # copies the card's own permission leaves (all of them in a persona's deck)
        borrows: bool,  # the persona's `borrow` modifiers may take it (not only the allowance)
        kind: RefusalKind,  # why, when the budgets leave copies over
    ) -> None:
        self.deck_card, self.owner, self.need, self.borrows = deck_card, owner, need, borrows
        self.kind = kind

    @property
    def order(self) -> tuple[str, str, tuple[str, ...]]:
        """The deck card's place among equals: its card id, never its line."""
        dc = self.deck_card
        return dc.card.id, dc.section, tuple(v.id for v in dc.versions)


class _Analysis:
    """The deck's cards are classified one by one; the borrowing budgets (a persona's
    `borrow` cards per other persona, the allowance cards' pool) are then spent on the
    copies that need them in an order that does not depend on the deck's line order."""

    def __init__(self, context: "Context") -> None:
        self.context = context
        self.deck = context.deck
        self.result = Borrowing()
        self.any_master = of_kind(context.persona_modifiers, AnyMasterCards)
        self.borrow = of_kind(context.persona_modifiers, Borrow)
        # Borrow modifiers apply one after another to one count per persona, so a card may
        # take what the most generous modifier that takes it leaves.
        self.per_persona = max((m.per_persona for m in self.borrow), default=0)
        self.reserved_per_persona = max(
            (m.per_persona for m in self.borrow if m.include_reserved), default=0
        )
        self.allowance_pool = sum(
            m.count * dc.count for dc, m in context.modifiers if isinstance(m, Allowance)
        )
        self.has_allowance = self.allowance_pool > 0
        # card id -> the personas its `only-persona` modifiers name (Adam Pierson: Methos)
        self.only_for: defaultdict[str, list[str]] = defaultdict(list)
        for dc, m in context.modifiers:
            if isinstance(m, OnlyPersona):
                self.only_for[dc.card.id].append(m.persona)
        self.per_persona_used: defaultdict[str, int] = defaultdict(int)
        self.demands: list[_Demand] = []

    def run(self) -> Borrowing:
        in_line_order = sorted(self.deck.cards, key=lambda dc: (dc.line or 0, dc.card.id))
        for deck_card in in_line_order:
            self.classify(deck_card)
        self.spend()
        result = self.result
        result.refusals.sort(key=lambda r: (r.deck_card.line or 0, r.deck_card.card.id))
        result.unconfirmed.sort()  # a note lists them by id, whatever the line order
        # deck stats lists the borrowed cards as the deck lists them
        place = {dc.card.id: n for n, dc in reversed(list(enumerate(in_line_order)))}
        result.borrowed = dict(sorted(result.borrowed.items(), key=lambda kv: place[kv[0]]))
        return result

    def refuse(self, deck_card: DeckCard, kind: RefusalKind, owner: str, allowed: int = 0) -> None:
        self.result.refusals.append(Refusal(deck_card, kind, owner, allowed))

    def classify(self, deck_card: DeckCard) -> None:
        card = deck_card.card
        only = self.only_for.get(card.id)
        if only and not any(normalise(name) in self.deck.persona_names for name in only):
            self.refuse(deck_card, RefusalKind.ONLY_PERSONA, only[0])
            return
        owner = foreign_owner(self.context, card)
        if owner is None:
            self.result.normal.add(card.id)
        elif owner.faction:
            self.refuse(deck_card, RefusalKind.FACTION, owner.name)
        elif card.signature:
            self.refuse(deck_card, RefusalKind.SIGNATURE, owner.name)
        elif self.master_of_any(card):
            self.result.borrowed[card.id] = "any-master-cards"
        elif self.deck.is_generic:
            self.generic_immortal(deck_card, owner.name)
        else:
            self.persona_deck(deck_card, owner.name)

    def master_of_any(self, card: Card) -> bool:
        """Methos: other personas' Master cards are his own (Reserved ones if allowed)."""
        if not card.is_master or not self.any_master:
            return False
        return not card.reserved or any(m.include_reserved for m in self.any_master)

    def generic_immortal(self, deck_card: DeckCard, owner: str) -> None:
        """The Generic Immortal's copies of a non-Reserved card, where the format allows;
        copies it does not admit are left to the deck's allowance cards (the Type Two
        Darius: one non-signature card of an Immortal you are not playing, and a Generic
        Immortal plays none; research rules-notes-2.md 1.7)."""
        card, copies = deck_card.card, deck_card.count
        applies = status(GENERIC_IMMORTAL, self.deck.format)
        allowed = 0
        if card.reserved:
            kind = RefusalKind.RESERVED
        elif applies is None:
            kind = RefusalKind.NO_GENERIC_PERMISSION
        else:
            kind = RefusalKind.OVER_GENERIC_COPIES
            allowed = min(copies, self.context.param("generic-borrow", "generic_copies"))
            self.result.borrowed[card.id] = "generic-immortal"
            if applies == UNCONFIRMED:
                self.result.unconfirmed.append(card.id)
        if copies > allowed:
            self.demands.append(_Demand(deck_card, owner, copies - allowed, False, kind))

    def persona_deck(self, deck_card: DeckCard, owner: str) -> None:
        """A persona's deck: its own borrowing first, then the allowance cards' pool."""
        if not self.borrow and not self.has_allowance:
            kind = RefusalKind.RESERVED if deck_card.card.reserved else RefusalKind.OTHER_PERSONA
            self.refuse(deck_card, kind, owner)
            return
        borrows = self.cap(deck_card.card) > 0
        self.demands.append(
            _Demand(deck_card, owner, deck_card.count, borrows, RefusalKind.OVER_BUDGET)
        )

    def cap(self, card: Card) -> int:
        """Cards of one other persona the `borrow` modifiers may take, this one among them."""
        return self.reserved_per_persona if card.reserved else self.per_persona

    def spend(self) -> None:
        """Spend the budgets so that the fewest cards are refused: a card whose copies cost
        the pool least is admitted first, ties broken by card id, never by line. Each
        persona's cards that `borrow` may take queue by copies, the rest in one queue for
        the pool alone; within a queue each next card costs the pool at least as much as
        the one before, so taking the cheapest head of any queue first admits the most
        cards the budgets can. What is left is spent on the refused cards by card id, so
        each refusal says how many copies the permissions cover."""
        queues: dict[str | None, deque[_Demand]] = defaultdict(deque)
        for demand in sorted(self.demands, key=lambda d: (d.need, d.order)):
            queues[demand.owner if demand.borrows else None].append(demand)
        heads = [(self.pool_cost(q[0]), q[0].order, n) for n, q in enumerate(queues.values())]
        heapify(heads)
        by_number = list(queues.values())
        while heads and heads[0][0] <= self.allowance_pool:
            _, _, number = heappop(heads)
            queue = by_number[number]
            demand = queue.popleft()
            self.take(demand)
            if queue:
                heappush(heads, (self.pool_cost(queue[0]), queue[0].order, number))
        refused = sorted((d for q in by_number for d in q), key=lambda d: d.order)
        for demand in refused:
            self.refuse_left(demand, demand.need - self.take(demand))

    def borrowable(self, demand: _Demand) -> int:
        """Copies of the demand `borrow` may still take from its owner's cards."""
        if not demand.borrows:
            return 0
        room = self.cap(demand.deck_card.card) - self.per_persona_used[demand.owner]
        return max(0, min(room, demand.need))

    def pool_cost(self, demand: _Demand) -> int:
        """Copies the allowance pool must give for the demand to be admitted whole."""
        return demand.need - self.borrowable(demand)

    def take(self, demand: _Demand) -> int:
        """Spend what the budgets have on the demand, `borrow` first; copies taken."""
        card_id = demand.deck_card.card.id
        borrowed = self.borrowable(demand)
        if borrowed:
            self.per_persona_used[demand.owner] += borrowed
            self.result.borrowed[card_id] = "borrow"
        pooled = min(self.allowance_pool, demand.need - borrowed)
        if pooled:
            self.allowance_pool -= pooled
            self.result.borrowed[card_id] = "allowance"
        return borrowed + pooled

    def refuse_left(self, demand: _Demand, left: int) -> None:
        """The refusal of the copies no budget covers (none: nothing to refuse)."""
        if not left:
            return
        deck_card = demand.deck_card
        kind = demand.kind
        if kind is not RefusalKind.OVER_BUDGET and left < demand.need:
            kind = RefusalKind.OVER_BUDGET  # the allowance took some of the copies
        self.refuse(deck_card, kind, demand.owner, deck_card.count - left)


def analyse(context: "Context") -> Borrowing:
    """The borrowing analysis of the context's deck."""
    return _Analysis(context).run()


# Permissions and exceptions to the deck rules: where each applies, and its source.
#
# Two kinds:
#
# - **Rulebook permissions** belong to a format, not to a card: the first-edition Generic
#   Immortal's one copy of any non-Reserved immortal-specific card. Each names the formats it
#   applies in; in a format marked `unconfirmed` no source says either way, so what it would
#   admit is listed by `unchecked` instead of passing or failing.
# - **Card modifiers** (docs/formats.md) are printed on a card (Richie Ryan's borrowing,
#   Methos' Master cards, Darius): they apply wherever the card that grants them is legal
#   (`format-legality` judges the card), with the card row's source.
#
# `hlcg rules permissions` prints this table.


APPLIES = "applies"
UNCONFIRMED = "unconfirmed"


class Permission:
    """``formats``: format -> APPLIES or UNCONFIRMED; absent: does not apply."""

    __slots__ = ("name", "summary", "formats", "source")

    def __init__(self, name: str, summary: str, formats: dict[str, str], source: str) -> None:
        self.name, self.summary, self.formats, self.source = name, summary, formats, source


GENERIC_IMMORTAL = Permission(
    "generic-immortal",
    "A Generic Immortal may include one copy of any non-Reserved immortal-specific card.",
    {"first-edition": APPLIES, "type-one": UNCONFIRMED},
    "first-edition: seed 001 §Generic Immortal; "
    "https://stefanov.no-ip.org/MagWeb/shadis/21/sh21high.htm. "
    "type-one: no Type One source found (rules-notes-2.md 2.5). "
    "type-two: does not apply; only a Persona whose name or faction appears in the title box "
    "may include a persona-specific card (seed 002 §Card Anatomy, Sub-Title).",
)

CARD_MODIFIERS: dict[str, str] = {
    "restriction-bonus": "pre-game Darius, first edition: one more copy of a restricted card "
    "the deck may use normally (http://www.oocities.org/gislef/cotw06.htm, Articles/19)",
    "borrow": "Richie Ryan: one immortal-specific card from each Persona "
    "(http://www.watcherdatabase.tk/Articles/19.html)",
    "any-master-cards": "Methos: Master cards of any Persona "
    "(http://www.watcherdatabase.tk/Articles/16.html)",
    "only-watcher": "Methos may be assigned only Adam Pierson (Articles/16)",
    "only-persona": "Adam Pierson: a Watcher pre-game only available to Methos; no borrowing "
    "permission admits it for another deck (http://www.watcherdatabase.tk/Articles/16.html)",
    "pregame-exempt": "Methuselah Stone does not count toward the pre-game limit "
    "(http://www.mleccg.com/mlc/SpoilerList.Txt)",
    "hand-icons": "a Persona wields a Weapon of Choice with another number of hand icons "
    "(Kanwulf, https://thediscardpile.com/store/kanwulf/772-kanwulf-persona.html)",
    "allowance": "Type Two Darius event: one non-signature card of an Immortal you are not "
    "playing (https://www.highlanderthecardgame.com/keywords)",
    "generic-immortal": "marks the Generic Immortal pseudo-persona: declared, not played "
    "(seed 001 §Generic Immortal)",
}

PERMISSIONS: dict[str, Permission] = {GENERIC_IMMORTAL.name: GENERIC_IMMORTAL}


def status(permission: Permission, fmt: str) -> str | None:
    """APPLIES, UNCONFIRMED, or None where the permission does not apply."""
    return permission.formats.get(fmt)


# Card modifiers as typed records, one small record per kind.
#
# The catalogue keeps a card's modifiers as the contract writes them (JSON objects with a
# ``kind``, validated by the pydantic models of ``hlcg.curation.models`` when the catalogue
# is built); ``decode`` turns them into these records once per deck check, so the rules read
# ``borrow.per_persona`` rather than ``m.get("per_persona", 1)``. NamedTuples, not pydantic:
# a deck check never imports pydantic.
class GenericImmortal(NamedTuple):
    """Marks the Generic Immortal pseudo-persona (seed 001, Generic Immortal)."""


class RestrictionBonus(NamedTuple):
    """Each copy raises the restriction numbers of cards used normally (pre-game Darius)."""

    amount: int


class Borrow(NamedTuple):
    """One persona-specific card from each other persona (Richie Ryan)."""

    per_persona: int = 1
    include_reserved: bool = False


class AnyMasterCards(NamedTuple):
    """Master cards of any persona count as this persona's own (Methos)."""

    include_reserved: bool = False


class OnlyWatcher(NamedTuple):
    """The only Watcher pre-game this persona may be assigned (Methos: Adam Pierson)."""

    title: str


class OnlyPersona(NamedTuple):
    """Only the named persona may include this card (Adam Pierson: Methos)."""

    persona: str


class PregameExempt(NamedTuple):
    """Does not count toward the pre-game limit (Methuselah Stone)."""


class HandIcons(NamedTuple):
    """This persona wields the named Weapon of Choice with another number of hand icons."""

    title: str
    hand_icons: int


class Allowance(NamedTuple):
    """Each copy allows one non-signature card of a persona you are not playing (2E Darius)."""

    count: int = 1  # type: ignore[assignment]  # the contract's name; hides tuple.count


Modifier = (
    GenericImmortal
    | RestrictionBonus
    | Borrow
    | AnyMasterCards
    | OnlyWatcher
    | OnlyPersona
    | PregameExempt
    | HandIcons
    | Allowance
)

# The contract's kind -> its record.
KINDS: dict[str, type[Modifier]] = {
    "generic-immortal": GenericImmortal,
    "restriction-bonus": RestrictionBonus,
    "borrow": Borrow,
    "any-master-cards": AnyMasterCards,
    "only-watcher": OnlyWatcher,
    "only-persona": OnlyPersona,
    "pregame-exempt": PregameExempt,
    "hand-icons": HandIcons,
    "allowance": Allowance,
}
KIND_OF: dict[type[Modifier], str] = {record: kind for kind, record in KINDS.items()}

M = TypeVar("M", bound=Modifier)


def decode(raw: Mapping[str, Any]) -> Modifier:
    """A contract modifier (``{"kind": "borrow", "per_persona": 1}``) as its record."""
    params = {key: value for key, value in raw.items() if key != "kind"}
    return KINDS[raw["kind"]](**params)


def decode_all(raw: Iterable[Mapping[str, Any]]) -> tuple[Modifier, ...]:
    return tuple(decode(m) for m in raw)


def encode(modifier: Modifier) -> dict[str, Any]:
    """A record as the contract writes it: its kind first, then its parameters."""
    return {"kind": KIND_OF[type(modifier)], **modifier._asdict()}


def of_kind(modifiers: Iterable[Modifier], kind: type[M]) -> list[M]:
    """The modifiers of one kind (``of_kind(card_modifiers, Borrow)``)."""
    return [m for m in modifiers if isinstance(m, kind)]
