"""Which persona a deck plays: its `Persona:` line, else the persona listed under Pre-Game
(hlcg.deck.listed says which line lists it), else none (a Generic Immortal) -- unless the
deck names a persona hlcg cannot find, or a line that may be the persona means several
cards, when persona checks are skipped rather than judging the deck as a Generic
Immortal."""

from collections.abc import Mapping, Sequence

from hlcg.catalog import Card, Catalogue, PerCatalogue, normalise
from hlcg.deck.model import (
    AMBIGUOUS,
    ENDURANCE,
    NO_PERSONA,
    PREGAME,
    UNKNOWN,
    Deck,
    DeckCard,
    Entry,
    LineIssue,
    ResolvedDeck,
    Unresolved,
)
from hlcg.deck.narrowing import Resolver

GENERIC_IMMORTAL = normalise("Generic Immortal")  # the rulebooks' term (seed 001)


def _without_article(key: str) -> str:
    return key[4:] if key.startswith("the ") else key


def persona_candidates(resolver: Resolver, name: str) -> list[Card]:
    """Personas by name; else by the name without its article (`Kurgan` for The
    Kurgan); else the persona one half of whose dual name it is."""
    found = [c for c in resolver.candidates(name) if c.type == "persona"]
    if found:
        return found
    key = normalise(name)
    if not key:
        return []
    personas = resolver.catalogue.personas
    bare = [c for c in personas if _without_article(normalise(c.title)) == key]
    if bare:
        return bare
    halves = [c for c in personas if "/" in c.title and key in c.persona_names]
    return halves or _first_named(personas, key)


def _first_named(personas: Sequence[Card], key: str) -> list[Card]:
    """A first name one persona alone goes by: `Persona: Connor` is Connor MacLeod."""
    first = [c for c in personas if key in _first_names(c)]
    return first if len({normalise(c.title) for c in first}) == 1 else []


def _first_names(card: Card) -> set[str]:
    from hlcg.catalog import persona_first_names

    return {short for name in card.persona_names for short in persona_first_names(name)}


def persona_printing(resolver: Resolver, name: str, set_code: str | None) -> tuple[str, str | None]:
    """The persona's name and the printing it names: the set code given, else one in
    round brackets when the name alone is no persona (`Kurgan (Movie Edition)`)."""
    if set_code or persona_candidates(resolver, name):
        return name, set_code
    split = resolver.bracketed_set(name) or _edition_named(resolver, name)
    return split if split else (name, None)


def _edition_named(resolver: Resolver, name: str) -> tuple[str, str] | None:
    """ "Duncan MacLeod 2E", "Connor (2nd Ed.)": a persona named with an edition spelling."""
    return resolver.edition_named(name, lambda head: bool(persona_candidates(resolver, head)))


def find_persona(
    resolver: Resolver, name: str, line: int | None, set_code: str | None = None
) -> Card | Unresolved:
    """The persona card a name (with its set code, if any) means."""
    name, set_code = persona_printing(resolver, name, set_code)
    found = persona_candidates(resolver, name)
    if not found:
        return resolver.unknown(name, line, personas_only=True)
    if set_code:
        found = resolver.by_set(found, set_code, 1)
    return resolver.decide(name, line, resolver.by_format(found))


# Each open catalogue's Generic Immortal names, kept while it is open (it is read-only).
_GENERIC_NAMES: PerCatalogue[dict[str, frozenset[str]]] = PerCatalogue(dict)


def generic_names(resolver: Resolver) -> frozenset[str]:
    """Names a Generic Immortal goes by: the catalogue's flagged pseudo-persona's (worked
    out once per catalogue: every deck asks)."""
    known = _GENERIC_NAMES.of(resolver.catalogue)
    names = known.get("names")
    if names is None:
        names = known["names"] = frozenset(
            name
            for card in resolver.catalogue.personas
            if card.is_generic_immortal
            for name in card.persona_names
        )
    return names


class Declared:
    """What the `Persona:` line declares: a persona card, a Generic Immortal, or neither."""

    # Plain classes, these two: a NamedTuple costs ten times as much to create at import,
    # and both are only ever read by attribute.
    __slots__ = ("card", "generic")

    def __init__(self, card: Card | None, generic: bool) -> None:
        self.card, self.generic = card, generic


def declared_persona(resolver: Resolver, resolved: ResolvedDeck) -> Declared:
    """The `Persona:` line's persona; a name naming none becomes an unresolved line."""
    deck = resolved.deck
    if not deck.persona:
        return Declared(None, False)
    if normalise(deck.persona) in resolved.generic_names | {GENERIC_IMMORTAL}:
        return _generic(resolved, deck.persona_line)
    found = find_persona(resolver, deck.persona, deck.persona_line, deck.persona_set)
    # A printing in round brackets is named as `[SET]` is: it decides the persona's legality.
    resolved.persona_set = persona_printing(resolver, deck.persona, deck.persona_set)[1]
    if isinstance(found, Unresolved):
        resolved.unresolved.append(found._replace(count=0))  # a persona line is no copy
        return Declared(None, False)
    if found.is_generic_immortal:
        return _generic(resolved, deck.persona_line)
    return Declared(found, False)


