"""Read the JSON deck format (``schemas/deck.schema.json``).

{"format": "type-two", "persona": "Duncan MacLeod",
 "pregame": [{"card": "Katana"}],
 "endurance": [{"card": "Upper Left Attack", "count": 3}, {"card": "bau-2", "count": 2}]}
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from hlcg.deck.model import ENDURANCE, PREGAME, Deck, Entry, LineIssue
from hlcg.deck.text import MAX_COPIES


class DeckEntry(BaseModel):
    model_config = ConfigDict(extra="forbid")

    card: str = Field(min_length=1, description="Card id, title or 'Title: Subtitle'")
    count: int = Field(default=1, ge=1, le=MAX_COPIES)
    set: str | None = Field(default=None, description="Set code choosing a printing")


class DeckFile(BaseModel):
    """A deck in JSON. Entries in `cards` go to the Endurance unless their type is a
    pre-game type."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = None
    format: str | None = Field(default=None, description="first-edition, type-one or type-two")
    persona: str | None = None
    pregame: list[DeckEntry] = Field(default_factory=list)
    endurance: list[DeckEntry] = Field(default_factory=list)
    cards: list[DeckEntry] = Field(default_factory=list)


def parse_json(text: str, path: str = "<deck>") -> Deck:
    deck = Deck(path=path)
    try:
        data: Any = json.loads(text)
    except json.JSONDecodeError as exc:
        deck.issues.append(
            LineIssue(exc.lineno, f"invalid JSON: {exc.msg}", "fix the JSON syntax at this line")
        )
        return deck
    except RecursionError:
        deck.issues.append(LineIssue(1, "JSON nested too deeply", "a deck is a flat object"))
        return deck
    try:
        parsed = DeckFile.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors():
            where = ".".join(str(p) for p in error["loc"]) or "deck"
            deck.issues.append(
                LineIssue(None, f"{where}: {error['msg']}", "see schemas/deck.schema.json")
            )
        return deck
    deck.name = parsed.name
    deck.persona = parsed.persona
    deck.format = parsed.format.lower() if parsed.format else None
    for section, entries in (
        (PREGAME, parsed.pregame),
        (ENDURANCE, parsed.endurance),
        (None, parsed.cards),
    ):
        for item in entries:
            deck.entries.append(
                Entry(
                    name=item.card, count=item.count, line=None, section=section, set_code=item.set
                )
            )
    return deck
