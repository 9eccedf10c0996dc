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


def colour_cat_texts() -> tuple[list[str], list[str]]:
    """The cat and bird in colour (a blue bird, a black cat with a red chin) as the row and
    column clues a player types: "3k 2r"."""
    from game.core.create.clue_editor import INK_LETTERS
    from game.core.palette import colour_runs_of

    rows = CAT_WITH_A_BIRD.split()
    ink = {0: 3, 1: 3}  # rows 0-1 blue (b is the third ink), 11+ red (the second)
    codes = [[(ink.get(y, 2 if y >= 11 else 1)) if mark == "#" else 0 for mark in row]
             for y, row in enumerate(rows)]  # fmt: skip

    def text(line: list[int]) -> str:
        runs = colour_runs_of(line)
        return " ".join(f"{n}{INK_LETTERS[c - 1]}" if c != 1 else str(n) for n, c in runs) or "0"

    width = len(codes[0])
    return [text(row) for row in codes], [text([row[x] for row in codes]) for x in range(width)]


def _colour_scene(app: App) -> ClueEditorScene:
    rows, columns = colour_cat_texts()
    scene = ClueEditorScene(app, len(columns), len(rows))
    app.push(scene)
    scene.toggle_colour()
    for y, text in enumerate(rows):
        scene.sheet.set_text("row", y, text)
    for x, text in enumerate(columns):
        scene.sheet.set_text("column", x, text)
    scene.title_input.text = "Cat and bird in colour"
    return scene


def _shot_colour_typing(app: App) -> None:
    """Colour clues being typed: a column half done, one typo flagged (an unknown letter)."""
    scene = _colour_scene(app)
    scene.sheet.set_text("column", 4, "2k 3x")
    for x in range(10, 15):
        scene.sheet.set_text("column", x, "")
    scene.go_to(scene.sheet.position_of("column", 10))
    scene._clues_changed()
    scene.clue_input.text = "1 4"
    scene.clue_input.cursor = 3
    scene._typed("1 4")
    scene.colour_last_number("r")  # a click on the red swatch: "1 4r"
    app.step(1 / 60)


def _shot_colour_solved(app: App) -> None:
    """Every colour clue typed, solved, the picture shown: the bird's two cells hatched."""
    scene = _colour_scene(app)
    scene.go_to(scene.sheet.position_of("column", 14))
    scene._clues_changed()
    _settle(app, scene)
    scene.toggle_picture()
    app.step(1 / 60)


SCREENSHOTS = {
    "clue_editor_typing": _shot_typing,
    "clue_editor_ambiguous": _shot_ambiguous,
    "clue_editor_colour": _shot_colour_typing,
    "clue_editor_colour_solved": _shot_colour_solved,
}
