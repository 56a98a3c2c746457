"""`hlcg persona NAME` as data: a persona's versions and what a deck of each may hold."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from hlcg.catalog import ATTRIBUTES

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue, Match


def find_personas(catalogue: Catalogue, name: str) -> tuple[list[Card], Match]:
    """Persona versions by title (or id); the match says how, or lists the candidates."""
    from hlcg.catalog import persona_match

    decision = persona_match(catalogue, name)
    return [catalogue.cards[i] for i in decision.ids], decision


def persona_answer(catalogue: Catalogue, name: str) -> tuple[dict[str, Any], Match]:
    """`hlcg persona --json NAME`: the versions (newest edition first: 2E gem values are what
    most players look for), how they were found, and the close candidates."""
    versions, decision = find_personas(catalogue, name)
    versions.sort(key=lambda p: (0 if "2E" in p.editions else 1, p.id))
    answer = {
        "query": name,
        "matched_by": decision.how,
        "versions": [persona_profile(catalogue, p) for p in versions],
        "candidates": [
            {"name": c.name, "score": c.score, "ids": list(c.ids)} for c in decision.candidates
        ],
    }
    return answer, decision


def persona_profile(catalogue: Catalogue, persona: Card) -> dict[str, Any]:
    """One version: attribute values, gem caps, Master limit, modifiers, its own cards."""
    from hlcg.rules import GEM_CAP, gem_caps

    gem_rule = GEM_CAP.defaults  # the Type Two numbers: the format with gems
    caps = gem_caps(persona, gem_rule["multiplier"], gem_rule["master_multiplier"])
    specific = catalogue.cards_naming(persona.persona_names)
    return {
        "id": persona.id,
        "title": persona.title,
        "sets": list(persona.sets),
        "formats": list(persona.formats),
        "attributes": {a: persona.gem(a) for a in ATTRIBUTES},
        "gem_caps": caps,
        "master_limit": persona.effective_master_limit,
        "modifiers": list(persona.modifiers),
        "specific_cards": [c.id for c in specific if c.id != persona.id],
        "source": persona.source,
    }
