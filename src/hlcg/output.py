"""Files hlcg writes for a user (reports, converted decks, exports): never overwritten
without being asked, and written whole or not at all.

Every command that takes an output path goes through here, so the refusal and the error
messages read the same everywhere.
"""

import os
import re
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, cast

from hlcg.errors import HlcgError, UsageError


def refuse_overwrite(path: Path | None, force: bool) -> None:
    """Output files are never overwritten silently: an existing one needs ``force``.
    (Devices and pipes such as /dev/null or /dev/stdout are written to, not replaced.)"""
    if path is not None and path.is_file() and not force:
        raise UsageError(f"{path} exists; use --force to overwrite it")


def same_file(one: Path, other: Path) -> bool:
    """Whether two names are one file (through links, hard links included)."""
    try:
        return one.samefile(other)
    except (OSError, ValueError):
        return False


def is_standard_input(path: Path) -> bool:
    """Whether ``path`` is the file standard input reads (``hlcg validate - < deck.txt``)."""
    try:
        given, read = os.stat(path), os.fstat(0)
    except (OSError, ValueError):
        return False
    return (given.st_dev, given.st_ino) == (read.st_dev, read.st_ino)


def input_it_would_replace(output: Path | None, inputs: Iterable[Path]) -> Path | None:
    """The first of ``inputs`` (files this run reads) that ``output`` is, by any name;
    ``-`` is the file standard input is, when it is one."""
    from hlcg.stdin import is_stdin

    if output is None or not output.is_file():
        return None
    return next(
        (
            path
            for path in inputs
            if (is_standard_input(output) if is_stdin(path) else same_file(output, path))
        ),
        None,
    )


def refuse_writing_an_input(output: Path | None, inputs: Iterable[Path]) -> None:
    """An output file never replaces a file the same run reads: not even with --force."""
    read = input_it_would_replace(output, inputs)
    if read is not None:
        from hlcg.stdin import STDIN_NAME, is_stdin

        name = STDIN_NAME if is_stdin(read) else read
        shown = "" if str(read) == str(output) else f" (as {name})"
        raise UsageError(
            f"{output} is read by this run{shown}; hlcg does not write over its own "
            "input: name another file; nothing was written"
        )


@contextmanager
def write_errors(path: Path, error: type[HlcgError] = UsageError) -> Iterator[None]:
    """An OSError while writing ``path`` becomes ``error`` with a one-line message."""
    try:
        yield
    except OSError as exc:
        raise error(f"could not write {path}: {exc.strerror}") from None


# A file is written as ".NAME.hlcg-write-PID-XXXXXXXX.tmp" beside it (a folder export too,
# and SQLite's "-journal" of a catalogue): a run killed half-way leaves that, and the next
# write of the same target removes it once the process that wrote it is gone.
TEMP_MARK = "hlcg-write"
# A file name may hold 255 bytes: a long target name is shortened in its temporary name.
_LONGEST_SHOWN_NAME = 150


def _temp_stem(destination: Path) -> str:
    name = destination.name
    if len(name.encode("utf-8")) <= _LONGEST_SHOWN_NAME:
        return name
    import hashlib

    digest = hashlib.sha256(name.encode("utf-8", "surrogateescape")).hexdigest()[:12]
    return f"{name[:60]}~{digest}"


def _temp_pattern(destination: Path) -> re.Pattern[str]:
    stem = re.escape(_temp_stem(destination))
    return re.compile(rf"\.{stem}\.{TEMP_MARK}-(\d+)-[0-9a-f]+\.tmp(-journal)?")


def temp_path(destination: Path) -> Path:
    """A new temporary name beside ``destination``, carrying this process's id."""
    import secrets

    token = secrets.token_hex(4)
    return destination.with_name(
        f".{_temp_stem(destination)}.{TEMP_MARK}-{os.getpid()}-{token}.tmp"
    )


def _running(pid: int) -> bool:
    """Whether process ``pid`` still runs (where that cannot be told: assume it does)."""
    if pid == os.getpid():
        return True
    if os.name == "nt":  # os.kill there would end the process, not probe it
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # it runs, as another user
        return True
    return True


