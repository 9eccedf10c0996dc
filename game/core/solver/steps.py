"""The values the solving engine yields, one per small piece of work.

A replay applies them in order to a grid of ``-1`` (unknown), ``0`` (empty) and ``1``
(filled), starting from a blank grid (or from the ``initial`` grid the engine was given), and
sees every board the engine saw. Coordinates in the fields are 0-based (``x`` is the column,
``y`` the row); :meth:`describe` speaks to people, so it counts from 1.

How each step changes the grid (see :func:`apply_step`):

- :class:`LineDeduced` sets its ``cells``; :class:`Guess`, :class:`ProbeStarted` and
  :class:`RuleDeduced` set one cell;
- :class:`Backtrack`, :class:`Backjump` and :class:`ProbeResult` clear their undone cells back
  to unknown (a backjump is a backtrack that skips levels: every cell set since the choice it
  jumps back to is cleared, whatever the depth it was set at);
- every other step leaves the grid alone (:class:`Learned` only records a rule: the cells it
  names keep their values, and the backjump that follows it clears them).

Learning: when a guess leads to a contradiction, the engine explains it (each cell set below
the root knows the line, or the learned rule, that forced it and the cells that line saw) down
to a few cells that cannot all hold together (:class:`Learned`), jumps back to the deepest
choice that rule still involves (:class:`Backjump`) and lets the rule set the one cell it then
forces (:class:`RuleDeduced`). Learned rules keep forcing cells later wherever all but one of
their cells hold.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np
import numpy.typing as npt

from game.core.cells import EMPTY_VALUE, FILLED_VALUE, UNKNOWN_VALUE
from game.core.i18n import N_, _, ngettext
from game.core.solver.result import SolveResult
from game.core.solving import BacktrackStep, FinishedStep, FoundStep, QuietStep

Axis = Literal["row", "column"]

# A cell change: (x, y, value) with value 0 (empty) or 1 (filled).
CellChange = tuple[int, int, int]
# A cell put back to unknown: (x, y).
CellPosition = tuple[int, int]

# Why a line gave cells, in words a replay can show.
REASON_TEXT: dict[str, str] = {
    "overlap": N_("by overlap"),
    "empty clue": N_("as its clue is 0"),
    "completed": N_("to complete the line"),
    "unreachable": N_("where no run can reach"),
    "forced": N_("from the known cells"),
    "probe": N_("by trying a cell"),
}


def _value_word(value: int) -> str:
    if value == FILLED_VALUE:
        return _("filled")
    if value == EMPTY_VALUE:
        return _("empty")
    if value == UNKNOWN_VALUE:
        return _("unknown")
    if value <= NOT_COLOUR:  # a colour struck off a colour puzzle's cell (not_value)
        return _("not {value}").format(value=_value_word(NOT_COLOUR - value))
    return _("colour {number}").format(number=value)  # a colour puzzle's


# A step's value for "the cell is not colour c" (a colour puzzle's probe or rule on one of a
# cell's planes, engine_state.EngineState.shown): NOT_COLOUR - c, below every real value and
# UNKNOWN_VALUE, so a grid never takes it (apply_step leaves the cell as it was).
NOT_COLOUR = -2


def not_value(colour: int) -> int:
    """The step value saying "not ``colour``"."""
    return NOT_COLOUR - colour


def _other(value: int) -> int:
    """The value a probe's contradiction proves: black and white's other value; in colour,
    "not c" for a colour c tried, c for "not c"."""
    if value <= NOT_COLOUR:
        return NOT_COLOUR - value
    if value in (EMPTY_VALUE, FILLED_VALUE):
        return FILLED_VALUE - value
    return not_value(value)


def cell_name(x: int, y: int) -> str:
    """A cell as players read it everywhere (hints, replay, commands): "row r, column c",
    counting from 1."""
    return _("row {row}, column {column}").format(row=y + 1, column=x + 1)


def _line_name(axis: Axis, index: int) -> str:
    """ "row 3", "column 5" (``index`` from 0)."""
    return (_("row {number}") if axis == "row" else _("column {number}")).format(number=index + 1)


def _at_depth(depth: int) -> str:
    return _(" at depth {depth}").format(depth=depth)


def _count_text(count: int, value: int) -> str:
    if value == FILLED_VALUE:
        text = ngettext("{count} cell filled", "{count} cells filled", count)
    else:
        text = ngettext("{count} cell crossed", "{count} cells crossed", count)
    return text.format(count=count)


@dataclass(frozen=True, slots=True)
class LineDeduced:
    """Line logic on one row or column set ``cells``; ``probe`` marks work inside a probe."""

    axis: Axis
    index: int
    cells: tuple[CellChange, ...]
    reason: str
    depth: int
    probe: bool = False

    def describe(self) -> str:
        # A colour puzzle's cells are colour numbers: any colour is a fill, 0 the background.
        filled = sum(1 for _x, _y, value in self.cells if value >= FILLED_VALUE)
        empty = len(self.cells) - filled
        parts = [
            _count_text(count, value)
            for count, value in ((filled, FILLED_VALUE), (empty, EMPTY_VALUE))
            if count
        ]
        # No cell settled: a colour line struck colours off its cells (black and white's line
        # steps always settle one).
        what = _(" and ").join(parts) if parts else _("colours ruled out")
        why = _(REASON_TEXT.get(self.reason, self.reason))
        text = f"{_line_name(self.axis, self.index)}: {what} {why}"
        if self.probe:
            text += _(" (inside a try)")
        elif self.depth:
            text += _at_depth(self.depth)
        return text


@dataclass(frozen=True, slots=True)
class LinesChecked(QuietStep):
    """Several lines were solved and gave nothing new: a heartbeat so no step runs long."""

    def describe(self) -> str:
        checked = ngettext(
            "checked {count} line, nothing new", "checked {count} lines, nothing new", self.count
        )
        return checked.format(count=self.count)


@dataclass(frozen=True, slots=True)
class RootSettled(QuietStep):
    """An unwatched solve's cells known before its first guess (or at its end, when it never
    guessed): what line logic and probing proved for every solution. ``cells`` is the engine's
    variables, ``planes`` a cell, row by row, one byte each: 0 unknown, 1 yes, 2 no (black and
    white: one a cell, "filled"; colour: "is the background", "is colour 1", ...). A watched
    solve tells the same cells through its :class:`LineDeduced` steps instead."""

    cells: bytes
    width: int
    height: int
    planes: int = 1

    def known(self) -> npt.NDArray[np.int8]:
        """The cells as a (height, width) grid of -1 (unknown) and the value each has (black
        and white: 0 empty, 1 filled; colour: its colour number, 0 the background)."""
        shape = (self.height, self.width, self.planes)
        codes = np.frombuffer(self.cells, dtype=np.uint8).reshape(shape)
        grid = np.full(shape[:2], -1, dtype=np.int8)
        if self.planes == 1:
            grid[codes[:, :, 0] == 1] = 1
            grid[codes[:, :, 0] == 2] = 0
            return grid
        yes = codes == 1
        settled = yes.any(axis=2)
        grid[settled] = yes.argmax(axis=2)[settled]
        return grid

    def describe(self) -> str:
        settled = int((self.known() >= 0).sum())
        return _("settled {count} cells before any guess").format(count=settled)


@dataclass(frozen=True, slots=True)
class Guess:
    """Search set a cell; ``depth`` is the number of open choices after it.

    ``alternative`` is the second way of a choice, tried after the first was exhausted; it
    opens no new choice, so its depth is one less than the first way's.
    """

    x: int
    y: int
    value: int
    depth: int
    alternative: bool = False

    def describe(self) -> str:
        cell = f"{cell_name(self.x, self.y)} {_value_word(self.value)}"
        if self.alternative:
            return _("the other way: {cell} at depth {depth}").format(cell=cell, depth=self.depth)
        return _("guess {cell} at depth {depth}").format(cell=cell, depth=self.depth)


@dataclass(frozen=True, slots=True)
class Contradiction:
    """A line (or, with ``axis`` None, a cell probed both ways) admits no placement.

    ``rule`` is the size of a learned rule whose cells all hold when the contradiction is
    that rule broken (``axis`` is None then); 0 otherwise.
    """

    axis: Axis | None
    index: int | None
    depth: int
    probe: bool = False
    rule: int = 0

    def describe(self) -> str:
        if self.rule:
            where = _("a learned rule about {count} cells is broken").format(count=self.rule)
        elif self.axis is None:
            where = _("a tried cell breaks a clue either way")
        else:
            line = _line_name(self.axis, self.index or 0)
            where = _("{line} cannot fit its clue").format(line=line)
        if self.probe:
            return where + _(" (inside a try)")
        return where + _at_depth(self.depth)


@dataclass(frozen=True, slots=True)
class Backtrack(BacktrackStep[CellPosition]):
    """Search went back to ``depth``: ``cells`` return to unknown."""


@dataclass(frozen=True, slots=True)
class Backjump:
    """A contradiction's explanation showed the choices after ``depth`` played no part in it:
    search jumped back from ``from_depth`` to ``depth`` at once, and ``cells`` (every cell set
    since that choice) return to unknown."""

    depth: int
    from_depth: int
    cells: tuple[CellPosition, ...]

    def describe(self) -> str:
        jumped = ngettext(
            "jumped back from depth {start} to depth {depth}: {count} cell undone",
            "jumped back from depth {start} to depth {depth}: {count} cells undone",
            len(self.cells),
        )
        return jumped.format(start=self.from_depth, depth=self.depth, count=len(self.cells))


@dataclass(frozen=True, slots=True)
class Learned:
    """A contradiction was explained: the ``cells`` (x, y, value) cannot all hold together,
    whatever else the grid holds. The rule is kept and used from now on; ``permanent`` marks
    a rule that shuts out a solution already counted (never forgotten)."""

    cells: tuple[CellChange, ...]
    depth: int
    permanent: bool = False

    def describe(self) -> str:
        count = len(self.cells)
        if self.permanent:
            return _(
                "counted that solution: its {count} guesses will not be made together again"
            ).format(count=count)
        if count == 1:
            x, y, value = self.cells[0]
            return _("learned: {cell} cannot be {value}").format(
                cell=cell_name(x, y), value=_value_word(value)
            )
        # A colour puzzle's cells are colour numbers: any colour is a fill, 0 the background.
        filled = sum(1 for _x, _y, value in self.cells if value >= FILLED_VALUE)
        if filled == count:
            what = _("filled")
        elif filled == 0:
            what = _("empty")
        else:
            what = _("as they are ({filled} filled, {empty} empty)").format(
                filled=filled, empty=count - filled
            )
        if count <= 3:
            names = ", ".join(f"({cell_name(x, y)})" for x, y, _value in self.cells)
            return _("learned: {cells} cannot all be {what}").format(cells=names, what=what)
        return _("learned: these {count} cells cannot all be {what}").format(count=count, what=what)


@dataclass(frozen=True, slots=True)
class RuleDeduced:
    """A learned rule set one cell: every other cell of the rule holds, so this one cannot.
    ``size`` is the rule's number of cells; ``probe`` marks work inside a probe."""

    x: int
    y: int
    value: int
    size: int
    depth: int
    probe: bool = False

    def describe(self) -> str:
        text = _("{cell} {value} by a learned rule about {count} cells").format(
            cell=cell_name(self.x, self.y), value=_value_word(self.value), count=self.size
        )
        if self.probe:
            return text + _(" (inside a try)")
        return text + _at_depth(self.depth)


