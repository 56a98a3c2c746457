"""What a deck's check covered: the checks that finished, and those that could not for
want of a fact (``Coverage``), for the report's two lines "checked: ..." and "not checked
(facts missing): ..." and the JSON report's ``coverage``.

Each data gap is an `unchecked` note that names its cards; a report lists those notes in
full only when asked (`--select unchecked`), so a legal deck with gaps reads in a few lines
and still says what it could not check and why. The gaps are grouped by the fact missing,
so three rules missing the same cards' types are one gap.
"""

import os
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog import Card, Catalogue, FactSource, PerCatalogue, format_title, remember
from hlcg.deck import DeckCard, ResolvedDeck
from hlcg.problems import Finding, Problem, Severity
from hlcg.rules.base import Rule
from hlcg.rules.legality import judge, printings_named
from hlcg.stdin import STDIN_NAME, is_stdin
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.rules.context import Context


# The checks a report names, each by the rules behind it, in the order they are listed. The
# reading rules (deck-syntax, unknown-card, ambiguous-card) and the notes are not checks of
# the deck's construction: their problems speak for themselves.
CHECKS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("size", ("deck-size",)),
    ("basics", ("basics",)),
    ("titles", ("title-limit",)),
    ("restriction numbers", ("restriction",)),
    ("persona cards", ("persona-specific", "reserved", "signature", "generic-borrow")),
    ("Master limit", ("master-limit",)),
    ("gem caps", ("gem-cap",)),
    (
        "pre-game",
        (
            "pregame-limit",
            "pregame-unique",
            "persona-count",
            "quickening-own-persona",
            "premium-persona",
            "watcher-hunter",
        ),
    ),
    ("Watcher and Hunter cards", ("watcher-cards", "hunter-cards")),
    ("weapons", ("weapon-specific", "hand-icons")),
    ("legality", ("format-legality",)),
)

# The fact each rule's data gaps lack, by rule (the key the JSON report writes).
_FACT_OF_RULE = {
    "restriction": "restriction",
    "gem-cap": "gems",
    "master-limit": "master-limit",
    "format-legality": "legality",
    "hand-icons": "hand-icons",
    "basics": "basic-cards",
    "generic-borrow": "permission",
    "deck-size": "type",
    "pregame-limit": "type",
    "watcher-hunter": "type",
    "watcher-cards": "type",
    "hunter-cards": "type",
    "pregame-unique": "uniqueness",
}
_FACT_ORDER = (
    "persona-gems",
    "gems",
    "master-limit",
    "restriction",
    "hand-icons",
    "type",
    "uniqueness",
    "legality",
    "basic-cards",
    "permission",
)


class Gap(NamedTuple):
    """One fact missing: its key, the rules it kept from finishing, the cards it concerns
    (card ids, as the `unchecked` notes name them) and how the report says it."""

    fact: str
    rules: tuple[str, ...]
    cards: tuple[str, ...]
    text: str

    def to_json(self) -> dict[str, Any]:
        return {
            "fact": self.fact,
            "rules": list(self.rules),
            "cards": list(self.cards),
            "text": self.text,
        }


class Coverage(NamedTuple):
    """What a check covered (``checked``, by ``CHECKS``' names), the facts it lacked
    (``not_checked``) and the command that records them (``fill``, None without gaps)."""

    checked: tuple[str, ...] = ()
    not_checked: tuple[Gap, ...] = ()
    fill: str | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "checked": list(self.checked),
            "not_checked": [gap.to_json() for gap in self.not_checked],
            "fill": self.fill,
        }


def fill_command(path: str) -> str:
    """The command that asks for a deck's missing facts, with its path as a shell takes it
    (a deck read from standard input has none: DECK)."""
    piped = path == STDIN_NAME or is_stdin(path)
    return f"hlcg db fill {'DECK' if piped else _shell_quoted(path)}"


def _shell_quoted(path: str) -> str:
    """``path`` as a shell takes it; a name with bytes that are not UTF-8 (or control
    characters) as bash's $'...', each such byte \\xNN: it pastes back to the same bytes."""
    if path.isprintable():  # a lone surrogate (such a byte) or a control character is not
        import shlex  # here: only a deck with data gaps is told this command

        return shlex.quote(path)
    escaped = "".join(
        chr(b) if 0x20 <= b < 0x7F and chr(b) not in "\\'" else f"\\x{b:02x}"
        for b in os.fsencode(path)
    )
    return f"$'{escaped}'"


