"""Fresh Kakuro puzzles with exactly one solution: ``KakuroGeneration(size, level, seed)``.

The seed thesis's method (sums chosen so runs have few combinations, propagating as it
goes, backtracking), changed where measuring said so:

1. **Layout** (:mod:`game.core.kakuro.layout`): the first row and column black, the rest
   symmetric about the diagonal, no run of one, none longer than the level allows
   (:data:`~game.core.kakuro.layout.LONGEST_RUN`, seven at most) but for a pair or two of
   runs of up to nine from Hard up (:data:`~game.core.kakuro.layout.LONG_RUN_PAIRS`), every
   white cell connected (a depth-first search; split groups are joined, not dropped).
2. **Sums one run at a time.** Every cell starts with all nine candidates. The run whose
   cells have the fewest candidates left gets a sum next: of the sums still possible, those
   keeping the fewest candidates in its cells (easy levels also count each rival
   combination, so a player reads the sum at once: 7 in three cells is only 1+2+4) come
   first, and one of the best :data:`CHOICES` (by level) is drawn. Then the board is
   propagated exactly as the solver does (:func:`~game.core.kakuro.combos.run_options`); a
   contradiction takes the sum back and tries the next.
3. **Backtracking, locally.** When no sum fits a run, or every run has a sum but cells are
   still open, the sums of the runs crossing one such run are taken back and chosen again
   (at most :data:`REOPEN_PERCENT` of the runs' count per layout, then a new layout). When
   every cell is down to one digit by propagation alone, the sums have exactly one solution.
4. **Proof and level.** The finished puzzle is solved again by the solver (up to two
   solutions, guessing allowed) and rated (:mod:`game.core.kakuro.rating`); the first at the
   level asked is taken, or after :data:`CANDIDATES` candidates the closest one.
5. **Fiendish** (level 5) is a puzzle whose one answer the solver can only reach by
   guessing. Boards left open by propagation were never unique when tried (none of 1,171
   stalled 12x12 boards from 8 seeds), so a finished puzzle is walked instead: one digit
   of its answer changes at a time (moving two sums), each change proven again by the
   solver, kept while the answer stays single, until a guess is needed
   (:meth:`KakuroGeneration._harden`; on 200 random changes of five 12x12 boards: 37%
   stayed unique without a guess, 2.5% became Fiendish, the rest had two answers).

What each size reaches is in :data:`NO_GUESS_LEVELS`: the rating counts white cells, so
a large board cannot be Easy, however sparse it is drawn (12x12 boards drawn as for Easy
rated 5.3 to 7.2 points; Easy allows 4.5).

Profiled at 16x16 (cProfile, seed 10 of the earlier design, 10 s): 95% of the time went
to layouts that were given sums run by run and then failed, each after taking back sums
some 80 times; runs of seven to nine cells have sums with many combinations, so
propagation left dozens of cells open however the sums were chosen. Runs of at most seven
and layouts that keep their white cells (joined, not halved along the diagonal) make the
first or second layout succeed; ``python benchmarks/kakuro.py`` gives the figures
(docs/kakuro.md).

Every random choice comes from ``numpy.random.Generator(PCG64(seed))`` and only its
integers, and every limit counts solver steps or repairs, never seconds: a seed makes the
same puzzle on every machine, however fast and however sliced.
:meth:`KakuroGeneration.advance` works for about the seconds it is given, so a screen calls
it once a frame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Iterator
from dataclasses import dataclass

import numpy as np

from game.core.difficulty import LEVELS
from game.core.kakuro.combos import (
    ALL_DIGITS,
    combinations,
    count_of,
    run_options,
    run_options_by_total,
    single_digit,
)
from game.core.kakuro.layout import Grid, make_layout, runs_of
from game.core.kakuro.model import KakuroPuzzle, from_digits
from game.core.kakuro.rating import rate_kakuro
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.task import KakuroSolveTask
from game.core.rating import STAR_NAMES, Rating
from game.core.slicing import SlicedSearch

AUTHOR = "Hanjie generator"
MIN_SIZE = 6
MAX_SIZE = 16
# Sums taken back on one layout, as a share of its runs (per cent), before a new layout.
REOPEN_PERCENT = 100
# Finished candidates rated before the closest to the level is accepted.
CANDIDATES = 6
# Digit changes tried on a finished puzzle, when Fiendish is asked, before giving up on it.
HARDEN_TRIES = 150
# Solver steps one full uniqueness check may take, per white cell (a cap on runaway searches).
STEPS_PER_WHITE = 60
# Solver steps per slice: the generator yields between slices.
SLICE_STEPS = 200
# Of the sums a run can take, how many of those keeping the fewest candidates a choice is
# drawn among, by level (1 Easy .. 5 Fiendish): more choice leaves more for the player to do.
CHOICES = (2, 2, 3, 5, 5)
# What a sum's every combination weighs against the candidates it keeps, by level: easy
# boards prefer sums a player reads at once (few combinations), hard ones do not care.
RIVALS = (6, 3, 1, 0, 0)

Cell = tuple[int, int]


class KakuroGenerateError(ValueError):
    """A size or level the generator does not make; the message is for players."""


@dataclass(frozen=True)
class KakuroGenerated:
    """A generated puzzle (with its solution), its rating, and what it took."""

    puzzle: KakuroPuzzle
    rating: Rating
    seed: int
    layouts: int
    candidates: int
    repairs: int
    steps: int


# The levels boards of each size reach without a guess, (smallest size, largest size, lowest
# level, highest level); Fiendish (a guess needed) is made at every size. The rating counts
# white cells, so large boards cannot be easy, and small ones hold too little to be Expert.
# Measured (scratch script, CANDIDATES 6, 4-6 seeds a size and level): Easy 4/4 at 6x6 to
# 9x9, 3/4 at 10x10, 0/4 from 11x11; Medium 4/4 to 13x13, 3/4 at 14x14, 2/4 at 15x15, 0/4
# at 16x16; Hard 2/6 at 6x6, every time from 7x7; Expert 0 at 8x8 and 9x9, 1/6 at 10x10,
# 3/4 at 11x11, 4-6 of 6 from 12x12. A level at the edge of its range is not always hit;
# the closest found is given then, and the command says so.
NO_GUESS_LEVELS = ((6, 10, 1, 3), (11, 15, 2, 4), (16, 16, 3, 4))


def reachable_levels(size: int) -> tuple[int, ...]:
    """The levels a ``size`` x ``size`` board can be made at."""
    for smallest, largest, lowest, highest in NO_GUESS_LEVELS:
        if smallest <= size <= largest:
            return (*range(lowest, highest + 1), LEVELS)
    return (LEVELS,)


def natural_level(size: int) -> int:
    """The level asked when none is given: the middle of what the size reaches unguessed."""
    levels = reachable_levels(size)[:-1]
    return levels[len(levels) // 2] if levels else LEVELS


def _level_names(levels: tuple[int, ...]) -> str:
    names = [STAR_NAMES[level] for level in levels]
    return ", ".join(names[:-1]) + " or " + names[-1] if len(names) > 1 else names[0]


def check_request(size: int, level: int) -> None:
    if isinstance(size, bool) or not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise KakuroGenerateError(f"a Kakuro is {MIN_SIZE} to {MAX_SIZE} cells a side, not {size}")
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= LEVELS:
        raise KakuroGenerateError(f"the level must be 1 to {LEVELS}, not {level}")
    levels = reachable_levels(size)
    if level not in levels:
        sizes = [
            other for other in range(MIN_SIZE, MAX_SIZE + 1) if level in reachable_levels(other)
        ]
        raise KakuroGenerateError(
            f"a {size}x{size} Kakuro is {_level_names(levels)}, not {STAR_NAMES[level]} "
            f"(level {level}); {STAR_NAMES[level]} boards are {sizes[0]}x{sizes[0]} to "
            f"{sizes[-1]}x{sizes[-1]}"
        )


class _Board:
    """A layout whose runs get their sums one by one: each white cell's candidate mask, each
    run's sum (0 while not chosen), and propagation over the runs that have one."""

    def __init__(self, white: Grid) -> None:
        self.white = white
        self.runs = runs_of(white)
        cells = sorted({cell for run in self.runs for cell in run}, key=lambda c: (c[1], c[0]))
        self.cells = cells
        index = {cell: number for number, cell in enumerate(cells)}
        self.run_cells = [tuple(index[cell] for cell in run) for run in self.runs]
        pairs: list[list[int]] = [[] for _ in cells]
        for number, run in enumerate(self.run_cells):
            for cell in run:
                pairs[cell].append(number)
        self.cell_runs = [tuple(pair) for pair in pairs]
        self.masks = [ALL_DIGITS] * len(cells)
        self.totals = [0] * len(self.runs)
        self.work = 0

    def options(self, run: int, rivals: int) -> list[tuple[int, int]]:
        """Every sum the run can still take, scored: the candidates its cells would keep,
        plus ``rivals`` for each combination the sum has (what a player sees first)."""
        cells = self.run_cells[run]
        candidates = tuple(self.masks[cell] for cell in cells)
        found: list[tuple[int, int]] = []
        for total, supported, _combos in run_options_by_total(candidates):
            self.work += 1
            kept = sum(map(count_of, supported))
            found.append((kept + rivals * len(combinations(total, len(cells))), total))
        return found

    def propagate(self, runs: list[int]) -> bool:
        """Narrow the candidates from ``runs`` on until nothing changes; False on a
        contradiction. A run without a sum still keeps its digits distinct."""
        masks = self.masks
        # First in, first out, each run queued once (a dict popped from the front would
        # rescan its deleted slots every time).
        queue = deque(dict.fromkeys(runs))
        queued = set(queue)
        while queue:
            run = queue.popleft()
            queued.discard(run)
            cells = self.run_cells[run]
            before = tuple(masks[cell] for cell in cells)
            total = self.totals[run]
            self.work += 1
            if total:
                after, combos = run_options(total, before)
                if not combos or not all(after):
                    return False
            else:
                placed = [single_digit(mask) for mask in before]
                taken = 0
                for digit in placed:
                    if digit:
                        if taken >> digit & 1:
                            return False
                        taken |= 1 << digit
                after = tuple(
                    mask if digit else mask & ~taken
                    for mask, digit in zip(before, placed, strict=True)
                )
                if not all(after):
                    return False
            for cell, old, new in zip(cells, before, after, strict=True):
                if old != new:
                    masks[cell] = new
                    for crossing in self.cell_runs[cell]:
                        if crossing != run and crossing not in queued:
                            queued.add(crossing)
                            queue.append(crossing)
        return True

    def reopen(self, run: int) -> None:
        """Take back the sums of the runs crossing ``run`` (a run no sum fits any more) and
        narrow the candidates again from the sums that stay, which cannot contradict."""
        for cell in self.run_cells[run]:
            for crossing in self.cell_runs[cell]:
                self.totals[crossing] = 0
        self.masks = [ALL_DIGITS] * len(self.cells)
        self.propagate([number for number, total in enumerate(self.totals) if total])

    def digits(self) -> Grid:
        size = len(self.white)
        rows = [[0] * size for _ in range(size)]
        for (x, y), mask in zip(self.cells, self.masks, strict=True):
            rows[y][x] = single_digit(mask)
        return rows


