"""`hlcg db fill DECK`: record what your cards say, card by card, into your own catalogue."""

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from hlcg.answers import Printing
from hlcg.cli.common import DbOption, guarded
from hlcg.errors import CatalogueError, UsageError
from hlcg.wording import plural

if TYPE_CHECKING:
    from hlcg.answers import CardQuestions, Question
    from hlcg.catalog import Catalogue

_NO_CATALOGUE = (
    "db fill writes what you read into your own catalogue, never the shipped one: start one "
    "with `hlcg db init my.sqlite --from-shipped`, then `hlcg db fill DECK --db my.sqlite` "
    "(or set HLCG_DB)"
)


def _own_catalogue(db: Path | None) -> Path:
    from hlcg.catalog import is_shipped, resolve_path

    path = resolve_path(db)  # the shipped catalogue when neither --db nor HLCG_DB names one
    if is_shipped(path):
        raise UsageError(_NO_CATALOGUE)
    if not path.exists():
        raise CatalogueError(
            f"catalogue not found: {path}; start one with `hlcg db init {path} --from-shipped`"
        )
    return path


def _refuse_read_only(path: Path) -> None:
    """The writer's refusal of a read-only catalogue, before the first question rather than
    after the first answer."""
    from hlcg.errors import ReadOnlyCatalogueError
    from hlcg.output import read_only_mode

    mode = read_only_mode(path)
    if mode is not None:
        raise ReadOnlyCatalogueError(
            f"{path} is read-only (mode {mode:04o}): db fill writes each answer into it; make "
            f"it writable (chmod u+w {path}), or write the questions as a sheet with --sheet"
        )


class _Answers:
    """Answers typed at a terminal, or read line by line from standard input (each question
    and answer then echoed, so a script's run reads as a session)."""

    def __init__(self) -> None:
        self.typed = sys.stdin.isatty()

    def ask(self, prompt: str) -> str | None:
        """The next answer; None at the end of input."""
        if self.typed:
            try:
                return input(prompt)
            except EOFError:
                return None
        line = sys.stdin.readline()
        if not line:
            return None
        typer.echo(f"{prompt}{line.rstrip()}")
        return line.rstrip("\n")


def _ask_printing(
    asked: "CardQuestions", answers: _Answers, sets: dict[str, str]
) -> "Printing | str | None":
    """The printing held; "skip" to leave the card, None at the end of input."""
    from hlcg.answers import AnswerError, read_printing

    ours = [c for c in asked.printings if sets.get(c) in asked.editions]
    default = ours[0] if len(ours) == 1 else ""
    shown = f" [{default}]" if default else ""
    while True:
        text = answers.ask(f"  printing you hold (set and number as printed){shown}: ")
        if text is None or text.strip().lower() == "skip":
            return None if text is None else "skip"
        try:
            return read_printing(text.strip() or default, asked, sets)
        except AnswerError as exc:
            typer.echo(f"    {exc}")


@dataclass
class _Progress:
    """What the session recorded so far."""

    recorded: int = 0  # answers recorded
    gems: int = 0  # cards whose gems were recorded (the others still unknown go down)
    printings: dict[tuple[str, str], str] = field(default_factory=dict)  # -> card name

    def note_printing(self, printing: "Printing", name: str) -> None:
        """A set and number given for another card before: said, as one is likely a slip."""
        key = (printing.set_code, printing.number)
        other = self.printings.setdefault(key, name)
        if printing.number and other != name:
            typer.echo(
                f"    note: {printing.set_code} {printing.number} was given for {other} "
                "too; two different cards do not share a set and number"
            )


def _ask_fact(
    question: "Question | None", persona: bool, answers: _Answers
) -> dict[str, str] | None | bool:
    """The facts an answer states ({} for the printing alone), None to skip it, False at
    the end of input."""
    from hlcg.answers import AnswerError, read_answer

    if question is None:
        return {}
    typer.echo(f"  {question.prompt}: {question.unlocks}")
    while True:
        text = answers.ask(f"  {question.prompt} (a value, none, skip, ?): ")
        if text is None:
            return False
        try:
            return read_answer(question, text, persona)
        except AnswerError as exc:
            typer.echo(f"    {exc}")


def _record(
    asked: "CardQuestions", printing: "Printing", facts: dict[str, str], db: Path, reader: str
) -> bool:
    from hlcg.curation import record_reading
    from hlcg.errors import ConflictError, SourceError
    from hlcg.tcboo import TABLE_GROUP

    try:
        source = record_reading(
            db, asked.card_id, (printing.set_code, printing.number), facts, reader, [TABLE_GROUP]
        )
    except (SourceError, ConflictError) as exc:
        typer.echo(f"    not recorded: {exc}")
        return False
    typer.echo(f"    recorded ({source})")
    return True


