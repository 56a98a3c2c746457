"""The files a folder or a `**` pattern holds, walked the same careful way for both.

- Links to folders are not followed: a link back up the tree (`decks/loop -> ..`) would
  otherwise list the same decks again at every depth, and glob.glob's `**` does follow them
  (a few links made it list millions of paths).
- A folder that cannot be listed (no read permission) is an error: skipping it would pass
  a run whose illegal decks were never read.
- What a name is (a regular file, a FIFO) is the caller's to judge; nothing here opens a
  file, so a FIFO found here never blocks.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from fnmatch import fnmatchcase
from pathlib import Path

from hlcg.errors import DeckFileError

_WILDCARDS = "*?["


def has_magic(raw: str) -> bool:
    """What glob.has_magic tests: a wildcard or a bracket."""
    return any(mark in raw for mark in _WILDCARDS)


def _refuse(exc: OSError) -> None:
    raise DeckFileError(
        f"{exc.filename}: cannot list this folder ({exc.strerror}); "
        "the decks in it would go unchecked"
    )


def _walk(folder: Path) -> Iterator[tuple[Path, list[str], list[str]]]:
    """os.walk without following links to folders, refusing an unlistable folder."""
    for root, folders, files in os.walk(folder, onerror=_refuse):
        folders.sort()
        yield Path(root), folders, files


def files_under(folder: Path) -> Iterator[Path]:
    """Every name under ``folder`` that is not a folder (links to files and dangling links
    included), at any depth; links to folders are neither followed nor listed."""
    for root, _folders, files in _walk(folder):
        for name in files:
            yield root / name


def _segment_matches(name: str, segment: str) -> bool:
    """One path segment against one pattern segment, as glob matches them: a wildcard
    matches no hidden name (a leading dot) unless the segment starts with one."""
    if not has_magic(segment):
        return name == segment
    return fnmatchcase(name, segment) and (not name.startswith(".") or segment.startswith("."))


def _with_empty_globstars(states: set[int], segments: list[str]) -> set[int]:
    """The states reachable by matching `**` segments to no path segment at all."""
    found = set(states)
    for index in sorted(states):
        while index < len(segments) and segments[index] == "**":
            index += 1
            found.add(index)
    return found


def _matches(parts: tuple[str, ...], segments: list[str]) -> bool:
    """Whether a relative path matches the segments, `**` matching any number of path
    segments. The states are the pattern positions reached so far, so each path costs its
    length times the pattern's, however many `**` the pattern holds."""
    states = _with_empty_globstars({0}, segments)
    for part in parts:
        reached = set()
        for index in states:
            if index == len(segments):
                continue
            segment = segments[index]
            if segment == "**":
                if not part.startswith("."):
                    reached.add(index)
            elif _segment_matches(part, segment):
                reached.add(index + 1)
        states = _with_empty_globstars(reached, segments)
        if not states:
            return False
    return len(segments) in states


def glob_recursive(pattern: str) -> list[Path]:
    """What glob.glob(pattern, recursive=True) gives for a pattern with `**` (hidden names
    skipped the same way), without following links to folders, and refusing an unlistable
    folder under the pattern's fixed start."""
    parts = Path(pattern).parts
    fixed = 0
    while fixed < len(parts) and not has_magic(parts[fixed]):
        fixed += 1
    base = Path(*parts[:fixed]) if fixed else Path()
    segments = list(parts[fixed:])
    if not base.is_dir():
        return []
    found = [base] if _matches((), segments) else []
    for root, folders, files in _walk(base):
        relative = root.relative_to(base).parts
        for name in [*folders, *files]:
            if _matches((*relative, name), segments):
                found.append(root / name)
    return sorted(found)
