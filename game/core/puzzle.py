"""The puzzle: its size, its clues, who made it, and optionally the picture it hides."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain

import numpy as np
import numpy.typing as npt

from game.core.lines import Clue, clue_length, clue_text, runs_of

# 0x0 exists in the wild (exported empty drafts); the UI refuses to play a puzzle with no
# cells, but the model and the tools read it. 512 holds the largest public puzzles.
MIN_DIMENSION = 0
MAX_DIMENSION = 512

Grid = tuple[tuple[bool, ...], ...]


class PuzzleError(ValueError):
    """A puzzle whose numbers cannot describe a picture; the message is for players."""


def _normalise_clues(clues: Sequence[Sequence[int]], what: str) -> tuple[Clue, ...]:
    # Fast path for what every reader builds, tuples of plain ints, at C speed: a 512x512
    # checkerboard has 262,144 runs. Anything else takes the loop that names the problem.
    if all(type(clue) is tuple for clue in clues):
        flat = list(chain.from_iterable(clues))
        if set(map(type, flat)) <= {int} and min(flat, default=0) >= 0:
            return tuple(tuple(filter(None, clue)) for clue in clues)
    normalised: list[Clue] = []
    for index, clue in enumerate(clues, start=1):
        runs: list[int] = []
        for run in clue:
            if isinstance(run, bool) or not isinstance(run, int | np.integer):
                raise PuzzleError(f"{what} {index}: {run!r} is not a whole number")
            if run < 0:
                raise PuzzleError(f"{what} {index}: a clue cannot be negative ({run})")
            if run > 0:
                runs.append(int(run))
        normalised.append(tuple(runs))
    return tuple(normalised)


@dataclass(frozen=True)
class Puzzle:
    """A black-and-white nonogram, validated on construction.

    ``row_clues[y]`` reads left to right, ``column_clues[x]`` top to bottom. Zeros in a
    clue are dropped, so an empty line is ``()``. ``goal``, when given, is one solution
    (row-major booleans); it must satisfy the clues.
    """

    width: int
    height: int
    row_clues: tuple[Clue, ...]
    column_clues: tuple[Clue, ...]
    title: str = ""
    author: str = ""
    copyright: str = ""
    license: str = ""
    goal: Grid | None = None
    # Keys of the source file the model does not use, kept so a round trip loses nothing.
    extra: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise PuzzleError(f"{name} must be a whole number, not {value!r}")
            if not MIN_DIMENSION <= value <= MAX_DIMENSION:
                raise PuzzleError(
                    f"{name} must be between {MIN_DIMENSION} and {MAX_DIMENSION}, not {value}"
                )
        rows = _normalise_clues(self.row_clues, "row")
        columns = _normalise_clues(self.column_clues, "column")
        object.__setattr__(self, "row_clues", rows)
        object.__setattr__(self, "column_clues", columns)
        if len(rows) != self.height:
            raise PuzzleError(
                f"the puzzle is {self.height} rows high but has {len(rows)} row clues"
            )
        if len(columns) != self.width:
            raise PuzzleError(
                f"the puzzle is {self.width} columns wide but has {len(columns)} column clues"
            )
        for what, clues, length in (("row", rows, self.width), ("column", columns, self.height)):
            for index, clue in enumerate(clues, start=1):
                needed = clue_length(clue)
                if needed > length:
                    raise PuzzleError(
                        f"{what} {index}: clue {clue_text(clue)} needs {needed} "
                        f"cell{'s' if needed != 1 else ''}, "
                        f"the {what} has {length}"
                    )
        row_total = sum(sum(clue) for clue in rows)
        column_total = sum(sum(clue) for clue in columns)
        if row_total != column_total:
            raise PuzzleError(
                f"row clues fill {row_total} cells but column clues fill {column_total}"
            )
        if self.goal is not None:
            object.__setattr__(self, "goal", self._checked_goal(self.goal))

    def _checked_goal(self, goal: Sequence[Sequence[object]]) -> Grid:
        grid = tuple(tuple(map(bool, row)) for row in goal)
        if len(grid) != self.height or any(len(row) != self.width for row in grid):
            raise PuzzleError(f"the goal picture is not {self.width}x{self.height}")
        for y, row in enumerate(grid):
            if runs_of(row) != self.row_clues[y]:
                raise PuzzleError(f"the goal picture does not match the clue of row {y + 1}")
        for x in range(self.width):
            if runs_of(row[x] for row in grid) != self.column_clues[x]:
                raise PuzzleError(f"the goal picture does not match the clue of column {x + 1}")
        return grid

    @classmethod
    def from_grid(
        cls,
        grid: Sequence[Sequence[object]] | npt.NDArray[np.bool_],
        *,
        title: str = "",
        author: str = "",
        copyright: str = "",
        license: str = "",
        keep_goal: bool = True,
    ) -> Puzzle:
        """The puzzle whose solution is ``grid`` (rows of truthy filled cells)."""
        cells = tuple(tuple(bool(cell) for cell in row) for row in grid)
        height = len(cells)
        width = len(cells[0]) if cells else 0
        if any(len(row) != width for row in cells):
            raise PuzzleError("the picture's rows are not all the same length")
        return cls(
            width=width,
            height=height,
            row_clues=tuple(runs_of(row) for row in cells),
            column_clues=tuple(runs_of(row[x] for row in cells) for x in range(width)),
            title=title,
            author=author,
            copyright=copyright,
            license=license,
            goal=cells if keep_goal else None,
        )

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def filled_total(self) -> int:
        """How many cells a solution fills."""
        return sum(sum(clue) for clue in self.row_clues)

    def goal_array(self) -> npt.NDArray[np.bool_] | None:
        """The goal as a ``(height, width)`` boolean array, or None."""
        if self.goal is None:
            return None
        return np.array(self.goal, dtype=bool).reshape(self.height, self.width)

    def fingerprint(self) -> str:
        """A stable key for progress records: the size and the clues, nothing else."""
        # Screens ask for it every frame (level select, per card): worked out once per puzzle,
        # kept beside the frozen fields (not a field, so equality and hashing ignore it).
        cached: str | None = self.__dict__.get("_fingerprint")
        if cached is not None:
            return cached
        text = "{}x{}|{}|{}".format(
            self.width,
            self.height,
            "/".join(".".join(map(str, clue)) for clue in self.row_clues),
            "/".join(".".join(map(str, clue)) for clue in self.column_clues),
        )
        cached = hashlib.sha1(text.encode("ascii")).hexdigest()[:16]
        self.__dict__["_fingerprint"] = cached
        return cached

    def is_solution(self, grid: Sequence[Sequence[object]] | npt.NDArray[np.bool_]) -> bool:
        """Whether the filled cells of ``grid`` satisfy every row and column clue."""
        rows = [list(row) for row in grid]
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            return False
        if any(runs_of(row) != clue for row, clue in zip(rows, self.row_clues, strict=True)):
            return False
        return all(
            runs_of(row[x] for row in rows) == self.column_clues[x] for x in range(self.width)
        )
