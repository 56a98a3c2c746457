"""The catalogue's vocabulary: the card contract's field names, card types and attributes;
the formats (``data/source/formats.csv``) and every spelling of a format's name; set names as
deck programs write them; and the one normalisation every name goes through.

The small tables (``formats.csv``, ``format_names.csv``, ``set_names.csv``) ship inside the
package (hlcg/data/) and are read from data/source/ in a source checkout, so each fact has one
home: the source table the catalogue is built from.
"""

import re
import unicodedata
from collections.abc import Mapping
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from hlcg import lazy
from hlcg.errors import UsageError

if TYPE_CHECKING:
    from hlcg.catalog.card import Card
    from hlcg.catalog.store import Catalogue

# --- the data tables ------------------------------------------------------------------------


def data_file(name: str) -> Path:
    """A data table inside the installed package, else the one in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / name
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "source" / name


def data_rows(name: str) -> list[dict[str, str]]:
    """The rows of a data table as ``csv.DictReader`` reads them. A table with no quote in
    it holds no comma, quote or line break inside a field, so splitting its lines at commas
    reads it the same; the csv module (whose import costs more than reading these small
    tables, which every deck check reads) is imported only for a table with quotes."""
    with data_file(name).open(encoding="utf-8", newline="") as handle:
        text = handle.read()
    lines = text.split("\n")
    header = lines[0].split(",")
    rows = [line.split(",") for line in lines[1:] if line]
    if '"' in text or "\r" in text or any(len(row) != len(header) for row in rows):
        import csv
        import io

        return list(csv.DictReader(io.StringIO(text)))
    return [dict(zip(header, row, strict=True)) for row in rows]


def leading_columns(name: str, count: int) -> list[dict[str, str]]:
    """The first ``count`` columns of a table whose leading columns hold no comma or quote
    (formats.csv: name, title, checked), read without the csv module: every command reads
    the format list at start-up, and importing csv costs more than the read."""
    lines = data_file(name).read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")[:count]
    return [dict(zip(header, line.split(",", count)[:count], strict=True)) for line in lines[1:]]


# --- name normalisation (the build's alias keys and every lookup) ---------------------------

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "`": "'", "\u00b4": "'"})
_NON_WORD = re.compile(r"[^a-z0-9]+")


# Deck checks normalise the same names again and again (every line, every candidate).
# Bounded like the catalogue's name maps (CACHED_KEYS), so a server asked ever new names
# reaches its memory ceiling early and stays there.
@lru_cache(maxsize=4096)
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


# --- the card contract ----------------------------------------------------------------------

# The flat row format is a public contract: CSV headers, JSON and JSONL keys.
CONTRACT_FIELDS: tuple[str, ...] = (
    "id",
    "title",
    "subtitle",
    "type",
    "sets",
    "restriction",
    "unrestricted",
    "reserved",
    "signature",
    "unique",
    "hand_icons",
    "gem_master",
    "gem_agility",
    "gem_strength",
    "gem_toughness",
    "gem_empathy",
    "gem_reason",
    "master_limit",
    "formats",
    "modifiers",
    "faction",
    "text",
    "source",
)

IN_GAME_TYPES: tuple[str, ...] = (
    "attack",
    "special-attack",
    "ranged-attack",
    "block",
    "dodge",
    "guard",
    "event",
    "situation",
    "object",
    "location",
    "plot",
    "edge",
    # Seed 002 (Card Anatomy, Illusions): an Illusion is drawn into the hand from the
    # Endurance, so it is an in-game type, not a pre-game one.
    "illusion",
)
PREGAME_TYPES: tuple[str, ...] = (
    "persona",
    "premium",
    "quickening",
    "watcher",
    "hunter",
    "weapon-of-choice",
    "other-pre-game",
)
CARD_TYPES: tuple[str, ...] = IN_GAME_TYPES + PREGAME_TYPES

ATTRIBUTES: tuple[str, ...] = ("master", "agility", "strength", "toughness", "empathy", "reason")
GEM_FIELDS: tuple[str, ...] = tuple(f"gem_{a}" for a in ATTRIBUTES)

# The facts `hlcg db gaps` lists as missing and a fact sheet may set, most needed first:
# those whose absence leaves a whole check unfinished lead.
GAP_FIELDS: tuple[str, ...] = (
    "restriction",
    *GEM_FIELDS,
    "master_limit",
    "hand_icons",
    "type",
    "formats",
)

# The card fields that hold a fact a source backs (data/source/facts.csv names one per
# row): every contract field but the id and the source itself.
FACT_FIELDS: tuple[str, ...] = tuple(f for f in CONTRACT_FIELDS if f not in ("id", "source"))

INT_FIELDS: tuple[str, ...] = ("restriction", "hand_icons", *GEM_FIELDS, "master_limit")
BOOL_FIELDS: tuple[str, ...] = ("unrestricted", "reserved", "signature", "unique")
LIST_FIELDS: tuple[str, ...] = ("sets", "formats", "faction")

# The "kind" of the one-document form of a whole catalogue (`hlcg db export x.json`).
CATALOGUE_DOCUMENT_KIND = "hlcg-catalogue"

# --- the formats ----------------------------------------------------------------------------


class Format:
    """A row of data/source/formats.csv: the format's tag, its title, and whether hlcg
    checks decks for it (the others are legality tags only: "mle", where the card database
    marks some cards legal solely in MLE, and the contract needs a way to say "none of
    ours")."""

    # A plain class: a NamedTuple costs ten times as much to create at import (every command
    # imports this module), and a format is only ever read by attribute.
    __slots__ = ("name", "title", "checked")

    def __init__(self, name: str, title: str, checked: bool) -> None:
        self.name, self.title, self.checked = name, title, checked


FORMATS: tuple[Format, ...] = tuple(
    Format(row["name"], row["title"], row["checked"] == "true")
    for row in leading_columns("formats.csv", 3)
)
# The formats hlcg checks decks for, and every legality tag (those first).
CHECKED_FORMATS: tuple[str, ...] = tuple(f.name for f in FORMATS if f.checked)
# The same, as a type: a report's format, the web API's (schemas/ lists them).
CheckedFormat = Literal[CHECKED_FORMATS]  # type: ignore[valid-type]
# The format a deck is judged in when neither --format nor its Format: line names one: the
# game as played today (seed 002, the Type Two rulebook).
DEFAULT_FORMAT = "type-two"
FORMAT_TAGS: tuple[str, ...] = CHECKED_FORMATS + tuple(f.name for f in FORMATS if not f.checked)

# --- format and set names as decks and users write them -------------------------------------
# data/source/format_names.csv lists every accepted spelling of a format name ("Type Two",
# "type 2", "T2"); every place that reads a format name (a text deck's `Format:` line, OCTGN
# notes, LackeyCCG's <format>, JSON's "format", `--format` on the command line) goes through
# ``format_named``. data/source/set_names.csv maps the set names deck programs write
# ("Series Edition") to catalogue set codes ("SE").

FORMAT_NAMES_FILE = "format_names.csv"
SET_NAMES_FILE = "set_names.csv"


@cache
def format_spellings() -> dict[str, str]:
    """normalised spelling -> format name; the format names themselves are always accepted."""
    spellings = {normalise(name): name for name in CHECKED_FORMATS}
    for row in data_rows(FORMAT_NAMES_FILE):
        spellings[normalise(row["spelling"])] = row["format"]
    return spellings


@cache
def _run_together_spellings() -> dict[str, str]:
    """The spellings with their spaces left out ("type2", "typetwo", "1stedition"): a name
    written as one word means what it means spaced ("type 2" is accepted, so "type2" is)."""
    return {key.replace(" ", ""): fmt for key, fmt in format_spellings().items()}


def format_named(text: str) -> str | None:
    """The format a deck or a user means ("Type Two", "type 2", "T2", "type-two", "type2"),
    or None."""
    key = normalise(text)
    return format_spellings().get(key) or _run_together_spellings().get(key.replace(" ", ""))


# Words that make a spelling name a format even in a sentence ("built for Type One", "a 1st
# Edition deck"); bare words and codes ("First", "T2", "1E") mean other things in prose.
_FORMAT_WORDS = frozenset({"type", "edition", "ed"})
_WORD = lazy(r"[^\W_]+")


@cache
def _prose_spellings() -> tuple[tuple[tuple[str, ...], str], ...]:
    """(words, format) of the spellings that name a format in prose, longest first."""
    found = {
        tuple(key.split()): fmt
        for key, fmt in format_spellings().items()
        if len(key.split()) > 1 and _FORMAT_WORDS & set(key.split())
    }
    return tuple(sorted(found.items(), key=lambda item: -len(item[0])))


def format_mentions(text: str) -> list[tuple[str, str]]:
    """The formats a free text mentions (OCTGN notes in prose): (as written, format), each
    format once, in the order the text first mentions it."""
    tokens = list(_WORD.finditer(text))
    words = [normalise(t.group()) for t in tokens]
    found: dict[str, str] = {}
    at = 0
    while at < len(words):
        for spelling, fmt in _prose_spellings():
            if tuple(words[at : at + len(spelling)]) == spelling:
                end = tokens[at + len(spelling) - 1].end()
                end += text.startswith(")", end) and "(" in text[tokens[at].start() : end]
                found.setdefault(fmt, text[tokens[at].start() : end])
                at += len(spelling) - 1
                break
        at += 1
    return [(written, fmt) for fmt, written in found.items()]


def format_title(name: str) -> str:
    """A format's title as deck programs show it ("Type Two" for type-two)."""
    return next((f.title for f in FORMATS if f.name == name), name)


def accepted_format_names() -> str:
    """The format names for a message: "first-edition, type-one, type-two"."""
    return ", ".join(CHECKED_FORMATS)


def format_from_user(text: str, *, tags: bool = False) -> str:
    """The format a user names (``format_named``), or the one UsageError every place that
    takes a format from a user gives (``--format``, the web page's format, a profile, a
    search's f: term). With ``tags``, a legality tag no deck is checked for is a format too
    (a search's ``f:mle``), and the message lists the tags."""
    if tags and text.lower() in FORMAT_TAGS:
        return text.lower()
    named = format_named(text)
    if named is None:
        known = ", ".join(FORMAT_TAGS) if tags else accepted_format_names()
        if text.lower() in FORMAT_TAGS:  # `hlcg formats` lists it: say what it is instead
            raise UsageError(
                f"{text!r} is a legality tag, not a format decks are checked in; use one of {known}"
            )
        raise UsageError(f"{text!r} is not a format; use one of {known}")
    return named


@cache
def set_names() -> dict[str, str]:
    """normalised set name as deck programs write it -> catalogue set code."""
    return {normalise(row["name"]): row["set"] for row in data_rows(SET_NAMES_FILE)}


def set_code(sets: Mapping[str, Mapping[str, str]], written: str) -> str:
    """A set code or a set name as a deck program writes it -> the catalogue's set code
    (``sets``: code -> its row), or the text as written when nothing maps it."""
    lowered = written.strip().lower()
    for code in sets:
        if code.lower() == lowered:
            return code
    key = normalise(written)
    mapped = set_names().get(key)
    if mapped:
        return mapped
    for code, info in sets.items():
        if normalise(info.get("name") or "") == key:
            return code
    return written.strip()


# What a card's subtitle names: a persona, a Weapon of Choice or a faction.
#
# The subtitle decides whose card a card is (seed 002, Card Anatomy: Sub-Title): a card
# subtitled with a persona's name is that persona's, one subtitled with a weapon's name is a
# weapon card any persona wielding that weapon may use, one subtitled with a faction's name
# belongs to that faction's personas.


def named_personas(catalogue: "Catalogue", card: "Card") -> set[str]:
    """The persona a card's subtitle names (normalised), as a set: empty when none."""
    if not card.subtitle or card.type == "persona":
        return set()
    name = normalise(card.subtitle)
    return {name} if name in catalogue.persona_names else set()


def named_weapon(catalogue: "Catalogue", card: "Card") -> str | None:
    """The Weapon of Choice a card's subtitle names (normalised), or None."""
    if not card.subtitle:
        return None
    name = normalise(card.subtitle)
    return name if name in catalogue.weapon_names else None


def named_faction(catalogue: "Catalogue", card: "Card") -> str | None:
    """The faction a card's subtitle names (normalised), or None."""
    if not card.subtitle or card.type == "persona":
        return None
    name = normalise(card.subtitle)
    return name if name in catalogue.faction_names else None


def is_weapon_card(catalogue: "Catalogue", card: "Card") -> bool:
    """A subtitle naming a weapon makes a weapon card, unless it is Reserved or Signature
    to a persona of the same name (the Katana persona and the Katana weapon)."""
    if named_weapon(catalogue, card) is None:
        return False
    return not (named_personas(catalogue, card) and (card.reserved or card.signature))
