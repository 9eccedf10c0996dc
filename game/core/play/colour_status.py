"""Line status for colour clues: what the play screen shows beside a colour line.

The black-and-white rule (:func:`game.core.play.session.line_status`) generalised: a line is
*complete* when its marks, read as colours (crosses and unknown cells the background), are
exactly its ``(length, colour)`` runs; it is *contradicted* only by what a player can see for
sure, so it never gives a deduction away: more cells of a colour than its runs ask for, a
stretch of one colour longer than that colour's longest run (touching cells of one colour are
always one run), or a fully marked line that is not its clue.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.core.board import MAX_CELL_VALUE, fill_value, is_trial_value, mark_colour
from game.core.palette import ColourClue, colour_runs_of

# Cell value -> the colour it shows (-1 unknown, 0 crossed, 1.. a colour).
COLOUR_OF: npt.NDArray[np.int8] = np.array(
    [mark_colour(v) for v in range(MAX_CELL_VALUE + 1)], dtype=np.int8
)
# Cell value -> whether it is a trial mark, and the real mark it becomes when kept.
IS_TRIAL: npt.NDArray[np.bool_] = np.array(
    [is_trial_value(v) for v in range(MAX_CELL_VALUE + 1)], dtype=bool
)
KEPT: npt.NDArray[np.int8] = np.array(
    [fill_value(mark_colour(v)) if is_trial_value(v) else v for v in range(MAX_CELL_VALUE + 1)],
    dtype=np.int8,
)


def shown_colours(cells: npt.NDArray[np.int8]) -> npt.NDArray[np.int8]:
    """The colour each cell shows (-1 unknown, 0 crossed, 1.. a colour)."""
    shown: npt.NDArray[np.int8] = COLOUR_OF[cells.astype(np.intp)]
    return shown


def colour_line_state(runs: ColourClue, cells: npt.NDArray[np.int8]) -> tuple[bool, bool]:
    """``(complete, contradicted)`` of one line of cell values against its colour runs."""
    shown = shown_colours(cells)
    painted = np.where(shown > 0, shown, 0)
    seen = colour_runs_of(painted.tolist())
    if seen == runs:
        return True, False
    if not np.any(shown < 0):
        return False, True  # fully marked, and not the clue
    wanted: dict[int, int] = {}
    longest: dict[int, int] = {}
    for length, colour in runs:
        wanted[colour] = wanted.get(colour, 0) + length
        longest[colour] = max(longest.get(colour, 0), length)
    have: dict[int, int] = {}
    for length, colour in seen:
        have[colour] = have.get(colour, 0) + length
        if length > longest.get(colour, 0):
            return False, True
    if any(count > wanted.get(colour, 0) for colour, count in have.items()):
        return False, True
    return False, False
