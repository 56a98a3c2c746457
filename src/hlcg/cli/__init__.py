"""The command line: one typer app per command group; each command parses, calls the
library, renders and returns an exit code."""
