"""Whether a card is legal in a format, on the evidence the catalogue and the deck hold.

An error needs evidence; a gap is a note. In order:

1. A sourced legality fact in force on the date judged by (data/source/legality.csv: the
   latest row for the card and format whose date is not after that date) that bans or
   suspends the card: not legal.
2. The printing the deck itself names (a set code on the line) when that set's edition is
   one the format excludes (the `format-legality` rule's `excluded_editions`): not legal.
3. A fact in force that makes the card legal (or restricted), the card's recorded formats
   naming the format, a printing the deck names of one of the format's editions, or a
   recorded printing of one of them: legal.
4. Anything else cannot be judged: recorded printings all of another edition (a 1st
   Edition card in Type Two, whose 2nd Edition printing may simply not be recorded; a 2nd
   Edition card in Type One, whose compatibility list hlcg does not hold), or no printing
   recorded at all. Such cards are listed by `unchecked`, never refused.

So adding a true printing or a legality fact never turns a legal card illegal unless the
fact itself bans the card.
"""

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, NamedTuple

from hlcg.catalog import (
    EXCLUDING,
    Card,
    Catalogue,
    LegalityFact,
    PerCatalogue,
    in_force,
    remember,
    set_code,
)
from hlcg.deck import ENDURANCE, DeckCard, ResolvedDeck
from hlcg.problems import Finding
from hlcg.rules.base import Param, Rule

if TYPE_CHECKING:
    from hlcg.rules.context import Context


LEGAL = "legal"
ILLEGAL = "illegal"
UNCONFIRMED = "unconfirmed"


class Verdict(NamedTuple):
    status: str  # LEGAL, ILLEGAL or UNCONFIRMED
    reason: str  # the evidence, or what is missing, for a message
    fact: LegalityFact | None = None  # the legality fact that decided, if one did


def today() -> str:
    """The date a deck is judged by when none is given."""
    import datetime

    return datetime.date.today().isoformat()


def named_editions(codes: Iterable[str], catalogue: Catalogue) -> dict[str, str]:
    """set code -> edition, for the set codes a deck names that the catalogue knows."""
    sets = catalogue.sets
    return {code: sets[code]["edition"] for code in codes if code in sets}


def printings_named(deck: ResolvedDeck, deck_card: DeckCard, catalogue: Catalogue) -> list[str]:
    """The set codes the deck gives for a card: on its lines, and on the `Persona:` line
    for the deck's persona (`Persona: Duncan MacLeod [SE]`)."""
    written = [e.set_code for e in deck_card.entries if e.set_code]
    persona = deck.persona
    if persona is not None and persona.id == deck_card.card.id and deck.persona_set:
        written.append(deck.persona_set)
    return [set_code(catalogue.sets, w) for w in written]


# Each open catalogue's verdicts, kept here (not in the catalogue) for as long as it is open:
# the catalogue is read-only while open, so they stay true. Bounded by ``remember``.
_VERDICTS: PerCatalogue[dict[Any, Any]] = PerCatalogue(dict)


def judge(
    card: Card,
    fmt: str,
    catalogue: Catalogue,
    excluded_editions: Iterable[str],
    *,
    on: str | None = None,
    named_sets: Iterable[str] = (),
    facts: Iterable[LegalityFact] | None = None,
) -> Verdict:
    """The card's verdict in ``fmt`` on the date ``on`` (default today); ``named_sets``
    are the set codes the deck gives for it (the printing it names); ``facts`` its legality
    facts, if not those the catalogue records (to ask what the verdict rests on). On the
    catalogue's own facts a verdict is worked out once per catalogue: several rules, and
    deck after deck, ask it again."""
    if facts is not None:
        return _judged(card, fmt, catalogue, excluded_editions, on or today(), named_sets, facts)
    key = (card.id, fmt, tuple(excluded_editions), on or today(), tuple(named_sets))
    verdicts = _VERDICTS.of(catalogue)
    known = verdicts.get(key)
    if known is not None and known[0] is card:  # not a changed copy of the card
        return known[1]
    verdict = _judged(card, fmt, catalogue, *key[2:], None)
    remember(verdicts, key, (card, verdict))
    return verdict