def coverage(
    deck: ResolvedDeck,
    catalogue: Catalogue,
    ran: Iterable[str],
    incomplete: Iterable[str],
    gaps: Sequence[tuple[str, Problem]],
) -> Coverage:
    """The coverage of a check of ``deck``: the rules that ran whole (``ran``), those that
    could not finish (``incomplete``) and the `unchecked` problems the report holds, each
    with the rule that could not finish (``gaps``)."""
    ran, incomplete = set(ran), set(incomplete)
    checked = tuple(
        _check_name(name, deck.format)
        for name, rules in CHECKS
        if ran & set(rules) and not incomplete & set(rules)
    )
    grouped: dict[str, tuple[list[str], dict[str, None]]] = {}
    for rule, problem in gaps:
        rules, cards = grouped.setdefault(_fact_missing(rule, problem, deck, catalogue), ([], {}))
        if rule not in rules:
            rules.append(rule)
        cards.update(dict.fromkeys(problem.cards))
    order = {fact: n for n, fact in enumerate(_FACT_ORDER)}
    not_checked = tuple(
        Gap(fact, tuple(rules), tuple(cards), _gap_text(fact, len(cards), deck.format))
        for fact, (rules, cards) in sorted(grouped.items(), key=lambda i: order.get(i[0], 99))
    )
    return Coverage(checked, not_checked, fill_command(deck.path) if gaps else None)


def _fact_missing(rule: str, gap: Problem, deck: ResolvedDeck, catalogue: Catalogue) -> str:
    """The fact whose want made ``rule`` report the data gap ``gap``."""
    if rule == "gem-cap" and deck.persona is not None and gap.cards == (deck.persona.id,):
        return "persona-gems"  # the persona's own values: its caps
    if rule == "pregame-unique" and any(
        card_id in catalogue.cards and catalogue.cards[card_id].type is None
        for card_id in gap.cards
    ):
        return "type"  # copies under Pre-Game of a card whose type is not recorded
    return _FACT_OF_RULE.get(rule, "other")


def _check_name(name: str, fmt: str) -> str:
    return f"{format_title(fmt)} legality" if name == "legality" else name


def _gap_text(fact: str, cards: int, fmt: str) -> str:
    """How the not-checked line names a missing fact and how many cards lack it."""
    texts = {
        "persona-gems": "gem caps (persona)",
        "gems": f"gem caps ({plural(cards, 'card')})",
        "master-limit": "Master limit (persona)",
        "restriction": plural(cards, "restriction number"),
        "hand-icons": f"hand icons of {plural(cards, 'card')}",
        "type": f"card types of {plural(cards, 'card')}",
        "uniqueness": f"uniqueness of {plural(cards, 'pre-game card')}",
        "legality": f"{format_title(fmt)} legality of {plural(cards, 'card')}",
        "basic-cards": f"basics ({plural(cards, 'card')} not in the catalogue)",
        "permission": f"the Generic Immortal permission in {format_title(fmt)}",
    }
    return texts.get(fact, plural(cards, "card"))


def not_checked_line(coverage: Coverage) -> str:
    """The not-checked line's list: "gem caps (23 cards), 9 restriction numbers"; the
    persona's gem values and the cards' gem counts said as one, "gem caps (persona, 16
    cards)"."""
    texts = {gap.fact: gap.text for gap in coverage.not_checked}
    gems = next((gap for gap in coverage.not_checked if gap.fact == "gems"), None)
    if "persona-gems" in texts and gems is not None:
        texts["persona-gems"] = f"gem caps (persona, {plural(len(gems.cards), 'card')})"
        del texts["gems"]
    return ", ".join(texts.values())


