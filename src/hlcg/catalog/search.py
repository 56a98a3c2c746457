"""Card search: a query (filters given as options or as a compact query string) read into a
``Query`` and run against a catalogue.

Compact query terms (space-separated, combined with AND):

    t:TYPE          card type, by slug or in its own words, e.g. t:edge, t:persona,
                    t:"Weapon of Choice", t:Pre-Game (also type:)
    p:PERSONA       persona-specific to a persona, named as `hlcg persona` names it (a
                    whole name or a word only one persona's name has), e.g. p:kurgan,
                    p:"Duncan MacLeod" (also persona:)
    s:SET           printed in a set, by code or name, e.g. s:WC (also set:)
    f:FORMAT        legal in a format on evidence (a legality fact, a recorded format, a
                    printing of the format's edition), e.g. f:type-two (also format:)
    unchecked:FORMAT  no source decides the card's legality in the format (what f: leaves
                    out besides the cards the format refuses), e.g. unchecked:type-two
    g:ATTR OP N     gem count, e.g. g:reason>=1 (OP one of = != < <= > >=) (also gem:)
    is:reserved | is:signature | is:master | is:pregame | is:unique
    WORD ...        full-text search over title, subtitle and text
    "A PHRASE"      words next to each other, in this order
    -TERM           leave out what the term finds: -dodge, -t:edge, -"power blow", -f:type-two
    A OR B          either side: t:edge OR t:event (terms side by side bind first:
                    `t:edge p:kurgan OR t:event` is (t:edge AND p:kurgan) OR t:event)
    PREFIX:"A B"    a value with spaces, in quotes (double or single): s:"Movie Edition",
                    f:"Type Two", p:'Duncan MacLeod'

Words are this game's: an apostrophe belongs to its word (Master's Block), and a word also
finds its longer forms and its plural or possessive (masters finds Master's, dodges finds
Dodge). Any other PREFIX: is an error that lists the prefixes; a value that names no type,
set, format or single persona is an error with the close ones. A set or persona misspelt
close enough to one name (s:"Movie Editon", p:"Duncan MacLeud") is taken as that name, as
`hlcg card` and `hlcg persona` take a typo, and the run says so (``notes``). With words, the
cards whose title the words are (an alias or a spelling of one too) come first, then those
whose title holds them, then those whose text does; the cards of one title stay together.

The filters become one SQL condition, so only the rows that may match are read; words go
through the full-text index, as an FTS5 query built so that nothing a user types can change
its meaning. Unknown values never satisfy a comparison: g:agility>=0 lists only cards whose
agility gems are known.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from hlcg.catalog.card import Card
from hlcg.catalog.lookup import judge_match, persona_match
from hlcg.catalog.ranking import fts_expression, full_text_ids, loose_key, named_ids, search_order
from hlcg.catalog.store import Catalogue
from hlcg.catalog.vocabulary import ATTRIBUTES, CARD_TYPES, format_from_user, normalise
from hlcg.errors import UsageError
from hlcg.wording import closest_match

# --- the query ------------------------------------------------------------------------------

_OPERATORS: dict[str, Callable[[int, int], bool]] = {
    ">=": operator.ge,
    "<=": operator.le,
    "!=": operator.ne,
    "=": operator.eq,
    ">": operator.gt,
    "<": operator.lt,
}
# The number in ASCII digits, at most 9 of them: `\d` takes "٣" (3 to int()), SQLite takes
# 64-bit integers, and no card holds a billion gems.
_GEM = re.compile(r"^(?P<attr>[a-z]+)\s*(?P<op>>=|<=|!=|=|>|<)\s*(?P<n>-?[0-9]{1,9})$")
_FLAGS = ("reserved", "signature", "master", "pregame", "unique")
# Every prefix a term may start with -> its short form.
PREFIXES = {
    "t": "t",
    "type": "t",
    "p": "p",
    "persona": "p",
    "s": "s",
    "set": "s",
    "f": "f",
    "format": "f",
    "g": "g",
    "gem": "g",
    "gems": "g",
    "is": "is",
    "unchecked": "unchecked",
}
OR = "OR"  # the word that joins alternatives; in capitals, so "or" is still a word
# A format's verdicts, as the format-legality rule gives them (hlcg.rules.legality).
LEGAL, ILLEGAL, UNCONFIRMED = "legal", "illegal", "unconfirmed"
# A term: a prefix with a quoted value (`p:"Duncan MacLeod"`, `p:'Duncan MacLeod'`), a
# "quoted phrase" (a missing closing quote ends either at the end of the query), or a run
# of anything but white space. Apostrophes are letters, not quotes, but after a prefix.
_TERM = re.compile(
    r"""(?P<quoted>-?[A-Za-z]+:)(?:"(?P<value>[^"]*)(?:"|$)|'(?P<single>[^']*)(?:'|$))"""
    r'|(?P<minus>-?)"(?P<phrase>[^"]*)(?:"|$)|(?P<word>[^\s"]+)'
)
_PREFIXED = re.compile(r"^(?P<prefix>[A-Za-z]+):(?P<value>.*)$")


