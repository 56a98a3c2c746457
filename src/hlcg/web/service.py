"""The API's answers, computed by the library the CLI calls: no web framework in here.

`validate_json` is `hlcg validate --output json` for one posted deck: the same reader
(`read_deck_data`, picked by the file name's extension), the same check (`check_deck`) and
the same renderer (`hlcg.report.jsonreport`), so the two print the same bytes.
"""

from __future__ import annotations

import contextlib
from functools import cached_property
from pathlib import Path
from typing import Any

from hlcg.catalog import DEFAULT_FORMAT, Catalogue, format_from_user, normalise
from hlcg.check import add_fingerprint, check_date, check_deck
from hlcg.deck import DECK_KINDS, TEXT_SUFFIXES, Deck, deck_kind, read_deck_data, sniffed_kind
from hlcg.errors import CatalogueError, DeckFileError, UsageError
from hlcg.report import counts_line, coverage_summary, renderer, report_data, verdict_line
from hlcg.rules import DeckReport
from hlcg.web.deck_view import deck_lines
from hlcg.web.schema import (
    KIND_SUFFIXES,
    AddRequest,
    ConvertRequest,
    DeckRequest,
    DiffRequest,
    OddsRequest,
)

# Autocomplete: names offered by default, and at most.
DEFAULT_COMPLETIONS = 10
MAX_COMPLETIONS = 50


class ApiError(Exception):
    """A request the API cannot answer; ``status`` is its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def guess_filename(text: str) -> str:
    """A name for a deck posted without one, so the right reader reads it."""
    return f"deck{sniffed_kind(text).suffix}"


def deck_name(request: DeckRequest) -> str:
    """The name a posted deck is read under, from this request alone: its ``kind`` first
    (the name's extension changed to that kind's when they disagree), else its file name's
    extension, else the text's look."""
    if request.kind is None:
        return request.filename or guess_filename(request.deck)
    suffix = KIND_SUFFIXES[request.kind]
    name = request.filename or f"deck{suffix}"
    if deck_kind(name) == DECK_KINDS[suffix]:
        return name
    try:
        return str(Path(name).with_suffix(suffix))
    except ValueError:  # a name with no stem ("." or "/")
        return f"deck{suffix}"


def verdict_word(status: str) -> str:
    """A legality verdict as the page says it: legal, not legal or unchecked."""
    from hlcg.rules import ILLEGAL, LEGAL

    return {LEGAL: "legal", ILLEGAL: "not legal"}.get(status, "unchecked")


