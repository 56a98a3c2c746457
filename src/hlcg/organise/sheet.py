"""A registration sheet as data: one deck in the order a judge reads it (the persona, the
pre-game, then the Endurance by type and title), with counts and totals, the format and
the date it was judged by, the verdict, and the fingerprint with the QR payload that
carries it (hlcg.organise.payload)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog import CARD_TYPES
from hlcg.organise.judged import JudgedDeck, judge
from hlcg.organise.payload import sheet_payload

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue
    from hlcg.deck import DeckCard

NO_TYPE = "type not recorded"
NOT_RECOGNISED = "not recognised"


class SheetLine(NamedTuple):
    copies: int
    name: str
    type: str


class Counted(NamedTuple):
    """The counts `hlcg validate` prints, so the sheet and the report say the same numbers:
    the pre-game counted toward the limit (the persona included, exempt cards left out)
    and the Endurance, each split into recognised and unrecognised copies."""

    pregame: int
    pregame_unrecognised: int
    endurance: int
    endurance_unrecognised: int


class Sheet(NamedTuple):
    """One page: a deck with what the judge needs to see."""

    path: str
    event: str
    player: str
    date: str
    format: str
    persona: str
    verdict: str
    legal: bool
    fingerprint: str
    payload: str
    pregame: list[SheetLine]
    endurance: list[SheetLine]
    unrecognised: list[SheetLine]
    warnings: list[str]
    counted: Counted
    # What an event judged the deck by (format, date, hlcg ruleset, rule set) where the
    # sheet says more than the date, and whether the organiser accepted it though illegal.
    judged_by: str = ""
    accepted_illegal: bool = False

    @property
    def verdict_shown(self) -> str:
        """The verdict as the sheet prints it: an illegal deck the organiser let in says so."""
        return self.verdict + (", accepted by the organiser" if self.accepted_illegal else "")

    @property
    def totals(self) -> dict[str, Any]:
        """Copies per section, and per type in the Endurance."""
        by_type: dict[str, int] = {}
        for line in self.endurance:
            by_type[line.type] = by_type.get(line.type, 0) + line.copies
        return {
            "pregame": sum(line.copies for line in self.pregame),
            "endurance": sum(line.copies for line in self.endurance),
            "unrecognised": sum(line.copies for line in self.unrecognised),
            "by_type": by_type,
            "counted": self.counted._asdict(),
        }

    def to_json(self) -> dict[str, Any]:
        data = self._asdict()
        for key in ("pregame", "endurance", "unrecognised"):
            data[key] = [line._asdict() for line in data[key]]
        data["counted"] = self.counted._asdict()
        data["totals"] = self.totals
        return data


def _type_order(card: Card) -> tuple[int, str, str]:
    """The judge's order: by type as the catalogue lists types, then by title."""
    rank = CARD_TYPES.index(card.type) if card.type in CARD_TYPES else len(CARD_TYPES)
    return rank, card.title.casefold(), card.name.casefold()


def _lines(cards: list[DeckCard]) -> list[SheetLine]:
    merged: dict[str, tuple[Card, int]] = {}
    for deck_card in cards:
        card, count = merged.get(deck_card.card.id, (deck_card.card, 0))
        merged[card.id] = (card, count + deck_card.count)
    ordered = sorted(merged.values(), key=lambda pair: _type_order(pair[0]))
    return [SheetLine(count, card.name, card.type or NO_TYPE) for card, count in ordered]


def build_sheet(
    path: Path,
    catalogue: Catalogue,
    fmt: str | None = None,
    date: str | None = None,
    event: str = "",
    player: str = "",
) -> Sheet:
    """The sheet of the deck in ``path``; DeckFileError when it cannot be read."""
    return judged_sheet(judge(path, catalogue, fmt, date), event, player)


def judged_sheet(
    judged: JudgedDeck,
    event: str = "",
    player: str = "",
    *,
    judged_by: str = "",
    accepted_illegal: bool = False,
) -> Sheet:
    """The sheet of a deck already judged (`hlcg event sheets` judges the registered deck
    on the event's date in its format, and says what the event judged by and whether the
    organiser accepted the deck though illegal)."""
    resolved, report = judged.resolved, judged.report
    unrecognised = [
        SheetLine(item.count or 1, item.name, NOT_RECOGNISED) for item in resolved.unresolved
    ]
    return Sheet(
        path=judged.path,
        event=event,
        player=player,
        date=report.date,
        format=report.format,
        persona=report.persona,
        verdict=judged.verdict,
        legal=report.legal,
        fingerprint=judged.fingerprint,
        payload=sheet_payload(judged.canonical, judged.fingerprint, report.date, judged.verdict),
        # The persona card is a pre-game card (seed 002, Persona Cards) and counts toward
        # the limit, so it is listed there, as `hlcg validate` counts it.
        pregame=_lines(resolved.pregame),
        endurance=_lines(resolved.endurance),
        unrecognised=unrecognised,
        warnings=judged.warnings,
        counted=Counted(
            report.pregame, report.pregame_unrecognised, report.endurance, report.unrecognised
        ),
        judged_by=judged_by,
        accepted_illegal=accepted_illegal,
    )
