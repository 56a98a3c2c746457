"""`hlcg serve`: the deck checker and card browser as a local web page and a JSON API.

``service`` answers the API's questions with the library the CLI calls (plain data in,
plain data out, no web framework); ``app`` is the Starlette application around it. Nothing
here is imported by the other commands, so their start-up does not pay for the web stack.
"""
