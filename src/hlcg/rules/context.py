"""What several rules need to know about a deck, worked out once.

Above all: which cards the deck may use *normally* (generic cards, its persona's and
faction's cards, weapon cards) and which it takes from other personas, by which
permission — the Generic Immortal's one copy (seed 001, Generic Immortal), a `borrow`
modifier (Richie Ryan), an `allowance` card (Type Two Darius), or `any-master-cards`
(Methos) — and which it may not take at all.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog.card import Card
from hlcg.catalog.fields import ATTRIBUTES
from hlcg.catalog.normalize import normalise
from hlcg.catalog.store import Catalogue
from hlcg.deck.resolve import DeckCard, ResolvedDeck
from hlcg.rules.legality import LEGAL, judge
from hlcg.rules.permissions import GENERIC_IMMORTAL, UNCONFIRMED, status
from hlcg.rules.problem import Finding

if TYPE_CHECKING:
    from hlcg.rules.profiles import Profile


class Refusal(NamedTuple):
    """A card the deck may not include; ``rule`` is the most specific rule it breaks."""

    deck_card: DeckCard
    rule: str  # persona-specific | reserved | signature | generic-borrow
    owner: str
    reason: str
    allowed: int = 0


class Borrowing:
    def __init__(self) -> None:
        self.normal: set[str] = set()  # card ids used normally
        # another persona's card id -> the permission that admits it (shown by deck stats)
        self.borrowed: dict[str, str] = {}
        self.refusals: list[Refusal] = []
        # borrowed card ids admitted by a permission no source confirms in this format
        self.unconfirmed: list[str] = []


class GemBudget(NamedTuple):
    used: dict[str, int]
    caps: dict[str, int | None]
    unknown_cards: tuple[str, ...]  # Endurance cards with a gem count not recorded
    contributors: dict[str, list[tuple[str, int]]]  # attribute -> [(card id, gems)]


def gem_caps(
    persona: Card | None, multiplier: int, master_multiplier: int
) -> dict[str, int | None]:
    """A persona's gem caps (seed 002, Constructing a Deck: each attribute times the
    multiplier, the Master gem times its own); None where the value is not recorded."""
    if persona is None:
        return dict.fromkeys(ATTRIBUTES)
    return {
        a: None if v is None else v * (master_multiplier if a == "master" else multiplier)
        for a, v in persona.gems.items()
    }


class Context:
    def __init__(
        self, deck: ResolvedDeck, catalogue: Catalogue, profile: Profile | None = None
    ) -> None:
        self.deck = deck
        self.catalogue = catalogue
        if profile is None:
            from hlcg.rules.profiles import profile as profile_named

            profile = profile_named(deck.format)
        self.profile = profile

    def param(self, rule_name: str, option: str) -> Any:
        return self.profile.settings[rule_name].params[option]

    @cached_property
    def format_editions(self) -> tuple[str, ...]:
        info = self.catalogue.formats.get(self.deck.format)
        return info.editions if info else ()

    def legal(self, card: Card) -> bool:
        excluded = self.param("format-legality", "excluded_editions")
        return judge(card, self.deck.format, self.catalogue, excluded) == LEGAL

    # --- modifiers on the deck's cards ------------------------------------------------
    @cached_property
    def modifiers(self) -> list[tuple[DeckCard, dict[str, Any]]]:
        """Every modifier of every card in the deck, with the card that grants it."""
        granted = []
        for deck_card in self.deck.cards:
            for modifier in deck_card.card.modifiers:
                granted.append((deck_card, modifier))
        return granted

    def persona_modifiers(self, kind: str) -> list[dict[str, Any]]:
        persona = self.deck.persona
        return persona.modifiers_of(kind) if persona else []

    # --- what a subtitle names ---------------------------------------------------------
    def named_personas(self, card: Card) -> set[str]:
        if not card.subtitle or card.type == "persona":
            return set()
        name = normalise(card.subtitle)
        return {name} if name in self.catalogue.persona_names else set()

    def named_weapon(self, card: Card) -> str | None:
        if not card.subtitle:
            return None
        name = normalise(card.subtitle)
        return name if name in self.catalogue.weapon_names else None

    def named_faction(self, card: Card) -> str | None:
        if not card.subtitle or card.type == "persona":
            return None
        name = normalise(card.subtitle)
        return name if name in self.catalogue.faction_names else None

    @cached_property
    def deck_factions(self) -> set[str]:
        persona = self.deck.persona
        if persona is None:
            return set()
        return {normalise(f) for f in persona.faction}

    @cached_property
    def weapons_in_pregame(self) -> set[str]:
        return {
            normalise(dc.card.title)
            for dc in self.deck.pregame
            if dc.card.type == "weapon-of-choice"
        }

    def is_weapon_card(self, card: Card) -> bool:
        """A subtitle naming a weapon makes a weapon card, unless it is Reserved or Signature
        to a persona of the same name (the Katana persona and the Katana weapon)."""
        if self.named_weapon(card) is None:
            return False
        return not (self.named_personas(card) and (card.reserved or card.signature))

    # --- borrowing ---------------------------------------------------------------------
    @cached_property
    def borrowing(self) -> Borrowing:
        deck = self.deck
        result = Borrowing()
        own_names = deck.persona_names
        any_master = self.persona_modifiers("any-master-cards")
        borrow = self.persona_modifiers("borrow")
        allowance_pool = sum(
            int(m.get("count", 1)) * dc.count
            for dc, m in self.modifiers
            if m.get("kind") == "allowance"
        )
        has_allowance = allowance_pool > 0
        per_persona_used: defaultdict[str, int] = defaultdict(int)
        for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
            card = deck_card.card
            if card.type in ("persona", "premium", "quickening"):
                result.normal.add(card.id)
                continue
            owners = self.named_personas(card)
            faction = self.named_faction(card)
            if not owners:
                if faction and faction not in self.deck_factions and faction not in own_names:
                    result.refusals.append(
                        Refusal(deck_card, "persona-specific", faction, "faction card")
                    )
                else:
                    result.normal.add(card.id)
                continue
            owner = next(iter(owners))
            if owners & own_names or self.is_weapon_card(card):
                result.normal.add(card.id)
                continue
            if card.signature:
                result.refusals.append(Refusal(deck_card, "signature", owner, "signature card"))
                continue
            if self._master_of_any(card, any_master):
                result.borrowed[card.id] = "any-master-cards"
                continue
            if deck.is_generic:
                if card.reserved:
                    result.refusals.append(Refusal(deck_card, "reserved", owner, "reserved card"))
                    continue
                applies = status(GENERIC_IMMORTAL, deck.format)
                if applies is None:
                    result.refusals.append(
                        Refusal(
                            deck_card,
                            "persona-specific",
                            owner,
                            f"another persona's card; the Generic Immortal permission does "
                            f"not apply in {deck.format}",
                        )
                    )
                    continue
                allowed = self.param("generic-borrow", "generic_copies")
                if deck_card.count > allowed:
                    result.refusals.append(
                        Refusal(deck_card, "generic-borrow", owner, "Generic Immortal", allowed)
                    )
                result.borrowed[card.id] = "generic-immortal"
                if applies == UNCONFIRMED:
                    result.unconfirmed.append(card.id)
                continue
            # A persona deck: Richie's per-persona borrowing first, then allowance cards.
            copies = deck_card.count
            for modifier in borrow:
                if card.reserved and not modifier.get("include_reserved"):
                    continue
                room = int(modifier.get("per_persona", 1)) - per_persona_used[owner]
                taken = max(0, min(room, copies))
                per_persona_used[owner] += taken
                copies -= taken
                if taken:
                    result.borrowed[card.id] = "borrow"
            if copies and allowance_pool:
                taken = min(allowance_pool, copies)
                allowance_pool -= taken
                copies -= taken
                result.borrowed[card.id] = "allowance"
            if not copies:
                continue
            if not borrow and not has_allowance:
                rule = "reserved" if card.reserved else "persona-specific"
                result.refusals.append(Refusal(deck_card, rule, owner, "another persona's card"))
            else:
                allowed = deck_card.count - copies
                result.refusals.append(
                    Refusal(
                        deck_card, "generic-borrow", owner, "over the borrowing budget", allowed
                    )
                )
        return result

    @staticmethod
    def _master_of_any(card: Card, any_master: list[dict[str, Any]]) -> bool:
        """Methos: other personas' Master cards are his own (Reserved ones if allowed)."""
        if not card.is_master or not any_master:
            return False
        return not card.reserved or any(m.get("include_reserved") for m in any_master)

    # --- attribute gems ----------------------------------------------------------------
    @cached_property
    def gem_budget(self) -> GemBudget:
        used = dict.fromkeys(ATTRIBUTES, 0)
        contributors: dict[str, list[tuple[str, int]]] = {a: [] for a in ATTRIBUTES}
        unknown = []
        for deck_card in self.deck.endurance:
            card = deck_card.card
            if any(card.gem(a) is None for a in ATTRIBUTES):
                unknown.append(card.id)
            for attribute in ATTRIBUTES:
                gems = card.gem(attribute)
                if gems:
                    used[attribute] += gems * deck_card.count
                    contributors[attribute].append((card.id, gems * deck_card.count))
        caps = gem_caps(
            self.deck.persona,
            self.param("gem-cap", "multiplier"),
            self.param("gem-cap", "master_multiplier"),
        )
        for attribute in contributors:
            contributors[attribute].sort(key=lambda item: (-item[1], item[0]))
        return GemBudget(used, caps, tuple(sorted(set(unknown))), contributors)

    # --- replacements for cards the deck may not hold -----------------------------------
    def usable_normally(self, card: Card) -> bool:
        """A card this deck could add without any borrowing permission."""
        if card.type in (None, "persona", "premium", "quickening") or card.is_pregame:
            return False
        if not self.legal(card):
            return False
        if self.named_weapon(card) and not self.is_weapon_card(card):
            return bool(self.named_personas(card) & self.deck.persona_names)
        if self.named_weapon(card):
            return self.named_weapon(card) in self.weapons_in_pregame
        owners = self.named_personas(card)
        if owners:
            return bool(owners & self.deck.persona_names)
        faction = self.named_faction(card)
        return not faction or faction in self.deck_factions

    def replacement(self, card: Card, copies: int) -> Card | None:
        """The card to put in place of ``copies`` of ``card``: same type, usable normally,
        within the title limit, its restriction, the Master limit and the gem headroom.
        The persona's own cards come first, then generic ones, then by id."""
        deck = self.deck
        in_deck = {dc.card.id: dc.count for dc in deck.cards}
        titles: defaultdict[str, int] = defaultdict(int)
        for dc in deck.cards:
            titles[normalise(dc.card.title)] += dc.count
        masters_used = sum(dc.count for dc in deck.endurance if dc.card.is_master)
        master_limit = (
            self.param("master-limit", "generic_limit")
            if deck.is_generic
            else (deck.persona.effective_master_limit if deck.persona else None)
        )
        gems_apply = self.profile.settings["gem-cap"].severity != "off"
        per_title = self.param("title-limit", "max")
        budget = self.gem_budget

        def fits(candidate: Card) -> bool:
            if candidate.id == card.id or candidate.type != card.type:
                return False
            if not self.usable_normally(candidate) or candidate.signature:
                return False
            if titles[normalise(candidate.title)] + copies > per_title:
                return False
            held = in_deck.get(candidate.id, 0) + copies
            if candidate.restriction is not None and held > candidate.restriction:
                return False
            if candidate.is_master and (
                master_limit is None or masters_used + copies > master_limit
            ):
                return False
            if gems_apply:
                for attribute in ATTRIBUTES:
                    cap = budget.caps[attribute]
                    gems = candidate.gem(attribute)
                    if cap is None or gems is None:
                        continue
                    if budget.used[attribute] + gems * copies > cap:
                        return False
            return True

        if card.type is None:
            return None
        candidates = self.catalogue.replacement_candidates(card.type, deck.persona_names)
        return next((c for c in candidates if fits(c)), None)

    def names(self, ids: list[str] | tuple[str, ...] | set[str], limit: int = 12) -> str:
        """Card names for a message, shortened past ``limit``."""
        cards = [self.catalogue.cards[i].name for i in sorted(ids)]
        shown = ", ".join(cards[:limit])
        return shown + (f" and {len(cards) - limit} more" if len(cards) > limit else "")


def refusals(context: Context, rule: str, describe: Callable[[Refusal], str]) -> Iterator[Finding]:
    """Findings for the cards the borrowing analysis refused under ``rule``."""
    for refusal in context.borrowing.refusals:
        if refusal.rule != rule:
            continue
        yield removal_or_replacement(context, refusal.deck_card, describe(refusal))


def removal_or_replacement(context: Context, deck_card: DeckCard, message: str) -> Finding:
    """A finding whose fix replaces a card the deck may not hold, or removes it."""
    card, copies = deck_card.card, deck_card.count
    edits: tuple[tuple[str, str, int], ...] = (("remove", card.id, copies),)
    fix = f"remove {copies} {card.name}"
    if deck_card.section == "endurance":
        substitute = context.replacement(card, copies)
        if substitute is not None:
            fix = f"replace {copies} {card.name} with {copies} {substitute.name} [{substitute.id}]"
            edits = (*edits, ("add", substitute.id, copies))
    return Finding(message, cards=(card.id,), line=deck_card.line, fix=fix, edits=edits)
