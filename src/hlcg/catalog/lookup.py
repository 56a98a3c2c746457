"""What a typed name means: the one place every name lookup decides.

Every lookup by name ends here: a card (`hlcg card`, a deck's lines, through the catalogue's
``lookup``, ``exact`` and ``suggest``), a persona (`hlcg persona`), a row of the There Can Be
Only One tables, a sheet's sword and location (``judge_match`` among a table's names). An
exact or normalised name is an answer; a near miss is an answer only when it is *confident*:
among a table's names it scores at least ``CONFIDENT_SCORE`` out of 100 and leads the next
different answer by at least ``CONFIDENT_MARGIN``; a card name must also be alike letter by
letter and lead by that likeness (``confident_card``). Anything else is a list of candidates
scoring at least ``SUGGEST_SCORE``, one per answer (an alias and its card are one), never a
silent guess.

Candidates follow the game's structure before their raw score: the attack and block grid
calls its middle column "Center", so a near miss of "Lower Middle Attack" lists "Lower Center
Attack" first.

A card name is tried, in order: catalogue id -> exact title -> "Title: Subtitle" or "Title
(Subtitle)" (a plot's part without its number, a version by the grid or text it records) ->
alias -> normalised form (case, spacing, punctuation, curly apostrophes, Master's/Masters) ->
a spelling of a title (the grid's "middle" for "Center", one word's plural or possessive "s"
added or dropped: "Lower Middle Attack", "dodges", "Master Block (Ramirez)") -> fuzzy
match (rapidfuzz WRatio on normalised names). Every exact attempt is made again with `&` for
`and` (or `and` for `&`) when the name as written matches nothing. Exact attempts are
indexed queries on the catalogue file. The fuzzy step reads only the compact name table ``db
build`` writes (normalised names, no cards); to keep it cheap on large catalogues, only the
``PREFILTER`` names nearest by the much cheaper QRatio are scored with WRatio.
"""

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

from hlcg import lazy
from hlcg.catalog.card import Card
from hlcg.catalog.vocabulary import normalise, slug

if TYPE_CHECKING:
    from hlcg.catalog.store import Catalogue

CONFIDENT_SCORE = 85.0
CONFIDENT_MARGIN = 8.0
# A card name's near miss is taken when its WRatio is CONFIDENT_SCORE+ and, spelled out
# letter by letter (rapidfuzz ratio), it is CONFIDENT_RATIO+ alike and leads every other
# answer by CONFIDENT_RATIO_LEAD. WRatio alone crowds a typo's card with the names that
# merely contain one of its words ("Hamer Blow: The Kurgan" scores 97.7 against its card
# and 90 against "The Kurgan"), and takes a name that is no card's ("Upper Attack").
# Tuned on tests/typo_corpus.py: see tests/test_typo_lookups.py for its two rates.
CONFIDENT_RATIO = 80.0
CONFIDENT_RATIO_LEAD = 6.0
SUGGEST_SCORE = 60.0
# A query this short (letters and digits) is in too many names to be a guess: "e" scores 90
# against any short name that holds an e.
MIN_GUESS_LENGTH = 3
MAX_SUGGESTIONS = 8
PREFILTER = 50

# Words players use for one place on the attack/block grid (rows Upper, Middle, Lower;
# columns Left, Center, Right): the catalogue writes the middle column "Center".
_GRID_SYNONYMS = {"middle": "center", "centre": "center", "mid": "center"}

_PAREN_SUBTITLE = lazy(r"^(?P<title>.+?)\s*\((?P<subtitle>[^()]+)\)$")
# A multi-part plot's subtitle: "Research (part 2)".
_PART = lazy(r"^(?P<subtitle>.*?)\s*\((?P<part>part\s*\d+)\)$", re.IGNORECASE)
_AND = lazy(r"\band\b", re.IGNORECASE)
# A subtitle after a spaced dash, as forums write it: "Master's Block - Duncan".
_DASH_SUBTITLE = lazy(r"^(?P<title>.+?)\s+[-\u2013\u2014]\s+(?P<subtitle>.+)$")
# "Dark Duncan Premium", "Grayson Premium (+1)", "Grayson Premium: +1 Ability": a persona's
# premium card named by its title and the word players call the card type.
_PREMIUM = lazy(r"^(?P<title>.+?)\s+premium\b\s*(?:[-:(].*)?$", re.IGNORECASE)