class QueryError(ValueError):
    """A search term hlcg cannot read; the message says which and why."""


@dataclass(frozen=True)
class GemFilter:
    attribute: str
    op: str
    number: int

    def __call__(self, card: Card) -> bool:
        value = card.gem(self.attribute)
        return value is not None and _OPERATORS[self.op](value, self.number)


@dataclass
class Query:
    types: list[str] = field(default_factory=list)
    personas: list[str] = field(default_factory=list)
    sets: list[str] = field(default_factory=list)
    formats: list[str] = field(default_factory=list)
    gems: list[GemFilter] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    text: list[str] = field(default_factory=list)
    phrases: list[str] = field(default_factory=list)
    unchecked: list[str] = field(default_factory=list)  # formats no source decides
    excluded: list[Query] = field(default_factory=list)  # -TERM: each a query of one term
    alternatives: list[Query] = field(default_factory=list)  # what follows each OR

    @property
    def has_text(self) -> bool:
        return bool(self.text or self.phrases)

    def add(self, other: Query) -> None:
        """AND ``other``'s filters (not its alternatives) into this query."""
        for name in ("types", "personas", "sets", "formats", "gems", "flags", "text"):
            getattr(self, name).extend(getattr(other, name))
        self.phrases += other.phrases
        self.unchecked += other.unchecked
        self.excluded += other.excluded

    def groups(self) -> list[Query]:
        """This query's side of each OR, itself first."""
        return [self, *self.alternatives]


def parse_gem(expression: str, given_as: str) -> GemFilter:
    """A gem filter, ``agility>=2``; ``given_as`` names where (``g:...``, ``--gem``)."""
    match = _GEM.match(expression.strip().lower())
    if not match or match["attr"] not in ATTRIBUTES:
        raise QueryError(
            f"{given_as}: gem filter {expression!r} not understood; write ATTRIBUTE OP "
            f"NUMBER, e.g. agility>=2, with ATTRIBUTE one of {', '.join(ATTRIBUTES)}"
        )
    return GemFilter(match["attr"], match["op"], int(match["n"]))


def check_type(value: str, given_as: str) -> str:
    """A card type by slug or in its words: "Weapon of Choice", "Pre-Game" (other-pre-game);
    a bad one is refused after what named it (t:VALUE, as f: is)."""
    slug = "-".join(re.split(r"[\s_-]+", value.strip().lower()))
    for known in (slug, f"other-{slug}"):
        if known in CARD_TYPES:
            return known
    raise QueryError(f"{given_as}: unknown type {value!r}; one of: {', '.join(CARD_TYPES)}")


def check_format(value: str, given_as: str) -> str:
    """A format tag, from the tag itself or any spelling a deck's `Format:` line takes; a
    bad one is refused in ``format_from_user``'s words, after what named it (f:VALUE)."""
    try:
        return format_from_user(value, tags=True)
    except UsageError as exc:
        raise QueryError(f"{given_as}: {exc}") from None


