"""The floor plan (issue 21): each stage package is entered by its door, with no import
cycle and no module that passes on another module's names.

Doors: each stage package's ``__init__`` lists in ``_DOOR`` the names the rest of hlcg may
use. A package may have a second, smaller door: a module of its own with a ``_DOOR`` (the
catalogue's storage format, ``hlcg.catalog.storage``, shared by the side that reads a
catalogue and the side that writes one). Code outside a package imports from its doors only;
it never imports a door as a module to use its names as attributes, takes a private name
from another module, or takes a name from a module that does not define it.

A cycle is a set of modules that reach one another by imports, found as the strongly
connected components of the import graph. An import inside a function counts as much as
one at the top of a module: it only delays the loop to the first call, and the reader still
has to hold it in their head. A name taken from a door is an import of the module the door
serves it from. Imports under ``if TYPE_CHECKING:`` do not count, as they never run (one
more pair closes with them: ``catalog.lookup`` and ``catalog.store``). A package's
``__init__`` is a module of its own (``hlcg.rules``), and ``from hlcg.deck import text`` is
an import of the module ``hlcg.deck.text``.

``KNOWN_CYCLES`` and ``KNOWN_SHIMS`` would list what is still there; both are empty, so any
new cycle or shim fails. To see the cycles: ``python tests/test_layout.py``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src"

# Today's cycles, each the set of modules it holds.
KNOWN_CYCLES: frozenset[frozenset[str]] = frozenset()


def module_name(path: Path, root: Path) -> str:
    """``hlcg/rules/context.py`` -> ``hlcg.rules.context``; ``hlcg/rules/__init__.py`` ->
    ``hlcg.rules``."""
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    name = test.attr if isinstance(test, ast.Attribute) else getattr(test, "id", None)
    return name == "TYPE_CHECKING"


def _import_nodes(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import that runs, at any depth: the bodies under ``if TYPE_CHECKING:`` are left
    out (their ``else`` branch runs and is kept)."""
    found: list[ast.Import | ast.ImportFrom] = []
    pending: list[ast.AST] = [tree]
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.append(node)
        elif isinstance(node, ast.If) and _is_type_checking(node):
            pending.extend(node.orelse)
        else:
            pending.extend(ast.iter_child_nodes(node))
    return found


def _known(name: str, modules: set[str]) -> str | None:
    """The module ``name`` names, or the nearest package holding it (``hlcg.x.y`` where
    ``y`` is a name defined in ``hlcg.x``); None outside the modules looked at."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def door_table(path: Path) -> dict[str, str]:
    """A package door's ``_DOOR`` (or the top package's ``_LAZY``): name -> the module it is
    imported from on first use; empty for a module that is no door."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if (
            isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Dict)
            and any(isinstance(t, ast.Name) and t.id in ("_DOOR", "_LAZY") for t in node.targets)
        ):
            return {
                key.value: value.value
                for key, value in zip(node.value.keys, node.value.values, strict=True)
                if isinstance(key, ast.Constant) and isinstance(value, ast.Constant)
            }
    return {}


def imported_modules(
    name: str, path: Path, modules: set[str], doors: dict[str, dict[str, str]] | None = None
) -> set[str]:
    """The modules among ``modules`` that the module ``name`` (read from ``path``) imports.
    A name taken from a package door (``doors``: package -> its table) is an import of the
    module the door takes it from: the door defers the import, it does not remove it."""
    doors = doors or {}
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str | None] = set()
    for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(_known(alias.name, modules) for alias in node.names)
            continue
        base = node.module or ""
        if node.level:
            kept = package.split(".")[: len(package.split(".")) - node.level + 1]
            base = ".".join([*kept, *([node.module] if node.module else [])])
        for alias in node.names:
            full = f"{base}.{alias.name}"
            through_door = doors.get(base, {}).get(alias.name)
            targets.add(full if full in modules else through_door or _known(base, modules))
    return {t for t in targets if t is not None and t != name}