def _judged(
    card: Card,
    fmt: str,
    catalogue: Catalogue,
    excluded_editions: Iterable[str],
    on: str,
    named_sets: Iterable[str],
    facts: Iterable[LegalityFact] | None,
) -> Verdict:
    recorded = catalogue.legality(card.id) if facts is None else facts
    fact = in_force(recorded, fmt, on)
    named = named_editions(named_sets, catalogue)
    info = catalogue.formats.get(fmt)
    home = set(info.editions) if info else set()
    return (
        _excluded(fmt, fact, named, home, set(excluded_editions))
        or _placed(card, fmt, fact, _recorded(card, named), home)
        or Verdict(
            UNCONFIRMED,
            f"only {'/'.join(sorted(card.editions))} printings are recorded"
            if card.editions
            else "no printing is recorded",
        )
    )


def _excluded(
    fmt: str,
    fact: LegalityFact | None,
    named: dict[str, str],
    home: set[str],
    excluded: set[str],
) -> Verdict | None:
    """The evidence that takes the card out of the format: a ban or suspension in force,
    or a printing the deck names of an edition the format excludes."""
    if fact is not None and fact.status in EXCLUDING:
        since = f" since {fact.date}" if fact.date else ""
        return Verdict(ILLEGAL, f"{fact.status} in {fmt}{since}: {fact.source}", fact)
    foreign = sorted(code for code, edition in named.items() if edition in excluded)
    if not foreign:
        return None
    editions = "/".join(sorted({named[c] for c in foreign}))
    return Verdict(
        ILLEGAL,
        f"the deck names its {', '.join(foreign)} printing, a {editions} set; "
        f"{fmt} takes {'/'.join(sorted(home)) or 'no'} cards",
    )


def _recorded(card: Card, named: dict[str, str]) -> dict[str, str]:
    """The printings the deck names that the catalogue records for the card: a printing
    it does not record is no evidence that places the card in a format (the deck's
    `War Axe [SE]` leaves its First Edition legality unchecked)."""
    printed = {code.casefold() for code in (*card.sets, *card.editions)}
    return {code: edition for code, edition in named.items() if code.casefold() in printed}


def fact_reason(fact: LegalityFact) -> str:
    since = f" from {fact.date}" if fact.date else ""
    return f"{fact.status} in {fact.format}{since} ({fact.source})"


def _placed(
    card: Card, fmt: str, fact: LegalityFact | None, named: dict[str, str], home: set[str]
) -> Verdict | None:
    """The evidence that places the card in the format, if any."""
    if fact is not None:
        return Verdict(LEGAL, fact_reason(fact), fact)
    if fmt in card.formats:
        return Verdict(LEGAL, f"its recorded formats name {fmt}")
    if any(edition in home for edition in named.values()):
        return Verdict(LEGAL, "the printing the deck names is of the format's edition")
    if card.editions & home:
        return Verdict(LEGAL, f"a recorded {'/'.join(sorted(card.editions & home))} printing")
    return None


