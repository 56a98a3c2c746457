"""Reporters: problems -> text, json (and the CI formats). Data on stdout, talk on stderr."""
