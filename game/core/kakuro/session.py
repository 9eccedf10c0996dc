"""The Kakuro back end of the midend: digits, pencil marks, helps, the board's JSON save.

Undo/redo, the clock and the solved event are the midend's (:mod:`game.core.play.midend`).

Every change goes through :meth:`KakuroSession.apply` (or :meth:`~KakuroSession.undo`,
:meth:`~KakuroSession.redo`, :meth:`~KakuroSession.reveal`), which returns a
:class:`KakuroChange` the screen follows up on. Cells are named by their *white index*
(``puzzle.white_index[(x, y)]``) in moves and saves, and by ``(x, y)`` in what a screen
asks; a digit is 1-9, 0 meaning none, and pencil marks are a mask (bit ``d`` for ``d``).

What a player may ask, none of which changes the board unless said:

- :meth:`check_value`: is the digit in this cell right? (counted in :attr:`checks_used`);
- :meth:`reveal`: put the right digit in a cell, as an undoable move (counted);
- :meth:`run_problems`: runs holding a repeated digit, or whose sum the digits placed can
  no longer reach (what a "check" shows);
- :meth:`run_combinations`: the combinations still possible for a run, given the digits
  placed and (optionally) the pencil marks of its empty cells.

:meth:`to_json` / :meth:`from_json` save and resume exactly: digits, marks, both histories,
the clock, the help counters and the selected cell.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal, TypeGuard

from game.core.i18n import _
from game.core.kakuro.combos import ALL_DIGITS, bit, run_options
from game.core.kakuro.mistakes import Mistake, digit_mistakes
from game.core.kakuro.model import CellPosition, KakuroPuzzle, Run
from game.core.play.midend import Midend, SaveError, read_seconds

SESSION_VERSION = 1
SESSION_KIND = "kakuro"
# A save keeps at most this many undo (and redo) steps: an evening's play is a few thousand.
MAX_HISTORY = 20_000

MoveKind = Literal["digit", "pencil", "clear", "reveal"]
CheckVerdict = Literal["right", "wrong", "empty"]
ProblemKind = Literal["repeat", "sum"]


class KakuroSaveError(SaveError):
    """A saved game that cannot be resumed; the message is one line for players."""


@dataclass(frozen=True)
class KakuroMove:
    """What a player does to one cell.

    ``digit``: put ``digit`` (1-9; 0 clears the digit). ``pencil``: toggle the pencil mark
    ``digit``. ``clear``: empty the cell, digit and marks. ``reveal``: the right digit
    (use :meth:`KakuroSession.reveal`, which counts it).
    """

    kind: MoveKind
    cell: int
    digit: int = 0


@dataclass(frozen=True)
class KakuroChange:
    """What one apply, undo or redo did: the ``cells`` (x, y) that changed, the runs that
    are now completely and correctly filled and were not (``completed_runs``, for a sound),
    and whether the board is solved."""

    cells: tuple[CellPosition, ...]
    completed_runs: tuple[int, ...]
    solved: bool


@dataclass(frozen=True)
class RunProblem:
    """A run a check flags: ``repeat`` (``cells`` hold the same digit) or ``sum`` (the digits
    placed cannot reach the total; ``cells`` are its filled cells)."""

    run: int
    kind: ProblemKind
    cells: tuple[CellPosition, ...]
    text: str


# One undo step: (white index, digit before, marks before, digit after, marks after).
_Record = tuple[int, int, int, int, int]


class KakuroSession(Midend[KakuroMove, _Record, KakuroChange]):
    """One game of ``puzzle``. Check and reveal need the solution: the puzzle's own, or
    ``solution`` (rows of digits) found by a solve."""

    max_history = MAX_HISTORY

    def __init__(
        self,
        puzzle: KakuroPuzzle,
        solution: tuple[tuple[int, ...], ...] | None = None,
    ) -> None:
        super().__init__()
        self.puzzle = puzzle
        rows = solution if solution is not None else puzzle.solution
        self.solution: list[int] | None = (
            [rows[y][x] for x, y in puzzle.white_cells] if rows is not None else None
        )
        count = puzzle.white_count
        self.digits = [0] * count
        self.marks = [0] * count
        self.checks_used = 0
        self.reveals_used = 0
        # The selected cell (white index), kept so Continue puts the cursor back.
        self.cursor: int | None = 0 if count else None

    # -- reading ---------------------------------------------------------------------------

    def index_of(self, x: int, y: int) -> int | None:
        """The white index of (x, y), None for a black cell or outside the board."""
        return self.puzzle.white_index.get((x, y))

    @property
    def filled_count(self) -> int:
        return sum(1 for digit in self.digits if digit)

    def _has_marks(self) -> bool:
        return any(self.digits) or any(self.marks)

    def run_is_done(self, run: int) -> bool:
        """Every cell of ``run`` filled, digits distinct, the sum right."""
        values = [self.digits[index] for index in self.puzzle.run_whites[run]]
        return (
            all(values)
            and len(set(values)) == len(values)
            and sum(values) == self.puzzle.runs[run].total
        )

    @property
    def solved(self) -> bool:
        return all(self.digits) and all(
            self.run_is_done(run) for run in range(len(self.puzzle.runs))
        )

    def runs_of(self, x: int, y: int) -> tuple[Run, Run] | None:
        """The across and down runs through a white cell (what the screen highlights)."""
        index = self.index_of(x, y)
        if index is None:
            return None
        across, down = self.puzzle.cell_runs[index]
        return self.puzzle.runs[across], self.puzzle.runs[down]

    def run_combinations(self, run: int, *, use_marks: bool = True) -> tuple[int, ...]:
        """The combinations (digit masks) still possible for ``run``: they hold every digit
        placed in it and, with ``use_marks``, fit the pencil marks of its marked empty cells."""
        return run_options(self.puzzle.runs[run].total, self._run_masks(run, use_marks))[1]

    def _run_masks(self, run: int, use_marks: bool) -> tuple[int, ...]:
        masks = []
        for index in self.puzzle.run_whites[run]:
            digit = self.digits[index]
            if digit:
                masks.append(bit(digit))
            elif use_marks and self.marks[index]:
                masks.append(self.marks[index])
            else:
                masks.append(ALL_DIGITS)
        return tuple(masks)

    def run_problems(self) -> tuple[RunProblem, ...]:
        """Runs with a repeated digit, or whose sum the placed digits can no longer reach."""
        problems: list[RunProblem] = []
        puzzle = self.puzzle
        for run in puzzle.runs:
            whites = puzzle.run_whites[run.index]
            seen: dict[int, list[int]] = {}
            for index in whites:
                if self.digits[index]:
                    seen.setdefault(self.digits[index], []).append(index)
            repeated = [indices for indices in seen.values() if len(indices) > 1]
            if repeated:
                cells = tuple(puzzle.white_cells[i] for group in repeated for i in group)
                digits = ", ".join(str(self.digits[group[0]]) for group in repeated)
                problems.append(
                    RunProblem(
                        run.index,
                        "repeat",
                        cells,
                        _("{run}: {digits} used twice").format(run=run.name, digits=digits),
                    )
                )
                continue
            if not seen:
                continue
            if not run_options(run.total, self._run_masks(run.index, False))[1]:
                cells = tuple(puzzle.white_cells[i] for i in whites if self.digits[i])
                placed = sum(self.digits[i] for i in whites)
                problems.append(
                    RunProblem(
                        run.index,
                        "sum",
                        cells,
                        _(
                            "{run}: {total} cannot be made with the digits placed "
                            "(they add up to {placed})"
                        ).format(run=run.name, total=run.total, placed=placed),
                    )
                )
        return tuple(problems)

    def digit_mistakes(self) -> dict[CellPosition, Mistake]:
        """The typed digits that break a rule (a repeat in a run, a sum made impossible):
        what the play screen shows in red as digits are typed (:mod:`game.core.kakuro.mistakes`)."""
        return digit_mistakes(self.puzzle, self.digits)

    # -- helps -------------------------------------------------------------------------------

    def check_value(self, x: int, y: int) -> CheckVerdict:
        """Is the digit at (x, y) the right one? Counted as a help."""
        index = self._white(x, y)
        solution = self._need_solution()
        self.checks_used += 1
        digit = self.digits[index]
        if not digit:
            return "empty"
        return "right" if digit == solution[index] else "wrong"

    def wrong_cells(self) -> list[CellPosition]:
        """Filled cells whose digit is not the solution's (a whole-board check)."""
        solution = self._need_solution()
        return [
            self.puzzle.white_cells[index]
            for index, digit in enumerate(self.digits)
            if digit and digit != solution[index]
        ]

    def reveal(self, x: int, y: int) -> KakuroChange | None:
        """Put the right digit at (x, y) as one undoable move; None when it is there already."""
        index = self._white(x, y)
        solution = self._need_solution()
        if self.digits[index] == solution[index]:
            return None
        self.reveals_used += 1
        return self.apply(KakuroMove("digit", index, solution[index]))

    def _white(self, x: int, y: int) -> int:
        index = self.index_of(x, y)
        if index is None:
            raise ValueError(f"row {y + 1}, column {x + 1} is not a white cell")
        return index

    def _need_solution(self) -> list[int]:
        if self.solution is None:
            raise ValueError("the answer is not known yet (solve the puzzle first)")
        return self.solution

    # -- changing ----------------------------------------------------------------------------

    def _perform(self, move: KakuroMove) -> tuple[_Record, KakuroChange] | None:
        if not 0 <= move.cell < len(self.digits):
            return None
        index = move.cell
        digit, marks = self.digits[index], self.marks[index]
        if move.kind in ("digit", "reveal"):
            if not 0 <= move.digit <= 9:
                return None
            after = (move.digit, marks)
        elif move.kind == "pencil":
            if not 1 <= move.digit <= 9:
                return None
            after = (digit, marks ^ bit(move.digit))
        elif move.kind == "clear":
            after = (0, 0)
        else:
            return None
        if after == (digit, marks):
            return None
        record = (index, digit, marks, *after)
        return record, self._set(index, *after)

    def _revert(self, record: _Record) -> KakuroChange:
        index, digit, marks, _, _ = record
        return self._set(index, digit, marks)

    def _perform_again(self, record: _Record) -> tuple[_Record, KakuroChange]:
        index, _, _, digit, marks = record
        return record, self._set(index, digit, marks)

    def _set(self, index: int, digit: int, marks: int) -> KakuroChange:
        runs = self.puzzle.cell_runs[index]
        was_done = [self.run_is_done(run) for run in runs]
        self.digits[index] = digit
        self.marks[index] = marks
        completed = tuple(
            run
            for run, done in zip(runs, was_done, strict=True)
            if not done and self.run_is_done(run)
        )
        return KakuroChange((self.puzzle.white_cells[index],), completed, self.solved)

    # -- saving ------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": SESSION_KIND,
            "version": SESSION_VERSION,
            "puzzle": self.puzzle.fingerprint(),
            "digits": "".join(map(str, self.digits)),
            "marks": list(self.marks),
            "undo": [list(record) for record in self._undo],
            "redo": [list(record) for record in self._redo],
            "elapsed": round(self.elapsed, 3),
            "checks": self.checks_used,
            "reveals": self.reveals_used,
            "cursor": self.cursor,
        }

    @classmethod
    def from_json(
        cls,
        puzzle: KakuroPuzzle,
        data: object,
        solution: tuple[tuple[int, ...], ...] | None = None,
    ) -> KakuroSession:
        """The game saved in ``data``; :class:`KakuroSaveError` (one line) when it is not
        a save of this puzzle or is damaged."""
        if not isinstance(data, dict):
            raise KakuroSaveError("the saved game is not a JSON object")
        if data.get("kind") != SESSION_KIND:
            raise KakuroSaveError("the saved game is not a Kakuro game")
        if data.get("version") != SESSION_VERSION:
            raise KakuroSaveError(f"the saved game has version {data.get('version')!r}")
        if data.get("puzzle") != puzzle.fingerprint():
            raise KakuroSaveError("the saved game belongs to another puzzle")
        session = cls(puzzle, solution)
        count = puzzle.white_count
        digits = data.get("digits")
        if (
            not isinstance(digits, str)
            or len(digits) != count
            or not (digits.isascii() and digits.isdecimal())  # "²" passes isdigit()
        ):
            raise KakuroSaveError(f"the saved digits are not {count} digits 0-9")
        session.digits = [int(char) for char in digits]
        marks = data.get("marks")
        if (
            not isinstance(marks, list)
            or len(marks) != count
            or not all(_is_int(mark) and 0 <= mark <= ALL_DIGITS for mark in marks)
            or any(mark & 1 for mark in marks)
        ):
            raise KakuroSaveError(f"the saved pencil marks are not {count} digit masks")
        session.marks = list(marks)
        session._undo = _records(data.get("undo"), "undo", count)
        session._redo = _records(data.get("redo"), "redo", count)
        try:
            session.elapsed = read_seconds(
                data, "elapsed", "the saved time is not a number of seconds"
            )
        except SaveError as error:
            raise KakuroSaveError(str(error)) from None
        for key, attribute in (("checks", "checks_used"), ("reveals", "reveals_used")):
            value = data.get(key)
            if not _is_int(value) or not 0 <= value <= 10**9:
                raise KakuroSaveError(f"the saved {key} count is not a whole number")
            setattr(session, attribute, value)
        cursor = data.get("cursor")
        if cursor is not None and (not _is_int(cursor) or not 0 <= cursor < count):
            raise KakuroSaveError("the saved selected cell is not on the board")
        session.cursor = cursor
        return session


def _is_int(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _records(data: object, what: str, count: int) -> list[_Record]:
    if not isinstance(data, list) or len(data) > MAX_HISTORY:
        raise KakuroSaveError(f"the saved {what} history is not a list of moves")
    records: list[_Record] = []
    for item in data:
        if (
            not isinstance(item, list)
            or len(item) != 5
            or not all(_is_int(value) for value in item)
            or not 0 <= item[0] < count
            or not (0 <= item[1] <= 9 and 0 <= item[3] <= 9)
            or not (0 <= item[2] <= ALL_DIGITS and 0 <= item[4] <= ALL_DIGITS)
        ):
            raise KakuroSaveError(f"the saved {what} history holds a damaged move")
        records.append((item[0], item[1], item[2], item[3], item[4]))
    return records