def import_graph(root: Path, package: str = "hlcg") -> dict[str, set[str]]:
    """Each module of ``package`` (under ``root``) -> the modules of it that it imports."""
    paths = {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    modules = set(paths)
    doors = {name: table for name, path in paths.items() if (table := door_table(path))}
    return {name: imported_modules(name, path, modules, doors) for name, path in paths.items()}


def cycles(graph: dict[str, set[str]]) -> set[frozenset[str]]:
    """The import cycles: every strongly connected component of more than one module
    (Tarjan's algorithm, iterative so a deep graph cannot exhaust the stack)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: set[frozenset[str]] = set()
    for start in sorted(graph):
        if start in order:
            continue
        work = [(start, iter(sorted(graph[start])))]
        order[start] = low[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, successors = work[-1]
            successor = next(successors, None)
            if successor is not None:
                if successor not in order:
                    order[successor] = low[successor] = len(order)
                    stack.append(successor)
                    on_stack.add(successor)
                    work.append((successor, iter(sorted(graph[successor]))))
                elif successor in on_stack:
                    low[node] = min(low[node], order[successor])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == order[node]:
                component = set()
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.add(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.add(frozenset(component))
    return found


def describe(found: set[frozenset[str]]) -> str:
    return "\n".join(
        f"{len(cycle)} modules: {', '.join(sorted(cycle))}"
        for cycle in sorted(found, key=lambda c: (-len(c), sorted(c)))
    )


def test_hlcg_has_no_import_cycle_but_the_known_ones():
    found = cycles(import_graph(SRC))
    new = found - KNOWN_CYCLES
    gone = KNOWN_CYCLES - found
    assert not new, f"import cycles not on the list:\n{describe(new)}"
    assert not gone, f"cycles gone or changed; take them off KNOWN_CYCLES:\n{describe(gone)}"


def _write(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


def test_function_level_and_relative_imports_close_a_cycle_type_checking_ones_do_not(tmp_path):
    _write(
        tmp_path,
        {
            "pkg/__init__.py": "",
            "pkg/a.py": "def later():\n    from pkg.sub import b\n",
            "pkg/sub/__init__.py": "from .b import thing\n",
            "pkg/sub/b.py": "from ..c import value\nthing = 1\n",
            "pkg/c.py": "import pkg.a\nvalue = 2\n",
            "pkg/d.py": "import typing\nif typing.TYPE_CHECKING:\n    from pkg import e\n",
            "pkg/e.py": "from pkg.d import typing\n",
        },
    )
    graph = import_graph(tmp_path, "pkg")
    assert graph["pkg.a"] == {"pkg.sub.b"}
    assert graph["pkg.sub"] == {"pkg.sub.b"}  # a package's __init__ is a module of its own
    assert graph["pkg.sub.b"] == {"pkg.c"}
    assert graph["pkg.c"] == {"pkg.a"}
    assert graph["pkg.d"] == set()
    assert graph["pkg.e"] == {"pkg.d"}
    assert cycles(graph) == {frozenset({"pkg.a", "pkg.sub.b", "pkg.c"})}


if __name__ == "__main__":
    sys.stdout.write(describe(cycles(import_graph(SRC))) + "\n")


# Modules that still re-export other modules' names so old import paths keep working: none.
KNOWN_SHIMS: frozenset[str] = frozenset()


def reexported(path: Path) -> list[str]:
    """The names a module's ``__all__`` lists that it imports rather than defines, and the
    names it imports as themselves (``import x as x``), mypy's other way to re-export."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    imported = {
        alias.asname or alias.name.partition(".")[0]: alias
        for node in _import_nodes(tree)
        for alias in node.names
    }
    listed: list[str] = []
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets):
                value = node.value
                if isinstance(value, ast.List | ast.Tuple):
                    listed += [e.value for e in value.elts if isinstance(e, ast.Constant)]
    aliased = [name for name, alias in imported.items() if alias.asname == alias.name]
    return sorted({name for name in listed if name in imported} | set(aliased))


def test_no_module_re_exports_another_modules_names_but_the_known_ones():
    """A name is imported from the module that defines it. The package doors (the lazy
    ``hlcg/__init__.py``) list names without importing them, so they are not shims."""
    shims = {
        module_name(path, SRC): names
        for path in sorted((SRC / "hlcg").rglob("*.py"))
        if (names := reexported(path))
    }
    assert set(shims) == KNOWN_SHIMS, shims


def test_a_listed_import_is_a_re_export_a_listed_definition_is_not(tmp_path):
    _write(
        tmp_path,
        {
            "shim.py": 'from pkg.a import thing, other\n__all__ = ["thing", "own"]\nown = 1\n',
            "alias.py": "from pkg.a import thing as thing\n",
            "plain.py": 'from pkg.a import thing\n__all__ = ["own"]\nown = thing\n',
        },
    )
    assert reexported(tmp_path / "shim.py") == ["thing"]
    assert reexported(tmp_path / "alias.py") == ["thing"]
    assert reexported(tmp_path / "plain.py") == []


