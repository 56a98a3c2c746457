"""Reports written as decks finish, so a run's memory does not grow with its decks.

Each reporter renders one deck's part (``part(report) -> str``, pure text, so it can be
rendered where the deck was checked, in another process) and has a writer that puts the
parts in place: ``deck(part, summary)`` as each deck finishes, in order, ``unreadable(item)``
for each file that could not be read, and ``close()``. The bytes are the ones ``render``
gives for the whole run at once. What a report needs before its decks (SARIF's invocation,
JUnit's totals, GitHub's unreadable files first) is known only at the end: those parts
wait in a :class:`Spool` (memory, then a temporary file), and only each deck's
:class:`DeckSummary` stays in memory.
"""

import io
import json
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

if TYPE_CHECKING:
    from hlcg.check import Skipped
    from hlcg.report.reporters import Unreadable
    from hlcg.rules import DeckReport


class DeckSummary(NamedTuple):
    """What a run keeps of a deck once its report is written: the summary table's row, the
    totals, the exit code's facts. Its fields are named as ``DeckReport``'s."""

    path: str
    persona: str
    format: str
    date: str
    fingerprint: str | None
    legal: bool
    errors: int
    warnings: int
    notes: int
    data_gaps: int

    @classmethod
    def of(cls, report: "DeckReport") -> "DeckSummary":
        return cls(
            report.path,
            report.persona,
            report.format,
            report.date,
            report.fingerprint,
            report.legal,
            report.errors,
            report.warnings,
            report.notes,
            report.data_gaps,
        )

    def fails(self, strict: bool = False, fail_on_unchecked: bool = False) -> bool:
        """Whether this deck fails a run, the one failure rule (``RunResult.exit_code`` and
        the CLI's note on --strict and --fail-on ask it): errors always, warnings with
        --strict, data gaps (`unchecked` notes) with --fail-on unchecked."""
        return (
            not self.legal
            or (strict and self.warnings > 0)
            or (fail_on_unchecked and self.data_gaps > 0)
        )


def run_summary(
    summaries: Sequence[DeckSummary],
    unreadable: "Sequence[Unreadable]" = (),
    skipped: "Sequence[Skipped]" = (),
    *,
    not_in_full: bool = False,
) -> str:
    """The run's closing line: "2 of 2 decks legal; 1 file could not be read, 3 files
    skipped: a.md, b.bak, report.json" (every file the run found, accounted for); with
    ``not_in_full``, after the verdicts, how many decks a missing fact kept from being
    checked in full."""
    from hlcg.wording import plural

    legal = sum(1 for s in summaries if s.legal)
    line = f"{legal} of {plural(len(summaries), 'deck')} legal"
    gaps = sum(1 for s in summaries if s.data_gaps)
    if not_in_full and gaps:
        line += f"; {gaps} not checked in full (facts missing)"
    if unreadable:
        line += f"; {plural(len(unreadable), 'file')} could not be read"
    if skipped:
        line += f", {plural(len(skipped), 'file')} skipped: " + ", ".join(
            s.shown_path for s in skipped
        )
    return line


class Totals:
    """The counts of a run's decks that reports print (their summaries, added up)."""

    def __init__(self, summaries: Iterable[DeckSummary] = ()) -> None:
        self.decks = self.legal = self.errors = self.warnings = self.notes = 0
        for summary in summaries:
            self.add(summary)

    def add(self, summary: DeckSummary) -> None:
        self.decks += 1
        self.legal += summary.legal
        self.errors += summary.errors
        self.warnings += summary.warnings
        self.notes += summary.notes


class TextSink(Protocol):
    """Where a report is written: a text file, standard output."""

    def write(self, text: str, /) -> object: ...


class ReportWriter(Protocol):
    """Writes one report to ``out`` as its parts arrive (every reporter has one)."""

    def __init__(self, out: TextSink) -> None: ...

    def deck(self, part: str, summary: DeckSummary) -> None: ...

    def unreadable(self, item: "Unreadable") -> None: ...

    def skipped(self, item: "Skipped") -> None: ...

    def close(self) -> None: ...


def render_all(
    part: "Callable[[DeckReport], str]",
    writer: Callable[[TextSink], ReportWriter],
    reports: "Iterable[DeckReport]",
    unreadable: "Sequence[Unreadable]",
    skipped: "Sequence[Skipped]" = (),
) -> str:
    """A whole report as one text (hlcg.report.renderer): the streamed parts, in place."""
    out = io.StringIO()
    stream = writer(out)
    for passed_over in skipped:
        stream.skipped(passed_over)
    for report in reports:
        stream.deck(part(report), DeckSummary.of(report))
    for item in unreadable:
        stream.unreadable(item)
    stream.close()
    return out.getvalue()


SPOOL_IN_MEMORY = 1 << 20  # characters a spool holds before it moves to a temporary file


class Spool:
    """Text kept aside until a report's head can be written: in memory while small, then
    in a temporary file (deleted when closed)."""

    def __init__(self) -> None:
        # Imported here: only JUnit, SARIF and GitHub reports spool, and tempfile costs the
        # start-up of every other run about 3 ms.
        import tempfile

        # A deck's path may hold bytes that are not UTF-8 (os.fsdecode keeps them as lone
        # surrogates): kept as they are, as standard output writes them, never an error.
        self._file = tempfile.SpooledTemporaryFile(  # noqa: SIM115 (closed by copy_to)
            max_size=SPOOL_IN_MEMORY,
            mode="w+",
            encoding="utf-8",
            errors="surrogateescape",
            newline="",
        )

    def write(self, text: str) -> int:
        try:
            return self._file.write(text)
        except OSError as exc:
            raise _spool_failed(exc) from None

    def copy_to(self, out: TextSink) -> None:
        import shutil

        try:
            self._file.seek(0)
        except OSError as exc:
            raise _spool_failed(exc) from None
        shutil.copyfileobj(self._file, out)
        self._file.close()


