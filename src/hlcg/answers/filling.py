"""What to ask a player holding the cards, so a deck's checks can run: `hlcg db fill` and the
page's "Record what your card says" ask these questions and read the answers the same way.

Per card, only the facts this deck's check lacked (the gaps `hlcg db gaps` lists), printed
facts only: the printing read (set and number as printed), its gems (Type Two), its Master
limit (first edition), its restriction number (or none printed) and its hand icons. Each
question says what is known and what the answer unlocks. An answer is a value, ``none`` (the
card prints none), ``skip`` or ``?`` (help); a bad value is refused with the reason, to be
asked again. What is printed is read per edition: the printing named must be of the
deck's format's edition, so a 1st Edition card never answers a Type Two question.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hlcg.catalog import ATTRIBUTES
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.catalog import Card, Catalogue

GEM_FIELDS = tuple(f"gem_{a}" for a in ATTRIBUTES)
# The facts asked, in the order asked; "gems" stands for the six gem fields, read together
# as printed (a card shows its gem icons side by side).
ASKED = ("gems", "master_limit", "restriction", "hand_icons")
SKIP, HELP = "skip", "?"
NONE = "none"
# Whole numbers a card may print: wide enough for any card seen in the seeds, narrow enough
# to catch a slip of the keyboard (a persona's attribute is a single digit; a card's count of
# one gem, a restriction number and hand icons are smaller still).
RANGES = {"gems": (0, 9), "master_limit": (1, 9), "restriction": (1, 9), "hand_icons": (0, 4)}

HELP_TEXT = {
    "printing": "the set code printed on the card and its number, e.g. `2E-VS02 14` (the "
    "number may be left out when the card prints none); `skip` leaves this card",
    "gems": "the gem icons printed on the card, as attribute and count: `agility 2, reason 1` "
    "(unnamed attributes are 0); `none` when it prints no gems; `skip` leaves them unknown",
    "persona_gems": "the persona's six attribute values as printed: `master 6, agility 5, "
    "strength 5, toughness 5, empathy 5, reason 5`; `skip` leaves them unknown",
    "master_limit": "the Master limit printed on the persona card, a whole number",
    "restriction": "the restriction number printed beside the title; `none` when the card "
    "prints none (seed 001, Restricted Cards)",
    "hand_icons": "the number of hand icons printed on the Weapon of Choice; `none` for none",
}


class AnswerError(ValueError):
    """An answer that cannot be recorded: the message says why, and the question is asked
    again."""


@dataclass(frozen=True)
class Printing:
    set_code: str
    number: str  # as printed, '' when none


@dataclass(frozen=True)
class Question:
    fact: str  # one of ASKED
    prompt: str
    unlocks: str
    others: int = 0  # a card's gems: how many other cards' gems the deck lacked when asked

    def to_json(self) -> dict[str, Any]:
        return {"fact": self.fact, "prompt": self.prompt, "unlocks": self.unlocks}

    def after(self, answered: int) -> Question:
        """The question once ``answered`` other cards' gems were recorded since it was
        made (the count of those still unknown goes down)."""
        if not self.others or not answered:
            return self
        others = max(0, self.others - answered)
        return replace(self, others=others, unlocks=_gem_unlocks(others))


@dataclass(frozen=True)
class CardQuestions:
    """What to ask about one card: its known facts, the printings it may be read from, the
    questions."""

    card_id: str
    name: str
    format: str
    editions: tuple[str, ...]  # the format's editions: the printing read must be of one
    known: tuple[str, ...]
    printings: tuple[str, ...]  # recorded printings of those editions
    questions: tuple[Question, ...]
    persona: bool = False  # gems are then its attribute values, all six printed
    not_asked: str = ""  # why nothing is asked about it (recorded in another edition)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.card_id,
            "name": self.name,
            "format": self.format,
            "editions": list(self.editions),
            "known": list(self.known),
            "printings": list(self.printings),
            "questions": [q.to_json() for q in self.questions],
            "persona": self.persona,
            "not_asked": self.not_asked,
        }


def _known(card: Card, catalogue: Catalogue) -> tuple[str, ...]:
    sets = catalogue.sets
    printings = ", ".join(f"{c} ({sets[c]['edition']})" if c in sets else c for c in card.sets)
    known = [f"printings: {printings or 'none recorded'}"]
    if card.restriction is not None:
        known.append(f"restriction number: {card.restriction}")
    elif card.unrestricted:
        known.append("restriction number: none printed")
    gems = [f"{a} {card.gem(a)}" for a in ATTRIBUTES if card.gem(a) is not None]
    if gems:
        known.append(f"gems: {', '.join(gems)}")
    if card.hand_icons is not None:
        known.append(f"hand icons: {card.hand_icons}")
    if card.master_limit is not None:
        known.append(f"Master limit: {card.master_limit}")
    return tuple(known)


def _unlocks(fact: str, card: Card, persona: Card | None, others: int) -> str:
    if fact == "gems" and persona is not None and card.id == persona.id:
        return f"{card.title}'s gem caps (and Master limit) will be checked"
    if fact == "gems":
        return _gem_unlocks(others)
    if fact == "master_limit":
        return f"{card.title}'s Master limit will be checked"
    if fact == "restriction":
        return f"the copies of {card.name} will be checked against its restriction number"
    return f"{card.name}'s hand icons will be checked"


def _gem_unlocks(others: int) -> str:
    cards = "1 other card's" if others == 1 else f"{others} other cards'"
    rest = f"; {cards} gems still unknown" if others else ""
    return f"its gems count toward the gem caps{rest}"


def _fact_of(field_name: str) -> str:
    return "gems" if field_name.startswith("gem_") else field_name


def _not_asked(
    card: Card, catalogue: Catalogue, fmt: str, editions: tuple[str, ...], foreign: list[str]
) -> CardQuestions:
    """A card recorded in another edition than the format's: nothing asked, and why."""
    ours = "/".join(editions)
    return CardQuestions(
        card.id,
        card.name,
        fmt,
        editions,
        _known(card, catalogue),
        tuple(card.sets),
        (),
        not_asked=f"not asked: {card.name} is recorded in {', '.join(foreign)}, of another "
        f"edition than {fmt}'s ({ours}): a number read off a {ours} card would answer that "
        "edition's checks too; record that card as its own version (`hlcg db import`)",
    )