def _generic(resolved: ResolvedDeck, line: int | None) -> Declared:
    resolved.declares_generic, resolved.generic_line = True, line
    return Declared(None, True)


def settle_persona(
    resolved: ResolvedDeck,
    declared: Card | None,
    catalogue: Catalogue,
    persona_rules: Sequence[str],
) -> None:
    """The deck's persona: the declared one, else the first listed (under Pre-Game before
    the Endurance); with neither, a
    persona line or pre-game line that looks like a typo skips the persona checks, and its
    problem names them (``persona_rules``: the rules' own business, so given)."""
    personas = [dc for dc in resolved.cards if dc.card.type == "persona"]
    if declared is not None:
        resolved.persona = declared
    elif personas and _declares_generic(resolved):
        _note_generic_with_persona(resolved, personas[0], ", ".join(persona_rules))
    elif personas:
        # One listed under Pre-Game before one listed, by mistake, in the Endurance: a
        # LackeyCCG .dek writes its Deck zone before its Pregame zone.
        in_pregame = [dc for dc in personas if any(e.section == PREGAME for e in dc.entries)]
        resolved.persona = (in_pregame or personas)[0].card
    else:
        _note_persona_typo(resolved, catalogue, ", ".join(persona_rules))


def _declares_generic(resolved: ResolvedDeck) -> bool:
    """The deck says it is a Generic Immortal: its `Persona:` line, or the Generic Immortal
    listed as a card (declared, not played: hlcg.deck.resolver leaves it out)."""
    if resolved.declares_generic:
        return True
    names = resolved.generic_names | {GENERIC_IMMORTAL}
    for entry in resolved.deck.entries:
        if entry.section != ENDURANCE and normalise(entry.name) in names:
            resolved.declares_generic, resolved.generic_line = True, entry.line
            return True
    return False


def _note_generic_with_persona(resolved: ResolvedDeck, listed: DeckCard, skipped: str) -> None:
    """A Generic Immortal has no Persona card: a deck declaring one and listing a persona
    contradicts itself. One problem, on the declaring line; persona checks are skipped
    rather than judging the deck as either."""
    title = listed.card.title
    where = f"line {listed.line}" if listed.line is not None else "the deck"
    resolved.issues.append(
        LineIssue(
            resolved.generic_line,
            f"the deck declares a Generic Immortal, but {where} lists the persona {title}: "
            f"a Generic Immortal has no Persona card; persona checks skipped: {skipped}",
            f"remove the Generic Immortal to play {title}, or remove {title} to play a "
            "Generic Immortal",
        )
    )
    resolved.persona_unresolved = True
    resolved.unresolved_persona_name = f"Generic Immortal or {title}"


def _typo_note(resolved: ResolvedDeck, item: Unresolved, catalogue: Catalogue) -> str | None:
    """Why an unresolved line may be the persona (the note its problem gets), or None."""
    persona_line = resolved.deck.persona_line
    if resolved.deck.persona:
        if item.line != persona_line or item.name != resolved.deck.persona:
            return None
        return "persona checks skipped"
    cards = catalogue.cards
    if item.kind == AMBIGUOUS:
        # A line that may list the persona (Katana: the persona or the Weapon of Choice).
        if item.section != ENDURANCE and any(cards[i].type == "persona" for i in item.card_ids):
            return "if it is the persona, persona checks were skipped"
        return None
    if item.section != PREGAME or item.kind != UNKNOWN:
        return None
    if may_be_persona(item.card_ids, cards):
        return "if it is the persona, persona checks were skipped"
    return None


def may_be_persona(suggested: tuple[str, ...], cards: Mapping[str, Card]) -> bool:
    """A pre-game name naming no card, close to a persona's name or to nothing the
    catalogue holds (a persona it lacks, another catalogue's id), may be the persona."""
    nearest = suggested[:1]
    return not nearest or any(i in cards and cards[i].type == "persona" for i in nearest)


def _note_persona_typo(resolved: ResolvedDeck, catalogue: Catalogue, skipped: str) -> None:
    """A deck without a persona whose `Persona:` line names none, or whose pre-game line
    naming no card is close to a persona's name, is not judged as a Generic Immortal
    because of a typo: persona checks are skipped, and the line's problem says so."""
    persona_line = resolved.deck.persona_line
    if not resolved.deck.persona and persona_line is not None:
        _note_empty_persona(resolved, persona_line, skipped)
        return
    for number, item in enumerate(resolved.unresolved):
        note = _typo_note(resolved, item, catalogue)
        if note is None:
            continue
        message = f"{item.message}; {note}: {skipped}"
        resolved.unresolved[number] = item._replace(message=message)
        resolved.persona_unresolved = True
        resolved.unresolved_persona_name = item.name
        return


