"""What a press, a drag, a held key and a release mean: the deciding half of play input.

The play screen turns pixels into cells (``game.ui.layout``) and device buttons and keys into
the plain inputs of this module: a :class:`Mark` (fill, cross, clear), a :class:`Pointer`
button, a cell, an opaque key id. The :class:`Pen` here decides which ONE ``Paint`` move each
gesture makes, so the rules of painting are tested without a window and the screen only
shows what the pen and the session hold.

The rules:

- Left fills (in a colour puzzle: paints the pen's colour), right crosses (the background),
  middle (or Shift+left) clears.
- A stroke is resolved once, on the cell where it begins: on a cell holding the same mark it
  clears that mark (as far as the mark runs along the line), on an unknown cell it paints
  only unknown cells, on any other cell it paints over everything.
- A drag paints a straight line from its first cell along the axis the pointer moved most on
  (ties go across); one drag is one move, so one undo step.
- A mark key paints the cursor cell; while it is held, moving the cursor keeps painting with
  the same stroke. Shift while moving repeats the last stroke; a held key wins over Shift.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from game.core.board import Board, Cell, fill_value
from game.core.play.moves import Paint
from game.core.play.session import move_changes
from game.core.solver.steps import CellPosition


class Mark(StrEnum):
    """What a button or key puts on a cell."""

    FILL = "fill"
    CROSS = "cross"
    CLEAR = "clear"


class Pointer(IntEnum):
    """Mouse buttons, numbered as every windowing system numbers them."""

    LEFT = 1
    MIDDLE = 2
    RIGHT = 3


def mark_for_button(button: Pointer, shift: bool) -> Mark:
    """Left fills, right crosses (the opposite mark, as on the Sevilla Hanjie); middle or
    Shift+left clears."""
    if button == Pointer.MIDDLE or (button == Pointer.LEFT and shift):
        return Mark.CLEAR
    return Mark.FILL if button == Pointer.LEFT else Mark.CROSS


def mark_state(mark: Mark, trial: bool, colour: int = 1) -> int:
    """The cell state ``mark`` paints, in trial colours while trial mode is on; a fill
    paints ``colour`` (1 in black and white)."""
    if mark == Mark.FILL:
        return fill_value(colour, trial)
    if mark == Mark.CROSS:
        return Cell.TRIAL_CROSSED if trial else Cell.CROSSED
    return Cell.UNKNOWN


@dataclass(frozen=True)
class Stroke:
    """How a drag or a held key paints: resolved once, on the cell where it began.

    ``clear_mark`` set: clear cells holding exactly that mark (and stop where it ends).
    Otherwise paint ``state``, sparing marked cells when ``only_unknown``.
    """

    state: int
    only_unknown: bool = False
    clear_mark: int | None = None


def stroke_for(mark: Mark, trial: bool, under: int, colour: int = 1) -> Stroke:
    """The stroke ``mark`` makes when it starts on a cell holding ``under``: the same mark
    toggles back to unknown, an unknown cell starts a stroke that never overwrites marks,
    anything else is overwritten."""
    state = mark_state(mark, trial, colour)
    if state == Cell.UNKNOWN:
        return Stroke(Cell.UNKNOWN)
    if under == state:
        return Stroke(Cell.UNKNOWN, clear_mark=state)
    return Stroke(state, only_unknown=under == Cell.UNKNOWN)


def snap_drag(start: CellPosition, current: CellPosition) -> tuple[int, int, int, int]:
    """The inclusive rectangle (x0, y0, x1, y1) a drag paints: a straight line from ``start``
    along the axis the pointer moved furthest on (ties go across), normalised so x0 <= x1 and
    y0 <= y1. Computed from the two end cells, so however fast the pointer moved, no cell
    between them is skipped."""
    sx, sy = start
    cx, cy = current
    if abs(cx - sx) >= abs(cy - sy):
        return min(sx, cx), sy, max(sx, cx), sy
    return sx, min(sy, cy), sx, max(sy, cy)


def drag_cells(start: CellPosition, current: CellPosition) -> list[CellPosition]:
    """Every cell of the snapped drag line from ``start`` towards ``current``, in order."""
    x0, y0, x1, y1 = snap_drag(start, current)
    if y0 == y1:
        step = 1 if current[0] >= start[0] else -1
        return [(x, y0) for x in range(start[0], (x1 if step > 0 else x0) + step, step)]
    step = 1 if current[1] >= start[1] else -1
    return [(x0, y) for y in range(start[1], (y1 if step > 0 else y0) + step, step)]


def stroke_move(board: Board, stroke: Stroke, start: CellPosition, end: CellPosition) -> Paint:
    """The one Paint move a stroke from ``start`` towards ``end`` makes on ``board``."""
    if stroke.clear_mark is not None:
        # Clear the mark as far as it runs from the start cell along the snapped line.
        last = start
        for x, y in drag_cells(start, end):
            if board.cells[y, x] != stroke.clear_mark:
                break
            last = (x, y)
        return Paint(start[0], start[1], last[0], last[1], Cell.UNKNOWN)
    x0, y0, x1, y1 = snap_drag(start, end)
    return Paint(x0, y0, x1, y1, stroke.state, stroke.only_unknown)


def painted_cells(board: Board, move: Paint) -> list[CellPosition]:
    """The cells ``move`` would change on ``board`` (for a preview of a drag in progress)."""
    indices, _ = move_changes(board, move)
    width = board.width
    return [(int(i) % width, int(i) // width) for i in indices]


def step_cursor(cursor: CellPosition, dx: int, dy: int, width: int, height: int) -> CellPosition:
    """The cursor moved by (dx, dy), kept on a ``width`` x ``height`` board."""
    return min(max(cursor[0] + dx, 0), width - 1), min(max(cursor[1] + dy, 0), height - 1)


@dataclass
class Drag:
    """A drag in progress: the button that started it, its first cell, the cell under the
    pointer now, and its stroke."""

    button: int
    start: CellPosition
    current: CellPosition
    stroke: Stroke


class Pen:
    """The painting state between input events: the drag in progress, the mark keys held
    down, and the last stroke made (for Shift+arrows). Each method takes the board as it is
    and returns the move to make, if any; the caller applies it through the session."""

    def __init__(self) -> None:
        self.drag: Drag | None = None
        self.last: Stroke | None = None
        self._held: dict[Hashable, Stroke] = {}

    @property
    def busy(self) -> bool:
        """A drag is under way or a mark key is down: the player's hands are not still."""
        return self.drag is not None or bool(self._held)

    # --- pointer -----------------------------------------------------------------------

    def press(
        self,
        board: Board,
        cell: CellPosition,
        button: Pointer,
        shift: bool,
        trial: bool,
        colour: int = 1,
    ) -> None:
        """A button went down on ``cell``: a drag begins (nothing is painted until release).
        A fill paints ``colour``."""
        x, y = cell
        stroke = stroke_for(mark_for_button(button, shift), trial, int(board.cells[y, x]), colour)
        self.drag = Drag(int(button), cell, cell, stroke)

    def drag_to(self, cell: CellPosition) -> bool:
        """The pointer is over ``cell`` during a drag; True when that moved the drag's end."""
        drag = self.drag
        if drag is None or cell == drag.current:
            return False
        drag.current = cell
        return True

    def preview(self, board: Board) -> Paint | None:
        """The move the drag would make if released now."""
        drag = self.drag
        if drag is None:
            return None
        return stroke_move(board, drag.stroke, drag.start, drag.current)

    def release(self, board: Board) -> Paint | None:
        """The drag ends: its one move (None when no drag was under way)."""
        move = self.preview(board)
        if self.drag is not None:
            self.last = self.drag.stroke
        self.drag = None
        return move

    def cancel_drag(self) -> None:
        self.drag = None

    # --- keyboard ----------------------------------------------------------------------

    def key_down(
        self,
        board: Board,
        key: Hashable,
        mark: Mark,
        trial: bool,
        cursor: CellPosition,
        colour: int = 1,
    ) -> Paint:
        """Mark key ``key`` (any id the caller likes) went down with the cursor on ``cursor``;
        a fill paints ``colour``."""
        x, y = cursor
        stroke = stroke_for(mark, trial, int(board.cells[y, x]), colour)
        self._held[key] = stroke
        self.last = stroke
        return stroke_move(board, stroke, cursor, cursor)

    def key_up(self, key: Hashable) -> None:
        self._held.pop(key, None)

    def cursor_moved(
        self, board: Board, before: CellPosition, after: CellPosition, shift: bool
    ) -> Paint | None:
        """The cursor moved from ``before`` to ``after``: the held key's stroke (the newest one
        held) paints the new cell, or with Shift the last stroke does."""
        if after == before:
            return None
        # A held mark key wins over Shift: it is the stroke the player is making right now.
        stroke = next(reversed(self._held.values()), None)
        if stroke is None and shift:
            stroke = self.last
        if stroke is None:
            return None
        return stroke_move(board, stroke, after, after)

    # --- resets ------------------------------------------------------------------------

    def let_go(self) -> None:
        """Every button and key is up (focus lost, scene left, puzzle won)."""
        self.drag = None
        self._held.clear()

    def new_mode(self) -> None:
        """Trial mode changed: held keys and the last stroke belong to the old mode."""
        self._held.clear()
        self.last = None
