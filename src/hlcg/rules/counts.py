"""Rules on how many cards a deck holds: the Endurance's size, the pre-game's size, its unique
cards, its hand icons, its one Persona and its basic attacks and blocks.

Each rule is its check function, whose docstring is the rule's documentation
(`hlcg rules CODE` prints it); the registry lists them in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from hlcg.catalog import normalise
from hlcg.deck import ENDURANCE, PREGAME, DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.borrowing import HandIcons, of_kind
from hlcg.rules.context import Context
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue
    from hlcg.rules.context import Context


def check_deck_size(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """deck-size (HL101): the Endurance holds at least `min` cards.

    Pre-game cards do not count toward the Endurance. Copies on lines that name no single card
    (a typo, an ambiguous name) still count, so that one typo is one problem, not two.

    Unknown facts: a card whose type is not recorded counts where the deck lists it, except
    that one listed under `Pre-Game:` is counted in the Endurance (with a `deck-syntax`
    warning), though it may be a pre-game card. An Endurance short even with such cards is an
    error; one that reaches the minimum only with them is a note (`unchecked`, naming them).

    Source: seed 001 (Deck Composition; Making your Deck); seed 000 (Deck Construction,
    Minimum and Maximum Deck Size); seed 002 (Pre-Game Cards).

    Failing example: a deck with 48 cards under `Endurance:`.

    Fix: add cards until the Endurance holds `min`.

    Options: `min` (int): the fewest Endurance cards.
    """
    minimum = params["min"]
    recognised = deck.copies(ENDURANCE)
    unrecognised = deck.unrecognised_copies()
    size = recognised + unrecognised
    if size < minimum:
        counted = (
            f" ({recognised} recognised + {unrecognised} unrecognised)" if unrecognised else ""
        )
        yield Finding(
            f"Endurance has {plural(size, 'card')}{counted}, at least {minimum} are required",
            fix=f"add {plural(minimum - size, 'card')} to the Endurance",
        )
        return
    doubt = context.untyped()
    if doubt.ids and size - doubt.copies < minimum:
        yield Finding(
            f"Endurance has {plural(size, 'card')} counting {doubt.named}; "
            f"{size - doubt.copies} if "
            f"{'it is a pre-game card' if len(doubt.ids) == 1 else 'they are pre-game cards'}, "
            f"at least {minimum} are required",
            cards=doubt.ids,
            unchecked=True,
        )


DECK_SIZE = Rule(
    "HL101",
    "deck-size",
    "The Endurance holds at least {min} cards",
    check_deck_size,
    params=(Param("min", int, 50, "seed 001 §Deck Composition; seed 000 §Deck Construction"),),
)


def check_pregame_limit(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """pregame-limit (HL301): at most `max` pre-game cards.

    The Persona card counts as one. Cards with a `pregame-exempt` modifier (Methuselah Stone)
    do not count. Copies on `Pre-Game:` lines that name no single card (a typo) still count, so
    that one typo is one problem: "7 pre-game cards (5 recognised + 2 unrecognised)".

    Unknown facts: a card whose type is not recorded but is listed under `Pre-Game:` is counted
    in the Endurance (with a `deck-syntax` warning), though it may be a pre-game card. Too many
    pre-game cards without it is an error; a count over the limit only with it is a note
    (`unchecked`, naming it).

    Source: seed 002 (Pre-Game Cards); research rules-notes.md section 8
    (http://www.mleccg.com/mlc/SpoilerList.Txt). First edition: seed 001 states no limit, so
    the first-edition profile does not run this rule; Type One runs it as a warning (see
    docs/formats.md).

    Failing example: a Persona, a Weapon of Choice, a Watcher and four other pre-game cards.

    Fix: remove pre-game cards down to `max`.

    Options: `max` (int): the most pre-game cards.
    """
    limit = params["max"]
    recognised = context.pregame_count
    unrecognised = deck.unrecognised_copies(PREGAME)
    used = recognised + unrecognised
    if used > limit:
        counting = context.pregame_counted
        removable = [dc for dc in counting if dc.card.type != "persona"] or counting
        edits: tuple[tuple[str, str, int], ...] = ()
        if removable:
            last = max(removable, key=lambda dc: (dc.line or 0, dc.card.id))
            edits = (("remove", last.card.id, min(used - limit, last.count)),)
        shown = f" ({recognised} recognised + {unrecognised} unrecognised)" if unrecognised else ""
        yield Finding(
            f"{used} pre-game cards{shown}; at most {limit} may be used",
            cards=tuple(sorted(dc.card.id for dc in counting)),
            fix=f"remove {plural(used - limit, 'pre-game card')}",
            edits=edits,
        )
        return
    doubt = context.untyped()
    if doubt.ids and used + doubt.copies > limit:
        yield Finding(
            f"{used} pre-game cards; {used + doubt.copies} if {doubt.named} {doubt.verb} "
            f"pre-game; at most {limit} may be used",
            cards=doubt.ids,
            unchecked=True,
        )


PREGAME_LIMIT = Rule(
    "HL301",
    "pregame-limit",
    "At most {max} pre-game cards",
    check_pregame_limit,
    params=(Param("max", int, 6, "seed 002 §Pre-Game Cards"),),
)


# Types whose copies another rule counts: a second copy is that rule's error.
_DECIDED_ELSEWHERE = ("persona", "watcher", "hunter")


def check_pregame_unique(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """pregame-unique (HL302): no two copies of a unique pre-game card.

    Seed 002 forbids more than one of any *unique* Pre-Game card, which makes uniqueness a
    property of some cards, not of every pre-game card. Two copies of a pre-game card are an
    error where the catalogue records the card as unique, or where another rule decides: two
    copies of a Weapon of Choice here (seed 000: normally only one Weapon of Choice is in play);
    two of a Persona, Watcher or Hunter are their own rules' errors (persona-count,
    watcher-hunter), so this rule leaves them to those.

    Unknown facts: a pre-game card whose uniqueness is not recorded (an empty `unique`), held in
    several copies, is a note (`unchecked`) naming it, never an error. A card whose type is not
    recorded, listed under `Pre-Game:` in several copies, is counted in the Endurance (with a
    `deck-syntax` warning): a note says the copies are too many if it is a unique pre-game card,
    unless its row says it is not unique.

    Source: seed 002 (Pre-Game Cards: "you cannot use more than one of any unique Pre-Game card");
    seed 000 (Weapons of Choice: "Normally you may have only one Weapon of Choice in play").

    Failing example: `2 Katana` under `Pre-Game:`.

    Fix: keep one copy.

    Options: none; a format profile sets only its severity.
    """
    for deck_card in deck.pregame:
        card = deck_card.card
        if deck_card.count < 2 or card.unique is False or card.type in _DECIDED_ELSEWHERE:
            continue
        if card.is_unique or card.type == "weapon-of-choice":
            why = "a unique pre-game card" if card.is_unique else "a Weapon of Choice"
            yield Finding(
                f"{deck_card.count} copies of {card.name}, {why}",
                cards=(card.id,),
                line=deck_card.line,
                fix=f"remove {deck_card.count - 1} {card.name}",
                edits=(("remove", card.id, deck_card.count - 1),),
            )
        else:
            yield Finding(
                f"{deck_card.count} copies of {card.name}, a pre-game card whose uniqueness "
                "is not recorded: too many if it is unique",
                cards=(card.id,),
                line=deck_card.line,
                unchecked=True,
            )
    for deck_card, copies in context.untyped_in_pregame:
        if copies > 1 and deck_card.card.unique is not False:
            yield Finding(
                f"{copies} copies of {deck_card.card.name} (listed under Pre-Game, of a type "
                "not recorded): too many if it is a unique pre-game card",
                cards=(deck_card.card.id,),
                line=deck_card.line,
                unchecked=True,
            )


PREGAME_UNIQUE = Rule(
    "HL302", "pregame-unique", "No two copies of a unique pre-game card", check_pregame_unique
)


# Seed 000 (Weapons of Choice): each Weapon of Choice has one or more hand icons.
WEAPON_AT_LEAST = 1


def check_hand_icons(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """hand-icons (HL310): at most 2 hand icons among the pre-game cards.

    A persona's `hand-icons` modifier changes the icons of the named Weapon of Choice (Kanwulf
    wields the War Axe one-handed); it wins over the card's own number, recorded or not.

    Unknown facts: a Weapon of Choice whose hand icons are not recorded counts as 1, the least it
    can have (seed 000, Weapons of Choice: "Each Weapon of Choice has one or more Hand Icons").
    The deck is an error when that lower bound already breaks the limit (the Katana, the
    Scimitar and the War Axe: at least 3), and a note (`unchecked`, naming the weapons) when
    only the unrecorded icons could break it (the Katana and the War Axe: at least 2). Other
    pre-game cards whose icons are not recorded count as none and are not noted.

    Source: seed 002 (Card Anatomy: Hand Icon); seed 000 (Weapons of Choice; Hand Icons);
    research rules-notes.md section 9.

    Failing example: the Katana (1 icon), the Scimitar (1 icon) and a third one-handed weapon.

    Fix: remove a Weapon of Choice or another card with hand icons.

    Options: `max` (int, default 2): the most hand icons among the pre-game cards.
    """
    limit = params["max"]
    # listed by name, so the same pre-game in any line order gets the same problem
    holders = sorted(_holders(deck, context), key=lambda h: (h[0].card.name, h[0].card.id))
    known = sum(n * dc.count for dc, n in holders if n is not None)
    unknown = [dc for dc, n in holders if n is None]
    at_least = known + WEAPON_AT_LEAST * sum(dc.count for dc in unknown)
    if at_least > limit:
        yield _over_limit(holders, known, at_least, limit)
    elif unknown:
        ids = tuple(dc.card.id for dc in unknown)
        room = f"it has at most {limit - known}"
        if len(unknown) > 1:
            room = f"they have at most {limit - known} in all"
        yield Finding(
            f"hand icons not recorded for {context.names(ids)}, counted as {WEAPON_AT_LEAST}"
            f"{' each' if len(unknown) > 1 else ''} (seed 000: a Weapon of Choice has one or "
            f"more): at least {at_least} of the {limit} hand icons allowed; legal only if {room}",
            cards=ids,
            unchecked=True,
        )


def _holders(deck: ResolvedDeck, context: Context) -> list[tuple[DeckCard, int | None]]:
    """The pre-game cards with hand icons in deck order, each with its icons per copy: the
    persona's modifier first, else the card's number; None for a Weapon of Choice whose
    icons are not recorded."""
    overrides = {
        normalise(m.title): m.hand_icons for m in of_kind(context.persona_modifiers, HandIcons)
    }
    holders: list[tuple[DeckCard, int | None]] = []
    for deck_card in deck.pregame:
        card = deck_card.card
        icons = overrides.get(normalise(card.title), card.hand_icons)
        if icons is None and card.type == "weapon-of-choice":
            holders.append((deck_card, None))
        elif icons:
            holders.append((deck_card, icons))
    return holders


def _over_limit(
    holders: list[tuple[DeckCard, int | None]], known: int, at_least: int, limit: int
) -> Finding:
    """The error: the icons counted (unrecorded ones at their least) break the limit."""

    def shown(icons: int | None) -> str:
        return f"not recorded, counted as {WEAPON_AT_LEAST}" if icons is None else str(icons)

    def copies(dc: DeckCard) -> str:
        return f"{dc.count} × " if dc.count > 1 else ""

    parts = ", ".join(f"{copies(dc)}{dc.card.name} ({shown(n)})" for dc, n in holders)
    unknown = [dc for dc, n in holders if n is None]
    # Removing a weapon whose icons are unknown leaves a count that is known, when the
    # recorded icons alone fit.
    removable = unknown if unknown and known <= limit else [dc for dc, _ in holders]
    last = max(removable, key=lambda dc: (dc.line or 0, dc.card.id))
    total = f"at least {at_least}" if unknown else str(at_least)
    return Finding(
        f"{total} hand icons among the pre-game cards ({parts}); at most {limit}",
        cards=tuple(dc.card.id for dc, _ in holders),
        fix="remove a pre-game card with hand icons",
        edits=(("remove", last.card.id, 1),),
    )


HAND_ICONS = Rule(
    "HL310",
    "hand-icons",
    "At most {max} hand icons in the pre-game",
    check_hand_icons,
    params=(Param("max", int, 2, "seed 002 §Card Anatomy (Hand Icon)"),),
    persona=True,
)


def check_persona_count(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    # listed by name, so the same deck in any line order gets the same problem
    """persona-count (HL303): at most one Persona.

    Unknown facts: a Persona card is known by its type, so the count is of the cards recorded
    as Personas. A card whose type is not recorded is not counted and not noted: the deck names
    its Persona on its `Persona:` line.

    Source: seed 001 (Persona Cards: "a Persona Card"); seed 000 (Persona Cards); seed 002
    (Persona Cards).

    Failing example: `Persona: Duncan MacLeod` and `The Kurgan` under `Pre-Game:`.

    Fix: keep one Persona.

    Options: none; a format profile sets only its severity.
    """
    personas = sorted(
        (dc for dc in deck.pregame if dc.card.type == "persona"),
        key=lambda dc: (dc.card.name, dc.card.id),
    )
    total = sum(dc.count for dc in personas)
    if total > 1:
        keep = deck.persona.id if deck.persona else personas[0].card.id
        extra = [dc for dc in personas if dc.card.id != keep]
        yield Finding(
            f"{total} Persona cards ({', '.join(dc.card.name for dc in personas)}); "
            "a deck has at most one",
            cards=tuple(dc.card.id for dc in personas),
            line=min((dc.line for dc in personas if dc.line), default=None),
            fix="keep one Persona and remove the others",
            edits=tuple(("remove", dc.card.id, dc.count) for dc in extra),
        )


PERSONA_COUNT = Rule("HL303", "persona-count", "At most one Persona", check_persona_count)


# The basics rule (every Endurance holds each basic attack and block) and the catalogue's
# basic cards, which deck statistics read too.


# Each basic: its seed 002 title first, then the other spellings the seeds use.
DEFAULT_BASICS: list[list[str]] = [
    ["Upper Left Attack"],
    ["Upper Center Attack", "Upper Middle Attack"],
    ["Upper Right Attack"],
    ["Middle Left Attack"],
    ["Thrust", "Middle Center Attack"],
    ["Middle Right Attack"],
    ["Lower Left Attack"],
    ["Lower Center Attack"],
    ["Lower Right Attack"],
    ["Upper Left Block"],
    ["Upper Center Block", "Upper Block"],
    ["Upper Right Block"],
    ["Lower Left Block"],
    ["Lower Center Block", "Lower Block"],
    ["Lower Right Block"],
]


def _spellings(basic: str | list[str]) -> list[str]:
    return [basic] if isinstance(basic, str) else list(basic)


def basic_cards(
    catalogue: Catalogue, basics: list[Any]
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    """Per basic (by its first title), the catalogue cards that are it; empty when the
    catalogue has none."""
    return _basic_cards(catalogue, tuple(tuple(_spellings(basic)) for basic in basics))


# Asked once per deck check with the same parameters: one query per catalogue and basics list.
@lru_cache(maxsize=16)
def _basic_cards(
    catalogue: Catalogue, basics: tuple[tuple[str, ...], ...]
) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    wanted = sorted({normalise(s) for spellings in basics for s in spellings})
    marks = ", ".join("?" * len(wanted))
    by_title: dict[str, list[Card]] = {}
    # One indexed query for the basics' titles: a deck check reads only the rows it needs.
    titled = catalogue.keyed_sql("title_norm", marks)
    for card in catalogue.select_cards(f"{titled} AND subtitle IS NULL", wanted):
        if not card.is_pregame:
            by_title.setdefault(normalise(card.title), []).append(card)
    found = []
    for spellings in basics:
        cards = [c for s in spellings for c in by_title.get(normalise(s), [])]
        found.append((spellings[0], tuple(sorted(cards, key=lambda c: c.id))))
    return tuple(found)


def check_basics(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    """basics (HL102): at least one of each of the 9 basic attacks and 6 basic blocks.

    Basic attacks: Upper Left, Upper Center, Upper Right, Middle Left, Thrust, Middle Right,
    Lower Left, Lower Center and Lower Right Attack. Basic blocks: Upper Left, Upper Center,
    Upper Right, Lower Left, Lower Center and Lower Right Block (seed 001 calls the centre ones
    Upper Block and Lower Block and the thrust the Middle Center attack; seed 000 calls Upper
    Center Attack Upper Middle Attack).

    A basic card is known by its title, as the rulebooks print it, never by a catalogue id:
    a catalogue card without a subtitle whose title is one of a basic's spellings is that basic.
    When the catalogue has no card for a basic, the rule says it could not check it (`unchecked`).

    Unknown facts: a basic is known by its title, which every card has; a catalogue with no
    card for a basic makes a note (`unchecked`), never a pass or an error.

    Source: seed 002 (Constructing a Deck: Attacks, Blocks); seed 000 (Deck Construction);
    seed 001 (Deck Composition; Basic Attack; Basic Defenses).

    A missing basic card that an unrecognised Endurance line may name (it is among the line's
    did-you-mean or candidate cards) is not reported here: the problem on that line covers it,
    so that one typo is one problem.

    Failing example: an Endurance without a Lower Right Block.

    Fix: add one copy of each missing basic card.

    Options: `cards` (list, default the fifteen basic attacks and blocks): the basic cards the
    Endurance needs one of each, each given by its spellings.
    """
    present = {dc.card.id for dc in deck.endurance}
    maybe_named = {i for u in deck.unresolved if u.section != PREGAME for i in u.card_ids}
    missing: list[Card] = []
    not_in_catalogue: list[str] = []
    basics = basic_cards(context.catalogue, params["cards"])
    for title, cards in basics:
        if not cards:
            not_in_catalogue.append(title)
        elif not any(c.id in present | maybe_named for c in cards):
            missing.append(cards[0])
    if missing:
        names = ", ".join(c.title for c in missing)
        yield Finding(
            f"missing {len(missing)} of the {len(basics)} basic cards: {names}",
            cards=tuple(c.id for c in missing),
            fix="add one copy of each: " + "; ".join(f"1 {c.title}" for c in missing),
            edits=tuple(("add", c.id, 1) for c in missing),
        )
    if not_in_catalogue:
        yield Finding(
            f"the catalogue has no card for {plural(len(not_in_catalogue), 'basic card')} "
            f"({', '.join(not_in_catalogue)}); whether the deck holds them could not be checked",
            fix="check the basics by hand; curators can add the basic cards to the catalogue",
            unchecked=True,
        )


BASICS = Rule(
    "HL102",
    "basics",
    "One of each basic attack and block",
    check_basics,
    params=(
        Param(
            "cards",
            list,
            DEFAULT_BASICS,
            "seed 002 §Constructing a Deck; seed 001 §Basic Attack, §Basic Defenses; "
            "seed 000 §Deck Construction: each basic's titles, the first as printed in seed 002",
        ),
    ),
)
