"""The nonogram back end of the midend: the board, its moves, per-line status, its save.

Undo/redo, the clock and the solved event are the midend's (:mod:`game.core.play.midend`);
this module says how a move changes the board, when the board is solved and how a game is
written down. Every change goes through :meth:`Session.apply`, :meth:`~Session.undo` or
:meth:`~Session.redo`, so the session can keep per-line caches (complete / contradicted) and
recheck only the lines a move touched. An undo record keeps, per move, the flat indices of
the cells it changed and their previous values, so long games on big boards stay small.

One rule of play lives here too: trial marks that finish the picture are its answer, so
they become real marks at once (a second undo step, saved like any other).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.board import IS_TRIAL, KEPT, Board, Cell, CellArray, shown_colours
from game.core.i18n import _, ngettext
from game.core.play.line_status import OPEN, LineStatus, line_status
from game.core.play.midend import Midend
from game.core.play.moves import (
    ClearAll,
    CommitTrial,
    CrossLines,
    DiscardTrial,
    Move,
    Paint,
    decode_move,
    encode_move,
)
from game.core.puzzle import Puzzle
from game.core.seconds import MAX_SECONDS, is_seconds

SESSION_VERSION = 1
__all__ = ["MAX_SECONDS", "Change", "LineStatus", "Session", "is_seconds", "line_status"]

IndexArray = npt.NDArray[np.integer[Any]]


@dataclass(frozen=True)
class Change:
    """What one apply, undo or redo did to the board, for the screen to follow up on.

    ``cells``: (x, y) of every cell whose state changed. ``completed_rows`` and
    ``completed_columns``: lines that now show their clue and did not before (the "line"
    sound). ``solved``: the board solves the puzzle after the change.
    """

    cells: tuple[tuple[int, int], ...]
    completed_rows: tuple[int, ...]
    completed_columns: tuple[int, ...]
    solved: bool


@dataclass(frozen=True)
class _Record:
    """One move of the undo history: the cells it changed and what they were before."""

    move: Move
    indices: IndexArray
    previous: CellArray


def _clip(move: Move, board: Board) -> Move | None:
    """A paint move cut to the board, or None when it misses the board entirely."""
    if not isinstance(move, Paint):
        return move
    if move.x1 < 0 or move.y1 < 0 or move.x0 >= board.width or move.y0 >= board.height:
        return None
    x0, y0 = max(move.x0, 0), max(move.y0, 0)
    x1, y1 = min(move.x1, board.width - 1), min(move.y1, board.height - 1)
    if (x0, y0, x1, y1) == (move.x0, move.y0, move.x1, move.y1):
        return move
    return Paint(x0, y0, x1, y1, move.state, move.only_unknown)


def _index_dtype(board: Board) -> np.dtype[Any]:
    return np.min_scalar_type(board.width * board.height - 1)


def move_changes(board: Board, move: Move) -> tuple[IndexArray, CellArray]:
    """The flat indices of the cells ``move`` changes on ``board``, and their new values.

    ``move`` must lie inside the board (see :func:`_clip`).
    """
    cells = board.cells
    flat = cells.reshape(-1)
    indices: IndexArray
    if isinstance(move, Paint):
        region = cells[move.y0 : move.y1 + 1, move.x0 : move.x1 + 1]
        if move.only_unknown:
            eligible = region == Cell.UNKNOWN
        elif IS_TRIAL[move.state]:
            # Trial marks are a layer over unknown cells; they never cover real marks.
            eligible = (region == Cell.UNKNOWN) | IS_TRIAL[region.astype(np.intp)]
        else:
            eligible = np.ones(region.shape, dtype=bool)
        ys, xs = np.nonzero(eligible & (region != move.state))
        indices = (ys + move.y0) * board.width + (xs + move.x0)
        values = np.full(indices.size, move.state, dtype=np.int8)
    elif isinstance(move, CommitTrial):
        indices = np.flatnonzero(IS_TRIAL[flat.astype(np.intp)])
        # TRIAL_FILLED (3) -> FILLED (1), TRIAL_CROSSED (4) -> CROSSED (2), and in colour
        # a trial mark of colour c -> its real mark.
        values = KEPT[flat[indices].astype(np.intp)]
    elif isinstance(move, DiscardTrial):
        indices = np.flatnonzero(IS_TRIAL[flat.astype(np.intp)])
        values = np.zeros(indices.size, dtype=np.int8)
    elif isinstance(move, CrossLines):
        lines = np.zeros(cells.shape, dtype=bool)
        lines[list(move.rows), :] = True
        lines[:, list(move.columns)] = True
        indices = np.flatnonzero(lines.reshape(-1) & (flat == Cell.UNKNOWN))
        values = np.full(indices.size, move.state, dtype=np.int8)
    elif isinstance(move, ClearAll):
        indices = np.flatnonzero(flat != Cell.UNKNOWN)
        values = np.zeros(indices.size, dtype=np.int8)
    else:
        raise ValueError(f"{move!r} is not a move")
    return indices.astype(_index_dtype(board)), values


def _inside(move: Move, board: Board) -> bool:
    if isinstance(move, CrossLines):
        return all(y < board.height for y in move.rows) and all(
            x < board.width for x in move.columns
        )
    if not isinstance(move, Paint):
        return True
    if move.state >= len(Cell) and shown_colours(np.array([move.state]))[0] > board.colours:
        return False  # a colour this board does not have
    return move.x0 >= 0 and move.y0 >= 0 and move.x1 < board.width and move.y1 < board.height


class Session(Midend[Move, _Record, Change]):
    """One nonogram game of one puzzle. Change the board only through apply / undo / redo."""

    def __init__(self, puzzle: Puzzle, board: Board | None = None) -> None:
        super().__init__()
        if board is None:
            board = Board.blank(puzzle.width, puzzle.height, colours=puzzle.colour_count)
        elif (board.width, board.height) != (puzzle.width, puzzle.height):
            raise ValueError(
                f"the board is {board.width}x{board.height} but the puzzle is {puzzle.size_text}"
            )
        elif board.colours != puzzle.colour_count:
            raise ValueError(
                f"the board has {board.colours} colours but the puzzle {puzzle.colour_count}"
            )
        self.puzzle = puzzle
        self.board = board
        # The board before the first recorded move, so a saved history can be replayed.
        self._start = board.copy()
        # While a saved history is replayed, lines are rechecked once at the end instead.
        self._defer_recheck = False
        self._row_status = [OPEN] * puzzle.height
        self._column_status = [OPEN] * puzzle.width
        self._incomplete = puzzle.height + puzzle.width
        self._recheck(range(puzzle.height), range(puzzle.width))
        # The help the player asked for (Hint, Check): kept with the game and said with
        # its win, as Kakuro says its checks and reveals.
        self.hints_used = 0
        self.checks_used = 0
        # The solver's answer was on screen during the game (its replay watched to the end):
        # the win then sets no best time and no daily streak (issue 46).
        self.answer_shown = False
        # Finished lines are crossed out as part of the move that finished them (an
        # option, off by default, as in Katana).
        self.auto_cross = False

    # --- state -------------------------------------------------------------------------

    @property
    def solved(self) -> bool:
        """Every row and column shows its clue (trial fills count; crosses do not matter)."""
        return self._incomplete == 0

    @property
    def cells_to_fill(self) -> int | None:
        """The goal picture's cells not filled yet (trial fills count as filled); None
        when the puzzle has no goal picture. Wrong fills do not lower it, so a wrong board
        never reads "0 to fill"."""
        goal = self.puzzle.goal_array()
        if goal is None:
            return None
        return int(np.count_nonzero(goal & ~self.board.filled_mask()))

    def count_text(self) -> str:
        """The header's count: how many cells are filled of how many the clues ask for.
        One meaning all game long, and it never tells a right fill from a wrong one (a
        count of goal cells still to fill would, move by move, with Auto-check off)."""
        return _("Filled {count} of {total}").format(
            count=self.board.filled_count, total=self.puzzle.filled_total
        )

    @property
    def history(self) -> list[Move]:
        """The moves that built the board, oldest first."""
        return [record.move for record in self._undo]

    @property
    def redo_moves(self) -> list[Move]:
        """The moves redo would replay, next first."""
        return [record.move for record in reversed(self._redo)]

    def _has_marks(self) -> bool:
        return bool(self.board.known_mask().any())

    def asked_hint(self) -> None:
        self.hints_used += 1

    def asked_check(self) -> None:
        self.checks_used += 1

    def helps_text(self) -> str:
        """ "2 hints, 1 check used" (what was asked for; "" when nothing was); "Helped: the
        solver's answer was shown" when it was (that says more than any count)."""
        if self.answer_shown:
            return _("Solver's answer seen: no best time")
        hints, checks = self.hints_used, self.checks_used
        if hints and checks:
            return _("{hints}, {checks} used").format(
                hints=ngettext("{count} hint", "{count} hints", hints).format(count=hints),
                checks=ngettext("{count} check", "{count} checks", checks).format(count=checks),
            )
        if hints:
            return ngettext("{count} hint used", "{count} hints used", hints).format(count=hints)
        if checks:
            return ngettext("{count} check used", "{count} checks used", checks).format(
                count=checks
            )
        return ""

    def row_status(self, y: int) -> LineStatus:
        return self._row_status[y]

    def column_status(self, x: int) -> LineStatus:
        return self._column_status[x]

    def contradicted_lines(self) -> tuple[list[int], list[int]]:
        """Indices of the rows and of the columns whose marks rule their clue out."""
        return (
            [y for y, status in enumerate(self._row_status) if status.contradicted],
            [x for x, status in enumerate(self._column_status) if status.contradicted],
        )

    def wrong_cells(self) -> list[tuple[int, int]]:
        """(x, y) of real marks that disagree with the puzzle's goal picture, if it has one."""
        want = self.puzzle.goal_values()
        if want is None:
            return []
        cells = self.board.cells
        # A real mark of a colour the goal does not have there (a cross is colour 0).
        real = (cells != Cell.UNKNOWN) & ~IS_TRIAL[cells.astype(np.intp)]
        wrong = real & (shown_colours(cells) != want)
        ys, xs = np.nonzero(wrong)
        return [(int(x), int(y)) for y, x in zip(ys, xs, strict=True)]

    # --- moves: the midend's hooks -----------------------------------------------------

    def _perform(self, move: Move) -> tuple[_Record, Change] | None:
        fitted = _clip(move, self.board)
        if fitted is None:
            return None
        return self._paint(fitted)

    def _revert(self, record: _Record) -> Change:
        self.board.cells.flat[record.indices] = record.previous
        return self._changed(record.indices)

    def _perform_again(self, record: _Record) -> tuple[_Record, Change]:
        performed = self._paint(record.move)
        # Always performed: undo restored the board the move was made on.
        assert performed is not None
        return performed

    def _follow_up(self, change: Change) -> Move | None:
        """Trial marks that finish the picture become real marks (QA: the reveal settles
        real fills only, and a won board of trial fills showed those cells blank); with
        :attr:`auto_cross`, the lines the move finished get crosses in their other cells."""
        if self._defer_recheck:
            return None
        if change.solved and self.board.has_trial():
            return CommitTrial()
        rows, columns = change.completed_rows, change.completed_columns
        if not self.auto_cross or change.solved or not (rows or columns):
            return None
        cells = self.board.cells
        trial = bool(
            IS_TRIAL[cells[list(rows), :].astype(np.intp)].any()
            or IS_TRIAL[cells[:, list(columns)].astype(np.intp)].any()
        )  # a line finished with trial marks (of any colour) is crossed with trial crosses
        return CrossLines(rows, columns, Cell.TRIAL_CROSSED if trial else Cell.CROSSED)

    def _follow_up_joins(self, move: Move) -> bool:
        """The crosses of finished lines are one undo step with the move that finished them."""
        return isinstance(move, CrossLines)

    def _merge(self, first: Change, then: Change) -> Change:
        seen = set(first.cells)
        return Change(
            cells=first.cells + tuple(cell for cell in then.cells if cell not in seen),
            completed_rows=first.completed_rows + then.completed_rows,
            completed_columns=first.completed_columns + then.completed_columns,
            solved=then.solved,
        )

    def _paint(self, move: Move) -> tuple[_Record, Change] | None:
        indices, values = move_changes(self.board, move)
        if indices.size == 0:
            return None
        flat = self.board.cells.flat
        previous = np.asarray(flat[indices], dtype=np.int8)
        flat[indices] = values
        return _Record(move, indices, previous), self._changed(indices)

    def _changed(self, indices: IndexArray) -> Change:
        """Recheck the lines through the cells at ``indices`` and describe the change."""
        width = self.board.width
        wide = indices.astype(np.int64)
        ys, xs = np.divmod(wide, width)
        completed: tuple[list[int], list[int]] = ([], [])
        if not self._defer_recheck:
            completed = self._recheck(np.unique(ys).tolist(), np.unique(xs).tolist())
        return Change(
            cells=tuple(zip(xs.tolist(), ys.tolist(), strict=True)),
            completed_rows=tuple(completed[0]),
            completed_columns=tuple(completed[1]),
            solved=self.solved,
        )

    # --- line caches -------------------------------------------------------------------

    def _recheck(self, rows: Sequence[int], columns: Sequence[int]) -> tuple[list[int], list[int]]:
        """Refresh the status of these lines; returns the rows and columns newly complete."""
        cells = self.board.cells
        completed_rows: list[int] = []
        completed_columns: list[int] = []
        puzzle = self.puzzle
        for y in rows:
            status = line_status(puzzle.row_runs(y), cells[y, :])
            self._incomplete += self._row_status[y].complete - status.complete
            if status.complete and not self._row_status[y].complete:
                completed_rows.append(y)
            self._row_status[y] = status
        for x in columns:
            status = line_status(puzzle.column_runs(x), cells[:, x])
            self._incomplete += self._column_status[x].complete - status.complete
            if status.complete and not self._column_status[x].complete:
                completed_columns.append(x)
            self._column_status[x] = status
        return completed_rows, completed_columns

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "version": SESSION_VERSION,
            "puzzle": self.puzzle.fingerprint(),
            "width": self.board.width,
            "height": self.board.height,
            "board": self.board.to_text(),
            "history": [encode_move(move) for move in self.history],
            "redo": [encode_move(move) for move in self.redo_moves],
            "elapsed": self.elapsed,
            "solved": self.solved,
        }
        if np.any(self._start.cells):
            data["start"] = self._start.to_text()
        if self.hints_used or self.checks_used:
            data["hints"], data["checks"] = self.hints_used, self.checks_used
        if self.answer_shown:
            data["answer_shown"] = True
        return data

    @classmethod
    def from_json(cls, puzzle: Puzzle, data: object) -> Session:
        """The session saved by :meth:`to_json`; any mismatch is a ValueError saying what."""
        try:
            return cls._from_json(puzzle, data)
        except ValueError as error:
            raise ValueError(f"saved game is not usable: {error}") from None
        except (TypeError, KeyError, IndexError, ArithmeticError, RecursionError) as error:
            # A file edited by hand reaches here with shapes no check foresaw: it is still
            # just a saved game that cannot be used, never a crash of the caller.
            raise ValueError(f"saved game is not usable: {type(error).__name__}") from None

    @classmethod
    def _from_json(cls, puzzle: Puzzle, data: object) -> Session:
        if not isinstance(data, dict):
            raise ValueError("it is not a JSON object")
        version = data.get("version")
        if version != SESSION_VERSION:
            raise ValueError(f"version {version!r} is not supported (expected 1)")
        if data.get("puzzle") != puzzle.fingerprint():
            raise ValueError("it belongs to a different puzzle")
        width, height = data.get("width"), data.get("height")
        if (width, height) != (puzzle.width, puzzle.height) or not all(
            type(value) is int for value in (width, height)
        ):
            raise ValueError(
                f"its size {width!r}x{height!r} is not the puzzle's {puzzle.size_text}"
            )
        colours = puzzle.colour_count
        board = Board.from_text(puzzle.width, puzzle.height, _text(data, "board"), colours)
        start_text = data.get("start")
        start = (
            Board.blank(puzzle.width, puzzle.height, colours)
            if start_text is None
            else Board.from_text(puzzle.width, puzzle.height, _text(data, "start"), colours)
        )
        history = _moves(data, "history")
        redo = _moves(data, "redo")
        elapsed = data.get("elapsed")
        if not is_seconds(elapsed):
            shown = repr(elapsed) if len(repr(elapsed)) <= 24 else repr(elapsed)[:20] + "…"
            raise ValueError(f"elapsed time {shown} is not a number of seconds")
        solved = data.get("solved")
        if not isinstance(solved, bool):
            raise ValueError(f"solved flag {solved!r} is not true or false")

        session = cls(puzzle, start)
        session._defer_recheck = True
        for number, move in enumerate(history, start=1):
            if not _inside(move, board):
                raise ValueError(f"move {number} lies outside the board")
            if not session.apply(move):
                raise ValueError(f"move {number} ({encode_move(move)}) changes nothing")
        session._defer_recheck = False
        session._recheck(range(puzzle.height), range(puzzle.width))
        if session.board != board:
            raise ValueError("the moves do not lead to the saved board")
        if session.solved != solved:
            raise ValueError("the solved flag does not match the board")
        scratch = board.copy()
        records: list[_Record] = []
        for number, move in enumerate(redo, start=1):
            if not _inside(move, scratch):
                raise ValueError(f"redo move {number} lies outside the board")
            indices, values = move_changes(scratch, move)
            if indices.size == 0:
                raise ValueError(f"redo move {number} ({encode_move(move)}) changes nothing")
            records.append(_Record(move, indices, np.asarray(scratch.cells.flat[indices])))
            scratch.cells.flat[indices] = values
        session._redo = list(reversed(records))
        session.elapsed = float(elapsed)
        for key in ("hints", "checks"):  # absent in saves made before they were counted
            count = data.get(key, 0)
            if type(count) is not int or not 0 <= count <= 10**9:
                raise ValueError(f"the {key} count {count!r} is not a whole number")
        session.hints_used, session.checks_used = data.get("hints", 0), data.get("checks", 0)
        shown = data.get("answer_shown", False)  # absent in saves made before issue 46
        if type(shown) is not bool:
            raise ValueError(f"answer_shown {shown!r} is not true or false")
        session.answer_shown = shown
        return session


def _text(data: dict[str, Any], key: str) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise ValueError(f"{key!r} is missing or not a text")
    return value


def _moves(data: dict[str, Any], key: str) -> list[Move]:
    value = data.get(key)
    if not isinstance(value, list):
        raise ValueError(f"{key!r} is missing or not a list")
    return [decode_move(text) for text in value]