def split_terms(text: str) -> list[tuple[str, bool]]:
    """(term, is_phrase) pairs: "quoted phrases" kept whole, apostrophes left in words; a
    phrase with a minus before it (`-"power blow"`) is the phrase with its minus; a quoted
    value is its prefix's (`s:"Movie Edition"` is the term `s:Movie Edition`)."""
    terms = []
    for match in _TERM.finditer(text):
        if match["quoted"] is not None:
            value = match["value"] if match["value"] is not None else match["single"]
            terms.append((match["quoted"] + " ".join(value.split()), False))
        elif match["word"] is not None:
            terms.append((match["word"], False))
        elif match["phrase"].strip():
            terms.append((match["minus"] + match["phrase"].strip(), True))
    return terms


def parse_query(text: str, into: Query | None = None) -> Query:
    """Read a compact query string into ``into`` (or a new Query): its terms ANDed, each
    `-TERM` an exclusion, each `OR` starting an alternative."""
    query = into or Query()
    group = query
    for term, is_phrase in split_terms(text):
        if term == OR and not is_phrase:
            if not _has_terms(group):
                raise QueryError("OR needs a term on each side, e.g. t:edge OR t:event")
            group = Query()
            query.alternatives.append(group)
            continue
        if len(term) > 1 and term.startswith("-"):
            excluded = Query()
            _add_term(excluded, term[1:], is_phrase)
            group.excluded.append(excluded)
            continue
        _add_term(group, term, is_phrase)
    if query.alternatives and not _has_terms(group):
        raise QueryError("OR needs a term on each side, e.g. t:edge OR t:event")
    return query


def _has_terms(query: Query) -> bool:
    return query != Query(alternatives=query.alternatives)


def _add_term(query: Query, term: str, is_phrase: bool) -> None:
    """One term (no minus, no OR) into ``query``."""
    prefixed = None if is_phrase else _PREFIXED.match(term)
    if prefixed is None:
        (query.phrases if is_phrase else query.text).append(term)
        return
    name, value = prefixed["prefix"].lower(), prefixed["value"]
    if not value:
        if name in PREFIXES:
            raise QueryError(f"term {term!r} has no value, e.g. {name}:VALUE")
        # "Flashback: The Kurgan" written out: the colon is punctuation, not a prefix.
        query.text.append(term[:-1])
        return
    prefix = PREFIXES.get(name)
    if prefix is None:
        raise QueryError(
            f"unknown prefix {name + ':'!r} in {term!r}; prefixes are "
            "t: (type), p: (persona), s: (set), f: (format), unchecked: (format), "
            'g: (gem), is:; put a word with a colon in quotes to search for it: "A:B"'
        )
    _PREFIX_READERS[prefix](query, value)


def _add_flag(query: Query, value: str) -> None:
    if value.lower() not in _FLAGS:
        raise QueryError(f"is:{value} not understood; one of: {', '.join(_FLAGS)}")
    query.flags.append(value.lower())


# Each prefix's short form -> how its value goes into a query.
_PREFIX_READERS: dict[str, Callable[[Query, str], None]] = {
    "t": lambda query, value: query.types.append(check_type(value.lower(), f"t:{value}")),
    "p": lambda query, value: query.personas.append(value),
    "s": lambda query, value: query.sets.append(value),
    "f": lambda query, value: query.formats.append(check_format(value, f"f:{value}")),
    "unchecked": lambda query, v: query.unchecked.append(check_format(v, f"unchecked:{v}")),
    "g": lambda query, value: query.gems.append(parse_gem(value, f"g:{value}")),
    "is": _add_flag,
}


# --- running a query ------------------------------------------------------------------------


def persona_titles(catalogue: Catalogue, name: str, notes: list[str] | None = None) -> set[str]:
    """The normalised titles of the persona a p: term names, decided as `hlcg persona NAME`
    decides (``persona_match``); a name that decides none is a QueryError with candidates.
    A near miss taken is said in ``notes``."""
    decision = persona_match(catalogue, name)
    if not decision.found:
        close = ", ".join(c.name for c in decision.candidates)
        hint = f"did you mean: {close}? " if close else "see `hlcg search t:persona`; "
        raise QueryError(
            f"p:{name} names no single persona; {hint}"
            'write a persona\'s full name, in quotes if it has spaces: p:"Duncan MacLeod"'
        )
    titles = {catalogue.cards[i].title for i in decision.ids}
    if decision.how == "fuzzy" and notes is not None:
        notes.append(closest_match(f"p:{name!r}", ", ".join(sorted(titles)), decision.score))
    return {normalise(title) for title in titles}


