"""The kernel's shortest trial (``_kernel_trials.h``) against its Python twin
(``trial_chain._shortest_trial``): the same trial, rounds and stall for stall, on random black
and white and colour stalls, at every bound, and the same chains on bundled puzzles."""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest

from game.core import trial_chain
from game.core.formats import read_puzzle
from game.core.palette import Palette, fallback_rgb
from game.core.puzzle import Puzzle
from game.core.trial_chain import (
    HOLD_ROUNDS,
    Chain,
    _shortest_trial,
    _Solver,
)
from game.core.trial_depth import Lines, _settled

LEVELS = Path(__file__).resolve().parents[2] / "levels"


def _palette(colours: int) -> Palette:
    return Palette.of(
        ("white", (255, 255, 255)),
        *((f"c{number}", fallback_rgb(number)) for number in range(1, colours + 1)),
    )


def _random_puzzle(rng: random.Random) -> Puzzle:
    width, height = rng.randint(4, 10), rng.randint(4, 10)
    colours = rng.choice((1, 1, 2, 3))
    grid = [
        [0 if rng.random() < 0.45 else rng.randint(1, colours) for _ in range(width)]
        for _ in range(height)
    ]
    if colours == 1:
        return Puzzle.from_grid([[bool(cell) for cell in row] for row in grid], keep_goal=False)
    return Puzzle.from_colour_grid(grid, _palette(colours), keep_goal=False)


def _compiled_answer(
    compiled: ModuleType, puzzle: Puzzle, grid: np.ndarray, limit: int
) -> tuple[int, int, int, int] | None:
    rows = [puzzle.row_runs(y) for y in range(puzzle.height)]
    columns = [puzzle.column_runs(x) for x in range(puzzle.width)]
    answer: tuple[int, int, int, int] | None = compiled.shortest_trial(
        [tuple(length for length, _ in runs) for runs in rows],
        [tuple(colour for _, colour in runs) for runs in rows],
        [tuple(length for length, _ in runs) for runs in columns],
        [tuple(colour for _, colour in runs) for runs in columns],
        grid.ravel().tolist(),
        puzzle.width,
        limit,
    )
    return answer


def test_the_kernel_finds_the_trial_python_finds_at_every_stall(compiled: ModuleType) -> None:
    """Random puzzles played stall by stall (each stall's trial struck, as trial_chain does):
    the kernel's answer equals the Python twin's at bounds 1 to 4 and unbounded."""
    rng = random.Random(4646)
    compared = found = 0
    for _case in range(300):
        puzzle = _random_puzzle(rng)
        lines = Lines(puzzle)
        solver = _Solver(lines)
        grid = lines.propagate(lines.blank(), solver.line)
        for _stall in range(4):
            if grid is None or lines.solved(grid):
                break
            answers = {}
            for limit in (1, 2, 3, 4, puzzle.width + puzzle.height):
                ours = _compiled_answer(compiled, puzzle, grid, limit)
                assert ours == _shortest_trial(solver, grid, limit), (puzzle, grid, limit)
                answers[limit] = ours
                compared += 1
            best = answers[puzzle.width + puzzle.height]
            if best is None:
                break
            found += 1
            _rounds, y, x, bit = best
            struck = grid.copy()
            struck[y, x] &= ~(1 << bit)
            grid = lines.propagate(struck, solver.line)
    assert compared >= 400 and found >= 25  # real stalls, not only solved grids


def test_the_kernel_leaves_a_settled_grid_alone_and_refuses_bad_input(
    compiled: ModuleType,
) -> None:
    puzzle = Puzzle.from_grid([[True, False], [False, True]], keep_goal=False)
    solved = np.array([[2, 1], [1, 2]])
    assert _compiled_answer(compiled, puzzle, solved, 3) is None
    with pytest.raises(ValueError, match="a domain a cell"):
        compiled.shortest_trial([(1,)], [(1,)], [(1,)], [(1,)], [3, 3], 1, 3)
    with pytest.raises(ValueError, match="hold a value"):
        compiled.shortest_trial([(1,)], [(1,)], [(1,)], [(1,)], [0], 1, 3)


@pytest.mark.parametrize(
    "name", ["03-fifteen/13-teapot.non", "23-food/32-baguette.non", "27-things/29-hammer.non"]
)
def test_bundled_chains_are_the_same_compiled_or_not(
    compiled: ModuleType, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    path = LEVELS / name
    if not path.exists():
        pytest.skip(f"{name} is not bundled any more")
    puzzle = read_puzzle(path)
    chains: list[Chain] = []
    for use_kernel in (True, False):
        if not use_kernel:
            monkeypatch.setattr(trial_chain, "_compiled_search", lambda _puzzle: None)
        chains.append(trial_chain.trial_chain(puzzle, most_stalls=4, most_rounds=HOLD_ROUNDS))
    assert chains[0] == chains[1]
    assert chains[0].stalls >= 1 and not all(_settled(int(d)) for d in Lines(puzzle).blank().flat)
