"""Shared by watcher-cards and hunter-cards: Endurance cards titled with a word that need
a pre-game card of the matching type."""

from collections.abc import Iterator

from hlcg.catalog import title_words
from hlcg.deck import ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.context import Context
from hlcg.wording import plural


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
