"""The one solving engine: propagation, probing and depth-first search as a step generator.

:func:`solve_steps` yields a :mod:`~game.core.solver.steps` value for every small piece of work
(one line solved, one probe begun or ended, one guess, one backtrack...), so a replay can slice
it per frame; :func:`solve` drains the same generator.

How it works:

1. **Propagation**: a queue of lines whose cells changed; each is solved exactly (see
   :mod:`~game.core.solver.line`) and any cell it forces queues the crossing line. The first
   pass takes the lines with the least slack first.
2. **Probing**: when the queue runs dry, each unknown cell (cells beside known ones first) is
   tried filled and empty, propagating each; a contradiction fixes the cell the other way, and
   cells both ways agree on are fixed too. Rounds repeat until one fixes nothing. A cell's
   result is reused in a later round while none of the lines its probes looked at has
   changed.
3. **Search**: probing runs at the root only (again after a restart or a backtrack to it).
   Below the root, propagation alone follows each guess: probing there cost about a
   thousand probes a node (every guess stales most probe records) and, on the corpus, pruned
   less than it cost (dom_09: 12 s probing every node, under 5 s probing at the root only).
   The cell to guess is the one whose row and column have contradicted most often so far
   (in probes and in search: the hard core of the puzzle, the "weighted degree" rule of
   constraint solvers); at the root, ties go to the cell whose probes taught the most both
   ways and the richer way is tried first; below it, to the first such cell in reading
   order, filled first. An undo log (the trail of cells set, with a mark per choice) takes
   the board back on failure. The search goes on after a solution to count up to
   ``max_solutions``.
4. **Restarts**: until a first solution is found, a run of the search that has backtracked
   ``RESTART_FIRST`` times (then 1.5 times more each run) starts again from the root, keeping
   the line weights and trying the poorer way first in every other run. Hard puzzles have a
   few lucky orders and many unlucky ones; restarts stop an unlucky run from lasting forever.
   Once a solution is known, the search only counts, and never restarts.

The timeout counts only time spent inside the generator (a paused replay does not use it up)
and is checked every few lines, so it holds during probing as well as search.
"""

from __future__ import annotations

import time
from array import array
from collections import deque
from collections.abc import Callable, Generator, Iterator, Sequence

import numpy as np
import numpy.typing as npt

from game.core.lines import Clue
from game.core.puzzle import Puzzle
from game.core.solver.line import EMPTY, FILLED, UNKNOWN, WIDE_LINE, LineSolver
from game.core.solver.result import SolveResult, SolveStats, Status
from game.core.solver.steps import (
    EMPTY_VALUE,
    FILLED_VALUE,
    Axis,
    Backtrack,
    CellChange,
    CellPosition,
    Contradiction,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    SolutionFound,
    Step,
)

# Backtracks before the first restart, and how much longer each later run may be.
RESTART_FIRST = 32
RESTART_GROWTH = 1.5
# Probing rounds at one node before branching anyway (None: until a round fixes nothing).
PROBE_ROUNDS: int | None = None
# Unproductive line solves in a row before a heartbeat step, so no step runs long.
HEARTBEAT_LINES = 48
# Lines solved between two looks at the clock.
_CLOCK_EVERY = 16

_STEP_VALUE = (0, FILLED_VALUE, EMPTY_VALUE)  # indexed by the engine's cell codes
_OTHER = (0, EMPTY, FILLED)
# Engine cell codes -> 1 for filled, 0 otherwise.
_FILLED_BITS = bytes.maketrans(b"\x00\x01\x02", b"\x00\x01\x00")

# A trail entry packs a cell and its code: index * 4 + code (codes are 1 and 2).
_CODE_BITS = 2
_CODE_MASK = 3

# What one way of a probe led to: trail entries it deduced (a frozenset, so agreements are
# set intersections), or None when that way contradicts.
_Deductions = frozenset[int] | None
# What probing one cell found: the trail entries it proves (one way contradicted: the other
# way and its deductions; both consistent: what both ways agree on) as packed unsigned ints,
# how many cells each way deduced, the lines its probes looked at (packed unsigned shorts),
# and the tick then. Bytes and ints only: long-lived records give the garbage collector
# nothing to walk.
_ProbeRecord = tuple[bytes, int, int, bytes, int]
# A branching choice: x, y, the value to try first, the value to try second.
_Branch = tuple[int, int, int, int]


