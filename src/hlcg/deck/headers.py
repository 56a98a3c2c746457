"""Section headers and `Key: value` lines of a text deck, as players and forums write them:
"Pre-Game:", "PREGAME", "Deck (55)", "Endurance - 55", "== Deck ==", "**Deck:**"."""

from __future__ import annotations

import re

from hlcg.deck.model import ENDURANCE, PREGAME, SIDEBOARD

# Section header words as players write them, normalised by section_key.
SECTIONS = {
    "pre game": PREGAME,
    "pregame": PREGAME,
    "endurance": ENDURANCE,
    "deck": ENDURANCE,
    "main": ENDURANCE,
    "main deck": ENDURANCE,
    "maindeck": ENDURANCE,
    "decklist": ENDURANCE,  # a forum post heading its whole list
    "deck list": ENDURANCE,
    "sideboard": SIDEBOARD,
    "side board": SIDEBOARD,
    "side": SIDEBOARD,
    "sb": SIDEBOARD,
}
# A header: a word, an optional count ("Deck (55)", "Endurance - 55", "Endurance 52",
# "Endurance (52 cards)"), then a colon and maybe the section's first card ("Pre-Game:
# Katana") or its count ("Deck: 52 cards"), or nothing at all ("PREGAME").
_CARDS = r"(?:\s+cards?)?"
_BRACKETED_OR_DASHED_COUNT = r"\s*\(\s*\d+" + _CARDS + r"\s*\)|\s+[-\u2013\u2014]\s*\d+" + _CARDS
_HEADER_COUNT = r"(?:" + _BRACKETED_OR_DASHED_COUNT + r"|\s+\d+" + _CARDS + r")?"
_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)" + _HEADER_COUNT + r"\s*:\s*(?P<rest>.*)$")
_BARE_HEADER = re.compile(r"^(?P<word>[A-Za-z][A-Za-z \-]*?)" + _HEADER_COUNT + r"$")
# Shaped like a header with a count ("Attacks (27)", "Tricks - 4", "Attacks: 27"); "Thrust 3"
# is not (it may be a misspelt card line). Such a line naming no card is a bad header.
HEADER_SHAPED = re.compile(
    r"^[A-Za-z][A-Za-z \-]*?(?:" + _BRACKETED_OR_DASHED_COUNT + r"|\s*:\s*\d+" + _CARDS + r")$",
    re.IGNORECASE,
)
# What follows a header's colon when it is the section's size, not a card: "Deck: 52 cards".
_COUNT_ONLY = re.compile(r"^\(?\s*\d+" + _CARDS + r"\s*\)?$", re.IGNORECASE)
# Forum and markdown decoration around a header: "== Deck ==", "**Deck:**", "__Deck__".
_DECORATION = re.compile(r"[=*_~]+")


def section_key(word: str) -> str:
    """ "Pre-Game Cards" -> "pre game": case, hyphens, spacing and a trailing "cards" folded."""
    words = word.lower().replace("-", " ").split()
    if len(words) > 1 and words[-1] in ("cards", "card"):
        words.pop()
    return " ".join(words)


def section_named(word: str) -> str | None:
    """The section a header word names, as players and deck programs write it: "Pre-Game
    Cards", "PREGAME", "Main Deck", "SB" (None for any other word)."""
    return SECTIONS.get(section_key(word))


# Groupings players head a part of the deck with, besides the card types themselves.
_GROUP_WORDS = frozenset(
    {"special", "defense", "defence", "basic", "basic attack", "basic block", "basic defense",
     "basic defence", "weapon"}
)  # fmt: skip


def names_card_group(word: str) -> bool:
    """A header word naming a group of the deck's own cards ("Attacks", "Special Attacks",
    "Specials (6)", "Basic Blocks"), not a part kept out of the deck ("Side deck")."""
    from hlcg.catalog import CARD_TYPES

    singular = " ".join(
        w[:-1] if w.endswith("s") and len(w) > 3 else w for w in section_key(word).split()
    )
    return singular in _GROUP_WORDS or singular in {t.replace("-", " ") for t in CARD_TYPES}


def header(line: str) -> tuple[str, str, str] | None:
    """(key, word as written, rest of the line) when the line is a header or a `Key: value`
    line; None for a card line. A section's size after its colon ("Deck: 52 cards") is no
    card, and decoration ("== Deck ==", "**Deck:**") is taken off a section header."""
    colon = _HEADER.match(line)
    if colon:
        key, rest = section_key(colon["word"]), colon["rest"].strip()
        if key in SECTIONS and _COUNT_ONLY.match(rest):
            rest = ""
        return key, colon["word"].strip(), rest
    bare = _BARE_HEADER.match(line)
    if bare and section_key(bare["word"]) in SECTIONS:
        return section_key(bare["word"]), bare["word"].strip(), ""
    undecorated = " ".join(_DECORATION.sub(" ", line).split())
    if undecorated != line and undecorated:
        # "**Format:** 1st Ed", "**Side deck:**" read as they would undecorated
        return header(undecorated)
    return None
