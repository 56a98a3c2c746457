"""A forum post's prose around its list: the title line ("Kurgan deck for the tourney"),
a byline ("by Alice, 3 May 2009"), a sign-off ("Comments welcome!"). A line written without
a count, before the first section or after the last card (hlcg.deck.text marks those),
that names no card, is not close to any card's name and reads as a sentence, a title ("Duncan
deck") or a sign-off ("GL HF", "-- Bob") is prose: one
note lists such lines and none is counted. A line inside the list, or one close to a card's
name, stays an unknown card with its did-you-mean: a typo is worth an error.
"""

from __future__ import annotations

from hlcg.catalog import normalise
from hlcg.deck.model import Entry, LineIssue
from hlcg.deck.narrowing import Resolver
from hlcg.problems import Severity

# Words of forum prose that card titles do not use on their own.
_PROSE_WORDS = frozenset(
    {"by", "my", "deck", "decks", "list", "decklist", "i", "im", "ive", "this", "here",
     "is", "was", "welcome", "comments", "comment", "thanks", "thank", "cheers", "enjoy",
     "feedback", "please", "tourney", "tournament", "build", "built", "posted", "played",
     "playing", "version", "update", "updated", "edit", "edited", "won", "let", "know",
     "think", "what", "you", "your", "any", "suggestions", "hope", "regards",
     # greetings and sign-offs
     "good", "luck", "gl", "hf", "glhf", "everyone", "hi", "hello", "hey", "folks", "guys",
     "fun", "bye", "cya"}
)  # fmt: skip
# A title names the deck: "Duncan deck", "Katana Deck". No card title holds these words.
_TITLE_WORDS = frozenset({"deck", "decks", "decklist"})
# A signature after a dash: "-- Bob", "— Alice" (a list mark takes one dash, never two).
_SIGNATURE = ("--", "\u2014", "\u2013")
# A name this close (rapidfuzz ratio, 0-100) to a card's name may be a typo of it.
_CLOSE = 80.0


def reads_as_sentence(text: str) -> bool:
    """A sentence, not a card name: it ends as a sentence does, holds a comma, is words of
    forum prose only ("Cheers"), or has three or more words one of which is one."""
    stripped = text.strip()
    if stripped.endswith(("!", "?", ".", "...")) or "," in stripped:
        return True
    if stripped.startswith(_SIGNATURE):
        return True
    words = set(normalise(stripped).split())
    return bool(words) and (
        words <= _PROSE_WORDS
        or bool(_TITLE_WORDS & words)
        or (len(words) >= 3 and bool(_PROSE_WORDS & words))
    )


def _close_to_a_card(resolver: Resolver, name: str) -> bool:
    from rapidfuzz import fuzz

    key = normalise(name)
    suggested = resolver.suggestions(name)
    return any(fuzz.ratio(key, normalise(s.name)) >= _CLOSE for s in suggested)


def is_prose(resolver: Resolver, entry: Entry) -> bool:
    """The line, which named no card, is a forum post's prose (see the module docstring)."""
    if not entry.prose:
        return False
    written = " ".join(part for part in (entry.name, entry.remark) if part)
    return reads_as_sentence(written) and not _close_to_a_card(resolver, entry.name)


def prose_note(entries: list[Entry]) -> LineIssue:
    """The one note naming the lines read as prose."""
    shown = ", ".join(
        f"{' '.join(p for p in (e.name, e.remark) if p)!r} (line {e.line})" for e in entries
    )
    return LineIssue(
        entries[0].line,
        f"not read as a card: {shown}",
        "nothing to change if it is the post's text; write a count before a card's name "
        "to have it read as a card",
        Severity.NOTE,
    )
