"""The check of decks, one home and one corridor: ``check_deck`` (one deck in, a
``DeckReport`` out), ``run`` and ``Run`` (every deck a run names, as one stream of outcomes,
in this process or in workers, folded into a ``RunResult`` whose ``exit_code`` is the run's),
``CheckOptions`` (checked once, at this door), the fixes of --fix and the deck fingerprint.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.check.deck import NOT_A_FORMAT as NOT_A_FORMAT
    from hlcg.check.deck import CheckOptions as CheckOptions
    from hlcg.check.deck import FormatVerdict as FormatVerdict
    from hlcg.check.deck import MatrixRow as MatrixRow
    from hlcg.check.deck import add_fingerprint as add_fingerprint
    from hlcg.check.deck import canonical_form as canonical_form
    from hlcg.check.deck import catalogue_digest as catalogue_digest
    from hlcg.check.deck import check_date as check_date
    from hlcg.check.deck import check_deck as check_deck
    from hlcg.check.deck import choose_format as choose_format
    from hlcg.check.deck import fingerprint as fingerprint
    from hlcg.check.deck import format_issues as format_issues
    from hlcg.check.deck import judge as judge
    from hlcg.check.deck import legality_matrix as legality_matrix
    from hlcg.check.deck import load_catalogue as load_catalogue
    from hlcg.check.deck import parse_deck as parse_deck
    from hlcg.check.deck import read_deck as read_deck
    from hlcg.check.deck import require_format as require_format
    from hlcg.check.deck import resolve_deck as resolve_deck
    from hlcg.check.fix import DeckFix as DeckFix
    from hlcg.check.fix import FixResult as FixResult
    from hlcg.check.fix import add_changes as add_changes
    from hlcg.check.fix import fix_decks as fix_decks
    from hlcg.check.fix import fix_text as fix_text
    from hlcg.check.fix import fixed_path as fixed_path
    from hlcg.check.fix import kept_lines as kept_lines
    from hlcg.check.runs import Outcome as Outcome
    from hlcg.check.runs import Run as Run
    from hlcg.check.runs import RunResult as RunResult
    from hlcg.check.runs import Skipped as Skipped
    from hlcg.check.runs import deck_files as deck_files
    from hlcg.check.runs import process_count as process_count
    from hlcg.check.runs import run as run

_DOOR = {
    "FormatVerdict": "hlcg.check.deck",
    "MatrixRow": "hlcg.check.deck",
    "NOT_A_FORMAT": "hlcg.check.deck",
    "check_deck": "hlcg.check.deck",
    "choose_format": "hlcg.check.deck",
    "format_issues": "hlcg.check.deck",
    "judge": "hlcg.check.deck",
    "legality_matrix": "hlcg.check.deck",
    "load_catalogue": "hlcg.check.deck",
    "parse_deck": "hlcg.check.deck",
    "read_deck": "hlcg.check.deck",
    "require_format": "hlcg.check.deck",
    "resolve_deck": "hlcg.check.deck",
    "DeckFix": "hlcg.check.fix",
    "FixResult": "hlcg.check.fix",
    "add_changes": "hlcg.check.fix",
    "fix_decks": "hlcg.check.fix",
    "fix_text": "hlcg.check.fix",
    "fixed_path": "hlcg.check.fix",
    "kept_lines": "hlcg.check.fix",
    "add_fingerprint": "hlcg.check.deck",
    "canonical_form": "hlcg.check.deck",
    "catalogue_digest": "hlcg.check.deck",
    "fingerprint": "hlcg.check.deck",
    "CheckOptions": "hlcg.check.deck",
    "check_date": "hlcg.check.deck",
    "Outcome": "hlcg.check.runs",
    "Run": "hlcg.check.runs",
    "RunResult": "hlcg.check.runs",
    "Skipped": "hlcg.check.runs",
    "deck_files": "hlcg.check.runs",
    "process_count": "hlcg.check.runs",
    "run": "hlcg.check.runs",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