def check_format_legality(
    deck: ResolvedDeck, context: "Context", params: dict[str, Any]
) -> Iterator[Finding]:
    """format-legality (HL401): every card legal in the format, on evidence.

    A card is refused only on evidence that excludes it: a sourced legality fact in force on
    the date the deck is judged by (`--date`, default today) that bans or suspends it
    (data/source/legality.csv; `hlcg card NAME` lists a card's facts), or the printing the deck
    itself names (`Head Shot [SE]` in Type Two: a set whose edition the format excludes). A
    card is legal by a legality fact, its recorded formats, the printing the deck names, or a
    recorded printing of the format's edition.

    Unknown facts: a card whose recorded printings are all of another edition (a 1st Edition card in
    Type Two, whose 2nd Edition printing may only be unrecorded; a 2nd Edition card in Type One,
    whose compatibility list hlcg does not hold), or that has no recorded printing at all, is
    never refused: `unchecked` names it. Adding a true printing or fact therefore never turns a
    legal deck illegal, unless the fact is itself the ban.

    Source: the legality facts cite their own sources (the watcherdatabase.tk card pages,
    http://www.watcherdatabase.tk/Cards/Card/6074.html and others; seed 001, 002 and 000 for
    the fifteen basics and the cards their rules name). Editions the formats exclude: research
    rules-notes.md section 10 and rules-notes-2.md 2.2 (https://highlanderthecardgame.com/editions;
    the card database marks 2nd Edition cards banned in 1st Edition, and 1st Edition cards such
    as Shield banned in Type Two).

    Failing example: `--format first-edition` with the 2nd Edition Duncan MacLeod (the card page
    marks it 2E only), or `Head Shot [SE]` in Type Two.

    Fix: replace the card with a version legal in the format, or choose another format.

    Options: `excluded_editions` (list, default none): editions whose printings, when the deck
    names one, the format does not take.
    """
    unconfirmed = []
    excluded = params["excluded_editions"]
    for deck_card in sorted(deck.cards, key=lambda dc: (dc.line or 0, dc.card.id)):
        card = deck_card.card
        named = printings_named(deck, deck_card, context.catalogue)
        verdict = judge(
            card, deck.format, context.catalogue, excluded, on=context.date, named_sets=named
        )
        if verdict.status == UNCONFIRMED:
            unconfirmed.append(card.id)
        if verdict.status != ILLEGAL:
            continue
        message = f"{card.name} [{card.id}] is not legal in {deck.format} ({verdict.reason})"
        persona = deck.persona is not None and deck.persona.id == card.id
        if named and not persona and _printing_only(deck, card, context, excluded):
            # the card is not refused, the printing the line names is: keep the card
            yield Finding(
                message,
                cards=(card.id,),
                line=deck_card.line,
                fix=f"name a {'/'.join(context.format_editions)} printing of {card.name}, "
                "or drop the set code from its line",
            )
            continue
        yield removal_or_replacement(context, deck_card, message)
    if unconfirmed:
        yield Finding(
            f"no printing legal in {deck.format} is recorded for "
            f"{context.names(unconfirmed)}: check them",
            cards=tuple(sorted(set(unconfirmed))),
            fix="check the format's card list by hand; curators can record a printing or a "
            "legality fact (docs/catalogue.md)",
            unchecked=True,
        )


def _printing_only(deck: ResolvedDeck, card: Card, context: "Context", excluded: list[str]) -> bool:
    """Whether the card itself is not refused, only the printing the deck names."""
    plain = judge(card, deck.format, context.catalogue, excluded, on=context.date)
    return plain.status != ILLEGAL


FORMAT_LEGALITY = Rule(
    "HL401",
    "format-legality",
    "Every card legal in the format",
    check_format_legality,
    params=(
        Param(
            "excluded_editions",
            list,
            [],
            "editions whose printings, named by the deck, the format does not take",
        ),
    ),
)


def persona_version(context: "Context", persona: Card) -> Card | None:
    """Another version of the deck's persona (same title) the format is known to take."""
    excluded = context.param("format-legality", "excluded_editions")
    return next(
        (
            c
            for c in context.catalogue.titled(persona.title)
            if c.type == "persona"
            and c.id != persona.id
            and judge(c, context.deck.format, context.catalogue, excluded, on=context.date).status
            == LEGAL
        ),
        None,
    )


def removal_or_replacement(context: "Context", deck_card: DeckCard, message: str) -> Finding:
    """A finding whose fix removes a card the deck may not hold (replaces it, where the
    engine's replacement search finds a card that fits); the deck's own persona is replaced
    by the format's version of it, never removed (that would make the deck a Generic
    Immortal)."""
    card, copies = deck_card.card, deck_card.count
    if context.deck.persona is not None and card.id == context.deck.persona.id:
        other = None if context.trial else persona_version(context, card)
        if other is None:
            return Finding(
                message,
                cards=(card.id,),
                line=deck_card.line,
                fix=f"play another persona, or check the deck in a format that takes {card.name}",
            )
        return Finding(
            message,
            cards=(card.id,),
            line=deck_card.line,
            fix=f"play the {context.deck.format} version: Persona: {other.id} ({other.name})",
            edits=(("remove", card.id, 1), ("add", other.id, 1)),
        )
    return Finding(
        message,
        cards=(card.id,),
        line=deck_card.line,
        fix=f"remove {copies} {card.name}",
        edits=(("remove", card.id, copies),),
        # The engine searches a replacement after the checks (hlcg.rules.replacement).
        replaceable=deck_card if deck_card.section == ENDURANCE and not context.trial else None,
    )
