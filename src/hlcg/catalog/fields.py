"""Vocabulary of the card contract: field names, card types, formats, attributes."""

from hlcg.catalog.datafiles import leading_columns

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

# The formats live in data/source/formats.csv (with their titles, editions and sources):
# those marked checked are the ones hlcg checks decks for; the others are legality tags only
# ("mle": the card database marks some cards legal solely in MLE, and the contract needs a
# way to say "none of ours").
_FORMAT_ROWS = leading_columns("formats.csv", 3)
CHECKED_FORMATS: tuple[str, ...] = tuple(
    row["name"] for row in _FORMAT_ROWS if row["checked"] == "true"
)
FORMAT_TAGS: tuple[str, ...] = CHECKED_FORMATS + tuple(
    row["name"] for row in _FORMAT_ROWS if row["checked"] != "true"
)

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

MODIFIER_KINDS: tuple[str, ...] = (
    "generic-immortal",
    "restriction-bonus",
    "borrow",
    "any-master-cards",
    "only-watcher",
    "only-persona",
    "pregame-exempt",
    "hand-icons",
    "allowance",
)

# The "kind" of the one-document form of a whole catalogue (`hlcg db export x.json`).
CATALOGUE_DOCUMENT_KIND = "hlcg-catalogue"
