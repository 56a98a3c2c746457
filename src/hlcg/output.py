"""Files hlcg writes for a user (reports, converted decks, exports): never overwritten
without being asked, and written whole or not at all.

Every command that takes an output path goes through here, so the refusal and the error
messages read the same everywhere.
"""

import errno
import os
import re
import shlex
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, cast

from hlcg.errors import HlcgError, UsageError
from hlcg.stdin import STDIN_NAME, UNDECODABLE, encoded, is_stdin


def refuse_overwrite(path: Path | None, force: bool) -> None:
    """Output files are never overwritten silently: an existing one needs ``force``.
    (Devices and pipes such as /dev/null or /dev/stdout are written to, not replaced.)"""
    if path is not None and path.is_file() and not force:
        raise UsageError(f"{path} exists; use --force to overwrite it")


def refuse_standard_output(path: Path | None, why: str, instead: str = "a file") -> None:
    """``-`` is standard output where one file is written; where the file cannot go there
    (``why``), it is refused rather than written under the name ``-``."""
    if path is not None and is_stdin(path):
        raise UsageError(f"- is standard output, and {why}; name {instead}")


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
        name = STDIN_NAME if is_stdin(read) else read
        shown = "" if str(read) == str(output) else f" (as {name})"
        raise UsageError(
            f"{output} is read by this run{shown}; hlcg does not write over its own "
            "input: name another file; nothing was written"
        )


def _what_to_do(path: Path, exc: OSError) -> str:
    """Why ``path`` could not be written, and what the user can do about it."""
    if exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):  # EFBIG: `ulimit -f`
        room = "raise the file size limit" if exc.errno == errno.EFBIG else "free some space"
        return f"{exc.strerror}: {room}, or write to another disk"
    if exc.errno == errno.ENOENT and not path.parent.is_dir():
        return (
            f"its folder {path.parent} does not exist: create it first "
            f"(mkdir -p {shlex.quote(os.fsdecode(path.parent))}) or name a file in another"
        )
    if exc.errno in (errno.ENOTDIR, errno.EEXIST) and not path.parent.is_dir():
        return f"{path.parent} is not a folder: name a file in a folder"
    if exc.errno == errno.EROFS:
        return f"{exc.strerror}: write to a disk mounted read-write"
    if exc.errno in (errno.EACCES, errno.EPERM):
        return f"{exc.strerror}: write to a folder you may write in"
    return exc.strerror or str(exc)


def could_not_write(
    path: Path, exc: OSError, error: type[HlcgError] = UsageError, *, whole: bool = True
) -> HlcgError:
    """The error for an OSError writing ``path``: the path, why, what to do (``whole``: the
    target is written whole or not at all, so it is left as it was)."""
    left = "; nothing was written" if whole else ""
    return error(f"could not write {path}: {_what_to_do(path, exc)}{left}")


@contextmanager
def write_errors(path: Path, error: type[HlcgError] = UsageError) -> Iterator[None]:
    """An OSError while writing ``path`` becomes ``error`` with a one-line message."""
    try:
        yield
    except OSError as exc:
        raise could_not_write(path, exc, error, whole=path_is_replaced(path)) from None


def path_is_replaced(path: Path) -> bool:
    """Whether a write of ``path`` replaces it whole (not so a device or pipe's)."""
    return not path.exists() or path.is_file()


# A file is written as ".NAME.hlcg-write-PID-XXXXXXXX.tmp" beside it (a folder export too,
# and SQLite's "-journal" of a catalogue): a run killed half-way leaves that, and the next
# write of the same target removes it once the process that wrote it is gone.
TEMP_MARK = "hlcg-write"
# A file name may hold 255 bytes: a long target name is shortened in its temporary name.
_LONGEST_SHOWN_NAME = 150


