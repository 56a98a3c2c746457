"""Reporters: problems -> text, json, junit, sarif, github, gitlab. Data on stdout, talk on stderr.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.report.github import write_step_summary as write_step_summary
    from hlcg.report.reporters import REPORTERS as REPORTERS
    from hlcg.report.reporters import Streamer as Streamer
    from hlcg.report.reporters import Unreadable as Unreadable
    from hlcg.report.reporters import renderer as renderer
    from hlcg.report.reporters import streamer as streamer
    from hlcg.report.schema import Report as Report
    from hlcg.report.streaming import DeckSummary as DeckSummary
    from hlcg.report.streaming import ReportWriter as ReportWriter
    from hlcg.report.streaming import dump as dump
    from hlcg.report.streaming import report_data as report_data
    from hlcg.report.streaming import run_summary as run_summary
    from hlcg.report.text import counts_line as counts_line
    from hlcg.report.text import coverage_summary as coverage_summary
    from hlcg.report.text import render_deck as render_deck
    from hlcg.report.text import verdict_line as verdict_line

_DOOR = {
    "write_step_summary": "hlcg.report.github",
    "report_data": "hlcg.report.streaming",
    "dump": "hlcg.report.streaming",
    "REPORTERS": "hlcg.report.reporters",
    "Unreadable": "hlcg.report.reporters",
    "renderer": "hlcg.report.reporters",
    "Streamer": "hlcg.report.reporters",
    "streamer": "hlcg.report.reporters",
    "Report": "hlcg.report.schema",
    "DeckSummary": "hlcg.report.streaming",
    "ReportWriter": "hlcg.report.streaming",
    "run_summary": "hlcg.report.streaming",
    "counts_line": "hlcg.report.text",
    "coverage_summary": "hlcg.report.text",
    "render_deck": "hlcg.report.text",
    "verdict_line": "hlcg.report.text",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
