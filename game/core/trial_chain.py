"""How a probing puzzle feels to a player: how often they are stuck, how long a trial runs.

A measure beside the rating (issue 46: Expert and Fiendish told apart by something a player
feels), made from the solver's public line logic alone (:class:`game.core.trial_depth.Lines`).
It plays the puzzle as a careful player would:

1. line logic until nothing moves;
2. stuck: of every value of every open cell, the *trial* whose line logic reaches a
   contradiction in the fewest *rounds* is the one a player would find and hold in their
   head (round 1: the tried cell's row and column; round 2: the lines round 1 changed; ...);
   that value is struck off, and back to 1;
3. when no single trial reaches a contradiction (within ``most_rounds``, when given), the
   play stops there: the puzzle needs a trial inside a trial, a search, or (bounded) a
   longer trial than that.

:func:`trial_chain` returns a :class:`Chain`: ``stalls`` (how many times the player was
stuck), ``longest`` (the rounds of the hardest of those shortest trials: the chain a player
must hold at the puzzle's worst moment), and ``nested`` (no single trial was found, within
``most_rounds`` when bounded).

:func:`feels_fiendish` is the rating's use of it (:func:`game.core.difficulty.level_for`):
a puzzle that needs probing is Fiendish when the player is stuck :data:`FIENDISH_STALLS`
times or more, or meets a moment where no trial fails within :data:`HOLD_ROUNDS` rounds (a
chain too long to hold in one's head) or no single trial fails at all. Measured on the
bundled Expert and Fiendish puzzles (``benchmarks/trial_chain.py``, issue 46): the stalls
were Expert median 1, Fiendish median 17, and tracked the engine's probing insights
(Spearman 0.84) with 13 of 100 on the other side of the old cut (1-3 insights Expert); the
hardest trial ran 2 or 3 rounds in 95 of 100, 5 to 23 in the rest. Bounded (it stops at the
fourth stall and tries no trial past :data:`HOLD_ROUNDS` rounds), it costs a few sweeps of
single trials: the kernel runs each stall's sweep (``shortest_trial``, ``_kernel_trials.h``;
:func:`_shortest_trial` is its pure twin), 0.5 s for the 92 bundled probing puzzles where
Python took 2.9 s, so ``check`` and every rating can afford it. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.core.puzzle import Puzzle
from game.core.solver.kernel import colour_line as compiled_colour_line
from game.core.solver.kernel import shortest_trial as compiled_shortest_trial
from game.core.trial_depth import Grid, LineAnswer, Lines, _settled

# A trial a player holds in their head: its contradiction within this many rounds.
HOLD_ROUNDS = 3
# Stuck this many times (or more), a player meets a Fiendish puzzle.
FIENDISH_STALLS = 4


@dataclass(frozen=True)
class Chain:
    """What a player meets in a probing puzzle (see the module text)."""

    stalls: int
    longest: int
    nested: bool


class _Solver:
    """Line logic for trials: the compiled domain solver where built (black and white is its
    one-colour case), each answer kept: trials ask the same lines again and again."""

    def __init__(self, lines: Lines) -> None:
        self.lines = lines
        self.solve = compiled_colour_line()
        self.known: dict[tuple[bool, int, tuple[int, ...]], LineAnswer] = {}

    def line(self, is_row: bool, index: int, line: tuple[int, ...]) -> LineAnswer:
        """The line's domains after line logic and the cells that changed, or None on a
        contradiction (:meth:`Lines.answer`, kept)."""
        key = (is_row, index, line)
        if key not in self.known:
            self.known[key] = self.lines.answer(is_row, index, line, self.solve)
        return self.known[key]


def _rounds_to_contradiction(solver: _Solver, grid: Grid, y: int, x: int, limit: int) -> int | None:
    """The rounds of line logic from the tried cell ``(y, x)`` of ``grid`` to a
    contradiction; None when there is none within ``limit`` rounds."""
    grid = grid.copy()
    rows, columns = {y}, {x}
    for round_ in range(1, limit + 1):
        if not rows and not columns:
            return None
        next_rows: set[int] = set()
        next_columns: set[int] = set()
        for is_row, indexes in ((True, rows), (False, columns)):
            for index in sorted(indexes):
                line = tuple((grid[index] if is_row else grid[:, index]).tolist())
                answer = solver.line(is_row, index, line)
                if answer is None:
                    return round_
                solved, changed = answer
                if is_row:
                    grid[index] = solved
                    next_columns |= changed
                else:
                    grid[:, index] = solved
                    next_rows |= changed
        rows, columns = next_rows, next_columns
    return None


def _shortest_trial(solver: _Solver, grid: Grid, limit: int) -> tuple[int, int, int, int] | None:
    """(rounds, y, x, bit) of the trial that fails soonest, or None when none fails within
    ``limit`` rounds."""
    best: tuple[int, int, int, int] | None = None
    height, width = grid.shape
    for y in range(height):
        for x in range(width):
            domain = int(grid[y, x])
            if _settled(domain):
                continue
            for bit in range(domain.bit_length()):
                if not domain >> bit & 1:
                    continue
                trial = grid.copy()
                trial[y, x] = 1 << bit
                rounds = _rounds_to_contradiction(solver, trial, y, x, limit)
                if rounds is not None and (best is None or rounds < best[0]):
                    best, limit = (rounds, y, x, bit), rounds - 1
                    if rounds == 1:
                        return best
    return best


# What finds a stall's shortest trial: :func:`_shortest_trial`, or the kernel's twin.
_Search = Callable[[_Solver, Grid, int], "tuple[int, int, int, int] | None"]


def _compiled_search(puzzle: Puzzle) -> _Search | None:
    """The kernel's shortest-trial search for ``puzzle`` (``shortest_trial``, the twin of
    :func:`_shortest_trial`), or None on pure Python."""
    compiled = compiled_shortest_trial()
    if compiled is None:
        return None
    row_runs = [puzzle.row_runs(y) for y in range(puzzle.height)]
    column_runs = [puzzle.column_runs(x) for x in range(puzzle.width)]
    lengths = [tuple(length for length, _ in runs) for runs in row_runs + column_runs]
    colours = [tuple(colour for _, colour in runs) for runs in row_runs + column_runs]
    height, width = puzzle.height, puzzle.width

    def search(_solver: _Solver, grid: Grid, limit: int) -> tuple[int, int, int, int] | None:
        return compiled(
            lengths[:height],
            colours[:height],
            lengths[height:],
            colours[height:],
            grid.ravel().tolist(),
            width,
            limit,
        )

    return search


def trial_chain(puzzle: Puzzle, most_stalls: int = 1000, most_rounds: int | None = None) -> Chain:
    """Play ``puzzle`` as a careful player (see the module text); stops at its
    ``most_stalls``-th stall, and tries no trial longer than ``most_rounds`` rounds (None:
    any length)."""
    lines = Lines(puzzle)
    solver = _Solver(lines)
    search = _compiled_search(puzzle) or _shortest_trial
    grid = lines.propagate(lines.blank(), solver.line)
    limit = most_rounds or lines.height + lines.width  # more rounds than any chain takes
    stalls, longest = 0, 0
    while grid is not None and not lines.solved(grid):
        stalls += 1
        if stalls >= most_stalls:
            break
        found = search(solver, grid, limit)
        if found is None:
            return Chain(stalls, longest, nested=True)
        rounds, y, x, bit = found
        longest = max(longest, rounds)
        struck = grid.copy()
        struck[y, x] &= ~(1 << bit)
        grid = lines.propagate(struck, solver.line)
    return Chain(stalls, longest, nested=False)


def feels_fiendish(puzzle: Puzzle) -> bool:
    """Whether a puzzle that needs probing is Fiendish to a player (see the module text)."""
    chain = trial_chain(puzzle, most_stalls=FIENDISH_STALLS, most_rounds=HOLD_ROUNDS)
    return chain.nested or chain.stalls >= FIENDISH_STALLS
