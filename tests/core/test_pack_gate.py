"""The packs' gate (issue 46): a black-and-white silhouette needs more than 250 cells."""

from __future__ import annotations

import numpy as np

from game.core.generate.glance import glance
from game.core.pack_gate import MAX_SMALL_BW_CELLS, pack_refusals
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from tests.core.test_glance import ring


def test_a_fifteen_by_fifteen_silhouette_reads_for_random_but_not_for_a_pack() -> None:
    small = Puzzle.from_grid(ring(15))
    assert glance(small).reads
    assert small.width * small.height <= MAX_SMALL_BW_CELLS
    assert pack_refusals(small) == (f"225 cells in black and white (<= {MAX_SMALL_BW_CELLS})",)
    assert pack_refusals(Puzzle.from_grid(ring(16))) == ()


def test_colour_keeps_the_smaller_sizes_and_the_gates_own_refusals_stay() -> None:
    two = np.asarray(ring(15))
    two[7] *= 2  # the cross's bar in a second colour
    palette = Palette.of(("white", (255, 255, 255)), ("black", (0, 0, 0)), ("red", (200, 0, 0)))
    colour = Puzzle.from_colour_grid(two, palette)
    assert colour.colour_count == 2 and pack_refusals(colour) == ()
    tiny = pack_refusals(Puzzle.from_grid(ring(10)))
    assert len(tiny) == 1 and "100 cells" in tiny[0]
