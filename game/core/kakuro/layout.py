"""Kakuro layouts for the generator: which cells are white.

A layout is ``size`` x ``size``; the first row and column are black (they carry the sums)
and the rest is drawn symmetric about the diagonal, as the seed thesis does. Then, until
nothing changes: a white cell alone in a run grows or turns black, a run longer than the
level allows (:data:`LONGEST_RUN`; beyond the first :data:`LONG_RUN_PAIRS` pairs of runs of up
to nine) is cut by a black cell away from its ends
(where the cut leaves no lone cell across it, when it can), and the white cells are made one
connected group (a depth-first search; groups are joined through a black cell where one
touches both, and only then dropped); every change is mirrored, so the symmetry holds. A
layout with too few white cells, or none in its last row and column (a board a size smaller
than it says), is refused (None) and the caller draws again.

Joining rather than dropping matters: the mirror of a group is a group, so a board cut
along its diagonal used to lose half its white cells, and at 16x16 most layouts were
refused for it.
"""

from __future__ import annotations

import numpy as np

from game.core.kakuro.combos import MAX_RUN

Grid = list[list[int]]

# Black cells drawn among the inner cells, per mille, by level (1 Easy .. 5 Fiendish):
# fewer black cells make longer runs and more crossings, so harder boards. Easy and Medium
# boards are sparser with shorter runs, so that larger sizes can be easy too (the rating
# counts white cells): Easy 8x8 came 2 times in 6 with (300, runs of 5, half white), 6 in 6
# with (400, runs of 4, 38% white); Medium 12x12 and 14x14 4-5 in 5 with (340, 5, 40%).
BLACK_PERMILLE = (400, 340, 260, 240, 240)
# The longest run a layout keeps, by level (the seed allows nine). Measured at 16x16
# (10 seeds, level 4, CPU seconds): runs up to nine took a median 1.8 s and up to 10 s, as
# long runs have sums with many combinations and propagation rarely pins them down; up to
# seven, median 0.35 s, max 1.1 s; up to six, 0.28 s and 1.4 s.
LONGEST_RUN = (4, 5, 6, 7, 7)
assert max(LONGEST_RUN) <= MAX_RUN
# Runs longer than that (up to nine, as the seed allows) a layout keeps anyway, by level, as
# pairs (a row's run and its mirror, a column's): a board with a run of eight or nine, as
# printed Kakuro have, without every run being that long (which made generation slow).
LONG_RUN_PAIRS = (0, 0, 1, 1, 2)
# Layouts are refused when the white share of the inner board is below this (per mille),
# by level.
MIN_WHITE_PERMILLE = (380, 400, 500, 500, 500)
# How often a lone white cell grows into a run rather than turning black (per mille).
GROW_PERMILLE = 500
# Rounds of fixing runs before a layout that keeps changing is given up.
FIX_ROUNDS = 60


def runs_of(white: Grid) -> list[list[tuple[int, int]]]:
    """Every maximal horizontal stretch of white cells (reading order), then every vertical
    one (column by column), as (x, y) lists."""
    size = len(white)
    runs: list[list[tuple[int, int]]] = []
    for transpose in (False, True):
        for a in range(size):
            current: list[tuple[int, int]] = []
            for b in range(size + 1):
                x, y = (a, b) if transpose else (b, a)
                if b < size and white[y][x]:
                    current.append((x, y))
                else:
                    if current:
                        runs.append(current)
                    current = []
    return runs


def _set_white(white: Grid, x: int, y: int) -> None:
    white[y][x] = 1
    white[x][y] = 1


def _set_black(white: Grid, x: int, y: int) -> None:
    white[y][x] = 0
    white[x][y] = 0


def _join_groups(white: Grid, rng: np.random.Generator) -> bool:
    """Make the white cells one 4-connected group; True when something changed.

    A black cell touching the largest group and another one turns white (with its mirror),
    joining them; only when no such cell is left are the other groups dropped (turned
    black). Joining matters: the mirror of a group is a group of the same size, so a board
    split along its diagonal would otherwise lose half its white cells. On a tie the first
    group in reading order is the largest, the same on every machine.
    """
    size = len(white)
    label = [[-1] * size for _ in range(size)]
    groups: list[list[tuple[int, int]]] = []
    for y in range(size):
        for x in range(size):
            if white[y][x] and label[y][x] < 0:
                number = len(groups)
                group: list[tuple[int, int]] = []
                stack = [(x, y)]
                label[y][x] = number
                while stack:
                    cx, cy = stack.pop()
                    group.append((cx, cy))
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        inside = 0 <= nx < size and 0 <= ny < size
                        if inside and white[ny][nx] and label[ny][nx] < 0:
                            label[ny][nx] = number
                            stack.append((nx, ny))
                groups.append(group)
    if len(groups) <= 1:
        return False
    keep = max(range(len(groups)), key=lambda index: (len(groups[index]), -index))
    bridges: list[tuple[int, int]] = []
    for y in range(1, size):
        for x in range(1, size):
            if white[y][x]:
                continue
            near = {
                label[ny][nx]
                for nx, ny in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                if 0 <= nx < size and 0 <= ny < size and label[ny][nx] >= 0
            }
            if keep in near and len(near) > 1:
                bridges.append((x, y))
    if bridges:
        _set_white(white, *bridges[int(rng.integers(0, len(bridges)))])
        return True
    for index, group in enumerate(groups):
        if index != keep:
            for x, y in group:
                white[y][x] = 0
    return True