class KakuroGeneration(SlicedSearch[KakuroGenerated]):
    """One generation, worked a slice at a time; :attr:`result` once :attr:`done`."""

    def __init__(self, size: int, level: int, seed: int) -> None:
        check_request(size, level)
        self.size = size
        self.level = level
        self.seed = seed
        self.rng = np.random.Generator(np.random.PCG64(seed))
        self.result: KakuroGenerated | None = None
        self.layouts = 0
        self.candidates = 0
        self.repairs = 0
        self.steps = 0
        # Why candidates failed, counted (for the benchmark and for tuning).
        self.failures: dict[str, int] = {}
        self._work: Iterator[None] | None = self._search()

    def run(self) -> KakuroGenerated:
        """Work to the end; blocks."""
        while self.advance(3600.0) is None:
            pass
        assert self.result is not None
        return self.result

    # -- random choices (integers only, so every machine draws the same) ---------------------

    def _below(self, count: int) -> int:
        return int(self.rng.integers(0, count))

    # -- solving -----------------------------------------------------------------------------

    def _check(self, puzzle: KakuroPuzzle) -> Generator[None, None, KakuroResult | None]:
        """A solve of the finished puzzle by the solver (up to two solutions), sliced: the
        proof of uniqueness and what the rating reads; None at the step cap."""
        task = KakuroSolveTask(puzzle, max_solutions=2)
        budget = STEPS_PER_WHITE * puzzle.white_count
        while True:
            before = task.steps_taken
            result = task.advance(3600.0, max_steps=SLICE_STEPS)
            spent = task.steps_taken - before
            self.steps += spent
            budget -= spent
            if result is not None:
                return result
            if budget <= 0:
                task.cancel()
                return None
            yield None

    def _search(self) -> Iterator[None]:
        best: tuple[int, KakuroPuzzle, Rating] | None = None
        while True:
            found = yield from self._candidate()
            if found is None:
                continue
            puzzle, rating = found
            if self.level == LEVELS and rating.stars < LEVELS:
                puzzle, rating = yield from self._harden(puzzle, rating)
            self.candidates += 1
            distance = abs(rating.stars - self.level)
            if best is None or distance < best[0]:
                best = (distance, puzzle, rating)
            if distance == 0 or self.candidates >= CANDIDATES:
                self._finish(best[1], best[2])
                return
            yield None

    def _candidate(self) -> Generator[None, None, tuple[KakuroPuzzle, Rating] | None]:
        """One layout given sums run by run, then checked and rated; None when it failed."""
        self.layouts += 1
        white = make_layout(self.rng, self.size, self.level)
        yield None
        if white is None:
            self._failed("layout")
            return None
        board = _Board(white)
        choices = CHOICES[self.level - 1]
        reopened = 0
        while True:
            open_runs = [run for run, total in enumerate(board.totals) if not total]
            if not open_runs:
                undecided = [cell for cell, mask in enumerate(board.masks) if count_of(mask) > 1]
                if not undecided:
                    break
                # Sums that leave cells open: take back a run through them and go on.
                reopened += 1
                if reopened > len(board.runs) * REOPEN_PERCENT // 100:
                    self._failed("open cells")
                    return None
                cell = undecided[self._below(len(undecided))]
                board.reopen(board.cell_runs[cell][self._below(2)])
                yield None
                continue
            # The most constrained run next (fewest candidates left in its cells), so the
            # digits fixed so far keep narrowing what comes next, as a solver would.
            weights = [
                sum(count_of(board.masks[cell]) for cell in board.run_cells[run])
                for run in open_runs
            ]
            least = min(weights)
            tied = [run for run, weight in zip(open_runs, weights, strict=True) if weight == least]
            run = tied[self._below(len(tied))]
            options = board.options(run, RIVALS[self.level - 1])
            # Few candidates kept first; among the best few, a random one.
            options.sort()
            options = options[:choices]
            while options:
                pick = options.pop(self._below(len(options)))
                saved = list(board.masks)
                board.totals[run] = pick[1]
                if board.propagate([run]):
                    break
                board.masks = saved
                board.totals[run] = 0
            else:
                reopened += 1
                if reopened > len(board.runs) * REOPEN_PERCENT // 100:
                    self._failed("dead end")
                    return None
                board.reopen(run)
            yield None
        return (yield from self._rated(board, board.digits()))

    def _rated(
        self, board: _Board, digits: Grid
    ) -> Generator[None, None, tuple[KakuroPuzzle, Rating] | None]:
        """The puzzle of ``digits``, checked unique by a solve of its own and rated."""
        puzzle = from_digits([[bool(cell) for cell in row] for row in board.white], digits)
        result = yield from self._check(puzzle)
        if result is None or result.status != "unique":
            self._failed("not unique")
            return None
        return puzzle, rate_kakuro(puzzle, result)

    def _harden(
        self, puzzle: KakuroPuzzle, rating: Rating
    ) -> Generator[None, None, tuple[KakuroPuzzle, Rating]]:
        """A Fiendish puzzle near ``puzzle``, or ``puzzle`` itself after :data:`HARDEN_TRIES`.

        One digit of the solution changes to one its two runs do not hold yet, which moves
        those two sums; the solver proves the new sums again. A change that leaves two
        answers is dropped; one that keeps a single answer without guessing is kept (the
        walk goes on from there); one whose single answer needs a guess is Fiendish.
        """
        assert puzzle.solution is not None
        white = puzzle.white
        digits = [list(row) for row in puzzle.solution]
        cells = puzzle.white_cells
        run_whites = puzzle.run_whites
        cell_runs = puzzle.cell_runs
        for _ in range(HARDEN_TRIES):
            index = self._below(len(cells))
            x, y = cells[index]
            taken = {
                digits[cells[other][1]][cells[other][0]]
                for run in cell_runs[index]
                for other in run_whites[run]
            }
            free = [digit for digit in range(1, 10) if digit not in taken]
            if not free:
                continue
            old = digits[y][x]
            digits[y][x] = free[self._below(len(free))]
            changed = from_digits(white, digits)
            result = yield from self._check(changed)
            if result is None or result.status != "unique":
                digits[y][x] = old
                self._failed("harden: not unique")
                continue
            puzzle, rating = changed, rate_kakuro(changed, result)
            if rating.stars == LEVELS:
                break
        return puzzle, rating

    def _failed(self, why: str) -> None:
        self.failures[why] = self.failures.get(why, 0) + 1

    def _finish(self, puzzle: KakuroPuzzle, rating: Rating) -> None:
        size = self.size
        named = KakuroPuzzle(
            puzzle.width,
            puzzle.height,
            puzzle.white,
            puzzle.across,
            puzzle.down,
            title=f"Kakuro {size}x{size} #{self.seed}",
            author=AUTHOR,
            solution=puzzle.solution,
            extra=(("difficulty", str(rating.stars)), ("seed", str(self.seed))),
        )
        self.result = KakuroGenerated(
            named, rating, self.seed, self.layouts, self.candidates, self.repairs, self.steps
        )
