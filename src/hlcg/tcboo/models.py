"""Pydantic rows of the There Can Be Only One sources (``data/source/tcboo/``)."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from hlcg.catalog.storage import TableGroup


def _blank_to_none(value: Any) -> Any:
    if isinstance(value, str):
        return value.strip() or None
    return value


class _Row(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="before")
    @classmethod
    def _blank(cls, value: Any) -> Any:
        return _blank_to_none(value)


# The twelve Immortal stats and the five sword stats (hlcg.tcboo.STATS, SWORD_STATS; a
# test holds them together).
Stat = Literal[
    "wits",
    "will",
    "courage",
    "strength",
    "skill",
    "reflexes",
    "agility",
    "endurance",
    "initiative",
    "experience",
    "judgement",
    "size",
    "sharpness",
    "impact",
    "speed",
    "guard",
    "length",
]


class TcbooCard(_Row):
    """A common-deck card. Force is a number, or the Immortal or sword stat it reads."""

    name: str
    type: Literal["A", "D", "B", "S", "X", "Z"]
    force: int | None = Field(default=None, ge=0)
    force_stat: Stat | None = None
    decapitation: bool = False
    interference: bool = False
    opponent_discards: int | None = None
    next_attack: int | None = None
    next_defense: int | None = None
    opponent_next_attack: int | None = None
    opponent_next_defense: int | None = None
    state_attack: int | None = None
    state_defense: int | None = None
    negate_penalties: bool = False
    draw: int | None = None
    heal: int | None = None
    look_at_hand: bool = False
    notes: str | None = None
    source: str


class TcbooImmortal(_Row):
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


class TcbooSword(_Row):
    name: str
    sharpness: int
    impact: int
    speed: int
    guard: int
    length: int
    source: str


class TcbooLocation(_Row):
    name: str
    attack_force: int | None = None
    defense_force: int | None = None
    interference_force: int | None = None
    hand_size: int | None = None
    removes_interference: bool = False
    effect: str
    source: str


TABLES: dict[str, type[BaseModel]] = {
    "tcboo_cards": TcbooCard,
    "tcboo_immortals": TcbooImmortal,
    "tcboo_swords": TcbooSword,
    "tcboo_locations": TcbooLocation,
}
SOURCE_FILES = {
    "tcboo_cards": "tcboo/cards.csv",
    "tcboo_immortals": "tcboo/immortals.csv",
    "tcboo_swords": "tcboo/swords.csv",
    "tcboo_locations": "tcboo/locations.csv",
}
# What There Can Be Only One hands to the catalogue build: its tables, kept in every
# catalogue beside the cards (`hlcg db build`, `db export`, `db import`).
TABLE_GROUP = TableGroup("tcboo", TABLES, SOURCE_FILES)
