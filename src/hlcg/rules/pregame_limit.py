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

from collections.abc import Iterator
from typing import Any

from hlcg.deck import PREGAME, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.wording import plural


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
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


RULE = Rule(
    "HL301",
    "pregame-limit",
    "At most {max} pre-game cards",
    check,
    params=(Param("max", int, 6, "seed 002 §Pre-Game Cards"),),
)
