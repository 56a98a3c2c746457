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

from __future__ import annotations

from collections import defaultdict
from enum import Enum
from typing import TYPE_CHECKING, NamedTuple

from hlcg.catalog import Card, is_weapon_card, named_faction, named_personas, normalise
from hlcg.deck import DeckCard
from hlcg.rules.modifiers import Allowance, AnyMasterCards, Borrow, OnlyPersona, of_kind
from hlcg.rules.permissions import GENERIC_IMMORTAL, UNCONFIRMED, status

if TYPE_CHECKING:
    from hlcg.rules.context import Context

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


class Refusal(NamedTuple):
    """A card the deck may not include (``allowed`` copies of it it may)."""

    deck_card: DeckCard
    kind: RefusalKind
    owner: str  # the persona or faction the card's subtitle names
    allowed: int = 0


class Owner(NamedTuple):
    name: str  # normalised, as the card's subtitle names it
    faction: bool  # a faction's card rather than a persona's


def foreign_owner(context: Context, card: Card) -> Owner | None:
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


class _Analysis:
    """One pass over the deck in line order: the budgets are spent as the lines come."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.deck = context.deck
        self.result = Borrowing()
        self.any_master = of_kind(context.persona_modifiers, AnyMasterCards)
        self.borrow = of_kind(context.persona_modifiers, Borrow)
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

    def run(self) -> Borrowing:
        for deck_card in sorted(self.deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
            self.classify(deck_card)
        return self.result

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
        left = self.allowed(deck_card, copies - allowed)
        if not left:
            return
        if left < copies - allowed:
            kind = RefusalKind.OVER_BUDGET  # the allowance took some of the copies
        self.refuse(deck_card, kind, owner, copies - left)

    def persona_deck(self, deck_card: DeckCard, owner: str) -> None:
        """A persona's deck: its own borrowing first, then the allowance cards' pool."""
        left = self.borrowed(deck_card, owner)
        left = self.allowed(deck_card, left)
        if not left:
            return
        if not self.borrow and not self.has_allowance:
            kind = RefusalKind.RESERVED if deck_card.card.reserved else RefusalKind.OTHER_PERSONA
            self.refuse(deck_card, kind, owner)
        else:
            self.refuse(deck_card, RefusalKind.OVER_BUDGET, owner, deck_card.count - left)

    def borrowed(self, deck_card: DeckCard, owner: str) -> int:
        """Richie Ryan: ``per_persona`` cards from each other persona; copies left over."""
        card, copies = deck_card.card, deck_card.count
        for modifier in self.borrow:
            if card.reserved and not modifier.include_reserved:
                continue
            room = modifier.per_persona - self.per_persona_used[owner]
            taken = max(0, min(room, copies))
            self.per_persona_used[owner] += taken
            copies -= taken
            if taken:
                self.result.borrowed[card.id] = "borrow"
        return copies

    def allowed(self, deck_card: DeckCard, copies: int) -> int:
        """Type Two Darius: each allowance card admits copies from one pool; copies left."""
        if not copies or not self.allowance_pool:
            return copies
        taken = min(self.allowance_pool, copies)
        self.allowance_pool -= taken
        self.result.borrowed[deck_card.card.id] = "allowance"
        return copies - taken


def analyse(context: Context) -> Borrowing:
    """The borrowing analysis of the context's deck."""
    return _Analysis(context).run()
