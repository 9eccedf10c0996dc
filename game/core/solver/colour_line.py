"""The exact colour line solver: runs of (length, colour) and a line of colour masks ->
the colours each cell can still take, over every placement that fits.

A cell is a bit mask of the colours it may still have: bit 0 the background, bit ``c``
colour ``c``. The answer is exactly the union, over every placement of the runs that agrees
with the line, of the colour each placement gives each cell; it is found without listing
placements, by the dynamic programme of :mod:`game.core.solver.line` widened to colours.
Positions along the line are bits of Python integers; per colour, the cells that may take
it are one integer (the prefix counts of the textbook version become window tests on it).

Forward, for ``j`` runs placed in cells ``[0, p)``, two position sets:

- ``free[j]``: the last cell before ``p`` is background (or ``p == 0``, ``j == 0``), so the
  next run may start at ``p`` whatever its colour;
- ``ended[j]``: run ``j - 1`` ends exactly at ``p``, so the next run may start at ``p``
  only when its colour differs (runs of one colour need a background cell between them).

The same sweep over the reversed line gives the sets for the last runs; run ``j`` of length
``L`` can start at ``s`` when ``s`` may start it from the left, cells ``s .. s + L - 1`` may
take its colour and the rest of the line may follow from ``s + L``; cell ``i`` can be
background when, for some ``j``, the first ``j`` runs fit before it and the others after it.
Each run costs O(log L) operations on n-bit integers: O(n x k) bit work per line at most.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.core.palette import ColourClue
from game.core.solver.line import _WINDOW_STEPS, _reverse_bits

ColourLine = tuple[int, ...]


def _flood(seeds: int, can_bg: int) -> int:
    """Positions reachable from ``seeds`` by stepping over cells that may be background
    (the carry trick of the black-and-white sweep)."""
    return ((can_bg + (seeds & can_bg)) ^ can_bg) | seeds


def _window(allowed: int, length: int) -> int:
    """Bits ``s`` with bits ``s .. s + length - 1`` of ``allowed`` all set."""
    result = allowed
    for step in _WINDOW_STEPS[length]:
        result &= result >> step
    return result


def _spread(starts: int, length: int) -> int:
    """Bits covered by a run of ``length`` starting at any bit of ``starts``."""
    result = starts
    for step in _WINDOW_STEPS[length]:
        result |= result << step
    return result


def _sweep(
    runs: Sequence[tuple[int, int]], allowed: dict[int, int], can_bg: int
) -> tuple[list[int], list[int]] | None:
    """``free[0..k]`` and ``ended[0..k]`` (see the module's text), or None when the runs
    cannot be placed."""
    free = [_flood(1, can_bg)]
    ended = [0]
    previous = -1
    windows: dict[tuple[int, int], int] = {}
    for length, colour in runs:
        key = (length, colour)
        window = windows.get(key)
        if window is None:
            window = windows[key] = _window(allowed[colour], length)
        startable = free[-1] | (ended[-1] if colour != previous else 0)
        starts = startable & window
        if not starts:
            return None
        after = starts << length
        reach = _flood(after, can_bg)
        ended.append(after)
        free.append((reach & can_bg) << 1)
        previous = colour
    return free, ended


def colour_masks(runs: ColourClue, line: Sequence[int]) -> tuple[dict[int, int], int] | None:
    """For each colour the cells some placement paints it, and the cells some placement
    leaves background; None when no placement fits the line."""
    found = _placements(runs, line)
    return None if found is None else (found[0], found[1])


def colour_run_starts(runs: ColourClue, line: Sequence[int]) -> tuple[int, ...] | None:
    """For each run, the mask of the positions where it starts in some placement that fits
    ``line`` (as :class:`~game.core.solver.line.LineAnalysis`' ``starts``), or None."""
    found = _placements(runs, line)
    return None if found is None else found[2]


def _placements(
    runs: ColourClue, line: Sequence[int]
) -> tuple[dict[int, int], int, tuple[int, ...]] | None:
    """:func:`colour_masks`' answer and each run's start positions, or None."""
    length = len(line)
    colours = {colour for _, colour in runs}
    allowed = dict.fromkeys(colours, 0)
    allowed_reversed = dict.fromkeys(colours, 0)
    can_bg = 0
    can_bg_reversed = 0
    for index, mask in enumerate(line):
        bit = 1 << index
        back = 1 << (length - 1 - index)
        if mask & 1:
            can_bg |= bit
            can_bg_reversed |= back
        for colour in colours:
            if (mask >> colour) & 1:
                allowed[colour] |= bit
                allowed_reversed[colour] |= back
    forward = _sweep(runs, allowed, can_bg)
    if forward is None:
        return None
    free, ended = forward
    count = len(runs)
    if not ((free[count] | ended[count]) >> length) & 1:
        return None
    backward = _sweep(runs[::-1], allowed_reversed, can_bg_reversed)
    if backward is None:  # pragma: no cover - the forward sweep already proved a fit
        return None
    free_back, ended_back = backward
    width = length + 1
    # tail_free[j] / tail_start[j]: runs j.. fit in [e, n) with cell e background (or
    # e == n) / with run j starting exactly at e. Reversed position p is position n - p.
    tail_free = [_reverse_bits(free_back[count - j], width) for j in range(count + 1)]
    tail_start = [_reverse_bits(ended_back[count - j], width) for j in range(count + 1)]
    painted = dict.fromkeys(colours, 0)
    background = 0
    starts: list[int] = []
    for j in range(count + 1):
        before = free[j] | ended[j]
        after = tail_free[j] | tail_start[j]
        background |= before & can_bg & (after >> 1)
        if j == count:
            break
        run_length, colour = runs[j]
        left = free[j]
        if j and runs[j - 1][1] != colour:
            left |= ended[j]
        right = tail_free[j + 1]
        if j + 1 < count and runs[j + 1][1] != colour:
            right |= tail_start[j + 1]
        valid = left & _window(allowed[colour], run_length) & (right >> run_length)
        starts.append(valid)
        painted[colour] |= _spread(valid, run_length)
    return painted, background, tuple(starts)


def solve_colour_line(runs: ColourClue, line: Sequence[int]) -> ColourLine | None:
    """Each cell's colours over every placement of ``runs`` that fits ``line`` (a mask
    per cell, bit 0 the background), or None when none fits."""
    found = colour_masks(runs, line)
    if found is None:
        return None
    painted, background = found
    result = []
    for index in range(len(line)):
        mask = (background >> index) & 1
        for colour, cells in painted.items():
            if (cells >> index) & 1:
                mask |= 1 << colour
        result.append(mask)
    return tuple(result)


def line_mask(colours: int) -> int:
    """The mask of a cell that may still be any of ``colours`` colours or the background."""
    return (1 << (colours + 1)) - 1
