"""The house rules of ``game.core``: it never loads pygame, never imports the screens or the
commands above it, and its modules import each other without a circle.

The pygame rule is checked by importing every core module in a fresh interpreter (in this
one, other tests have long since loaded pygame, which would hide a core module that does).
The import rules are read from the source with :mod:`ast`: every ``import`` and ``from ...
import`` in a module, at its top, inside a function or under ``TYPE_CHECKING``, counts.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from tests.conftest import REPO_ROOT

CORE = REPO_ROOT / "game" / "core"
# What core must not import: the screens, the commands and the entry points sit above it.
UPWARD = ("game.ui", "game.commands", "game.cli", "game.__main__", "pygame")


def _module_name(path: Path) -> str:
    parts = path.relative_to(REPO_ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def core_modules() -> dict[str, Path]:
    """Every module of ``game.core`` (packages by their ``__init__``), by dotted name."""
    return {_module_name(path): path for path in sorted(CORE.rglob("*.py"))}


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def imported_names(name: str, path: Path) -> Iterator[str]:
    """The dotted names ``path`` (module ``name``) imports: for ``from a import b`` it is
    ``a.b`` when that is a module of core, else ``a``; relative imports made absolute."""
    package = name if _is_package(path) else name.rpartition(".")[0]
    modules = core_modules()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                whole = f"{base}.{alias.name}"
                yield whole if whole in modules else base


def core_graph() -> dict[str, set[str]]:
    """Which core modules each core module imports (a package's ``__init__`` counts only
    when it is imported by name: reaching ``a.b`` through ``a`` runs an empty file)."""
    modules = core_modules()
    return {
        name: {target for target in imported_names(name, path) if target in modules} - {name}
        for name, path in modules.items()
    }


def circles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The circles of ``graph``: each set of modules that all reach one another through
    imports (a strongly connected component of more than one module, or one that imports
    itself), found by Tarjan's walk."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[frozenset[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for target in sorted(graph.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            part = {stack.pop()}
            while node not in part:
                part.add(stack.pop())
            if len(part) > 1 or node in graph.get(node, ()):
                found.append(frozenset(part))

    for start in sorted(graph):
        if start not in index:
            visit(start)
    return found


def test_the_core_modules_are_found() -> None:
    modules = core_modules()
    # The walk reaches into every sub-package, so the rules below cannot pass by seeing nothing.
    assert len(modules) > 80
    assert {"game.core.puzzle", "game.core.solver.engine", "game.core.create.editor"} <= set(
        modules
    )


def test_core_imports_nothing_above_it() -> None:
    upward = sorted(
        f"{name} imports {target}"
        for name, path in core_modules().items()
        for target in imported_names(name, path)
        if any(target == top or target.startswith(top + ".") for top in UPWARD)
    )
    assert upward == []


def test_core_has_no_import_circle() -> None:
    assert [set(part) for part in circles(core_graph())] == []


def test_the_circle_finder_finds_circles() -> None:
    # The rule above would pass on a finder that never finds anything.
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a", "e"}, "e": {"d"}, "f": {"f"}}
    assert sorted(sorted(part) for part in circles(graph)) == [
        ["a", "b", "c"],
        ["d", "e"],
        ["f"],
    ]
    assert circles({"a": {"b"}, "b": set(), "c": {"a", "b"}}) == []


def test_imports_are_read_in_every_form(tmp_path: Path) -> None:
    # Relative, from-a-package, in-function and type-only imports all count.
    module = tmp_path / "fake.py"
    module.write_text(
        "from typing import TYPE_CHECKING\n"
        "from . import editor\n"
        "from ..convert import options\n"
        "from game.core.opening import where_opens\n"
        "if TYPE_CHECKING:\n"
        "    from game.core.puzzle import Puzzle\n"
        "def late():\n"
        "    import game.ui.app\n"
    )
    assert set(imported_names("game.core.create.fake", module)) == {
        "typing",
        "game.core.create.editor",
        "game.core.convert.options",
        "game.core.opening",
        "game.core.puzzle",
        "game.ui.app",
    }


IMPORT_ALL = """
import importlib, json, sys
names = json.loads(sys.argv[1])
loaded_by = None
for name in names:
    importlib.import_module(name)
    if loaded_by is None and any(m == "pygame" or m.startswith("pygame.") for m in sys.modules):
        loaded_by = name
print(json.dumps({"imported": len(names), "pygame_loaded_by": loaded_by,
                  "from": importlib.import_module("game").__file__}))
"""


def test_importing_all_of_core_never_loads_pygame() -> None:
    names = sorted(core_modules())
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, json.dumps(names)],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    outcome = json.loads(run.stdout.strip().splitlines()[-1])
    assert Path(outcome["from"]).resolve().parent == REPO_ROOT / "game"  # this checkout's core
    assert outcome["imported"] == len(names)
    assert outcome["pygame_loaded_by"] is None


def test_the_fresh_interpreter_would_see_pygame() -> None:
    # The same script catches a module that loads pygame (here one of the screens).
    run = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, json.dumps(["game.core.puzzle", "game.ui.fonts"])],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1])["pygame_loaded_by"] == "game.ui.fonts"
