"""`hlcg serve`: the deck checker and card browser as a local web page and a JSON API.

``service`` answers the API's questions with the library the CLI calls (plain data in,
plain data out, no web framework); ``app`` is the Starlette application around it. Nothing
here is imported by the other commands, so their start-up does not pay for the web stack.

The door: the names below are what the rest of hlcg may use. Each is imported from its
module on first use, so importing the package costs nothing.
"""

TYPE_CHECKING = False  # typing's own costs more than this module (see hlcg/__init__.py)
if TYPE_CHECKING:
    from hlcg.web.app import create_app as create_app
    from hlcg.web.schema import API_SCHEMAS as API_SCHEMAS
    from hlcg.web.serving import server_config as server_config

_DOOR = {
    "create_app": "hlcg.web.app",
    "API_SCHEMAS": "hlcg.web.schema",
    "server_config": "hlcg.web.serving",
}

if not TYPE_CHECKING:
    from hlcg import lazy_attributes

    __getattr__ = lazy_attributes(__name__, _DOOR)
