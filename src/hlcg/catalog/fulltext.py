"""The full-text step of a search: a user's words as an FTS5 query over title, subtitle and
text, built so that nothing a user types can change the query's meaning."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hlcg.catalog.vocabulary import normalise

_FTS_WORD = re.compile(r"[a-z0-9]+")


def word_forms(word: str) -> list[str]:
    """The index words a user word stands for, each matched as a prefix.

    The full-text index splits "Master's" into "master" and "s"; "masters", "master's" and
    "Masters" all mean that card, so the plural or possessive ending is also tried without
    its "s" ("dodges" -> "dodge", "boxes" -> "box")."""
    key = normalise(word).replace(" ", "")
    if not key:
        return []
    forms = [key]
    if len(key) > 3 and key.endswith("s"):
        forms.append(key[:-1])
        if len(key) > 4 and key.endswith("es"):
            forms.append(key[:-2])
    return forms


def fts_expression(words: Sequence[str], phrases: Sequence[str] = ()) -> str:
    """An FTS5 query: every word (in any of its forms, as a prefix) and every phrase.

    Only index words (letters and digits) and quoted phrases reach FTS, so no FTS operator
    or punctuation a user types can change the query's meaning."""
    parts = []
    for word in words:
        for piece in normalise(word).split():
            forms = word_forms(piece)
            parts.append("(" + " OR ".join(f'"{form}"*' for form in forms) + ")")
    for phrase in phrases:
        tokens = _FTS_WORD.findall(phrase.lower())
        if tokens:
            parts.append('"' + " ".join(tokens) + '"')
    return " AND ".join(parts) if parts else '""'