def _lone_after_cut(white: Grid, x: int, y: int) -> int:
    """How many white cells would be left alone in a run if (x, y) and its mirror turned
    black: a cut that leaves none keeps the board from crumbling into fixes."""
    size = len(white)
    lone = 0
    for cx, cy in {(x, y), (y, x)}:
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            nx, ny = cx + dx, cy + dy
            if not (0 <= nx < size and 0 <= ny < size) or not white[ny][nx]:
                continue
            far_x, far_y = nx + dx, ny + dy
            beyond = 0 <= far_x < size and 0 <= far_y < size and white[far_y][far_x]
            if not beyond or (far_x, far_y) in {(x, y), (y, x)}:
                lone += 1
    return lone


def _keep_long(run: list[tuple[int, int]], kept: set[tuple[int, int, int]], pairs: int) -> bool:
    """Whether a run longer than the level's longest stays: it is at most nine long and one
    of the first ``pairs`` such runs (a run and its mirror count once) in reading order."""
    if len(run) > MAX_RUN:
        return False
    (x0, y0), (x1, y1) = run[0], run[-1]
    # A row's run from x0 to x1 in row y, and its mirror, the column y's from y0 = x0 to x1.
    key = (y0, x0, x1) if y0 == y1 else (x0, y0, y1)
    if key in kept:
        return True
    if len(kept) < pairs:
        kept.add(key)
        return True
    return False


def make_layout(rng: np.random.Generator, size: int, level: int) -> Grid | None:
    """A layout as the module text says, or None when too few white cells are left."""
    black = BLACK_PERMILLE[level - 1]
    longest = LONGEST_RUN[level - 1]
    pairs = LONG_RUN_PAIRS[level - 1]
    white = [[0] * size for _ in range(size)]
    for y in range(1, size):
        for x in range(y, size):
            value = int(int(rng.integers(0, 1000)) >= black)
            white[y][x] = white[x][y] = value
    changed = True
    rounds = 0
    while changed:
        rounds += 1
        if rounds > FIX_ROUNDS:
            return None
        changed = False
        kept: set[tuple[int, int, int]] = set()  # the long runs kept in this pass
        for run in runs_of(white):
            if len(run) == 1:
                # A lone white cell either grows into a run (a black neighbour along the
                # run turns white) or turns black; growing keeps the board white enough.
                x, y = run[0]
                if not white[y][x]:
                    continue  # already changed in this pass
                across = not white[y][x - 1] and (x + 1 == size or not white[y][x + 1])
                steps = ((x + 1, y), (x - 1, y)) if across else ((x, y + 1), (x, y - 1))
                grow = [(nx, ny) for nx, ny in steps if 1 <= nx < size and 1 <= ny < size]
                if grow and int(rng.integers(0, 1000)) < GROW_PERMILLE:
                    _set_white(white, *grow[int(rng.integers(0, len(grow)))])
                else:
                    _set_black(white, *run[0])
                changed = True
            elif len(run) > longest and _keep_long(run, kept, pairs):
                continue
            elif len(run) > longest:
                # Away from the ends, so both halves stay at least two long.
                places = run[2 : len(run) - 2]
                costs = [_lone_after_cut(white, x, y) for x, y in places]
                least = min(costs)
                best = [place for place, cost in zip(places, costs, strict=True) if cost == least]
                cut = best[int(rng.integers(0, len(best)))]
                _set_black(white, *cut)
                changed = True
        if not changed:
            changed = _join_groups(white, rng)
    inner = (size - 1) * (size - 1)
    if sum(map(sum, white)) * 1000 < MIN_WHITE_PERMILLE[level - 1] * inner:
        return None
    if not any(white[size - 1]):
        # The last row all black (and so, mirrored, the last column): a "6x6" board is a
        # 5x5 one with a dead border (QA: 6 of the 55 bundled boards).
        return None
    return white
