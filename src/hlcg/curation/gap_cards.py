"""A `db gaps` sheet's `card` row filled in: a card the decks name that the catalogue lacks,
titled as the `name` column writes it (as the deck does), of the type the `value` gives,
backed by the row's source; its id the `id` cell's or made from the title. Its other facts
are rows of their own. (A deck naming a card the catalogue holds otherwise wants an alias.)
"""

from __future__ import annotations

from collections.abc import Container

from hlcg.catalog.storage import slug
from hlcg.curation.models import CardRow
from hlcg.wording import validation_message

# The field of `db gaps`' rows for a card the catalogue lacks (``hlcg.answers``' MISSING_CARD).
NEW_CARD = "card"


def gap_card(
    row: tuple[str, str, str, str], cards: Container[str], db_name: str
) -> tuple[CardRow | None, list[str]]:
    """The card a filled-in row (id, name, value, source) adds, or the errors (each
    "column: why") saying why it adds none; ``cards``: the ids the catalogue holds."""
    from pydantic import ValidationError

    card_id, title, kind, source = row
    card_id = card_id or slug(title)
    if not title:
        return None, ["name: a new card needs its title in the name column"]
    if not source:
        return None, ["source: every card needs its source"]
    if card_id in cards:
        return None, [
            f"id: {card_id!r} is a card of {db_name} already (a deck naming it otherwise "
            "wants an alias); state its facts on rows of their own"
        ]
    try:
        data = {"id": card_id, "title": title, "type": kind, "source": source}
        return CardRow.model_validate(data), []
    except ValidationError as exc:
        return None, [
            f"{'value' if e['loc'][:1] == ('type',) else 'id'}: {validation_message(e)}"
            for e in exc.errors()
        ]
