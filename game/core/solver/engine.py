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
   cells both ways agree on are fixed too. Rounds repeat until one fixes nothing (a round
   that meets a thousand fruitless cells in a row ends there: a big open grid would cost
   two probes a cell for nothing). A cell's result is reused in a later round while none
   of the lines its probes looked at has changed.
3. **Search**: full probing runs at the root only (again after a restart or a jump back to
   it): below the root it cost about a thousand probes a node and pruned less than it cost.
   At the root the cell to guess comes from probing (the row and column that contradicted
   most, ties to the cell whose probes taught the most both ways). Below it, a **lookahead**
   probes the dozen unknown cells with the highest conflict activity (see
   :mod:`~game.core.solver.engine_lookahead`): a way that contradicts is learned from at
   once, cells both ways force are set, and the cell guessed is the one whose two ways
   forced the most, at the value it last had. An undo log (the trail of cells set, with a
   mark per choice) takes the board back.
4. **Learning**: a contradiction below the root is explained (which guesses, and which of
   the lines' known cells, forced it) down to a nogood: a few cell values that cannot all
   hold.
   The nogood is kept (a bounded store, the least used forgotten), search jumps back to the
   deepest choice it involves, and from there on it forces cells like a line does. After a
   solution, the nogood of its guesses shuts it out and the search goes on counting up to
   ``max_solutions``; with every way shut out, a contradiction at the root ends the count.
5. **Restarts**: a run of the search that met ``RESTART_UNIT`` times the Luby sequence's
   next term of contradictions starts again from the root, keeping the nogoods and the
   activities. Hard puzzles have a few lucky orders and many unlucky ones; restarts stop an
   unlucky run from lasting forever, and what was learned makes the next run shorter. Each
   run guesses a cell's value as it was in the furthest assignment yet (the most cells set
   when a contradiction came; SAT solvers call it rephasing to the best phases), so each
   run sets out towards the closest miss instead of from wherever the last one ended.
   Measured on TAAI 2011 at 10 s CPU, on a machine about 2.7 times slower than the one
   ``benchmarks/`` quotes today: all 1000, 80 timeouts against 107 without (every fifth
   puzzle of #302-#897: 16 against 23-24).

The timeout counts only time spent inside the generator (a paused replay does not use it up)
and is checked every few lines, so it holds during probing as well as search.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterator
from dataclasses import replace

import numpy as np

from game.core.cells import FILLED
from game.core.puzzle import Puzzle
from game.core.solver import engine_lookahead
from game.core.solver.depth_first import MAX_LINE, SecondSearch, open_depth_first
from game.core.solver.engine_lookahead import Lookahead
from game.core.solver.engine_state import (
    CODE_BITS,
    FILLED_BITS,
    OTHER,
    RESTART_UNIT,
    Branch,
    EngineTimeout,
)
from game.core.solver.line import HITS, SOLVED
from game.core.solver.options import SolveOptions
from game.core.solver.result import SolveResult, SolveStats, finished_result
from game.core.solver.steps import (
    Backtrack,
    Finished,
    Guess,
    LinesChecked,
    RootSettled,
    SolutionFound,
    Step,
)

# Cells from which setting up the engine gets steps of its own (512x512: ~5 ms in all).
LARGE_GRID = 40_000
# The depth-first search beside the engine (depth_first.py, see _Engine.run_both): lines of
# the engine's work between two of its turns, the lines it looks at a turn (its lines cost
# about a sixth of the engine's: a turn takes about four times as long as the engine's
# share, for it is the faster on most questions), and the lines between two heartbeats
# within a turn. TAAI 2011, all 1000 (CPU s, load 2): turns of 12,288 lines 62 s, median
# 19 ms, of 49,152 71 s and 16 ms, of 98,304 71 s and 14.6 ms; none over twice
# LalaFrogKK's time + 5 ms with either of the last two.
SECOND_AFTER = 2048
SECOND_TURN = 98304
SECOND_BEAT = 2048
# The depth-first search's lines in all (about a quarter of a second of it): where it has
# not ended by then its tree is deep, and the engine's search, better on long solves, goes
# on alone (2 million lines left TAAI #597 just short).
SECOND_LIMIT = 3_000_000


def luby(index: int) -> int:
    """The ``index``-th term (from 0) of the Luby sequence 1 1 2 1 1 2 4 1 1 2 ...: the
    restart schedule that wastes at most a log factor against the best fixed one."""
    size, power = 1, 0
    while size < index + 1:
        power += 1
        size = 2 * size + 1
    while size - 1 != index:
        size = (size - 1) >> 1
        power -= 1
        index %= size
    return 1 << power


class _Engine(Lookahead):
    """Search with learning and restarts over probing and propagation."""

    def _settled(self) -> RootSettled:
        """The cells known now, at the root, as an unwatched solve tells them."""
        return RootSettled(0, 0, bytes(self.cells), self.width, self.height, self.planes)

    def _guess(self, index: int, code: int) -> Generator[Step, None, int]:
        if not self.guesses and not self.watching:
            yield self._settled()  # what the root proved, before the first guess
        x, y = self.where(index)
        self.choices.append((x, y, OTHER[code], len(self.trail)))
        self.guesses += 1
        self.max_depth = max(self.max_depth, self.depth)
        self._set(index, code)
        yield Guess(x, y, self.shown((index << CODE_BITS) | code), self.depth, False)
        bad = yield from self.propagate(probe=False)
        return bad

    def _restart(self) -> Generator[Step, None, None]:
        """Back to the root, keeping every learned nogood and the activities; each cell's
        next value is the one it had in the furthest assignment yet (its last value where
        that assignment left it unknown)."""
        mark = self.choices[0][3]
        self.choices.clear()
        undone = self._undo_to(mark, save_phase=True)
        if self.best_cells:
            best = np.frombuffer(self.best_cells, dtype=np.uint8)
            known = best != 0
            np.frombuffer(self.phase, dtype=np.uint8)[known] = best[known]
        self.restarts += 1
        self.run_conflicts = 0
        self.restart_limit = RESTART_UNIT * luby(self.restarts)
        self.prefer_richer = not self.prefer_richer
        yield Backtrack(0, undone)

    def _solution(self) -> SolutionFound | None:
        """The complete grid as a step, or None when a restart met it again."""
        key = b"".join(self.rows)
        if key in self.seen:  # pragma: no cover - a counted solution's nogood shuts it out
            return None
        self.seen.add(key)
        if self.planes == 1:
            cells = key.translate(FILLED_BITS)
        else:  # each cell's colour number: the plane that says yes
            codes = np.frombuffer(key, dtype=np.uint8).reshape(-1, self.planes)
            cells = (codes == FILLED).argmax(axis=1).astype(np.uint8).tobytes()
        found = SolutionFound(cells, self.width, self.height, len(self.solutions) + 1, self.depth)
        self.solutions.append(found.array())
        if self.planes > 1:
            grid = np.frombuffer(cells, dtype=np.uint8).reshape(self.height, self.width)
            self.colour_grids.append(grid.astype(np.int8))
        if self.first_solution_depth is None:
            self.first_solution_depth = self.depth
        return found

    def run(self) -> Generator[Step, None, None]:
        timed_out = False
        complete = False
        capped = False
        large = self.width * self.height >= LARGE_GRID
        if large:
            # Setting up a large grid's per-cell tables is a step's work on its own.
            yield LinesChecked(0, 0)
        self._init_learning()
        if large:
            yield LinesChecked(0, 0)
        try:
            for line_id in sorted(range(self.width + self.height), key=self._slack):
                self._queue_line(line_id, 1)
            bad = yield from self.propagate(probe=False)
            self.stalled = True
            while True:
                if bad == -1 and self.unknown:
                    if self.choices and self.run_conflicts >= self.restart_limit:
                        yield from self._restart()
                    branch: Branch | None
                    if self.choices and self.probing and engine_lookahead.LOOKAHEAD_CELLS:
                        branch, bad = yield from self.lookahead()
                        if branch is None:
                            continue
                        verdict = "branch"
                    elif self.choices or not self.probing:
                        verdict, branch = "branch", self._activity_branch()
                    else:
                        if self.first_solution_depth is None:
                            self.used_probing_first = True
                        verdict, branch = yield from self.probe()
                    if verdict == "contradiction":
                        bad = 1
                    elif verdict == "branch":
                        assert branch is not None
                        index, first, _second = branch
                        bad = yield from self._guess(index, first)
                        continue
                if bad == -1 and not self.unknown:
                    found = self._solution()
                    if found is not None:
                        yield found
                        count = len(self.solutions)
                        if self.max_solutions is not None and count >= self.max_solutions:
                            capped = True
                            break
                    if not self.choices:
                        complete = True
                        break
                    # Shut this solution out (every other one differs in some guess) and go
                    # on: the nogood of the guesses is permanent, the count depends on it.
                    decisions = self._guessed(len(self.choices))
                    self.backtracks += 1
                    bad = yield from self.learn(decisions, len(self.choices) - 1, True)
                    continue
                # A contradiction: at the root there is nothing left to try.
                if not self.choices:
                    complete = True
                    break
                bad = yield from self.learn_from(bad)
        except EngineTimeout:
            timed_out = True
        if not self.guesses and not self.watching and not timed_out:
            yield self._settled()
        yield Finished(self._result(complete, capped, timed_out))

    def run_both(self, puzzle: Puzzle, options: SolveOptions) -> Iterator[Step]:
        """:meth:`run`, with the depth-first search (:mod:`~game.core.solver.depth_first`)
        taking turns with it once the search begins, on a verdict caller's black-and-white
        puzzle, when it asks (``options.second_search``: unwatched, no work limit, nothing
        pinned, sides of at most MAX_LINE).

        The two searches are complete, so whichever ends first gives the verdict. The
        engine's search learns and restarts, the depth-first one probes every cell at every
        node: each is the faster on puzzles where the other wanders (TAAI 2011: see
        docs/solver-log.md). The depth-first search starts at the engine's first guess, so
        what the root proved (the rating's counts) is the engine's alone. It takes a turn
        of SECOND_TURN lines at the first guess after each SECOND_AFTER lines of the
        engine's work, up to SECOND_LIMIT lines in all: turns are counted in work, so the
        answer is the same on any machine and either engine. Its nodes and probes are added
        to the engine's counts, its lines to the lines solved as it goes (so the work read
        during the solve counts them)."""
        steps = self.run()
        if (
            not options.second_search
            or self.watching
            or options.work_limit is not None
            or options.initial is not None
            or self.planes != 1
            or max(self.width, self.height) > MAX_LINE
        ):
            yield from steps
            return
        second: SecondSearch | None = None
        counts = self.solver.counts
        gate = 0
        for step in steps:
            if isinstance(step, Finished):
                if second is not None:
                    step = Finished(self._with_second(step.result, second))
                yield step
                return
            yield step
            if not isinstance(step, Guess) or counts[SOLVED] + counts[HITS] < gate:
                continue
            if second is not None and second.work >= SECOND_LIMIT:
                continue
            if second is None:
                clues = [*puzzle.row_clues, *puzzle.column_clues]
                second = open_depth_first(self.width, self.height, clues, self.max_solutions)
            target = second.work + SECOND_TURN
            while not second.finished and second.work < target:
                before = second.work
                second.run(min(target, second.work + SECOND_BEAT))
                counts[SOLVED] += second.work - before
                if self.timeout is not None and self.elapsed() > self.timeout:
                    steps.close()
                    yield from self._second_solutions(second)
                    yield Finished(self._with_second(self._result(False, False, True), second))
                    return
                if not second.finished and second.work < target:
                    self.beat = True  # a heartbeat within a long turn
                    yield LinesChecked(0, len(self.choices))
            if second.finished:
                steps.close()
                yield from self._second_solutions(second)
                result = self._result(second.complete, not second.complete, False)
                yield Finished(self._with_second(result, second))
                return
            gate = counts[SOLVED] + counts[HITS] + SECOND_AFTER

    def _second_solutions(self, second: SecondSearch) -> Iterator[SolutionFound]:
        """The depth-first search's solutions the engine had not found, as steps, kept as
        the engine's (up to max_solutions in all; when its tree was searched whole, the
        engine's are among its own)."""
        known = {solution.astype(np.uint8).tobytes() for solution in self.solutions}
        for cells in second.solutions:
            if cells in known:
                continue
            if self.max_solutions is not None and len(self.solutions) >= self.max_solutions:
                break
            found = SolutionFound(cells, self.width, self.height, len(self.solutions) + 1, 0)
            self.solutions.append(found.array())
            yield found

    def _with_second(self, result: SolveResult, second: SecondSearch) -> SolveResult:
        """``result`` with the depth-first search's nodes as guesses and its probes (its
        lines are among the lines solved already)."""
        stats = replace(
            result.stats,
            guesses=result.stats.guesses + second.nodes,
            probes=result.stats.probes + second.probes,
        )
        return replace(result, stats=stats)

    def _slack(self, line_id: int) -> int:
        length = self.width if line_id < self.height else self.height
        return length - self.solver.smallest(self.clues[line_id])

    def _result(self, complete: bool, capped: bool, timed_out: bool) -> SolveResult:
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
            insights=self.insights,
            probed_cells=self.probed_cells,
        )
        return finished_result(
            self.solutions,
            stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
            colour_solutions=self.colour_grids if self.planes > 1 else None,
        )


