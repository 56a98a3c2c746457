"""Errors that stop hlcg from running (exit code 2).

Problems found in a deck are data (``hlcg.problems.Problem``), never exceptions.
Every class here is listed in docs/errors.md; a test keeps that list complete.
"""

from hlcg.wording import plural


class HlcgError(Exception):
    """hlcg could not do what was asked; the message says why and what to do."""

    exit_code = 2


class CatalogueError(HlcgError):
    """The catalogue file is missing, corrupt, foreign or of another schema version."""


class SourceError(HlcgError):
    """Card source rows (build or import) failed validation; carries every located error."""

    def __init__(self, errors: list[str], hint: str | None = None) -> None:
        self.errors, self.hint = errors, hint
        shown = "\n".join(errors[:50])
        more = f"\n... and {len(errors) - 50} more" if len(errors) > 50 else ""
        # The command that would have worked, where the rows lack what only options give.
        told = f"\nhint: {hint}" if hint else ""
        # Counted as errors, not rows: one row may hold several, and some are the file's own.
        super().__init__(
            f"{plural(len(errors), 'error')}; nothing was written:\n{shown}{more}{told}"
        )


class ConflictError(HlcgError):
    """Imported rows state another value for facts the catalogue records; nothing was
    written. Carries every conflict, each with both values and both sources."""

    def __init__(self, conflicts: list[str]) -> None:
        self.conflicts = conflicts
        shown = "\n".join(conflicts[:50])
        more = f"\n... and {len(conflicts) - 50} more" if len(conflicts) > 50 else ""
        super().__init__(
            f"{plural(len(conflicts), 'conflicting fact')}; nothing was written "
            f"(--overwrite replaces the recorded values):\n{shown}{more}"
        )


class ReadOnlyCatalogueError(HlcgError):
    """A write was asked of the shipped catalogue, or of a catalogue file without write
    permission (refused rather than replaced)."""


class DeckFileError(HlcgError):
    """A deck file could not be read at all (missing, a directory, too large, binary)."""


class UsageError(HlcgError):
    """A bad option or argument combination; with several (``messages``, every bad option
    of a command at once), each is said on a line of its own."""

    def __init__(self, message: str, *more: str) -> None:
        self.messages = (message, *more)
        super().__init__("\n".join(self.messages))


class EventError(HlcgError):
    """An event file is missing, not an hlcg event file or of another schema version."""


class NotRegistered(UsageError):
    """`hlcg event verify` of a player the event has not registered: there is no deck to
    compare with, so the check could not run (exit code 2, not 1 "differs")."""


class EventRefusal(HlcgError):
    """The event refused a change by its rules: an illegal deck without --accept-illegal, a
    registration after the lock, a result that breaks the event's rule set, an import that
    would replace a recorded result. Nothing was written; exit code 1."""

    exit_code = 1