class Candidate(NamedTuple):
    """A name that may be meant, its score (0-100) and the ids it stands for."""

    name: str
    score: float
    ids: tuple[str, ...]


class Match(NamedTuple):
    """What a name means: ``ids`` is set when it was recognised (a title several cards share
    gives several); ``candidates`` are the names it may mean, best first."""

    query: str
    # a card: id | title | name | alias | normalised | fuzzy | none;
    # among a table's names (judge_match): exact | partial | fuzzy | none
    how: str
    ids: tuple[str, ...]
    candidates: list[Candidate] = []  # shared default: never mutated
    score: float | None = None

    @property
    def found(self) -> bool:
        return bool(self.ids)


# --- scoring and the confident answer ------------------------------------------------------


def structure_key(key: str) -> str:
    """A normalised name with the grid's synonyms folded: "lower middle attack" and
    "lower center attack" meet."""
    return " ".join(_GRID_SYNONYMS.get(word, word) for word in key.split())


def structure_spellings(key: str) -> list[str]:
    """Every way of writing the grid place a normalised name names: "lower middle attack" ->
    "lower center attack", "lower middle attack", "lower centre attack", "lower mid attack"."""
    spellings = [""]
    for word in structure_key(key).split():
        forms = [word] if word != "center" else ["center", *_GRID_SYNONYMS]
        spellings = [f"{done} {form}".strip() for done in spellings for form in forms]
    return spellings


def compact(key: str) -> str:
    """A normalised name without spaces: "longsword" and "long sword" meet."""
    return key.replace(" ", "")


def merge(candidates: Iterable[Candidate]) -> list[Candidate]:
    """One candidate per answer (the best-scoring name for it), best first."""
    best: dict[frozenset[str], Candidate] = {}
    for candidate in candidates:
        key = frozenset(candidate.ids)
        if key not in best or candidate.score > best[key].score:
            best[key] = candidate
    return sorted(best.values(), key=lambda c: -c.score)


def prefer_structure(query_key: str, candidates: list[Candidate]) -> list[Candidate]:
    """Candidates that name the same place on the grid as the query come first."""
    wanted = structure_key(query_key)
    if wanted == query_key and not any(w in _GRID_SYNONYMS.values() for w in wanted.split()):
        return candidates
    same = [c for c in candidates if structure_key(normalise(c.name)) == wanted]
    return same + [c for c in candidates if c not in same]


def confident(candidates: Sequence[Candidate]) -> Candidate | None:
    """The first candidate when it is a confident answer, else None."""
    if not candidates:
        return None
    best = candidates[0]
    runner_up = max((c.score for c in candidates[1:] if set(c.ids) != set(best.ids)), default=0.0)
    if best.score >= CONFIDENT_SCORE and best.score - runner_up >= CONFIDENT_MARGIN:
        return best
    return None


def confident_card(query_key: str, candidates: Sequence[Candidate]) -> Candidate | None:
    """The candidate a misspelt card name means, or None (see CONFIDENT_RATIO)."""
    from rapidfuzz import fuzz

    eligible = [c for c in candidates if c.score >= CONFIDENT_SCORE]
    if not eligible or len(compact(query_key)) < MIN_GUESS_LENGTH:
        return None
    alike = sorted(
        ((fuzz.ratio(query_key, normalise(c.name), processor=None), c) for c in candidates),
        key=lambda pair: -pair[0],
    )
    likeness, best = alike[0]
    runner_up = max((r for r, c in alike[1:] if set(c.ids) != set(best.ids)), default=0.0)
    if best.score < CONFIDENT_SCORE or likeness < CONFIDENT_RATIO:
        return None
    return best if likeness - runner_up >= CONFIDENT_RATIO_LEAD else None