def _fill_card(
    asked: "CardQuestions", answers: _Answers, db: Path, reader: str, progress: _Progress
) -> bool:
    """Ask about one card, counting what is recorded in ``progress``; False at the end of
    input."""
    from hlcg.answers import Printing
    from hlcg.catalog import load

    sets = {code: row["edition"] for code, row in load(db).sets.items()}
    typer.echo(f"\n{asked.name} ({asked.card_id}), for {asked.format}")
    for line in asked.known:
        typer.echo(f"  known: {line}")
    if asked.not_asked:
        typer.echo(f"  {asked.not_asked}")
        return True
    printing = _ask_printing(asked, answers, sets)
    if not isinstance(printing, Printing):
        return printing is not None
    progress.note_printing(printing, asked.name)
    recorded = 0
    try:
        # A card asked about for its printing alone: the printing is the fact recorded.
        for question in asked.questions or (None,):
            shown = question.after(progress.gems) if question is not None else None
            facts = _ask_fact(shown, asked.persona, answers)
            if facts is False:
                return False
            if isinstance(facts, dict) and _record(asked, printing, facts, db, reader):
                recorded += 1
                progress.gems += question is not None and question.fact == "gems"
    finally:
        # The printing is an answer too: written even when every other was skipped, or the
        # answers ended (or Ctrl-C came) before the next.
        if not recorded and asked.questions and _record(asked, printing, {}, db, reader):
            recorded = 1
        progress.recorded += recorded
    return True


def _askings(
    decks: list[Path] | None, top: int | None, catalogue: "Catalogue"
) -> "tuple[Path | None, list[CardQuestions]]":
    from hlcg.answers import deck_questions, example_decks, top_questions
    from hlcg.cli.common import expand

    if top is None:
        if not decks or len(decks) != 1:
            raise UsageError("name one deck (or pass --top N to take the cards `db gaps` ranks)")
        return decks[0], deck_questions(decks[0], catalogue)
    paths = expand([str(d) for d in decks], True) if decks else example_decks(Path.cwd())
    return None, top_questions(paths, catalogue, top)


@guarded
def fill_command(
    decks: Annotated[
        list[Path] | None,
        typer.Argument(
            help="The deck whose checks to complete (with --top: decks or folders to rank "
            "gaps by, default examples/decks/)."
        ),
    ] = None,
    db: DbOption = None,
    reader: Annotated[
        str | None,
        typer.Option(
            "--reader",
            help="Your name, written into every fact's source (remembered in the catalogue "
            "after the first use).",
        ),
    ] = None,
    top: Annotated[
        int | None,
        typer.Option("--top", min=1, help="Ask about the first N cards `hlcg db gaps` lists."),
    ] = None,
    sheet: Annotated[
        Path | None,
        typer.Option(
            "--sheet",
            help="Write the questions as a fact sheet (CSV) to fill in a spreadsheet and "
            "`hlcg db import`, instead of asking; - writes standard output.",
        ),
    ] = None,
) -> None:
    """Record what your cards say: ask, card by card, for the printed facts (printing,
    gems, Master limit, restriction number, hand icons) that keep the deck's checks from
    running, and write each answer into your catalogue at once, with its source
    `printed card SET NUMBER, read by READER on DATE`.

    Answers: a value, `none` (the card prints none), `skip`, `?` for help. Not at a
    terminal, answers are read from standard input line by line. At the end the deck is
    checked again and the change shown.
    """
    from hlcg.answers import questions_sheet
    from hlcg.catalog import load
    from hlcg.curation import check_reader, remembered_reader

    path = _own_catalogue(db)
    deck, askings = _askings(decks, top, load(path))
    name = check_reader(reader) if reader else remembered_reader(path)
    if sheet is not None:
        from hlcg.output import refuse_writing_an_input, write_output
        from hlcg.stdin import is_stdin

        text = questions_sheet(askings, name)
        asked = plural(len([a for a in askings if not a.not_asked]), "card")
        if is_stdin(sheet):  # `-` is standard output, as everywhere one file is written
            typer.echo(text, nl=False)
            typer.echo(f"wrote the questions about {asked} to standard output", err=True)
            return
        refuse_writing_an_input(sheet, [path, *(decks or [])])
        write_output(sheet, text, force=True)
        typer.echo(f"wrote the questions about {asked} to {sheet}", err=True)
        return
    if name is None:
        raise UsageError("who is reading the cards? pass --reader NAME (remembered after)")
    _refuse_read_only(path)
    if not askings:
        typer.echo("nothing to ask: no printed fact is missing for these checks")
        return
    _session(deck, askings, path, name)


def _session(deck: Path | None, askings: "list[CardQuestions]", path: Path, name: str) -> None:
    from hlcg.answers import changes, deck_state
    from hlcg.catalog import load

    before = deck_state(deck, load(path)) if deck else None
    typer.echo(f"{plural(len(askings), 'card')} to ask about; reading as {name}, into {path}")
    answers, progress = _Answers(), _Progress()
    try:
        for asked in askings:
            if not _fill_card(asked, answers, path, name, progress):
                typer.echo("\nend of answers")
                break
    except KeyboardInterrupt:
        kept = plural(progress.recorded, "answer")
        typer.echo(f"\nstopped: the {kept} recorded are kept in {path}")
        raise typer.Exit(130) from None
    typer.echo(f"\nrecorded {plural(progress.recorded, 'answer')} in {path}")
    if deck is not None and before is not None:
        for line in changes(before, deck_state(deck, load(path))):
            typer.echo(line)
