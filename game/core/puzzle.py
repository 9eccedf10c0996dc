"""The puzzle: its size, its clues, who made it, and optionally the picture it hides."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import MISSING, dataclass, field, fields
from itertools import chain
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

from game.core.i18n import _
from game.core.lines import Clue, clue_length, clue_text, runs_of
from game.core.palette import (
    DEFAULT_PALETTE,
    ColourClue,
    Palette,
    colour_clue_length,
    colour_runs_of,
)

# 0x0 exists in the wild (exported empty drafts); the UI refuses to play a puzzle with no
# cells, but the model and the tools read it. 512 holds the largest public puzzles.
MIN_DIMENSION = 0
MAX_DIMENSION = 512

Grid = tuple[tuple[bool, ...], ...]
# Per-run colour numbers (1..), parallel to the clues; and a colour goal (0 = background).
ClueColours = tuple[tuple[int, ...], ...]
ColourGrid = tuple[tuple[int, ...], ...]
_Cell = TypeVar("_Cell", bool, int)


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


def _rectangular(
    grid: Iterable[Iterable[object]], cell: Callable[[Any], _Cell]
) -> tuple[tuple[_Cell, ...], ...]:
    """``grid``'s rows as tuples of ``cell(value)``; a ragged picture is refused."""
    if isinstance(grid, np.ndarray) and grid.ndim == 2 and grid.dtype.kind in "bui":
        # A numpy picture of booleans or whole numbers: the same values, converted at C
        # speed rather than one numpy scalar at a time (Make it fair's candidates).
        kind = bool if cell is bool else int
        return tuple(map(tuple, grid.astype(kind).tolist()))
    cells = tuple(tuple(cell(value) for value in row) for row in grid)
    if any(len(row) != len(cells[0]) for row in cells):
        raise PuzzleError("the picture's rows are not all the same length")
    return cells


