"""The check of one deck: its options (``CheckOptions``, and ``check_usage``, the one place
they are checked: at the door of a run or of ``check_deck``; inside, they go as checked), its
format chosen (``choose_format``), its names resolved, the rules
run (``check_deck``: a deck in, a ``DeckReport`` out); in every checked format at once
(``legality_matrix``, for --all-formats); and its fingerprint (``add_fingerprint``, spelled
out below). Also the loading and reading ``import hlcg`` hands out (README "Python API").
"""

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from os import PathLike
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from hlcg import RULESET_VERSION
from hlcg.catalog import (
    DEFAULT_FORMAT,
    Catalogue,
    format_from_user,
    format_named,
    normalise,
)
from hlcg.deck import (
    AMBIGUOUS,
    ENDURANCE,
    PREGAME,
    Deck,
    LineIssue,
    ResolvedDeck,
    resolve,
    used_card_ids,
)
from hlcg.errors import CatalogueError, UsageError
from hlcg.problems import FAIL_ON, FAIL_ON_GAPS, FAIL_ON_WARNINGS, Severity

if TYPE_CHECKING:
    from hlcg.rules import DeckReport


def load_catalogue(path: str | PathLike[str] | None = None) -> Catalogue:
    """The card catalogue at ``path``; without one $HLCG_DB, else the shipped catalogue.
    Raises hlcg.errors.CatalogueError when it cannot be read."""
    from hlcg.catalog import load, resolve_path

    return load(resolve_path(Path(path) if path is not None else None))


def read_deck(path: str | PathLike[str]) -> Deck:
    """The deck in a file: text, JSON, LackeyCCG .dek or OCTGN .o8d (by its extension).
    Raises hlcg.errors.DeckFileError when the file cannot be read as a deck."""
    from hlcg.deck import read_deck as read

    return read(Path(path))


def parse_deck(text: str, name: str = "<deck>") -> Deck:
    """A deck in the text format (README "Deck files"); ``name`` stands for its path."""
    from hlcg.deck import parse_text

    return parse_text(text, name)


# --- The options: checked once, at the door ---------------------------------------------


def one_or_many(value: str | Iterable[str]) -> tuple[str, ...]:
    """A lone string is one value (a rule name, a fail-on kind), not its letters."""
    return (value,) if isinstance(value, str) else tuple(value)


class CheckOptions(NamedTuple):
    """How decks are checked: the options of `hlcg validate` that are not about output
    (``check_deck`` reads format, select, ignore and date; ``run`` all).

    ``fail_on`` may hold "warning" (as ``strict``) and "unchecked" (data gaps fail).
    ``fingerprints`` sets each report's fingerprint (the machine-read reports carry it);
    ``changes`` each problem's edits as changes to a text deck's lines (SARIF ``fixes``).
    ``db`` is the catalogue file when ``run`` gets no catalogue (else $HLCG_DB, else shipped).
    ``date`` (YYYY-MM-DD, default today) is the date judged by: a tournament's date."""

    format: str | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    strict: bool = False
    fail_on: frozenset[str] = frozenset()
    fingerprints: bool = False
    changes: bool = False
    all_formats: bool = False
    skip_non_decks: bool = False
    fix: bool = False
    in_place: bool = False
    force: bool = False
    db: Path | None = None
    date: str | None = None

    @property
    def stricter(self) -> tuple[bool, bool]:
        """(warnings fail, data gaps fail): --strict and --fail-on together."""
        return self.strict or FAIL_ON_WARNINGS in self.fail_on, FAIL_ON_GAPS in self.fail_on

    def check_usage(self, paths: Sequence[str | Path] = ()) -> "CheckOptions":
        """The options as a check uses them: a lone string read as one value
        (``fail_on="unchecked"``), the format by its name (``format_from_user``: "Type
        Two" is type-two), the date as YYYY-MM-DD. Raises UsageError (`hlcg: error: ...` on
        the command line, one style for every option) for options that do not go together,
        with each other or with the ``paths`` checked (--fix and standard input), or name
        nothing. The one check of the options, made once at the door (``run``, ``Run``,
        ``check_deck``); inside, the options go as checked: `hlcg validate` hands them over
        as typed."""
        from hlcg.rules import unmatched_selectors
        from hlcg.stdin import is_stdin

        refused: list[str] = []
        options = self._replace(
            format=_refused_or(refused, _requested_format, self.format),
            select=one_or_many(self.select),
            ignore=one_or_many(self.ignore),
            fail_on=frozenset(one_or_many(self.fail_on)),
            date=_refused_or(refused, check_date, self.date),
        )
        refused += [
            f"--select/--ignore {unmatched!r} matches no rule; see `hlcg rules`"
            for unmatched in unmatched_selectors([*options.select, *options.ignore])
        ]
        refused += [
            f"--fail-on {unknown!r}: use one of {', '.join(FAIL_ON)}"
            for unknown in sorted(options.fail_on - set(FAIL_ON))
        ]
        if options.in_place and not options.fix:
            refused.append("--in-place only goes with --fix")
        if options.fix and any(is_stdin(p) for p in paths):
            refused.append(
                "--fix writes the fixed deck beside its file; standard input (-) has none: "
                "save the deck to a file first"
            )
        if refused:
            raise UsageError(*refused)  # every bad option at once, one line each
        return options


