"""A custom Immortal sheet as a pydantic model: its shape, and every way it departs from it
as a located problem.

The model says what a sheet holds (seed 003, Rules for making your own Immortals): a name,
a method (`roll` or `points`), a sword, an optional location and the twelve stats as whole
numbers. What the sheet's numbers must add up to, and whether its sword and location exist,
is checked after reading (``hlcg.tcboo.sheet``).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

from pydantic import (
    BaseModel,
    ConfigDict,
    StrictInt,
    ValidationError,
    create_model,
    field_validator,
)

from hlcg.tcboo import STATS

SHEET_KEYS = ("location", "method", "name", "stats", "sword")

# The twelve stats, each a whole number or absent (absent ones are reported as missing).
SheetStats: type[BaseModel] = create_model(
    "SheetStats",
    __config__=ConfigDict(extra="forbid", frozen=True),
    **{stat: (StrictInt | None, None) for stat in STATS},  # type: ignore[call-overload]
)


class SheetForm(BaseModel):
    """The keys of a sheet; keys and the method are folded to lower case before this."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str | None = None
    method: Literal["roll", "points"]
    sword: str | None = None
    location: str | None = None
    stats: SheetStats | None = None

    @field_validator("name", mode="before")
    @classmethod
    def _name_if_text(cls, value: Any) -> Any:
        """A name is only shown, never checked: a sheet without a text one is unnamed."""
        return value if isinstance(value, str) else None


class Departure(NamedTuple):
    """Where a sheet leaves the model: the key path, pydantic's error type, the value."""

    where: tuple[str, ...]
    kind: str
    value: Any


class ReadSheet(NamedTuple):
    """A sheet as read: its keys folded to lower case, the stats that are whole numbers,
    and where it departs from the model (by key path)."""

    values: dict[str, Any]
    stats: dict[str, int]
    departures: dict[tuple[str, ...], Departure]

    @property
    def name(self) -> str | None:
        name = self.values.get("name")
        return name if isinstance(name, str) else None


def _fold_keys(table: dict[str, Any]) -> dict[str, Any]:
    """Keys as the rules write them, whatever their case: `Size = 6`, `Method = "roll"`."""
    return {k.lower() if isinstance(k, str) else k: v for k, v in table.items()}


def fold(sheet: dict[str, Any]) -> dict[str, Any]:
    """The sheet with its keys, its stats' keys and its method in lower case."""
    folded = _fold_keys(sheet)
    if isinstance(folded.get("stats"), dict):
        folded["stats"] = _fold_keys(folded["stats"])
    if isinstance(folded.get("method"), str):
        folded["method"] = folded["method"].strip().lower()
    return folded


def _departures(sheet: dict[str, Any]) -> list[Departure]:
    try:
        SheetForm.model_validate(sheet)
    except ValidationError as exc:
        return [
            Departure(tuple(str(part) for part in error["loc"]), error["type"], error["input"])
            for error in exc.errors()
        ]
    return []


def read(sheet: dict[str, Any]) -> ReadSheet:
    """Read a parsed sheet: the values that fit the model, and the departures from it."""
    folded = fold(sheet)
    departures = {d.where: d for d in _departures(folded)}
    raw_stats = folded.get("stats")
    stats = {
        stat: raw_stats[stat]
        for stat in STATS
        if isinstance(raw_stats, dict)
        and raw_stats.get(stat) is not None
        and ("stats", stat) not in departures
    }
    return ReadSheet(folded, stats, departures)
