"""The answers hlcg gives, as data: what `hlcg card/search/persona/formats/rules --json`,
`hlcg deck stats/hash` and `hlcg db gaps` print and what the web page's API returns. The
CLI renders them; the web service serialises them; neither computes them itself.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.answers.adding import CannotAdd as CannotAdd
    from hlcg.answers.adding import add_card as add_card
    from hlcg.answers.catalogue import SearchFilters as SearchFilters
    from hlcg.answers.catalogue import format_verdicts as format_verdicts
    from hlcg.answers.catalogue import formats_json as formats_json
    from hlcg.answers.catalogue import match_json as match_json
    from hlcg.answers.catalogue import search_cards as search_cards
    from hlcg.answers.catalogue import search_json as search_json
    from hlcg.answers.catalogue import sets_json as sets_json
    from hlcg.answers.catalogue import shown_formats as shown_formats
    from hlcg.answers.db_info import catalogue_info as catalogue_info
    from hlcg.answers.db_info import verification_json as verification_json
    from hlcg.answers.filling import AnswerError as AnswerError
    from hlcg.answers.filling import CardQuestions as CardQuestions
    from hlcg.answers.filling import Printing as Printing
    from hlcg.answers.filling import Question as Question
    from hlcg.answers.filling import card_questions_in as card_questions_in
    from hlcg.answers.filling import changes as changes
    from hlcg.answers.filling import deck_questions as deck_questions
    from hlcg.answers.filling import deck_state as deck_state
    from hlcg.answers.filling import questions_sheet as questions_sheet
    from hlcg.answers.filling import read_answer as read_answer
    from hlcg.answers.filling import read_printing as read_printing
    from hlcg.answers.filling import record_answer as record_answer
    from hlcg.answers.filling import top_questions as top_questions
    from hlcg.answers.fingerprints import format_warnings as format_warnings
    from hlcg.answers.fingerprints import hash_entry as hash_entry
    from hlcg.answers.fingerprints import unreadable_entry as unreadable_entry
    from hlcg.answers.gaps import example_decks as example_decks
    from hlcg.answers.gaps import fact_sheet as fact_sheet
    from hlcg.answers.gaps import find_gaps as find_gaps
    from hlcg.answers.personas import persona_answer as persona_answer
    from hlcg.answers.rules import permissions_answer as permissions_answer
    from hlcg.answers.rules import rule_answer as rule_answer
    from hlcg.answers.rules import rule_list as rule_list
    from hlcg.answers.rules import rule_text as rule_text
    from hlcg.answers.schema import COMMAND_SCHEMAS as COMMAND_SCHEMAS
    from hlcg.answers.stats import deck_stats as deck_stats

_DOOR = {
    "COMMAND_SCHEMAS": "hlcg.answers.schema",
    "CannotAdd": "hlcg.answers.adding",
    "add_card": "hlcg.answers.adding",
    "SearchFilters": "hlcg.answers.catalogue",
    "format_verdicts": "hlcg.answers.catalogue",
    "formats_json": "hlcg.answers.catalogue",
    "match_json": "hlcg.answers.catalogue",
    "search_cards": "hlcg.answers.catalogue",
    "search_json": "hlcg.answers.catalogue",
    "sets_json": "hlcg.answers.catalogue",
    "shown_formats": "hlcg.answers.catalogue",
    "verification_json": "hlcg.answers.db_info",
    "catalogue_info": "hlcg.answers.db_info",
    "AnswerError": "hlcg.answers.filling",
    "record_answer": "hlcg.answers.filling",
    "card_questions_in": "hlcg.answers.filling",
    "questions_sheet": "hlcg.answers.filling",
    "Question": "hlcg.answers.filling",
    "Printing": "hlcg.answers.filling",
    "CardQuestions": "hlcg.answers.filling",
    "changes": "hlcg.answers.filling",
    "deck_questions": "hlcg.answers.filling",
    "deck_state": "hlcg.answers.filling",
    "read_answer": "hlcg.answers.filling",
    "read_printing": "hlcg.answers.filling",
    "top_questions": "hlcg.answers.filling",
    "format_warnings": "hlcg.answers.fingerprints",
    "hash_entry": "hlcg.answers.fingerprints",
    "unreadable_entry": "hlcg.answers.fingerprints",
    "example_decks": "hlcg.answers.gaps",
    "fact_sheet": "hlcg.answers.gaps",
    "find_gaps": "hlcg.answers.gaps",
    "persona_answer": "hlcg.answers.personas",
    "permissions_answer": "hlcg.answers.rules",
    "rule_answer": "hlcg.answers.rules",
    "rule_list": "hlcg.answers.rules",
    "rule_text": "hlcg.answers.rules",
    "deck_stats": "hlcg.answers.stats",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
