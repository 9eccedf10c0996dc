"""The engine for colour nonograms: propagation, probing, search and counting.

The black-and-white engine (:mod:`game.core.solver.engine`) is untouched: its byte lines
and bit-parallel line solver are its speed. Colour takes this separate path with the same
structure and the same outputs (a step generator ending in :class:`Finished` with a
:class:`SolveResult`), so :class:`~game.core.solver.task.SolveTask` drives either.

Each cell is a bit mask of the colours it may still take (bit 0 the background).

1. **Propagation**: a queue of lines whose cells narrowed; each is solved exactly by
   :func:`~game.core.solver.colour_line.solve_colour_line` (cached per runs and line) and
   every cell it narrows queues the crossing line. When the kernel is built this loop runs
   compiled (``_kernel_colour.h``, in place on this engine's lists, stopping where a step
   or a heartbeat is due); :meth:`_ColourEngine.propagate_python` is its pure twin.
2. **Probing** (at the root): a probe is a cell and one of its colours; the cell is set to
   it and propagated. A contradiction removes that colour from the cell. What every
   surviving probe of a cell agrees a cell can be (the union of their masks) narrows that
   cell too. Rounds repeat until one narrows nothing.
3. **Search**: depth first over the undecided cell with the fewest colours left, trying
   each colour in turn; an undo log (the trail of old masks) takes the grid back. Every
   solution is counted, up to ``max_solutions``.

4. **Learning** (the default; :mod:`~game.core.solver.colour_learn`): a contradiction below
   the root is explained down to a nogood over "cell is / is not colour c" literals, search
   jumps back and the nogood forces cells from then on; solutions are shut out by the nogood
   of their choices. ``learning=False`` keeps the plain chronological search above (the
   property tests run both). Not here: restarts.
"""

from __future__ import annotations

from collections.abc import Generator, Iterator

import numpy as np
import numpy.typing as npt

from game.core.palette import ColourClue
from game.core.puzzle import Puzzle
from game.core.solver.colour_line import solve_colour_line
from game.core.solver.kernel import colour_line as compiled_colour_line
from game.core.solver.kernel import colour_propagator
from game.core.solver.options import SolveOptions
from game.core.solver.result import ColourSolveResult, SolveStats
from game.core.solver.steps import (
    Backtrack,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    SolutionFound,
    Step,
)
from game.core.solving import status_of

# Lines solved between two heartbeat steps (and clock reads).
HEARTBEAT_LINES = 64
# A probing round ends after this many fruitless cells in a row.
FRUITLESS_PROBES = 400
# Entries the line cache may hold before it is emptied.
CACHE_LIMIT = 200_000
# Why a cell narrowed (the trail's kinds): a line, a choice, a learned rule, probing.
LINE, CHOICE, RULE, ROOT = 0, 1, 2, 3
# What the compiled loop's run() stopped at (_kernel_colour.h).
EV_DONE, EV_CONFLICT, EV_DEDUCED, EV_HEARTBEAT = 0, 1, 2, 3

ColourGrid = npt.NDArray[np.int8]


class _Timeout(Exception):
    pass


