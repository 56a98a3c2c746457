"""The error boundary: what a run that failed in a way hlcg did not foresee prints.

A known failure is an ``HlcgError`` and says what to do. Anything else is a bug in hlcg, and
it still must not look like a verdict: exit code 1 means "problems found", so a crash is exit
code 2 ("could not run") with one line naming the exception and asking for a report. The
traceback is for whoever fixes it: `hlcg --debug ...` or HLCG_DEBUG=1 prints it too.
"""

import os
import sys

DEBUG_VARIABLE = "HLCG_DEBUG"
_REPORT_HINT = (
    "this is a bug in hlcg; please report it with the command you ran "
    "(--debug or HLCG_DEBUG=1 shows the traceback)"
)
_LONGEST_DETAIL = 200  # the exception's own words, cut so the message stays one line


def debugging() -> bool:
    """Whether tracebacks are asked for (`--debug` sets the variable for the run)."""
    return os.environ.get(DEBUG_VARIABLE, "").strip() not in ("", "0")


def crash_message(exc: BaseException) -> str:
    """One line for an unexpected exception: its kind, its first words, the hint."""
    if isinstance(exc, MemoryError):
        return f"out of memory; {_REPORT_HINT}"
    detail = " ".join(str(exc).split())
    if len(detail) > _LONGEST_DETAIL:
        detail = detail[: _LONGEST_DETAIL - 3] + "..."
    said = f": {detail}" if detail else ""
    return f"unexpected {type(exc).__name__}{said}; {_REPORT_HINT}"


def report_crash(exc: BaseException) -> None:
    """Print the crash line on stderr, and the traceback first when debugging."""
    if debugging():
        import traceback

        traceback.print_exception(exc, file=sys.stderr)
    text = crash_message(exc).encode("utf-8", "backslashreplace").decode("utf-8")
    print(f"hlcg: error: {text}", file=sys.stderr, flush=True)
