"""Pydantic descriptions of what the answering commands print with `--json`: one shape per
command whatever it is given or finds (a deck or a folder, a card found or not).
``schemas/*.schema.json`` is generated from them (``python -m hlcg.schemas schemas``); the
commands build plain dicts, so they never import pydantic.

A card inside an answer is the catalogue's card object (its contract row,
``schemas/card.schema.json``, with its printings, legality facts, sourced facts and
verdicts): described here as an object, its fields documented there.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class CatalogueRowsModel(_Strict):
    cards: list[str]
    format: str


class HashEntryModel(_Strict):
    """One deck file named or found: its fingerprint, or why it could not be read (then
    every other field is null)."""

    path: str
    fingerprint: str | None
    format: str | None
    date: str | None = Field(description="The date judged by (YYYY-MM-DD)")
    canonical: str | None = Field(description="The canonical form the fingerprint hashes")
    catalogue_rows: CatalogueRowsModel | None
    unreadable: str | None = Field(description="Why the file could not be read, else null")


class DeckHashModel(_Strict):
    """`hlcg deck hash --json`: the same object for one deck file, several or a folder."""

    decks: list[HashEntryModel]


class ScoredNameModel(_Strict):
    name: str
    score: float


class IdsCandidateModel(ScoredNameModel):
    ids: list[str]


class TcbooLookupModel(_Strict):
    """`hlcg tcboo card|immortal|sword NAME --json`: the row found (null when the name
    decides none; exit 1) and the close names."""

    query: str
    found: dict[str, Any] | None
    candidates: list[ScoredNameModel]


class RemovedCardModel(_Strict):
    """A card `hlcg db remove` took out, asked for by its id with --history."""

    id: str
    title: str = Field(description="The card's title when it was removed")
    removal: str = Field(description="When, by whom and why: `DAY removed by WHO: WHY`")
    history: list[dict[str, Any]] = Field(
        description="What fact_history keeps of it: each field's value with its source, and "
        "when, by whom and why it was removed (and any value superseded before)"
    )


class CardAnswerModel(_Strict):
    """`hlcg card NAME --json`: the cards the name means (none: exit 1) and the ranked
    did-you-mean list; with --history, a removed card's history (exit 0)."""

    # Either the cards and suggestions, or (the id of a removed card, with --history) the
    # removed card alone: it was found, so no did-you-mean.
    model_config = ConfigDict(
        extra="forbid",
        json_schema_extra={
            "oneOf": [{"required": ["cards", "suggestions"]}, {"required": ["removed"]}]
        },
    )

    query: str
    matched_by: str = Field(
        description="How the name was matched; none when it was not; removed for the id of "
        "a removed card asked with --history"
    )
    score: float | None
    cards: list[dict[str, Any]] = Field(
        default_factory=list, description="Absent for a removed card"
    )
    suggestions: list[IdsCandidateModel] = Field(
        default_factory=list, description="Absent for a removed card"
    )
    removed: RemovedCardModel | None = Field(
        default=None, description="Only with --history, for the id of a removed card"
    )


class SearchAnswerModel(_Strict):
    """`hlcg search QUERY --json`: the cards found (none: exit 1)."""

    query: str
    count: int
    cards: list[dict[str, Any]]
    notes: list[str] = Field(
        default_factory=list,
        description="A line for each misspelt set or persona the search took as the one it "
        "is close to (on a terminal they go to stderr as well)",
    )


class PersonaAnswerModel(_Strict):
    """`hlcg persona NAME --json`: the persona's versions (none: exit 1) and close names."""

    query: str
    matched_by: str
    versions: list[dict[str, Any]]
    candidates: list[IdsCandidateModel]


class RuleSummaryModel(_Strict):
    code: str
    name: str
    severity: dict[str, str] = Field(description="The rule's severity in each format listed")
    summary: str


class RulesAnswerModel(_Strict):
    """`hlcg rules [NAME] --json`: the name asked (null for the whole list), the one rule it
    names in full (its documentation, parameters and each format's numbers; null for a
    code family, the list or no such rule, exit 1), the rules listed (that rule alone, a
    family, every rule, none), for `hlcg rules permissions` the permissions, and for a name
    that is no rule the rule names close to it (the did-you-mean; else empty)."""

    query: str | None
    rule: dict[str, Any] | None
    rules: list[RuleSummaryModel]
    permissions: dict[str, Any] | None
    suggestions: list[str]


COMMAND_SCHEMAS: dict[str, type[BaseModel]] = {
    "rules-answer.schema.json": RulesAnswerModel,
    "deck-hash.schema.json": DeckHashModel,
    "card-answer.schema.json": CardAnswerModel,
    "search-answer.schema.json": SearchAnswerModel,
    "persona-answer.schema.json": PersonaAnswerModel,
    "tcboo-lookup.schema.json": TcbooLookupModel,
}
