"""Errors that stop hlcg from running (exit code 2).

Problems found in a deck are data (``hlcg.rules.problem.Problem``), never exceptions.
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

    def __init__(self, errors: list[str]) -> None:
        self.errors = errors
        shown = "\n".join(errors[:50])
        more = f"\n... and {len(errors) - 50} more" if len(errors) > 50 else ""
        super().__init__(f"{plural(len(errors), 'invalid row')}:\n{shown}{more}")


class ReadOnlyCatalogueError(HlcgError):
    """A write was asked of the shipped (read-only) catalogue."""


class DeckFileError(HlcgError):
    """A deck file could not be read at all (missing, a directory, too large, binary)."""


class UsageError(HlcgError):
    """A bad option or argument combination."""
