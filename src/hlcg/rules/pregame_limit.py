"""pregame-limit (HL301): at most 6 pre-game cards.

The Persona card counts as one. Cards with a `pregame-exempt` modifier (Methuselah Stone)
do not count.

Source: seed 002 (Pre-Game Cards); research rules-notes.md section 8
(http://www.mleccg.com/mlc/SpoilerList.Txt). First edition: seed 001 states no limit, so
the first-edition profile does not run this rule; Type One runs it as a warning (see
docs/formats.md).

Failing example: a Persona, a Weapon of Choice, a Watcher and four other pre-game cards.

Fix: remove pre-game cards down to 6.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck.resolve import ResolvedDeck
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.rules.problem import Finding
from hlcg.wording import plural


def pregame_count(deck: ResolvedDeck) -> int:
    return sum(dc.count for dc in deck.pregame if not dc.card.modifiers_of("pregame-exempt"))


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    limit = params["max"]
    used = pregame_count(deck)
    if used > limit:
        counted = [dc for dc in deck.pregame if not dc.card.modifiers_of("pregame-exempt")]
        removable = [dc for dc in counted if dc.card.type != "persona"] or counted
        last = max(removable, key=lambda dc: (dc.line or 0, dc.card.id))
        yield Finding(
            f"{used} pre-game cards; at most {limit} may be used",
            cards=tuple(sorted(dc.card.id for dc in counted)),
            fix=f"remove {plural(used - limit, 'pre-game card')}",
            edits=(("remove", last.card.id, min(used - limit, last.count)),),
        )


RULE = Rule(
    "HL301",
    "pregame-limit",
    "At most {max} pre-game cards",
    check,
    params=(Param("max", int, 6, "seed 002 §Pre-Game Cards"),),
)