def _note_empty_persona(resolved: ResolvedDeck, persona_line: int, skipped: str) -> None:
    """An empty `Persona:` line is its one problem: persona checks are skipped."""
    for number, issue in enumerate(resolved.issues):
        if issue.line == persona_line and issue.message == NO_PERSONA:
            message = f"{NO_PERSONA}; persona checks skipped: {skipped}"
            resolved.issues[number] = issue._replace(message=message)
    resolved.persona_unresolved = True
    resolved.unresolved_persona_name = ""


# Which line lists a deck's persona when no `Persona:` line declares it, and whether the
# deck's persona is settled for the other lines.
#
# A line naming only personas lists the persona. A name that also means another card the
# line's section admits (the Katana persona and the Katana Weapon of Choice) lists the
# persona only when the deck says so: on the first line of a list without headers, or with
# that persona's Reserved or Signature cards in the deck (a line naming only a persona comes
# first: `Katana` then `Duncan MacLeod` is Duncan's Weapon of Choice). Otherwise the line is
# `ambiguous-card` with both candidates: the format never decides between them.


class LinePersona:
    """What a deck's lines know of its persona: its card (None: a Generic Immortal, or not
    known), the line listing it (None: the `Persona:` line, or none), and whether it is
    settled: the deck declares or lists a persona (or a pre-game line that may be it), so
    another persona of a line's name is not meant."""

    __slots__ = ("card", "entry", "settled")

    def __init__(self, card: Card | None, entry: Entry | None, settled: bool) -> None:
        self.card, self.entry, self.settled = card, entry, settled


def _may_list_persona(resolver: Resolver, entry: Entry) -> tuple[bool, bool]:
    """Whether a line may list a persona, and whether it may as well mean another card of
    that name the line's section admits (the Katana Weapon of Choice)."""
    found = resolver.named(entry)[1]
    if not any(c.type == "persona" for c in found):
        return False, False
    shared = any(
        c.type != "persona" and c.subtitle is None and (c.is_pregame or entry.section is None)
        for c in found
    )
    return True, shared


def _own_cards_listed(deck: Deck, resolver: Resolver, persona: Card) -> bool:
    """The deck lists a Reserved or Signature card of the persona (every card its line may
    mean is one): cards only that persona may play, so the deck plays it."""
    names = persona.persona_names
    for entry in deck.entries:
        found = resolver.candidates(entry.name)
        if found and all(
            (c.reserved or c.signature) and c.subtitle and normalise(c.subtitle) in names
            for c in found
        ):
            return True
    return False


def _listed_persona(deck: Deck, resolver: Resolver) -> tuple[Card | None, Entry | None, bool]:
    """The persona card listed among the entries and its line, so other lines can prefer
    its versions; and whether a line left undecided may list it.

    A line naming only personas lists the persona. A name also meaning another card (the
    Katana persona and Weapon of Choice) lists it only when the deck says so: on the first
    line of a list without headers, or with that persona's Reserved or Signature cards in
    the deck; otherwise its line stays ambiguous."""
    maybe: list[Entry] = []
    for entry in deck.entries:
        if entry.section == ENDURANCE:
            continue
        persona, shared = _may_list_persona(resolver, entry)
        if not persona:
            continue
        if shared:
            maybe.append(entry)
            continue
        # Its name as read: "Duncan 1st Ed" is Duncan MacLeod's first-edition printing.
        named = resolver.named(entry)[0]
        found = find_persona(resolver, named.name, named.line, named.set_code)
        if isinstance(found, Card) and not found.is_generic_immortal:
            return found, entry, False
    for entry in maybe:
        found = find_persona(resolver, entry.name, entry.line, entry.set_code)
        if not isinstance(found, Card) or found.is_generic_immortal:
            continue
        first_of_flat_list = entry is deck.entries[0] and entry.section is None
        if first_of_flat_list or _own_cards_listed(deck, resolver, found):
            return found, entry, False
    return None, None, bool(maybe)


def _unknown_pregame_persona(deck: Deck, resolver: Resolver) -> bool:
    """A pre-game line naming no card may be the persona (hlcg.deck.persona.may_be_persona)."""
    cards = resolver.catalogue.cards
    return any(
        entry.section == PREGAME
        and not resolver.candidates(entry.name)
        and may_be_persona(resolver.unknown(entry.name, entry.line).card_ids, cards)
        for entry in deck.entries
    )


def preferred_persona(deck: Deck, resolver: Resolver, declared: Declared) -> LinePersona:
    """The persona whose versions the deck's lines prefer: the declared one, else the one
    listed (looked up without counting its set code: its line counts when it resolves)."""
    if declared.card is not None:
        return LinePersona(declared.card, None, True)
    if declared.generic:
        return LinePersona(None, None, True)
    counted = dict(resolver.unmatched_sets)
    card, entry, undecided = _listed_persona(deck, resolver)
    resolver.unmatched_sets = counted
    if card is not None:
        return LinePersona(card, entry, True)
    # A `Persona:` line naming no persona, or a pre-game typo that may be the persona,
    # still says the deck's persona is another card than a line's undecided name.
    settled = bool(deck.persona) or (undecided and _unknown_pregame_persona(deck, resolver))
    return LinePersona(None, None, settled)