def _refused_or(
    refused: list[str], check: Callable[[str | None], str | None], text: str | None
) -> str | None:
    """``check(text)``, or None with its UsageError's message added to ``refused``."""
    try:
        return check(text)
    except UsageError as exc:
        refused.append(str(exc))
        return None


def _requested_format(text: str | None) -> str | None:
    """--format by its name ("Type Two" is type-two), or UsageError naming the option."""
    if text is None:
        return None
    try:
        return format_from_user(text)
    except UsageError as exc:
        raise UsageError(f"--format: {exc}") from None


def check_date(text: str | None) -> str | None:
    """A date to judge by as YYYY-MM-DD (a tournament's date), or UsageError."""
    import datetime

    if text is None:
        return None
    try:
        return datetime.date.fromisoformat(text.strip()).isoformat()
    except ValueError:
        shaped = len(text.strip()) == 10 and text.strip()[4::3] == "--"
        if shaped:
            raise UsageError(
                f"--date {text!r}: {text.strip()} is not a day of the calendar"
            ) from None
        raise UsageError(f"--date {text!r}: give a date as YYYY-MM-DD, e.g. 2026-03-14") from None


# --- The deck's format -------------------------------------------------------------------

# How the problems of a deck's format read (choose_format): commands that print no report
# (`deck hash`, `deck stats`) still tell them. A name that is no format is refused in
# ``format_from_user``'s words, as --format is.
NOT_A_FORMAT = " is not a format; use one of "
NOTES_MENTION = "the notes mention"


def format_issues(issues: Iterable[LineIssue]) -> list[LineIssue]:
    """The problems choose_format found with a deck's format."""
    return [i for i in issues if NOT_A_FORMAT in i.message or i.message.startswith(NOTES_MENTION)]


def choose_format(deck: Deck, requested: str | None) -> str:
    """--format, else the deck's Format: line, else type-two. ``requested`` is a format's
    name as checked at the door (``CheckOptions.check_usage``, the CLI's --format), not
    normalised again per deck. A bad Format: line is a deck-syntax problem and the default
    is used; with --format it is a warning. Formats the deck's notes only mention in prose
    get a warning when the deck is judged by another."""
    if requested:
        if deck.format and format_named(deck.format) is None:
            _add_once(deck, _unknown_format(deck, requested, Severity.WARNING))
        return requested
    if deck.format:
        named = format_named(deck.format)
        if named:
            return named
        _add_once(deck, _unknown_format(deck, DEFAULT_FORMAT, Severity.ERROR))
    else:
        _warn_of_mentions(deck)
    return DEFAULT_FORMAT


def _unknown_format(deck: Deck, used: str, severity: Severity) -> LineIssue:
    why = " (--format)" if severity is Severity.WARNING else ""
    try:
        format_from_user(deck.format or "")
    except UsageError as refused:
        said = str(refused)
    return LineIssue(
        deck.format_line,
        f"{said}; checked as {used}{why}",
        "write one of those formats, or leave the format out",
        severity,
    )


def _warn_of_mentions(deck: Deck) -> None:
    """Notes that mention another format than the default in prose, on no `Format:` line."""
    others = [(written, fmt) for written, fmt in deck.format_mentions if fmt != DEFAULT_FORMAT]
    if not others:
        return
    written = ", ".join(repr(w) for w, _ in others)
    _add_once(
        deck,
        LineIssue(
            None,
            f"{NOTES_MENTION} {written} but name no format on a `Format:` line; "
            f"checked as {DEFAULT_FORMAT}",
            f"add a line `Format: {others[0][1]}` to the notes, or give --format",
            Severity.WARNING,
        ),
    )


def _add_once(deck: Deck, issue: LineIssue) -> None:
    """A deck read once may be judged again (every format, a fix): its issue stays one."""
    if issue not in deck.issues:
        deck.issues.append(issue)


class _PersonaRules(Sequence[str]):
    """The names of the rules a deck with no persona skips, read from the registry only when
    a deck needs them: `hlcg deck hash` and `deck stats` resolve decks without loading every
    rule."""

    def _names(self) -> list[str]:
        from hlcg.rules import RULES

        return [rule.name for rule in RULES.values() if rule.persona]

    def __getitem__(self, index: int) -> str:  # type: ignore[override]
        return self._names()[index]

    def __len__(self) -> int:
        return len(self._names())

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())


