"""The Kakuro solver: propagation over runs, then search, as ONE step generator.

:func:`solve_steps` yields a :class:`~game.core.kakuro.steps.KakuroStep` for every small
piece of work and ends with ``Finished(result)``; drive it through
:class:`~game.core.kakuro.task.KakuroSolveTask` (sliced by time), as every screen drives the
nonogram engine through its ``SolveTask``.

How it solves, the seed thesis's method made exact:

1. **Propagation.** Each cell keeps a mask of candidate digits (all nine at first). A run is
   solved exactly by :func:`~game.core.kakuro.combos.run_options`: a digit stays in a cell
   only if some way of filling the whole run with distinct digits to its sum, within every
   cell's candidates, puts it there. That covers the thesis's table lookups
   (``mat[sum][length][digit]``), its "a fixed digit leaves the other cells of both runs"
   and hidden singles. A changed cell queues its crossing run; runs are worked in rounds
   (round 2 is the runs round 1 changed, and so on) until nothing changes.
2. **Search.** When propagation stalls, the cell with the fewest candidates (the first in
   reading order on a tie) is set to its smallest digit; when that way fails (a run cannot
   be completed) the board goes back and the digit is ruled out of the cell instead, which
   propagates in turn. Counting continues past a solution until ``max_solutions``.

The time limit counts only the solver's own work: the clock is read around each step it
computes, never while the caller holds a step.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import replace

from game.core.kakuro.combos import ALL_DIGITS, count_of, run_options, single_digit
from game.core.kakuro.model import DigitRows, KakuroPuzzle
from game.core.kakuro.result import KakuroResult, KakuroStats
from game.core.kakuro.steps import (
    Backtrack,
    CandidatesRemoved,
    Contradiction,
    DigitPlaced,
    Finished,
    Guess,
    KakuroStep,
    RunsChecked,
    SolutionFound,
)

# Quiet runs (nothing new) between two heartbeats, so no step computes for long.
QUIET_RUNS = 24


class _Engine:
    def __init__(
        self, puzzle: KakuroPuzzle, max_solutions: int | None, initial: Sequence[int] | None
    ) -> None:
        self.puzzle = puzzle
        self.max_solutions = max_solutions
        self.run_cells = puzzle.run_whites
        self.cell_runs = puzzle.cell_runs
        self.totals = tuple(run.total for run in puzzle.runs)
        self.names = tuple(run.name for run in puzzle.runs)
        self.sum_texts = tuple(run.sum_text for run in puzzle.runs)
        self.cells = puzzle.white_cells
        count = puzzle.white_count
        if initial is None:
            self.masks = [ALL_DIGITS] * count
        else:
            if len(initial) != count:
                raise ValueError(f"initial has {len(initial)} cells, the puzzle {count} white")
            self.masks = [int(mask) & ALL_DIGITS for mask in initial]
        self.solutions: list[DigitRows] = []
        self.runs_solved = 0
        self.guesses = 0
        self.backtracks = 0
        self.max_depth = 0
        self.rounds = 0
        self.first_pass: float | None = None
        self.stalled: float | None = None

    def _mean_candidates(self) -> float:
        masks = self.masks
        return sum(map(count_of, masks)) / len(masks) if masks else 1.0

    def propagate(self, runs: Iterable[int], depth: int) -> Generator[KakuroStep, None, bool]:
        """Solve runs until nothing changes; False on a contradiction."""
        masks = self.masks
        current = list(dict.fromkeys(runs))
        quiet = 0
        generation = 0
        while current:
            generation += 1
            following: dict[int, None] = {}
            for run in current:
                cells = self.run_cells[run]
                before = tuple(masks[index] for index in cells)
                supported, combos = run_options(self.totals[run], before)
                self.runs_solved += 1
                if not combos or not all(supported):
                    if quiet:
                        yield RunsChecked(quiet, depth)
                    yield Contradiction(run, self.names[run], depth)
                    return False
                removed = tuple(
                    (index, old & ~new)
                    for index, old, new in zip(cells, before, supported, strict=True)
                    if old != new
                )
                if not removed:
                    quiet += 1
                    if quiet >= QUIET_RUNS:
                        yield RunsChecked(quiet, depth)
                        quiet = 0
                    continue
                if quiet:
                    yield RunsChecked(quiet, depth)
                    quiet = 0
                for index, new in zip(cells, supported, strict=True):
                    masks[index] = new
                for index, _mask in removed:
                    for crossing in self.cell_runs[index]:
                        if crossing != run:
                            following[crossing] = None
                yield CandidatesRemoved(
                    run, self.names[run], self.sum_texts[run], removed, combos, depth
                )
                for index, _mask in removed:
                    digit = single_digit(masks[index])
                    if digit:
                        x, y = self.cells[index]
                        yield DigitPlaced(index, x, y, digit, depth)
            if depth == 0 and not self.guesses and self.first_pass is None:
                self.first_pass = self._mean_candidates()
            if depth == 0 and not self.guesses:
                self.rounds = max(self.rounds, generation)
            current = list(following)
        if quiet:
            yield RunsChecked(quiet, depth)
        return True

    def _choose(self) -> int | None:
        best: int | None = None
        best_count = 10
        for index, mask in enumerate(self.masks):
            count = count_of(mask)
            if 1 < count < best_count:
                best, best_count = index, count
                if count == 2:
                    break
        return best

    def _solution(self) -> DigitRows:
        puzzle = self.puzzle
        rows = [[0] * puzzle.width for _ in range(puzzle.height)]
        for (x, y), mask in zip(self.cells, self.masks, strict=True):
            rows[y][x] = single_digit(mask)
        return tuple(tuple(row) for row in rows)

    def run(self) -> Generator[KakuroStep, None, None]:
        if any(not mask for mask in self.masks):
            yield Contradiction(None, "", 0)
            yield Finished(self._result(complete=True))
            return
        ok = yield from self.propagate(range(len(self.totals)), 0)
        if self.first_pass is None:
            self.first_pass = self._mean_candidates()
        stack: list[tuple[int, int, list[int]]] = []
        while True:
            if ok:
                cell = self._choose()
                if cell is None:
                    if self.stalled is None:
                        self.stalled = 1.0
                    solution = self._solution()
                    self.solutions.append(solution)
                    puzzle = self.puzzle
                    yield SolutionFound(
                        bytes(digit for row in solution for digit in row),
                        puzzle.width,
                        puzzle.height,
                        len(self.solutions),
                        len(stack),
                    )
                    if self.max_solutions is not None and len(self.solutions) >= self.max_solutions:
                        yield Finished(self._result(complete=False, capped=True))
                        return
                    ok = False
                    continue
                if self.stalled is None:
                    self.stalled = self._mean_candidates()
                digit = single_digit(self.masks[cell] & -self.masks[cell])
                stack.append((cell, digit, list(self.masks)))
                self.masks[cell] = 1 << digit
                self.guesses += 1
                self.max_depth = max(self.max_depth, len(stack))
                x, y = self.cells[cell]
                yield Guess(cell, x, y, digit, len(stack))
                ok = yield from self.propagate(self.cell_runs[cell], len(stack))
                continue
            if not stack:
                yield Finished(self._result(complete=True))
                return
            cell, digit, saved = stack.pop()
            restored = tuple(
                (index, old)
                for index, (old, now) in enumerate(zip(saved, self.masks, strict=True))
                if old != now
            )
            self.masks = saved
            self.backtracks += 1
            depth = len(stack)
            yield Backtrack(depth, restored)
            saved[cell] &= ~(1 << digit)
            x, y = self.cells[cell]
            yield Guess(cell, x, y, digit, depth, exclude=True)
            left = single_digit(saved[cell])
            if left:
                yield DigitPlaced(cell, x, y, left, depth)
            ok = yield from self.propagate(self.cell_runs[cell], depth)

    def stats(self, seconds: float) -> KakuroStats:
        return KakuroStats(
            runs_solved=self.runs_solved,
            rounds=self.rounds,
            first_pass_candidates=self.first_pass if self.first_pass is not None else 9.0,
            stalled_candidates=self.stalled if self.stalled is not None else 9.0,
            guesses=self.guesses,
            backtracks=self.backtracks,
            max_depth=self.max_depth,
            seconds=seconds,
            solved_without_search=self.guesses == 0 and bool(self.solutions),
        )

    def _result(
        self, *, complete: bool, capped: bool = False, timed_out: bool = False, seconds: float = 0.0
    ) -> KakuroResult:
        # Found with max_solutions=1 without a guess: that one is the only one; after a
        # guess, nobody looked for a second one.
        return KakuroResult.finished(
            self.solutions,
            self.stats(seconds),
            complete=complete,
            capped=capped,
            timed_out=timed_out,
            max_solutions=self.max_solutions,
            settled=self.guesses == 0,
        )


def solve_steps(
    puzzle: KakuroPuzzle,
    *,
    max_solutions: int | None = 2,
    timeout: float | None = None,
    initial: Sequence[int] | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Iterator[KakuroStep]:
    """Solve ``puzzle``, yielding every step and ending with ``Finished``.

    ``max_solutions`` None counts every solution; ``timeout`` (seconds of the solver's own
    work on ``clock``) ends with an ``unknown`` result; ``initial`` gives each white cell's
    starting candidate mask (a player's digit as a one-digit mask), in white order.
    """
    if max_solutions is not None and max_solutions < 1:
        raise ValueError("max_solutions must be at least 1 (or None for all)")
    engine = _Engine(puzzle, max_solutions, initial)
    inner = engine.run()
    spent = 0.0
    while True:
        start = clock()
        step = next(inner)
        spent += clock() - start
        if isinstance(step, Finished):
            yield Finished(replace(step.result, stats=engine.stats(spent)))
            return
        if timeout is not None and spent > timeout:
            inner.close()
            yield Finished(engine._result(complete=False, timed_out=True, seconds=spent))
            return
        yield step