# Each stage package's ``__init__`` is its door: the names the rest of hlcg may use, listed in
# ``_DOOR`` and imported on first use. Code outside a package imports from the door only, so
# what lies behind it can merge and split without touching any other package.
DOOR_PACKAGES = sorted(
    path.parent.name for path in (SRC / "hlcg").glob("*/__init__.py") if path.parent.is_dir()
)


def _package_of(module: str) -> str | None:
    """``hlcg.deck.text`` -> ``hlcg.deck``; None for a top-level module (``hlcg.api``)."""
    parts = module.split(".")
    return ".".join(parts[:2]) if len(parts) > 1 and parts[1] in DOOR_PACKAGES else None


def side_doors(paths: dict[str, Path]) -> set[str]:
    """The modules (``paths``: module -> file) that are a second door of their package: a
    module of a door package, not its ``__init__``, with a ``_DOOR`` of its own."""
    return {
        name
        for name, path in paths.items()
        if path.name != "__init__.py" and _package_of(name) not in (None, name) and door_table(path)
    }


def through_back_doors(root: Path, package: str = "hlcg") -> dict[str, set[str]]:
    """Each module -> the modules of other packages it imports that are not their door."""
    paths = {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    modules = set(paths)
    second = side_doors(paths)
    found: dict[str, set[str]] = {}
    for name, path in paths.items():
        own = _package_of(name)
        for target in imported_modules(name, path, modules):
            door = _package_of(target)
            if door is not None and door != own and target != door and target not in second:
                found.setdefault(name, set()).add(target)
    return found


def test_code_outside_a_package_imports_only_its_door():
    offences = through_back_doors(SRC)
    assert not offences, "\n".join(
        f"{name} imports {', '.join(sorted(targets))}" for name, targets in sorted(offences.items())
    )


def _door_paths() -> list[Path]:
    """Every door: each package's ``__init__``, then each package's second door."""
    paths = {module_name(p, SRC): p for p in sorted((SRC / "hlcg").rglob("*.py"))}
    return [SRC / "hlcg" / name / "__init__.py" for name in DOOR_PACKAGES] + [
        paths[name] for name in sorted(side_doors(paths))
    ]


def test_the_storage_format_is_a_second_door_of_the_catalogue():
    paths = {module_name(p, SRC): p for p in sorted((SRC / "hlcg").rglob("*.py"))}
    assert side_doors(paths) == {"hlcg.catalog.storage"}


def test_every_stage_package_has_a_door():
    assert set(DOOR_PACKAGES) == {
        "answers",
        "catalog",
        "check",
        "cli",
        "curation",
        "deck",
        "event",
        "organise",
        "report",
        "rules",
        "tcboo",
        "web",
    }
    assert all(door_table(path) for path in _door_paths())


def _type_checking_names(path: Path) -> dict[str, str]:
    """What a door imports for type checkers: name -> module."""
    names: dict[str, str] = {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.If) and _is_type_checking(node):
            for statement in node.body:
                if isinstance(statement, ast.ImportFrom) and statement.module:
                    names.update((a.asname or a.name, statement.module) for a in statement.names)
    return names


def test_a_door_shows_type_checkers_exactly_what_it_serves():
    for path in _door_paths():
        assert _type_checking_names(path) == door_table(path), path


def test_no_door_name_is_also_a_module_behind_the_door():
    """Importing ``hlcg.deck.resolve`` would set the package's ``resolve`` to the module, so
    ``from hlcg.deck import resolve`` would give the module instead of the function."""
    for path in _door_paths():
        modules = {p.stem for p in path.parent.glob("*.py")} | {
            p.name for p in path.parent.iterdir() if (p / "__init__.py").exists()
        }
        assert not set(door_table(path)) & modules, path


def test_every_name_a_door_lists_is_there():
    import importlib

    for path in _door_paths():
        package = importlib.import_module(module_name(path, SRC))
        for name, module in door_table(path).items():
            assert getattr(package, name) is getattr(importlib.import_module(module), name)


def test_a_back_door_import_is_found_a_door_import_is_not(tmp_path):
    _write(
        tmp_path,
        {
            "hlcg/__init__.py": "",
            "hlcg/deck/__init__.py": '_DOOR = {"Deck": "hlcg.deck.model"}\n',
            "hlcg/deck/model.py": "class Deck: ...\n",
            "hlcg/deck/files.py": '_DOOR = {"write": "hlcg.deck.writer"}\n',
            "hlcg/deck/writer.py": "def write(): ...\n",
            "hlcg/rules/__init__.py": "",
            "hlcg/rules/a.py": "from hlcg.deck import Deck\n",
            "hlcg/rules/b.py": "def later():\n    from hlcg.deck.model import Deck\n",
            "hlcg/rules/c.py": "from hlcg.deck.files import write\n",
            "hlcg/rules/d.py": "from hlcg.deck.writer import write\n",
            "hlcg/check.py": "from hlcg.deck.model import Deck\n",
        },
    )
    global DOOR_PACKAGES
    kept, DOOR_PACKAGES = DOOR_PACKAGES, ["deck", "rules"]
    try:
        assert through_back_doors(tmp_path) == {
            "hlcg.rules.b": {"hlcg.deck.model"},
            "hlcg.rules.d": {"hlcg.deck.writer"},  # behind the second door
            "hlcg.check": {"hlcg.deck.model"},
        }
        # the door's name is an import of the module behind it, so cycles are still seen
        assert import_graph(tmp_path)["hlcg.rules.a"] == {"hlcg.deck.model"}
        assert import_graph(tmp_path)["hlcg.rules.c"] == {"hlcg.deck.writer"}
    finally:
        DOOR_PACKAGES = kept


def _defined_names(tree: ast.Module) -> set[str]:
    """The names a module defines at its top level (under ``if`` blocks too)."""
    names: set[str] = set()
    pending: list[ast.stmt] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
        elif isinstance(node, ast.If | ast.Try):
            pending.extend(node.body + node.orelse)
    return names


def loose_imports(root: Path, package: str = "hlcg") -> list[str]:
    """Imports that get round the doors without naming a module behind one: a door package
    imported as a module (``import hlcg.rules``, ``from hlcg import rules``: its names are then
    used as attributes, which neither the door test nor the cycle test can follow), a private
    name taken from another module, and a name taken from a module that does not define it
    (a pass-through re-export: the name's home is elsewhere)."""
    paths = {module_name(p, root): p for p in sorted((root / package).rglob("*.py"))}
    doors = {f"{package}.{name}" for name in DOOR_PACKAGES} | side_doors(paths)
    defined = {
        name: _defined_names(ast.parse(path.read_text("utf-8"))) for name, path in paths.items()
    }
    found = []
    for name, path in paths.items():
        for node in _import_nodes(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                found += [f"{name}: import {a.name}" for a in node.names if a.name in doors]
                continue
            if node.level or not (node.module or "").startswith(package):
                continue
            source = node.module or ""
            for alias in node.names:
                full = f"{source}.{alias.name}"
                if full in doors and name not in doors:
                    found.append(f"{name}: from {source} import {alias.name}")
                elif alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.append(f"{name}: private {alias.name} from {source}")
                elif (
                    source in paths
                    and source not in doors
                    and source != package
                    and full not in paths
                    and alias.name not in defined[source]
                ):
                    found.append(f"{name}: {alias.name} from {source}, which does not define it")
    return found


def test_no_import_gets_round_the_doors():
    assert loose_imports(SRC) == []


def test_round_the_door_imports_are_found(tmp_path):
    _write(
        tmp_path,
        {
            "hlcg/__init__.py": "",
            "hlcg/rules/__init__.py": '_DOOR = {"validate": "hlcg.rules.engine"}\n',
            "hlcg/rules/engine.py": "def validate(): ...\ndef _helper(): ...\n",
            "hlcg/api.py": "from hlcg.rules import validate\n",
            "hlcg/deck/__init__.py": "",
            "hlcg/deck/model.py": "def later():\n    import hlcg.rules\n",
            "hlcg/deck/text.py": "from hlcg import rules\n",
            "hlcg/rules/files.py": '_DOOR = {"validate": "hlcg.rules.engine"}\n',
            "hlcg/deck/read.py": "from hlcg.rules.files import validate\n",
            "hlcg/deck/write.py": "from hlcg.rules import files\n",
            "hlcg/runner.py": (
                "from hlcg.api import validate\nfrom hlcg.rules.engine import _helper\n"
            ),
        },
    )
    global DOOR_PACKAGES
    kept, DOOR_PACKAGES = DOOR_PACKAGES, ["deck", "rules"]
    try:
        assert sorted(loose_imports(tmp_path)) == [
            "hlcg.deck.model: import hlcg.rules",
            "hlcg.deck.text: from hlcg import rules",
            "hlcg.deck.write: from hlcg.rules import files",
            "hlcg.runner: private _helper from hlcg.rules.engine",
            "hlcg.runner: validate from hlcg.api, which does not define it",
        ]
    finally:
        DOOR_PACKAGES = kept
