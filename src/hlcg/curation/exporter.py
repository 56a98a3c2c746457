"""Write a catalogue's cards as a card file (CSV, JSON or JSONL): the card contract with
each card's aliases and legality facts (``hlcg.curation.cardfile``)."""

from __future__ import annotations

from pathlib import Path

from hlcg.curation.bundle import Bundle
from hlcg.curation.cardfile import CARD_FILE_SUFFIXES, LEFT_OUT, render
from hlcg.errors import UsageError


def export(bundle: Bundle, out: Path) -> str:
    """Write the cards of ``bundle`` to ``out``; what a card file leaves out, for the
    command's message."""
    suffix = out.suffix.lower()
    if suffix not in CARD_FILE_SUFFIXES:
        raise UsageError(
            f"cannot export to {suffix!r}; give a folder, .zip, .tar.gz or .json (the whole "
            "catalogue), or .csv or .jsonl (cards only)"
        )
    out.write_text(render(bundle, suffix), encoding="utf-8")
    return LEFT_OUT.format(suffix=suffix)
