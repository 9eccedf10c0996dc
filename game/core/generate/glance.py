"""Does a picture puzzle read at a glance? Judged on what the player sees: the solved grid.

:func:`glance` measures the puzzle's own cells at its own size, never the picture it came
from (:func:`game.core.generate.picture_library.readability` compares cells with their
source, which says whether the reduction is faithful, not whether 7x6 cells can show a
bicycle). The measures, each from the finished grid alone:

- ``cells``: a board this small has too few cells for a picture drawn from an emoji (a
  3x10 merperson, a 7x6 bicycle): of the 39 such puzzles scored, 36 were a guess or nothing;
- ``ink``: the share of cells inked: a black-and-white board more than 60% inked is a
  dark lump whose face and inner parts are lost (of 32 such library silhouettes scored,
  25 were a guess or nothing, mean 0.84 of 3, against 1.4 below it); made again at another
  detail, its light parts and inner lines come back;
- ``specks``: the share of inked cells in pieces of one or two cells of a colour: noise
  (a bicycle, a squid, a wine glass in colour);
- ``spread``: the share of the board the inked cells' bounding box covers: a coffee and a
  doughnut as specks on a 40x30 board (0.42-0.45, scored 0 four times; under the sea at
  0.53-0.55 scored 1 and 2);
- ``solid``: the share of inked cells whose four neighbours are inked too, in the same
  colour: a silhouette with no inner lines or holes is a dark lump. It does not refuse a
  puzzle (a 30x30 horse is solid and reads) but orders a pack: the clearest first.

:func:`glance_score` orders a pack within a level: ``min(1, cells / 400) * (1 - solid / 2)
* min(1, spread / 0.6)``, which follows the blind scores (correlation 0.52 over 184 scored
picture puzzles, against 0.42 for the size alone).

The rules were set against a blind 0-3 scoring of 126 bundled pictures
(``tools/readability_sheets.py``, issue 46). They judge pictures made from the library
(the picture packs, Random, the daily); the hand-drawn packs 01-08 are drawn for their size.
Nothing here imports pygame.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from game.core.puzzle import Puzzle

# A library picture needs more than this many cells (10x10 and its trims are refused).
MAX_SMALL_CELLS = 100
# At most this share of inked cells in specks of one or two cells of a colour.
MAX_SPECKS = 0.25
# Black and white: the inked share (colour pictures may fill their board: a traffic light).
MIN_INK, MAX_INK = 0.15, 0.6
# The inked cells' bounding box covers at least this share of the board.
MIN_SPREAD = 0.5


@dataclass(frozen=True)
class Glance:
    """What the player sees in a solved puzzle (see the module text)."""

    cells: int
    ink: float
    solid: float
    specks: float
    inks: int
    spread: float = 1.0

    @property
    def refusals(self) -> tuple[str, ...]:
        """Why it does not read at a glance; () when it does."""
        found = []
        if self.cells <= MAX_SMALL_CELLS:
            found.append(f"{self.cells} cells (<= {MAX_SMALL_CELLS})")
        if self.inks == 1 and not MIN_INK <= self.ink <= MAX_INK:
            found.append(f"ink {self.ink:.2f} (not {MIN_INK}-{MAX_INK})")
        if self.spread < MIN_SPREAD:
            found.append(f"spread {self.spread:.2f} (< {MIN_SPREAD})")
        if self.specks > MAX_SPECKS:
            found.append(f"specks {self.specks:.2f} (> {MAX_SPECKS})")
        return tuple(found)

    @property
    def reads(self) -> bool:
        return not self.refusals


def goal_cells(puzzle: Puzzle) -> npt.NDArray[np.int64]:
    """The solved grid: 0 empty, else the cell's colour (1 in black and white)."""
    goal = puzzle.goal_values()
    if goal is None:
        raise ValueError("the puzzle has no picture to judge")
    return goal.astype(np.int64)


def piece_sizes(cells: npt.NDArray[np.int64]) -> list[int]:
    """The sizes of the 4-connected pieces of one colour (0, the empty cells, left out)."""
    height, width = cells.shape
    seen = np.zeros(cells.shape, dtype=bool)
    sizes = []
    for y in range(height):
        for x in range(width):
            if seen[y, x] or cells[y, x] == 0:
                continue
            colour = cells[y, x]
            stack, size = [(y, x)], 0
            seen[y, x] = True
            while stack:
                cy, cx = stack.pop()
                size += 1
                for ny, nx in ((cy - 1, cx), (cy + 1, cx), (cy, cx - 1), (cy, cx + 1)):
                    inside = 0 <= ny < height and 0 <= nx < width
                    if inside and not seen[ny, nx] and cells[ny, nx] == colour:
                        seen[ny, nx] = True
                        stack.append((ny, nx))
            sizes.append(size)
    return sizes


def glance(puzzle: Puzzle) -> Glance:
    cells = goal_cells(puzzle)
    inked = cells > 0
    count = int(np.count_nonzero(inked))
    padded = np.pad(cells, 1)
    centre = padded[1:-1, 1:-1]
    solid = inked.copy()
    for near in (padded[:-2, 1:-1], padded[2:, 1:-1], padded[1:-1, :-2], padded[1:-1, 2:]):
        solid &= near == centre
    specks = sum(size for size in piece_sizes(cells) if size <= 2)
    ys, xs = np.nonzero(inked)
    box = (int(np.ptp(ys)) + 1) * (int(np.ptp(xs)) + 1) if count else 0
    return Glance(
        cells=int(cells.size),
        ink=count / cells.size,
        solid=int(np.count_nonzero(solid)) / max(1, count),
        specks=specks / max(1, count),
        inks=puzzle.colour_count,
        spread=box / cells.size,
    )


def glance_score(puzzle: Puzzle) -> float:
    """Higher reads better: a pack's order within a level, the clearest first (see the
    module text)."""
    seen = glance(puzzle)
    return min(1.0, seen.cells / 400) * (1 - seen.solid / 2) * min(1.0, seen.spread / 0.6)
