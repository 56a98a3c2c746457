"""Rules on Watchers and Hunters: at most one Watcher or one Hunter pre-game, and the
Endurance cards titled Watcher or Hunter that need one.

Each rule is its check function, whose docstring is the rule's documentation
(`hlcg rules CODE` prints it); the registry lists them in order.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise, title_words
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.borrowing import OnlyWatcher, of_kind
from hlcg.rules.context import Context
from hlcg.wording import plural


# Shared by watcher-cards and hunter-cards: Endurance cards titled with a word that need
# a pre-game card of the matching type.
def cards_needing(
    deck: ResolvedDeck, context: Context, pregame_type: str, word: str
) -> Iterator[Finding]:
    if any(dc.card.type == pregame_type for dc in deck.pregame):
        return
    # listed by name, so the same deck in any line order gets the same problem
    needing = sorted(
        (dc for dc in deck.endurance if word.lower() in title_words(dc.card.title)),
        key=lambda dc: (dc.card.name, dc.card.id),
    )
    if not needing:
        return
    total = sum(dc.count for dc in needing)
    missing = (
        f"{plural(total, f'{word} card')} ({', '.join(dc.card.name for dc in needing)}) but no "
        f"{word} pre-game card"
    )
    # A card of unrecorded type listed under Pre-Game may be the pre-game card they need.
    maybe = context.untyped(leaving=needing)
    if maybe.ids:
        one = "is one" if len(maybe.ids) == 1 else "is one of them"
        yield Finding(f"{missing}, unless {maybe.named} {one}", cards=maybe.ids, unchecked=True)
        return
    yield Finding(
        missing,
        cards=tuple(dc.card.id for dc in needing),
        line=min((dc.line for dc in needing if dc.line), default=None),
        fix=f"add a {word} pre-game card, or remove the {word} cards",
        edits=tuple(("remove", dc.card.id, dc.count) for dc in needing),
    )


def check_watcher_hunter(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    # listed by name, so the same deck in any line order gets the same problem
    """watcher-hunter (HL306): at most one Watcher or one Hunter pre-game, not one of each.

    A persona's `only-watcher` modifier names the one Watcher it may be assigned (Methos may be
    assigned only Adam Pierson); any other Watcher is reported here.

    Unknown facts: Watchers and Hunters are known by their type. A card whose type is not
    recorded, listed under `Pre-Game:`, is counted in the Endurance (with a `deck-syntax`
    warning); with a Watcher or Hunter assigned, a note (`unchecked`) says there are two if it
    is one.

    Source: seed 000 (Watcher Pre-Game Cards; Hunter Pre-Game Cards); research rules-notes.md
    section 7 (http://www.oocities.org/gislef/cotw16.htm, http://www.watcherdatabase.tk/Articles/16.html).

    Failing example: Joe Dawson and James Horton, both under `Pre-Game:`.

    Fix: keep one Watcher (or one Hunter).

    Options: none; a format profile sets only its severity.
    """  # noqa: E501
    assigned = sorted(
        (dc for dc in deck.pregame if dc.card.type in ("watcher", "hunter")),
        key=lambda dc: (dc.card.name, dc.card.id),
    )
    total = sum(dc.count for dc in assigned)
    if total > 1:
        extra = sorted(assigned, key=lambda dc: (dc.line or 0, dc.card.id))[1:]
        yield Finding(
            f"{total} Watcher/Hunter pre-game cards "
            f"({', '.join(dc.card.name for dc in assigned)}); at most one may be assigned",
            cards=tuple(dc.card.id for dc in assigned),
            line=min((dc.line for dc in assigned if dc.line), default=None),
            fix="keep one Watcher or one Hunter",
            edits=tuple(("remove", dc.card.id, dc.count) for dc in extra),
        )
    elif total:
        doubt = context.untyped()
        if doubt.ids:
            yield Finding(
                f"1 Watcher/Hunter pre-game card ({assigned[0].card.name}); "
                f"{1 + doubt.copies} if {doubt.named} {doubt.verb} Watchers or Hunters too; at "
                "most one may be assigned",
                cards=doubt.ids,
                unchecked=True,
            )
    yield from _only_watcher(deck, context, assigned)


def _only_watcher(
    deck: ResolvedDeck, context: Context, assigned: list[DeckCard]
) -> Iterator[Finding]:
    """A persona that may be assigned one Watcher only (Methos: Adam Pierson)."""
    for modifier in of_kind(context.persona_modifiers, OnlyWatcher):
        allowed = normalise(modifier.title)
        for deck_card in assigned:
            if deck_card.card.type == "watcher" and normalise(deck_card.card.title) != allowed:
                persona = deck.persona.title if deck.persona else ""
                yield Finding(
                    f"{persona} may be assigned no Watcher but {modifier.title}; "
                    f"{deck_card.card.name} is not allowed",
                    cards=(deck_card.card.id,),
                    line=deck_card.line,
                    fix=f"replace {deck_card.card.name} with {modifier.title}",
                    edits=(("remove", deck_card.card.id, deck_card.count),),
                )


WATCHER_HUNTER = Rule(
    "HL306",
    "watcher-hunter",
    "One Watcher or one Hunter pre-game",
    check_watcher_hunter,
    persona=True,
)


def check_watcher_cards(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """watcher-cards (HL307): Watcher cards only with a Watcher pre-game.

    A Watcher card is an Endurance card with the word Watcher in its title (possessives
    included: Watcher's Oath). Not a first-edition rule: in first edition Watcher cards were
    played without any Watcher pre-game (research rules-notes.md section 7), so the
    first-edition and Type One profiles do not run it.

    Unknown facts: a Watcher card is known by its title, and the Watcher pre-game by its type.
    A card whose type is not recorded, listed under `Pre-Game:` (and counted in the Endurance,
    with a `deck-syntax` warning), may be that Watcher: then the missing pre-game is a note
    (`unchecked`), not an error.

    Source: seed 000 (Watcher Cards).

    Failing example: `1 Watcher: Revealed` with no Watcher under `Pre-Game:`.

    Fix: add a Watcher pre-game (e.g. Joe Dawson) or remove the Watcher cards.

    Options: none; a format profile sets only its severity.
    """
    yield from cards_needing(deck, context, "watcher", "Watcher")


WATCHER_CARDS = Rule(
    "HL307",
    "watcher-cards",
    "Watcher cards need a Watcher pre-game",
    check_watcher_cards,
    judges_candidates=True,
)


def check_hunter_cards(
    deck: ResolvedDeck, context: Context, params: dict[str, Any]
) -> Iterator[Finding]:
    """hunter-cards (HL308): Hunter cards only with a Hunter pre-game.

    A Hunter card is an Endurance card with the word Hunter in its title. Not a first-edition
    rule (research rules-notes.md section 7; no first-edition Hunter pre-game was found).

    Unknown facts: as for `watcher-cards`: a card whose type is not recorded, listed under
    `Pre-Game:`, may be the Hunter, and the missing pre-game is then a note (`unchecked`).

    Source: seed 000 (Hunter Cards).

    Failing example: an Endurance card titled with the word Hunter and no Hunter pre-game.

    Fix: add a Hunter pre-game or remove the Hunter cards.

    Options: none; a format profile sets only its severity.
    """
    yield from cards_needing(deck, context, "hunter", "Hunter")


HUNTER_CARDS = Rule(
    "HL308",
    "hunter-cards",
    "Hunter cards need a Hunter pre-game",
    check_hunter_cards,
    judges_candidates=True,
)
