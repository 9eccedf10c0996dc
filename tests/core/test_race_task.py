"""The seeds' algorithms through the one sliced driver: time limits, slices, the initial grid,
live counters, the rules on single lines, and the solve command's --algorithm."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest

from game.cli import main
from game.commands.solve import ALGORITHM_CHOICES
from game.core.puzzle import Puzzle
from game.core.race import ALGORITHMS, INFO, check_algorithm, step_source
from game.core.race.base import STILL_WORKING, placements
from game.core.race.rules import LineConflict, LineRanges, apply_rules
from game.core.solver.steps import Contradiction, Guess, LineDeduced, Step
from game.core.solver.task import SolveTask
from tests.shared_data import HEART, FakeClock

SEEDS_ONLY = [name for name in ALGORITHMS if name != "hanjie"]


def open_grid(size: int) -> Puzzle:
    """One filled cell per row and column: size! solutions, no cell ever deduced."""
    return Puzzle(width=size, height=size, row_clues=((1,),) * size, column_clues=((1,),) * size)


def test_the_commands_choices_are_the_algorithms() -> None:
    from game.commands import replay

    assert ALGORITHM_CHOICES == replay.ALGORITHM_CHOICES == ALGORITHMS
    assert set(INFO) == set(ALGORITHMS)
    assert all(len(INFO[name].explanation) > 100 for name in ALGORITHMS)
    with pytest.raises(ValueError, match="choose one of hanjie, rows, lines, rules"):
        check_algorithm("magic")


@pytest.mark.parametrize("algorithm", SEEDS_ONLY)
def test_time_limit_counts_only_the_algorithms_own_work(algorithm: str) -> None:
    clock = FakeClock(tick=0.001)
    task = SolveTask(
        open_grid(9), max_solutions=None, time_limit=1.0, clock=clock, source=step_source(algorithm)
    )
    assert task.advance(0.01) is None
    clock.jump(1000.0)  # a paused replay: not the algorithm's time
    result = task.run()
    assert result.timed_out and result.status == "multiple" and not result.complete
    assert 1.0 <= result.stats.seconds < 1.3
    assert clock.now < 1000.0 + 10.0


@pytest.mark.parametrize("algorithm", SEEDS_ONLY)
def test_each_slice_stays_small(algorithm: str) -> None:
    # Every reading of the clock costs 0.1 ms: a slice of 2 ms ends within a few readings,
    # even on lines with thousands of placements.
    clock = FakeClock(tick=0.0001)
    wide = Puzzle(
        width=30,
        height=2,
        row_clues=((1, 1, 1, 1, 1, 1),) * 2,
        column_clues=((1,),) * 12 + ((),) * 18,
    )
    task = SolveTask(
        wide, max_solutions=3, time_limit=5.0, clock=clock, source=step_source(algorithm)
    )
    while not task.done:
        before = clock.now
        task.advance(0.002)
        assert clock.now - before < 0.002 + 0.02


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_initial_cells_are_kept(algorithm: str) -> None:
    initial = np.full((3, 3), -1, dtype=np.int8)
    initial[0, 0] = 1  # of the 6 permutations, 2 fill the top left cell
    task = SolveTask(
        open_grid(3), max_solutions=None, initial=initial, source=step_source(algorithm)
    )
    result = task.run()
    assert len(result.solutions) == 2
    assert all(solution[0, 0] for solution in result.solutions)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_live_counters(algorithm: str) -> None:
    task = SolveTask(open_grid(4), max_solutions=None, source=step_source(algorithm))
    steps: list[Step] = []
    task.run(on_step=steps.append)
    counters = task.counters
    assert counters.solutions == 24
    assert counters.steps == task.steps_taken > 24
    assert counters.lines > 0 and counters.guesses > 0 and counters.backtracks > 0
    if algorithm in ("lines", "hanjie"):
        assert counters.guesses == sum(
            1 for step in steps if isinstance(step, Guess) and not step.alternative
        )


def test_row_search_rejects_a_placement_on_the_column_it_breaks() -> None:
    steps: list[Step] = []
    SolveTask(HEART, source=step_source("rows")).run(on_step=steps.append)
    first_row = next(step for step in steps if isinstance(step, LineDeduced))
    assert first_row.axis == "row" and first_row.index == 0
    assert any(isinstance(step, Contradiction) and step.axis == "column" for step in steps)


def test_placements_leftmost_first_keep_known_cells_and_beat() -> None:
    masks = list(placements((2, 1), 5))
    assert [bin(mask)[2:].zfill(5)[::-1] for mask in masks] == [
        "11010",
        "11001",
        "01101",
    ]
    # Cell 2 known filled: only the placement with the 2 over it is left.
    assert list(placements((2, 1), 5, filled=0b00100)) == [0b10110]
    many = list(placements((1,) * 6, 30))
    assert STILL_WORKING in many
    assert len([mask for mask in many if mask != STILL_WORKING]) == 177100


def line_after(clue: tuple[int, ...], text: str) -> str:
    line = [{"?": -1, ".": 0, "#": 1}[char] for char in text]
    ranges = LineRanges(clue, len(line))
    for _ in range(4):
        apply_rules(ranges, line)
    return "".join({-1: "?", 0: ".", 1: "#"}[value] for value in line)


def test_the_rules_on_single_lines() -> None:
    assert line_after((8,), "??????????") == "??######??"  # 1.1 overlap
    assert line_after((3,), "?#????????") == "?##?......"  # 1.5 and 1.2 from the edge
    assert line_after((1, 1), "??#??") == "?.#.?"  # 1.3 / 1.5 closing a 1
    # The ## cannot be the second 2 (no room for the first before it): it is the first.
    assert line_after((2, 2), "??##????") == "..##.?#?"
    with pytest.raises(LineConflict):
        line_after((3,), "#.#.#")


def test_solve_command_with_each_algorithm(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.core.formats import write_puzzle

    path = tmp_path / "heart.non"
    write_puzzle(HEART, path)
    for algorithm in ALGORITHMS:
        assert main(["solve", str(path), "--algorithm", algorithm, "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert (data["algorithm"], data["status"], data["solutions"]) == (algorithm, "unique", 1)
        assert (data["rating"] is None) == (algorithm != "hanjie")
    assert main(["solve", str(path), "--algorithm", "rules", "--steps"]) == 0
    out = capsys.readouterr().out
    assert "first test: row and column clues both fill 16 cells" in out
    assert "by rule 1.1" in out
    assert "unique (exactly 1 solution)" in out
    # The rules beat after every quiet line; the command tells a run of them as one line.
    lines = out.splitlines()
    quiet = [index for index, line in enumerate(lines) if line.startswith("checked ")]
    assert quiet and all(b - a > 1 for a, b in itertools.pairwise(quiet))
    assert "checked 1 lines" not in out
    assert main(["solve", str(path), "--algorithm", "magic"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "invalid choice: 'magic'" in err[0]
