"""Puzzles and helpers several test files use: one copy here instead of one per file."""

from __future__ import annotations

from game.core.puzzle import Puzzle


class FakeClock:
    """A clock that moves only when told to (``tick`` per reading, plus ``jump``)."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now

    def jump(self, seconds: float) -> None:
        self.now += seconds


# A 5x5 heart with one solution; its goal is kept so checks can name wrong marks.
HEART = Puzzle.from_grid(
    [
        [0, 1, 0, 1, 0],
        [1, 1, 1, 1, 1],
        [1, 1, 1, 1, 1],
        [0, 1, 1, 1, 0],
        [0, 0, 1, 0, 0],
    ],
    title="Heart",
)

# Random 8x8 noise: probing is not enough, the engine guesses and backtracks (3 solutions).
SEARCH_8X8_ROWS = (
    ".#######",
    "..###...",
    "#.#.#...",
    ".####.#.",
    "#.#....#",
    ".#..#...",
    "######.#",
    ".###...#",
)
SEARCH_8X8 = Puzzle.from_grid([[cell == "#" for cell in row] for row in SEARCH_8X8_ROWS])
