"""The house rule of the screens: no screen module imports another screen module.

A screen leads to another through the app's router (``game.ui.router``), the one module
that knows every screen's class; a shell (``*/shell.py``, a base that kinds extend) and a
screen's own parts are no screens. Read with ``ast`` (imports at the top and inside
functions; type-only imports under ``TYPE_CHECKING`` do not count, they build nothing).
The screenshot modules (``*shots.py``) are exempt: they build screens to capture them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
SCENES = ROOT / "game" / "ui" / "scenes"
SCREEN_BASE = re.compile(r"(Scene|Shell)(\[|$)")


def module_name(path: Path, root: Path) -> str:
    return ".".join(path.relative_to(root).with_suffix("").parts)


def defines_a_screen(tree: ast.Module) -> bool:
    return any(
        isinstance(node, ast.ClassDef)
        and any(SCREEN_BASE.search(ast.unparse(base)) for base in node.bases)
        for node in tree.body
    )


def runtime_imports(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every import that runs, the names of a ``from`` import included
    as modules (``from game.ui.scenes.replay import race``)."""
    found: list[tuple[int, str]] = []

    class Reader(ast.NodeVisitor):
        def visit_If(self, node: ast.If) -> None:
            if "TYPE_CHECKING" in ast.unparse(node.test):
                for child in node.orelse:
                    self.visit(child)
                return
            self.generic_visit(node)

        def visit_ImportFrom(self, node: ast.ImportFrom) -> None:
            if node.module:
                found.append((node.lineno, node.module))
                found.extend((node.lineno, f"{node.module}.{a.name}") for a in node.names)

        def visit_Import(self, node: ast.Import) -> None:
            found.extend((node.lineno, alias.name) for alias in node.names)

    Reader().visit(tree)
    return found


def screen_imports(root: Path, scenes: Path) -> list[str]:
    trees = {
        module_name(path, root): ast.parse(path.read_text(encoding="utf-8"))
        for path in scenes.rglob("*.py")
    }
    screens = {name for name, tree in trees.items() if defines_a_screen(tree)}
    wrong = []
    for name, tree in sorted(trees.items()):
        if name.endswith("shots"):
            continue
        for line, target in runtime_imports(tree):
            if target in screens and target != name and not target.endswith(".shell"):
                wrong.append(f"{name}:{line} imports {target}")
    return sorted(set(wrong))


def test_no_screen_imports_another_screen() -> None:
    assert screen_imports(ROOT, SCENES) == []


def test_the_rule_can_fail(tmp_path: Path) -> None:
    scenes = tmp_path / "game" / "ui" / "scenes"
    (scenes / "a").mkdir(parents=True)
    (scenes / "a" / "one.py").write_text("class One(Scene):\n    pass\n")
    (scenes / "a" / "two.py").write_text(
        "class Two(Scene):\n    def go(self):\n        from game.ui.scenes.a.one import One\n"
    )
    (scenes / "a" / "three.py").write_text(
        "if TYPE_CHECKING:\n"
        "    from game.ui.scenes.a.one import One\n"
        "class Three(Scene):\n"
        "    pass\n"
    )
    found = screen_imports(tmp_path, scenes)
    assert found == ["game.ui.scenes.a.two:3 imports game.ui.scenes.a.one"]


# The folders of each kind's own screens (issue 45); what kinds share lives in scenes/shared.
KIND_FOLDERS = {"nonogram": ("play", "replay", "levels", "converter"), "kakuro": ("kakuro",)}


def every_import(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, module) of every import, type-only ones included, the names of a ``from``
    import included as modules."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            found.append((node.lineno, node.module))
            found.extend((node.lineno, f"{node.module}.{alias.name}") for alias in node.names)
        elif isinstance(node, ast.Import):
            found.extend((node.lineno, alias.name) for alias in node.names)
    return found


def cross_kind_imports(root: Path, scenes: Path) -> list[str]:
    """Imports from a kind's screens into another kind's folders."""
    wrong = []
    for kind, folders in KIND_FOLDERS.items():
        others = [
            f"game.ui.scenes.{folder}"
            for other, theirs in KIND_FOLDERS.items()
            if other != kind
            for folder in theirs
        ]
        for folder in folders:
            for path in sorted((scenes / folder).rglob("*.py")):
                tree = ast.parse(path.read_text(encoding="utf-8"))
                for line, target in every_import(tree):
                    if any(target == other or target.startswith(other + ".") for other in others):
                        wrong.append(f"{module_name(path, root)}:{line} imports {target}")
    return sorted(set(wrong))


def test_no_kind_imports_another_kinds_screens() -> None:
    assert cross_kind_imports(ROOT, SCENES) == []


def test_the_kind_rule_can_fail(tmp_path: Path) -> None:
    scenes = tmp_path / "game" / "ui" / "scenes"
    for folder in ("play", "replay", "levels", "converter", "kakuro"):
        (scenes / folder).mkdir(parents=True)
    (scenes / "kakuro" / "board.py").write_text(
        "if TYPE_CHECKING:\n    from game.ui.scenes.play.scene import PlayScene\n"
    )
    assert cross_kind_imports(tmp_path, scenes) == [
        "game.ui.scenes.kakuro.board:2 imports game.ui.scenes.play.scene",
        "game.ui.scenes.kakuro.board:2 imports game.ui.scenes.play.scene.PlayScene",
    ]
