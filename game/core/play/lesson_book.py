"""The first lesson's five tiny puzzles and their steps (our own pictures and words).

Each guided step asks only for cells that one line's clue proves from the marks the earlier
steps left (the tests check that with the line solver), and each lesson ends by finishing its
picture. Rows and columns count from 1 in the text, from 0 in the data.
"""

from __future__ import annotations

from game.core.i18n import N_
from game.core.play.lesson import Lesson, Step, Want, cells_in

RULES = Lesson(
    N_("The rules"),
    (
        "####",
        "#..#",
        "#..#",
        ".##.",
    ),
    (
        Step(
            N_(
                "A nonogram hides a picture. The numbers beside a row and above a column count "
                "its filled cells: each number is one run of touching cells, and the runs come in "
                "the order shown, with at least one empty cell between two of them."
            ),
            Want.NEXT,
        ),
        Step(
            N_(
                "Row 1 says 4, and the row is 4 cells long: every cell in it is filled. "
                "Drag along row 1 with the left mouse button to fill it."
            ),
            Want.FILL,
            cells_in(0, 0, 3, 0),
            rows=(0,),
        ),
        Step(
            N_(
                "Column 1 says 3 and its top cell is filled, so its run of 3 starts there. "
                "Fill the two cells below it."
            ),
            Want.FILL,
            cells_in(0, 1, 0, 2),
            columns=(0,),
        ),
        Step(
            N_("Column 4 says 3 as well: fill its two cells under the top one."),
            Want.FILL,
            cells_in(3, 1, 3, 2),
            columns=(3,),
        ),
        Step(
            N_(
                "Now finish the picture. Columns 2 and 3 say 1 1: their top cell is one run, "
                "and each needs one more, lower down. Row 4 says where."
            ),
            Want.SOLVE,
            rows=(3,),
            columns=(1, 2),
        ),
    ),
)

OVERLAP = Lesson(
    N_("Overlap"),
    (
        "..##..",
        ".####.",
        "######",
        "######",
        ".####.",
        "..##..",
    ),
    (
        Step(
            N_(
                "Rows 3 and 4 say 6 in a line of 6: fill both rows. "
                "(Dragging fills a whole line in one go.)"
            ),
            Want.FILL,
            cells_in(0, 2, 5, 3),
            rows=(2, 3),
        ),
        Step(
            N_(
                "Row 2 says 4 in 6 cells. Push the 4 to the left end: it covers columns 1 to 4. "
                "Push it to the right end: columns 3 to 6. Columns 3 and 4 are filled either "
                "way, so they are filled wherever the 4 sits. That is an overlap."
            ),
            Want.NEXT,
            cells_in(2, 1, 3, 1),
            rows=(1,),
        ),
        Step(
            N_("Fill the overlap of row 2: columns 3 and 4."),
            Want.FILL,
            cells_in(2, 1, 3, 1),
            rows=(1,),
        ),
        Step(
            N_("Row 5 says 4 too: fill its overlap the same way."),
            Want.FILL,
            cells_in(2, 4, 3, 4),
            rows=(4,),
        ),
        Step(
            N_(
                "Columns 2 and 5 say 4 as well: their overlap is rows 3 and 4, and you filled "
                "those in the first step. An overlap can also just confirm what is there."
            ),
            Want.NEXT,
            cells_in(1, 2, 1, 3) | cells_in(4, 2, 4, 3),
            columns=(1, 4),
        ),
        Step(
            N_("Columns 3 and 4 say 6: a 6 in 6 cells overlaps everywhere. Fill the rest of them."),
            Want.FILL,
            cells_in(2, 0, 3, 0) | cells_in(2, 5, 3, 5),
            columns=(2, 3),
        ),
        Step(
            N_(
                "Finish the picture: columns 1 and 6 say 2, already filled. What does that "
                "leave for rows 2 and 5?"
            ),
            Want.SOLVE,
            rows=(1, 4),
            columns=(0, 5),
        ),
    ),
)