def _question(fact: str, card: Card, persona: Card | None, gem_cards: int) -> Question:
    is_persona = persona is not None and card.id == persona.id
    prompt = "attribute values" if fact == "gems" and is_persona else fact.replace("_", " ")
    others = max(0, gem_cards - 1) if fact == "gems" and not is_persona else 0
    return Question(fact, prompt, _unlocks(fact, card, persona, others), others)


def card_questions(
    card: Card,
    fields: set[str],
    catalogue: Catalogue,
    fmt: str,
    persona: Card | None,
    gem_cards: int = 0,
) -> CardQuestions | None:
    """The questions about ``card`` for the gap ``fields`` (as `db gaps` names them) of a
    deck in ``fmt``; None when none of them is a printed fact `db fill` asks."""
    info = catalogue.formats.get(fmt)
    editions = tuple(info.editions) if info else ()
    wanted = [f for f in ASKED if f in {_fact_of(x) for x in fields}]
    # A number printed on another edition's card than the format's does not answer it.
    foreign = [c for c in card.sets if catalogue.sets.get(c, {}).get("edition") not in editions]
    if foreign and (wanted or "formats" in fields):
        return _not_asked(card, catalogue, fmt, editions, foreign)
    if not wanted and "formats" not in fields:
        return None
    is_persona = persona is not None and card.id == persona.id
    questions = tuple(_question(fact, card, persona, gem_cards) for fact in wanted)
    return CardQuestions(
        card.id,
        card.name,
        fmt,
        editions,
        _known(card, catalogue),
        tuple(card.sets),
        questions,
        is_persona,
    )