@dataclass(frozen=True)
class Puzzle:
    """A nonogram, black-and-white or in colour, validated on construction.

    ``row_clues[y]`` reads left to right, ``column_clues[x]`` top to bottom. Zeros in a
    clue are dropped, so an empty line is ``()``. ``goal``, when given, is one solution
    (row-major booleans); it must satisfy the clues.

    Colour is the general case: ``palette`` (None is :data:`DEFAULT_PALETTE`, black on
    white) and, parallel to the clues, ``row_colours`` / ``column_colours`` giving each
    run's colour number (None: every run colour 1). A colour puzzle's ``goal_colours`` holds
    the colour of each goal cell (0 the background); ``goal`` is then its filled mask.
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
    palette: Palette | None = None
    row_colours: ClueColours | None = None
    column_colours: ClueColours | None = None
    goal_colours: ColourGrid | None = None

    def __post_init__(self) -> None:
        if (
            self.palette is not None
            or self.row_colours is not None
            or self.column_colours is not None
            or self.goal_colours is not None
        ):
            self._check_colours()
            return
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

    def _check_colours(self) -> None:
        """The colour path of :meth:`__post_init__`: the same checks, per colour."""
        palette = self.palette if self.palette is not None else DEFAULT_PALETTE
        if not isinstance(palette, Palette):
            raise PuzzleError(f"the palette must be a Palette, not {type(palette).__name__}")
        object.__setattr__(self, "palette", palette)
        for name, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise PuzzleError(f"{name} must be a whole number, not {value!r}")
            if not MIN_DIMENSION <= value <= MAX_DIMENSION:
                raise PuzzleError(
                    f"{name} must be between {MIN_DIMENSION} and {MAX_DIMENSION}, not {value}"
                )
        lines = {}
        limit = palette.count
        for what, clues, colours, count, length in (
            ("row", self.row_clues, self.row_colours, self.height, self.width),
            ("column", self.column_clues, self.column_colours, self.width, self.height),
        ):
            if len(clues) != count:
                size = "rows high" if what == "row" else "columns wide"
                raise PuzzleError(f"the puzzle is {count} {size} but has {len(clues)} {what} clues")
            if colours is not None and len(colours) != len(clues):
                raise PuzzleError(
                    f"there are {len(clues)} {what} clues but {len(colours)} colour lists"
                )
            runs_all: list[tuple[int, ...]] = []
            colours_all: list[tuple[int, ...]] = []
            for index, clue in enumerate(clues, start=1):
                runs = _normalise_clues([tuple(clue)], what)[0] if clue else ()
                given = tuple(colours[index - 1]) if colours is not None else None
                if given is None:
                    shades = (1,) * len(runs)
                else:
                    if len(given) != len(tuple(clue)):
                        raise PuzzleError(
                            f"{what} {index}: {len(tuple(clue))} runs but {len(given)} colours"
                        )
                    shades = tuple(c for r, c in zip(clue, given, strict=True) if int(r) > 0)
                plain = set(map(type, shades)) <= {int}
                if not (plain and min(shades, default=1) >= 1 and max(shades, default=1) <= limit):
                    for shade in shades:
                        if isinstance(shade, bool) or not isinstance(shade, int | np.integer):
                            raise PuzzleError(f"{what} {index}: colour {shade!r} is not a number")
                        if not 1 <= shade <= limit:
                            raise PuzzleError(
                                f"{what} {index}: unknown colour {shade} (the palette has {limit})"
                            )
                    shades = tuple(int(c) for c in shades)
                needed = colour_clue_length(runs, shades)
                if needed > length:
                    raise PuzzleError(
                        f"{what} {index}: clue {clue_text(runs)} needs {needed} "
                        f"cell{'s' if needed != 1 else ''}, the {what} has {length}"
                    )
                runs_all.append(runs)
                colours_all.append(shades)
            lines[what] = (tuple(runs_all), tuple(colours_all))
        object.__setattr__(self, "row_clues", lines["row"][0])
        object.__setattr__(self, "row_colours", lines["row"][1])
        object.__setattr__(self, "column_clues", lines["column"][0])
        object.__setattr__(self, "column_colours", lines["column"][1])
        # Each colour's cells, by rows and by columns, in one pass over the runs.
        filled: dict[str, list[int]] = {}
        for what in ("row", "column"):
            filled[what] = by_colour = [0] * (palette.count + 1)
            for clue, shades in zip(*lines[what], strict=True):
                for run, shade in zip(clue, shades, strict=True):
                    by_colour[shade] += run
        for colour in range(1, palette.count + 1):
            totals = (filled["row"][colour], filled["column"][colour])
            if totals[0] != totals[1]:
                raise PuzzleError(
                    f"row clues fill {totals[0]} cells of {palette.colour(colour).name} but "
                    f"column clues fill {totals[1]}"
                )
        goal = self.goal_colours
        if goal is None and self.goal is not None:
            if palette.count > 1:
                raise PuzzleError("a colour puzzle's goal must give each cell's colour")
            goal = tuple(tuple(int(bool(cell)) for cell in row) for row in self.goal)
        if goal is not None:
            checked = self._checked_colour_goal(goal)
            object.__setattr__(self, "goal_colours", checked)
            object.__setattr__(
                self, "goal", tuple(tuple(cell != 0 for cell in row) for row in checked)
            )

    def _checked_colour_goal(self, goal: Sequence[Sequence[object]]) -> ColourGrid:
        try:
            grid = tuple(tuple(int(cell) for cell in row) for row in goal)  # type: ignore[call-overload]
        except (TypeError, ValueError) as error:
            raise PuzzleError("the goal picture must hold colour numbers") from error
        if len(grid) != self.height or any(len(row) != self.width for row in grid):
            raise PuzzleError(f"the goal picture is not {self.width}x{self.height}")
        count = self.colour_count
        if any(not 0 <= cell <= count for row in grid for cell in row):
            raise PuzzleError(f"the goal picture holds a colour beyond the palette's {count}")
        for y, row in enumerate(grid):
            if colour_runs_of(row) != self.row_runs(y):
                raise PuzzleError(
                    _("the goal picture does not match the clue of row {n}").format(n=y + 1)
                )
        for x in range(self.width):
            if colour_runs_of(row[x] for row in grid) != self.column_runs(x):
                raise PuzzleError(
                    _("the goal picture does not match the clue of column {n}").format(n=x + 1)
                )
        return grid

    @property
    def colour_count(self) -> int:
        """How many block colours: 1 for black and white."""
        return 1 if self.palette is None else self.palette.count

    @property
    def is_colour(self) -> bool:
        """Whether the puzzle has more than one block colour (colour solvers needed)."""
        return self.colour_count > 1

    @property
    def colour_palette(self) -> Palette | None:
        """The palette a screen draws a colour puzzle's cells from; None in black and white,
        which draws its own filled and crossed cells."""
        return self.palette if self.is_colour else None

    @property
    def colours(self) -> Palette:
        """The palette, :data:`DEFAULT_PALETTE` for a plain black-and-white puzzle."""
        return DEFAULT_PALETTE if self.palette is None else self.palette

    def row_runs(self, y: int) -> ColourClue:
        """Row ``y``'s clue as ``(length, colour)`` runs."""
        shades = self.row_colours[y] if self.row_colours is not None else None
        clue = self.row_clues[y]
        return tuple(zip(clue, shades if shades is not None else (1,) * len(clue), strict=True))

    def column_runs(self, x: int) -> ColourClue:
        """Column ``x``'s clue as ``(length, colour)`` runs."""
        shades = self.column_colours[x] if self.column_colours is not None else None
        clue = self.column_clues[x]
        return tuple(zip(clue, shades if shades is not None else (1,) * len(clue), strict=True))

    def line_runs(self) -> list[ColourClue]:
        """Every line's runs: rows first, then columns (the solvers' line order)."""
        return [self.row_runs(y) for y in range(self.height)] + [
            self.column_runs(x) for x in range(self.width)
        ]

    @classmethod
    def from_colour_grid(
        cls,
        grid: Sequence[Sequence[int]] | npt.NDArray[np.integer],
        palette: Palette,
        *,
        title: str = "",
        author: str = "",
        copyright: str = "",
        license: str = "",
        keep_goal: bool = True,
    ) -> Puzzle:
        """The colour puzzle whose solution is ``grid`` (colour numbers, 0 the background)."""
        cells = _rectangular(grid, int)
        width = len(cells[0]) if cells else 0
        rows = [colour_runs_of(row) for row in cells]
        columns = [colour_runs_of(column) for column in zip(*cells, strict=True)]
        values: dict[str, Any] = {
            "width": width,
            "height": len(cells),
            "row_clues": tuple(tuple(n for n, _ in runs) for runs in rows),
            "column_clues": tuple(tuple(n for n, _ in runs) for runs in columns),
            "title": title,
            "author": author,
            "copyright": copyright,
            "license": license,
            "palette": palette,
            "row_colours": tuple(tuple(c for _, c in runs) for runs in rows),
            "column_colours": tuple(tuple(c for _, c in runs) for runs in columns),
        }
        flat = [cell for row in cells for cell in row]
        fits = (
            isinstance(palette, Palette)
            and min(width, len(cells)) >= MIN_DIMENSION
            and max(width, len(cells)) <= MAX_DIMENSION
            and (not flat or (min(flat) >= 0 and max(flat) <= palette.count))
        )
        if not fits:  # the checked way, which says what is wrong
            return cls(**values, goal_colours=cells if keep_goal else None)
        # The clues were read off these cells: they fit the picture, hold only the palette's
        # colours and agree row against column, so they are not checked again (a generator
        # builds hundreds of candidates).
        if keep_goal:
            values["goal_colours"] = cells
            values["goal"] = tuple(tuple(cell != 0 for cell in row) for row in cells)
        return cls._unchecked(values)

    def solved_by_values(self, grid: Sequence[Sequence[int]] | npt.NDArray[np.integer]) -> bool:
        """Whether ``grid`` of colour numbers (0 the background; black and white: 1 filled)
        satisfies every row and column clue."""
        rows = [[int(v) for v in row] for row in grid]
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            return False
        if any(colour_runs_of(row) != self.row_runs(y) for y, row in enumerate(rows)):
            return False
        return all(
            colour_runs_of(row[x] for row in rows) == self.column_runs(x) for x in range(self.width)
        )

    def _checked_goal(self, goal: Sequence[Sequence[object]]) -> Grid:
        grid = tuple(tuple(map(bool, row)) for row in goal)
        if len(grid) != self.height or any(len(row) != self.width for row in grid):
            raise PuzzleError(f"the goal picture is not {self.width}x{self.height}")
        for y, row in enumerate(grid):
            if runs_of(row) != self.row_clues[y]:
                raise PuzzleError(
                    _("the goal picture does not match the clue of row {n}").format(n=y + 1)
                )
        for x in range(self.width):
            if runs_of(row[x] for row in grid) != self.column_clues[x]:
                raise PuzzleError(
                    _("the goal picture does not match the clue of column {n}").format(n=x + 1)
                )
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
        cells = _rectangular(grid, bool)
        width = len(cells[0]) if cells else 0
        values: dict[str, Any] = {
            "width": width,
            "height": len(cells),
            "row_clues": tuple(runs_of(row) for row in cells),
            "column_clues": tuple(runs_of(column) for column in zip(*cells, strict=True)),
            "title": title,
            "author": author,
            "copyright": copyright,
            "license": license,
            "goal": cells if keep_goal else None,
        }
        if not (
            min(width, len(cells)) >= MIN_DIMENSION and max(width, len(cells)) <= MAX_DIMENSION
        ):
            return cls(**values)  # the checked way, which says what is wrong
        # As from_colour_grid: the clues were read off these cells, so they fit the picture
        # and agree row against column; they are not checked again (Make it fair and Random
        # build hundreds of candidates).
        return cls._unchecked(values)

    @classmethod
    def _unchecked(cls, values: dict[str, Any]) -> Puzzle:
        """A puzzle of ``values`` (and every other field's default), built without the
        checks: for clues a constructor read off a picture itself."""
        puzzle = object.__new__(cls)
        for known in fields(cls):
            if known.name in values:
                value = values[known.name]
            elif known.default_factory is not MISSING:
                value = known.default_factory()
            else:
                value = known.default
            object.__setattr__(puzzle, known.name, value)
        return puzzle

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

    def goal_values(self) -> npt.NDArray[np.int8] | None:
        """The goal as one number a cell, 0 the background, else its colour (1 in black and
        white), or None: the same question for either kind of puzzle."""
        if self.goal_colours is not None:
            return np.asarray(self.goal_colours, dtype=np.int8).reshape(self.height, self.width)
        goal = self.goal_array()
        return None if goal is None else goal.astype(np.int8)

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
        if self.is_colour:
            # Black-and-white keys stay as they were; colour adds the runs' colours.
            text += "|" + "/".join(
                ".".join(map(str, shades))
                for shades in (self.row_colours or ()) + (self.column_colours or ())
            )
        cached = hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]
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
