"""Files hlcg writes for a user (reports, converted decks, exports): never overwritten
without being asked, and written whole or not at all.

Every command that takes an output path goes through here, so the refusal and the error
messages read the same everywhere.
"""

import os
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, cast

from hlcg.errors import HlcgError, UsageError


def refuse_overwrite(path: Path | None, force: bool) -> None:
    """Output files are never overwritten silently: an existing one needs ``force``.
    (Devices and pipes such as /dev/null or /dev/stdout are written to, not replaced.)"""
    if path is not None and path.is_file() and not force:
        raise UsageError(f"{path} exists; use --force to overwrite it")


@contextmanager
def write_errors(path: Path, error: type[HlcgError] = UsageError) -> Iterator[None]:
    """An OSError while writing ``path`` becomes ``error`` with a one-line message."""
    try:
        yield
    except OSError as exc:
        raise error(f"could not write {path}: {exc.strerror}") from None


@contextmanager
def replacing(destination: Path, *, fresh: bool = False) -> Iterator[Path]:
    """Yield a temporary path beside ``destination``; move it into place on success only,
    so a failed write leaves the old file (or no file) behind, never half of one.

    ``fresh``: the path does not exist yet, so the writer creates the file itself (SQLite
    then gives it the usual umask mode, not the private mode of a temporary file)."""
    import tempfile  # here: every command imports this module, few write a file

    fd, name = tempfile.mkstemp(
        prefix=f".{destination.name}.", suffix=".tmp", dir=destination.parent
    )
    os.close(fd)
    temp = Path(name)
    if fresh:
        temp.unlink()
    try:
        yield temp
        os.replace(temp, destination)
    finally:
        if temp.exists():
            temp.unlink()


def _new_file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the old file's, else 0o666 less the
    umask (mkstemp's 0o600 would hide a report from the rest of a CI job)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _write_to_device(path: Path, text: str) -> None:
    """Write to a device or pipe; a reader that leaves early (`--output-file /dev/stdout |
    head`) is no failure: the rest is dropped, as on standard output."""
    data = memoryview(text.encode("utf-8"))
    fd = os.open(path, os.O_WRONLY)
    try:
        with suppress(BrokenPipeError):
            while data:
                data = data[os.write(fd, data) :]
    finally:
        os.close(fd)


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all. Devices and pipes
    (/dev/stdout, a named pipe) are written to directly: they cannot be replaced."""
    if path.exists() and not path.is_file():
        _write_to_device(path, text)
        return
    mode = _new_file_mode(path)
    with replacing(path) as temp:
        temp.write_text(text, encoding="utf-8")
        temp.chmod(mode)


def write_output(path: Path, text: str, force: bool) -> None:
    """A user's output file: refused when it exists without ``force``, written atomically,
    an OSError reported as a UsageError naming the file."""
    refuse_overwrite(path, force)
    with write_errors(path):
        write_text_atomically(path, text)


class _OutputFile:
    """A text handle whose write errors name the file (a device's reader may leave early,
    as on standard output: the rest is dropped)."""

    def __init__(self, path: Path, handle: IO[str], device: bool) -> None:
        self.path, self.handle, self.device = path, handle, device
        self.gone = False

    def write(self, text: str) -> int:
        if self.gone:
            return 0
        try:
            return self.handle.write(text)
        except BrokenPipeError:
            if not self.device:
                raise UsageError(f"could not write {self.path}: the pipe closed") from None
            self.gone = True
            return 0
        except OSError as exc:
            raise UsageError(f"could not write {self.path}: {exc.strerror}") from None


@contextmanager
def streamed_output(path: Path) -> Iterator[IO[str]]:
    """A user's output file written piece by piece, still whole or not at all: into a
    temporary file moved into place when the block ends without error. Devices and pipes
    are written to directly. Refuse an existing file first (``refuse_overwrite``)."""
    device = path.exists() and not path.is_file()
    if device:
        with write_errors(path):
            handle = path.open("w", encoding="utf-8")
        try:
            yield cast(IO[str], _OutputFile(path, handle, device))
        finally:
            with suppress(BrokenPipeError):
                handle.close()
        return
    written = False  # an OSError after the block is the file's; one inside it is not
    try:
        with replacing(path) as temp:
            mode = _new_file_mode(path)
            with write_errors(path):
                handle = temp.open("w", encoding="utf-8")
            try:
                yield cast(IO[str], _OutputFile(path, handle, device))
            except BaseException:
                handle.close()
                raise
            written = True
            handle.close()
            temp.chmod(mode)
    except OSError as exc:
        if not written:
            raise
        raise UsageError(f"could not write {path}: {exc.strerror}") from None