@dataclass(frozen=True, slots=True)
class RulesForgotten:
    """The store of learned rules was full: the ``count`` least used were dropped and
    ``kept`` remain (a bounded store keeps propagation cheap; the grid is unchanged)."""

    count: int
    kept: int
    depth: int

    def describe(self) -> str:
        return _("forgot {count} little-used learned rules, {kept} kept").format(
            count=self.count, kept=self.kept
        )


@dataclass(frozen=True, slots=True)
class ProbeStarted:
    """Probing tentatively set one cell to see where it leads."""

    x: int
    y: int
    value: int
    depth: int

    def describe(self) -> str:
        return _("try {cell} {value}").format(
            cell=cell_name(self.x, self.y), value=_value_word(self.value)
        )


@dataclass(frozen=True, slots=True)
class ProbeResult:
    """A probe ended; its cells (``undone``, the probed cell included) return to unknown.

    ``outcome`` is ``"contradiction"`` when the tried value is impossible, ``"consistent"``
    when it led nowhere wrong, or ``"solved"`` when it completed the grid.
    """

    x: int
    y: int
    value: int
    outcome: str
    undone: tuple[CellPosition, ...]
    depth: int

    def describe(self) -> str:
        tried = _("tried {cell} {value}").format(
            cell=cell_name(self.x, self.y), value=_value_word(self.value)
        )
        if self.outcome == "contradiction":
            other = _value_word(_other(self.value))
            return _("{tried}: a clue breaks, so it must be {other}").format(
                tried=tried, other=other
            )
        if self.outcome == "solved":
            return _("{tried}: that completes the picture").format(tried=tried)
        # The probed cell itself is among the undone ones; "followed" counts the others.
        followed = max(0, len(self.undone) - 1)
        follow = ngettext(
            "{tried}: no contradiction, {count} cell would follow",
            "{tried}: no contradiction, {count} cells would follow",
            followed,
        )
        return follow.format(tried=tried, count=followed)


