"""The engine's board: the state every other engine part works on.

:class:`EngineState` holds the two views of the grid (rows and columns as bytearrays of the
line solver's codes, a cell's variables cell by cell: :mod:`~game.core.solver.plane_line`),
the trail of variables set in order, the queue of lines to solve and the engine's clock, and
sets and undoes variables. Line propagation (:mod:`~game.core.solver.engine_propagate`),
probing (:mod:`~game.core.solver.engine_probe`) and search (:mod:`~game.core.solver.engine`)
build on it.
"""

from __future__ import annotations

from array import array
from collections import deque
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.cells import EMPTY, EMPTY_VALUE, FILLED, FILLED_VALUE, UNKNOWN
from game.core.puzzle import Puzzle
from game.core.solver import nogoods as nogood_rules
from game.core.solver.kernel import nogood_store
from game.core.solver.kernel import propagator as compiled_propagator
from game.core.solver.kernel_state import KernelState
from game.core.solver.line import WIDE_LINE, LineSolver
from game.core.solver.nogoods import NogoodStore, RuleStore
from game.core.solver.options import SolveOptions
from game.core.solver.plane_line import PlaneLineSolver, plane_count
from game.core.solver.steps import (
    Axis,
    CellChange,
    CellPosition,
    not_value,
)

# Contradictions in a run of the search before a restart, times the Luby sequence's term.
# TAAI 2011 #900-#999 at 10 s (CPU s, one run each under load): unit 32 259 s, 7 timeouts;
# unit 100 209 s, 3 timeouts (64 and 200 were worse on #950-#999).
RESTART_UNIT = 100
# Unproductive line solves in a row before a heartbeat step, so no step runs long.
HEARTBEAT_LINES = 48
# Lines solved between two looks at the clock: the work is counted and the work limit
# checked there.
CLOCK_EVERY = 16
# Lines between two readings of the time itself (a multiple of CLOCK_EVERY). A CPU-time
# clock is a system call (about a microsecond): read every 16 lines it was a tenth of a
# search-heavy compiled solve (TAAI 2011, the 81 questions slowest against LalaFrogKK);
# 256 lines are at most a few milliseconds of the compiled engine's work.
CLOCK_READ_EVERY = 256
# Lines looked at between two heartbeats of an unwatched solve (``EngineState.beat``), so a
# verdict caller that slices its work by time still gets a step now and then: about 1 ms of
# the compiled engine's work, and of pure Python's at PURE_WORK_BEAT. Heartbeats change no
# result, only where a slice may end.
WORK_BEAT = 512
PURE_WORK_BEAT = 64

STEP_VALUE = (0, FILLED_VALUE, EMPTY_VALUE)  # indexed by the engine's cell codes
OTHER = (0, EMPTY, FILLED)
# Engine cell codes -> 1 for filled, 0 otherwise.
FILLED_BITS = bytes.maketrans(b"\x00\x01\x02", b"\x00\x01\x00")

# A trail entry packs a cell and its code: index * 4 + code (codes are 1 and 2).
CODE_BITS = 2
CODE_MASK = 3

# A branching choice: the variable, the value to try first, the value to try second.
Branch = tuple[int, int, int]

# Why a cell is set (``EngineState.reason``): a line id (0 and up) when that line's solve
# forced it, or one of these.
DECIDED = -1  # a guess, a probe, a cell probing proved, or a cell of the initial grid
BY_RULE = -2  # a learned nogood forced it (``EngineState.rule`` names which)
BY_PROBES = -3  # below the root, both ways of a probe forced it (the guesses above explain it)


# ``EngineState.probe_from`` when no failed lookahead probe is being learned from.
NO_PROBE = 1 << 62

# What the compiled propagator's run() stopped at (_kernel_propagate.h); EV_CLOCK (6) is
# only a look at the clock.
EV_DONE = 0
EV_LINE_CONFLICT = 1
EV_RULE_BROKEN = 2
EV_RULE_FORCED = 3
EV_LINE_DEDUCED = 4
EV_HEARTBEAT = 5

