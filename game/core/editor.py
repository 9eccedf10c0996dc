"""The converter's document: what the converter screen edits, with no pixels and no events.

A document is in one of three modes:

- ``empty``: nothing opened yet;
- ``image``: a loaded picture (a :class:`~game.core.convert.Converter`) re-gridded under the
  current :class:`~game.core.convert.ConvertOptions`, with the author's touch-ups kept apart
  as ``edits`` so they survive a change of method or threshold;
- ``canvas``: a drawing (a blank canvas or a level file's picture) where strokes change the
  ``base`` grid itself.

``grid`` is always ``base`` with the edits laid over it: the goal of the puzzle to save.
Every stroke and every applied fix is one undo step; a new size starts a new history (the
old steps belonged to cells of another grid). Saving writes a ``.non`` file and never
overwrites a file it did not write itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.convert import (
    DEFAULT_METHOD,
    MAX_SIZE,
    MIN_SIZE,
    Converter,
    ConvertOptions,
    puzzle_from_grid,
)
from game.core.fairness import Fix
from game.core.formats import read_puzzle, write_puzzle
from game.core.puzzle import Puzzle
from game.core.solver.steps import CellPosition
from game.core.solver.task import SolveTask

BoolGrid = npt.NDArray[np.bool_]
Mode = Literal["empty", "image", "canvas"]

DEFAULT_CANVAS = 15
# Engine seconds to find the picture of a level file that has no goal.
LEVEL_SOLVE_LIMIT = 4.0
# Enough to walk back through a long touch-up session; each step holds one small grid.
UNDO_LIMIT = 50


def file_stem_for(title: str) -> str:
    """A file name from a title: lower case letters, digits and dashes."""
    stem = re.sub(r"[^a-z0-9]+", "-", title.lower()).strip("-")
    return stem[:48] or "my-puzzle"


def free_path(folder: Path, stem: str, suffix: str = ".non") -> Path:
    """``folder/stem.non``, or ``stem-2.non``, ``stem-3.non``… if taken: never overwrite."""
    candidate = folder / f"{stem}{suffix}"
    number = 2
    while candidate.exists():
        candidate = folder / f"{stem}-{number}{suffix}"
        number += 1
    return candidate


class LevelOpening:
    """A level file opened to edit its picture: the goal it stores, or else a solution.

    Reading happens at once (ValueError or OSError when the file cannot be read, ValueError
    when its size is outside what the editor takes). A file without a goal gets a
    :class:`SolveTask` for one solution that :meth:`advance` works on a slice at a time;
    :attr:`picture` is then the solution, or None with :attr:`problem` saying why.
    """

    def __init__(self, path: Path, time_limit: float = LEVEL_SOLVE_LIMIT) -> None:
        self.path = path
        self.puzzle = read_puzzle(path)
        width, height = self.puzzle.width, self.puzzle.height
        if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
            raise ValueError(
                f"the puzzle is {self.puzzle.size_text}; the editor takes {MIN_SIZE} to "
                f"{MAX_SIZE} cells a side"
            )
        self.picture: BoolGrid | None = self.puzzle.goal_array()
        self.problem = ""
        self.task: SolveTask | None = None
        if self.picture is None:
            self.task = SolveTask(self.puzzle, max_solutions=1, time_limit=time_limit)

    @property
    def done(self) -> bool:
        return self.task is None

    def advance(self, seconds: float) -> bool:
        """Look for a picture for about ``seconds``; True once there is an answer."""
        if self.task is None:
            return True
        result = self.task.advance(seconds)
        if result is None:
            return False
        self.task = None
        if result.solutions:
            self.picture = np.asarray(result.solutions[0], dtype=bool)
        elif result.status == "none":
            self.problem = "the file has no picture and its clues admit none"
        else:
            self.problem = "the file has no picture and the solver found none in time"
        return True

    def cancel(self) -> None:
        if self.task is not None:
            self.task.cancel()
            self.task = None
            self.problem = "cancelled"


@dataclass(frozen=True)
class _Snapshot:
    """One undo step: the drawing and the touch-ups as they were."""

    base: BoolGrid = field(compare=False)
    edits: dict[CellPosition, bool] = field(compare=False)


class ConverterDocument:
    """The source options, the grid, the touch-ups and their history, and the saved file."""

    def __init__(self, size: int = DEFAULT_CANVAS) -> None:
        self.mode: Mode = "empty"
        self.converter: Converter | None = None
        self.options = ConvertOptions(width=size, height=size, method=DEFAULT_METHOD)
        self.base: BoolGrid = np.zeros((size, size), dtype=bool)
        self.edits: dict[CellPosition, bool] = {}
        self.grid: BoolGrid = self.base.copy()
        self.saved_path: Path | None = None
        # The file the picture came from ("" for a blank canvas), for unsaved-work questions.
        self.source_name = ""
        # Changed since it was opened or saved (an empty document never is).
        self.dirty = False
        self._undo: list[_Snapshot] = []
        self._redo: list[_Snapshot] = []

    # -- sources ----------------------------------------------------------------------------

    def open_picture(self, converter: Converter) -> None:
        """Convert a loaded picture under the current options; touch-ups start afresh."""
        self.converter = converter
        self.source_name = converter.source.name
        self.mode = "image"
        self.edits = {}
        self._forget_history()
        self.saved_path = None
        self._regrid()

    def start_canvas(self, picture: BoolGrid, source_name: str = "") -> None:
        """Draw on ``picture``: a blank canvas, or the picture of the level file named."""
        self.mode = "canvas"
        self.source_name = source_name
        self.converter = None
        self.edits = {}
        self._forget_history()
        self.saved_path = None
        height, width = picture.shape
        # Size alone follows the picture: the other options wait for the next picture.
        self.options = ConvertOptions(
            width=int(width),
            height=int(height),
            fit=self.options.fit,
            method=self.options.method,
            threshold=self.options.threshold,
            invert=self.options.invert,
            crop=self.options.crop,
        )
        self.base = np.array(picture, dtype=bool, copy=True)
        self._regrid()

    def new_canvas(self) -> None:
        """A blank canvas of the current size."""
        self.start_canvas(np.zeros((self.resolved_height, self.options.width), dtype=bool))
        self.dirty = False

    @property
    def resolved_height(self) -> int:
        """The grid's height: the picture's aspect decides it when ``keep_aspect`` is on."""
        if self.converter is not None and self.mode == "image":
            return self.converter.resolved(self.options).height
        return self.options.height

    def set_options(self, options: ConvertOptions) -> None:
        """New settings: re-grid the picture; a drawing keeps what still fits a new size."""
        old_size = (self.options.width, self.resolved_height)
        self.options = options
        new_size = (options.width, self.resolved_height)
        if new_size != old_size:
            self._forget_history()
            if self.mode == "image":
                self.edits = {}  # they belonged to cells of the old grid
            else:
                width, height = new_size
                canvas = np.zeros((height, width), dtype=bool)
                keep_h, keep_w = min(height, self.base.shape[0]), min(width, self.base.shape[1])
                canvas[:keep_h, :keep_w] = self.base[:keep_h, :keep_w]
                self.base = canvas
        self._regrid()

    def _regrid(self) -> None:
        if self.mode == "image" and self.converter is not None:
            self.base = self.converter.grid(self.options)
        grid = self.base.copy()
        height, width = grid.shape
        for (x, y), value in self.edits.items():
            if x < width and y < height:
                grid[y, x] = value
        self.grid = grid
        if self.mode != "empty":
            self.dirty = True

    # -- touch-ups --------------------------------------------------------------------------

    @property
    def touched(self) -> int:
        """How many cells of a converted picture the author changed by hand."""
        return len(self.edits) if self.mode == "image" else 0

    def begin_stroke(self) -> None:
        """Start one undo step (a drag, or a fix); a stroke on an empty document draws."""
        if self.mode == "empty":
            self.start_canvas(np.zeros(self.grid.shape, dtype=bool))
        self._undo.append(_Snapshot(self.base.copy(), dict(self.edits)))
        del self._undo[:-UNDO_LIMIT]
        self._redo.clear()

    def paint(self, cells: list[CellPosition], value: bool) -> None:
        """Set ``cells`` ((x, y) pairs) to ``value`` within the current stroke."""
        for x, y in cells:
            if self.mode == "image":
                self.edits[(x, y)] = value
            else:
                self.base[y, x] = value
            self.grid[y, x] = value
        if cells:
            self.dirty = True

    def apply_fix(self, fix: Fix) -> None:
        """A suggested fix, as one undo step."""
        self.begin_stroke()
        self.paint([(fix.x, fix.y)], fix.filled)

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Take back the last stroke or fix; False when there is none."""
        return self._step(self._undo, self._redo)

    def redo(self) -> bool:
        """Put back the last step undone; False when there is none."""
        return self._step(self._redo, self._undo)

    def _step(self, source: list[_Snapshot], target: list[_Snapshot]) -> bool:
        if not source:
            return False
        target.append(_Snapshot(self.base.copy(), dict(self.edits)))
        snapshot = source.pop()
        self.base, self.edits = snapshot.base.copy(), dict(snapshot.edits)
        self._regrid()
        return True

    def _forget_history(self) -> None:
        self._undo.clear()
        self._redo.clear()

    # -- the result -------------------------------------------------------------------------

    def puzzle(self, title: str = "", author: str = "") -> Puzzle:
        """The puzzle as it would be saved: the grid as its goal, the title and the author."""
        return puzzle_from_grid(self.grid, title=title.strip() or "Untitled", author=author.strip())

    def unsaved_work(self) -> str | None:
        """What would be lost by closing now, in a sentence; None when nothing would."""
        if not self.dirty or self.mode == "empty":
            return None
        if self.saved_path is not None:
            return f"The changes to {self.saved_path.name} are not saved."
        if self.mode == "image" and self.source_name:
            return f"The puzzle made from {self.source_name} is not saved."
        if self.source_name:
            return f"The changes to {self.source_name} are not saved."
        return "The puzzle you are drawing is not saved."

    def save(self, folder: Path, title: str = "", author: str = "") -> Path:
        """Write the puzzle into ``folder``: the file saved before, else a new free name.

        OSError or ValueError (from the writer) when it cannot be written; nothing changes then.
        """
        puzzle = self.puzzle(title, author)
        folder.mkdir(parents=True, exist_ok=True)
        path = self.saved_path or free_path(folder, file_stem_for(puzzle.title))
        write_puzzle(puzzle, path)
        self.saved_path = path
        self.dirty = False
        return path
