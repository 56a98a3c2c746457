"""The API's request and error bodies as pydantic models; ``schemas/api-*.schema.json`` are
generated from them with the others (``python -m hlcg.schemas schemas``); a test fails
when they are stale.

Responses that the CLI also prints keep the CLI's schemas: `POST /api/validate` returns
``report.schema.json``, cards are rows of ``card.schema.json``.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from hlcg.deck import KIND_NAMES, WRITTEN_KIND_NAMES

# Longer names are not file names; the name only labels the report and picks the reader.
MAX_FILENAME = 255

# A request's `kind` (and `to`) -> the extension of that kind of file: the deck stage's names
# of the kinds (hlcg.deck.KIND_NAMES), which `hlcg deck convert --to` takes too.
KIND_SUFFIXES = KIND_NAMES
_ALL_KIND_NAMES = tuple(KIND_NAMES)
DeckKindName = Literal[_ALL_KIND_NAMES]  # type: ignore[valid-type]
# The kinds hlcg writes, by name ("text" and "txt" alike).
WrittenKindName = Literal[WRITTEN_KIND_NAMES]  # type: ignore[valid-type]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid")


class DeckRequest(_Strict):
    """A deck to check: `POST /api/validate` (and the page's /api/check and /api/fix)."""

    deck: str = Field(description="The deck file's text (text, JSON, LackeyCCG or OCTGN).")
    format: str | None = Field(
        None,
        description="Format to check against, as --format or a Format: line writes it; "
        "default: the deck's own Format: line, else type-two.",
    )
    filename: str | None = Field(
        None,
        max_length=MAX_FILENAME,
        description="The file's name: its extension picks the reader and it labels the "
        "report (`path`). Never opened. Default: guessed from the text (deck.txt, "
        "deck.json, deck.dek or deck.o8d).",
    )
    kind: DeckKindName | None = Field(
        None,
        description="The kind of deck the text is: picks the reader, before the file "
        "name's extension (a file name left over from an opened file never decides). "
        "Default: the file name's extension, else the text's look.",
    )
    date: str | None = Field(
        None,
        max_length=10,
        description="The date to judge by, YYYY-MM-DD (a tournament's date), as "
        "`hlcg validate --date`: the legality facts in force on it. Default: today.",
    )


class AddRequest(DeckRequest):
    """`POST /api/add`: one copy of a card added to a text deck."""

    card: str = Field(description="The card's id, as /api/search and /api/card return it.")


class DiffRequest(_Strict):
    """`POST /api/diff`: two decks compared card by card, as `hlcg deck diff` compares them.
    A side's `deck` may be a registration sheet's QR payload (`hlcg-sheet 1` ...)."""

    a: DeckRequest = Field(description="The registered deck (or a sheet's QR payload).")
    b: DeckRequest = Field(description="The deck to compare it with.")


class OddsRequest(DeckRequest):
    """`POST /api/odds`: the draw odds and grid coverage `hlcg deck odds` gives."""

    kinds: list[str] = Field(
        default_factory=list,
        max_length=20,
        description="What to draw, as `--kind` takes it: a title, a type, an area, a gem "
        "attribute or a search query. Default: attack, block, dodge and special.",
    )


class ConvertRequest(DeckRequest):
    """`POST /api/convert`: the deck written as `hlcg deck convert --to TO` writes it."""

    to: WrittenKindName = Field(
        description="The kind of deck to write: text (or txt), json, dek (LackeyCCG), o8d (OCTGN)."
    )
    name: str | None = Field(
        None,
        max_length=MAX_FILENAME,
        description="The file name to suggest, without its extension. Default: the "
        "filename's stem, else deck.",
    )


class FillRequest(_Strict):
    """POST /api/fill: one answer about one card, as `hlcg db fill` reads it."""

    card: str = Field(max_length=200, description="The card's id.")
    format: str | None = Field(default=None, max_length=100, description="The format asked for.")
    printing: str = Field(max_length=100, description="The printing held: set code and number.")
    fact: str = Field(
        max_length=40,
        description="The question answered (gems, restriction, hand_icons, master_limit), "
        "or printing to record the printing alone.",
    )
    answer: str = Field(default="", max_length=200, description="A value, none or skip.")
    reader: str = Field(max_length=60, description="Who read the card (into every source).")


class ErrorDetail(_Strict):
    status: int
    message: str


class ErrorResponse(_Strict):
    """Every API error: 400 bad request, 403 foreign host or origin (or recording refused),
    404 not found, 405, 409 a recorded fact says otherwise, 413 body too large, 422 deck
    unreadable or not convertible (or an answer to ask again), 500, 503 busy."""

    error: ErrorDetail


API_SCHEMAS: dict[str, type[BaseModel]] = {
    "api-deck-request.schema.json": DeckRequest,
    "api-add-request.schema.json": AddRequest,
    "api-diff-request.schema.json": DiffRequest,
    "api-odds-request.schema.json": OddsRequest,
    "api-convert-request.schema.json": ConvertRequest,
    "api-fill-request.schema.json": FillRequest,
    "api-error.schema.json": ErrorResponse,
}