@dataclass(frozen=True, slots=True)
class SolutionFound(FoundStep):
    """The grid is complete and satisfies every clue; ``number`` counts from 1.

    :attr:`cells` holds the picture row by row, one byte a cell (1 filled, 0 empty);
    :attr:`grid` and :meth:`array` read it.
    """

    @property
    def cells(self) -> bytes:
        return self.data

    def array(self) -> npt.NDArray[np.bool_]:
        """The solution as a (height, width) boolean array."""
        codes = np.frombuffer(self.data, dtype=np.uint8).reshape(self.height, self.width)
        solution: npt.NDArray[np.bool_] = codes.astype(bool)
        return solution

    @property
    def grid(self) -> tuple[tuple[bool, ...], ...]:
        """The solution as rows of booleans."""
        return tuple(tuple(bool(cell) for cell in row) for row in self.rows)


@dataclass(frozen=True, slots=True)
class Finished(FinishedStep[SolveResult]):
    """The engine (or a seed's algorithm) stopped: ``result`` holds the verdict, the
    pictures found and the engine's figures."""


Step = (
    LineDeduced
    | LinesChecked
    | RootSettled
    | Guess
    | Contradiction
    | Backtrack
    | Backjump
    | Learned
    | RuleDeduced
    | RulesForgotten
    | ProbeStarted
    | ProbeResult
    | SolutionFound
    | Finished
)


def blank_grid(width: int, height: int) -> npt.NDArray[np.int8]:
    """The grid a replay starts from: every cell unknown."""
    return np.full((height, width), UNKNOWN_VALUE, dtype=np.int8)


def apply_step(grid: npt.NDArray[np.int8], step: Step) -> bool:
    """Update ``grid`` (int8, shape (height, width), -1/0/1) in place by ``step``.

    Returns whether any cell changed, so a replay knows when to redraw.
    """
    if isinstance(step, LineDeduced):
        for x, y, value in step.cells:
            grid[y, x] = value
        return bool(step.cells)
    if isinstance(step, Guess | ProbeStarted | RuleDeduced):
        if step.value < UNKNOWN_VALUE:  # "not colour c": the cell keeps what it showed
            return False
        grid[step.y, step.x] = step.value
        return True
    if isinstance(step, Backtrack | Backjump):
        for x, y in step.cells:
            grid[y, x] = UNKNOWN_VALUE
        return bool(step.cells)
    if isinstance(step, ProbeResult):
        for x, y in step.undone:
            grid[y, x] = UNKNOWN_VALUE
        return bool(step.undone)
    return False
