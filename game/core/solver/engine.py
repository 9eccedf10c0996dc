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
from collections.abc import Callable, Generator, Iterator

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle
from game.core.solver.engine_probe import Prober
from game.core.solver.engine_state import (
    FILLED_BITS,
    OTHER,
    RESTART_GROWTH,
    STEP_VALUE,
    Branch,
    EngineTimeout,
)
from game.core.solver.line import EMPTY, FILLED, UNKNOWN
from game.core.solver.result import SolveResult, SolveStats, finished_result
from game.core.solver.steps import (
    Backtrack,
    Finished,
    Guess,
    SolutionFound,
    Step,
)


class _Engine(Prober):
    """Search with restarts over probing and propagation."""

    def _weighted_branch(self) -> Branch:
        """The unknown cell whose row and column have contradicted most (the first in reading
        order on a tie); filled first, or empty first in the runs after odd restarts."""
        height = self.height
        codes = np.frombuffer(b"".join(self.rows), dtype=np.uint8).reshape(height, self.width)
        weights = np.array(self.line_weight, dtype=np.int64)
        score = weights[:height, None] + weights[None, height:]
        score[codes != UNKNOWN] = -1
        y, x = divmod(int(np.argmax(score)), self.width)
        first = FILLED if self.prefer_richer else EMPTY
        return (x, y, first, OTHER[first])

    def _guess(self, x: int, y: int, code: int, alternative: bool) -> Generator[Step, None, int]:
        self._set(x, y, code)
        self._stamp_cells(((x, y),))
        yield Guess(x, y, STEP_VALUE[code], self.depth, alternative)
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
                    branch: Branch | None
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
                        cells = key.translate(FILLED_BITS)
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
        except EngineTimeout:
            timed_out = True
        yield Finished(self._result(complete, capped, timed_out))

    def _slack(self, line_id: int) -> int:
        clue = self.clues[line_id]
        length = self.width if line_id < self.height else self.height
        used = sum(clue) + len(clue) - 1 if clue else 0
        return length - used

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
        )
        return finished_result(
            self.solutions,
            stats,
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
        )


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
