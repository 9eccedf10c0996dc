"""The board a player marks: one small integer per cell, in a numpy array.

Besides the real marks (filled, crossed) a board carries *trial* marks: a "what if" layer a
player can try out and then commit or discard in one move (the orange and cyan marks of the
Sevilla Hanjie). Trial-filled cells count as filled everywhere the board is judged, so a
player sees at once whether a guess completes or breaks a line.
"""

from __future__ import annotations

from enum import IntEnum

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

    __slots__ = ("cells", "height", "width")

    def __init__(self, width: int, height: int, cells: npt.ArrayLike | None = None) -> None:
        self.width = _check_dimension("width", width)
        self.height = _check_dimension("height", height)
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
            or int(array.max()) >= CELL_COUNT
        ):
            raise ValueError("board cells must be cell states 0 to 4")
        # A private C-ordered copy: the session relies on flat views of it.
        self.cells = np.array(array, dtype=np.int8, order="C", copy=True)

    @classmethod
    def blank(cls, width: int, height: int) -> Board:
        return cls(width, height)

    def copy(self) -> Board:
        return Board(self.width, self.height, self.cells)

    def get(self, x: int, y: int) -> Cell:
        return Cell(int(self.cells[y, x]))

    def set(self, x: int, y: int, state: Cell) -> None:
        self.cells[y, x] = Cell(state)

    def filled_mask(self) -> BoolArray:
        """Cells that count as filled: real or trial."""
        mask: BoolArray = (self.cells == Cell.FILLED) | (self.cells == Cell.TRIAL_FILLED)
        return mask

    def crossed_mask(self) -> BoolArray:
        """Cells that count as crossed (known empty): real or trial."""
        mask: BoolArray = (self.cells == Cell.CROSSED) | (self.cells == Cell.TRIAL_CROSSED)
        return mask

    def known_mask(self) -> BoolArray:
        mask: BoolArray = self.cells != Cell.UNKNOWN
        return mask

    def has_trial(self) -> bool:
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
        return "/".join("".join(table[row]) for row in self.cells)

    @classmethod
    def from_text(cls, width: int, height: int, text: str) -> Board:
        """The board written by :meth:`to_text`; ValueError names what is wrong."""
        if not isinstance(text, str):
            raise ValueError("the board must be a text")
        board = cls(width, height)
        rows = text.split("/")
        if len(rows) != board.height:
            raise ValueError(f"the board has {len(rows)} rows, expected {board.height}")
        for y, row in enumerate(rows):
            if len(row) != board.width:
                raise ValueError(f"board row {y + 1} has {len(row)} cells, expected {board.width}")
            for x, char in enumerate(row):
                cell = CHAR_CELLS.get(char)
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
            and bool(np.array_equal(self.cells, other.cells))
        )

    __hash__ = None  # type: ignore[assignment]  # mutable: not hashable

    def __repr__(self) -> str:
        return f"Board({self.width}x{self.height}, {self.to_text()!r})"
