"""`hlcg deck stats` as data: counts by type, the gem budget, Master cards, pre-game."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue
    from hlcg.rules import DeckReport


def deck_stats(report: DeckReport, catalogue: Catalogue) -> dict[str, Any]:
    """The statistics of a deck judged by ``hlcg.check`` (``check_deck``), in the reading
    and format judged: the verdict and persona `hlcg validate` gives (the deck page shows
    them beside the report)."""
    from hlcg.catalog import ATTRIBUTES
    from hlcg.problems import Level
    from hlcg.rules import GEM_CAP, Context, profile

    resolved = report.resolved
    assert resolved is not None  # a judged deck carries the reading judged
    by_type: dict[str, int] = {}
    for dc in resolved.cards:
        key = dc.card.type or "unknown"
        by_type[key] = by_type.get(key, 0) + dc.count
    context = Context(resolved, catalogue, profile(resolved.format))
    budget = context.gem_budget
    gems = {}
    for attribute in ATTRIBUTES:
        used = report.gems[attribute]["used"] or 0
        cap = report.gems[attribute]["cap"]
        gems[attribute] = {
            "used": used,
            "cap": cap,
            "headroom": None if cap is None else cap - used,
            "top": [{"card": cid, "gems": n} for cid, n in budget.contributors[attribute][:3]],
        }
    return {
        "path": resolved.path,
        "format": resolved.format,
        "persona": report.persona,
        "endurance": report.endurance,
        "pregame": {"used": report.pregame, "limit": report.pregame_limit},
        "types": dict(sorted(by_type.items())),
        "gem_caps_apply": profile(resolved.format).settings[GEM_CAP.name].severity != Level.OFF,
        "gems": gems,
        "gem_counts_unknown": list(budget.unknown_cards),
        "master": {"used": report.master_used, "limit": report.master_limit},
        "borrowed": context.borrowing.borrowed,
        "legal": report.legal,
    }
