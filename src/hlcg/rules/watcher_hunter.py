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
"""

from collections.abc import Iterator
from typing import Any

from hlcg.catalog import normalise
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Rule
from hlcg.rules.context import Context
from hlcg.rules.modifiers import OnlyWatcher, of_kind


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    # listed by name, so the same deck in any line order gets the same problem
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


RULE = Rule("HL306", "watcher-hunter", "One Watcher or one Hunter pre-game", check, persona=True)