def remove_stale_temps(destination: Path) -> list[Path]:
    """Remove the temporary files (or folders) that killed writes of ``destination`` left:
    ours by name, of a process that no longer runs. Returns them."""
    import shutil

    pattern = _temp_pattern(destination)
    try:
        names = os.listdir(destination.parent)
    except OSError:
        return []
    removed = []
    for name in sorted(names):
        match = pattern.fullmatch(name)
        if match and not _running(int(match.group(1))):
            stale = destination.parent / name
            if stale.is_dir() and not stale.is_symlink():
                shutil.rmtree(stale, ignore_errors=True)
            else:
                with suppress(FileNotFoundError):
                    stale.unlink()
            removed.append(stale)
    return removed


def through_links(path: Path) -> Path:
    """The file a symbolic link names (a link is written through, and stays a link)."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def read_only_mode(path: Path) -> int | None:
    """The mode of a file without write permission, which hlcg does not replace even where
    its folder would allow it (or the user is root: ``os.access`` alone says yes to root);
    None when the file is writable or is not a file."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if path.is_file() and (not mode & 0o222 or not os.access(path, os.W_OK)):
        return mode & 0o777
    return None


def refuse_read_only(path: Path, error: type[HlcgError] = UsageError) -> None:
    """A file without write permission is not replaced: its mode says it is not to change."""
    mode = read_only_mode(path)
    if mode is not None:
        raise error(
            f"{path} is read-only (mode {mode:04o}); hlcg does not replace it: "
            f"make it writable (chmod u+w {path}) or write elsewhere; nothing was written"
        )


def _keep_owner_and_mode(temp: Path, old: os.stat_result) -> None:
    """The replacement keeps the mode, owner and group of the file it replaces (an owner
    only root may give: then the writer's)."""
    os.chmod(temp, old.st_mode & 0o7777)
    if hasattr(os, "chown"):
        with suppress(PermissionError):
            os.chown(temp, old.st_uid, old.st_gid)


@contextmanager
def replacing(
    destination: Path, *, fresh: bool = False, error: type[HlcgError] = UsageError
) -> Iterator[Path]:
    """Yield a temporary path beside ``destination``; move it into place on success only,
    so a failed write leaves the old file (or no file) behind, never half of one.

    A symbolic link is written through (the file it names is replaced, the link stays); a
    read-only file is refused; the new file keeps the old one's mode and owner. What killed
    writes of the same target left is removed first.

    ``fresh``: the path does not exist yet, so the writer creates the file itself (SQLite
    then gives it the usual umask mode, not the private mode of a temporary file)."""
    import shutil

    target = through_links(destination)
    refuse_read_only(destination, error)
    remove_stale_temps(target)
    temp = temp_path(target)
    if not fresh:
        temp.touch(mode=0o600, exist_ok=False)
    try:
        yield temp
        with suppress(FileNotFoundError):
            _keep_owner_and_mode(temp, target.stat())
        os.replace(temp, target)
    finally:
        for leftover in (temp, temp.with_name(temp.name + "-journal")):
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover, ignore_errors=True)
            elif leftover.exists():
                leftover.unlink()


def sync_to_disk(path: Path) -> None:
    """A new file on disk before it replaces an old one (a power cut keeps one of them)."""
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def write_folder(files: Mapping[str, bytes], out: Path) -> None:
    """The files (relative name -> bytes) into a new folder beside ``out``, renamed to
    ``out`` when all are written: a killed writer leaves no half-filled folder at ``out``.
    A folder already at ``out`` (the caller has checked it may go) is moved aside under a
    temporary name of ours just before the new one is renamed into place (a run killed
    between leaves it to be cleaned as a stale temporary), put back if that rename fails,
    and removed once it has succeeded."""
    import shutil

    old = temp_path(out) if out.exists() else None
    try:
        with replacing(out, fresh=True) as temp:
            temp.mkdir()
            for name, data in files.items():
                target = temp / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
            if old is not None:
                os.replace(out, old)
    except BaseException:
        if old is not None and old.exists() and not out.exists():
            os.replace(old, out)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


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


@contextmanager
def new_file(path: Path) -> Iterator[Path]:
    """``replacing`` for a file a user reads: a new one gets the mode ``open()`` would give
    it, a replaced one keeps its own."""
    mode = _new_file_mode(path)
    with replacing(path) as temp:
        yield temp
        temp.chmod(mode)


def write_text_atomically(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all. Devices and pipes
    (/dev/stdout, a named pipe) are written to directly: they cannot be replaced."""
    if path.exists() and not path.is_file():
        _write_to_device(path, text)
        return
    with new_file(path) as temp:
        temp.write_bytes(text.encode("utf-8"))


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
