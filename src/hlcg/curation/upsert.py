"""Card rows into the cards a catalogue holds, as ``sqlite-utils upsert`` does: a row
changes the facts it states and keeps the rest.

A row that states another value for a recorded fact is a conflict, unless the curator asks
to overwrite; sets are printings, so a row's sets are added to the card's, never a
conflict. A whole-card replacement (``--replace``) says which recorded facts it erased.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from hlcg.catalog import normalise
from hlcg.catalog.storage import CONTRACT_FIELDS, LIST_FIELDS
from hlcg.curation.models import CardRow, FactHistoryRow, FactSourceRow

# Facts that exclude each other: a card with a restriction number does not carry none.
_EXCLUSIVE = {"restriction": "unrestricted", "unrestricted": "restriction"}


@dataclass(frozen=True)
class Conflict:
    """A fact an imported row states differently from the catalogue, with both sources."""

    card_id: str
    field: str
    recorded: str
    recorded_source: str
    offered: str
    offered_source: str
    row: int = 0
    # The recorded fact the offered one contradicts, when it is another field (a
    # restriction number against "carries none": unrestricted).
    recorded_field: str = ""

    @property
    def contradicted(self) -> str:
        return self.recorded_field or self.field

    def describe(self, path: str) -> str:
        return (
            f"{path}: row {self.row}: {self.card_id} {self.field}: the catalogue records "
            f"{self.recorded!r} (source: {self.recorded_source}), the row says "
            f"{self.offered!r} (source: {self.offered_source})"
        )


@dataclass(frozen=True)
class Erased:
    """A recorded fact a whole-card replacement took away (``now`` is empty or the new
    value)."""

    card_id: str
    field: str
    old: str
    now: str


@dataclass
class Upserted:
    """A card after a row was merged into it, and what the merge did."""

    card: CardRow
    filled: list[str] = field(default_factory=list)
    overwritten: list[Conflict] = field(default_factory=list)
    conflicts: list[Conflict] = field(default_factory=list)
    text_kept: bool = False

    @property
    def changed(self) -> bool:
        return bool(self.filled or self.overwritten)


def stated(name: str, value: object) -> bool:
    """Whether a field holds a fact: empty and an empty list state nothing (0 does: a
    gem the card does not print); false states nothing either, except for ``unique``
    (unrestricted, reserved and signature are left empty by sources when false)."""
    if name == "unique":
        return value is not None
    # By identity: ``0 in (None, [], False)`` is true, and 0 is a fact (no gem printed).
    return value is not None and value is not False and value != []


def _differs(name: str, have: object, offered: object) -> bool:
    if name in ("title", "subtitle"):
        return normalise(str(have or "")) != normalise(str(offered or ""))
    if name in LIST_FIELDS:
        return set(have or []) != set(offered or [])  # type: ignore[call-overload]
    return have != offered


class _Merge:
    """One row merged into one card, fact by fact."""

    def __init__(
        self,
        card: CardRow,
        row: CardRow,
        number: int,
        overwrite: bool,
        own_sources: Mapping[str, str],
    ) -> None:
        self.card, self.row, self.number, self.overwrite = card, row, number, overwrite
        self.own_sources = own_sources
        self.data = card.model_dump()
        self.result = Upserted(card)
        self.card_flat, self.row_flat = card.to_flat(), row.to_flat()

    def conflict(self, name: str, recorded: str, recorded_field: str = "") -> Conflict:
        # The recorded fact's own source where it has one, else the card row's.
        backing = self.own_sources.get(recorded_field or name, self.card.source)
        return Conflict(
            self.card.id,
            name,
            recorded,
            backing,
            self.row_flat[name] or ("false" if getattr(self.row, name) is False else ""),
            self.row.source,
            self.number,
            recorded_field,
        )

    def take(self, name: str, value: object) -> None:
        # Its source is recorded for this fact alone (``attribute``), not on the card row,
        # where it would seem to back the card's other facts too.
        self.data[name] = value

    def fact(self, name: str, keep_text: bool) -> None:
        have, offered = getattr(self.card, name), getattr(self.row, name)
        other = _EXCLUSIVE.get(name)
        if name == "sets":
            added = [code for code in offered if code not in have]
            if added:
                self.take(name, [*have, *added])
                self.result.filled.append(name)
        elif other and stated(other, getattr(self.card, other)):
            # A restriction number and "carries none" are one fact stated two ways.
            self.disagree(name, f"{other}: {self.card_flat[other]}", also_clear=other)
        elif not stated(name, have):
            self.take(name, offered)
            self.result.filled.append(name)
        elif not _differs(name, have, offered):
            return
        elif name == "text" and keep_text:
            self.result.text_kept = True
        else:
            self.disagree(name, self.card_flat[name])

    def disagree(self, name: str, recorded: str, also_clear: str | None = None) -> None:
        conflict = self.conflict(name, recorded, also_clear or "")
        if not self.overwrite:
            self.result.conflicts.append(conflict)
            return
        self.take(name, getattr(self.row, name))
        if also_clear:
            self.data[also_clear] = CardRow.model_fields[also_clear].default
        self.result.overwritten.append(conflict)


def upsert(
    card: CardRow,
    row: CardRow,
    fields: Iterable[str],
    *,
    number: int = 0,
    overwrite: bool = False,
    keep_text: bool = False,
    own_sources: Mapping[str, str] | None = None,
    cleared: Iterable[str] = (),
) -> Upserted:
    """``card`` with the facts of ``fields`` that ``row`` states (row ``number`` of its
    file): a fact the card lacks is filled, a printing added, an equal one left alone;
    another value is a conflict, or with ``overwrite`` replaces the recorded one.
    ``keep_text``: a differing text is kept as recorded, not a conflict (LackeyCCG texts
    are transcriptions; the catalogue's paraphrase stays). ``own_sources``: the card's
    facts' own sources by field, which a conflict names in place of the card row's.
    ``cleared``: flags the row states false in so many words; one the card records as true
    is a conflict, which ``overwrite`` settles by clearing it (the true goes to history).
    """
    cleared = set(cleared)
    merge = _Merge(card, row, number, overwrite, own_sources or {})
    given = set(fields)
    for name in CONTRACT_FIELDS:
        if name in given and name not in ("id", "source") and stated(name, getattr(row, name)):
            merge.fact(name, keep_text)
        elif name in cleared and getattr(card, name) is True:
            merge.disagree(name, "true")
    merge.result.card = CardRow.model_validate(merge.data)
    return merge.result


def erased(old: CardRow, new: CardRow) -> list[Erased]:
    """The recorded facts of ``old`` that ``new`` does not keep, for a whole-card
    replacement to list."""
    old_flat, new_flat = old.to_flat(), new.to_flat()
    return [
        Erased(old.id, name, old_flat[name], new_flat[name])
        for name in CONTRACT_FIELDS
        if name not in ("id", "source")
        and stated(name, getattr(old, name))
        and _differs(name, getattr(old, name), getattr(new, name))
    ]


@dataclass(frozen=True)
class Change:
    """One card row merged into a card: the card before, what the merge did, the row's
    source."""

    before: CardRow
    done: Upserted
    source: str


def superseded(
    card: CardRow,
    field: str,
    value: str,
    own: FactSourceRow | Sequence[FactSourceRow] | None,
    label: str,
) -> FactHistoryRow:
    """The history row of ``card``'s ``field`` (``value``), replaced by the import
    ``label``: with the sources it had (all of them, and the reasoning where none stated
    it), else the card row's."""
    rows = [own] if isinstance(own, FactSourceRow) else list(own or ())
    if not rows:
        return FactHistoryRow(
            card_id=card.id, field=field, value=value, source=card.source, superseded=label
        )
    stating = [r for r in rows if not r.inferred]
    source = ""
    for row in (*stating, *rows):
        source = add_source(source, row.source)
    return FactHistoryRow(
        card_id=card.id,
        field=field,
        value=value,
        source=source,
        inferred=None if stating else rows[0].inferred,
        superseded=label,
    )


def _superseded(own: dict[str, FactSourceRow], change: Change, label: str) -> list[FactHistoryRow]:
    """The overwritten values of ``change`` with the sources that backed them (their own,
    which leave ``own``, or the card row's), for the history."""
    history = []
    for conflict in change.done.overwritten:
        key = (change.before.id, conflict.contradicted)
        backing = [own.pop(k) for k, row in list(own.items()) if row.fact[:2] == key]
        value = change.before.to_flat()[conflict.contradicted]
        history.append(superseded(change.before, conflict.contradicted, value, backing, label))
    return history


def _cleared(own: dict[str, FactSourceRow], change: Change) -> None:
    """A fact the merge cleared (a restriction number taking the place of "carries none")
    keeps no source."""
    before, after = change.before, change.done.card
    for name in CONTRACT_FIELDS:
        if stated(name, getattr(before, name)) and not stated(name, getattr(after, name)):
            for key in [k for k, row in own.items() if row.fact[:2] == (before.id, name)]:
                del own[key]


def attribute(
    facts: list[FactSourceRow], history: list[FactHistoryRow], changes: Iterable[Change], label: str
) -> tuple[list[FactSourceRow], list[FactHistoryRow], int]:
    """The fact sources and history after ``changes``: a filled fact (each printing added)
    gets the row's source as its own; an overwritten one too, and its old value with the
    source it had goes to the history (``label``: when and by which file), never onto the
    new value. Returns the sources, the history and how many sources were recorded."""
    own = {f.key: f for f in facts}
    history = list(history)
    recorded = 0
    for change in changes:
        history += _superseded(own, change, label)
        _cleared(own, change)
        before, after = change.before, change.done.card
        for name in {*change.done.filled, *(c.field for c in change.done.overwritten)}:
            if not stated(name, getattr(after, name)):
                continue  # a flag cleared: no fact left to source
            values = [c for c in after.sets if c not in before.sets] if name == "sets" else [""]
            for value in values:
                row = FactSourceRow(
                    card_id=before.id, field=name, value=value or None, source=change.source
                )
                own[row.key] = row
                recorded += 1
    return list(own.values()), history, recorded


def add_source(existing: str, more: str) -> str:
    """``existing`` sources with those of ``more`` not yet listed, `; `-separated."""
    have = [s.strip() for s in existing.split(";") if s.strip()]
    have += [s.strip() for s in more.split(";") if s.strip() and s.strip() not in have]
    return "; ".join(have)


def source_parts(cells: Iterable[str]) -> list[str]:
    """The sources ``cells`` name, each once in order: a source cell may name several
    (``URL; URL``), and a source already among a fact's backs it whatever cell holds it."""
    return list(dict.fromkeys(p.strip() for cell in cells for p in cell.split(";") if p.strip()))