class Service:
    """Answers for one catalogue, loaded once when the server starts."""

    def __init__(self, catalogue: Catalogue) -> None:
        self.catalogue = catalogue
        self._warm()

    def reload(self, catalogue: Catalogue) -> None:
        """Answer from ``catalogue`` from now on (the file was rewritten: an answer was
        recorded into it); requests being answered finish with the one they started on."""
        self.__dict__.pop("_names", None)
        self.catalogue = catalogue
        self._warm()

    def _warm(self) -> None:
        """Build the catalogue's lazy indexes now, before requests share them across
        threads: a check of a deck with a known card, a persona and an unknown name."""
        warm_up = "Persona: Duncan MacLeod\nPre-Game:\nKatana\nEndurance:\n1 Dodge\n1 Qqqq Zzzz\n"
        # A catalogue without the default format: each request says so itself.
        with contextlib.suppress(ApiError):
            self.report(DeckRequest(deck=warm_up, format=None, filename=None))
        self.catalogue.lookup("Qqqq Zzzz")
        self.catalogue.weapon_names, self.catalogue.faction_names, self._names  # noqa: B018

    # -- decks ---------------------------------------------------------------------------

    def _format(self, requested: str | None) -> str | None:
        # As `hlcg validate --format`: absent means the deck's own line, and any given
        # value, "" included, must name a format (format_from_user: the CLI's message too).
        if requested is None:
            return None
        try:
            return format_from_user(requested)
        except UsageError as exc:
            raise ApiError(400, str(exc)) from None

    def _read(self, request: DeckRequest) -> tuple[Deck, str]:
        name = deck_name(request)
        try:
            return read_deck_data(request.deck.encode("utf-8"), Path(name)), name
        except DeckFileError as exc:
            raise ApiError(422, str(exc)) from None

    def _date(self, requested: str | None) -> str | None:
        try:
            return check_date(requested)
        except UsageError as exc:
            raise ApiError(400, str(exc).replace("--date", "date")) from None

    def _format_and_date(
        self, requested: str | None, date: str | None
    ) -> tuple[str | None, str | None]:
        """Both options checked, and a 400 naming every one that is wrong, as the CLI's
        check door says each bad option (docs/web.md)."""
        checked: list[str | None] = []
        wrong: list[str] = []
        for check, value in ((self._format, requested), (self._date, date)):
            try:
                checked.append(check(value))
            except ApiError as exc:
                checked.append(None)
                wrong.append(exc.message)
        if wrong:
            raise ApiError(400, "; ".join(wrong))
        return checked[0], checked[1]

    def _checked(self, deck: Deck, fmt: str | None, date: str | None) -> DeckReport:
        try:
            return check_deck(deck, self.catalogue, fmt, date=date)
        except CatalogueError as exc:  # a format the served catalogue does not record
            raise ApiError(400, str(exc)) from None

    def report(self, request: DeckRequest) -> DeckReport:
        fmt, date = self._format_and_date(request.format, request.date)
        deck, _ = self._read(request)
        # the JSON report carries the fingerprint, as `hlcg validate --output json` does
        return add_fingerprint(self._checked(deck, fmt, date), self.catalogue)

    def validate_json(self, request: DeckRequest) -> str:
        """What `hlcg validate --output json FILE` prints for this deck, byte for byte."""
        return renderer("json")([self.report(request)], (), ())

    def check(self, request: DeckRequest) -> dict[str, Any]:
        """The deck page's view: the report, `hlcg deck stats` and the fingerprint."""
        from hlcg.answers import deck_stats
        from hlcg.deck import UNKNOWN
        from hlcg.rules import RULE_OF_UNRESOLVED, TITLE_LIMIT, profile

        report = self.report(request)
        resolved = report.resolved
        assert resolved is not None
        return {
            "report": report_data([report]),
            "stats": deck_stats(report, self.catalogue),
            "fingerprint": report.fingerprint,
            # the line `hlcg validate` prints under the deck's name, counts and all
            "counts": counts_line(report),
            # the verdict as `hlcg validate` words it: "LEGAL in type-two (4 notes)"
            "verdict": verdict_line(report),
            # the lines `hlcg validate` prints above it: what was checked, what could not be
            "coverage": coverage_summary(report),
            "errors": report.errors,
            "warnings": report.warnings,
            "notes": report.notes,
            "lines": deck_lines(
                resolved, request.deck if deck_kind(resolved.path).is_text else None
            ),
            # the page's + and Add warn before the deck passes the format's Endurance minimum,
            "endurance_minimum": report.endurance_minimum,
            # or its limit of cards sharing a title
            "title_limit": profile(report.format).settings[TITLE_LIMIT.name].params["max"],
            # the rule whose problems name what the catalogue lacks: the page notes the
            # look-alike letters in those names
            "unknown_card_rule": RULE_OF_UNRESOLVED[UNKNOWN],
        }

    def fix(self, request: DeckRequest) -> dict[str, Any]:
        """`hlcg validate --fix` for the posted deck: the fixed text and what changed. A
        .json, .dek or .o8d deck comes back as a text deck, as the CLI writes it."""
        from hlcg.check import fix_text, kept_lines
        from hlcg.deck import as_text, parse_text

        fmt, date = self._format_and_date(request.format, request.date)
        deck, name = self._read(request)
        report = self._checked(deck, fmt, date)
        is_text = deck_kind(name).is_text
        if report.legal:
            return {
                "deck": request.deck,
                "filename": name,
                "changed": False,
                "applied": [],
                "kept": [],
            }
        if is_text:
            text = request.deck
        else:
            assert report.resolved is not None
            text = as_text(report.resolved)
            name = f"{Path(name).stem}.txt"
        outcome = fix_text(text, parse_text(text, name), self.catalogue, fmt, date)
        return {
            "deck": outcome.fixed if outcome.changed else request.deck,
            "filename": name if outcome.changed else request.filename or name,
            "changed": outcome.changed,
            "applied": outcome.applied,
            # lines naming no single card stay as written, with their error
            "kept": list(kept_lines(report)),
        }

    def add(self, request: AddRequest) -> dict[str, Any]:
        """One copy of a card added to a text deck (`hlcg.answers.adding`)."""
        from hlcg.answers import CannotAdd, add_card

        card = self.catalogue.cards.get(request.card)
        if card is None:
            raise ApiError(404, f"no card with id {request.card!r}")
        name = deck_name(request)
        if Path(name).suffix.lower() not in TEXT_SUFFIXES:
            raise ApiError(400, f"{name}: cards are added to text decks only; fix it first")
        fmt = self._format(request.format)
        try:
            added = add_card(request.deck, name, card, self.catalogue, fmt)
        except CannotAdd as exc:
            raise ApiError(400, str(exc)) from None
        return {"deck": added.text, "line": added.line, "added": card.name}

    # -- event day (hlcg.organise) -------------------------------------------------------

    def _side(self, request: DeckRequest) -> Any:
        from hlcg.organise import judge_deck, judged_side, text_side

        name = deck_name(request)
        try:
            sheet = text_side(request.deck, name)
        except DeckFileError as exc:
            raise ApiError(422, str(exc)) from None
        if sheet is not None:
            return sheet
        fmt, date = self._format_and_date(request.format, request.date)
        deck, _ = self._read(request)
        try:
            return judged_side(judge_deck(deck, self.catalogue, fmt, date))
        except CatalogueError as exc:
            raise ApiError(400, str(exc)) from None

    def diff(self, request: DiffRequest) -> dict[str, Any]:
        """`hlcg deck diff --output json` for two posted decks."""
        from hlcg.organise import deck_diff

        return deck_diff(self._side(request.a), self._side(request.b), self.catalogue)

    def odds(self, request: OddsRequest) -> dict[str, Any]:
        """`hlcg deck odds --output json` for the posted deck."""
        from hlcg.check import resolve_deck
        from hlcg.organise import DEFAULT_KINDS, deck_odds, parse_kind

        fmt = self._format(request.format)
        try:
            kinds = [parse_kind(kind, self.catalogue) for kind in request.kinds or DEFAULT_KINDS]
        except UsageError as exc:
            raise ApiError(400, str(exc).replace("--kind", "kinds")) from None
        deck, _ = self._read(request)
        return deck_odds(resolve_deck(deck, self.catalogue, fmt), kinds, self.catalogue)

    def convert(self, request: ConvertRequest) -> dict[str, Any]:
        """`hlcg deck convert --to TO`: the same writers, the requested format written into
        the file; a deck with a line naming no single card is refused (400, each such
        line), as the CLI refuses it."""
        from hlcg.check import resolve_deck
        from hlcg.deck import render
        from hlcg.problems import Severity

        fmt = self._format(request.format)
        deck, name = self._read(request)
        try:
            resolved = resolve_deck(deck, self.catalogue, fmt)
        except CatalogueError as exc:  # a format the served catalogue does not record
            raise ApiError(400, str(exc)) from None
        blocking = [f"line {u.line or '-'}: {u.message}" for u in resolved.unresolved] + [
            f"line {i.line or '-'}: {i.message}"
            for i in resolved.issues
            if i.severity == Severity.ERROR
        ]
        if blocking:
            raise ApiError(400, f"not converted: {'; '.join(blocking)}")
        if fmt is not None:
            # The format the page picked is written into the file (its Format: line, or
            # what the kind holds for it), so `hlcg validate` on the file judges it so too.
            resolved.deck.format = fmt
        suffix = KIND_SUFFIXES[request.to]
        # a client's names may hold folders, its own system's too: the suggestion is bare
        given = Path((request.name or "").replace("\\", "/")).name
        stem = given or Path(name.replace("\\", "/")).stem or "deck"
        return {"filename": f"{stem}{suffix}", "content": render(resolved, suffix, self.catalogue)}

    # -- the catalogue -------------------------------------------------------------------

    def card(self, query: str) -> dict[str, Any]:
        """`hlcg card --json QUERY`: a match (cards) or a ranked did-you-mean list."""
        from hlcg.answers import match_json

        if not query.strip():
            raise ApiError(400, "q: give a card id, title or near miss")
        return match_json(self.catalogue.lookup(query), self.catalogue)

    def search(self, query: str) -> dict[str, Any]:
        """`hlcg search --json QUERY`: the same compact query language."""
        from hlcg.answers import search_cards, search_json

        notes: list[str] = []
        try:
            cards = search_cards(self.catalogue, query, notes=notes)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        return search_json(query, cards, self.catalogue, notes)

    def persona(self, query: str) -> dict[str, Any]:
        """`hlcg persona --json NAME`: every version of the persona, newest edition first."""
        from hlcg.answers import persona_answer

        if not query.strip():
            raise ApiError(400, "q: give a persona name")
        return persona_answer(self.catalogue, query)[0]

    def formats(self) -> list[dict[str, Any]]:
        """`hlcg formats --json`."""
        from hlcg.answers import formats_json

        return formats_json(self.catalogue)

    def cards(self, requested: str | None, query: str, date: str | None = None) -> dict[str, Any]:
        """Every card (or those the search ``query`` finds) with the verdict the validator
        reaches for it in the format (default: type-two) on the date (default: today):
        `hlcg.rules.verdict_in`, the format-legality rule's own judgement, never the
        recorded formats list alone."""
        from hlcg.answers import search_cards
        from hlcg.rules import today, verdict_in

        asked, on_date = self._format_and_date(requested, date)
        fmt, on = asked or DEFAULT_FORMAT, on_date or today()
        notes: list[str] = []
        try:
            found = search_cards(self.catalogue, query, notes=notes)
        except ValueError as exc:
            raise ApiError(400, str(exc)) from None
        rows = []
        tally = {word: 0 for word in ("legal", "not legal", "unchecked")}
        for card in found:
            verdict = verdict_in(card, fmt, self.catalogue, on)
            word = verdict_word(verdict.status)
            tally[word] += 1
            rows.append(
                {
                    "id": card.id,
                    "name": card.name,
                    "type": card.type,
                    "sets": list(card.sets),
                    "verdict": {"status": word, "reason": verdict.reason},
                }
            )
        return {
            "format": fmt,
            "date": on,
            "count": len(rows),
            "verdicts": tally,
            "cards": rows,
            "notes": notes,
        }

    def complete(self, prefix: str, limit: int) -> dict[str, Any]:
        """Card names for autocomplete: those that start with ``prefix`` (case, spacing and
        punctuation folded, as every lookup folds them), then those with a word that does,
        alphabetically; at most ``limit`` (up to MAX_COMPLETIONS)."""
        if not 1 <= limit <= MAX_COMPLETIONS:
            raise ApiError(400, f"limit: give 1 to {MAX_COMPLETIONS}")
        wanted = normalise(prefix)
        if not wanted:
            return {"query": prefix, "names": []}
        starts, inside = [], []
        for key, name, ids in self._names:
            if key.startswith(wanted):
                starts.append((name, ids))
            elif f" {wanted}" in f" {key}":
                inside.append((name, ids))
        chosen = (starts + inside)[:limit]
        return {"query": prefix, "names": [{"name": n, "ids": list(i)} for n, i in chosen]}

    @cached_property
    def _names(self) -> list[tuple[str, str, tuple[str, ...]]]:
        """(folded name, name, card ids) for every card name, by name: a few hundred, read
        once (the catalogue is read-only while served)."""
        ids: dict[str, list[str]] = {}
        for card in self.catalogue.select_cards("1"):
            ids.setdefault(card.name, []).append(card.id)
        return sorted((normalise(n), n, tuple(i)) for n, i in ids.items())

    def rules(self) -> list[dict[str, Any]]:
        """`hlcg rules --json`: every rule with its severity in each format."""
        from hlcg.answers import rule_list
        from hlcg.catalog import CHECKED_FORMATS
        from hlcg.rules import RULES

        return rule_list(list(RULES.values()), list(CHECKED_FORMATS), False)

    def rule(self, name: str) -> dict[str, Any]:
        """`hlcg rules --json NAME`: the rule's documentation and each format's setting."""
        from hlcg.answers import rule_answer
        from hlcg.catalog import CHECKED_FORMATS
        from hlcg.rules import find

        rule = find(name) if name.strip() and len(name) <= 100 else None
        if rule is None:
            raise ApiError(404, f"no rule {name[:100]!r}; see `hlcg rules`")
        return rule_answer(rule, list(CHECKED_FORMATS), lambda: self.catalogue)

    def rule_text(self, name: str) -> dict[str, str]:
        """What `hlcg rules NAME` prints (format-legality's table of facts aside: the
        JSON answer lists them), with the rule's code and name."""
        from hlcg.answers import rule_text

        answer = self.rule(name)
        return {"code": answer["code"], "name": answer["name"], "text": rule_text(answer)}