def _temp_stem(destination: Path) -> str:
    name = destination.name
    if len(os.fsencode(name)) <= _LONGEST_SHOWN_NAME:
        return name
    import hashlib

    digest = hashlib.sha256(os.fsencode(name)).hexdigest()[:12]
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


def _on_read_only_mount(path: Path) -> bool:  # where no chmod makes a file writable
    try:
        return bool(os.statvfs(path).f_flag & os.ST_RDONLY)
    except (OSError, AttributeError):  # no statvfs (Windows): the mode's message stands
        return False


_NOT_REPLACED = "hlcg does not replace it: name a file; nothing was written"


def refuse_read_only(path: Path, error: type[HlcgError] = UsageError) -> None:
    """A file without write permission is not replaced: its mode says it is not to change.
    On a read-only mount no mode would help: the message says to write elsewhere. Nor is a
    device, pipe or socket (as root, /dev/full would be gone)."""
    if path.exists() and not (path.is_file() or path.is_dir()):
        raise error(f"{path} is not a regular file (a device, pipe or socket); {_NOT_REPLACED}")
    mode = read_only_mode(path)
    if mode is not None and _on_read_only_mount(path):
        raise error(
            f"{path} is on a read-only file system; hlcg cannot replace it there: copy it "
            "to a writable disk (or remount that one read-write) and run again; nothing "
            "was written"
        )
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
        sync_to_disk(temp)
        os.replace(temp, target)
        sync_to_disk(target.parent)
    finally:
        for leftover in (temp, temp.with_name(temp.name + "-journal")):
            if leftover.is_dir() and not leftover.is_symlink():
                shutil.rmtree(leftover, ignore_errors=True)
            elif leftover.exists():
                leftover.unlink()


NO_SYNC_VARIABLE = "HLCG_NO_SYNC"


def sync_to_disk(path: Path) -> None:
    """A file's bytes, or a folder's names (what a rename changed), on disk: a new file
    before it replaces an old one, the folder after, so a power cut keeps one of them (as
    SQLite does for its journal); a folder that cannot be synced (Windows) is left as it is.
    $HLCG_NO_SYNC set (a test suite, a throwaway CI run) skips it, as eatmydata would."""
    if os.environ.get(NO_SYNC_VARIABLE) or (os.name == "nt" and path.is_dir()):
        return
    descriptor = os.open(path, os.O_RDONLY)
    try:
        os.fsync(descriptor)
    except OSError as exc:
        if exc.errno != errno.EINVAL or not path.is_dir():
            raise
    finally:
        os.close(descriptor)


# The folder write_folder replaces waits under this mark while the new one is renamed into
# place; a run killed between leaves it for the next to put back or remove (never the only
# copy).
_ASIDE_MARK = "hlcg-aside"


def aside_path(out: Path) -> Path:
    """Where the folder at ``out`` waits while its replacement is renamed into place."""
    return out.with_name(f".{_temp_stem(out)}.{_ASIDE_MARK}")


def settle_folder_swap(out: Path) -> str | None:
    """Finish the swap a killed ``write_folder`` of ``out`` left half-done: the old folder
    put back where no folder is at ``out`` ("restored"), or removed where the new one is
    in place ("completed"); None when there was nothing to do. What killed writes left
    half-built goes too. The caller holds the writer's lock."""
    import shutil

    remove_stale_temps(through_links(out))
    aside = aside_path(out)
    if not aside.is_dir() or aside.is_symlink():
        return None
    if not out.exists() and not out.is_symlink():
        os.replace(aside, out)
        sync_to_disk(out.parent)
        return "restored"
    shutil.rmtree(aside)
    return "completed"


FOLDER_STEPS = ("one-file-written", "all-written", "old-moved-aside", "new-renamed", "old-removed")


def _at_step(step: str) -> None:
    """Each of FOLDER_STEPS passes here: the kill tests stop a process at each one."""