# propagate()'s answer when a learned nogood broke (line ids are 0 and up, -1 is "no
# contradiction").
BROKEN_RULE = -2

# What probing one cell found: the trail entries it proves (one way contradicted: the other
# way and its deductions; both consistent: what both ways agree on) as packed unsigned ints,
# how many cells each way deduced, the lines its probes looked at (packed unsigned shorts),
# and the tick then. Bytes and ints only: long-lived records give the garbage collector
# nothing to walk.
ProbeRecord = tuple[bytes, int, int, bytes, int]


class EngineTimeout(Exception):
    """Raised inside the engine when its time is up; turned into an ``unknown`` verdict."""


class EngineState:
    """The grid, the trail, the line queue and the clock, with line propagation."""

    def __init__(self, puzzle: Puzzle, options: SolveOptions) -> None:
        self.puzzle = puzzle
        self.clock = clock = options.clock
        self.width = width = puzzle.width
        self.height = height = puzzle.height
        self.max_solutions = options.max_solutions
        self.timeout = options.timeout
        initial = options.initial
        # Variables a cell (plane_line.py): black and white one ("filled"), colour one a
        # colour and one for the background. A line is its cells' variables, cell by cell.
        self.planes = planes = plane_count(puzzle.colour_count)
        self.solver: LineSolver
        # Each line's clue: run lengths, or (length, colour) runs.
        self.clues: list[Any]
        if planes == 1:
            self.solver = LineSolver()
            self.clues = list(puzzle.row_clues) + list(puzzle.column_clues)
        else:
            self.solver = PlaneLineSolver(planes)
            self.clues = puzzle.line_runs()
        self.caches = [self.solver.cache_for(clue) for clue in self.clues]  # type: ignore[arg-type]
        self.row_length = width * planes
        self.rows = [bytearray(width * planes) for _ in range(height)]
        self.columns = [bytearray(height * planes) for _ in range(width)]
        # A variable's place in a line -> its cell's place and its plane.
        self.split = [divmod(at, planes) for at in range(max(width, height) * planes)]
        # Rows then columns, by line id (the same bytearrays).
        self.lines = self.rows + self.columns
        # Bytes per index in a cached outcome of each line (see line.pack_outcome).
        self.units = [1 if len(line) < WIDE_LINE else 2 for line in self.lines]
        self.unknown = width * height * planes
        cells = width * height * planes
        # The grid a third time, flat by variable ((y * width + x) * planes + plane): what
        # nogoods read.
        self.cells = bytearray(cells)
        # Per cell, while it is set: the number of open choices when it was set (its level),
        # its trail position, why it was set (a line id, DECIDED or BY_RULE) and, for a line,
        # the trail length when that line was solved: the line's cells set before that are
        # the ones its solve saw, so they explain this cell.
        self.level = array("i", [0]) * cells
        self.position = array("i", [-1]) * cells
        self.reason = array("i", [DECIDED]) * cells
        self.seen_before = array("i", [0]) * cells
        # The value each cell last had in search (phase saving: a restart or a backjump
        # retries the values that were working).
        self.phase = bytearray(cells)
        # While a failed lookahead probe is learned from, the trail position where its cells
        # begin: they describe a contradiction, so undoing them saves no phase.
        self.probe_from = NO_PROBE
        # The most cells ever set when a contradiction came, and those cells (codes by cell
        # index): the assignment that got furthest, which each restart takes as its phases.
        self.best_length = 0
        self.best_cells = b""
        # Trail entries (index * 4 + code) in the order cells were set; undo pops them.
        self.trail: list[int] = []
        # Open choices: (x, y, the value still to try, trail length before the choice).
        self.choices: list[tuple[int, int, int, int]] = []
        self.queue: deque[int] = deque()
        # The learned nogoods: the compiled store where the compiled propagator runs (it
        # reads that store's arrays), else the pure one. Either hands out its own kind of
        # nogood (an object, or a number), which the engine only gives back to it.
        compiled = nogood_store(self.cells, nogood_rules.FIRST_LIMIT)
        self.nogoods: RuleStore = (
            compiled if compiled is not None else NogoodStore(self.cells, self.trail)
        )
        # The nogood that broke in the last propagation that returned BROKEN_RULE.
        self.broken: object = None
        # Cells learned nogoods forced in the current propagation, for its steps.
        self.ruled: list[int] = []
        self.queued = bytearray(width + height)
        self.line_round = [0] * (width + height)
        # The tick of the last real change per line, and the lines the current probe saw.
        self.tick = 0
        self.line_stamp = [0] * (width + height)
        # How often each line contradicted (in probes or search): the branching weight.
        self.line_weight = [1] * (width + height)
        self.visited: list[int] = []
        # Probe results by cell index, kept across the whole search; see probe().
        self.records: dict[int, ProbeRecord] = {}
        self.solutions: list[npt.NDArray[np.bool_]] = []
        # A colour puzzle's solutions as colour numbers, in the same order.
        self.colour_grids: list[npt.NDArray[np.int8]] = []
        # Every solution found (its rows' bytes): a restart may meet one again.
        self.seen: set[bytes] = set()
        # Restarts: contradictions allowed in this run, met so far, and the value order.
        self.restart_limit = RESTART_UNIT
        self.run_conflicts = 0
        self.restarts = 0
        self.prefer_richer = True
        self.spent = 0.0
        self.countdown = CLOCK_EVERY
        # The work done, in lines looked at (solved or answered from a cache), counted
        # CLOCK_EVERY at a time where the clock is read: both engines read it at the same
        # lines, so a ``work_limit`` ends a solve at the same place on either (see
        # _check_clock). ``beat`` asks for a heartbeat every ``beat_every`` lines.
        self.work = 0
        self.work_limit = options.work_limit
        self.beat = False
        self.resumed = clock()
        self.probes = 0
        self.probe_fixes = 0
        # The effort a player's solve takes, counted as EffortMeter counts it from the steps
        # (insights, cells shown after probing began; see Prober._fix), and whether the last
        # thing done was a fresh probe.
        self.insights = 0
        self.probed_cells = 0
        self.after_probe = False
        self.guesses = 0
        self.backtracks = 0
        self.max_depth = 0
        self.rounds = 0
        self.stalled = False
        self.first_solution_depth: int | None = None
        self.used_probing_first = False
        # Probing at the root and lookahead below it (off only in tests, to make search and
        # learning do all the work).
        self.probing = True
        # Whether someone watches the steps of propagation (the replay, the race, hints):
        # the compiled propagator then stops at each; a verdict caller asks for none.
        self.watching = options.watch
        if initial is not None:
            self._set_initial(initial)
        # The compiled propagation loop over this state (kernel.py), or None: pure Python.
        made = compiled_propagator()
        self.propagator = made(self.kernel_state()) if made is not None else None
        self.beat_every = WORK_BEAT if self.propagator is not None else PURE_WORK_BEAT
        # Watched, a step comes every few lines and its reader's time counts (a command's
        # deadline): the time is read at every look then.
        self.read_every = CLOCK_EVERY if self.watching else CLOCK_READ_EVERY

    def kernel_state(self) -> KernelState:
        """The objects the compiled propagator works on in place, by position."""
        return KernelState(
            self.lines,
            self.cells,
            self.queued,
            self.level,
            self.position,
            self.reason,
            self.seen_before,
            self.trail,
            self.queue,
            self.line_round,
            self.line_stamp,
            self.line_weight,
            self.visited,
            self.caches,
            self.clues,
            self.nogoods,
            self.width,
            self.height,
            self.planes,
            self.solver.counts,
            self.solver.caches,
            self.solver.solve_uncached,
            self.solver.smallest_reason,
        )

    # -- time ------------------------------------------------------------------------------

    def pause_clock(self) -> None:
        self.spent += self.clock() - self.resumed

    def resume_clock(self) -> None:
        self.resumed = self.clock()

    def elapsed(self) -> float:
        return self.spent + (self.clock() - self.resumed)

    def _check_clock(self, looks: int = 1) -> int:
        """The look at the clock every CLOCK_EVERY lines (both engines, the compiled ones from
        inside the kernel), ``looks`` of them since the last call: count the lines as work;
        raise EngineTimeout when the work limit is reached or, at the first look and every
        ``read_every`` lines, when the time is spent.

        Returns how many looks may pass before the next that can do anything (a heartbeat,
        a reading of the time, the work limit): the kernel counts those itself and calls
        again with them all (pure Python calls at every look and ignores it)."""
        work = self.work + CLOCK_EVERY * looks
        self.work = work
        limit = self.work_limit
        if limit is not None and work >= limit:
            raise EngineTimeout
        beat_every = self.beat_every
        if not work % beat_every:
            self.beat = True
        timeout = self.timeout
        read_every = self.read_every
        if (
            timeout is not None
            and (not work % read_every or work == CLOCK_EVERY)
            and self.elapsed() > timeout
        ):
            raise EngineTimeout
        gate = work - work % beat_every + beat_every
        if timeout is not None:
            gate = min(gate, work - work % read_every + read_every)
        if limit is not None:
            gate = min(gate, -(-limit // CLOCK_EVERY) * CLOCK_EVERY)
        return (gate - work) // CLOCK_EVERY - 1

    # -- board -----------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        return len(self.choices)

    def _set_initial(self, initial: npt.NDArray[np.integer]) -> None:
        """Give the cells ``initial`` knows their codes in the three views of the grid, all at
        once (not trailed): black and white FILLED_VALUE / EMPTY_VALUE, colour a colour number
        (0 the background) below ``planes``; any other value leaves the cell unknown."""
        grid = np.asarray(initial)
        if grid.shape != (self.height, self.width):
            raise ValueError(
                f"the initial grid is {grid.shape}, the puzzle is ({self.height}, {self.width})"
            )
        planes = self.planes
        codes = np.zeros((self.height, self.width, planes), dtype=np.uint8)
        if planes == 1:
            codes[grid == FILLED_VALUE, 0] = FILLED
            codes[grid == EMPTY_VALUE, 0] = EMPTY
        else:
            known = (grid >= 0) & (grid < planes)
            chosen = np.arange(planes) == grid[..., None]
            codes[known] = np.where(chosen[known], FILLED, EMPTY)
        self.cells[:] = codes.tobytes()
        for y, row in enumerate(self.rows):
            row[:] = codes[y].tobytes()
        for x, column in enumerate(self.columns):
            column[:] = codes[:, x].tobytes()
        self.unknown -= int(np.count_nonzero(codes))

    def where(self, index: int) -> tuple[int, int]:
        """The cell (x, y) of variable ``index``."""
        cell = index // self.planes
        return cell % self.width, cell // self.width

    def shown(self, entry: int) -> int:
        """What a step shows for the trail entry ``entry`` at its cell: the colour number
        the cell now has (black and white: 1 filled, 0 empty), else, for a colour struck off
        a cell that has none yet, ``steps.not_value(colour)``."""
        index = entry >> CODE_BITS
        planes = self.planes
        if planes == 1:
            return STEP_VALUE[entry & CODE_MASK]
        plane = index % planes
        if entry & CODE_MASK == FILLED:
            return plane
        base = index - plane
        for colour in range(planes):
            if self.cells[base + colour] == FILLED:
                return colour
        return not_value(plane)

    def change(self, entry: int) -> CellChange:
        """The trail entry ``entry`` as a step's cell change."""
        x, y = self.where(entry >> CODE_BITS)
        return (x, y, self.shown(entry))

    def _guessed(self, depth: int) -> list[int]:
        """The trail entries of the guesses of the first ``depth`` choices, the latest first
        (a nogood of them forces its first entry's cell the other way)."""
        trail = self.trail
        return [trail[choice[3]] for choice in reversed(self.choices[:depth])]

    def _set(self, index: int, code: int, why: int = DECIDED) -> None:
        """Set an unknown variable (a decision: a guess, a probe, a proven cell), on the
        trail, and queue its two lines."""
        self._place((index << CODE_BITS) | code, why)

    def _set_by_rule(self, entry: int, nogood: object) -> None:
        """Set the variable of ``entry`` because ``nogood`` forces it (the pure store's
        callback; None: a fact of one variable)."""
        self._place(entry, BY_RULE)
        self.nogoods.set_rule(entry >> CODE_BITS, nogood)
        self.ruled.append(entry)

    def _place(self, entry: int, why: int) -> None:
        """Set the variable of the trail entry ``entry`` for ``why``; queue its lines."""
        if self.propagator is not None:
            self.propagator.place(entry, why, len(self.choices))
            self.unknown -= 1
            return
        index = entry >> CODE_BITS
        code = entry & CODE_MASK
        y, at = divmod(index, self.row_length)
        x, plane = self.split[at]
        self.rows[y][at] = code
        self.columns[x][y * self.planes + plane] = code
        self.cells[index] = code
        self.level[index] = len(self.choices)
        self.position[index] = len(self.trail)
        self.reason[index] = why
        self.trail.append(entry)
        self.unknown -= 1
        self._queue_line(y, 1)
        self._queue_line(self.height + x, 1)

    def _queue_line(self, line_id: int, round_number: int) -> None:
        if self.propagator is not None:  # the compiled propagator keeps the queue
            self.propagator.queue_line(line_id, round_number)
            return
        if not self.queued[line_id]:
            self.queued[line_id] = 1
            self.line_round[line_id] = round_number
            self.queue.append(line_id)

    def _clear_queue(self) -> None:
        for line_id in self.queue:
            self.queued[line_id] = 0
        self.queue.clear()

    def _undo_to(
        self, mark: int, save_phase: bool = False, positions: bool = True
    ) -> tuple[CellPosition, ...]:
        """Unset the cells set since trail length ``mark``; their positions, latest first
        (none when ``positions`` is off and the kernel runs: no step will show them).
        ``save_phase`` remembers their values for later guesses (search, not probes), except
        for the cells of a failed lookahead probe (from ``probe_from`` on)."""
        if self.propagator is not None:
            length = len(self.trail)
            self.nogoods.undo_to(mark)
            self.unknown += length - mark
            save = max(0, self.probe_from - mark) if save_phase else 0
            cleared: tuple[CellPosition, ...] = self.propagator.undo(
                mark, save, self.phase, positions
            )
            return cleared
        rows = self.rows
        columns = self.columns
        flat = self.cells
        phase = self.phase
        row_length = self.row_length
        split = self.split
        planes = self.planes
        undone = self.trail[mark:]
        del self.trail[mark:]
        self.nogoods.undo_to(mark)
        self.unknown += len(undone)
        cells = []
        for entry in reversed(undone):
            index = entry >> CODE_BITS
            y, at = divmod(index, row_length)
            x, plane = split[at]
            rows[y][at] = UNKNOWN
            columns[x][y * planes + plane] = UNKNOWN
            flat[index] = UNKNOWN
            # A colour cell leaves the picture only with its yes (a no never showed).
            if planes == 1 or entry & CODE_MASK == FILLED:
                cells.append((x, y))
        if save_phase:
            for entry in undone[: max(0, self.probe_from - mark)]:
                phase[entry >> CODE_BITS] = entry & CODE_MASK
        return tuple(cells)

    def _stamp_cells(self, cells: tuple[CellPosition, ...]) -> None:
        """Mark the lines of changed cells so probe records that looked at them go stale."""
        self.tick += 1
        tick = self.tick
        line_stamp = self.line_stamp
        height = self.height
        for x, y in cells:
            line_stamp[y] = tick
            line_stamp[height + x] = tick

    def _axis(self, line_id: int) -> tuple[Axis, int]:
        if line_id < self.height:
            return "row", line_id
        return "column", line_id - self.height
