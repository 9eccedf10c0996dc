"""A Kakuro typed in from a book, as it is typed: the layout of black and white cells and the
sums, checked as they change (the Kakuro entry screen's model; no pygame).

A :class:`KakuroDraft` is mutable: cells turn black or white, sums are typed into *slots*. A
slot is a black cell's across or down place that has white cells after it (a run starts
there); a sum typed where no run starts is not kept. The draft says what stands in the way
of a puzzle, one line each (:meth:`KakuroDraft.problems`: a white cell on the top or left
edge or outside a run, a run of one cell or of more than nine, a sum that its cells cannot
make, a sum not typed yet), and once there are none :meth:`KakuroDraft.puzzle` is the
:class:`~game.core.kakuro.model.KakuroPuzzle` to solve, save and play. What its solutions
are (one, none, several) the screen asks the Kakuro solver a slice a frame, as the clue
editor does for nonograms.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.core.i18n import _, ngettext
from game.core.kakuro.combos import MAX_RUN, number_word, total_range
from game.core.kakuro.fileformat import write_kakuro
from game.core.kakuro.model import (
    MAX_SIZE,
    MIN_SIZE,
    Axis,
    CellPosition,
    KakuroError,
    KakuroPuzzle,
    cell_name,
)
from game.core.kakuro.result import KakuroResult
from game.core.store.fileio import free_path

MAX_ENTRY_SIZE = min(16, MAX_SIZE)  # books print up to about 15x15; the model takes 32
MAX_SUM = 45
AXES: tuple[Axis, Axis] = ("across", "down")


@dataclass(frozen=True)
class Slot:
    """Where a sum goes: the black cell (``x``, ``y``), the ``axis`` of the run after it, and
    that run's white ``cells``."""

    x: int
    y: int
    axis: Axis
    cells: tuple[CellPosition, ...]

    @property
    def key(self) -> tuple[int, int, Axis]:
        return (self.x, self.y, self.axis)

    @property
    def name(self) -> str:
        """ "the across sum at row 2, column 1"."""
        where = cell_name(self.x, self.y)
        if self.axis == "across":
            return _("the across sum at {cell}").format(cell=where)
        return _("the down sum at {cell}").format(cell=where)


