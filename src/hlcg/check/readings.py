"""One reading or the same verdict: a deck line that could be two cards.

Where a line is ambiguous (`Katana` under Pre-Game: the Katana persona or the Katana Weapon
of Choice), the deck is judged once per reading. When every reading gets the same verdict,
that verdict stands, with a note naming the cards (a Generic Immortal with `Katana` is legal
either way: seed 001 §Persona Cards, seed 000 §Weapons of Choice); a deck illegal whichever
card it is keeps the line's `ambiguous-card` error, which names them. When the verdicts differ,
the reading whose cards the format admits on evidence (its legality list names the format,
or it has a printing of the format's edition) is taken, and the note says so -- except
between a persona and another card of its name: the format never makes a line the persona
(docs/deck-format.md), the deck does. A deck holding cards specific to other personas
(which only a Generic Immortal or those personas may hold) says the line is not the
persona. Only where nothing decides does the line stay `ambiguous-card`.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable

from hlcg.catalog import Card, Catalogue
from hlcg.deck import AMBIGUOUS, Deck, Entry
from hlcg.problems import Problem, Severity
from hlcg.rules import PERSONA_SPECIFIC, RULE_OF_UNRESOLVED, RULES, DeckReport

# Readings tried at most: a deck of many ambiguous lines stays ambiguous, and fast.
MAX_LINES = 3
MAX_CANDIDATES = 4
MAX_READINGS = 16


# An ambiguous line: its number and its name as read (an .o8d written on one line holds
# several entries of one line number).
LineName = tuple[int, str]


def _pinned(deck: Deck, choice: dict[LineName, str]) -> Deck:
    """The deck with each ambiguous line naming one candidate by its id."""
    pinned = copy.copy(deck)

    def pin(entry: Entry) -> Entry:
        if entry.line is None:
            return entry
        names = [entry.name, *(reading.name for reading in entry.readings)]
        card_id = next((choice[(entry.line, n)] for n in names if (entry.line, n) in choice), None)
        if card_id is None:
            return entry
        return entry._replace(name=card_id, set_code=None, readings=(), card_id=None)

    pinned.entries = [pin(e) for e in deck.entries]
    return pinned


def _admitted(catalogue: Catalogue, fmt: str, card: Card) -> bool:
    info = catalogue.formats.get(fmt)
    editions = set(info.editions) if info else set()
    return fmt in card.formats or bool(card.editions & editions)


def _verdict(report: DeckReport) -> str:
    return "LEGAL" if report.legal else "ILLEGAL"


def _ambiguous_lines(report: DeckReport) -> dict[LineName, tuple[str, ...]] | None:
    """The ambiguous lines worth judging once per reading, with their candidates' ids; None
    when there are none or too many."""
    resolved = report.resolved
    if resolved is None:
        return None
    lines: dict[LineName, tuple[str, ...]] = {
        (u.line, u.name): u.card_ids
        for u in resolved.unresolved
        if u.kind == AMBIGUOUS and u.line is not None and len(u.card_ids) >= 2
    }
    readings = 1
    for ids in lines.values():
        readings *= len(ids)
    if not lines or len(lines) > MAX_LINES or readings > MAX_READINGS:
        return None
    if any(len(ids) > MAX_CANDIDATES for ids in lines.values()):
        return None
    return lines


def settle_readings(
    deck: Deck, report: DeckReport, catalogue: Catalogue, check: Callable[[Deck], DeckReport]
) -> DeckReport:
    """The report on the deck as one reading of its ambiguous lines, where the verdict or
    the format's evidence decides (see the module docstring); else ``report`` itself."""
    lines = _ambiguous_lines(report)
    if lines is None:
        return report
    numbers = sorted(lines)
    choices = [
        dict(zip(numbers, ids, strict=True))
        for ids in itertools.product(*(lines[n] for n in numbers))
    ]
    judged = [(choice, check(_pinned(deck, choice))) for choice in choices]
    fmt = report.format
    admitted = [
        (choice, r)
        for choice, r in judged
        if all(_admitted(catalogue, fmt, catalogue.cards[i]) for i in choice.values())
    ]
    personas = {i for ids in lines.values() for i in ids if catalogue.cards[i].type == "persona"}
    decided = _decided(judged, admitted, fmt, personas)
    if decided is None:
        return report
    choice, chosen, reason = decided
    notes = [_note(catalogue, lines[n], choice[n], n[0], reason) for n in numbers]
    chosen.problems = sorted([*chosen.problems, *notes], key=Problem.sort_key)
    return chosen


Judged = tuple[dict[LineName, str], DeckReport]


def _decided(
    judged: list[Judged], admitted: list[Judged], fmt: str, personas: set[str]
) -> tuple[dict[LineName, str], DeckReport, str] | None:
    """The reading taken and why, or None when nothing decides (or every reading is
    illegal: the line's ambiguous-card error then says which cards it may be)."""
    verdicts = {_verdict(r) for _, r in judged}
    if verdicts == {"ILLEGAL"}:
        return None
    if len(verdicts) == 1:
        choice, chosen = (admitted or judged)[0]
        return choice, chosen, f"every reading is {_verdict(chosen)}"
    if personas:
        return _decided_by_deck(judged, personas)
    if admitted and len({_verdict(r) for _, r in admitted}) == 1:
        choice, chosen = admitted[0]
        others = " or ".join(sorted(verdicts - {_verdict(chosen)}))
        reason = f"read as the card {fmt} admits on evidence; read otherwise it would be {others}"
        return choice, chosen, reason
    return None


def _decided_by_deck(
    judged: list[Judged], personas: set[str]
) -> tuple[dict[LineName, str], DeckReport, str] | None:
    """Between a persona and another card of its name the deck decides, not the format:
    read as the persona, a deck holding cards specific to other personas breaks
    persona-specific (seed 001 §Persona Cards); read as the other card, it is a Generic
    Immortal's. Taken where that reading is LEGAL and every persona reading has them."""
    as_persona = [(c, r) for c, r in judged if personas & set(c.values())]
    others = [(c, r) for c, r in judged if not personas & set(c.values()) and r.legal]
    if not others or not as_persona:
        return None
    if not all(any(p.rule == PERSONA_SPECIFIC.name for p in r.problems) for _, r in as_persona):
        return None
    choice, chosen = others[0]
    reason = (
        "not read as the persona: the deck holds cards specific to other personas, "
        "which a Generic Immortal may hold; read as the persona it would be ILLEGAL"
    )
    return choice, chosen, reason


def _described(card: Card) -> str:
    return f"{card.name} ({card.type or 'type unknown'}) [{card.id}]"


def _note(
    catalogue: Catalogue, ids: tuple[str, ...], taken: str, line: int, reason: str
) -> Problem:
    cards = [catalogue.cards[i] for i in ids]
    named = " or ".join(_described(c) for c in cards)
    rule = RULES[RULE_OF_UNRESOLVED[AMBIGUOUS]]
    return Problem(
        rule.code,
        rule.name,
        Severity.NOTE,
        f"the line could be {named}; {reason}: judged as {_described(catalogue.cards[taken])}",
        tuple(ids),
        line,
        f"name one by its id, e.g. `{taken}`, to say which",
    )
