"""Screenshots of the clue editor for ``python -m game screenshot`` (see game/commands).

``clue_editor_typing`` is a puzzle being copied from a book: the rows typed, the columns half
done, one column with a typo flagged as it is typed. ``clue_editor_ambiguous`` is a cat whose
clues have more than one solution, solved, with the cells that can go either way hatched.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.core.puzzle import Puzzle
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.shots import CAT_WITH_A_BIRD

if TYPE_CHECKING:
    from game.ui.app import App


def cat_puzzle() -> Puzzle:
    """The cat with a little bird of two diagonal dots: two solutions."""
    rows = CAT_WITH_A_BIRD.split()
    grid = np.array([[mark == "#" for mark in row] for row in rows], dtype=bool)
    return Puzzle.from_grid(grid, title="Cat and bird")


def type_sheet(scene: ClueEditorScene, puzzle: Puzzle, columns: int | None = None) -> None:
    """Type ``puzzle``'s row clues and its first ``columns`` column clues (all when None)."""
    for y, clue in enumerate(puzzle.row_clues):
        scene.sheet.set_text("row", y, " ".join(map(str, clue)) or "0")
    for x, clue in enumerate(puzzle.column_clues[:columns]):
        scene.sheet.set_text("column", x, " ".join(map(str, clue)) or "0")


def _settle(app: App, scene: ClueEditorScene, frames: int = 2000) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        if not scene.checking:
            break
    app.step(1 / 60)


def _shot_typing(app: App) -> None:
    puzzle = cat_puzzle()
    scene = ClueEditorScene(app, puzzle.width, puzzle.height)
    app.push(scene)
    type_sheet(scene, puzzle, columns=9)
    scene.sheet.set_text("column", 6, "9 3 4")  # a typo: 3 runs of 18 cells in 15
    scene.title_input.text = "Cat and bird"
    scene.go_to(scene.sheet.position_of("column", 9))
    scene._clues_changed()
    app.step(1 / 60)
    scene.clue_input.text = "5 3"
    scene.clue_input.cursor = 3
    scene._typed("5 3")
    app.step(1 / 60)


def _shot_ambiguous(app: App) -> None:
    puzzle = cat_puzzle()
    scene = ClueEditorScene(app, puzzle.width, puzzle.height)
    app.push(scene)
    type_sheet(scene, puzzle)
    scene.title_input.text = "Cat and bird"
    scene.go_to(scene.sheet.position_of("column", puzzle.width - 1))
    scene._clues_changed()
    _settle(app, scene)


SCREENSHOTS = {"clue_editor_typing": _shot_typing, "clue_editor_ambiguous": _shot_ambiguous}