class KakuroDraft:
    """A board being typed in: ``white[y][x]`` and the sums by slot key."""

    def __init__(self, width: int = 8, height: int = 8) -> None:
        self.width = 0
        self.height = 0
        self.white: list[list[bool]] = []
        self.sums: dict[tuple[int, int, Axis], int] = {}
        self.resize(width, height)

    # -- editing -------------------------------------------------------------------------

    def resize(self, width: int, height: int) -> None:
        """A new size, the cells kept where they still are; new cells are white, except the
        top row and left column, which a Kakuro keeps black (the sums of the first runs)."""
        width = max(MIN_SIZE, min(MAX_ENTRY_SIZE, width))
        height = max(MIN_SIZE, min(MAX_ENTRY_SIZE, height))
        old = self.white
        self.white = [
            [
                old[y][x] if y < len(old) and x < len(old[y]) else (x > 0 and y > 0)
                for x in range(width)
            ]
            for y in range(height)
        ]
        self.width, self.height = width, height
        self._drop_stray_sums()

    def set_white(self, x: int, y: int, white: bool) -> None:
        if self.white[y][x] != white:
            self.white[y][x] = white
            self._drop_stray_sums()

    def toggle(self, x: int, y: int) -> None:
        """Black to white or back."""
        self.set_white(x, y, not self.white[y][x])

    def set_sum(self, x: int, y: int, axis: Axis, total: int | None) -> bool:
        """Type ``total`` (None: clear it) into the slot at (x, y); False when no run starts
        there in that direction (nothing kept)."""
        key = (x, y, axis)
        if self.slot(x, y, axis) is None:
            return False
        if total is None:
            self.sums.pop(key, None)
        else:
            self.sums[key] = max(0, min(MAX_SUM, total))
        return True

    def _drop_stray_sums(self) -> None:
        """Sums whose run went away (its cell turned white, its cells black) go too."""
        self.sums = {key: total for key, total in self.sums.items() if self.slot(*key)}

    # -- reading -------------------------------------------------------------------------

    def slot(self, x: int, y: int, axis: Axis) -> Slot | None:
        """The slot at black cell (x, y) for ``axis``: None when the cell is white or no white
        cell follows it that way."""
        if not (0 <= x < self.width and 0 <= y < self.height) or self.white[y][x]:
            return None
        dx, dy = (1, 0) if axis == "across" else (0, 1)
        cells: list[CellPosition] = []
        cx, cy = x + dx, y + dy
        while cx < self.width and cy < self.height and self.white[cy][cx]:
            cells.append((cx, cy))
            cx, cy = cx + dx, cy + dy
        return Slot(x, y, axis, tuple(cells)) if cells else None

    def slots(self) -> list[Slot]:
        """Every slot in reading order of its black cell, across before down."""
        found: list[Slot] = []
        for y in range(self.height):
            for x in range(self.width):
                for axis in AXES:
                    slot = self.slot(x, y, axis)
                    if slot is not None:
                        found.append(slot)
        return found

    def slot_problem(self, slot: Slot) -> str | None:
        """Why ``slot``'s run cannot be (too short, too long, a sum it cannot make), or None.
        A sum not typed yet is not a problem of the slot's (the draft lists it)."""
        length = len(slot.cells)
        if length < 2:
            return _("{sum}: a run needs at least two white cells").format(sum=slot.name)
        if length > MAX_RUN:
            return _("{sum}: a run has at most {most} cells, not {count}").format(
                sum=slot.name, most=MAX_RUN, count=length
            )
        total = self.sums.get(slot.key)
        if total is None:
            return None
        low, high = total_range(length)
        if not low <= total <= high:
            return _(
                "{sum}: {count} different digits cannot add up to {total} (only {low} to {high})"
            ).format(sum=slot.name, count=number_word(length), total=total, low=low, high=high)
        return None

    def problems(self) -> list[str]:
        """What stands in the way of a puzzle, one sentence each (empty: ready)."""
        found: list[str] = []
        covered: dict[CellPosition, int] = {}
        slots = self.slots()
        for slot in slots:
            for cell in slot.cells:
                covered[cell] = covered.get(cell, 0) + 1
            problem = self.slot_problem(slot)
            if problem is not None:
                found.append(problem)
        whites = [(x, y) for y in range(self.height) for x in range(self.width) if self.white[y][x]]
        if not whites:
            found.append(_("Right-click (or Space) cells to make them white: no white cells yet."))
        for x, y in whites:
            if covered.get((x, y), 0) != 2:
                found.append(_("{cell} is white but has no black cell before it in its row or "
                               "column").format(cell=cell_name(x, y)))  # fmt: skip
        count = self.missing_sums(slots)
        if count:
            found.append(
                ngettext("{count} sum still to type", "{count} sums still to type", count).format(
                    count=count
                )
            )
        return found

    def missing_sums(self, slots: list[Slot] | None = None) -> int:
        """How many runs have no sum typed yet."""
        every = self.slots() if slots is None else slots
        return sum(1 for slot in every if slot.key not in self.sums)

    @property
    def ready(self) -> bool:
        return not self.problems()

    @property
    def blank(self) -> bool:
        """Nothing typed yet (the layout may have changed: that alone is no work to lose)."""
        return not self.sums

    def puzzle(self, title: str = "", author: str = "") -> KakuroPuzzle:
        """The puzzle typed in; KakuroError (one sentence) while it is not a whole one."""
        problems = self.problems()
        if problems:
            raise KakuroError(problems[0])
        across = [[0] * self.width for _ in range(self.height)]
        down = [[0] * self.width for _ in range(self.height)]
        for (x, y, axis), total in self.sums.items():
            (across if axis == "across" else down)[y][x] = total
        return KakuroPuzzle(
            self.width,
            self.height,
            tuple(tuple(row) for row in self.white),
            tuple(tuple(row) for row in across),
            tuple(tuple(row) for row in down),
            title=title,
            author=author,
        )


def differing_cells(
    first: tuple[tuple[int, ...], ...], second: tuple[tuple[int, ...], ...]
) -> frozenset[CellPosition]:
    """The cells where two solutions (rows of digits) differ: what can go more than one way."""
    return frozenset(
        (x, y)
        for y, (row_a, row_b) in enumerate(zip(first, second, strict=True))
        for x, (a, b) in enumerate(zip(row_a, row_b, strict=True))
        if a != b
    )


def report_lines(result: KakuroResult | None, *, checking: bool) -> list[tuple[str, str]]:
    """What the entry screen's report says of the solver's verdict, as (kind, text): one
    solution, several (the cells that differ are hatched), none, or not decided."""
    if result is None:
        return [("info", _("Solving…"))] if checking else []
    if result.status == "unique":
        return [("good", "✓ " + _("One solution: a fair puzzle."))]
    if result.status == "multiple":
        count = len(differing_cells(*result.solutions[:2]))
        more = _("More than one solution: at least {count} cells can go either way.")
        return [
            ("bad", "✗ " + more.format(count=count)),
            ("info", _("They are hatched on the board. Check the sums against the book.")),
        ]
    if result.status == "none":
        return [("bad", "✗ " + _("No solution: no digits fit all these sums. Look for a typo."))]
    return [("warning", "? " + _("Not decided in time: the solver gave up first."))]


def save_kakuro(
    puzzle: KakuroPuzzle, folder: Path, path: Path | None = None, tag: str = ""
) -> Path:
    """Write ``puzzle`` as a ``.kak`` into ``folder`` (made when missing): to ``path`` when
    given (saved before), else to a new file named from its title with ``tag`` after it,
    never over another file. OSError when it cannot be written."""
    from game.core.create.editor import file_stem_for

    folder.mkdir(parents=True, exist_ok=True)
    if path is None:
        stem = file_stem_for(puzzle.title) if puzzle.title else "my-kakuro"
        path = free_path(folder, stem + tag, suffix=".kak")
    write_kakuro(puzzle, path)
    return path