def deck_questions(path: Path, catalogue: Catalogue) -> list[CardQuestions]:
    """The questions that keep the deck at ``path`` from being checked in its format, card
    by card in deck order (the persona first)."""
    from hlcg.answers.gaps import checked, report_gaps

    report = checked(path, catalogue)
    resolved = report.resolved
    assert resolved is not None  # a judged deck carries the reading judged
    gaps, _ = report_gaps(report, catalogue)
    by_card: dict[str, set[str]] = {}
    for card_id, field_name in gaps:
        by_card.setdefault(card_id, set()).add(field_name)
    gem_cards = sum(1 for fields in by_card.values() if any(f in GEM_FIELDS for f in fields))
    order = [resolved.persona] if resolved.persona else []
    order += [dc.card for dc in resolved.cards]
    asked: list[CardQuestions] = []
    seen: set[str] = set()
    for card in order:
        if card.id in seen or card.id not in by_card:
            continue
        seen.add(card.id)
        questions = card_questions(
            card, by_card[card.id], catalogue, resolved.format, resolved.persona, gem_cards
        )
        if questions is not None:
            asked.append(questions)
    return asked


def top_questions(decks: list[Path], catalogue: Catalogue, top: int) -> list[CardQuestions]:
    """The questions about the first ``top`` cards `hlcg db gaps` ranks for ``decks``, each
    asked for the format of the first deck it leaves unchecked."""
    from hlcg.answers.gaps import checked, find_gaps
    from hlcg.stdin import shown

    gaps, _ = find_gaps(decks, catalogue)
    by_card: dict[str, tuple[set[str], str]] = {}
    for gap in gaps:
        if gap.missing_card:  # no card to ask about: its rows are imported, not filled in
            continue
        if gap.card_id not in by_card and len(by_card) == top:
            continue
        by_card.setdefault(gap.card_id, (set(), gap.decks[0]))[0].add(gap.field)
    by_name = {shown(p): p for p in decks}
    asked = []
    for card_id, (fields, deck_name) in by_card.items():
        resolved = checked(by_name[deck_name], catalogue).resolved
        assert resolved is not None  # a judged deck carries the reading judged
        questions = card_questions(
            catalogue.cards[card_id], fields, catalogue, resolved.format, resolved.persona
        )
        if questions is not None:
            asked.append(questions)
    return asked


def read_printing(text: str, asked: CardQuestions, sets: dict[str, str]) -> Printing:
    """The printing an answer names (``SET [NUMBER]``), of the format's edition; ``sets``
    maps each set code the catalogue knows to its edition."""
    words = text.split()
    if text.strip() == HELP:
        raise AnswerError(HELP_TEXT["printing"])
    if not words or len(words) > 2:
        raise AnswerError(f"give the set code and number as printed ({HELP_TEXT['printing']})")
    code = next((c for c in sets if c.lower() == words[0].lower()), None)
    if code is None:
        close = difflib.get_close_matches(words[0].upper(), list(sets), n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(close)}?" if close else " (see `hlcg sets`)"
        raise AnswerError(f"unknown set {words[0]!r}{hint}")
    if sets[code] not in asked.editions:
        raise AnswerError(
            f"{code} is a {sets[code]} set; {asked.format} is played with "
            f"{'/'.join(asked.editions)} cards, whose printing says what it needs"
        )
    number = words[1] if len(words) == 2 else ""
    if number and not re.fullmatch(r"[A-Za-z0-9-]+", number):
        raise AnswerError(f"{number!r} is not a card number as printed (letters, digits, '-')")
    return Printing(code, number)


def _whole(text: str, fact: str, what: str) -> int:
    low, high = RANGES[fact]
    if not text.isdigit() or not low <= int(text) <= high:
        raise AnswerError(f"{what}: {text!r} is not a whole number from {low} to {high}")
    return int(text)


