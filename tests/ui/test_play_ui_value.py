"""The play screen's input and chrome read its UI value and its game, not its fields
(issue 45): what the player has pointed at, chosen and is painting lives in one value,
``PlayUI``, that the scene replaces; the input asks the scene by name for what its parts do,
and the chrome draws what the scene hands it (``PlayView``).

Read with ``ast``: a *field* is a data attribute of ``PlayScene`` (or of the shell and the
scene base it extends), one assigned as ``self.name = ...`` or declared at class level, not
a method or a property; a use is ``scene.name``, ``self.scene.name`` or ``self.shell.name``
in the module."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
UI = ROOT / "game" / "ui"
SCENE_CLASSES = {
    UI / "scenes" / "play" / "scene.py": "PlayScene",
    UI / "scenes" / "shared" / "play" / "shell.py": "PlayShell",
    UI / "scene.py": "Scene",
}
# The input reads the UI value and the game; ``app`` is the window (where the pointer is).
INPUT_READS = {"app", "session", "ui"}
# The chrome reads the same three: the widgets it draws, the header's facts and the win come
# in the ``PlayView`` the scene hands it each frame (17 names read through the scene before,
# 3 after).
CHROME_READS = INPUT_READS
UI_STATE = {"ui", "flash", "flash_age", "hint_line", "show_errors", "trial_mode", "cursor"}


def scene_fields() -> set[str]:
    data: set[str] = set()
    named: set[str] = set()
    for path, name in SCENE_CLASSES.items():
        for cls in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(cls, ast.ClassDef) and cls.name == name):
                continue
            for node in cls.body:
                if isinstance(node, ast.FunctionDef):
                    named.add(node.name)  # methods and properties
                elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                    data.add(node.target.id)
            for node in ast.walk(cls):
                if (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.ctx, ast.Store)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "self"
                ):
                    data.add(node.attr)
    return data - named


def _through_scene(node: ast.expr) -> bool:
    if isinstance(node, ast.Name):
        return node.id == "scene"
    return (
        isinstance(node, ast.Attribute)
        and node.attr in ("scene", "shell")
        and isinstance(node.value, ast.Name)
        and node.value.id == "self"
    )


def uses(module: Path, fields: set[str]) -> tuple[set[str], set[str]]:
    """The scene's fields ``module`` reads and writes through the scene."""
    reads: set[str] = set()
    writes: set[str] = set()
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Attribute) and _through_scene(node.value) and node.attr in fields:
            (writes if isinstance(node.ctx, ast.Store) else reads).add(node.attr)
    return reads, writes


def test_the_scene_keeps_its_ui_state_in_the_value() -> None:
    fields = scene_fields()
    assert "ui" in fields and "session" in fields  # the count sees the scene's fields
    assert not fields & (UI_STATE - {"ui"}), "UI state is PlayUI's, not a field of the scene"


def test_play_input_reads_the_value_and_the_game_only() -> None:
    reads, writes = uses(UI / "scenes" / "play" / "input.py", scene_fields())
    assert not writes
    assert reads <= INPUT_READS, sorted(reads - INPUT_READS)


def test_play_chrome_reads_the_value_the_view_and_the_game_only() -> None:
    reads, writes = uses(UI / "scenes" / "play" / "chrome.py", scene_fields())
    assert not writes
    assert reads <= CHROME_READS, sorted(reads - CHROME_READS)