def score_names(query_key: str, names: Mapping[str, Sequence[str]]) -> list[Candidate]:
    """Every name scoring ``SUGGEST_SCORE``+ against a normalised query, merged and ordered."""
    if not query_key:
        return []
    # Imported here: exact lookups never need it.
    from rapidfuzz import fuzz

    scored = []
    for name, ids in names.items():
        value = float(fuzz.WRatio(query_key, normalise(name), processor=None))
        if value >= SUGGEST_SCORE:
            scored.append(Candidate(name, round(value, 1), tuple(ids)))
    return prefer_structure(query_key, merge(scored))[:MAX_SUGGESTIONS]


# --- among a table's names ------------------------------------------------------------------


def judge_match(query: str, names: Mapping[str, Sequence[str]]) -> Match:
    """What ``query`` names among ``names`` (display name -> the ids it stands for).

    Exact or normalised name (spaces optional) -> that answer; a part of a name that only
    one answer's names contain -> that answer; several -> candidates, no answer; else a
    confident near miss, or candidates.
    """
    key = normalise(query)
    if query in names:
        return Match(query, "exact", tuple(names[query]), [], 100.0)
    found = _equal_names(query, key, names) or _partial_names(query, key, names)
    if found is not None:
        return found
    candidates = score_names(key, names)
    best = confident(candidates) if len(compact(key)) >= MIN_GUESS_LENGTH else None
    if best is not None:
        return Match(query, "fuzzy", best.ids, candidates, best.score)
    return Match(query, "none", (), candidates)


def _equal_names(query: str, key: str, names: Mapping[str, Sequence[str]]) -> Match | None:
    """The names that equal the query once normalised, spaces optional."""
    if not key:
        return None
    equal = [ids for name, ids in names.items() if compact(normalise(name)) == compact(key)]
    if not equal:
        return None
    return Match(query, "exact", tuple(dict.fromkeys(i for ids in equal for i in ids)), [])


def _partial_names(query: str, key: str, names: Mapping[str, Sequence[str]]) -> Match | None:
    """The answer whose names alone contain the query as whole words; candidates when
    several answers' names do; None when none does."""
    if not key:
        return None
    containing = {name: ids for name, ids in names.items() if f" {key} " in f" {normalise(name)} "}
    answers = {frozenset(ids) for ids in containing.values()}
    if len(answers) == 1:
        return Match(query, "partial", tuple(next(iter(containing.values()))), [])
    if not answers:
        return None
    candidates = score_names(key, containing) or [
        Candidate(name, 0.0, tuple(ids)) for name, ids in containing.items()
    ]
    return Match(query, "none", (), merge(candidates))


def persona_match(catalogue: "Catalogue", name: str) -> Match:
    """The persona (all its versions) ``name`` means among the catalogue's personas, by id or
    title (``judge_match``): `hlcg persona NAME` and the search term `p:NAME` decide alike."""
    titles: dict[str, list[str]] = {}
    for persona in catalogue.personas:
        titles.setdefault(persona.title, []).append(persona.id)
    if name in catalogue.cards and catalogue.cards[name].type == "persona":
        titles = {name: [name]}
    return judge_match(name, titles)


# --- a card by name (the bodies of Catalogue.lookup, exact and suggest) ---------------------


def split_name(name: str) -> tuple[str, str | None]:
    """ "Master's Block (Ramirez)", "Master's Block: Ramirez" or "Master's Block - Ramirez"
    -> title, subtitle."""
    paren = _PAREN_SUBTITLE.match(name)
    if paren:
        return paren["title"].strip(), paren["subtitle"].strip()
    if ":" in name:
        title, _, subtitle = name.partition(":")
        return title.strip(), subtitle.strip() or None
    dash = _DASH_SUBTITLE.match(name) if len(name) <= 200 else None
    if dash:
        return dash["title"].strip(), dash["subtitle"].strip()
    return name.strip(), None


def card_match(catalogue: "Catalogue", query: str) -> Match:
    """The card(s) ``query`` names exactly, else the confident fuzzy match, else none; the
    candidates either way when the name was not exact."""
    found = exact_card_match(catalogue, query)
    if found:
        return found
    candidates = catalogue.suggest(query)
    best = confident_card(normalise(query), candidates)
    if best is not None:
        return Match(query, "fuzzy", best.ids, candidates, best.score)
    return Match(query, "none", (), candidates)


