"""Which deck files a list of command-line paths names: files as given, folders searched,
globs expanded. Shared by `hlcg validate`, `hlcg deck hash` and `hlcg db gaps`."""

import glob
from collections.abc import Callable
from pathlib import Path

from hlcg.errors import UsageError

# Told about each file skipped because it is recognisably not a deck: (path, why).
OnSkip = Callable[[Path, str], None]


def _ignore(path: Path, reason: str) -> None:
    """The default OnSkip: the caller did not ask to hear about skipped files."""


def _deck_files_in(folder: Path, raw: str) -> list[Path]:
    from hlcg.deck.read import DECK_SUFFIXES

    in_folder = sorted(
        p
        for p in folder.rglob("*")
        # a dangling symlink is no file, but it names a deck that cannot be read
        if (p.is_file() or (p.is_symlink() and not p.exists()))
        and p.suffix.lower() in DECK_SUFFIXES
        and not p.name.endswith(".fixed.txt")
    )
    if not in_folder:
        raise UsageError(f"{raw}: no deck files ({', '.join(DECK_SUFFIXES)}) in this folder")
    return in_folder


def expand(paths: list[str], skip_non_decks: bool = False, on_skip: OnSkip = _ignore) -> list[Path]:
    """Files as given, folders searched recursively for deck files, globs expanded. Files
    found in folders (and, with skip_non_decks, any file) that are recognisably not decks
    are skipped and passed to ``on_skip``. Each path comes once, in the order found."""
    from hlcg.deck.read import not_a_deck

    def keep(path: Path) -> bool:
        reason = not_a_deck(path)
        if reason:
            on_skip(path, reason)
        return reason is None

    found: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found.extend(p for p in _deck_files_in(path, raw) if keep(p))
        elif not path.exists() and glob.has_magic(raw):
            matches = sorted(Path(m) for m in glob.glob(raw, recursive=True))
            if not matches:
                raise UsageError(f"{raw}: no files match")
            found.extend(m for m in matches if not skip_non_decks or keep(m))
        elif not skip_non_decks or not path.is_file() or keep(path):
            found.append(path)
    return list(dict.fromkeys(found))