def resolve_deck(
    deck: Deck, catalogue: Catalogue, requested_format: str | None = None
) -> ResolvedDeck:
    """The deck's names as catalogue cards, in the format ``choose_format`` picks; a deck
    whose persona cannot be found names the persona rules it skips."""
    persona_rules = _PersonaRules()
    return resolve(deck, catalogue, choose_format(deck, requested_format), persona_rules)


# --- The check -----------------------------------------------------------------------------


def check_deck(
    deck: Deck,
    catalogue: Catalogue | None = None,
    format: str | None = None,
    select: str | Sequence[str] = (),
    ignore: str | Sequence[str] = (),
    fingerprint: bool = False,
    date: str | None = None,
) -> "DeckReport":
    """Check a deck against the deck-construction rules of ``format`` (else its `Format:`
    line, else type-two), running the rules ``select``ed and not ``ignore``d (a name or code
    prefix, or several, as `hlcg validate --select`; one that matches no rule raises
    hlcg.errors.UsageError). ``fingerprint`` also sets ``report.fingerprint``, the value
    `hlcg deck hash` prints. ``date`` (YYYY-MM-DD, default today) is the date judged by:
    the legality facts in force on it. The catalogue defaults to ``load_catalogue()``."""
    options = CheckOptions(
        format=format, select=one_or_many(select), ignore=one_or_many(ignore), date=date
    ).check_usage()
    catalogue = catalogue if catalogue is not None else load_catalogue()
    if options.format is not None:
        require_format(catalogue, options.format)
    report = judge(deck, catalogue, options)
    if fingerprint:
        add_fingerprint(report, catalogue)
    return report


def judge(deck: Deck, catalogue: Catalogue, options: CheckOptions) -> "DeckReport":
    """``check_deck`` with options already checked (``CheckOptions.check_usage``): the
    check every deck of a run goes through. A requested format was required of the
    catalogue at the door (``Run.outcomes``, ``check_deck``, ``legality_matrix``); a
    deck's own format is required here, once per deck."""
    from hlcg.rules import profile, validate

    def rules_on(resolved: ResolvedDeck) -> "DeckReport":
        return validate(
            resolved,
            catalogue,
            profile(resolved.format),
            options.select,
            options.ignore,
            options.date,
        )

    def judged(read: Deck) -> "DeckReport":  # another reading of the deck: the same format
        return rules_on(resolve_deck(read, catalogue, options.format))

    resolved = resolve_deck(deck, catalogue, options.format)
    if options.format is None:
        require_format(catalogue, resolved.format)
    report = rules_on(resolved)
    if not any(u.kind == AMBIGUOUS for u in resolved.unresolved):
        return report  # no line that could be two cards: most decks never import readings
    from hlcg.check.readings import settle_readings

    return settle_readings(deck, report, catalogue, judged)


def require_format(catalogue: Catalogue, fmt: str) -> None:
    """A deck is judged by the catalogue's own record of its format (its editions above
    all); a catalogue that does not record the format cannot judge it at all."""
    if fmt in catalogue.formats:
        return
    raise CatalogueError(
        f"{catalogue.path}: this catalogue records no format {fmt}, so no deck can be judged "
        "in it; start a catalogue with the game's formats: `hlcg db init my.sqlite "
        "--from-shipped`, or import a whole export that holds them"
    )


# --- --all-formats: each deck judged in every checked format, read once ---------------------


class FormatVerdict:
    """A deck's verdict in one format: legal, or how many errors."""

    # Plain classes, these two: a NamedTuple costs ten times as much to create at import,
    # and every check imports this module for a matrix only --all-formats makes.
    __slots__ = ("format", "legal", "errors")

    def __init__(self, format: str, legal: bool, errors: int) -> None:
        self.format, self.legal, self.errors = format, legal, errors


class MatrixRow:
    """One deck in every checked format, in CHECKED_FORMATS order."""

    __slots__ = ("path", "verdicts")

    def __init__(self, path: Path, verdicts: tuple[FormatVerdict, ...]) -> None:
        self.path, self.verdicts = path, verdicts


def legality_matrix(
    decks: Sequence[tuple[Path, Deck]],
    catalogue: Catalogue,
    options: CheckOptions,
) -> list[MatrixRow]:
    """Each deck in every checked format (``options`` checked): the decks as the run read
    them (``Run`` keeps them for --all-formats), each file read once."""
    from hlcg.catalog import CHECKED_FORMATS

    for fmt in CHECKED_FORMATS:  # required once, not once per deck (judge takes it as given)
        require_format(catalogue, fmt)
    rows = []
    for path, deck in decks:
        verdicts = []
        for fmt in CHECKED_FORMATS:
            report = judge(deck, catalogue, options._replace(format=fmt))
            verdicts.append(FormatVerdict(fmt, report.legal, report.errors))
        rows.append(MatrixRow(path, tuple(verdicts)))
    return rows


