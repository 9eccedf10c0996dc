"""Fresh fair puzzles on demand: ``generate(width, height, level, seed)``.

A :class:`Generation` grows a picture (:mod:`game.core.pictures`), rates it with the solving
engine and the effort meter (:mod:`game.core.difficulty`), and adjusts it until the puzzle
has exactly one solution and sits at the level asked:

- line logic (or probing) stalls, or the puzzle is harder than asked: one of the cells the
  logic could not settle is flipped, which changes two clues right where the ambiguity is;
- easier than asked: a cell on the edge of a shape is flipped, which adds detail;
- after ``ADJUSTMENTS`` flips without success, a new picture is drawn.

Levels 1-4 must be solvable without guessing, which also proves the solution unique; the
solve of a candidate stops at its first guess, or as soon as its certain points pass the
level's limit. Level 5 may need search and is checked for a second solution.

The work is sliced: :meth:`Generation.advance` works for about the seconds it is given, so a
screen calls it once a frame. Every limit counts engine steps, never seconds, and every
random choice comes from ``numpy.random.Generator(PCG64(seed))``: a seed gives the same puzzle
on every machine, however fast and however sliced.
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass, replace

import numpy as np
import numpy.typing as npt

from game.core.difficulty import LEVEL_LIMITS, LEVELS, EffortMeter
from game.core.pictures import BoolGrid, make_picture
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate
from game.core.solver.steps import Guess, LineDeduced, Step
from game.core.solver.task import SolveTask

AUTHOR = "Hanjie generator"
MIN_SIZE = 5
MAX_SIZE = 40
# Flips tried on one picture before a new one is drawn.
ADJUSTMENTS = 40
# Engine steps one candidate's solve may take, per cell (a cap on runaway searches).
STEPS_PER_CELL = 40
# Pictures drawn before the closest unique puzzle found is accepted instead.
PICTURES = 60


class GenerateError(ValueError):
    """A size or level the generator does not make; the message is for players."""


@dataclass(frozen=True)
class Generated:
    """A generated puzzle, its rating, and what it took."""

    puzzle: Puzzle
    rating: Rating
    seed: int
    candidates: int
    steps: int


class _Watcher(EffortMeter):
    """The effort meter plus the grid line logic reached before it first stalled."""

    def __init__(self, puzzle: Puzzle, stop_above: float | None, stop_at_guess: bool) -> None:
        super().__init__(puzzle, stop_above)
        self.known = np.full((puzzle.height, puzzle.width), -1, dtype=np.int8)
        self.stop_at_guess = stop_at_guess
        self.stopped = False

    def __call__(self, step: Step) -> bool:
        if isinstance(step, LineDeduced) and not self.probing and not step.probe:
            for x, y, value in step.cells:
                self.known[y, x] = value
        stop = super().__call__(step)
        if isinstance(step, Guess) and self.stop_at_guess:
            stop = True
        self.stopped = self.stopped or stop
        return stop


_Rated = tuple[Puzzle, Rating | None, "_Watcher"]


def check_request(width: int, height: int, level: int) -> None:
    for name, value in (("width", width), ("height", height)):
        if not MIN_SIZE <= value <= MAX_SIZE:
            raise GenerateError(f"the {name} must be {MIN_SIZE} to {MAX_SIZE}, not {value}")
    if not 1 <= level <= LEVELS:
        raise GenerateError(f"the level must be 1 to {LEVELS}, not {level}")


def _style(rng: np.random.Generator, level: int) -> tuple[float, float]:
    """Chunkiness and ink for a fresh picture: easy puzzles are bold, hard ones detailed."""
    ease = (LEVELS - level) / (LEVELS - 1)  # 1 for Easy, 0 for Fiendish
    chunk = 0.25 + 0.75 * ease * float(rng.random())
    density = 0.42 + 0.2 * ease + 0.1 * float(rng.random())
    return chunk, density


def _edge_cells(picture: BoolGrid) -> npt.NDArray[np.intp]:
    """Flat indices of cells with a neighbour of the other colour."""
    padded = np.pad(picture, 1, mode="edge")
    centre = padded[1:-1, 1:-1]
    edge = (
        (padded[:-2, 1:-1] != centre)
        | (padded[2:, 1:-1] != centre)
        | (padded[1:-1, :-2] != centre)
        | (padded[1:-1, 2:] != centre)
    )
    return np.flatnonzero(edge.ravel())


class Generation:
    """One generation, worked a slice at a time; :attr:`result` once :attr:`done`."""

    def __init__(self, width: int, height: int, level: int, seed: int) -> None:
        check_request(width, height, level)
        self.width = width
        self.height = height
        self.level = level
        self.seed = seed
        self.rng = np.random.Generator(np.random.PCG64(seed))
        self.result: Generated | None = None
        self.candidates = 0
        self.pictures = 0
        self.steps = 0
        self._work: Iterator[None] | None = self._search()

    @property
    def done(self) -> bool:
        return self.result is not None

    def advance(self, seconds: float) -> Generated | None:
        """Work for about ``seconds``, then return the puzzle if it is ready."""
        work = self._work
        if work is None:
            return self.result
        deadline = time.perf_counter() + seconds
        while time.perf_counter() < deadline or seconds <= 0:
            try:
                next(work)
            except StopIteration:
                self._work = None
                return self.result
            if seconds <= 0:
                break
        return None

    def cancel(self) -> None:
        """Stop: no more work is done and :attr:`result` stays None."""
        self._work = None

    def run(self) -> Generated:
        """Work to the end; blocks."""
        while self.advance(3600.0) is None:
            pass
        assert self.result is not None
        return self.result

    # -- the work --------------------------------------------------------------------------

    def _rate(self, picture: BoolGrid) -> Generator[None, None, _Rated]:
        """Rate one candidate, yielding between engine slices; the rating is None when the
        solve was cut short (too hard, a guess, too many steps) or found no unique answer."""
        puzzle = Puzzle.from_grid(picture.tolist())
        level = self.level
        fiendish = level == LEVELS
        limit = None if fiendish else LEVEL_LIMITS[level - 1]
        watcher = _Watcher(puzzle, stop_above=limit, stop_at_guess=not fiendish)
        task = SolveTask(puzzle, max_solutions=2)
        budget = STEPS_PER_CELL * self.width * self.height
        self.candidates += 1
        while True:
            before = task.steps_taken
            result = task.advance(3600.0, max_steps=min(2000, budget), on_step=watcher)
            spent = task.steps_taken - before
            budget -= spent
            self.steps += spent
            if result is not None:
                if result.status != "unique":
                    return puzzle, None, watcher
                return puzzle, rate(result, watcher.effort(result.stats.line_rounds)), watcher
            if watcher.stopped or budget <= 0:
                task.cancel()
                return puzzle, None, watcher
            yield None

    def _search(self) -> Iterator[None]:
        rng = self.rng
        best: tuple[int, Puzzle, Rating] | None = None
        for _picture_number in range(PICTURES):
            chunk, density = _style(rng, self.level)
            self.pictures += 1
            picture = make_picture(rng, self.width, self.height, chunk, density)
            for _adjustment in range(ADJUSTMENTS):
                puzzle, rating, watcher = yield from self._rate(picture)
                if rating is not None:
                    distance = abs(rating.stars - self.level)
                    if distance == 0:
                        self.result = self._made(puzzle, rating)
                        return
                    if best is None or distance < best[0]:
                        best = (distance, puzzle, rating)
                    if rating.stars < self.level:
                        # Far below the level: several cells at once.
                        for _flip in range(self.level - rating.stars):
                            picture = self._add_detail(picture)
                        yield None
                        continue
                picture = self._unstick(picture, watcher)
                yield None
        if best is not None:
            self.result = self._made(best[1], best[2])
            return
        # Never reached in practice: a full grid is always a fair (if dull) puzzle.
        full = Puzzle.from_grid(np.ones((self.height, self.width), dtype=bool).tolist())
        self.result = self._made(full, rate(SolveTask(full).run()))

    def _made(self, puzzle: Puzzle, rating: Rating) -> Generated:
        named = replace(
            puzzle,
            title=f"Random {self.width}x{self.height} #{self.seed}",
            author=AUTHOR,
            extra=(("difficulty", str(rating.stars)), ("seed", str(self.seed))),
        )
        return Generated(named, rating, self.seed, self.candidates, self.steps)

    def _add_detail(self, picture: BoolGrid) -> BoolGrid:
        edges = _edge_cells(picture)
        changed = picture.copy()
        if len(edges):
            index = int(edges[int(self.rng.integers(0, len(edges)))])
            changed.flat[index] = not changed.flat[index]
        return changed

    def _unstick(self, picture: BoolGrid, watcher: _Watcher) -> BoolGrid:
        """Flip a cell line logic left unknown (an edge cell when it settled everything)."""
        unknown = np.flatnonzero(watcher.known.ravel() < 0)
        changed = picture.copy()
        if not len(unknown):
            return self._add_detail(picture)
        index = int(unknown[int(self.rng.integers(0, len(unknown)))])
        changed.flat[index] = not changed.flat[index]
        return changed


def generate(width: int, height: int, level: int, seed: int) -> Puzzle:
    """A puzzle of ``width`` x ``height`` with one solution, rated ``level`` (1-5) when the
    generator can reach it (the closest level it found otherwise); the same for a seed."""
    return Generation(width, height, level, seed).run().puzzle
