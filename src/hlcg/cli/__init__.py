"""The command line: one typer app per command group; each command parses, calls the
library, renders and returns an exit code."""

import gc
import warnings

# typer < 0.25 (kept for start-up speed) imports click's stream helpers at import time, which
# click 8.3+ deprecates. Under `python -W error` that warning would kill every command with a
# traceback before hlcg runs; it is the dependencies' business, not the user's. This package
# is imported before typer by every entry point (`hlcg`, `python -m hlcg`, tests).
warnings.filterwarnings(
    "ignore",
    message=r"'click\.utils\.get_.*_stream' is deprecated",
    category=DeprecationWarning,
)

# A command allocates some 30,000 objects while it starts (typer and click included), and
# Python's collector, at its default of every 700, would look through them about 40 times
# for cycles that start-up does not make: several percent of a whole run. At 50,000 a
# one-deck command never collects. A long run goes back to Python's default
# (``long_run``): between two collections each process holds up to 50,000 objects of cyclic
# garbage, and a run of 10,000 decks held 98 MiB over its processes instead of 71.
_COLLECTOR_DEFAULT = gc.get_threshold()
gc.set_threshold(50_000, *_COLLECTOR_DEFAULT[1:])


def long_run() -> None:
    """The collector back at Python's default, for a command that checks many decks or
    serves requests (its workers, forked after this, inherit it)."""
    gc.set_threshold(*_COLLECTOR_DEFAULT)


# The door: what the rest of hlcg (``python -m hlcg``) may use, imported on first use.
TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.cli.app import main as main

_DOOR = {"main": "hlcg.cli.app"}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
