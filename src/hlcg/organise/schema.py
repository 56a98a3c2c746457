"""Pydantic descriptions of the JSON `hlcg deck diff`, `hlcg deck odds` and `hlcg deck sheet
--verify` print; ``schemas/deck-*.schema.json`` are generated from them. The commands build
plain dicts, so they never import pydantic."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ChanceModel(_Strict):
    """An exact chance, numerator / denominator, and as a percentage rounded to 2 places."""

    numerator: int
    denominator: int
    percent: float


class GemCheckModel(_Strict):
    check: str
    gems: int
    source: str
    chance: ChanceModel


class GemChanceModel(_Strict):
    """The chance of a number of gems in an Exertion (exactly, or at least, that many)."""

    gems: int = Field(description="The number of gems, from 0 up")
    chance: ChanceModel


class GemOddsModel(_Strict):
    """Gems of one attribute in an Exertion: the chance of exactly, and of at least, each
    number of gems from 0 to the most five cards can hold."""

    attribute: str
    in_deck: int
    exertion: int
    unknown_gems: list[str]
    exactly: list[GemChanceModel]
    at_least: list[GemChanceModel]
    checks: list[GemCheckModel]


class KindOddsModel(_Strict):
    kind: str
    how: Literal["title", "type", "defends", "attacks", "gem", "query"]
    cards: int
    copies: int
    matching: list[str]
    draws: dict[str, ChanceModel]
    gems: GemOddsModel | None = None


class AreaModel(_Strict):
    attacks: int = Field(description="Attack copies a source gives as covering the area")
    defenses: int = Field(description="Defense copies a source gives as covering the area")
    not_recorded: int = Field(
        description="Copies that may also cover the area but no source decides (a Type Two "
        "basic Block and the middle row)"
    )


class UnknownGridModel(_Strict):
    copies: int
    cards: dict[str, int]


class CoverageModel(_Strict):
    rulebook: str = Field(description="The rulebook whose grid the deck's format follows")
    areas: dict[str, AreaModel]
    unknown_grid: UnknownGridModel


class OddsModel(_Strict):
    """`hlcg deck odds --output json`."""

    path: str
    format: str
    endurance: int
    unresolved_copies: int
    draws: dict[str, int]
    kinds: list[KindOddsModel]
    coverage: CoverageModel


class SideModel(_Strict):
    path: str
    fingerprint: str
    verdict: str
    format: str
    date: str
    sheet: bool


class ChangeModel(_Strict):
    section: Literal["persona", "pregame", "endurance", "sideboard", "unrecognised"]
    card: str
    name: str
    before: int
    after: int
    change: Literal["added", "removed", "changed"]


class DiffModel(_Strict):
    """`hlcg deck diff --output json`."""

    same: bool
    a: SideModel
    b: SideModel
    changes: list[ChangeModel]
    other: list[str]


class FingerprintOnlyModel(_Strict):
    fingerprint: str


class VerifyModel(_Strict):
    """`hlcg deck sheet --verify SHEET --output json`."""

    match: bool
    sheet: SideModel | FingerprintOnlyModel
    deck: SideModel
    changes: list[ChangeModel]
    other: list[str]


OUTPUT_SCHEMAS: dict[str, type[BaseModel]] = {
    "deck-diff.schema.json": DiffModel,
    "deck-odds.schema.json": OddsModel,
    "deck-verify.schema.json": VerifyModel,
}