def exact_card_match(catalogue: "Catalogue", query: str) -> Match | None:
    """Every attempt short of fuzzy matching; None when nothing matches exactly. `&` and
    `and` are one word ("Cat & Mouse" is Cat and Mouse)."""
    name = " ".join(query.split())
    found = _exact(catalogue, query, name)
    if found is None and "&" in name:
        found = _exact(catalogue, query, " ".join(name.replace("&", " and ").split()))
    elif found is None and _AND.search(name):
        found = _exact(catalogue, query, _AND.sub("&", name))
    return found or _spelled(catalogue, query, name)


# A name this long is no card's title written another way: its spellings are not tried.
_MOST_SPELLED_WORDS = 8


def _spelled(catalogue: "Catalogue", query: str, name: str) -> Match | None:
    """The card(s) a title names written another way: the grid's "middle" or "centre" for
    "Center", a plural or a possessive without its "s" ("dodges", "Master Block (Ramirez)").
    Only when every such spelling that names something names the same cards."""
    title, subtitle = split_name(name)
    words = normalise(title).split()
    if not words or len(words) > _MOST_SPELLED_WORDS:
        return None
    found: set[tuple[str, ...]] = set()
    for spelling in _spellings(words):
        if spelling == normalise(title):
            continue
        match = _exact(
            catalogue, query, spelling if subtitle is None else f"{spelling}: {subtitle}"
        )
        if match is not None:
            found.add(match.ids)
    if len(found) != 1:
        return None
    return Match(query, "normalised", found.pop())


def _spellings(words: list[str]) -> list[str]:
    """The grid's spellings of a name, each also with one word's "s" added or dropped."""
    spellings = []
    for grid in structure_spellings(" ".join(words)):
        spelled = grid.split()
        spellings.append(grid)
        for index, word in enumerate(spelled):
            other = word[:-1] if word.endswith("s") and len(word) > 3 else f"{word}s"
            spellings.append(" ".join([*spelled[:index], other, *spelled[index + 1 :]]))
    return list(dict.fromkeys(spellings))


def _exact(cat: "Catalogue", query: str, name: str) -> Match | None:
    if name in cat.cards:
        return Match(query, "id", (name,))
    lowered = name.casefold()
    titled = [c for c in cat.titled(name) if c.title.casefold() == lowered]
    if titled:
        return _cards_match(query, "title", titled)
    named = _subtitled(cat, name) or _premium(cat, name)
    if named:
        return _cards_match(query, "name", named)
    key = normalise(name)
    if key in cat.aliases:
        return Match(query, "alias", (cat.aliases[key],))
    cards = cat.by_title.get(key) or cat.by_name.get(key)
    return _cards_match(query, "normalised", cards) if cards else None


def _subtitled(cat: "Catalogue", name: str) -> list[Card]:
    """The cards "Title: Subtitle" (or "(Subtitle)", "- Subtitle") names: by the subtitle,
    a plot's part, a version's grid or text, or a persona's first name."""
    title, subtitle = split_name(name)
    if subtitle is None:
        return []
    named = [
        c for c in cat.titled(title) if c.subtitle and normalise(c.subtitle) == normalise(subtitle)
    ]
    return named or _part_or_version(cat, title, subtitle) or _first_named(cat, title, subtitle)


def _cards_match(query: str, how: str, cards: Sequence[Card]) -> Match:
    return Match(query, how, tuple(card.id for card in cards))


def _part_or_version(catalogue: "Catalogue", title: str, qualifier: str) -> list[Card]:
    """A plot's part named without its number ("Head Hunter: Research" is "Research
    (part 2)"; "Head Hunter (part 2)" too), or one of a title's versions named by the
    grid or text it records ("Flurry Strike (Middle Left)")."""
    cards = [c for c in catalogue.titled(title) if normalise(c.title) == normalise(title)]
    return _parts(cards, qualifier) or _version(cards, title, qualifier)


def persona_first_names(key: str) -> set[str]:
    """The short names a persona goes by, normalised: its first name and its name without
    an article ("duncan macleod" -> "duncan"; "the kurgan" -> "kurgan")."""
    words = key.split()
    short = {words[0]} if len(words) > 1 else set()
    if key.startswith("the "):
        short.add(key.removeprefix("the "))
    return short - {"the"}