class _ColourEngine:
    def __init__(self, puzzle: Puzzle, options: SolveOptions, probing: bool = True) -> None:
        self.width = width = puzzle.width
        self.height = height = puzzle.height
        self.max_solutions = options.max_solutions
        self.timeout = options.timeout
        self.clock = clock = options.clock
        initial = options.initial
        self.probing = probing
        self.colours = puzzle.colour_count
        full = (1 << (self.colours + 1)) - 1
        self.cells: list[int] = [full] * (width * height)
        if initial is not None:
            grid = np.asarray(initial)
            if grid.shape != (height, width):
                raise ValueError(f"the initial grid is not {width}x{height}")
            for index, value in enumerate(grid.ravel().tolist()):
                if 0 <= value <= self.colours:
                    self.cells[index] = 1 << value
        self.runs: list[ColourClue] = puzzle.line_runs()
        # The compiled twin when the engine runs compiled (kernel.py): the same answers.
        self.line_solver = compiled_colour_line() or solve_colour_line
        # Line id: rows 0..h-1, then columns h..h+w-1; each line's cell indices.
        self.line_cells: list[tuple[int, ...]] = [
            tuple(range(y * width, (y + 1) * width)) for y in range(height)
        ] + [tuple(range(x, width * height, width)) for x in range(width)]
        self.trail: list[tuple[int, int]] = []
        self.queue: list[int] = []
        self.queued = [False] * (width + height)
        self.cache: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
        self.solutions: list[ColourGrid] = []
        self.lines_solved = 0
        self.cache_hits = 0
        self.probes = 0
        self.probe_fixes = 0
        self.guesses = 0
        self.backtracks = 0
        self.max_depth = 0
        self.depth = 0
        self.line_rounds = 0
        self.since_beat = 0
        # Lines looked at (solved or from the cache) after which the solve ends as a timeout,
        # read at the heartbeats: the same place on every machine and engine.
        self.work_limit = options.work_limit
        self.spent = 0.0
        self.started = clock()
        self.first_solution_depth: int | None = None
        self.bad = False
        self.conflict_line = -1
        # The steps a replay draws (see _flush): cells that became one colour since the last
        # step, the choice among them, and what the replay shows (cell -> colour), so that
        # cells an undo took back are told as a backtrack.
        self.decided: list[tuple[int, int, int]] = []
        self.chosen: tuple[int, int, int] | None = None
        self.shown: dict[int, int] = {}
        # When each shown cell was first shown (a backtrack names its cells in that order),
        # and the cells an undo took back since the last step (only they can be gone).
        self.shown_at: dict[int, int] = {}
        self.shows = 0
        self.reverted: set[int] = set()
        self.trail_seen = 0
        self.undone = False
        self.trying = False  # inside a probe's trial
        self.level = 0  # the search's level (the learning engine's; 0 for the plain one)
        # The compiled propagation loop over these lists (kernel.py, _kernel_colour.h), or
        # None: the pure loop (propagate_python). The same cells, trail, counts and steps.
        self.kernel = colour_propagator(
            width,
            height,
            self.runs,
            (self.cells, self.trail, self.queue, self.queued, self.decided),
            CACHE_LIMIT,
            HEARTBEAT_LINES,
        )

    # --- time ---------------------------------------------------------------------------

    def pause_clock(self) -> None:
        self.spent += self.clock() - self.started

    def resume_clock(self) -> None:
        self.started = self.clock()

    def elapsed(self) -> float:
        return self.spent + self.clock() - self.started

    def work(self) -> int:
        """The lines looked at so far, solved or answered from the cache."""
        return self.lines_solved + self.cache_hits

    # --- the grid -------------------------------------------------------------------------

    def _narrow(self, index: int, mask: int, kind: int = 0, data: object = None) -> None:
        """Narrow cell ``index`` to ``mask``; ``kind`` and ``data`` say why (a line and its
        number, a choice, a learned rule: see :mod:`~game.core.solver.colour_learn`)."""
        if len(self.trail) < self.trail_seen:
            self.undone = True  # an undo since the last narrowing
        self.trail.append((index, self.cells[index]))
        self.trail_seen = len(self.trail)
        self.cells[index] = mask
        if mask & (mask - 1) == 0:
            cell = (index % self.width, index // self.width, mask.bit_length() - 1)
            if kind == CHOICE:
                self.chosen = cell
            else:
                self.decided.append(cell)
        y, x = divmod(index, self.width)
        for line in (y, self.height + x):
            if not self.queued[line]:
                self.queued[line] = True
                self.queue.append(line)

    def _solution_step(self) -> SolutionFound:
        """The last solution found as a step: one byte a cell, its colour number."""
        grid = self.solutions[-1]
        data = grid.astype(np.uint8).tobytes()
        return SolutionFound(data, self.width, self.height, len(self.solutions), self.depth)

    def _flush(self, line: int = -1) -> Iterator[Step]:
        """The steps for what changed since the last: cells an undo took back (a
        backtrack), the choice made, the cells that became one colour (by ``line``, or by
        probing / a rule); each cell's value its colour number (0 the background)."""
        if self.undone or len(self.trail) < self.trail_seen:
            self.undone = False
            self.trail_seen = len(self.trail)
            cells, width, shown, shown_at = self.cells, self.width, self.shown, self.shown_at
            gone = sorted(
                (i for i in self.reverted if i in shown and cells[i] != 1 << shown[i]),
                key=shown_at.__getitem__,
            )
            self.reverted.clear()
            for index in gone:
                del shown[index]
                del shown_at[index]
            if gone:  # in place: the compiled loop holds the list
                kept = [d for d in self.decided if cells[d[1] * width + d[0]] == 1 << d[2]]
                self.decided[:] = kept
                yield Backtrack(self.depth, tuple((i % width, i // width) for i in gone))
        if self.chosen is not None:
            x, y, colour = self.chosen
            self.chosen = None
            self._show(y * self.width + x, colour)
            yield Guess(x, y, colour, self.depth)
        if self.decided:
            decided = tuple(self.decided)
            self.decided.clear()
            for x, y, colour in decided:
                self._show(y * self.width + x, colour)
            reason = "forced" if line >= 0 else "probe"
            if 0 <= line < self.height:
                yield LineDeduced("row", line, decided, reason, self.depth, self.trying)
            elif line >= self.height:
                column = line - self.height
                yield LineDeduced("column", column, decided, reason, self.depth, self.trying)
            else:
                yield LineDeduced("row", decided[0][1], decided, reason, self.depth, self.trying)

    def _show(self, index: int, colour: int) -> None:
        if index not in self.shown:
            self.shown_at[index] = self.shows
            self.shows += 1
        self.shown[index] = colour

    def _undo_to(self, mark: int) -> None:
        cells = self.cells
        trail = self.trail
        self.reverted.update(index for index, _ in trail[mark:])
        while len(trail) > mark:
            index, old = trail.pop()
            cells[index] = old
        for line in self.queue:
            self.queued[line] = False
        self.queue.clear()

    def _solve_line(self, line: int) -> tuple[int, ...] | None:
        indices = self.line_cells[line]
        cells = self.cells
        state = tuple(cells[i] for i in indices)
        key = (line, state)
        if key in self.cache:
            self.cache_hits += 1
            return self.cache[key]
        self.lines_solved += 1
        result = self.line_solver(self.runs[line], state)
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[key] = result
        return result

    def propagate(self) -> Iterator[Step]:
        """Solve queued lines until none changes; sets ``self.bad`` on a contradiction. The
        compiled loop when the kernel is built, else :meth:`propagate_python`."""
        if self.kernel is not None:
            return self._propagate_compiled()
        return self.propagate_python()

    def _propagate_compiled(self) -> Iterator[Step]:
        """:meth:`propagate_python` with its lines solved, cached and applied by the kernel
        (``_kernel_colour.h``): the same lines in the same order, the same steps here."""
        self.bad = False
        run = self.kernel.run  # type: ignore[union-attr]
        yield from self._flush()
        while self.queue or self._more_work():
            yield from self._flush()
            if self.bad:
                return
            fresh = True
            while True:
                event, line, self.lines_solved, self.cache_hits, self.since_beat = run(
                    self.level, self.lines_solved, self.cache_hits, self.since_beat, fresh
                )
                fresh = False
                self.trail_seen = len(self.trail)
                if event == EV_HEARTBEAT:
                    if self.timeout is not None and self.elapsed() > self.timeout:
                        raise _Timeout
                    if self.work_limit is not None and self.work() >= self.work_limit:
                        raise _Timeout
                    yield LinesChecked(HEARTBEAT_LINES, self.depth)
                elif event == EV_DEDUCED:
                    yield from self._flush(line)
                elif event == EV_CONFLICT:
                    self.bad = True
                    self.conflict_line = line
                    return
                else:
                    break

    def propagate_python(self) -> Iterator[Step]:
        """The pure loop: the reference the compiled one is held to."""
        self.bad = False
        queue = self.queue
        cells = self.cells
        yield from self._flush()
        while queue or self._more_work():
            yield from self._flush()
            if self.bad:
                return
            line = queue.pop()
            self.queued[line] = False
            result = self._solve_line(line)
            self.since_beat += 1
            if self.since_beat >= HEARTBEAT_LINES:
                self.since_beat = 0
                if self.timeout is not None and self.elapsed() > self.timeout:
                    raise _Timeout
                if self.work_limit is not None and self.work() >= self.work_limit:
                    raise _Timeout
                yield LinesChecked(HEARTBEAT_LINES, self.depth)
            if result is None:
                self.bad = True
                self.conflict_line = line
                for other in queue:
                    self.queued[other] = False
                queue.clear()
                return
            for index, mask in zip(self.line_cells[line], result, strict=True):
                if mask != cells[index]:
                    self._narrow(index, mask, LINE, line)
            yield from self._flush(line)

    def _more_work(self) -> bool:
        """When the lines are quiet: whether other rules queued lines (or met a
        contradiction, ``self.bad``). The plain engine has none."""
        return False

    def failed(self) -> bool:
        """Whether the last propagation met a contradiction."""
        return self.bad

    def _queue_all(self) -> None:
        for line in range(self.width + self.height):
            if not self.queued[line]:
                self.queued[line] = True
                self.queue.append(line)

    # --- probing ----------------------------------------------------------------------------

    def probe(self) -> Iterator[Step]:
        """Rounds of probing at the root; sets ``self.bad`` when the grid has no solution."""
        self.bad = False
        while True:
            fixed = 0
            fruitless = 0
            for index in range(len(self.cells)):
                mask = self.cells[index]
                if mask & (mask - 1) == 0:
                    continue
                narrowed = yield from self._probe_cell(index)
                if self.bad:
                    return
                if narrowed:
                    fixed += narrowed
                    fruitless = 0
                    yield from self.propagate()
                    if self.failed():
                        return
                else:
                    fruitless += 1
                    if fruitless >= FRUITLESS_PROBES:
                        break
            if not fixed:
                return

    def _probe_cell(self, index: int) -> Generator[Step, None, int]:
        """Try each colour of cell ``index``; returns how many cells it narrowed (the
        generator's value)."""
        mask = self.cells[index]
        survivors = 0
        union: dict[int, int] | None = None
        colour = 0
        while mask >> colour:
            if (mask >> colour) & 1:
                self.probes += 1
                mark = len(self.trail)
                self.trying = True
                self._narrow(index, 1 << colour, ROOT)
                yield from self.propagate()
                self.trying = False
                if self.bad:
                    self.bad = False
                else:
                    survivors |= 1 << colour
                    changed = {i: self.cells[i] for i, _ in self.trail[mark:]}
                    if union is None:
                        union = changed
                    else:
                        union = {i: m | changed[i] for i, m in union.items() if i in changed}
                self._undo_to(mark)
            colour += 1
        if not survivors:
            self.bad = True
            return 0
        narrowed = 0
        if survivors != mask:
            self._narrow(index, survivors, ROOT)
            narrowed += 1
        for other, other_mask in (union or {}).items():
            if other != index and other_mask != self.cells[other]:
                self._narrow(other, other_mask & self.cells[other], ROOT)
                narrowed += 1
        self.probe_fixes += narrowed
        return narrowed

    # --- search ---------------------------------------------------------------------------

    def _branch_cell(self) -> int | None:
        best = None
        best_count = 99
        for index, mask in enumerate(self.cells):
            if mask & (mask - 1):
                count = mask.bit_count()
                if count < best_count:
                    best, best_count = index, count
                    if count == 2:
                        break
        return best

    def _record_solution(self) -> None:
        grid = np.array([mask.bit_length() - 1 for mask in self.cells], dtype=np.int8).reshape(
            self.height, self.width
        )
        self.solutions.append(grid)
        if self.first_solution_depth is None:
            self.first_solution_depth = self.depth

    def run(self) -> Iterator[Step]:
        complete = capped = timed_out = False
        try:
            if any(mask == 0 for mask in self.cells):
                self.bad = True
            else:
                self._queue_all()
                yield from self.propagate()
                self.line_rounds = 1
            if not self.bad and self.probing and self._branch_cell() is not None:
                yield from self.probe()
            # choices: (trail mark, cell, colours still to try)
            choices: list[tuple[int, int, int]] = []
            while True:
                if not self.bad:
                    index = self._branch_cell()
                    if index is None:
                        self._record_solution()
                        yield self._solution_step()
                        if (
                            self.max_solutions is not None
                            and len(self.solutions) >= self.max_solutions
                        ):
                            capped = True
                            break
                        self.bad = True  # go on looking: treat it as exhausted
                    else:
                        mask = self.cells[index]
                        first = mask & -mask
                        choices.append((len(self.trail), index, mask ^ first))
                        self.guesses += 1
                        self.depth = len(choices)
                        self.max_depth = max(self.max_depth, self.depth)
                        self._narrow(index, first, CHOICE, first.bit_length() - 1)
                        yield from self.propagate()
                        continue
                # A dead end: the latest choice with colours left takes its next one.
                while choices and not choices[-1][2]:
                    choices.pop()
                if not choices:
                    complete = True
                    break
                mark, index, rest = choices.pop()
                self.backtracks += 1
                self._undo_to(mark)
                colour = rest & -rest
                choices.append((mark, index, rest ^ colour))
                self.depth = len(choices)
                self._narrow(index, colour, CHOICE, colour.bit_length() - 1)
                yield from self.propagate()
        except _Timeout:
            timed_out = True
        yield from self._flush()
        yield Finished(self._result(complete, capped, timed_out))

    def _result(self, complete: bool, capped: bool, timed_out: bool) -> ColourSolveResult:
        stats = SolveStats(
            lines_solved=self.lines_solved,
            cache_hits=self.cache_hits,
            line_rounds=self.line_rounds,
            probes=self.probes,
            probe_fixes=self.probe_fixes,
            guesses=self.guesses,
            backtracks=self.backtracks,
            max_depth=self.max_depth,
            seconds=self.elapsed(),
            solved_by_lines=self.first_solution_depth == 0 and not self.probes,
            solved_without_search=self.first_solution_depth == 0,
        )
        return ColourSolveResult(
            status=status_of(len(self.solutions), complete, timed_out),
            solutions=[grid > 0 for grid in self.solutions],
            stats=stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
            colour_solutions=list(self.solutions),
        )
