"""The attribute gem budget of a deck: gems used per attribute against the persona's caps.

Seed 002 (Constructing a Deck): the Endurance may hold as many gems of an attribute as the
persona's value times a multiplier, the Master gem times its own. The gem-cap rule, deck
statistics and the replacement search read the same budget.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog import ATTRIBUTES, Card
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.wording import plural

_gem_values = attrgetter(*(f"gem_{a}" for a in ATTRIBUTES))

if TYPE_CHECKING:
    from hlcg.rules.context import Context  # context reads the gem budget


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


class GemBudget(NamedTuple):
    # Gems counted per attribute: a lower bound when some card's count is not recorded.
    used: dict[str, int]
    caps: dict[str, int | None]
    unknown_cards: tuple[str, ...]  # Endurance cards with a gem count not recorded
    contributors: dict[str, list[tuple[str, int]]]  # attribute -> [(card id, gems)]
    unknown: dict[str, tuple[str, ...]]  # attribute -> cards whose count of it is unknown

    @classmethod
    def of(cls, endurance: Iterable[DeckCard], caps: dict[str, int | None]) -> GemBudget:
        """The budget of an Endurance under ``caps``; contributors largest first. A gem
        count not recorded adds nothing: gems only add, so ``used`` is what the deck holds
        at least."""
        used = dict.fromkeys(ATTRIBUTES, 0)
        contributors: dict[str, list[tuple[str, int]]] = {a: [] for a in ATTRIBUTES}
        unknown: dict[str, set[str]] = {a: set() for a in ATTRIBUTES}
        for deck_card in endurance:
            card = deck_card.card
            # One attribute read per field: this runs for every deck and every --fix trial.
            for attribute, gems in zip(ATTRIBUTES, _gem_values(card), strict=True):
                if gems is None:
                    unknown[attribute].add(card.id)
                elif gems:
                    used[attribute] += gems * deck_card.count
                    contributors[attribute].append((card.id, gems * deck_card.count))
        for listed in contributors.values():
            listed.sort(key=lambda item: (-item[1], item[0]))
        any_unknown = tuple(sorted(set().union(*unknown.values())))
        by_attribute = {a: tuple(sorted(ids)) for a, ids in unknown.items()}
        return cls(used, caps, any_unknown, contributors, by_attribute)


def check_gem_cap(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """gem-cap (HL206): attribute gems within the persona's caps.

    For each attribute, the gems printed on the Endurance cards, icon by icon (a card with two
    Reason gems counts two), may be at most three times the persona's value; Master gems at
    most the Master value itself.

    Unknown facts: a gem count not recorded on a card counts as none, the least it can be, so
    the gems counted are what the deck holds at least. An attribute whose counted gems already
    exceed its cap is an error, whatever the unrecorded counts; an attribute within its cap is
    a note (`unchecked`, naming the cards) when some card's count of it is not recorded. A
    persona value not recorded leaves that cap unknown: a note when the deck holds gems of that
    attribute or cards whose count of it is not recorded, nothing when it holds none (no gems
    are within any cap).

    Source: seed 002 (Constructing a Deck: Attribute Gems); seed 000 (Attribute Restrictions);
    research rules-notes.md section 5 (http://www.watcherdatabase.tk/Cards/Card/6852.html).

    Failing example: `Persona: Duncan MacLeod` (Master 6) with 7 Master of the Katana (7 Master
    gems, 14 Reason gems).

    Fix: remove cards carrying that gem until it fits.

    Options: `multiplier` (int, default 3): each attribute's cap as a multiple of the
    persona's value; `master_multiplier` (int, default 1): the same for the Master gem.
    """
    budget = context.gem_budget
    over = []
    for attribute in ATTRIBUTES:
        cap = budget.caps[attribute]
        if cap is not None and budget.used[attribute] > cap:
            over.append(attribute)
            yield _over_cap(deck, context, params, attribute, cap)
    yield from _gaps(deck, context, over)


def _over_cap(
    deck: ResolvedDeck, context: Context, params: dict[str, Any], attribute: str, cap: int
) -> Finding:
    """The error for one attribute over its cap: its largest contributors, and as the fix
    enough copies of the largest to come back under the cap."""
    budget = context.gem_budget
    used = budget.used[attribute]
    cards = context.catalogue.cards
    top = budget.contributors[attribute][:3]
    lines = {dc.card.id: dc.line for dc in deck.endurance}
    shown = ", ".join(
        f"{cards[i].name} ({n}" + (f", line {lines[i]})" if lines.get(i) else ")") for i, n in top
    )
    first = top[0][0]
    per_copy = cards[first].gem(attribute) or 1
    copies = -(-(used - cap) // per_copy)
    return Finding(
        f"{used} {attribute} gems; the cap is {cap} "
        f"({params['master_multiplier' if attribute == 'master' else 'multiplier']}x "
        "the persona's "
        f"{deck.persona.gem(attribute) if deck.persona else '?'}); most from {shown}",
        cards=tuple(i for i, _ in budget.contributors[attribute]),
        fix=f"remove {plural(used - cap, f'{attribute} gem')}, e.g. {copies} {cards[first].name}",
        line=lines.get(first),
        edits=(("remove", first, copies),),
    )


def _gaps(deck: ResolvedDeck, context: Context, over: list[str]) -> Iterator[Finding]:
    """What the unknown facts leave open: the caps the persona has no value for, and the
    cards whose gem counts are not recorded."""
    yield from _unknown_caps(deck, context)
    yield from _unknown_counts(context, over)


def _unknown_caps(deck: ResolvedDeck, context: Context) -> Iterator[Finding]:
    """Caps of attributes the persona has no value for, where the deck holds gems of them
    or cards that may: no gems are within any cap."""
    budget = context.gem_budget
    unknown = [
        a for a in ATTRIBUTES if budget.caps[a] is None and (budget.used[a] or budget.unknown[a])
    ]
    if not unknown:
        return
    who = "a Generic Immortal" if deck.is_generic else (deck.persona.title if deck.persona else "")
    caps = "that gem cap" if len(unknown) == 1 else "those gem caps"
    yield Finding(
        f"{who} has no recorded value for {', '.join(unknown)}; {caps} could not be checked",
        cards=(deck.persona.id,) if deck.persona else (),
        unchecked=True,
    )


def _unknown_counts(context: Context, over: list[str]) -> Iterator[Finding]:
    """Cards whose gem counts are not recorded, for the attributes not already over their
    caps (those are broken whatever the counts)."""
    budget = context.gem_budget
    still_open = [a for a in ATTRIBUTES if budget.unknown[a] and a not in over]
    cards = sorted({i for a in still_open for i in budget.unknown[a]})
    if not cards:
        return
    message = f"gem counts not recorded for {plural(len(cards), 'card')}: {context.names(cards)}"
    if any(budget.unknown[a] for a in over):
        caps = "cap" if len(still_open) == 1 else "caps"
        message += f"; counted as none, they could still exceed the {', '.join(still_open)} {caps}"
    yield Finding(message, cards=tuple(cards), unchecked=True)


GEM_CAP = Rule(
    "HL206",
    "gem-cap",
    "Attribute gems within {multiplier}x the persona (Master {master_multiplier}x)",
    check_gem_cap,
    params=(
        Param("multiplier", int, 3, "seed 002 §Constructing a Deck (Attribute Gems)"),
        Param("master_multiplier", int, 1, "seed 002 §Constructing a Deck (Attribute Gems)"),
    ),
    persona=True,
    count_limit=True,
    judges_candidates=True,
)