# Deck fingerprints: one digest for a deck however it is written, and ``add_fingerprint``,
# which sets a report's.
#
# The canonical form (specified with test vectors in docs/fingerprint.md) is UTF-8 text:
#
#     hlcg-deck-fingerprint 3
#     catalogue <sha256 of the catalogue rows the deck's verdict reads>
#     ruleset <hlcg ruleset version>
#     format <format>
#     persona <persona card id, or generic-immortal>
#     pregame
#     <count> <card id>          one line per card, sorted by id
#     endurance
#     <count> <card id>
#     unresolved
#     <count> <section> <normalised name>   lines whose card is unknown or ambiguous
#     legality
#     <card id> <status> <date or ->   the legality facts in force on the date judged by
#     <card id> printing <edition>     a printing the deck names that decides the verdict
#
# and the fingerprint is the sha256 hex digest of it. Order, comments, spacing, aliases,
# `3x` or `3`, `Title: Subtitle` or `Title (Subtitle)`, set codes, the file kind and the
# sideboard do not change it; any card, count, persona, format or ruleset change does, and so
# does a change to a catalogue row the verdict reads (the deck's cards and persona, their
# sets, their legality facts, the format); a change to any other card does not. The date a
# deck is judged by enters through the legality facts in force on it: two dates give one
# fingerprint exactly when the same facts are in force on both.


FINGERPRINT_VERSION = 3


def catalogue_digest(deck: ResolvedDeck, catalogue: Catalogue) -> str:
    """The catalogue line: computed from the rows the deck uses, never read from `meta`."""
    from hlcg.catalog import used_rows_digest

    return used_rows_digest(catalogue, used_card_ids(deck), deck.format)


def canonical_form(deck: ResolvedDeck, content_sha256: str, in_force: Sequence[str] = ()) -> str:
    """The text the fingerprint hashes; ``in_force`` lists what the legality verdict rests
    on beyond the rows (``hlcg.rules.verdict_lines``): the facts in force on the
    date judged by, and the printings the deck names where they decide."""
    # A persona line naming no persona is hashed by name under "unresolved".
    persona = (
        deck.persona.id if deck.persona is not None and not deck.is_generic else "generic-immortal"
    )
    lines = [
        f"hlcg-deck-fingerprint {FINGERPRINT_VERSION}",
        f"catalogue {content_sha256}",
        f"ruleset {RULESET_VERSION}",
        f"format {deck.format}",
        f"persona {persona}",
    ]
    for section in (PREGAME, ENDURANCE):
        lines.append(section)
        counts: defaultdict[str, int] = defaultdict(int)
        for deck_card in deck.cards:
            if deck_card.section == section:
                counts[deck_card.card.id] += deck_card.count
        lines += [f"{counts[card_id]} {card_id}" for card_id in sorted(counts)]
    lines.append("unresolved")
    unresolved: defaultdict[tuple[str, str], int] = defaultdict(int)
    for item in deck.unresolved:
        # a persona line counts as one copy outside any section, as it always has
        unresolved[(item.section or "-", normalise(item.name))] += item.count or 1
    lines += [f"{n} {section} {name}" for (section, name), n in sorted(unresolved.items())]
    lines.append("legality")
    lines += sorted(in_force)
    return "\n".join(lines) + "\n"


def fingerprint(
    deck: ResolvedDeck, catalogue: str, in_force: Sequence[str] = ()
) -> tuple[str, str]:
    """(hex digest, canonical form); ``catalogue`` is :func:`catalogue_digest`'s value,
    ``in_force`` the legality facts in force on the date judged by."""
    form = canonical_form(deck, catalogue, in_force)
    from hlcg.catalog import sha256_hex  # here: only a fingerprint needs it, not every check

    return sha256_hex(form), form


def add_fingerprint(report: "DeckReport", catalogue: Catalogue) -> "DeckReport":
    """Set ``report.fingerprint`` (docs/fingerprint.md), so a report names the exact deck it
    judged. Separate from the check: it reads the catalogue rows the deck uses (about as
    long as the check itself), and only the machine-read reports carry it."""
    from hlcg.rules import verdict_lines

    if report.resolved is None:
        return report
    try:
        digest = catalogue_digest(report.resolved, catalogue)
    except CatalogueError:  # a catalogue held in memory only (tests): no rows to digest
        return report
    facts = verdict_lines(report.resolved, catalogue, report.date)
    report.fingerprint = fingerprint(report.resolved, digest, facts)[0]
    return report
