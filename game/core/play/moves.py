"""Moves a player makes, as values, and their short text form for saved histories.

Text forms (fields separated by one space):

- ``P x0 y0 x1 y1 S`` or ``P x0 y0 x1 y1 S u``: paint the inclusive rectangle with state
  ``S`` (``U`` clear, ``F`` fill, ``X`` cross, ``TF`` trial fill, ``TX`` trial cross);
  a trailing ``u`` means "only cells that are still unknown" (a drag that began on an
  unknown cell never overwrites marks). Colour puzzles paint colour ``c`` (2..32) as ``Cc``
  and its trial mark as ``TCc`` (colour 1 is ``F`` / ``TF``, as in black and white, so
  black-and-white saves read as they always did).
- ``CT`` commit trial marks, ``DT`` discard trial marks, ``CA`` clear the whole board.
- ``L S rows columns``: cross (state ``S``, ``X`` or ``TX``) the unknown cells of the rows
  and columns listed (comma-separated, ``-`` for none): the auto-cross of finished lines.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from game.core.board import MAX_CELL_VALUE, Cell, fill_value, is_trial_value, mark_colour

STATE_CODES: dict[Cell, str] = {
    Cell.UNKNOWN: "U",
    Cell.FILLED: "F",
    Cell.CROSSED: "X",
    Cell.TRIAL_FILLED: "TF",
    Cell.TRIAL_CROSSED: "TX",
}
CODE_STATES: dict[str, Cell] = {code: state for state, code in STATE_CODES.items()}

# Generous but finite, so a hostile save file cannot smuggle in huge numbers.
_MAX_COORDINATE_DIGITS = 6


def _whole_number(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise ValueError(f"{name} must be a whole number, not {value!r}")
    return int(value)


@dataclass(frozen=True)
class Paint:
    """Set every cell of the inclusive rectangle (x0, y0)-(x1, y1) to ``state``.

    ``state`` UNKNOWN clears; a colour mark is a cell value of ``board.fill_value`` (kept a
    :class:`Cell` for the five black-and-white states). Corners are normalised so that
    x0 <= x1 and y0 <= y1.
    """

    x0: int
    y0: int
    x1: int
    y1: int
    state: int
    only_unknown: bool = False

    def __post_init__(self) -> None:
        x0, y0, x1, y1 = (
            _whole_number(name, getattr(self, name)) for name in ("x0", "y0", "x1", "y1")
        )
        value = self.state
        if (
            isinstance(value, bool)
            or not isinstance(value, int | np.integer)
            or not 0 <= int(value) <= MAX_CELL_VALUE
        ):
            raise ValueError(f"{value!r} is not a cell state")
        state: int = Cell(int(value)) if int(value) < len(Cell) else int(value)
        object.__setattr__(self, "x0", min(x0, x1))
        object.__setattr__(self, "x1", max(x0, x1))
        object.__setattr__(self, "y0", min(y0, y1))
        object.__setattr__(self, "y1", max(y0, y1))
        object.__setattr__(self, "state", state)
        object.__setattr__(self, "only_unknown", bool(self.only_unknown))


@dataclass(frozen=True)
class CommitTrial:
    """Trial fills become fills, trial crosses become crosses."""


@dataclass(frozen=True)
class DiscardTrial:
    """Every trial mark goes back to unknown."""


@dataclass(frozen=True)
class ClearAll:
    """Empty the whole board (restart the puzzle)."""


@dataclass(frozen=True)
class CrossLines:
    """Cross every unknown cell of these rows and columns (lines that show their clue): the
    follow-up of a move when finished lines are crossed out automatically."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    state: Cell = Cell.CROSSED

    def __post_init__(self) -> None:
        for index in (*self.rows, *self.columns):
            if _whole_number("a line", index) < 0:
                raise ValueError(f"line {index!r} is not on a board")
        if self.state not in (Cell.CROSSED, Cell.TRIAL_CROSSED):
            raise ValueError(f"{self.state!r} is not a cross")