def _gems(text: str, persona: bool) -> dict[str, str]:
    if text.lower() == NONE:
        if persona:
            raise AnswerError("a persona prints a value for every attribute; give all six")
        return dict.fromkeys(GEM_FIELDS, "0")
    values: dict[str, int] = {}
    pairs = re.findall(r"([A-Za-z]+)\s*[:=]?\s*(\S+?)(?:[,;]|\s|$)|(\d+)\s+([A-Za-z]+)", text)
    if not pairs:
        raise AnswerError(f"give attribute and count, e.g. `agility 2, reason 1` (not {text!r})")
    for name, count, count_first, name_after in pairs:
        word, number = (name, count) if name else (name_after, count_first)
        matches = [a for a in ATTRIBUTES if a.startswith(word.lower())]
        if len(matches) != 1:
            raise AnswerError(f"{word!r} is not an attribute ({', '.join(ATTRIBUTES)})")
        if matches[0] in values:
            raise AnswerError(f"{matches[0]} is given twice")
        values[matches[0]] = _whole(number, "gems", matches[0])
    if persona and len(values) < len(ATTRIBUTES):
        missing = ", ".join(a for a in ATTRIBUTES if a not in values)
        raise AnswerError(f"a persona prints every attribute; {missing} missing")
    return {f"gem_{a}": str(values.get(a, 0)) for a in ATTRIBUTES}


def read_answer(question: Question, text: str, persona: bool = False) -> dict[str, str] | None:
    """The facts (field -> value as a fact sheet holds it) an answer states; None for
    ``skip``. ``none``: the card prints none. Raises AnswerError for ``?`` (with the help)
    and for a value out of range."""
    text = text.strip()
    if text == HELP:
        key = "persona_gems" if persona and question.fact == "gems" else question.fact
        raise AnswerError(HELP_TEXT[key])
    if text.lower() == SKIP:
        return None
    if not text:
        raise AnswerError(f"no answer: a value, `{NONE}`, `{SKIP}` or `{HELP}`")
    if question.fact == "gems":
        return _gems(text, persona)
    if text.lower() == NONE:
        if question.fact == "master_limit":
            raise AnswerError("a persona prints its Master limit; give the number")
        return {question.fact: NONE if question.fact == "restriction" else "0"}
    return {question.fact: str(_whole(text, question.fact, question.prompt))}


def _checks_facts_let_run() -> dict[str, str]:
    """The checks a recorded fact lets run, by the rule whose `unchecked` notes say it
    could not."""
    from hlcg.rules import FORMAT_LEGALITY, GEM_CAP, HAND_ICONS, MASTER_LIMIT, RESTRICTION

    return {
        GEM_CAP.name: "gem caps",
        MASTER_LIMIT.name: "Master limit",
        RESTRICTION.name: "restriction numbers",
        HAND_ICONS.name: "hand icons",
        FORMAT_LEGALITY.name: "format legality",
    }


@dataclass(frozen=True)
class DeckState:
    """What a check of the deck left open, and what it counted: compared before and after
    the answers."""

    verdict: str  # LEGAL / ILLEGAL
    errors: tuple[str, ...]  # the errors' codes and rule names, e.g. "HL206 gem-cap"
    open: dict[str, int]  # check -> cards its notes name (0: checked)
    gems: str  # "12 of 15 agility, 2 of 6 master used", or ''
    master: str  # "3 of 6 Master cards", or ''


def deck_state(path: Path, catalogue: Catalogue) -> DeckState:
    from hlcg.answers.gaps import checked
    from hlcg.problems import Severity
    from hlcg.rules import UNCHECKED

    report = checked(path, catalogue)
    checks = _checks_facts_let_run()
    open_checks = dict.fromkeys(checks.values(), 0)
    for problem in report.problems:
        rule = problem.source
        if problem.rule == UNCHECKED.name and rule in checks:
            open_checks[checks[rule]] += max(1, len(problem.cards))
    errors = tuple(f"{p.code} {p.rule}" for p in report.problems if p.severity == Severity.ERROR)
    gems = ", ".join(
        f"{g['used'] or 0} of {g['cap']} {a}"
        for a, g in report.gems.items()
        if g["cap"] is not None and g["used"]
    )
    master = (
        f"{report.master_used} of {report.master_limit} Master cards"
        if report.master_limit is not None
        else ""
    )
    return DeckState(
        "LEGAL" if report.legal else "ILLEGAL",
        errors,
        open_checks,
        f"{gems} used" if gems else "",
        master,
    )


