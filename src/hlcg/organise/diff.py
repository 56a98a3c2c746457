"""Two decks compared card by card: each line resolved to its catalogue card first, so
aliases, spellings, printings and file kinds (a LackeyCCG .dek against a forum post) do not
count as changes; what is left is the cards added, removed and changed in count, per
section (persona, pre-game, Endurance, sideboard, lines naming no single card).

A side is a deck file, or a file holding a registration sheet's QR payload
(hlcg.organise.payload): the deck as it was registered. Two decks are the same deck when
their fingerprints are equal; the sideboard is listed but, as in the fingerprint, never
makes two decks differ.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.organise.judged import JudgedDeck, judge
from hlcg.organise.payload import (
    HEADER,
    CanonicalDeck,
    is_payload_file,
    parse_canonical,
    read_payload_file,
)

if TYPE_CHECKING:
    from hlcg.catalog import Catalogue

SECTIONS = ("persona", "pregame", "endurance", "sideboard", "unrecognised")


class DeckSide(NamedTuple):
    """One side of a diff: a deck judged on a date in a format, by section and card."""

    path: str
    fingerprint: str
    verdict: str
    format: str
    date: str
    cards: dict[str, dict[str, int]]  # section -> card id (or name as written) -> copies
    legality: tuple[str, ...] = ()  # the canonical form's legality lines, for a deck file
    sheet: bool = False
    warnings: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "path": self.path,
            "fingerprint": self.fingerprint,
            "verdict": self.verdict,
            "format": self.format,
            "date": self.date,
            "sheet": self.sheet,
        }


def _sections(deck: CanonicalDeck, sideboard: dict[str, int]) -> dict[str, dict[str, int]]:
    unrecognised: dict[str, int] = {}
    for line in deck.unresolved:
        count, _, rest = line.partition(" ")
        name = rest.partition(" ")[2]
        unrecognised[name] = unrecognised.get(name, 0) + int(count)
    return {
        "persona": {deck.persona: 1},  # a card id, or generic-immortal
        "pregame": {k: n for k, n in deck.pregame.items() if k != deck.persona},
        "endurance": dict(deck.endurance),
        "sideboard": sideboard,
        "unrecognised": unrecognised,
    }


def sheet_side(path: str, deck: CanonicalDeck) -> DeckSide:
    return DeckSide(
        path,
        deck.fingerprint,
        deck.verdict,
        deck.format,
        deck.date,
        _sections(deck, {}),
        sheet=True,
    )


def text_side(text: str, name: str) -> DeckSide | None:
    """A sheet's payload posted as text, as a side; None when the text is a deck."""
    if not text.startswith(HEADER):
        return None
    return sheet_side(name, parse_canonical(text, name))


def file_side(path: Path, catalogue: Catalogue, fmt: str | None, date: str | None) -> DeckSide:
    """A deck file as a side; a file holding a sheet's payload is the registered deck."""
    if is_payload_file(path):
        return sheet_side(str(path), read_payload_file(path))
    return judged_side(judge(path, catalogue, fmt, date))


def judged_side(judged: JudgedDeck) -> DeckSide:
    """A judged deck as a side of a diff."""
    from hlcg.catalog import normalise

    deck = parse_canonical(judged.canonical, judged.path, judged.fingerprint)
    sideboard: dict[str, int] = {}
    for line in judged.resolved.sideboard:
        key = line.card_id or normalise(line.name)
        sideboard[key] = sideboard.get(key, 0) + line.count
    legality = judged.canonical.split("\nlegality\n", 1)[1].splitlines()
    return DeckSide(
        judged.path,
        judged.fingerprint,
        judged.verdict,
        judged.report.format,
        judged.report.date,
        _sections(deck, sideboard),
        tuple(legality),
        warnings=tuple(judged.warnings),
    )


def read_sides(
    paths: tuple[Path, Path], catalogue: Catalogue, fmt: str | None, date: str | None
) -> tuple[DeckSide, DeckSide]:
    """Both sides, a deck file judged by a sheet's format and date when the other side is a
    sheet and --format or --date do not say otherwise."""
    sheets = [p for p in paths if is_payload_file(p)]
    if sheets and not (fmt and date):
        registered = file_side(sheets[0], catalogue, None, None)
        fmt, date = fmt or registered.format, date or registered.date or None
    first, second = (file_side(p, catalogue, fmt, date) for p in paths)
    return first, second


