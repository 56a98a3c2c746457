"""The There Can Be Only One rows as hlcg reads them at run time: typed, immutable records.

NamedTuples rather than the pydantic source models (``hlcg.tcboo.models``), so that a
lookup or a sheet check does not pay for importing pydantic. Their fields are the source
models' fields in the same order (a test holds them together).
"""

from typing import Any, NamedTuple

# Card fields that change a Force, and how the effects list words them.
_CHANGES = (
    ("next_attack", "your next attack"),
    ("next_defense", "your next defense"),
    ("opponent_next_attack", "opponent's next attack"),
    ("opponent_next_defense", "opponent's next defense"),
    ("state_attack", "attacks while in this state"),
    ("state_defense", "defenses while in this state"),
)
# Other effects: flags are named, counts follow their label.
_EXTRAS = (
    ("opponent_discards", "opponent discards"),
    ("negate_penalties", "negates penalties"),
    ("draw", "draw"),
    ("heal", "heal"),
    ("look_at_hand", "look at the opponent's hand"),
)
_FLAGS = {"negate_penalties", "look_at_hand"}


class Card(NamedTuple):
    """A common-deck card. Force is a number, or the Immortal or sword stat it reads."""

    name: str
    type: str  # A D B S X Z (hlcg.tcboo.CARD_TYPES)
    force: int | None
    force_stat: str | None
    decapitation: bool
    interference: bool
    opponent_discards: int | None
    next_attack: int | None
    next_defense: int | None
    opponent_next_attack: int | None
    opponent_next_defense: int | None
    state_attack: int | None
    state_defense: int | None
    negate_penalties: bool
    draw: int | None
    heal: int | None
    look_at_hand: bool
    notes: str | None
    source: str

    @property
    def force_text(self) -> str:
        """The Force as the seed's table gives it: a number, or the stat it reads."""
        if self.force is not None:
            return str(self.force)
        return self.force_stat.capitalize() if self.force_stat else "-"

    @property
    def effects(self) -> str:
        """What the card does besides its Force, in words."""
        parts = [flag for flag in ("decapitation", "interference") if getattr(self, flag)]
        parts += [
            f"{label} {getattr(self, key):+d}"
            for key, label in _CHANGES
            if getattr(self, key) is not None
        ]
        parts += [
            f"{label}{'' if key in _FLAGS else ' ' + str(getattr(self, key))}"
            for key, label in _EXTRAS
            if getattr(self, key)
        ]
        return ", ".join(parts)


class Immortal(NamedTuple):
    """A premade Immortal and its twelve stats (hlcg.tcboo.STATS)."""

    name: str
    wits: int
    will: int
    courage: int
    strength: int
    skill: int
    reflexes: int
    agility: int
    endurance: int
    initiative: int
    experience: int
    judgement: int
    size: int
    source: str

    def stats(self) -> dict[str, int]:
        from hlcg.tcboo import STATS

        return {stat: getattr(self, stat) for stat in STATS}


class Sword(NamedTuple):
    """A sword and its five stats (hlcg.tcboo.SWORD_STATS)."""

    name: str
    sharpness: int
    impact: int
    speed: int
    guard: int
    length: int
    source: str


class Location(NamedTuple):
    """A location: the Force and hand size it changes, and its effect as the seed words it."""

    name: str
    attack_force: int | None
    defense_force: int | None
    interference_force: int | None
    hand_size: int | None
    removes_interference: bool
    effect: str
    source: str


# Catalogue table -> the record its rows are read into.
RECORDS: dict[str, type[Any]] = {
    "tcboo_cards": Card,
    "tcboo_immortals": Immortal,
    "tcboo_swords": Sword,
    "tcboo_locations": Location,
}
