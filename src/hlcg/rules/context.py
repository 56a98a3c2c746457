"""What several rules need to know about a deck, worked out once per check: the format's
parameters, the deck's modifiers as typed records, its factions and weapons, the borrowing
analysis (``hlcg.rules.borrowing``) and the gem budget (``hlcg.rules.limits``).
"""

from collections.abc import Callable, Collection, Iterator
from functools import cached_property
from typing import TYPE_CHECKING, Any

from hlcg.catalog import Catalogue, normalise
from hlcg.deck import PREGAME, DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.borrowing import (
    Borrowing,
    Modifier,
    PregameExempt,
    Refusal,
    RefusalKind,
    analyse,
    decode_all,
)
from hlcg.rules.legality import removal_or_replacement, today
from hlcg.rules.limits import GemBudget, gem_caps

if TYPE_CHECKING:
    from hlcg.rules.profiles import Profile


class Untyped:
    """Cards whose type is not recorded, listed under Pre-Game: their ids, their copies
    listed there, how a message names them, and the verb that agrees."""

    # A plain class, not a NamedTuple (ten times the cost to create at import): it is only
    # ever read by attribute.
    __slots__ = ("ids", "copies", "named", "verb")

    def __init__(self, ids: tuple[str, ...], copies: int, named: str, verb: str) -> None:
        self.ids, self.copies, self.named, self.verb = ids, copies, named, verb


class Context:
    def __init__(
        self,
        deck: ResolvedDeck,
        catalogue: Catalogue,
        profile: "Profile",
        *,
        trial: bool = False,
        date: str | None = None,
    ) -> None:
        self.deck = deck
        self.catalogue = catalogue
        # The date the deck is judged by (YYYY-MM-DD): the legality facts in force on it.
        self.date = date or today()
        self.profile = profile
        # A deck the replacement search tries a candidate in: only which cards its findings
        # name is read, so it names no cards in messages and offers no replacements.
        self.trial = trial

    def param(self, rule_name: str, option: str) -> Any:
        return self.profile.settings[rule_name].params[option]

    @cached_property
    def format_editions(self) -> tuple[str, ...]:
        info = self.catalogue.formats.get(self.deck.format)
        return info.editions if info else ()

    # --- modifiers on the deck's cards, decoded once ----------------------------------
    @cached_property
    def modifiers(self) -> list[tuple[DeckCard, Modifier]]:
        """Every modifier of every card in the deck, with the card that grants it."""
        return [
            (dc, m)
            for dc in self.deck.cards
            if dc.card.modifiers
            for m in decode_all(dc.card.modifiers)
        ]

    @cached_property
    def persona_modifiers(self) -> tuple[Modifier, ...]:
        persona = self.deck.persona
        return decode_all(persona.modifiers) if persona else ()

    # --- the deck's factions and weapons ------------------------------------------------
    @cached_property
    def deck_factions(self) -> set[str]:
        persona = self.deck.persona
        if persona is None:
            return set()
        return {normalise(f) for f in persona.faction}

    @cached_property
    def untyped_in_pregame(self) -> list[tuple[DeckCard, int]]:
        """Cards whose type is not recorded, each with its copies listed under Pre-Game: the
        resolver counts them in the Endurance, but they may be pre-game cards. The counts
        that depend on where they belong (deck-size, pregame-limit) are notes."""
        listed = (
            (dc, sum(e.count for e in dc.entries if e.section == PREGAME))
            for dc in self.deck.endurance
            if dc.card.type is None
        )
        return [(dc, copies) for dc, copies in listed if copies]

    def untyped(self, leaving: Collection[DeckCard] = ()) -> Untyped:
        """The cards of ``untyped_in_pregame`` (but those in ``leaving``), as messages name
        them."""
        held = [(dc, n) for dc, n in self.untyped_in_pregame if dc not in leaving]
        ids = tuple(sorted(dc.card.id for dc, _ in held))
        return Untyped(
            ids,
            sum(n for _, n in held),
            f"{self.names(ids)} (listed under Pre-Game, of a type not recorded)",
            "is" if len(ids) == 1 else "are",
        )

    @cached_property
    def pregame_counted(self) -> list[DeckCard]:
        """The pre-game cards that count toward the pre-game limit (not those a
        `pregame-exempt` modifier exempts): pregame-limit's and the report's count."""
        exempt = {dc.card.id for dc, m in self.modifiers if isinstance(m, PregameExempt)}
        return [dc for dc in self.deck.pregame if dc.card.id not in exempt]

    @property
    def pregame_count(self) -> int:
        return sum(dc.count for dc in self.pregame_counted)

    @cached_property
    def weapons_in_pregame(self) -> set[str]:
        return {
            normalise(dc.card.title)
            for dc in self.deck.pregame
            if dc.card.type == "weapon-of-choice"
        }

    # --- worked out once for several rules ------------------------------------------------
    @cached_property
    def borrowing(self) -> Borrowing:
        return analyse(self)

    @cached_property
    def gem_budget(self) -> GemBudget:
        caps = gem_caps(
            self.deck.persona,
            self.param("gem-cap", "multiplier"),
            self.param("gem-cap", "master_multiplier"),
        )
        return GemBudget.of(self.deck.endurance, caps)

    def names(self, ids: Collection[str], limit: int = 12) -> str:
        """Card names for a message, shortened past ``limit``."""
        if self.trial:
            return ""
        cards = [self.catalogue.cards[i].name for i in sorted(ids)]
        shown = ", ".join(cards[:limit])
        return shown + (f" and {len(cards) - limit} more" if len(cards) > limit else "")


def refusals(
    context: Context, kinds: Collection[RefusalKind], describe: Callable[[Refusal], str]
) -> Iterator[Finding]:
    """Findings for the cards the borrowing analysis refused for one of ``kinds``."""
    for refusal in context.borrowing.refusals:
        if refusal.kind in kinds:
            yield removal_or_replacement(context, refusal.deck_card, describe(refusal))
