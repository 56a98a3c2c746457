"""master-limit (HL205): Master cards at most the persona's Master limit.

A Master card is any card with the word Master in any form in its title (Master's Block,
Weapon Master, Master Swordsman, Master of the Katana). The limit is the number on the
Persona card (first edition) or its Master gem (2nd Edition). A Generic Immortal may
include none. Methos' `any-master-cards` lets him use other personas' Master cards, still
within his limit.

Unknown facts: a Master card is known by its title, so the count is always known. A recorded
limit is exact: more Master cards than it is an error. A persona whose Master limit (and
Master gem) is not recorded leaves the verdict open: a note (`unchecked`, naming the Master
cards) when the deck holds any, nothing when it holds none.

Source: seed 001 (Master's Cards); seed 000 (Master Cards; Attribute Restrictions); seed 002
(Persona Cards; Card Groups); research rules-notes.md section 4.

Failing example: `Persona: Richie Ryan` (limit 5) with 6 Master cards.

Fix: remove Master cards down to the limit.

Options: `generic_limit` (int, default 0): the Master cards a Generic Immortal may
include.
"""

from collections.abc import Iterator
from typing import Any

from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule
from hlcg.rules.context import Context
from hlcg.wording import plural


def check(deck: ResolvedDeck, context: Context, params: dict[str, Any]) -> Iterator[Finding]:
    masters = [dc for dc in deck.endurance if dc.card.is_master]
    used = sum(dc.count for dc in masters)
    if not used:
        return
    if deck.is_generic:
        limit: int | None = params["generic_limit"]
        who = "a Generic Immortal"
    else:
        assert deck.persona is not None
        limit = deck.persona.effective_master_limit
        who = deck.persona.title
    ids = tuple(sorted(dc.card.id for dc in masters))
    if limit is None:
        yield Finding(
            f"{who} has no Master limit recorded; {plural(used, 'Master card')} could not be "
            f"checked: {context.names(ids)}",
            cards=ids,
            unchecked=True,
        )
        return
    if used > limit:
        largest = max(masters, key=lambda dc: (dc.count, dc.card.id))
        yield Finding(
            f"{plural(used, 'Master card')} ({context.names(ids)}); {who} may include {limit}",
            cards=ids,
            line=min((dc.line for dc in masters if dc.line is not None), default=None),
            fix=f"remove {used - limit} {largest.card.name}"
            if largest.count >= used - limit
            else f"remove {plural(used - limit, 'Master card')}",
            edits=(("remove", largest.card.id, min(used - limit, largest.count)),),
        )


RULE = Rule(
    "HL205",
    "master-limit",
    "Master cards within the persona's limit",
    check,
    params=(
        Param(
            "generic_limit",
            int,
            0,
            "seed 001 §Master's Cards: Generic Immortals may not use Master's cards",
        ),
    ),
    persona=True,
    count_limit=True,
    judges_candidates=True,
)