Move = Paint | CommitTrial | DiscardTrial | ClearAll | CrossLines

_WHOLE_BOARD_CODES: dict[type, str] = {CommitTrial: "CT", DiscardTrial: "DT", ClearAll: "CA"}
_CODE_WHOLE_BOARD: dict[str, Move] = {
    "CT": CommitTrial(),
    "DT": DiscardTrial(),
    "CA": ClearAll(),
}


def _line_list(lines: tuple[int, ...]) -> str:
    return ",".join(str(line) for line in lines) or "-"


def _read_lines(token: str, text: str) -> tuple[int, ...]:
    if token == "-":
        return ()
    return tuple(_coordinate(part, text) for part in token.split(","))


def state_code(state: int) -> str:
    """The text code of a cell state: ``U F X TF TX``, ``Cc`` / ``TCc`` for colour c >= 2."""
    if state < len(Cell):
        return STATE_CODES[Cell(state)]
    return f"{'TC' if is_trial_value(state) else 'C'}{mark_colour(state)}"


def code_state(code: str) -> int | None:
    """The cell state of a code written by :func:`state_code`, or None."""
    state = CODE_STATES.get(code)
    if state is not None:
        return state
    trial = code.startswith("TC")
    digits = code[2:] if trial else code[1:] if code.startswith("C") else ""
    if not (0 < len(digits) <= 2 and digits.isascii() and digits.isdigit()):
        return None
    colour = int(digits)
    if not 2 <= colour <= 32 or digits != str(colour):
        return None
    return fill_value(colour, trial)


def encode_move(move: Move) -> str:
    if isinstance(move, CrossLines):
        rows, columns = _line_list(move.rows), _line_list(move.columns)
        return f"L {STATE_CODES[move.state]} {rows} {columns}"
    if isinstance(move, Paint):
        text = f"P {move.x0} {move.y0} {move.x1} {move.y1} {state_code(move.state)}"
        return text + " u" if move.only_unknown else text
    code = _WHOLE_BOARD_CODES.get(type(move))
    if code is None:
        raise ValueError(f"{move!r} is not a move")
    return code


def _coordinate(token: str, text: str) -> int:
    # str.isdigit accepts other scripts' digits; only plain ASCII digits are a coordinate.
    if not (0 < len(token) <= _MAX_COORDINATE_DIGITS and token.isascii() and token.isdigit()):
        raise ValueError(f"bad move {text!r}: {token!r} is not a cell coordinate")
    return int(token)


def decode_move(text: str) -> Move:
    """The move written by :func:`encode_move`; anything else is a ValueError."""
    if not isinstance(text, str):
        raise ValueError(f"a move must be a text, not {text!r}")
    whole_board = _CODE_WHOLE_BOARD.get(text)
    if whole_board is not None:
        return whole_board
    tokens = text.split(" ")
    if tokens[0] == "L" and len(tokens) == 4 and tokens[1] in ("X", "TX"):
        cross = CODE_STATES[tokens[1]]
        return CrossLines(_read_lines(tokens[2], text), _read_lines(tokens[3], text), cross)
    if not tokens or tokens[0] != "P":
        raise ValueError(f"bad move {text!r}: unknown kind of move")
    if len(tokens) not in (6, 7):
        raise ValueError(f"bad move {text!r}: a paint move has 5 or 6 fields")
    x0, y0, x1, y1 = (_coordinate(token, text) for token in tokens[1:5])
    state = code_state(tokens[5])
    if state is None:
        raise ValueError(f"bad move {text!r}: {tokens[5]!r} is not a cell state")
    if len(tokens) == 7 and tokens[6] != "u":
        raise ValueError(f"bad move {text!r}: {tokens[6]!r} is not a flag")
    if x0 > x1 or y0 > y1:
        raise ValueError(f"bad move {text!r}: the corners are not in order")
    return Paint(x0, y0, x1, y1, state, only_unknown=len(tokens) == 7)
