"""The small data tables hlcg reads at run time, besides the catalogue itself.

``formats.csv`` (the formats, their titles and editions), ``format_names.csv`` (the
spellings players write) and ``set_names.csv`` ship inside the package (hlcg/data/) and are
read from data/source/ in a source checkout, so each fact has one home: the source table
the catalogue is built from.
"""

from __future__ import annotations

from pathlib import Path


def data_file(name: str) -> Path:
    """A data table inside the installed package, else the one in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / name
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "source" / name


def rows(name: str) -> list[dict[str, str]]:
    import csv  # here: see leading_columns

    with data_file(name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def leading_columns(name: str, count: int) -> list[dict[str, str]]:
    """The first ``count`` columns of a table whose leading columns hold no comma or quote
    (formats.csv: name, title, checked), read without the csv module: every command reads
    the format list at start-up, and importing csv costs more than the read."""
    lines = data_file(name).read_text(encoding="utf-8").splitlines()
    header = lines[0].split(",")[:count]
    return [dict(zip(header, line.split(",", count)[:count], strict=True)) for line in lines[1:]]
