"""The board a player marks: one small integer per cell, in a numpy array.

Besides the real marks (filled, crossed) a board carries *trial* marks: a "what if" layer a
player can try out and then commit or discard in one move (the orange and cyan marks of the
Sevilla Hanjie). Trial-filled cells count as filled everywhere the board is judged, so a
player sees at once whether a guess completes or breaks a line.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.puzzle import MAX_DIMENSION, MIN_DIMENSION

CellArray = npt.NDArray[np.int8]
BoolArray = npt.NDArray[np.bool_]


class Cell(IntEnum):
    UNKNOWN = 0
    FILLED = 1
    CROSSED = 2
    TRIAL_FILLED = 3
    TRIAL_CROSSED = 4


CELL_COUNT = len(Cell)

# Colour boards. Colour 1 is marked as in black and white (FILLED, TRIAL_FILLED); colour
# c >= 2 is ``2c + 1`` (a real mark) and ``2c + 2`` (a trial mark), so 5, 6 for colour 2 up
# to 65, 66 for colour 32; a cross is the background. ``mark_colour`` and ``fill_value``
# are the only places that know the arithmetic.
MAX_CELL_VALUE = 2 * 32 + 2


def fill_value(colour: int, trial: bool = False) -> int:
    """The cell value that paints ``colour`` (1..32); 0 gives a cross (the background)."""
    if colour == 0:
        return int(Cell.TRIAL_CROSSED if trial else Cell.CROSSED)
    if colour == 1:
        return int(Cell.TRIAL_FILLED if trial else Cell.FILLED)
    return 2 * colour + (2 if trial else 1)


def mark_colour(value: int) -> int:
    """The colour a cell value shows: -1 unknown, 0 crossed (background), 1.. a colour."""
    if value == Cell.UNKNOWN:
        return -1
    if value in (Cell.CROSSED, Cell.TRIAL_CROSSED):
        return 0
    if value in (Cell.FILLED, Cell.TRIAL_FILLED):
        return 1
    return (value - 1) // 2


def is_trial_value(value: int) -> bool:
    """Whether a cell value is a trial mark."""
    return value in (Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED) or (value > 4 and value % 2 == 0)


# A value -> colour table for whole arrays (index with the cells).
_COLOUR_OF = np.array([mark_colour(v) for v in range(MAX_CELL_VALUE + 1)], dtype=np.int8)
# Cell value -> whether it is a trial mark, and the real mark it becomes when kept.
IS_TRIAL: npt.NDArray[np.bool_] = np.array(
    [is_trial_value(v) for v in range(MAX_CELL_VALUE + 1)], dtype=bool
)
KEPT: npt.NDArray[np.int8] = np.array(
    [fill_value(mark_colour(v)) if is_trial_value(v) else v for v in range(MAX_CELL_VALUE + 1)],
    dtype=np.int8,
)


def shown_colours(cells: npt.NDArray[np.integer[Any]]) -> npt.NDArray[np.int8]:
    """The colour each cell value shows (-1 unknown, 0 crossed, 1.. a colour), any kind of
    puzzle: black and white is colour 1."""
    shown: npt.NDArray[np.int8] = _COLOUR_OF[np.asarray(cells).astype(np.intp)]
    return shown


# Text characters of colour marks 2..32: real, then trial (none clashes with CELL_CHARS).
_REAL_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ01234"
_TRIAL_CHARS = "abcdefghijklmnpqrstuvwyz5678&@*"

# One character per state for the compact text form of a board (saved sessions, tests).
CELL_CHARS: dict[Cell, str] = {
    Cell.UNKNOWN: ".",
    Cell.FILLED: "#",
    Cell.CROSSED: "x",
    Cell.TRIAL_FILLED: "o",
    Cell.TRIAL_CROSSED: "-",
}
CHAR_CELLS: dict[str, Cell] = {char: cell for cell, char in CELL_CHARS.items()}


def _check_dimension(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"board {name} must be a whole number, not {value!r}")
    if not MIN_DIMENSION <= int(value) <= MAX_DIMENSION:
        raise ValueError(
            f"board {name} must be between {MIN_DIMENSION} and {MAX_DIMENSION}, not {value}"
        )
    return int(value)


class Board:
    """A mutable grid of :class:`Cell` values; ``cells`` is indexed ``[y, x]``."""

    __slots__ = ("cells", "colours", "height", "width")

    def __init__(
        self, width: int, height: int, cells: npt.ArrayLike | None = None, colours: int = 1
    ) -> None:
        self.width = _check_dimension("width", width)
        self.height = _check_dimension("height", height)
        if isinstance(colours, bool) or not isinstance(colours, int) or not 1 <= colours <= 32:
            raise ValueError(f"a board has 1 to 32 colours, not {colours!r}")
        # How many block colours the marks may paint (1: black and white, values 0-4).
        self.colours = colours
        if cells is None:
            self.cells: CellArray = np.zeros((self.height, self.width), dtype=np.int8)
            return
        array = np.asarray(cells)
        if array.shape != (self.height, self.width):
            raise ValueError(
                f"board cells have shape {array.shape}, expected ({self.height}, {self.width})"
            )
        if array.size and (
            not np.issubdtype(array.dtype, np.integer)
            or int(array.min()) < 0
            or int(array.max()) >= self._value_limit()
        ):
            raise ValueError(f"board cells must be cell states 0 to {self._value_limit() - 1}")
        # A private C-ordered copy: the session relies on flat views of it.
        self.cells = np.array(array, dtype=np.int8, order="C", copy=True)

    def _value_limit(self) -> int:
        return CELL_COUNT if self.colours == 1 else 2 * self.colours + 3

    @classmethod
    def blank(cls, width: int, height: int, colours: int = 1) -> Board:
        return cls(width, height, colours=colours)

    def copy(self) -> Board:
        return Board(self.width, self.height, self.cells, self.colours)

    def paint(self, x: int, y: int, colour: int, trial: bool = False) -> None:
        """Mark cell (x, y) with ``colour`` (0 crosses it), as a trial mark with ``trial``."""
        if not 0 <= colour <= self.colours:
            raise ValueError(f"colour {colour} is not one of this board's 1 to {self.colours}")
        self.cells[y, x] = fill_value(colour, trial)

    def colour_at(self, x: int, y: int) -> int:
        """The colour cell (x, y) shows: -1 unknown, 0 crossed, 1.. a colour."""
        return mark_colour(int(self.cells[y, x]))

    def colour_grid(self) -> npt.NDArray[np.int8]:
        """Every cell's colour (trial marks included): -1 unknown, 0 crossed, 1.. colours."""
        grid: npt.NDArray[np.int8] = _COLOUR_OF[self.cells.astype(np.intp)]
        return grid

    def get(self, x: int, y: int) -> Cell:
        return Cell(int(self.cells[y, x]))

    def set(self, x: int, y: int, state: Cell) -> None:
        self.cells[y, x] = Cell(state)

    def filled_mask(self) -> BoolArray:
        """Cells that count as filled: real or trial."""
        mask: BoolArray = (self.cells == Cell.FILLED) | (self.cells == Cell.TRIAL_FILLED)
        if self.colours > 1:
            mask |= self.cells > Cell.TRIAL_CROSSED
        return mask

    def crossed_mask(self) -> BoolArray:
        """Cells that count as crossed (known empty): real or trial."""
        mask: BoolArray = (self.cells == Cell.CROSSED) | (self.cells == Cell.TRIAL_CROSSED)
        return mask

    def known_mask(self) -> BoolArray:
        mask: BoolArray = self.cells != Cell.UNKNOWN
        return mask

    def has_trial(self) -> bool:
        if self.colours > 1:
            cells = self.cells
            return bool(
                np.any(
                    (cells == Cell.TRIAL_FILLED)
                    | (cells == Cell.TRIAL_CROSSED)
                    | ((cells > 4) & (cells % 2 == 0))
                )
            )
        return bool(np.any(self.cells >= Cell.TRIAL_FILLED))

    @property
    def filled_count(self) -> int:
        return int(np.count_nonzero(self.filled_mask()))

    @property
    def unknown_count(self) -> int:
        return int(np.count_nonzero(self.cells == Cell.UNKNOWN))

    def row(self, y: int) -> CellArray:
        return self.cells[y, :]

    def column(self, x: int) -> CellArray:
        return self.cells[:, x]

    def to_text(self) -> str:
        """Rows of one character per cell (see ``CELL_CHARS``), joined by ``/``."""
        table = np.array([CELL_CHARS[cell] for cell in Cell])
        if self.colours > 1:
            table = np.array(list(_colour_chars(self.colours)))
        return "/".join("".join(table[row]) for row in self.cells)

    @classmethod
    def from_text(cls, width: int, height: int, text: str, colours: int = 1) -> Board:
        """The board written by :meth:`to_text`; ValueError names what is wrong."""
        if not isinstance(text, str):
            raise ValueError("the board must be a text")
        board = cls(width, height, colours=colours)
        chars = (
            CHAR_CELLS
            if colours == 1
            else {char: value for value, char in enumerate(_colour_chars(colours))}
        )
        rows = text.split("/")
        if len(rows) != board.height:
            raise ValueError(f"the board has {len(rows)} rows, expected {board.height}")
        for y, row in enumerate(rows):
            if len(row) != board.width:
                raise ValueError(f"board row {y + 1} has {len(row)} cells, expected {board.width}")
            for x, char in enumerate(row):
                cell = chars.get(char)
                if cell is None:
                    raise ValueError(f"board row {y + 1}: {char!r} is not a cell mark")
                board.cells[y, x] = cell
        return board

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Board):
            return NotImplemented
        return (
            self.width == other.width
            and self.height == other.height
            and self.colours == other.colours
            and bool(np.array_equal(self.cells, other.cells))
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height}, {self.to_text()!r})"


def _colour_chars(colours: int) -> str:
    """The text character of every cell value of a board of ``colours`` colours, in order."""
    chars = [CELL_CHARS[cell] for cell in Cell]
    for colour in range(2, colours + 1):
        chars.append(_REAL_CHARS[colour - 2])
        chars.append(_TRIAL_CHARS[colour - 2])
    return "".join(chars)
