"""The small data tables hlcg reads at run time, besides the catalogue itself.

``formats.csv`` (the formats, their titles and editions), ``format_names.csv`` (the
spellings players write) and ``set_names.csv`` ship inside the package (hlcg/data/) and are
read from data/source/ in a source checkout, so each fact has one home: the source table
the catalogue is built from.
"""

from __future__ import annotations

import csv
from pathlib import Path


def data_file(name: str) -> Path:
    """A data table inside the installed package, else the one in a source checkout."""
    packaged = Path(__file__).resolve().parent.parent / "data" / name
    if packaged.is_file():
        return packaged
    return Path(__file__).resolve().parents[3] / "data" / "source" / name


def rows(name: str) -> list[dict[str, str]]:
    with data_file(name).open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))
