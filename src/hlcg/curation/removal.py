"""`hlcg db remove`: take a card, an alias, a legality fact, a set or one fact of a card
out of a user catalogue, all or nothing, and keep what was removed in ``fact_history``
with who removed it, when and why.

A removal is refused while something refers to what it removes (a card's aliases or
legality facts, a set a card is printed in): remove those first, so nothing is left
pointing nowhere. A history row's ``superseded`` says ``DAY removed by WHO: WHY``.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from hlcg.catalog.storage import FACT_FIELDS, TableGroup
from hlcg.curation.bundle import Bundle, read_bundle
from hlcg.curation.importer import refuse_shipped, write
from hlcg.curation.locking import writer_lock
from hlcg.curation.models import CardRow, FactHistoryRow
from hlcg.curation.upsert import superseded
from hlcg.errors import CatalogueError, UsageError

# The facts a card cannot be without: removing one is removing the card.
_REQUIRED = ("title",)


# What can be removed, with the names each takes after it (least, most) and its usage.
REMOVABLE: dict[str, tuple[int, int, str]] = {
    "card": (1, 1, "card ID"),
    "alias": (1, 1, "alias NAME"),
    "legality": (2, 3, "legality CARD_ID FORMAT [DATE]"),
    "set": (1, 1, "set CODE"),
    "fact": (2, 3, "fact CARD_ID FIELD [VALUE]"),
}


@dataclass(frozen=True)
class Removed:
    """What a removal took out: a line each, and the history rows it kept."""

    lines: tuple[str, ...]
    history: int
    content_sha256: str


def remove(
    db: Path,
    what: str,
    names: Sequence[str],
    *,
    reason: str,
    by: str,
    groups: Sequence[TableGroup],
) -> Removed:
    """Remove ``what`` named by ``names`` from ``db`` in one write, its history kept."""
    if not reason.strip():
        raise UsageError("--reason: say why (it is kept in fact_history with the removal)")
    refuse_shipped(db)
    with writer_lock(db):
        bundle = read_bundle(db, groups)
        label = f"{datetime.date.today().isoformat()} removed by {by}: {reason.strip()}"
        remover = _Remover(bundle, label)
        lines = getattr(remover, what)(*_arguments(what, names))
        bundle.fact_history = [*bundle.fact_history, *remover.history]
        write(db, bundle)
    return Removed(tuple(lines), len(remover.history), bundle.content_sha256())


def _arguments(what: str, names: Sequence[str]) -> list[str | None]:
    """``names`` checked against what ``what`` takes (optional ones padded with None). What
    takes one name takes its words quoted or not, as `hlcg card` does: ``alias upper middle
    attack`` is the alias "upper middle attack"."""
    if what not in REMOVABLE:
        raise UsageError(f"db remove: {what!r} is none of {', '.join(REMOVABLE)}")
    least, most, usage = REMOVABLE[what]
    if most == 1 and names:
        names = [" ".join(names)]
    if not least <= len(names) <= most:
        raise UsageError(f"db remove {usage}: got {len(names)} name(s): {' '.join(names)}")
    return [*names, *([None] * (most - len(names)))]


def _closest(written: str, choices: Iterable[str]) -> str:
    """ " (did you mean 'X'?)" for the choice closest to ``written``, or ''."""
    from rapidfuzz import fuzz, process, utils

    best = process.extractOne(
        written, list(choices), scorer=fuzz.ratio, processor=utils.default_process, score_cutoff=75
    )
    return f" (did you mean {best[0]!r}?)" if best else ""


class _Remover:
    def __init__(self, bundle: Bundle, label: str) -> None:
        self.bundle = bundle
        self.label = label
        self.history: list[FactHistoryRow] = []
        self.cards = {c.id: c for c in bundle.cards}

    def _card(self, card_id: str) -> CardRow:
        card = self.cards.get(card_id)
        if card is None:
            words = card_id.split()
            if len(words) > 1 and all(word in self.cards for word in words):
                raise UsageError(
                    f"no card {card_id!r} in the catalogue; {', '.join(words)} are each a "
                    "card's id: remove one card at a time"
                )
            # a card's id, not its name: "zealot stamina" may be the id zealot-stamina
            close = _closest(card_id.strip().lower().replace(" ", "-"), self.cards)
            raise UsageError(
                f"no card {card_id!r} in the catalogue{close} (`hlcg card NAME` shows a card's id)"
            )
        return card

    def _kept(self, card_id: str, field: str, value: str, source: str) -> None:
        self.history.append(
            FactHistoryRow(
                card_id=card_id, field=field, value=value, source=source, superseded=self.label
            )
        )

    def card(self, card_id: str) -> list[str]:
        card = self._card(card_id)
        referring = self._referring(card_id)
        if referring:
            what = ", ".join(shown for shown, _ in referring)
            commands = ", ".join(f"`{command}`" for _, command in referring)
            raise CatalogueError(
                f"card {card_id} is referred to by {what}; remove them first ({commands}); "
                "nothing was removed"
            )
        for name, value in card.to_flat().items():
            if name in FACT_FIELDS and value:
                self._fact_history(card, name, value)
        self._kept(card_id, "card", json.dumps(card.to_json(), sort_keys=True), card.source)
        self.bundle.cards = [c for c in self.bundle.cards if c.id != card_id]
        self.bundle.facts = [f for f in self.bundle.facts if f.card_id != card_id]
        return [f"removed card {card_id} ({card.title})"]

    def _referring(self, card_id: str) -> list[tuple[str, str]]:
        """What refers to the card (its aliases and legality facts), each with the command
        that removes it: only those, so a card with no alias is not told to remove one."""
        from shlex import quote

        aliases = [
            (f"alias {a.alias!r}", f"hlcg db remove alias {quote(a.alias)}")
            for a in self.bundle.aliases
            if a.card_id == card_id
        ]
        dated = [(r, f" {r.date}" if r.date else "") for r in self.bundle.legality]
        return aliases + [
            (
                f"legality {r.format} {r.status}{date}",
                f"hlcg db remove legality {card_id} {r.format}{date}",
            )
            for r, date in dated
            if r.card_id == card_id
        ]

    def _fact_history(self, card: CardRow, name: str, value: str) -> None:
        own = [f for f in self.bundle.facts if f.card_id == card.id and f.field == name]
        if name == "sets":
            for code in value.split(";"):
                mine = [f for f in own if f.value == code]
                self.history.append(superseded(card, name, code, mine, self.label))
            return
        self.history.append(superseded(card, name, value, own, self.label))

    def alias(self, name: str) -> list[str]:
        from hlcg.catalog import normalise

        # as lookups match a name: case, accents and punctuation aside
        found = [a for a in self.bundle.aliases if normalise(a.alias) == normalise(name)]
        if not found:
            close = _closest(name, sorted({a.alias for a in self.bundle.aliases}))
            raise UsageError(f"no alias {name!r} in the catalogue{close}")
        for row in found:
            self._kept(row.card_id, "alias", row.alias, row.source)
        self.bundle.aliases = [a for a in self.bundle.aliases if a not in found]
        shown = ", ".join(dict.fromkeys(repr(a.alias) for a in found))
        return [f"removed alias {shown} of {', '.join(a.card_id for a in found)}"]

    def legality(self, card_id: str, fmt: str, date: str | None) -> list[str]:
        from hlcg.catalog import format_named

        self._card(card_id)
        tag = format_named(fmt) or fmt
        rows = [
            r
            for r in self.bundle.legality
            if r.card_id == card_id and r.format == tag and date in (None, r.date or "")
        ]
        if not rows:
            raise UsageError(
                f"no legality fact for {card_id} in {tag}{' on ' + date if date else ''}"
            )
        if len(rows) > 1:
            dates = ", ".join(r.date or "(no date)" for r in rows)
            raise UsageError(
                f"{card_id} has {len(rows)} legality facts in {tag} ({dates}): name the DATE"
            )
        (row,) = rows
        shown = f"{row.format} {row.status}{' ' + row.date if row.date else ''}"
        self._kept(card_id, "legality", shown, row.source)
        self.bundle.legality = [r for r in self.bundle.legality if r.key != row.key]
        return [f"removed legality fact {card_id} {shown}"]

    def set(self, code: str) -> list[str]:
        found = next((s for s in self.bundle.sets if s.code == code), None)
        if found is None:
            raise UsageError(f"no set {code!r} in the catalogue (`hlcg sets` lists them)")
        printed = sorted(c.id for c in self.bundle.cards if code in c.sets)
        if printed:
            shown = ", ".join(printed[:5]) + (
                f" and {len(printed) - 5} more" if printed[5:] else ""
            )
            raise CatalogueError(
                f"set {code} is printed on {len(printed)} card(s) ({shown}); remove those "
                f"printings first (`hlcg db remove fact CARD_ID sets {code}`); nothing was "
                "removed"
            )
        released = f", released {found.released}" if found.released else ""
        self._kept(code, "set", f"{found.name} ({found.edition}{released})", found.source)
        self.bundle.sets = [s for s in self.bundle.sets if s.code != code]
        return [f"removed set {code} ({found.name})"]

    def fact(self, card_id: str, name: str, value: str | None) -> list[str]:
        card = self._card(card_id)
        if name not in FACT_FIELDS or name in _REQUIRED:
            raise UsageError(
                f"{name!r} is not a fact to remove; a card's facts are "
                f"{', '.join(f for f in FACT_FIELDS if f not in _REQUIRED)} "
                "(to remove the card, `hlcg db remove card ID`)"
            )
        flat = card.to_flat()
        if not flat[name]:
            raise UsageError(f"{card_id} records no {name}")
        if name == "sets":
            return self._printing(card, value)
        if value is not None and value != flat[name]:
            raise UsageError(f"{card_id} {name} is {flat[name]!r}, not {value!r}")
        self._fact_history(card, name, flat[name])
        self._replace(card, {name: ""})
        self.bundle.facts = [
            f for f in self.bundle.facts if not (f.card_id == card_id and f.field == name)
        ]
        return [f"removed {card_id} {name} {flat[name]!r}"]

    def _printing(self, card: CardRow, code: str | None) -> list[str]:
        if code is None or code not in card.sets:
            raise UsageError(
                f"name the printing to remove: {card.id} sets holds {', '.join(card.sets)}"
            )
        self._fact_history(card, "sets", code)
        self._replace(card, {"sets": ";".join(c for c in card.sets if c != code)})
        self.bundle.facts = [
            f
            for f in self.bundle.facts
            if not (f.card_id == card.id and f.field == "sets" and f.value == code)
        ]
        return [f"removed {card.id} printing {code}"]

    def _replace(self, card: CardRow, changed: dict[str, str]) -> None:
        updated = CardRow.model_validate({**card.to_flat(), **changed})
        self.bundle.cards = [updated if c.id == card.id else c for c in self.bundle.cards]
        self.cards[card.id] = updated
