"""Which puzzles a screen that draws the grid (play, the solver replay) can take.

No pygame here: ``python -m game play FILE`` asks before it opens a window, so a puzzle the
play screen would refuse is one line and exit 2 there, as an unreadable file is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle

# The model reads puzzles up to 512 cells a side; beyond this the cells get too small to click.
MAX_PLAYABLE = 100


def grid_refusal(puzzle: Puzzle, empty_verb: str, large_verb: str, solve_does: str) -> str | None:
    """Why no screen that draws the grid (play, the solver replay) can take ``puzzle``, in
    that screen's words, or None when it fits: no cells ("has no cells to <empty_verb>"), or
    a side longer than :data:`MAX_PLAYABLE` ("too large to <large_verb> here; ``solve``
    still <solve_does> it")."""
    if puzzle.width == 0 or puzzle.height == 0:
        return f"{puzzle.title or 'This puzzle'} has no cells to {empty_verb}."
    if max(puzzle.width, puzzle.height) > MAX_PLAYABLE:
        return (
            f"{puzzle.size_text} is too large to {large_verb} here (at most {MAX_PLAYABLE} "
            f"cells a side); `hanjie solve` still {solve_does} it."
        )
    return None


def unplayable(puzzle: Puzzle) -> str | None:
    """Why the play screen cannot take ``puzzle``, or None."""
    return grid_refusal(puzzle, "play", "play", "reads")
