"""What the play screen shows beside a clue: whether its line is complete, or already wrong.

One rule for every puzzle: a line is its ``(length, colour)`` runs (black and white has one
colour) and its marks read as colours (-1 unknown, 0 crossed, ``c`` colour ``c``; trial marks
count). It is *complete* when its painted stretches are exactly its runs. It is
*contradicted* only by what a player can see for sure, so it never gives away a deduction:
more cells of a colour than its runs ask for, a stretch of one colour longer than that
colour's longest run (touching cells of one colour are always one run), a fully marked line
that is not its clue, or stretches closed on both sides (by a cross, an edge or another
colour) that cannot be runs of the clue in order with room for the runs between them.
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from game.core.board import CellArray, shown_colours
from game.core.palette import ColourClue, colour_runs_of


@dataclass(frozen=True)
class LineStatus:
    """What the UI shows beside a clue.

    ``complete``: the line's painted runs are exactly its clue. ``contradicted``: the marks
    already rule the clue out, judged only from what a player can see for sure (the painted
    count, runs closed by crosses or edges, a fully marked line), so it never gives away a
    deduction the player has not made.
    """

    complete: bool
    contradicted: bool


COMPLETE = LineStatus(complete=True, contradicted=False)
OPEN = LineStatus(complete=False, contradicted=False)
CONTRADICTED = LineStatus(complete=False, contradicted=True)


@dataclass(frozen=True)
class _Closed:
    """A painted stretch walled on both sides: cells ``start..end-1`` of ``colour``; a wall
    is ``crossed`` when it is a cross or the line's edge (else another colour)."""

    start: int
    end: int
    colour: int
    left_crossed: bool
    right_crossed: bool


def line_status(runs: ColourClue, cells: CellArray) -> LineStatus:
    """The status of one line of cell values against its runs (trial marks count)."""
    shown = shown_colours(cells)
    painted = np.where(shown > 0, shown, 0).tolist()
    seen = colour_runs_of(painted)
    if seen == runs:
        return COMPLETE
    wanted: dict[int, int] = {}
    longest: dict[int, int] = {}
    for length, colour in runs:
        wanted[colour] = wanted.get(colour, 0) + length
        longest[colour] = max(longest.get(colour, 0), length)
    have: dict[int, int] = {}
    for length, colour in seen:
        have[colour] = have.get(colour, 0) + length
        if length > longest.get(colour, 0):
            return CONTRADICTED  # painted cells are never taken back: too long already
    if any(count > wanted.get(colour, 0) for colour, count in have.items()):
        return CONTRADICTED
    if not np.any(shown < 0):
        return CONTRADICTED  # fully marked, and not the clue
    marks = shown.tolist()
    return OPEN if _closed_runs_fit(runs, _closed(marks), len(marks)) else CONTRADICTED


def _closed(marks: Sequence[int]) -> list[_Closed]:
    """The painted stretches with a known wall on each side (a cross, an edge or another
    colour), in order."""
    found: list[_Closed] = []
    size = len(marks)
    start = 0
    while start < size:
        colour = marks[start]
        end = start + 1
        while end < size and marks[end] == colour:
            end += 1
        if colour > 0:
            left = marks[start - 1] if start > 0 else 0
            right = marks[end] if end < size else 0
            if left >= 0 and right >= 0:
                found.append(_Closed(start, end, colour, left == 0, right == 0))
        start = end
    return found


def _closed_runs_fit(runs: ColourClue, closed: Sequence[_Closed], length: int) -> bool:
    """Whether the closed stretches can be runs of the clue, in order, leaving room for the
    others.

    Closed stretch j must be some run k_j of the same length and colour, with k_0 < k_1 <
    ..., and the runs between two matched ones must fit in the cells between them (a
    crossed wall is no room; two runs of one colour need a cell between them). Only space
    is counted, not the marks inside the gaps: the check is deliberately weak, so it is
    sound and never spoils.
    """
    if not closed:
        return True
    prefix = [0]
    gaps = [0]  # gaps[i]: cells needed between runs 0..i-1 (same colours side by side)
    for i, (run_length, colour) in enumerate(runs):
        prefix.append(prefix[-1] + run_length)
        gaps.append(gaps[-1] + (1 if i and runs[i - 1][1] == colour else 0))

    def need(first: int, stop: int) -> int:
        """Cells runs ``first..stop-1`` need side by side."""
        if stop <= first:
            return 0
        return prefix[stop] - prefix[first] + gaps[stop] - gaps[first + 1]

    def fits(first: int, stop: int, room: int, before: int, after: int) -> bool:
        """Runs ``first..stop-1`` in ``room`` cells; ``before`` / ``after`` are the colours
        beside the room when it is walled by a painted stretch (0: a crossed wall)."""
        if stop <= first:
            return True
        extra = (1 if before and runs[first][1] == before else 0) + (
            1 if after and runs[stop - 1][1] == after else 0
        )
        return need(first, stop) + extra <= room

    reachable: list[int] = []  # run indices the previous stretch can be, ascending
    previous: _Closed | None = None
    for stretch in closed:
        stretch_length = stretch.end - stretch.start
        left_wall = 1 if stretch.left_crossed else 0
        now: list[int] = []
        for k, run in enumerate(runs):
            if run != (stretch_length, stretch.colour):
                continue
            if previous is None:
                room = stretch.start - left_wall
                if fits(0, k, room, 0, 0 if left_wall else stretch.colour):
                    now.append(k)
                continue
            # The latest earlier match leaves the fewest runs for the gap: the best choice.
            slot = bisect.bisect_left(reachable, k) - 1
            if slot < 0:
                continue
            right_wall = 1 if previous.right_crossed else 0
            room = stretch.start - previous.end - right_wall - left_wall
            before = 0 if right_wall else previous.colour
            after = 0 if left_wall else stretch.colour
            if fits(reachable[slot] + 1, k, room, before, after):
                now.append(k)
        if not now:
            return False
        reachable = now
        previous = stretch
    assert previous is not None
    right_wall = 1 if previous.right_crossed else 0
    before = 0 if right_wall else previous.colour
    return fits(reachable[-1] + 1, len(runs), length - previous.end - right_wall, before, 0)