def check_unchecked(
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
) -> Iterable[Finding]:
    """unchecked (HL900): what could not be checked for missing data (a note).

    When a check needs a fact the catalogue does not record — a gem count, a restriction number,
    a persona's attribute values or Master limit, a Weapon of Choice's hand icons, a card's type
    — and its verdict depends on that fact, it cannot pass or fail the deck. It says so here,
    naming the cards, instead of passing silently. The message starts with the rule that could
    not finish.

    Unknown facts: this rule is where they are reported. Each counting rule counts an
    unrecorded fact at its least (a Weapon of Choice's hand icons as 1, a card's gems as none, a
    restriction number as 1): what is known already over a limit is that rule's error, and a
    verdict that depends on the unknown part is a note here; each rule's documentation says how
    it bounds its facts.

    Source: hlcg's data policy (README, "Real data only").

    Failing example: a deck holding 2 copies of a card whose restriction number is not
    recorded.

    The text report says these gaps in one line per deck ("not checked (facts missing): gem caps
    (23 cards), 9 restriction numbers") and lists the notes card by card only with `--select
    unchecked`; the JSON, SARIF and JUnit reports keep every note (docs/formats.md).

    Fix: record what your cards print: `hlcg db fill DECK` asks for the facts the deck's checks
    lack; or check the named cards by hand. Curators can record the missing facts, with their
    source, in their catalogue: `hlcg db gaps --output csv` writes a fact sheet of them to fill
    in, and `hlcg db import SHEET.csv --db my.sqlite` records it (docs/catalogue.md).

    Options: none; a format profile sets only its severity.
    """
    return ()  # its problems come from reading the deck


UNCHECKED = Rule(
    "HL900",
    "unchecked",
    "Checks that could not be completed",
    check_unchecked,
    severity=Severity.NOTE,
)


def check_inferred_fact(
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
) -> Iterable[Finding]:
    """inferred-fact (HL901): a verdict that rests on an inferred fact (a note).

    Some facts of the catalogue are inferred rather than stated by their source: a set code read
    from a product name, a card taken as legal in Type Two because the rulebook plays it (the
    `inferred` column of data/source/facts.csv and legality.csv gives the reasoning). When a
    verdict on a card rests on such a fact, a note names the card, the fact and the reasoning,
    so a player knows how far to trust it. A verdict rests on the fact when it would differ
    without it: a card legal in its format by an inferred printing or legality fact alone (or
    refused by an inferred ban), and a count or limit error (restriction, gem-cap,
    master-limit) whose number, gem or Master limit is inferred. The note changes no verdict.

    Unknown facts: none are assumed; a fact with no recorded reasoning is stated by its source.

    Source: hlcg's data policy (README, "Real data only"): an inference is recorded as one.

    Failing example: Head Shot in a Type Two deck: the 2009 rulebook gives the rules for playing
    it but names no set, so its Type Two legality is inferred.

    Fix: none needed; curators who find a source that states the fact record it in facts.csv
    or legality.csv without the `inferred` reasoning (docs/catalogue.md).

    Options: none; a format profile sets only its severity.
    """
    return ()  # its problems come from reading the deck


FIX = (
    "nothing to change in the deck; a curator who finds a source that states the fact "
    "records it without the inference (docs/catalogue.md)"
)
# The count and limit rules, and the facts of the cards they name that their errors read.
_LIMIT_FACTS = {
    "restriction": ("restriction",),
    "gem-cap": tuple(f"gem_{a}" for a in ("agility", "strength", "toughness", "empathy")),
    "master-limit": ("master_limit", "gem_master"),
}


class _Inferred:
    # A plain class, not a NamedTuple (ten times the cost to create at import): it is only
    # ever read by attribute.
    __slots__ = ("card", "what", "reasoning", "line")

    def __init__(self, card: Card, what: str, reasoning: str, line: int | None) -> None:
        # what: the fact, "printing SE" or "type-two legality (legal from 2009)"
        self.card, self.what, self.reasoning, self.line = card, what, reasoning, line


def _note(card: Card, what: str, reasoning: str, line: int | None) -> _Inferred:
    return _Inferred(card, what, reasoning.strip().rstrip("."), line)


def _grouped(found: Iterable[_Inferred]) -> Iterator[Finding]:
    """One note per fact and reasoning: fifteen basics legal by one inference are one note."""
    groups: dict[tuple[str, str], list[_Inferred]] = {}
    for item in found:
        groups.setdefault((item.what, item.reasoning), []).append(item)
    for (what, reasoning), items in groups.items():
        # cards hold dicts; named by name, as other notes list cards, never by line order
        cards = sorted({i.card.id: i.card for i in items}.values(), key=lambda c: (c.name, c.id))
        if len(cards) == 1:
            subject, rests = f"{cards[0].name}'s {what} is", "the verdict on it rests"
        else:
            names = ", ".join(c.name for c in cards[:-1]) + f" and {cards[-1].name}"
            subject, rests = f"the {what} of {names} is", "the verdicts on them rest"
        yield Finding(
            f"{subject} inferred ({reasoning}): {rests} on that",
            cards=tuple(c.id for c in cards),
            line=items[0].line,
            fix=FIX,
        )