def set_code(catalogue: Catalogue, value: str, notes: list[str] | None = None) -> str:
    """The set code an s: term names: a code (any case) or a set's name, decided as
    every lookup decides (``judge_match``); anything else is a QueryError with candidates.
    A near miss taken is said in ``notes``."""
    names: dict[str, list[str]] = {}
    for code, info in catalogue.sets.items():
        names.setdefault(code, []).append(code)
        names.setdefault(info["name"], []).append(code)
    for code in catalogue.sets:
        if code.casefold() == value.casefold():
            return code
    decision = judge_match(value, names)
    if decision.found and len(set(decision.ids)) == 1:
        code = decision.ids[0]
        if decision.how == "fuzzy" and notes is not None:
            named = f"{code} ({catalogue.sets[code]['name']})"
            notes.append(closest_match(f"s:{value!r}", named, decision.score))
        return code
    close = ", ".join(dict.fromkeys(c.ids[0] for c in decision.candidates if len(c.ids) == 1))
    hint = f"did you mean: {close}? " if close else ""
    raise QueryError(f"s:{value}: no set {value!r} in this catalogue; {hint}see `hlcg sets`")


_FLAG_SQL = {
    "reserved": "reserved = 1",
    "signature": "signature = 1",
    "master": "master = 1",
    "pregame": "pregame = 1",
    "unique": '"unique" = 1',
}


def _prefilter(
    query: Query,
    persona_names: list[set[str]],
    named: Sequence[str],
    formats_recorded: bool,
) -> tuple[str, list[object]]:
    """The filters as one SQL condition, so only matching rows are read; the Python filters
    in ``run`` still decide. An unknown gem or flag value never matches, as NULL never
    compares true in SQL. Words and phrases are the full-text index's: only the rows they
    match are read, however large the catalogue. Formats are read here only when they are
    judged by the recorded formats alone (``formats_recorded``)."""
    where: list[str] = []
    params: list[object] = []
    if query.has_text:
        # the cards the words name by title, alias or a spelling of one (``named``), found
        # or not by the index ("Lower Middle Attack" is no word of Lower Center Attack)
        marks = ", ".join("?" * len(named))
        named_sql = f" OR id IN ({marks})" if named else ""
        where.append(f"(rowid IN (SELECT rowid FROM cards_fts WHERE cards_fts MATCH ?){named_sql})")
        params.append(fts_expression(query.text, query.phrases))
        params.extend(named)
    # With words, the full-text matches are the few rows to read: a unary plus keeps SQLite
    # from walking the type index (it gives the id order for free) through every card of
    # the type instead (50,000 events in a padded catalogue).
    type_column = "+type" if query.has_text else "type"
    for wanted_type in query.types:
        where.append(f"{type_column} = ?")
        params.append(wanted_type)
    for titles_named in persona_names:
        titles = sorted(titles_named)
        where.append(Catalogue.keyed_sql("subtitle_norm", ", ".join("?" * len(titles))))
        params.extend(titles)
    for code in query.sets:
        where.append("id IN (SELECT card_id FROM printings WHERE lower(set_code) = lower(?))")
        params.append(code)
    for fmt in query.formats if formats_recorded else ():
        where.append("EXISTS (SELECT 1 FROM json_each(cards.formats) WHERE value = ?)")
        params.append(fmt)
    for gem in query.gems:
        where.append(f"gem_{gem.attribute} {gem.op} ?")
        params.append(gem.number)
    where.extend(_FLAG_SQL[flag] for flag in query.flags)
    return " AND ".join(where) or "1", params


# A card's verdict in a format: LEGAL, ILLEGAL or UNCONFIRMED (no source decides).
Verdict = Callable[[Card, str], str]


def recorded_verdict(card: Card, fmt: str) -> str:
    """A verdict from the recorded formats alone: legal where they name the format,
    unconfirmed where none is recorded, else illegal."""
    if fmt in card.formats:
        return LEGAL
    return ILLEGAL if card.formats else UNCONFIRMED


