"""A focused XML Schema check, for the schemas whose content models are sets: the rules are
read from the XSD file itself (tests/schemas/junit-10.xsd), not written out by hand.

It checks what a strict validator would refuse in a document: a root or child element the
schema does not declare where it stands, an attribute it does not declare or a required
one missing, a value against its pattern, text in an element that is not mixed. It reads
only content models that leave the order of children free (an unbounded choice, or a
sequence of one unbounded choice or one repeated element); a document holding an element of
any other model (junit-10.xsd's rerunFailure) is refused, so it never passes a document for
a model it does not understand.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple
from xml.etree import ElementTree

XS = "{http://www.w3.org/2001/XMLSchema}"


class Model(NamedTuple):
    children: frozenset[str]
    attributes: dict[str, str | None]  # name -> pattern of its type (None: any string)
    required: frozenset[str]
    text: bool  # mixed content or a simple string type


def _particles(group: ElementTree.Element) -> set[str]:
    """The element names a content group allows, checking that their order is free."""
    unbounded = group.get("maxOccurs") == "unbounded"
    items = list(group)
    if group.tag == f"{XS}choice" and unbounded:
        names = set()
        for item in items:
            if item.tag != f"{XS}element":
                raise NotImplementedError(f"a {item.tag} inside a choice")
            names.add(item.get("ref") or item.get("name"))
        return names
    if group.tag == f"{XS}sequence" and len(items) == 1:
        (only,) = items
        if only.tag == f"{XS}choice":
            return _particles(only)
        if only.tag == f"{XS}element" and only.get("maxOccurs") == "unbounded":
            return {only.get("ref") or only.get("name")}
    raise NotImplementedError(f"a content model whose order matters: {group.tag}")


def _model(complex_type: ElementTree.Element | None, patterns: dict[str, str]) -> Model:
    if complex_type is None:  # a simple string type
        return Model(frozenset(), {}, frozenset(), True)
    children: set[str] = set()
    attributes: dict[str, str | None] = {}
    required = set()
    for item in complex_type:
        if item.tag in (f"{XS}choice", f"{XS}sequence"):
            children |= _particles(item)
        elif item.tag == f"{XS}attribute":
            name = item.get("name")
            attributes[name] = patterns.get(item.get("type", ""))
            if item.get("use") == "required":
                required.add(name)
    text = complex_type.get("mixed") == "true"
    return Model(frozenset(children), attributes, frozenset(required), text)


def load(path: Path) -> dict[str, Model | None]:
    """The top-level elements of a schema and what each may hold."""
    schema = ElementTree.parse(path).getroot()
    patterns = {
        simple.get("name"): simple.find(f"{XS}restriction/{XS}pattern").get("value")
        for simple in schema.findall(f"{XS}simpleType")
    }
    named_types = {t.get("name"): t for t in schema.findall(f"{XS}complexType")}
    models: dict[str, Model | None] = {}
    for element in schema.findall(f"{XS}element"):
        declared = element.get("type")
        if declared == "xs:string":
            complex_type = None
        elif declared:
            complex_type = named_types[declared]
        else:
            complex_type = element.find(f"{XS}complexType")
        try:
            models[element.get("name")] = _model(complex_type, patterns)
        except NotImplementedError:
            models[element.get("name")] = None  # refused if a document holds one
    return models


def errors(document: str, models: dict[str, Model | None], roots: set[str]) -> list[str]:
    """Every way ``document`` breaks the schema (empty: it is valid)."""
    root = ElementTree.fromstring(document.encode("utf-8"))
    found: list[str] = []
    if root.tag not in roots:
        found.append(f"root <{root.tag}> is not one of {sorted(roots)}")
    _check(root, models, f"/{root.tag}", found)
    return found


def _check(
    element: ElementTree.Element, models: dict[str, Model | None], where: str, found: list[str]
) -> None:
    if element.tag not in models:
        found.append(f"{where}: <{element.tag}> is not declared")
        return
    model = models[element.tag]
    if model is None:
        raise NotImplementedError(f"{where}: <{element.tag}>'s content model is not read")
    for name, value in element.attrib.items():
        if name not in model.attributes:
            found.append(f"{where}: attribute {name!r} is not allowed")
        elif model.attributes[name] and not re.fullmatch(model.attributes[name], value):
            found.append(f"{where}: {name}={value!r} does not match its type")
    for name in sorted(model.required - set(element.attrib)):
        found.append(f"{where}: required attribute {name!r} is missing")
    texts = [element.text, *(child.tail for child in element)]
    if not model.text and any(t and t.strip() for t in texts):
        found.append(f"{where}: text is not allowed here")
    for position, child in enumerate(element, start=1):
        if child.tag not in model.children:
            found.append(f"{where}: <{child.tag}> is not allowed in <{element.tag}>")
        else:
            _check(child, models, f"{where}/{child.tag}[{position}]", found)
