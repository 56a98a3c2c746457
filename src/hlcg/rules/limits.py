"""Rules on what the Endurance may hold of one thing: cards sharing a title, copies of a
card (its restriction number, with the modifiers that raise it) and gems of an attribute
(the persona's caps; the gem budget, which deck statistics and the replacement search read
too).

Each rule is its check function, whose docstring is the rule's documentation
(`hlcg rules CODE` prints it); the registry lists them in order.
"""

import sys
from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from operator import attrgetter
from typing import TYPE_CHECKING, Any

from hlcg.catalog import ATTRIBUTES, Card, normalise
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.borrowing import RestrictionBonus
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.rules.context import Context  # context reads the gem budget from here


def check_title_limit(
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
) -> Iterator[Finding]:
    """title-limit (HL103): at most `max` cards sharing a title.

    The title is the part before the subtitle. Every version of a title counts together, and
    pre-game cards count too: Flurry Strike's three grid versions share one limit; Flashback:
    Recover Edge counts against the persona Flashbacks; a pre-game Joe Dawson takes a place of
    the Joe Dawson Situations; all cards titled Watcher share one limit.

    Unknown facts: every card has a title, so the count of the cards named is exact. A line
    naming no single card is reported by `unknown-card` or `ambiguous-card` and not counted.

    Source: seed 002 (Card Anatomy: Title); seed 000 (Deck Construction, Restricted Cards);
    seed 001 (Deck Composition); research rules-notes.md section 1
    (http://www.watcherdatabase.tk/Articles/71.html, cotw07, http://www.oocities.org/gislef/cotw16.htm).

    Failing example: 4 Flurry Strike (Middle Left) and 3 Flurry Strike (Middle Right).

    Fix: remove copies until at most `max` cards share the title.

    Options: `max` (int): the most cards one title may share.
    """  # noqa: E501
    limit = params["max"]
    groups: defaultdict[str, list[DeckCard]] = defaultdict(list)
    # each title's cards by name, so the same deck in any line order gets the same problem
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.name, dc.card.id)):
        groups[normalise(deck_card.card.title)].append(deck_card)
    for members in groups.values():
        total = sum(dc.count for dc in members)
        if total <= limit:
            continue
        title = members[0].card.title
        parts = ", ".join(f"{dc.count} {dc.name}" for dc in members)
        excess = total - limit
        # Remove from the largest group first: the smallest change keeps every version.
        largest = max(members, key=lambda dc: (dc.count, dc.card.id))
        lines = [dc.line for dc in members if dc.line is not None]
        yield Finding(
            f"{total} cards titled {title!r} ({parts}); at most {limit} may share a title",
            cards=tuple(dc.card.id for dc in members),
            line=min(lines) if lines else None,
            fix=f"remove {plural(excess, 'card')} titled {title!r}",
            edits=(("remove", largest.card.id, excess),),
        )


TITLE_LIMIT = Rule(
    "HL103",
    "title-limit",
    "At most {max} cards share a title",
    check_title_limit,
    params=(Param("max", int, 6, "seed 001 §Deck Composition; seed 002 §Card Anatomy (Title)"),),
    count_limit=True,
    judges_candidates=True,
)


# The limit of a card that carries no restriction number: this rule never limits it.
NO_NUMBER = sys.maxsize
# The least a restriction number can be: it counts the copies a deck may hold.
AT_LEAST = 1


class Limit:
    """A card's limit: its restriction number with any bonus, or, when the number is not
    recorded, the least it can be (``known`` False); ``raised``: the bonus included in
    ``copies``."""

    # A plain class, not a NamedTuple (ten times the cost to create at import): it is only
    # ever read by attribute.
    __slots__ = ("copies", "known", "raised")

    def __init__(self, copies: int, known: bool, raised: int = 0) -> None:
        self.copies, self.known, self.raised = copies, known, raised


