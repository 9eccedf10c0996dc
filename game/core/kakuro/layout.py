"""Kakuro layouts for the generator: which cells are white.

A layout is ``size`` x ``size``; the first row and column are black (they carry the sums)
and the rest is drawn symmetric about the diagonal, as the seed thesis does. Then, until
nothing changes: a white cell alone in a run turns black, a run longer than nine is cut by a
black cell away from its ends, and of the white cells only the largest connected group (a
depth-first search) is kept; every change is mirrored, so the symmetry holds. A layout with
too few white cells is refused (None) and the caller draws again.
"""

from __future__ import annotations

import numpy as np

from game.core.kakuro.combos import MAX_RUN

Grid = list[list[int]]

# Black cells drawn among the inner cells, per mille, by level (1 Easy .. 5 Fiendish):
# fewer black cells make longer runs and more crossings, so harder boards.
BLACK_PERMILLE = (300, 280, 260, 240, 230)
# Layouts are refused when the white share of the inner board is below this (per mille).
MIN_WHITE_PERMILLE = 500
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


def _keep_largest_group(white: Grid) -> None:
    """Keep only the largest 4-connected group of white cells (the others turn black).
    The layout is symmetric, so the mirror of a group is a group of the same size; on a tie
    the first group in reading order wins, the same on every machine."""
    size = len(white)
    seen = [[False] * size for _ in range(size)]
    groups: list[list[tuple[int, int]]] = []
    for y in range(size):
        for x in range(size):
            if white[y][x] and not seen[y][x]:
                group: list[tuple[int, int]] = []
                stack = [(x, y)]
                seen[y][x] = True
                while stack:
                    cx, cy = stack.pop()
                    group.append((cx, cy))
                    for nx, ny in ((cx + 1, cy), (cx - 1, cy), (cx, cy + 1), (cx, cy - 1)):
                        if 0 <= nx < size and 0 <= ny < size and white[ny][nx] and not seen[ny][nx]:
                            seen[ny][nx] = True
                            stack.append((nx, ny))
                groups.append(group)
    if len(groups) <= 1:
        return
    keep = max(range(len(groups)), key=lambda index: (len(groups[index]), -index))
    for index, group in enumerate(groups):
        if index != keep:
            for x, y in group:
                white[y][x] = 0


def make_layout(rng: np.random.Generator, size: int, level: int) -> Grid | None:
    """A layout as the module text says, or None when too few white cells are left."""
    black = BLACK_PERMILLE[level - 1]
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
            elif len(run) > MAX_RUN:
                # Away from the ends, so both halves stay at least two long.
                cut = run[int(rng.integers(2, len(run) - 2))]
                _set_black(white, *cut)
                changed = True
        if not changed:
            before = sum(map(sum, white))
            _keep_largest_group(white)
            changed = sum(map(sum, white)) != before
    inner = (size - 1) * (size - 1)
    if sum(map(sum, white)) * 1000 < MIN_WHITE_PERMILLE * inner:
        return None
    return white
