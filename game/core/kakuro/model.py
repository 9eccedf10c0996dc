"""The Kakuro puzzle: black cells carrying sums, white cells taking the digits 1 to 9.

A board is ``width`` x ``height`` cells. Each white cell belongs to exactly one *across* run
(the white cells between two black cells or edges in its row) and one *down* run (in its
column); a run has 2 to 9 cells and its sum sits on the black cell just before it (left of
an across run, above a down run). Digits in a run are distinct and add up to its sum.

Coordinates are ``(x, y)``, 0-based, x the column; whatever a player reads counts from 1
("row 4, column 2"), as everywhere in the game. The model is frozen and validated on
construction; a :class:`KakuroError` message is one sentence for players.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import Literal

from game.core.i18n import _
from game.core.kakuro.combos import MAX_RUN, number_word, total_range

MIN_SIZE = 3
MAX_SIZE = 32

Axis = Literal["across", "down"]
CellPosition = tuple[int, int]
# Row-major digits of a solution or a board: 0 on black (or empty) cells, 1-9 on white.
DigitRows = tuple[tuple[int, ...], ...]


class KakuroError(ValueError):
    """A board that cannot be a Kakuro; the message is for players, in their language.
    ``about_solution``: the fault is in the solution given, not in the board (a file's
    reader names the solution's line)."""

    def __init__(self, message: str, *, about_solution: bool = False) -> None:
        super().__init__(message)
        self.about_solution = about_solution


def cell_name(x: int, y: int) -> str:
    return _("row {row}, column {column}").format(row=y + 1, column=x + 1)


@dataclass(frozen=True)
class Run:
    """One run: its sum (``total``), where the sum sits (``x``, ``y``: the black cell) and
    its white ``cells`` in order (left to right, or top to bottom)."""

    index: int
    axis: Axis
    x: int
    y: int
    total: int
    cells: tuple[CellPosition, ...]

    @property
    def length(self) -> int:
        return len(self.cells)

    @property
    def name(self) -> str:
        """How a player finds the run: "row 4 from column 3" or "column 5 from row 2"."""
        first_x, first_y = self.cells[0]
        if self.axis == "across":
            return _("row {row} from column {column}").format(row=first_y + 1, column=first_x + 1)
        return _("column {column} from row {row}").format(column=first_x + 1, row=first_y + 1)

    @property
    def sum_text(self) -> str:
        """ "sum 7 in three cells"."""
        return _("sum {total} in {count} cells").format(
            total=self.total, count=number_word(self.length)
        )


@dataclass(frozen=True)
class KakuroPuzzle:
    """A Kakuro board, validated on construction.

    ``white[y][x]`` says which cells take digits; ``across[y][x]`` and ``down[y][x]`` are the
    sums on black cells (0 where a black cell has none). ``solution``, when given, is the
    digit of every white cell (0 on black ones) and must satisfy every run.
    """

    width: int
    height: int
    white: tuple[tuple[bool, ...], ...]
    across: tuple[tuple[int, ...], ...]
    down: tuple[tuple[int, ...], ...]
    title: str = ""
    author: str = ""
    solution: DigitRows | None = None
    # Keys of the file the model does not use (difficulty, seed, license...), written back.
    extra: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for what, value in (("width", self.width), ("height", self.height)):
            if isinstance(value, bool) or not isinstance(value, int):
                raise KakuroError(f"the {what} must be a whole number, not {value!r}")
            if not MIN_SIZE <= value <= MAX_SIZE:
                template = (
                    _("the width must be {low} to {high}, not {value}")
                    if what == "width"
                    else _("the height must be {low} to {high}, not {value}")
                )
                raise KakuroError(template.format(low=MIN_SIZE, high=MAX_SIZE, value=value))
        object.__setattr__(self, "white", _bool_rows(self.white, self, "the white cells"))
        object.__setattr__(self, "across", _int_rows(self.across, self, "the across sums"))
        object.__setattr__(self, "down", _int_rows(self.down, self, "the down sums"))
        self._check_cells()
        runs = self.runs  # builds and checks every run
        if self.solution is not None:
            solution = _int_rows(self.solution, self, "the solution")
            object.__setattr__(self, "solution", solution)
            self._check_solution(solution, runs)

    # -- validation ----------------------------------------------------------------------

    def _check_cells(self) -> None:
        for y in range(self.height):
            for x in range(self.width):
                across, down = self.across[y][x], self.down[y][x]
                if self.white[y][x]:
                    if across or down:
                        reason = _("{cell} is white but carries a sum")
                        raise KakuroError(reason.format(cell=cell_name(x, y)))
                    continue
                for template, total in (
                    (_("{cell}: an across sum cannot be negative"), across),
                    (_("{cell}: a down sum cannot be negative"), down),
                ):
                    if total < 0:
                        raise KakuroError(template.format(cell=cell_name(x, y)))

    def _check_solution(self, solution: DigitRows, runs: tuple[Run, ...]) -> None:
        for y, row in enumerate(solution):
            for x, digit in enumerate(row):
                if self.white[y][x] and not 1 <= digit <= 9:
                    reason = _("the solution has no digit 1-9 at {cell}")
                    raise KakuroError(reason.format(cell=cell_name(x, y)), about_solution=True)
                if not self.white[y][x] and digit:
                    reason = _("the solution puts a digit on black {cell}")
                    raise KakuroError(reason.format(cell=cell_name(x, y)), about_solution=True)
        for run in runs:
            digits = [solution[y][x] for x, y in run.cells]
            if len(set(digits)) != len(digits):
                reason = _("the solution repeats a digit in {run}").format(run=run.name)
                raise KakuroError(reason, about_solution=True)
            if sum(digits) != run.total:
                reason = _("the solution's {run} adds up to {sum}, not {total}").format(
                    run=run.name, sum=sum(digits), total=run.total
                )
                raise KakuroError(reason, about_solution=True)

    # -- derived -------------------------------------------------------------------------

    @cached_property
    def runs(self) -> tuple[Run, ...]:
        """Every run: the across runs in reading order of their sums, then the down runs."""
        runs: list[Run] = []
        for axis in ("across", "down"):
            step = (1, 0) if axis == "across" else (0, 1)
            sums = self.across if axis == "across" else self.down
            for y in range(self.height):
                for x in range(self.width):
                    run = self._run_after(x, y, axis, step, sums[y][x], len(runs))
                    if run is not None:
                        runs.append(run)
        self._check_covered(runs)
        return tuple(runs)

    def _run_after(
        self, x: int, y: int, axis: Axis, step: CellPosition, total: int, index: int
    ) -> Run | None:
        """The run starting after cell (x, y) in ``axis``, checked; None when there is none."""
        if self.white[y][x]:
            return None
        cells: list[CellPosition] = []
        cx, cy = x + step[0], y + step[1]
        while cx < self.width and cy < self.height and self.white[cy][cx]:
            cells.append((cx, cy))
            cx, cy = cx + step[0], cy + step[1]
        where = cell_name(x, y)
        if not cells:
            if total:
                template = (
                    _("{cell} has across sum {total} but no white cells follow")
                    if axis == "across"
                    else _("{cell} has down sum {total} but no white cells follow")
                )
                raise KakuroError(template.format(cell=where, total=total))
            return None
        if not total:
            reason = (
                _("{cell} starts an across run of white cells but has no sum")
                if axis == "across"
                else _("{cell} starts a down run of white cells but has no sum")
            )
            raise KakuroError(reason.format(cell=where))
        length = len(cells)
        if not 2 <= length <= MAX_RUN:
            template = (
                _("{cell}: the across run has {length} cells; runs need 2 to {most}")
                if axis == "across"
                else _("{cell}: the down run has {length} cells; runs need 2 to {most}")
            )
            raise KakuroError(template.format(cell=where, length=length, most=MAX_RUN))
        low, high = total_range(length)
        if not low <= total <= high:
            reason = _(
                "{cell}: {count} different digits cannot add up to {total} (only {low} to {high})"
            ).format(cell=where, count=number_word(length), total=total, low=low, high=high)
            raise KakuroError(reason)
        return Run(index, axis, x, y, total, tuple(cells))

    def _check_covered(self, runs: list[Run]) -> None:
        # A white cell at the left or top edge has no black cell before it: no sum to read.
        counts: dict[CellPosition, int] = {}
        for run in runs:
            for cell in run.cells:
                counts[cell] = counts.get(cell, 0) + 1
        for y in range(self.height):
            for x in range(self.width):
                if self.white[y][x] and counts.get((x, y), 0) != 2:
                    reason = _("{cell} is white but is not in both an across and a down run")
                    raise KakuroError(reason.format(cell=cell_name(x, y)))

    @cached_property
    def white_cells(self) -> tuple[CellPosition, ...]:
        """The white cells in reading order; a cell's place here is its *white index*."""
        return tuple(
            (x, y) for y in range(self.height) for x in range(self.width) if self.white[y][x]
        )

    @cached_property
    def white_index(self) -> dict[CellPosition, int]:
        return {cell: index for index, cell in enumerate(self.white_cells)}

    @cached_property
    def cell_runs(self) -> tuple[tuple[int, int], ...]:
        """For each white index: (its across run's index, its down run's index)."""
        across = [0] * len(self.white_cells)
        down = [0] * len(self.white_cells)
        index = self.white_index
        for run in self.runs:
            target = across if run.axis == "across" else down
            for cell in run.cells:
                target[index[cell]] = run.index
        return tuple(zip(across, down, strict=True))

    @cached_property
    def run_whites(self) -> tuple[tuple[int, ...], ...]:
        """For each run: the white indices of its cells, in order."""
        index = self.white_index
        return tuple(tuple(index[cell] for cell in run.cells) for run in self.runs)

    @property
    def size_text(self) -> str:
        return f"{self.width}x{self.height}"

    @property
    def white_count(self) -> int:
        return len(self.white_cells)

    def is_white(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height and self.white[y][x]

    def fingerprint(self) -> str:
        """A stable key for progress records: the layout and the sums (never the title).

        Prefixed so that no Kakuro key can equal a nonogram's."""
        cached: str | None = self.__dict__.get("_fingerprint")
        if cached is not None:
            return cached
        cells = "/".join(
            ",".join(
                "." if self.white[y][x] else f"{self.down[y][x]}\\{self.across[y][x]}"
                for x in range(self.width)
            )
            for y in range(self.height)
        )
        text = f"kakuro|{self.width}x{self.height}|{cells}"
        cached = "k" + hashlib.sha1(text.encode("ascii")).hexdigest()[:15]
        self.__dict__["_fingerprint"] = cached
        return cached

    def is_solution(self, digits: Sequence[Sequence[int]]) -> bool:
        """Whether ``digits`` (rows, 0 on black cells) fills every run correctly."""
        rows = [list(row) for row in digits]
        if len(rows) != self.height or any(len(row) != self.width for row in rows):
            return False
        for run in self.runs:
            values = [rows[y][x] for x, y in run.cells]
            if not all(1 <= value <= 9 for value in values):
                return False
            if len(set(values)) != len(values) or sum(values) != run.total:
                return False
        return True

    def with_solution(self, solution: DigitRows | None) -> KakuroPuzzle:
        return KakuroPuzzle(
            self.width,
            self.height,
            self.white,
            self.across,
            self.down,
            title=self.title,
            author=self.author,
            solution=solution,
            extra=self.extra,
        )


def _check_shape(rows: Sequence[Sequence[object]], puzzle: KakuroPuzzle, what: str) -> None:
    if len(rows) != puzzle.height or any(len(row) != puzzle.width for row in rows):
        raise KakuroError(
            f"{what} do not make a {puzzle.width}x{puzzle.height} board",
            about_solution=what == "the solution",
        )


def _bool_rows(
    rows: Sequence[Sequence[object]], puzzle: KakuroPuzzle, what: str
) -> tuple[tuple[bool, ...], ...]:
    _check_shape(rows, puzzle, what)
    return tuple(tuple(bool(value) for value in row) for row in rows)


def _int_rows(
    rows: Sequence[Sequence[object]], puzzle: KakuroPuzzle, what: str
) -> tuple[tuple[int, ...], ...]:
    _check_shape(rows, puzzle, what)
    out: list[tuple[int, ...]] = []
    for row in rows:
        values: list[int] = []
        for value in row:
            if isinstance(value, bool) or not isinstance(value, int):
                raise KakuroError(
                    f"{what}: {value!r} is not a whole number",
                    about_solution=what == "the solution",
                )
            values.append(int(value))
        out.append(tuple(values))
    return tuple(out)


def from_digits(
    white: Sequence[Sequence[bool]],
    digits: Sequence[Sequence[int]],
    *,
    title: str = "",
    author: str = "",
    extra: tuple[tuple[str, str], ...] = (),
) -> KakuroPuzzle:
    """The puzzle whose sums are those of ``digits`` on the ``white`` cells (a generator's
    and a test's way in), with the digits as its solution."""
    height = len(white)
    width = len(white[0]) if height else 0
    across = [[0] * width for _ in range(height)]
    down = [[0] * width for _ in range(height)]
    for y in range(height):
        for x in range(width):
            if white[y][x]:
                continue
            cx = x + 1
            while cx < width and white[y][cx]:
                across[y][x] += digits[y][cx]
                cx += 1
            cy = y + 1
            while cy < height and white[cy][x]:
                down[y][x] += digits[cy][x]
                cy += 1
    solution = tuple(
        tuple(digits[y][x] if white[y][x] else 0 for x in range(width)) for y in range(height)
    )
    return KakuroPuzzle(
        width,
        height,
        tuple(tuple(map(bool, row)) for row in white),
        tuple(map(tuple, across)),
        tuple(map(tuple, down)),
        title=title,
        author=author,
        solution=solution,
        extra=extra,
    )
