"""Archives of a catalogue's contract files: written byte-for-byte the same for the same
catalogue, and read back by member name only, within a size limit."""

from __future__ import annotations

import gzip
import io
import tarfile
import zipfile
from pathlib import Path

from hlcg.errors import SourceError

ARCHIVE_SUFFIXES = (".zip", ".tar.gz", ".tgz")
# An export holds a handful of small CSV files; anything far larger is not one of ours.
MAX_ARCHIVE_BYTES = 200 * 1024 * 1024


def suffix_of(path: Path) -> str:
    name = path.name.lower()
    return ".tar.gz" if name.endswith(".tar.gz") else path.suffix.lower()


def write_zip(files: dict[str, str], out: Path) -> None:
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in sorted(files.items()):
            # A fixed timestamp: the same catalogue gives the same archive.
            info = zipfile.ZipInfo(name, date_time=(1995, 1, 1, 0, 0, 0))
            archive.writestr(info, text.encode("utf-8"), zipfile.ZIP_DEFLATED)


def write_tar_gz(files: dict[str, str], out: Path) -> None:
    # The gzip header would carry the time and the file name of the export: fixed
    # (mtime 0, no name) so that the same catalogue gives the same archive, as .zip does.
    with (
        out.open("wb") as raw,
        gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0) as compressed,
        tarfile.open(fileobj=compressed, mode="w") as archive,
    ):
        for name, text in sorted(files.items()):
            data = text.encode("utf-8")
            info = tarfile.TarInfo(name)  # mtime 0, owner root, mode 0644
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))


def _too_large(path: Path, sizes: list[int]) -> None:
    if sum(sizes) > MAX_ARCHIVE_BYTES:
        raise SourceError([f"{path}: archive contents are too large"])


def _write(into: Path, name: str, data: bytes) -> None:
    target = into / name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(data)


def _unique_names(path: Path, names: list[str]) -> None:
    """Two members of one name: which one an unpacker keeps is up to it, so neither is
    read."""
    from collections import Counter

    repeated = sorted(n for n, count in Counter(names).items() if count > 1)
    if repeated:
        raise SourceError(
            [f"{path}: holds {', '.join(repeated)} more than once; an archive names each file once"]
        )


def _extract_zip(path: Path, into: Path, wanted: set[str]) -> None:
    with zipfile.ZipFile(path) as archive:
        _unique_names(path, [i.filename for i in archive.infolist()])
        members = [i for i in archive.infolist() if i.filename in wanted]
        _too_large(path, [i.file_size for i in members])
        for info in members:
            _write(into, info.filename, archive.read(info))


def _extract_tar(path: Path, into: Path, wanted: set[str]) -> None:
    with tarfile.open(path, "r:*") as archive:
        _unique_names(path, [m.name for m in archive.getmembers()])
        members = [m for m in archive.getmembers() if m.isfile() and m.name in wanted]
        _too_large(path, [m.size for m in members])
        for member in members:
            handle = archive.extractfile(member)
            if handle is not None:
                _write(into, member.name, handle.read())


def extract(path: Path, into: Path, wanted: set[str]) -> None:
    """Unpack only the contract files ``wanted``, by name; nothing else is written."""
    try:
        if suffix_of(path) == ".zip":
            _extract_zip(path, into, wanted)
        else:
            _extract_tar(path, into, wanted)
    except (zipfile.BadZipFile, tarfile.TarError, EOFError, OSError) as exc:
        raise SourceError([f"{path}: not a readable archive ({exc})"]) from None
