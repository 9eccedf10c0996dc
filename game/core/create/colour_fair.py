"""Make a colour picture fair: change a few cells where two solutions differ until one is left.

Make it fair (:mod:`game.core.create.make_fair`) edits black-and-white pictures. A colour
picture's ambiguities are few and small (colour lines tell far more than black and white
ones): most are a "switch", cells of two colours that can trade places. Changing one cell of
it to another colour breaks it. :class:`ColourFair` does that greedily, a slice at a time:
solve for two solutions; if there are two, take the cells where they differ and give the one
whose change shows least (the cell most of whose eight neighbours already have the new colour)
the colour most of its neighbours have, other than its own; repeat, up to ``max_edits``
edits. Every solve's work counts steps, never seconds, so a picture gets the same edits on
any machine. Nothing here imports pygame.
"""

from __future__ import annotations

from collections.abc import Generator

import numpy as np
import numpy.typing as npt

from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.solver.colour_engine import ColourSolveResult
from game.core.solver.task import SolveTask

ColourCells = npt.NDArray[np.int64]
MAX_EDITS = 6
# Engine steps each solve may take, per cell (colour steps are costly once the engine
# searches: see game.core.generate.picture_puzzles).
STEPS_PER_CELL = 5


def _neighbour_counts(cells: ColourCells, colours: int) -> npt.NDArray[np.int64]:
    """For each cell, how many of its eight neighbours have each colour (0..colours)."""
    height, width = cells.shape
    padded = np.pad(cells, 1, constant_values=0)
    counts = np.zeros((height, width, colours + 1), dtype=np.int64)
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            if dy or dx:
                around = padded[1 + dy : 1 + dy + height, 1 + dx : 1 + dx + width]
                for colour in range(colours + 1):
                    counts[:, :, colour] += around == colour
    return counts


def colour_fair(
    cells: ColourCells, palette: Palette, max_edits: int = MAX_EDITS
) -> Generator[None, None, tuple[ColourCells, int, int] | None]:
    """The cells made unique with at most ``max_edits`` changes: (cells, edits, steps), or
    None when they could not be (or a solve ran out of its steps)."""
    grid = np.array(cells, dtype=np.int64, copy=True)
    height, width = grid.shape
    colours = palette.count
    steps = 0
    for edits in range(max_edits + 1):
        puzzle = Puzzle.from_colour_grid(grid, palette)
        task = SolveTask(puzzle, max_solutions=2)
        budget = STEPS_PER_CELL * width * height
        result = None
        while result is None:
            result = task.advance(3600.0, max_steps=min(2000, budget - task.steps_taken))
            if result is None:
                if task.steps_taken >= budget:
                    task.cancel()
                    return None
                yield None
        steps += task.steps_taken
        if result.status == "unique":
            return grid, edits, steps
        if result.status != "multiple" or edits == max_edits:
            return None
        assert isinstance(result, ColourSolveResult)
        first, second = (np.asarray(s, dtype=np.int64) for s in result.colour_solutions[:2])
        differ = first != second
        counts = _neighbour_counts(grid, colours)
        # The new colour of each cell: its neighbours' commonest other than its own.
        own = np.take_along_axis(counts, grid[:, :, None], axis=2)[:, :, 0]
        others = counts.copy()
        np.put_along_axis(others, grid[:, :, None], -1, axis=2)
        new = others.argmax(axis=2)
        fit = others.max(axis=2) - own  # how much the change blends in
        ys, xs = np.nonzero(differ)
        best = max(range(len(xs)), key=lambda i: (int(fit[ys[i], xs[i]]), -int(ys[i]), -int(xs[i])))
        grid[ys[best], xs[best]] = new[ys[best], xs[best]]
        yield None
    return None