def changes(before: DeckState, after: DeckState) -> list[str]:
    """What the answers changed, one line per check: `gem caps: now checked, 12 of 15
    agility used`."""
    lines = []
    for check, was in before.open.items():
        now = after.open[check]
        counted = {"gem caps": after.gems, "Master limit": after.master}.get(check, "")
        if was and not now:
            lines.append(f"{check}: now checked" + (f", {counted}" if counted else ""))
        elif now:
            fewer = f" (was {was})" if now != was else ""
            lines.append(f"{check}: still not checked for {plural(now, 'card')}{fewer}")
    verdict = after.verdict
    if after.errors:
        verdict += f" ({', '.join(sorted(set(after.errors)))})"
    if before.verdict != after.verdict:
        verdict = f"{before.verdict} -> {verdict}"
    lines.append(f"verdict: {verdict}")
    return lines


def questions_sheet(askings: list[CardQuestions], reader: str | None) -> str:
    """The questions as a fact sheet `hlcg db import` reads: one row per fact, the value
    and the source's printing left to fill in."""
    import csv
    import datetime
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "field", "value", "source", "name", "how"])
    day = datetime.date.today().isoformat()
    for asked in (a for a in askings if not a.not_asked):
        source = f"printed card SET NUMBER, read by {reader or 'NAME'} on {day}"
        writer.writerow([asked.card_id, "sets", "", source, asked.name, HELP_TEXT["printing"]])
        for question in asked.questions:
            fields = GEM_FIELDS if question.fact == "gems" else (question.fact,)
            how = "a whole number; 0 when none is printed" if question.fact == "gems" else ""
            for name in fields:
                help_text = how or HELP_TEXT[question.fact]
                writer.writerow([asked.card_id, name, "", source, asked.name, help_text])
    return buffer.getvalue()


def printed_gaps(card: Card, fmt: str) -> set[str]:
    """The printed facts of ``card`` not recorded that a check in ``fmt`` reads, whatever
    the deck: its gems where the format counts gems, its restriction number, a Weapon of
    Choice's hand icons, a persona's Master limit where no Master gem stands for it."""
    from hlcg.problems import Level
    from hlcg.rules import GEM_CAP, profile

    settings = profile(fmt).settings
    fields: set[str] = set()
    if settings[GEM_CAP.name].severity != Level.OFF:
        fields |= {f"gem_{a}" for a in ATTRIBUTES if card.gem(a) is None}
    elif card.type == "persona" and card.master_limit is None:
        fields.add("master_limit")
    if card.restriction is None and not card.unrestricted and card.type != "persona":
        fields.add("restriction")
    if card.type == "weapon-of-choice" and card.hand_icons is None:
        fields.add("hand_icons")
    return fields


def card_questions_in(card: Card, catalogue: Catalogue, fmt: str) -> CardQuestions | None:
    """The questions about one card in ``fmt``, outside any deck (the page's card panel)."""
    persona = card if card.type == "persona" else None
    return card_questions(card, printed_gaps(card, fmt), catalogue, fmt, persona)


def record_answer(
    db: Path,
    asked: CardQuestions,
    printing_text: str,
    fact: str,
    answer_text: str,
    reader: str,
) -> str | None:
    """Read one typed answer about ``asked`` (the printing, then the answer to its question
    ``fact``) and record it in ``db``; the source recorded, or None for ``skip``. Raises
    AnswerError for a value to ask again, ConflictError for a conflict (SourceError for
    another refusal)."""
    from hlcg.catalog import load
    from hlcg.curation import record_reading
    from hlcg.tcboo import TABLE_GROUP

    if asked.not_asked:
        raise AnswerError(asked.not_asked)
    sets = {code: row["edition"] for code, row in load(db).sets.items()}
    printing = read_printing(printing_text, asked, sets)
    question = next((q for q in asked.questions if q.fact == fact), None)
    if question is None and fact != "printing":
        raise AnswerError(f"{asked.name}: nothing to ask about {fact!r}")
    facts = {} if question is None else read_answer(question, answer_text, asked.persona)
    if facts is None:
        return None
    return record_reading(
        db, asked.card_id, (printing.set_code, printing.number), facts, reader, [TABLE_GROUP]
    )