def _first_named(catalogue: "Catalogue", title: str, qualifier: str) -> list[Card]:
    """The versions of a title whose subtitle is a persona the qualifier names by a short
    name ("Jump (Duncan)" is Jump: Duncan MacLeod). Every persona of that short name's
    version: the deck's persona decides between them (hlcg.deck.narrowing)."""
    wanted = normalise(qualifier)
    if not wanted:
        return []
    personas = catalogue.persona_names
    return [
        c
        for c in catalogue.titled(title)
        if normalise(c.title) == normalise(title)
        and c.subtitle
        and normalise(c.subtitle) in personas
        and wanted in persona_first_names(normalise(c.subtitle))
    ]


def _premium(catalogue: "Catalogue", name: str) -> list[Card]:
    """ "Dark Duncan Premium", "Grayson Premium (+1)": the premium cards of that title."""
    found = _PREMIUM.match(name) if len(name) <= 200 else None
    if found is None:
        return []
    title = normalise(found["title"])
    return [
        c for c in catalogue.titled(found["title"])
        if c.type == "premium" and normalise(c.title) == title
    ]  # fmt: skip


def _parts(cards: list[Card], qualifier: str) -> list[Card]:
    """The plot parts whose subtitle, or part number, the qualifier names."""
    wanted = normalise(qualifier)
    found = []
    for card in cards:
        part = _PART.match(card.subtitle or "")
        if part and wanted in (normalise(part["subtitle"]), normalise(part["part"])):
            found.append(card)
    return found


def _version(cards: list[Card], title: str, qualifier: str) -> list[Card]:
    """The one version of a title (same type, no subtitle) whose id or text the qualifier
    names; none when it names several or none."""
    if len(cards) < 2 or any(c.subtitle for c in cards) or len({c.type for c in cards}) > 1:
        return []  # a persona and a Weapon of Choice are not versions of one card
    wanted = normalise(qualifier)
    by_id = [c for c in cards if c.id == f"{slug(title)}-{slug(qualifier)}"]
    by_text = [c for c in cards if f" {wanted} " in f" {normalise(c.text or '')} "]
    return next((found for found in (by_id, by_text) if len(found) == 1), [])


def card_candidates(
    catalogue: "Catalogue", query: str, limit: int = MAX_SUGGESTIONS
) -> list[Candidate]:
    """The card names nearest ``query`` scoring ``SUGGEST_SCORE``+, one per answer, names in
    the grid's structure first; an alias is shown with its card."""
    key = normalise(query)
    if not key:
        return []
    # Imported here: exact lookups, most deck lines, never need it.
    from rapidfuzz import fuzz, process

    nearest = process.extract(
        key, catalogue.name_keys, scorer=fuzz.QRatio, processor=None, limit=PREFILTER
    )
    # The same grid place written another way may be far by QRatio: score it anyway. Its
    # spellings are looked up in the indexed name table, never by scanning every name.
    same_place = catalogue.name_entries(structure_spellings(key))
    pool = list(dict.fromkeys([*same_place] + [choice for choice, _, _ in nearest]))
    found = process.extract(
        key,
        pool,
        scorer=fuzz.WRatio,
        processor=None,
        limit=None,
        score_cutoff=SUGGEST_SCORE,
    )
    entries = catalogue.name_entries([choice for choice, _, _ in found])
    candidates = []
    for choice, value, _ in found:
        display, ids = entries[choice]
        candidates.append(Candidate(display, round(float(value), 1), ids))
    ordered = prefer_structure(key, merge(candidates))[:limit]
    return [c._replace(name=_row_name(catalogue, c)) for c in ordered]


def _row_name(catalogue: "Catalogue", candidate: Candidate) -> str:
    """An alias shown with its card: "Lower Center Block (alias Lower Block)"."""
    if len(candidate.ids) != 1:
        return candidate.name
    card = catalogue.cards[candidate.ids[0]]
    if candidate.name in (card.name, card.title):
        return candidate.name
    return f"{card.name} (alias {candidate.name})"