class _Timeout(Exception):
    """Raised inside the engine when its time is up; turned into an ``unknown`` verdict."""


class _Engine:
    def __init__(
        self,
        puzzle: Puzzle,
        max_solutions: int | None,
        timeout: float | None,
        initial: npt.NDArray[np.integer] | None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.puzzle = puzzle
        self.clock = clock
        self.width = width = puzzle.width
        self.height = height = puzzle.height
        self.max_solutions = max_solutions
        self.timeout = timeout
        self.solver = LineSolver()
        self.clues: list[Clue] = list(puzzle.row_clues) + list(puzzle.column_clues)
        self.caches = [self.solver.cache_for(clue) for clue in self.clues]
        self.rows = [bytearray(width) for _ in range(height)]
        self.columns = [bytearray(height) for _ in range(width)]
        # Rows then columns, by line id (the same bytearrays).
        self.lines = self.rows + self.columns
        # Bytes per index in a cached outcome of each line (see line.pack_outcome).
        self.units = [1 if len(line) < WIDE_LINE else 2 for line in self.lines]
        self.unknown = width * height
        # Trail entries (index * 4 + code) in the order cells were set; undo pops them.
        self.trail: list[int] = []
        # Open choices: (x, y, the value still to try, trail length before the choice).
        self.choices: list[tuple[int, int, int, int]] = []
        self.queue: deque[int] = deque()
        self.queued = bytearray(width + height)
        self.line_round = [0] * (width + height)
        # The tick of the last real change per line, and the lines the current probe saw.
        self.tick = 0
        self.line_stamp = [0] * (width + height)
        # How often each line contradicted (in probes or search): the branching weight.
        self.line_weight = [1] * (width + height)
        self.visited: list[int] = []
        # Probe results by cell index, kept across the whole search; see probe().
        self.records: dict[int, _ProbeRecord] = {}
        self.solutions: list[npt.NDArray[np.bool_]] = []
        # Every solution found (its rows' bytes): a restart may meet one again.
        self.seen: set[bytes] = set()
        # Restarts: backtracks allowed in this run, spent so far, and the value order.
        self.restart_limit = RESTART_FIRST
        self.run_backtracks = 0
        self.restarts = 0
        self.prefer_richer = True
        self.spent = 0.0
        self.countdown = _CLOCK_EVERY
        self.resumed = clock()
        self.probes = 0
        self.probe_fixes = 0
        self.guesses = 0
        self.backtracks = 0
        self.max_depth = 0
        self.rounds = 0
        self.stalled = False
        self.first_solution_depth: int | None = None
        self.used_probing_first = False
        if initial is not None:
            self._set_initial(initial)

    # -- time ------------------------------------------------------------------------------

    def pause_clock(self) -> None:
        self.spent += self.clock() - self.resumed

    def resume_clock(self) -> None:
        self.resumed = self.clock()

    def elapsed(self) -> float:
        return self.spent + (self.clock() - self.resumed)

    # -- board -----------------------------------------------------------------------------

    @property
    def depth(self) -> int:
        return len(self.choices)

    def _set_initial(self, initial: npt.NDArray[np.integer]) -> None:
        grid = np.asarray(initial)
        if grid.shape != (self.height, self.width):
            raise ValueError(
                f"the initial grid is {grid.shape}, the puzzle is ({self.height}, {self.width})"
            )
        for y in range(self.height):
            for x in range(self.width):
                value = int(grid[y, x])
                if value in (FILLED_VALUE, EMPTY_VALUE):
                    code = FILLED if value == FILLED_VALUE else EMPTY
                    self.rows[y][x] = code
                    self.columns[x][y] = code
                    self.unknown -= 1

    def _set(self, x: int, y: int, code: int) -> None:
        """Set an unknown cell, on the trail, and queue its two lines."""
        self.rows[y][x] = code
        self.columns[x][y] = code
        self.trail.append(((y * self.width + x) << _CODE_BITS) | code)
        self.unknown -= 1
        self._queue_line(y, 1)
        self._queue_line(self.height + x, 1)

    def _queue_line(self, line_id: int, round_number: int) -> None:
        if not self.queued[line_id]:
            self.queued[line_id] = 1
            self.line_round[line_id] = round_number
            self.queue.append(line_id)

    def _clear_queue(self) -> None:
        for line_id in self.queue:
            self.queued[line_id] = 0
        self.queue.clear()

    def _undo_to(self, mark: int) -> tuple[CellPosition, ...]:
        """Unset the cells set since trail length ``mark``; their positions, latest first."""
        rows = self.rows
        columns = self.columns
        width = self.width
        undone = self.trail[mark:]
        del self.trail[mark:]
        self.unknown += len(undone)
        cells = []
        for entry in reversed(undone):
            y, x = divmod(entry >> _CODE_BITS, width)
            rows[y][x] = UNKNOWN
            columns[x][y] = UNKNOWN
            cells.append((x, y))
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

    # -- propagation -----------------------------------------------------------------------

    def propagate(self, probe: bool) -> Generator[Step, None, int]:
        """Solve queued lines until the queue is empty; the return value is the line that
        contradicted, or -1.

        Inside a probe the lines taken from the queue are noted in ``visited``; outside one,
        every line that gains a cell at the root gets a fresh stamp (see :meth:`probe`; only
        the root probes, and cells set below it are stamped when a backtrack undoes them).
        """
        height = self.height
        width = self.width
        rows = self.rows
        columns = self.columns
        clues = self.clues
        caches = self.caches
        solver = self.solver
        queue = self.queue
        queued = self.queued
        line_round = self.line_round
        line_stamp = self.line_stamp
        trail_append = self.trail.append
        visited_append = self.visited.append
        timeout = self.timeout
        count_rounds = not probe and not self.choices and not self.stalled
        depth = len(self.choices)
        stamp = 0
        stamping = not probe and not self.choices
        quiet = 0
        lines = self.lines
        units = self.units
        while queue:
            line_id = queue.popleft()
            queued[line_id] = 0
            line = bytes(lines[line_id])
            outcome = caches[line_id].get(line, b"")
            if outcome == b"":  # not cached (a cached outcome is None or at least one byte)
                outcome = solver.solve_uncached(clues[line_id], line, caches[line_id])
            else:
                solver.hits += 1
            if probe:
                visited_append(line_id)
            # The countdown lives on the engine: most probes look at fewer lines than it.
            self.countdown -= 1
            if not self.countdown:
                self.countdown = _CLOCK_EVERY
                if timeout is not None and self.elapsed() > timeout:
                    raise _Timeout
            if outcome is None:
                self.line_weight[line_id] += 1
                self._clear_queue()
                axis, index = self._axis(line_id)
                yield Contradiction(axis, index, depth, probe)
                return line_id
            if len(outcome) == units[line_id]:
                quiet += 1
                if quiet >= HEARTBEAT_LINES:
                    quiet = 0
                    yield LinesChecked(HEARTBEAT_LINES, depth)
                continue
            quiet = 0
            is_row = line_id < height
            values: Sequence[int] = outcome
            if units[line_id] == 2:  # a line longer than 255 cells: two bytes an index
                values = memoryview(outcome).cast("H")
            count = values[0]
            filled = values[1 : count + 1]
            empty = values[count + 1 :]
            this_round = line_round[line_id]
            next_round = this_round + 1
            if count_rounds and this_round > self.rounds:
                self.rounds = this_round
            if stamping:
                self.tick += 1
                stamp = self.tick
                line_stamp[line_id] = stamp
            changes: list[CellChange] = []
            if is_row:
                y = line_id
                row = rows[y]
                base = y * width
                for code, positions in ((FILLED, filled), (EMPTY, empty)):
                    value = _STEP_VALUE[code]
                    for x in positions:
                        row[x] = code
                        columns[x][y] = code
                        trail_append(((base + x) << _CODE_BITS) | code)
                        other = height + x
                        if not queued[other]:
                            queued[other] = 1
                            line_round[other] = next_round
                            queue.append(other)
                        if stamp:
                            line_stamp[other] = stamp
                        changes.append((x, y, value))
            else:
                x = line_id - height
                column = columns[x]
                for code, positions in ((FILLED, filled), (EMPTY, empty)):
                    value = _STEP_VALUE[code]
                    for y in positions:
                        column[y] = code
                        rows[y][x] = code
                        trail_append(((y * width + x) << _CODE_BITS) | code)
                        if not queued[y]:
                            queued[y] = 1
                            line_round[y] = next_round
                            queue.append(y)
                        if stamp:
                            line_stamp[y] = stamp
                        changes.append((x, y, value))
            self.unknown -= len(changes)
            yield LineDeduced(
                "row" if is_row else "column",
                line_id if is_row else line_id - height,
                tuple(changes),
                "forced" if probe else _reason(clues[line_id], line, len(changes), bool(filled)),
                depth,
                probe,
            )
        return -1

    # -- probing ---------------------------------------------------------------------------

    def _probe_candidates(self) -> list[int]:
        """Unknown cells, those with the most known (or edge) neighbours first."""
        codes = np.frombuffer(b"".join(self.rows), dtype=np.uint8).reshape(self.height, self.width)
        known = np.pad(codes != UNKNOWN, 1, constant_values=True).astype(np.int8)
        neighbours = known[:-2, 1:-1] + known[2:, 1:-1] + known[1:-1, :-2] + known[1:-1, 2:]
        unknown = np.flatnonzero(codes.ravel() == UNKNOWN)
        order = np.argsort(-neighbours.ravel()[unknown], kind="stable")
        candidates: list[int] = unknown[order].tolist()
        return candidates

    def _probe_one(self, index: int, code: int) -> Generator[Step, None, _Deductions]:
        """Try one value; the return value is the trail entries it led to, or None on a
        contradiction. The lines it looked at are added to ``visited``."""
        self.probes += 1
        y, x = divmod(index, self.width)
        mark = len(self.trail)
        self._set(x, y, code)
        value = _STEP_VALUE[code]
        depth = len(self.choices)
        yield ProbeStarted(x, y, value, depth)
        bad = yield from self.propagate(probe=True)
        deduced: _Deductions = None
        if bad < 0:
            deduced = frozenset(self.trail[mark + 1 :])
        outcome = "contradiction" if bad >= 0 else "solved" if not self.unknown else "consistent"
        undone = self._undo_to(mark)
        yield ProbeResult(x, y, value, outcome, undone, depth)
        return deduced

    def _fix(self, entries: Sequence[int]) -> Generator[Step, None, int]:
        """Set cells proven by probing, one step per row, then propagate them."""
        width = self.width
        by_row: dict[int, list[tuple[int, int]]] = {}
        for entry in sorted(entries):
            y, x = divmod(entry >> _CODE_BITS, width)
            by_row.setdefault(y, []).append((x, entry & _CODE_MASK))
        self.probe_fixes += len(entries)
        for y, row_cells in by_row.items():
            for x, code in row_cells:
                self._set(x, y, code)
            self._stamp_cells(tuple((x, y) for x, _code in row_cells))
            changes = tuple((x, y, _STEP_VALUE[code]) for x, code in row_cells)
            yield LineDeduced("row", y, changes, "probe", self.depth)
        bad = yield from self.propagate(probe=False)
        return bad

    def probe(self) -> Generator[Step, None, tuple[str, _Branch | None]]:
        """Probe until a round fixes nothing. Returns ``("contradiction", None)``,
        ``("solved", None)`` or ``("branch", (x, y, first value, second value))``.

        A cell's record is reused in a later round while none of the lines its probes looked
        at has changed (lines are stamped when a real deduction, a guess or a backtrack
        changes them): probing again would see the same lines and find the same things.
        """
        width = self.width
        height = self.height
        rows = self.rows
        line_stamp = self.line_stamp
        records = self.records
        visited = self.visited
        line_weight = self.line_weight
        rounds = 0
        while True:
            progress = False
            best: _Branch | None = None
            best_score = (-1, -1, -1)
            for index in self._probe_candidates():
                y, x = divmod(index, width)
                if rows[y][x] != UNKNOWN:
                    continue
                record = records.get(index)
                if record is not None and record[4] < max(
                    map(line_stamp.__getitem__, memoryview(record[3]).cast("H"))
                ):
                    record = None
                if record is None:
                    visited.clear()
                    visited.extend((y, height + x))
                    tick = self.tick
                    when_filled = yield from self._probe_one(index, FILLED)
                    when_empty = yield from self._probe_one(index, EMPTY)
                    if when_filled is None:
                        if when_empty is None:
                            yield Contradiction(None, None, self.depth)
                            return "contradiction", None
                        fixed = when_empty | {(index << _CODE_BITS) | EMPTY}
                    elif when_empty is None:
                        fixed = when_filled | {(index << _CODE_BITS) | FILLED}
                    else:
                        fixed = when_filled & when_empty
                    record = (
                        array("I", sorted(fixed)).tobytes(),
                        len(when_filled or ()),
                        len(when_empty or ()),
                        array("H", set(visited)).tobytes(),
                        tick,
                    )
                    records[index] = record
                proven, filled_count, empty_count = record[0], record[1], record[2]
                if not proven:
                    # Lines that keep contradicting mark the hard part of the puzzle:
                    # settling them first stops the search from thrashing elsewhere.
                    score = (
                        line_weight[y] + line_weight[height + x],
                        min(filled_count, empty_count),
                        max(filled_count, empty_count),
                    )
                    if score > best_score:
                        best_score = score
                        richer = FILLED if filled_count >= empty_count else EMPTY
                        first = richer if self.prefer_richer else _OTHER[richer]
                        best = (x, y, first, _OTHER[first])
                    continue
                progress = True
                bad = yield from self._fix(memoryview(proven).cast("I"))
                if bad >= 0:
                    return "contradiction", None
                if not self.unknown:
                    return "solved", None
            if not progress:
                assert best is not None, "an unknown cell was probed"
                return "branch", best
            rounds += 1
            if (
                PROBE_ROUNDS is not None
                and rounds >= PROBE_ROUNDS
                and best is not None
                and rows[best[1]][best[0]] == UNKNOWN
            ):
                return "branch", best

    # -- search ----------------------------------------------------------------------------

    def _weighted_branch(self) -> _Branch:
        """The unknown cell whose row and column have contradicted most (the first in reading
        order on a tie); filled first, or empty first in the runs after odd restarts."""
        height = self.height
        codes = np.frombuffer(b"".join(self.rows), dtype=np.uint8).reshape(height, self.width)
        weights = np.array(self.line_weight, dtype=np.int64)
        score = weights[:height, None] + weights[None, height:]
        score[codes != UNKNOWN] = -1
        y, x = divmod(int(np.argmax(score)), self.width)
        first = FILLED if self.prefer_richer else EMPTY
        return (x, y, first, _OTHER[first])

    def _guess(self, x: int, y: int, code: int, alternative: bool) -> Generator[Step, None, int]:
        self._set(x, y, code)
        self._stamp_cells(((x, y),))
        yield Guess(x, y, _STEP_VALUE[code], self.depth, alternative)
        bad = yield from self.propagate(probe=False)
        return bad

    def run(self) -> Iterator[Step]:
        timed_out = False
        complete = False
        capped = False
        try:
            for line_id in sorted(range(self.width + self.height), key=self._slack):
                self._queue_line(line_id, 1)
            bad = yield from self.propagate(probe=False)
            self.stalled = True
            while True:
                if bad < 0 and self.unknown:
                    branch: _Branch | None
                    if self.choices:
                        verdict, branch = "branch", self._weighted_branch()
                    else:
                        if self.first_solution_depth is None:
                            self.used_probing_first = True
                        verdict, branch = yield from self.probe()
                    if verdict == "contradiction":
                        bad = 1
                    elif verdict == "branch":
                        assert branch is not None
                        x, y, first, second = branch
                        self.choices.append((x, y, second, len(self.trail)))
                        self.guesses += 1
                        self.max_depth = max(self.max_depth, self.depth)
                        bad = yield from self._guess(x, y, first, alternative=False)
                        continue
                if bad < 0 and not self.unknown:
                    key = b"".join(self.rows)
                    if key not in self.seen:  # a restart can meet a solution again
                        self.seen.add(key)
                        cells = key.translate(_FILLED_BITS)
                        found = SolutionFound(
                            cells, self.width, self.height, len(self.solutions) + 1, self.depth
                        )
                        self.solutions.append(found.array())
                        if self.first_solution_depth is None:
                            self.first_solution_depth = self.depth
                        yield found
                        count = len(self.solutions)
                        if self.max_solutions is not None and count >= self.max_solutions:
                            capped = True
                            break
                # A contradiction or a solution: take the other way of the last choice.
                if not self.choices:
                    complete = True
                    break
                if self.run_backtracks >= self.restart_limit and not self.solutions:
                    # Start the search again from the root, keeping what the line weights
                    # learnt and trying the other way first: long unlucky runs end here. Once
                    # a solution is known the rest is an exhaustive count: no more restarts.
                    mark = self.choices[0][3]
                    self.choices.clear()
                    undone = self._undo_to(mark)
                    self._stamp_cells(undone)
                    self.restarts += 1
                    self.run_backtracks = 0
                    self.restart_limit = int(self.restart_limit * RESTART_GROWTH)
                    self.prefer_richer = not self.prefer_richer
                    yield Backtrack(0, undone)
                    bad = -1
                    continue
                self.run_backtracks += 1
                x, y, second, mark = self.choices.pop()
                self.backtracks += 1
                undone = self._undo_to(mark)
                self._stamp_cells(undone)
                yield Backtrack(self.depth, undone)
                bad = yield from self._guess(x, y, second, alternative=True)
        except _Timeout:
            timed_out = True
        yield Finished(self._result(complete, capped, timed_out))

    def _slack(self, line_id: int) -> int:
        clue = self.clues[line_id]
        length = self.width if line_id < self.height else self.height
        used = sum(clue) + len(clue) - 1 if clue else 0
        return length - used

    def _result(self, complete: bool, capped: bool, timed_out: bool) -> SolveResult:
        count = len(self.solutions)
        status: Status
        if count >= 2:
            status = "multiple"
        elif timed_out:
            status = "unknown"
        elif count == 1:
            status = "unique" if complete else "unknown"
        else:
            status = "none"
        stats = SolveStats(
            lines_solved=self.solver.solved,
            cache_hits=self.solver.hits,
            line_rounds=self.rounds,
            probes=self.probes,
            probe_fixes=self.probe_fixes,
            guesses=self.guesses,
            backtracks=self.backtracks,
            restarts=self.restarts,
            max_depth=self.max_depth,
            seconds=self.elapsed(),
            solved_by_lines=self.first_solution_depth == 0 and not self.used_probing_first,
            solved_without_search=self.first_solution_depth == 0,
        )
        return SolveResult(
            status=status,
            solutions=list(self.solutions),
            stats=stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
        )


def _reason(clue: Clue, line: bytes, changed: int, any_filled: bool) -> str:
    """A word for why a line gave cells (the exact solver does not say; this is a summary)."""
    if not clue:
        return "empty clue"
    unknown_before = line.count(UNKNOWN)
    if unknown_before == len(line):
        return "overlap"
    if changed == unknown_before:
        return "completed"
    if not any_filled:
        return "unreachable"
    return "forced"


def solve_steps(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[Step]:
    """The engine, one step at a time; the last step is always :class:`Finished`.

    ``max_solutions`` None counts every solution. ``timeout`` is in seconds of work inside
    this generator, measured on ``clock`` (time spent between steps, by whoever pulls them,
    does not count). ``initial`` is a (height, width) grid of -1 / 0 / 1 cells taken as known
    (a replay of these steps starts from that grid).

    Screens and services drive it through :class:`game.core.solver.task.SolveTask`, which
    slices it by time; this generator is the engine's one door.
    """
    engine = _Engine(puzzle, max_solutions, timeout, initial, clock)
    for step in engine.run():
        engine.pause_clock()
        yield step
        engine.resume_clock()


def solve(
    puzzle: Puzzle,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: npt.NDArray[np.integer] | None = None,
) -> SolveResult:
    """Solve ``puzzle`` to the end (or the timeout) and return the verdict."""
    # Drain the engine itself: no one pauses between steps, so no clock juggling is needed.
    for step in _Engine(puzzle, max_solutions, timeout, initial).run():
        if isinstance(step, Finished):
            return step.result
    raise AssertionError("the engine always ends with a Finished step")  # pragma: no cover
