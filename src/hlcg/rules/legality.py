"""Whether a card is legal in a format: its recorded format legality, else its editions.

A card whose `formats` are recorded is legal exactly in those formats. Otherwise its sets'
editions are judged against the format's editions (`data/source/formats.csv`): a card of
one of the format's editions is legal; a card only of an edition the format excludes
(the `format-legality` rule's `excluded_editions`) is not; a card only of other editions
cannot be judged (Type One admits 2nd Edition cards from a compatibility list hlcg does not
hold; MLE cards have no source either way). A card with neither formats nor sets recorded
is taken as legal: nothing ties it to an edition.
"""

from __future__ import annotations

from collections.abc import Iterable

from hlcg.catalog.card import Card
from hlcg.catalog.store import Catalogue

LEGAL = "legal"
ILLEGAL = "illegal"
UNCONFIRMED = "unconfirmed"


def judge(card: Card, fmt: str, catalogue: Catalogue, excluded_editions: Iterable[str]) -> str:
    if card.formats:
        return LEGAL if fmt in card.formats else ILLEGAL
    if not card.editions:
        return LEGAL
    info = catalogue.formats.get(fmt)
    home = set(info.editions) if info else set()
    if card.editions & home:
        return LEGAL
    if card.editions <= set(excluded_editions):
        return ILLEGAL
    return UNCONFIRMED


def verdict_in(card: Card, fmt: str, catalogue: Catalogue) -> str:
    """``judge`` with the format's own `excluded_editions` (its profile), for questions
    asked outside a deck check (`hlcg search f:`, the search table). A legality tag only
    (mle) is decided by the recorded formats."""
    from hlcg.catalog.fields import CHECKED_FORMATS
    from hlcg.rules.profiles import profile

    if fmt not in CHECKED_FORMATS:
        return LEGAL if card.legal_in(fmt) else ILLEGAL
    excluded = profile(fmt).settings["format-legality"].params["excluded_editions"]
    return judge(card, fmt, catalogue, excluded)