def _name(key: str, catalogue: Catalogue) -> str:
    """A card's name; a key no card has (a line naming no single card, a Generic
    Immortal, a card another catalogue holds) as it is."""
    card = catalogue.cards.get(key)
    if card is not None:
        return card.name
    return "Generic Immortal" if key == "generic-immortal" else key


def changes(a: DeckSide, b: DeckSide, catalogue: Catalogue) -> list[dict[str, Any]]:
    """Every card whose copies differ, by section in the judge's order, then by name, then
    by id (versions sharing a name: one order, whatever the set's hash order)."""
    found = []
    for section in SECTIONS:
        before, after = a.cards.get(section, {}), b.cards.get(section, {})
        keys = set(before) | set(after)
        for key in sorted(keys, key=lambda k: (_name(k, catalogue).casefold(), k)):
            was, now = before.get(key, 0), after.get(key, 0)
            if was == now:
                continue
            change = "added" if not was else "removed" if not now else "changed"
            found.append(
                {
                    "section": section,
                    "card": key,
                    "name": _name(key, catalogue),
                    "before": was,
                    "after": now,
                    "change": change,
                }
            )
    return found


def other_differences(a: DeckSide, b: DeckSide) -> list[str]:
    """Why two fingerprints differ beyond the cards: the format, the date's legality
    facts, the printings named, the catalogue rows."""
    notes = []
    if a.format != b.format:
        notes.append(f"format: {a.format} -> {b.format}")
    if a.date != b.date and a.date and b.date:
        notes.append(f"judged by: {a.date} -> {b.date}")
    if not (a.sheet or b.sheet):
        notes += [f"only {a.path}: {line}" for line in a.legality if line not in b.legality]
        notes += [f"only {b.path}: {line}" for line in b.legality if line not in a.legality]
    return notes


def _legal(verdict: str) -> bool | None:
    """Whether a side's verdict ("legal", "not legal, 2 errors") says legal; None when a
    sheet records none."""
    return verdict == "legal" if verdict else None


def verdicts_differ(a: DeckSide, b: DeckSide, names: tuple[str, str] | None = None) -> str | None:
    """The note when one side is legal and the other is not, whatever their fingerprints:
    one fingerprint must mean one verdict, so this is worth saying even of one deck.
    ``names`` names the sides where the caller knows what each is (`hlcg event verify`:
    the registered deck and the presented sheet)."""
    legal_a, legal_b = _legal(a.verdict), _legal(b.verdict)
    if legal_a is None or legal_b is None or legal_a == legal_b:
        return None
    # else the sides by the names the diff's own lines give them (`a: PATH: ...`), so the
    # note reads the same wherever the decks came from (files, the web page's posted text)
    first = "the sheet" if a.sheet else "the deck" if b.sheet else "a"
    second = "the sheet" if b.sheet else "the deck" if a.sheet else "b"
    if names is not None:
        first, second = names
    return f"the verdicts differ: {first} is {a.verdict}, {second} is {b.verdict}"


def deck_diff(
    a: DeckSide, b: DeckSide, catalogue: Catalogue, names: tuple[str, str] | None = None
) -> dict[str, Any]:
    """`hlcg deck diff` as data; ``names`` as verdicts_differ takes them."""
    same = a.fingerprint == b.fingerprint
    listed = changes(a, b, catalogue)
    counted = [c for c in listed if c["section"] != "sideboard"]
    notes = other_differences(a, b) if not same else []
    verdicts = verdicts_differ(a, b, names)
    if verdicts is not None:
        notes.insert(0, verdicts)
    if not same and not counted and not notes:
        notes.append(
            "the cards are the same; the fingerprints differ by the catalogue rows or "
            "legality facts the verdict reads (see docs/fingerprint.md)"
        )
    return {
        "same": same,
        "a": a.to_json(),
        "b": b.to_json(),
        "changes": listed,
        "other": notes,
    }
