"""A whole catalogue (an export) merged into another fact by fact, never card by card.

A card only one side holds is taken as it is. For a card both hold, each fact is decided on
its own, with the same rule a fact sheet follows:

- a fact the export lacks is kept; a fact the catalogue lacks is filled (with the export's
  sources for it); printings add up;
- the same value on both sides is one fact with the sources of both (``confirmed``);
- a value the catalogue's own history says it replaced is kept replaced (``kept``: the
  export was made before the correction); a value the export's history says it replaced is
  taken (``taken``: the export holds the newer correction), so neither side reverts the
  other's ``--overwrite``;
- any other difference is a conflict, listed with both values and both sources; with
  ``overwrite`` the export's value is taken and the catalogue's goes to the history.

A restriction number and "carries none" (``unrestricted``) are one fact stated two ways.
The fact history is the union of both sides' and of what the merge replaced, so it never
says a value was replaced that the catalogue still holds because of the merge.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from hlcg.catalog.storage import FACT_FIELDS, LIST_FIELDS, row_key
from hlcg.curation.bundle import Bundle
from hlcg.curation.models import CardRow, FactHistoryRow, FactSourceRow, LegalityRow
from hlcg.curation.upsert import Conflict, stated, superseded

T = TypeVar("T")

# The field a fact is read from when it is stated: "carries none" is the restriction fact.
_PAIRED = {"unrestricted": "restriction"}


@dataclass(frozen=True)
class FactChange:
    """One fact of one card the merge decided on: its value in the catalogue and offered."""

    card_id: str
    field: str
    recorded: str
    offered: str


@dataclass(frozen=True)
class Confirmed:
    """A recorded fact an import gave another source: every source it now has."""

    card_id: str
    field: str
    value: str
    sources: tuple[str, ...]


@dataclass
class Merged:
    """What merging an export into a catalogue gave, and what it did fact by fact."""

    bundle: Bundle
    added: int = 0  # cards only the export held
    shared: int = 0  # cards both held, merged fact by fact
    filled: list[FactChange] = field(default_factory=list)
    confirmed: list[Confirmed] = field(default_factory=list)  # facts that gained a source
    kept: list[FactChange] = field(default_factory=list)  # the catalogue had replaced it
    taken: list[FactChange] = field(default_factory=list)  # the export had replaced ours
    conflicts: list[Conflict] = field(default_factory=list)
    overwritten: list[Conflict] = field(default_factory=list)
    legality_conflicts: list[str] = field(default_factory=list)


def _fact(card: CardRow, name: str) -> tuple[str, str]:
    """(field it is recorded as, value as CSV text) of one fact; ('', '') when unknown."""
    flat = card.to_flat()
    if name == "restriction" and card.unrestricted:
        return "unrestricted", "true"
    if not stated(name, getattr(card, name)):
        return "", ""
    return name, flat[name]


def _shown(card: CardRow, name: str, fact: tuple[str, str]) -> str:
    """A fact's value as a user writes it: "carries none" is the restriction ``none``, a flag
    left empty is ``false``."""
    if fact[0] == "unrestricted":
        return "none"
    if not fact[0] and getattr(card, name) is False:
        return "false"
    return fact[1]


def _set_fact(data: dict[str, object], source: CardRow, name: str) -> None:
    data[name] = getattr(source, name)
    if name == "restriction":
        data["unrestricted"] = source.unrestricted


def _replaced(history: list[FactHistoryRow], card_id: str, fact: tuple[str, str]) -> bool:
    return any((h.card_id, h.field, h.value) == (card_id, *fact) for h in history)


class _CardMerge:
    """One card both sides hold, merged fact by fact into ``data``."""

    def __init__(self, ours: CardRow, theirs: CardRow, merged: Merged, target: Bundle,
                 incoming: Bundle, overwrite: bool) -> None:  # fmt: skip
        self.ours, self.theirs, self.merged = ours, theirs, merged
        self.target, self.incoming, self.overwrite = target, incoming, overwrite
        self.data = ours.model_dump()
        self.superseded: list[tuple[str, str]] = []  # our facts the merge replaced

    def sources(self, bundle: Bundle, card: CardRow, fact: tuple[str, str]) -> str:
        rows = [r for r in bundle.facts if r.fact[:2] == (card.id, fact[0])]
        return "; ".join(dict.fromkeys(r.source for r in rows)) or card.source

    def conflict(self, name: str, ours: tuple[str, str], theirs: tuple[str, str]) -> Conflict:
        return Conflict(
            self.ours.id,
            name,
            ours[1] if ours[0] == name else f"{ours[0]}: {ours[1]}",
            self.sources(self.target, self.ours, ours),
            theirs[1] if theirs[0] == name else f"{theirs[0]}: {theirs[1]}",
            self.sources(self.incoming, self.theirs, theirs),
        )

    def take(self, name: str, ours: tuple[str, str]) -> None:
        _set_fact(self.data, self.theirs, name)
        if ours[0]:
            self.superseded.append(ours)

    def fact(self, name: str) -> None:
        ours, theirs = _fact(self.ours, name), _fact(self.theirs, name)
        change = FactChange(
            self.ours.id, name, _shown(self.ours, name, ours), _shown(self.theirs, name, theirs)
        )
        if theirs == ours or (name in LIST_FIELDS and _same_list(self.ours, self.theirs, name)):
            return
        they_replaced_ours = ours[0] and _replaced(self.incoming.fact_history, self.ours.id, ours)
        we_replaced_theirs = theirs[0] and _replaced(self.target.fact_history, self.ours.id, theirs)
        if not theirs[0] and not they_replaced_ours:
            return  # the export does not know it
        if we_replaced_theirs and not they_replaced_ours:
            self.merged.kept.append(change)
        elif they_replaced_ours and not we_replaced_theirs:
            self.take(name, ours)
            self.merged.taken.append(change)
        elif not ours[0]:
            self.take(name, ours)
            self.merged.filled.append(change)
        elif self.overwrite:
            self.take(name, ours)
            self.merged.overwritten.append(self.conflict(name, ours, theirs))
        else:
            self.merged.conflicts.append(self.conflict(name, ours, theirs))

    def printings(self) -> None:
        added = [code for code in self.theirs.sets if code not in self.ours.sets]
        self.data["sets"] = [*self.ours.sets, *added]
        self.merged.filled += [FactChange(self.ours.id, "sets", "", code) for code in added]

    def run(self) -> CardRow:
        for name in FACT_FIELDS:
            if name == "sets":
                self.printings()
            elif name not in _PAIRED:
                self.fact(name)
        return CardRow.model_validate(self.data)


def _same_list(ours: CardRow, theirs: CardRow, name: str) -> bool:
    return sorted(getattr(ours, name) or []) == sorted(getattr(theirs, name) or [])


def _backs(row: FactSourceRow, before: CardRow, after: CardRow) -> bool:
    """Whether a source row of ``before`` still backs a fact of ``after``."""
    if row.field == "sets":
        return row.value in after.sets
    return _fact(before, _PAIRED.get(row.field, row.field)) == _fact(
        after, _PAIRED.get(row.field, row.field)
    ) and stated(row.field, getattr(after, row.field))


def _recorded(card: CardRow) -> list[tuple[str, str]]:
    """(field, value) of every fact the card records, each printing apart."""
    flat = card.to_flat()
    return [("sets", code) for code in card.sets] + [
        (name, flat[name])
        for name in FACT_FIELDS
        if name != "sets" and stated(name, getattr(card, name))
    ]


def _names(row: FactSourceRow, name: str, value: str) -> bool:
    """Whether a source row backs the fact ``name`` = ``value`` of its card."""
    if row.field != name:
        return False
    return row.value == value if name == "sets" else (row.value or "") in ("", value)


def _facts_of(
    ours: CardRow, theirs: CardRow, final: CardRow, target: Bundle, incoming: Bundle
) -> list[FactSourceRow]:
    """The sources of ``final``'s facts: each side's rows that still back its value; and
    where a fact both sides record gains a source from one side only, the other side's
    card-level source, which backed it there."""
    sides = ((ours, [r for r in target.facts if r.card_id == ours.id]),
             (theirs, [r for r in incoming.facts if r.card_id == theirs.id]))  # fmt: skip
    rows: dict[str, FactSourceRow] = {}
    for card, own in sides:
        rows.update((row.key, row) for row in own if _backs(row, card, final))
    kept = set(_recorded(final))
    for card, own in sides:
        for row in _card_level(card, own, kept, list(rows.values())):
            rows.setdefault(row.key, row)
    return list(rows.values())


def _card_level(
    card: CardRow, own: list[FactSourceRow], kept: set[tuple[str, str]], rows: list[FactSourceRow]
) -> list[FactSourceRow]:
    """The card row's source of ``card`` as a row of each kept fact it backed alone there
    that another side gave a source of its own."""
    return [
        FactSourceRow(
            card_id=card.id,
            field=name,
            value=value if name == "sets" else None,
            source=card.source,
        )
        for name, value in _recorded(card)
        if (name, value) in kept
        and not any(_names(r, name, value) for r in own)
        and any(_names(r, name, value) for r in rows)
    ]


def _confirmed(
    ours: CardRow, final: CardRow, target: Bundle, sources: list[FactSourceRow]
) -> list[Confirmed]:
    """The facts ``ours`` recorded that the merge gave a new source, with all they have."""
    had = {r.key for r in target.facts if r.card_id == ours.id}
    recorded = set(_recorded(ours)) & set(_recorded(final))
    found = []
    for name, value in sorted(recorded):
        backing = [r for r in sources if _names(r, name, value)]
        if any(r.key not in had for r in backing):
            found.append(Confirmed(ours.id, name, value, tuple(r.source for r in backing)))
    return found


def _by_key(first: list[T], second: list[T], key: Callable[[T], str]) -> list[T]:
    """The rows of both by key, a row of ``second`` replacing one of ``first``."""
    rows = {key(r): r for r in first}
    rows.update((key(r), r) for r in second)
    return list(rows.values())


def _legality(
    target: Bundle, incoming: Bundle, merged: Merged, overwrite: bool
) -> list[LegalityRow]:
    ours = {r.key: r for r in target.legality}
    for row in incoming.legality:
        have = ours.get(row.key)
        if have is None or have == row:
            ours[row.key] = have or row
            continue
        if overwrite:
            ours[row.key] = row
            continue
        merged.legality_conflicts.append(
            f"{row.card_id} {row.format} {row.date or '(no date)'}: the catalogue records "
            f"{have.status!r} (source: {have.source}), the export says {row.status!r} "
            f"(source: {row.source})"
        )
    return list(ours.values())


def _shared(
    target: Bundle, incoming: Bundle, merged: Merged, label: str, overwrite: bool
) -> tuple[list[CardRow], list[FactSourceRow], list[FactHistoryRow]]:
    """The cards of ``target`` (those ``incoming`` holds too merged fact by fact), their
    fact sources, and the history rows for the values the merge replaced."""
    theirs_by_id = {c.id: c for c in incoming.cards}
    cards: list[CardRow] = []
    facts = [f for f in target.facts if f.card_id not in theirs_by_id]
    history: list[FactHistoryRow] = []
    for ours in target.cards:
        theirs = theirs_by_id.get(ours.id)
        if theirs is None:
            cards.append(ours)
            continue
        merged.shared += 1
        card_merge = _CardMerge(ours, theirs, merged, target, incoming, overwrite)
        final = card_merge.run()
        cards.append(final)
        sources = _facts_of(ours, theirs, final, target, incoming)
        facts += sources
        merged.confirmed += _confirmed(ours, final, target, sources)
        for fact in card_merge.superseded:
            if not _replaced(incoming.fact_history, ours.id, fact):
                own = [r for r in target.facts if r.fact[:2] == (ours.id, fact[0])]
                history.append(superseded(ours, fact[0], fact[1], own, label))
    return cards, facts, history


def merge_catalogues(
    target: Bundle, incoming: Bundle, label: str, *, overwrite: bool = False
) -> Merged:
    """``incoming`` merged into ``target`` fact by fact (see the module's docstring);
    ``label``: when and from which file, for the history rows the merge writes."""
    merged = Merged(Bundle())
    cards, facts, replaced = _shared(target, incoming, merged, label, overwrite)
    ours_ids = {c.id for c in target.cards}
    for theirs in incoming.cards:
        if theirs.id not in ours_ids:
            merged.added += 1
            cards.append(theirs)
            facts += [f for f in incoming.facts if f.card_id == theirs.id]
    groups = {g.name: g for g in (*target.groups, *incoming.groups)}
    merged.bundle = Bundle(
        cards=cards,
        aliases=_by_key(target.aliases, incoming.aliases, key=lambda a: a.alias),
        sets=_by_key(target.sets, incoming.sets, key=lambda s: s.code),
        formats=_by_key(target.formats, incoming.formats, key=lambda f: f.name),
        legality=_legality(target, incoming, merged, overwrite),
        facts=facts,
        fact_history=[
            *_by_key(target.fact_history, incoming.fact_history, key=lambda r: r.key),
            *replaced,
        ],
        # A fresh catalogue takes the version of what it is filled from.
        data_version=incoming.data_version if not target.cards else target.data_version,
        inputs=[*target.inputs, *incoming.inputs],
        groups=tuple(groups.values()),
        side={
            table: _by_key(target.side.get(table, []), incoming.side.get(table, []), key=row_key)
            for table in sorted({*target.side, *incoming.side})
        },
    )
    return merged
