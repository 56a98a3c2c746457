"""`hlcg validate --all-formats`: each deck judged in every checked format, read once."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from hlcg.catalog import Catalogue
from hlcg.check import check_deck
from hlcg.deck import read_deck


class FormatVerdict(NamedTuple):
    """A deck's verdict in one format: legal, or how many errors."""

    format: str
    legal: bool
    errors: int


class MatrixRow(NamedTuple):
    """One deck in every checked format, in CHECKED_FORMATS order."""

    path: Path
    verdicts: tuple[FormatVerdict, ...]


def legality_matrix(
    paths: Sequence[Path],
    catalogue: Catalogue,
    select: Sequence[str] = (),
    ignore: Sequence[str] = (),
    date: str | None = None,
) -> list[MatrixRow]:
    """Each deck in every checked format, each file read once."""
    from hlcg.catalog import CHECKED_FORMATS

    rows = []
    for path in paths:
        deck = read_deck(path)  # read once, checked in each format
        verdicts = []
        for fmt in CHECKED_FORMATS:
            report = check_deck(deck, catalogue, fmt, select, ignore, date)
            verdicts.append(FormatVerdict(fmt, report.legal, report.errors))
        rows.append(MatrixRow(path, tuple(verdicts)))
    return rows