def check_restriction(
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
) -> Iterator[Finding]:
    """restriction (HL104): no more copies of a card than its restriction number.

    Counted per card, that is per text: Grayson's three Business as Usual, each restricted to
    2, may be 2 + 2 + 2; Ramirez's Master's Block, restricted to 2 and printed with two images,
    is 2 in total. A line written by a title whose versions differ only in text (`6 Business as
    Usual`), or only in subtitles naming no persona, weapon or faction (`6 Security Guard`: its
    Object and Situation), may mean any of them: its copies are pooled across the versions, and
    the deck is illegal only when no split of the copies over the versions respects every
    version's number. When the verdict depends on the split, a note says so.

    Each `restriction-bonus` modifier in the deck (first-edition pre-game Darius) raises the
    number by its amount for cards the deck may use normally; never for Signature cards, whose
    restriction cannot be altered, and never for cards borrowed from another persona.

    A card a source states carries no restriction number (the basic attacks, Joe Dawson; the
    catalogue's `unrestricted` fact) is limited only by the general limits, and is no data gap.

    Unknown facts: a restriction number not recorded counts as 1, the least a restriction number
    is (docs/catalogue.md: the number says how many copies an Endurance may hold, so it is 1 or
    more), raised by any bonus as a recorded one would be. Copies within that bound are legal
    whatever the number (one copy; two with a first-edition Darius); more copies are a note
    (`unchecked`, naming the cards), never an error, since the number has no known upper bound.
    A pooled line whose copies fit its versions with the unrecorded numbers counted as 1 is
    legal; one that fits only if some unrecorded number is larger is a note. The six-card title
    limit is its own rule (`title-limit`); this one assumes no number it is not given.

    Source: seed 001 (Restricted Cards); seed 000 (Deck Construction: Restricted Cards,
    Signature Cards); seed 002 (Restriction Number); research rules-notes.md section 3
    (http://www.oocities.org/gislef/cotw06.htm, http://www.watcherdatabase.tk/Articles/19.html).

    Failing example: 3 Luck: Richie Ryan (restricted to 2).

    Fix: remove the extra copies.

    Options: none; a format profile sets only its severity.
    """
    bonus = sum(
        m.amount * dc.count for dc, m in context.modifiers if isinstance(m, RestrictionBonus)
    )
    # Only a bonus needs the borrowing analysis: it raises cards used normally.
    normal = context.borrowing.normal if bonus else frozenset()

    def limit_of(card: Card) -> Limit:
        if card.unrestricted:
            return Limit(NO_NUMBER, True)
        raised = bonus if (card.id in normal and not card.signature) else 0
        if card.restriction is None:
            return Limit(AT_LEAST + raised, False, raised)
        return Limit(card.restriction + raised, True, raised)

    # Copies named as one version, per version id.
    named: defaultdict[str, int] = defaultdict(int)
    for deck_card in deck.cards:
        if not deck_card.pooled:
            named[deck_card.card.id] += deck_card.count
    unknown: set[str] = set()
    for deck_card in deck.cards:
        if deck_card.pooled:
            yield from _pooled(deck_card, named, limit_of, unknown)
            continue
        card = deck_card.card
        limit = limit_of(card)
        if deck_card.count <= limit.copies:
            continue
        if not limit.known:
            if not card.is_pregame:
                unknown.add(card.id)
            continue
        how = f" (restriction {card.restriction} + {limit.raised} from Darius)"
        yield Finding(
            f"{plural(deck_card.count, 'copy')} of {card.name}; restricted to {limit.copies}"
            f"{how if limit.raised else ''}",
            cards=(card.id,),
            line=deck_card.line,
            fix=f"remove {deck_card.count - limit.copies} {card.name}",
            edits=(("remove", card.id, deck_card.count - limit.copies),),
        )
    if unknown:
        yield Finding(
            f"restriction number not recorded for {plural(len(unknown), 'card')} held in several "
            f"copies: {context.names(unknown)}",
            cards=tuple(sorted(unknown)),
            fix="check the printed numbers; curators can record them in their catalogue: "
            "`hlcg db gaps --output csv` writes a fact sheet that `hlcg db import` reads",
            unchecked=True,
        )