def run(
    catalogue: Catalogue,
    query: Query,
    verdict: Verdict | None = None,
    notes: list[str] | None = None,
) -> list[Card]:
    """Cards matching every filter of a side of the query's ORs and none of its -TERMs, in
    id order (with words: the cards they name by title first, ``title_rank``, then
    full-text rank order), each once. ``verdict`` judges the
    format terms (the rules pass theirs, which weighs legality facts and a card's editions);
    by default only the recorded formats count (``recorded_verdict``). ``notes`` gets a line
    for each set or persona a term's misspelt value was taken as."""
    found: dict[str, Card] = {}
    said: list[str] = []
    for group in query.groups():
        judge = verdict or recorded_verdict
        for card in _run_group(catalogue, group, judge, verdict is None, said):
            found.setdefault(card.id, card)
    if notes is not None:
        notes.extend(dict.fromkeys(said))  # a term each side of an OR is said once
    return list(found.values())


def _run_group(
    catalogue: Catalogue,
    query: Query,
    verdict: Verdict,
    formats_recorded: bool,
    notes: list[str],
) -> list[Card]:
    titles = _checked_names(catalogue, query, notes)
    ids: list[str] = []
    named: tuple[str, ...] = ()
    if query.has_text:
        named = named_ids(catalogue, [*query.text, *query.phrases])
        ids = full_text_ids(catalogue.path, fts_expression(query.text, query.phrases))
    cards = catalogue.select_cards(*_prefilter(query, titles, named, formats_recorded))
    if query.has_text:
        by_id = {c.id: c for c in cards}
        cards = [by_id[i] for i in dict.fromkeys([*named, *ids]) if i in by_id]
        cards = search_order(cards, named, loose_key(" ".join([*query.text, *query.phrases])))
    cards = [card for card in cards if _matches(card, query, titles, verdict)]
    for excluded in query.excluded:
        left_out = {c.id for c in _run_group(catalogue, excluded, verdict, formats_recorded, notes)}
        cards = [card for card in cards if card.id not in left_out]
    return cards


def _checked_names(catalogue: Catalogue, query: Query, notes: list[str]) -> list[set[str]]:
    """The persona titles each p: term names, refusing a format the catalogue does not
    record and a p: or s: term naming no single persona or set (its sets become codes)."""
    unrecorded = [f for f in (*query.formats, *query.unchecked) if f not in catalogue.formats]
    if unrecorded:
        raise QueryError(
            f"this catalogue records no format {unrecorded[0]}, so f:{unrecorded[0]} cannot "
            "be judged; start a catalogue with the game's formats: "
            "`hlcg db init my.sqlite --from-shipped`"
        )
    query.sets = [set_code(catalogue, value, notes) for value in query.sets]
    return [persona_titles(catalogue, persona, notes) for persona in query.personas]


def _matches(
    card: Card,
    query: Query,
    persona_titles: list[set[str]],
    verdict: Verdict,
) -> bool:
    """Whether a card the SQL prefilter let through passes every filter of the query."""
    subtitle = normalise(card.subtitle) if card.subtitle else None
    sets = {code.lower() for code in card.sets}
    return (
        all(card.type == wanted for wanted in query.types)
        and all(subtitle in titles for titles in persona_titles)
        and all(code.lower() in sets for code in query.sets)
        and _judged(card, query, verdict)
        and all(gem(card) for gem in query.gems)
        and all(_has_flag(card, flag) for flag in query.flags)
    )


def _judged(card: Card, query: Query, verdict: Verdict) -> bool:
    """Legal on evidence in each f: format, undecided in each unchecked: format."""
    return all(verdict(card, fmt) == LEGAL for fmt in query.formats) and all(
        verdict(card, fmt) == UNCONFIRMED for fmt in query.unchecked
    )


def _has_flag(card: Card, flag: str) -> bool:
    return {
        "reserved": card.reserved,
        "signature": card.signature,
        "master": card.is_master,
        "pregame": card.is_pregame,
        "unique": card.is_unique,
    }[flag]
