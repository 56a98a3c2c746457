"""Pydantic description of the JSON report; ``schemas/report.schema.json`` is generated from
it. The reporter itself builds plain dicts, so reports never import pydantic."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from hlcg.catalog import CheckedFormat
from hlcg.problems import Severity

# The schema lists the severities inline, as before, not the enum's Python docstring.
SeverityName = Annotated[
    Severity,
    WithJsonSchema({"enum": [str(s) for s in Severity], "title": "Severity", "type": "string"}),
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DetailModel(_Strict):
    """One rule's own finding in a problem that stands for several."""

    code: str
    rule: str
    message: str


class ProblemModel(_Strict):
    code: str
    rule: str
    severity: SeverityName
    message: str
    cards: list[str]
    line: int | None
    fix: str | None
    details: list[DetailModel] = Field(
        default_factory=list,
        description="Present when one fix settles what several rules found (a line breaking "
        "several limits): each rule's own finding; the message names them in one sentence",
    )


class GemUse(_Strict):
    used: int
    cap: int | None


class Gems(_Strict):
    master: GemUse
    agility: GemUse
    strength: GemUse
    toughness: GemUse
    empathy: GemUse
    reason: GemUse


class GapModel(_Strict):
    """A fact a check lacked: what `hlcg db fill` asks for."""

    fact: str = Field(
        description="The fact missing: gems, persona-gems, master-limit, restriction, "
        "hand-icons, type, uniqueness, legality, basic-cards or permission"
    )
    rules: list[str] = Field(description="The rules it kept from finishing")
    cards: list[str] = Field(description="The cards it concerns (ids), as their notes name them")
    text: str = Field(description='As the text report says it: "9 restriction numbers"')


class CoverageModel(_Strict):
    """What the check covered: the text report's "checked" and "not checked" lines."""

    checked: list[str] = Field(
        description='The checks that finished ("size", "basics", "titles", ...)'
    )
    not_checked: list[GapModel] = Field(
        description="The facts missing, one entry each; their `unchecked` notes are among "
        "the problems"
    )
    fill: str | None = Field(
        description="The command that asks for the missing facts (None without gaps)"
    )


class SideboardCardModel(_Strict):
    """A sideboard line as written: listed, never counted or checked."""

    card: str
    count: int
    line: int | None
    id: str | None = Field(description="The card it names, when it names exactly one")


class DeckReportModel(_Strict):
    path: str
    fingerprint: str | None
    format: CheckedFormat
    date: str = Field(
        description="The date judged by (YYYY-MM-DD): the legality facts in force on it"
    )
    persona: str
    legal: bool
    errors: int
    warnings: int
    notes: int
    endurance: int = Field(description="Endurance copies of recognised cards")
    unrecognised: int = Field(
        description="Endurance copies on lines naming no single card (they count toward 50)"
    )
    pregame: int = Field(description="Pre-game copies of recognised cards")
    pregame_unrecognised: int = Field(
        description="Pre-game copies on lines naming no single card (they count toward the limit)"
    )
    gems: Gems
    coverage: CoverageModel
    problems: list[ProblemModel]
    sideboard: list[SideboardCardModel]


class Summary(_Strict):
    decks: int
    legal: int
    illegal: int
    errors: int
    warnings: int
    notes: int
    unreadable: int
    skipped: int = Field(description="Files the run found and passed over as no deck")


class SkippedModel(_Strict):
    """A file the run found and passed over as recognisably no deck (a README, a saved
    report, a backup, a `.md` file that does not read as a deck): never judged."""

    path: str
    reason: str


class UnreadableModel(_Strict):
    """A deck file that could not be read at all (the run exits 2)."""

    path: str
    message: str


class Report(_Strict):
    """The report of `hlcg validate --output json`."""

    version: Literal[1]
    decks: list[DeckReportModel]
    unreadable: list[UnreadableModel]
    skipped: list[SkippedModel] = Field(
        description="Every file the run found and passed over, with why: a run accounts "
        "for every file"
    )
    summary: Summary
