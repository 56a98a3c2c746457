"""Name normalisation shared by the build (alias keys) and lookup, and the word a Master
card's title holds."""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_NON_WORD = re.compile(r"[^a-z0-9]+")


# Deck checks normalise the same names again and again (every line, every candidate).
@lru_cache(maxsize=16384)
def normalise(name: str) -> str:
    """Case, spacing, punctuation and apostrophes folded: "Master’s  Block" -> "masters block".

    Apostrophes vanish rather than split, so "Master's" and "Masters" meet.
    """
    text = name.translate(_APOSTROPHES)
    if not text.isascii():  # accents folded only where there are any: this runs per card
        text = unicodedata.normalize("NFKD", text)
        text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return _NON_WORD.sub(" ", text.lower().replace("'", "")).strip()


def slug(name: str) -> str:
    """A catalogue id fragment: "Master's Block" -> "masters-block"."""
    return normalise(name).replace(" ", "-")


@lru_cache(maxsize=4096)
def title_words(title: str) -> tuple[str, ...]:
    """Words of a title with possessives folded: "Watcher's Oath" -> ["watcher", "oath"]."""
    words = re.findall(r"[a-z0-9]+(?:'[a-z]+)?", title.translate(_APOSTROPHES).lower())
    return tuple(w[:-2] if w.endswith("'s") else w.replace("'", "") for w in words)


@lru_cache(maxsize=4096)  # asked per card by several rules in every deck check
def is_master_title(title: str) -> bool:
    """A Master card has the word Master in any form in its title (seed 000, Master Cards)."""
    return any(word.startswith("master") for word in title_words(title))