def _pooled(
    deck_card: DeckCard,
    named: dict[str, int],
    limit_of: Callable[[Card], Limit],
    unknown: set[str],
) -> Iterator[Finding]:
    """A line that may mean any of several versions: legal when some split of its copies
    over the versions keeps each within its number, next to the copies named one by one.
    An unrecorded number counts at its least: the room found is the least there is."""
    versions = deck_card.versions
    limits = [limit_of(v) for v in versions]
    card, copies, name = deck_card.card, deck_card.count, deck_card.name
    room = [
        max(0, limit.copies - named.get(v.id, 0)) for v, limit in zip(versions, limits, strict=True)
    ]
    unrecorded = [v.id for v, limit in zip(versions, limits, strict=True) if not limit.known]
    ids = tuple(v.id for v in versions)
    if copies > sum(room):
        if unrecorded:
            if not card.is_pregame:
                unknown.update(unrecorded)
            return
        shown = ", ".join(str(limit.copies) for limit in limits)
        yield Finding(
            f"{copies} copies of {name} over its {len(versions)} versions (restricted to "
            f"{shown}); at most {sum(room)} fit",
            cards=ids,
            line=deck_card.line,
            fix=f"remove {copies - sum(room)} {name}",
            edits=(("remove", card.id, copies - sum(room)),),
        )
    elif copies > min(room):
        split = " + ".join(str(r) for r in room)
        if unrecorded:  # the room found is the least: "only" is not known
            how = (
                f"legal when split over its {len(versions)} versions (room for {split}, the "
                f"{plural(len(unrecorded), 'restriction number')} not recorded counted as "
                f"{AT_LEAST})"
            )
        else:
            how = f"legal only when split over its {len(versions)} versions ({split} at most)"
        yield Finding(
            f"{copies} {name}: {how}; name the versions to be sure",
            cards=ids,
            line=deck_card.line,
            fix="write each version on its own line: " + ", ".join(ids),
            advisory=True,
        )


RESTRICTION = Rule(
    "HL104",
    "restriction",
    "No more copies than the restriction number",
    check_restriction,
    count_limit=True,
    judges_candidates=True,
)


# The attribute gem budget of a deck: gems used per attribute against the persona's caps.
#
# Seed 002 (Constructing a Deck): the Endurance may hold as many gems of an attribute as the
# persona's value times a multiplier, the Master gem times its own. The gem-cap rule, deck
# statistics and the replacement search read the same budget.


_gem_values = attrgetter(*(f"gem_{a}" for a in ATTRIBUTES))


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


class GemBudget:
    # A plain class, not a NamedTuple (ten times the cost to create at import): it is only
    # ever read by attribute.
    __slots__ = ("used", "caps", "unknown_cards", "contributors", "unknown")

    def __init__(
        self,
        # Gems counted per attribute: a lower bound when some card's count is not recorded.
        used: dict[str, int],
        caps: dict[str, int | None],
        unknown_cards: tuple[str, ...],  # Endurance cards with a gem count not recorded
        contributors: dict[str, list[tuple[str, int]]],  # attribute -> [(card id, gems)]
        unknown: dict[str, tuple[str, ...]],  # attribute -> cards whose count of it is unknown
    ) -> None:
        self.used, self.caps, self.unknown_cards = used, caps, unknown_cards
        self.contributors, self.unknown = contributors, unknown

    @classmethod
    def of(cls, endurance: Iterable[DeckCard], caps: dict[str, int | None]) -> "GemBudget":
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
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
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
    deck: ResolvedDeck, context: "Context", params: dict[str, Any], attribute: str, cap: int
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


def _gaps(deck: ResolvedDeck, context: "Context", over: list[str]) -> Iterator[Finding]:
    """What the unknown facts leave open: the caps the persona has no value for, and the
    cards whose gem counts are not recorded."""
    yield from _unknown_caps(deck, context)
    yield from _unknown_counts(context, over)


def _unknown_caps(deck: ResolvedDeck, context: "Context") -> Iterator[Finding]:
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


def _unknown_counts(context: "Context", over: list[str]) -> Iterator[Finding]:
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