def _spool_failed(exc: OSError) -> Exception:
    """A spool's temporary file could not be written (its disk is full): say where."""
    import tempfile

    from hlcg.errors import UsageError

    return UsageError(
        f"could not write the report's temporary file in {tempfile.gettempdir()}: "
        f"{exc.strerror}; free some space there or point TMPDIR at a folder with room"
    )


# --- JSON documents with lists written item by item -----------------------------------------

_MARK = "\x00"  # JSON escapes it, so no real value looks like a marker


def list_marker(name: str) -> list[str]:
    """A list in a JSON document that a :class:`JsonList` of ``name`` writes."""
    return [_MARK + name]


def _token(name: str) -> str:
    return json.dumps(_MARK + name)


def dump(document: Any) -> str:
    """A document as every JSON report writes it (a file name's bytes that are not UTF-8
    shown escaped in its strings: valid JSON in UTF-8 whatever the names)."""
    from hlcg.stdin import shown_bytes

    return shown_bytes(json.dumps(document, indent=2, ensure_ascii=False), in_json=True)


class JsonList:
    """One list of a JSON document written item by item, each item as ``dump`` writes it
    alone: indented here as the whole document would indent it."""

    def __init__(self, name: str, skeleton: str, sink: TextSink) -> None:
        token = _token(name)
        at = skeleton.index(token)
        self.name = name
        self.pad = skeleton[skeleton.rindex("\n", 0, at) + 1 : at]
        self.sink = sink
        self.count = 0

    def add(self, item: str) -> None:
        """``item``: ``dump`` of one item, or several joined by :func:`joined`."""
        if not item:
            return
        if self.count:
            self.sink.write(",\n" + self.pad)
        self.sink.write(item.replace("\n", "\n" + self.pad))
        self.count += 1


def joined(items: Iterable[Any]) -> str:
    """Several items of one list as one part for :meth:`JsonList.add`."""
    return ",\n".join(dump(item) for item in items)


def before_list(skeleton: str, name: str) -> str:
    """The document's text before the first item of list ``name``."""
    return skeleton[: skeleton.index(_token(name))]


def write_document(
    out: TextSink, document: Any, lists: Sequence[JsonList], spools: dict[str, Spool]
) -> None:
    """Write ``document`` (``dump`` + a newline), whose marked lists are ``lists``: an
    empty one as ``[]``, the others' items from their spools (a list without a spool was
    written already, up to its last item, and the document resumes after it)."""
    text = dump(_with_empty_lists(document, {s.name for s in lists if not s.count}))
    start = 0
    for stream in lists:
        if not stream.count:
            continue
        token = _token(stream.name)
        at = text.index(token, start)
        spool = spools.get(stream.name)
        if spool is not None:
            out.write(text[start:at])
            spool.copy_to(out)
        start = at + len(token)
    out.write(text[start:] + "\n")


def _with_empty_lists(value: Any, empty: set[str]) -> Any:
    if isinstance(value, dict):
        return {key: _with_empty_lists(item, empty) for key, item in value.items()}
    if isinstance(value, list):
        if value in ([_MARK + name] for name in empty):
            return []
        return [_with_empty_lists(item, empty) for item in value]
    return value


# The JSON report (``schemas/report.schema.json``), whole (``render``) or written as decks
# finish (``part`` and ``Writer``, hlcg.report.streaming): the same bytes.


REPORT_VERSION = 1


def _document(
    decks: list[Any],
    unreadable: "Sequence[Unreadable]",
    totals: Totals,
    skipped: "Sequence[Skipped]" = (),
) -> dict[str, Any]:
    return {
        "version": REPORT_VERSION,
        "decks": decks,
        "unreadable": [{"path": u.path, "message": u.message} for u in unreadable],
        "skipped": [{"path": s.shown_path, "reason": s.reason} for s in skipped],
        "summary": {
            "decks": totals.decks,
            "legal": totals.legal,
            "illegal": totals.decks - totals.legal,
            "errors": totals.errors,
            "warnings": totals.warnings,
            "notes": totals.notes,
            "unreadable": len(unreadable),
            "skipped": len(skipped),
        },
    }


def report_data(
    reports: "list[DeckReport]",
    unreadable: "Sequence[Unreadable]" = (),
    skipped: "Sequence[Skipped]" = (),
) -> dict[str, Any]:
    totals = Totals(DeckSummary.of(r) for r in reports)
    return _document([r.to_json() for r in reports], unreadable, totals, skipped)


def part(report: "DeckReport") -> str:
    return dump(report.to_json())


class Writer:
    """The report as decks finish: each deck written at once, only the totals kept."""

    def __init__(self, out: TextSink) -> None:
        self.out = out
        self.skeleton = dump(_document(list_marker("decks"), (), Totals()))
        self.decks = JsonList("decks", self.skeleton, out)
        self.totals = Totals()
        self.unreadable_files: list[Unreadable] = []
        self.skipped_files: list[Skipped] = []

    def deck(self, part: str, summary: DeckSummary) -> None:
        if not self.decks.count:
            self.out.write(before_list(self.skeleton, "decks"))
        self.decks.add(part)
        self.totals.add(summary)

    def unreadable(self, item: "Unreadable") -> None:
        self.unreadable_files.append(item)

    def skipped(self, item: "Skipped") -> None:
        self.skipped_files.append(item)

    def close(self) -> None:
        document = _document(
            list_marker("decks"), self.unreadable_files, self.totals, self.skipped_files
        )
        write_document(self.out, document, [self.decks], {})