def write_folder(files: Mapping[str, bytes], out: Path) -> None:
    """The files (relative name -> bytes) into a new folder beside ``out``, synced, then
    renamed to ``out``: a killed writer leaves no half-filled folder there. A folder at
    ``out`` (the caller has checked it may go) is moved aside just before (``aside_path``),
    put back if the rename fails, removed once it has succeeded; a run killed between is
    finished by the next (``settle_folder_swap``)."""
    import shutil

    settle_folder_swap(out)
    aside = aside_path(out)
    moved = False
    try:
        with replacing(out, fresh=True) as temp:
            temp.mkdir()
            folders = {temp}
            for name, data in files.items():
                target = temp / name
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_bytes(data)
                sync_to_disk(target)
                folders.add(target.parent)
                _at_step(FOLDER_STEPS[0])
            for folder in sorted(folders, reverse=True):
                sync_to_disk(folder)
            _at_step(FOLDER_STEPS[1])
            if out.exists():
                os.replace(out, aside)
                moved = True
                sync_to_disk(out.parent)
                _at_step(FOLDER_STEPS[2])
    except BaseException:
        if moved and aside.exists() and not out.exists():
            os.replace(aside, out)
        raise
    _at_step(FOLDER_STEPS[3])
    if moved:
        shutil.rmtree(aside, ignore_errors=True)
        _at_step(FOLDER_STEPS[4])


def _new_file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the old file's, else 0o666 less the
    umask (mkstemp's 0o600 would hide a report from the rest of a CI job)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _write_to_device(path: Path, content: bytes) -> None:
    """Write to a device or pipe; a reader that leaves early (`--output-file /dev/stdout |
    head`) is no failure: the rest is dropped, as on standard output."""
    data = memoryview(content)
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


def write_text_atomically(path: Path, text: str | bytes) -> None:
    """Write ``text`` (UTF-8; bytes as they are) to ``path`` whole or not at all. Devices
    and pipes (/dev/stdout, a named pipe) are written to directly: they cannot be replaced."""
    data = encoded(text) if isinstance(text, str) else text
    if path.exists() and not path.is_file():
        _write_to_device(path, data)
        return
    with new_file(path) as temp:
        temp.write_bytes(data)


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
            raise could_not_write(self.path, exc, whole=not self.device) from None

    def close(self) -> None:
        """Close the handle (its last text is written now), a failure named as a write's."""
        try:
            self.handle.close()
        except BrokenPipeError:
            if not self.device:
                raise UsageError(f"could not write {self.path}: the pipe closed") from None
        except OSError as exc:
            raise could_not_write(self.path, exc, whole=not self.device) from None

    def abandon(self) -> None:  # after a failure: what the handle still held goes with it
        with suppress(OSError):
            self.handle.close()


@contextmanager
def streamed_output(path: Path) -> Iterator[IO[str]]:
    """A user's output file written piece by piece, still whole or not at all: into a
    temporary file moved into place when the block ends without error. Devices and pipes
    are written to directly. Refuse an existing file first (``refuse_overwrite``).

    A write that fails (a full disk, a missing folder) ends the run with one message
    naming the file and what to do, and leaves the target as it was; an OSError the
    block itself raises is the block's own and passes through."""
    if not path_is_replaced(path):
        with write_errors(path):
            handle = path.open("w", encoding="utf-8", errors=UNDECODABLE)
        output = _OutputFile(path, handle, device=True)
        try:
            yield cast(IO[str], output)
        except BaseException:
            output.abandon()
            raise
        output.close()
        return
    in_block = False
    try:
        with replacing(path) as temp:
            mode = _new_file_mode(path)
            output = _OutputFile(
                path, temp.open("w", encoding="utf-8", errors=UNDECODABLE), device=False
            )
            in_block = True
            try:
                yield cast(IO[str], output)
            except BaseException:
                output.abandon()
                raise
            in_block = False
            output.close()
            temp.chmod(mode)
    except OSError as exc:
        if in_block:
            raise
        raise could_not_write(path, exc) from None