CROSSES = Lesson(
    N_("Crosses and edges"),
    (
        "#####",
        "#....",
        "####.",
        ".#...",
        ".#...",
    ),
    (
        Step(N_("Row 1 says 5: fill it."), Want.FILL, cells_in(0, 0, 4, 0), rows=(0,)),
        Step(
            N_(
                "Column 5 says 1, and its 1 is the top cell you just filled. Every other cell "
                "in it must be empty: cross them with the right mouse button (drag down the "
                "column). A cross means 'surely empty', and keeps you from filling it later."
            ),
            Want.CROSS,
            cells_in(4, 1, 4, 4),
            columns=(4,),
        ),
        Step(
            N_(
                "An edge fixes a run. Column 1 says 3 and its top cell is filled: the 3 must "
                "start right there. Fill the two cells below it."
            ),
            Want.FILL,
            cells_in(0, 1, 0, 2),
            columns=(0,),
        ),
        Step(
            N_(
                "The same in row 3: it says 4 and its first cell is filled, so the 4 runs from "
                "the left edge. Fill the next three cells."
            ),
            Want.FILL,
            cells_in(1, 2, 3, 2),
            rows=(2,),
        ),
        Step(
            N_(
                "Row 2 says 1, and its 1 is already in column 1: cross the rest of the row. "
                "Column 1's run of 3 is complete too: cross its last two cells."
            ),
            Want.CROSS,
            cells_in(1, 1, 3, 1) | cells_in(0, 3, 0, 4),
            rows=(1,),
            columns=(0,),
        ),
        Step(
            N_("Finish the picture: column 2 says 1 3, and its 3 starts after the cross."),
            Want.SOLVE,
            columns=(1,),
        ),
    ),
)

TRIALS = Lesson(
    N_("Trial marks"),
    (
        ".#.#.",
        "#####",
        "#####",
        ".###.",
        "..#..",
    ),
    (
        Step(
            N_("Rows 2 and 3 say 5: fill them both."), Want.FILL, cells_in(0, 1, 4, 2), rows=(1, 2)
        ),
        Step(
            N_(
                "When you are not sure, try an idea as a trial. Press T (or the Trial button) to "
                "turn trial mode on: your marks then show in orange, and can all be taken back "
                "at once."
            ),
            Want.TRIAL,
        ),
        Step(
            N_("Row 1 says 1 1. Guess: fill the outlined top-left cell as a trial."),
            Want.TRIAL_FILL,
            frozenset({(0, 0)}),
            rows=(0,),
        ),
        Step(
            N_(
                "Look at column 1: it says 2 but now holds 3 filled cells in a row, so its clue "
                "turns red. The guess was wrong. Press D to drop the trial marks."
            ),
            Want.DROP,
            columns=(0,),
        ),
        Step(
            N_("So that cell is empty: cross it (trial mode is off again)."),
            Want.CROSS,
            frozenset({(0, 0)}),
            columns=(0,),
        ),
        Step(
            N_(
                "Finish the picture. (In Play, a guess that breaks no clue can be kept "
                "instead: the Keep trial button (K) turns trial marks into plain ones.)"
            ),
            Want.SOLVE,
        ),
    ),
)

HINTS = Lesson(
    N_("Hints"),
    (
        "..##..",
        ".####.",
        "######",
        "#....#",
        "#.##.#",
        "#.##.#",
    ),
    (
        Step(
            N_(
                "Stuck? Press H (or the Hint button). A hint picks one line, outlines every cell "
                "its clue proves from your marks, and says why in a few words."
            ),
            Want.HINT,
        ),
        Step(
            N_("Do what the hint says: fill the outlined cells."),
            Want.FILL,
            cells_in(0, 2, 5, 2),
            rows=(2,),
        ),
        Step(
            N_(
                "Finish the picture on your own. Ask for a hint (H) whenever you like: each one "
                "teaches the next step. Then the lesson is done."
            ),
            Want.SOLVE,
        ),
    ),
)

LESSONS: tuple[Lesson, ...] = (RULES, OVERLAP, CROSSES, TRIALS, HINTS)