def open_solve(puzzle: Puzzle, options: SolveOptions) -> tuple[Iterator[Step], Callable[[], int]]:
    """The black-and-white engine's steps for ``puzzle`` as ``options`` ask (see
    :class:`~game.core.solver.options.SolveOptions`), and a reading of its work so far: the
    lines looked at (solved, or answered from a cache), the unit ``work_limit`` counts; at the
    end it equals the result's ``lines_solved + cache_hits`` on either engine.

    The last step is always :class:`Finished`. Unwatched (``watch`` False), only the
    solutions, one :class:`RootSettled` (the cells proved before the first guess), a quiet
    heartbeat every WORK_BEAT lines and the last step come: the engine then builds no steps
    of propagation (the compiled one runs each propagation to its end) and reads the clock
    only every few lines for the timeout, not twice a step (a CPU-time clock costs a system
    call). Screens and services reach it through the one door,
    :func:`game.core.solver.task.open_solve`, mostly by a
    :class:`~game.core.solver.task.SolveTask`."""
    engine = _Engine(puzzle, options)
    solver = engine.solver

    counts = solver.counts

    def work() -> int:
        return counts[SOLVED] + counts[HITS]

    return _steps(engine, engine.run_both(puzzle, options)), work


def _steps(engine: _Engine, steps: Iterator[Step]) -> Iterator[Step]:
    """The engine's ``steps`` with its clock paused while the caller holds one; unwatched,
    only the verdict's steps and a heartbeat when the engine asks for one."""
    if not engine.watching:
        for step in steps:
            if not isinstance(step, SolutionFound | RootSettled | Finished):
                if not engine.beat:
                    continue
                engine.beat = False
                step = LinesChecked(0, len(engine.choices))
            engine.pause_clock()
            yield step
            engine.resume_clock()
        return
    for step in steps:
        engine.pause_clock()
        yield step
        engine.resume_clock()


def solve(puzzle: Puzzle, options: SolveOptions) -> SolveResult:
    """Solve ``puzzle`` to the end (or the timeout) and return the verdict; no one looks at
    propagation's steps, whatever ``options.watch`` says."""
    # Drain the engine itself: no one pauses between steps, so no clock juggling is needed.
    unwatched = replace(options, watch=False)
    engine = _Engine(puzzle, unwatched)
    for step in engine.run_both(puzzle, unwatched):
        if isinstance(step, Finished):
            return step.result
    raise AssertionError("the engine always ends with a Finished step")  # pragma: no cover
