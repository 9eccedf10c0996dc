"""What a bundled picture pack ships: the readability gate, and more room for a silhouette.

:mod:`game.core.generate.glance` judges any library picture at its size (Random's, the
daily's, the packs'). The packs ask one thing more (issue 46): a black-and-white library
picture needs more than :data:`MAX_SMALL_BW_CELLS` cells. A silhouette needs more room than
colour, which draws its inner parts: of the 19 black-and-white library puzzles of 250 cells
or fewer (15x15 and its trims) scored blind after the first gate, 13 were a guess or nothing
(mean 0.95 of 3, against 1.85 for the colour puzzles of those sizes), and they were most of
why the 60 random pack puzzles scored 1.52 where they had scored 1.77 (15x15 castles,
aliens, mice, violins and a snake, remade at 15x15 by the first gate, all scored 0).
``tools/build_picture_packs.py`` and ``tools/icon_pictures.py`` make such a picture again at
20x20 or more, or leave it out. Nothing here imports pygame.
"""

from __future__ import annotations

from game.core.generate.glance import MAX_SMALL_CELLS, glance
from game.core.puzzle import Puzzle

# A black-and-white pack picture needs more than this many cells (15x15 is refused).
MAX_SMALL_BW_CELLS = 250


def pack_refusals(puzzle: Puzzle) -> tuple[str, ...]:
    """Why a pack would not ship ``puzzle``; () when it reads (see the module text)."""
    seen = glance(puzzle)
    found = list(seen.refusals)
    if seen.inks == 1 and MAX_SMALL_CELLS < seen.cells <= MAX_SMALL_BW_CELLS:
        found.append(f"{seen.cells} cells in black and white (<= {MAX_SMALL_BW_CELLS})")
    return tuple(found)