# Each open catalogue's legality notes, by card, format, date and the printings the deck
# names: the same for every deck that holds the card, as its verdicts are (``judge``).
_LEGALITY_NOTES: PerCatalogue[dict[Any, Any]] = PerCatalogue(dict)


def _legality_notes(
    deck_card: DeckCard,
    deck: ResolvedDeck,
    context: "Context",
    printings: Sequence[FactSource],
) -> Iterator[_Inferred]:
    """The inferred legality fact or printings the card's verdict in the format rests on."""
    card, catalogue = deck_card.card, context.catalogue
    excluded = context.param("format-legality", "excluded_editions")
    named = printings_named(deck, deck_card, catalogue)
    key = (card.id, deck.format, tuple(excluded), context.date, tuple(named))
    known = _LEGALITY_NOTES.of(catalogue)
    found = known.get(key)
    if found is None or found[0] is not card:  # not a changed copy of the card
        facts = tuple(_inferred_legality(card, deck.format, context, excluded, named, printings))
        found = remember(known, key, (card, facts))
    for what, reasoning in found[1]:
        yield _note(card, what, reasoning, deck_card.line)


def _inferred_legality(
    card: Card,
    fmt: str,
    context: "Context",
    excluded: list[str],
    named: list[str],
    printings: Sequence[FactSource],
) -> Iterator[tuple[str, str]]:
    """(what, reasoning) of each inferred fact a card's verdict in ``fmt`` rests on."""
    catalogue = context.catalogue
    facts = catalogue.legality(card.id)
    verdict = judge(card, fmt, catalogue, excluded, on=context.date, named_sets=named)
    if verdict.fact is not None and not verdict.fact.inferred:
        return  # a stated fact decides: it stays the latest in force without the inferred
    stated = tuple(f for f in facts if not f.inferred)
    inferred_sets = {p.value for p in printings}
    kept = tuple(code for code in card.sets if code not in inferred_sets)
    plain = card._replace(
        sets=kept,
        editions=frozenset(catalogue.sets[c]["edition"] for c in kept if c in catalogue.sets),
    )
    without = judge(
        plain, fmt, catalogue, excluded, on=context.date, named_sets=named, facts=stated
    )
    if without.status == verdict.status:
        return
    if verdict.fact is not None and verdict.fact.inferred:
        fact = verdict.fact
        since = f" from {fact.date}" if fact.date else ""
        yield f"{fact.format} legality ({fact.status}{since})", fact.inferred
        return
    for printing in printings:
        yield f"printing {printing.value}", printing.inferred


def _limit_notes(
    problems: Sequence[Problem], context: "Context", inferred: dict[str, list[FactSource]]
) -> Iterator[_Inferred]:
    """The inferred numbers the count and limit errors read, once each."""
    seen: set[tuple[str, str]] = set()
    persona = context.deck.persona
    for problem in problems:
        fields = _LIMIT_FACTS.get(problem.rule)
        if fields is None or problem.severity != Severity.ERROR:
            continue
        # A persona's caps and Master limit decide these errors as much as the cards do.
        ids = [*problem.cards, *([persona.id] if persona and problem.rule != "restriction" else [])]
        for card_id in ids:
            for fact in inferred.get(card_id, []):
                if fact.field in fields and (card_id, fact.field) not in seen:
                    seen.add((card_id, fact.field))
                    card = context.catalogue.cards[card_id]
                    what = f"{fact.field.replace('_', ' ')} {getattr(card, fact.field)}"
                    yield _note(card, what, fact.inferred, None)


def notes(problems: Sequence[Problem], deck: ResolvedDeck, context: "Context") -> Iterator[Finding]:
    """The notes for a checked deck's verdicts that rest on inferred facts: its format
    legality card by card, then its count and limit errors (``problems``)."""
    ids = sorted({dc.card.id for dc in deck.cards} | ({deck.persona.id} if deck.persona else set()))
    inferred = context.catalogue.inferred_sources(ids)
    found: list[_Inferred] = []
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        printings = [f for f in inferred.get(card.id, []) if f.field == "sets"]
        if printings or any(f.inferred for f in context.catalogue.legality(card.id)):
            found += _legality_notes(deck_card, deck, context, printings)
    found += _limit_notes(problems, context, inferred)
    return _grouped(found)


INFERRED_FACT = Rule(
    "HL901",
    "inferred-fact",
    "Verdicts that rest on an inferred fact",
    check_inferred_fact,
    severity=Severity.NOTE,
)
