"""Generated colour puzzles (issue 33): ``generate --colours N`` and ColourGeneration make
unique colour puzzles at the level asked, the same for a seed; ``check`` reports them."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from game.cli import main
from game.core.create.fairness import check_uniqueness
from game.core.difficulty import EffortMeter
from game.core.formats import read_puzzle
from game.core.generate.generator import ColourGeneration
from game.core.rating import rate_puzzle
from game.core.solver.task import SolveTask


@pytest.mark.parametrize(("level", "colours"), [(1, 3), (2, 4), (3, 3), (4, 6)])
def test_a_colour_generation_is_unique_and_rated_at_the_level_asked(
    level: int, colours: int
) -> None:
    for seed in (1, 2):
        made = ColourGeneration(12, 12, level, seed, colours).run()
        puzzle = made.puzzle
        assert puzzle.is_colour and puzzle.colour_count == colours - 1
        # Every block colour is used, and the goal is the one solution.
        assert puzzle.goal_colours is not None
        assert set(np.unique(np.asarray(puzzle.goal_colours))) == set(range(colours))
        result, rating = rate_puzzle(puzzle)
        assert result.status == "unique"
        assert rating.stars == level == made.rating.stars


def test_the_same_seed_makes_the_same_colour_puzzle() -> None:
    first = ColourGeneration(10, 10, 2, 9, 4).run().puzzle
    again = ColourGeneration(10, 10, 2, 9, 4).run().puzzle
    assert first == again and first.goal_colours == again.goal_colours


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_colour_generations_land_on_the_level_asked_at_any_size(level: int) -> None:
    """Fixed seeds at 15x15 and 20x20: the level asked, by the technique it names (the old
    size-based colour rating made no 20x20 Easy and almost no Fiendish)."""
    for seed, (size, colours) in enumerate([(15, 4), (20, 3), (20, 6)], start=1):
        made = ColourGeneration(size, size, level, seed, colours).run()
        meter = EffortMeter(made.puzzle)
        result = SolveTask(made.puzzle, max_solutions=2).run(on_step=meter)
        assert result.status == "unique"
        effort = meter.effort(result.stats.line_rounds)
        assert effort.level == level == made.rating.stars
        assert effort.guesses == 0  # no level needs guessing; Fiendish is deep probing
        if level <= 3:
            assert effort.insights == 0
        elif level == 4:
            assert 1 <= effort.insights <= 3
        else:
            assert effort.insights >= 4


def test_generate_colours_writes_a_colour_non_that_check_calls_unique(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "c.non"
    args = ["generate", "--size", "10x10", "--level", "2", "--colours", "4", "--seed", "3"]
    assert main([*args, "-o", str(out)]) == 0
    # The command's line says what was asked (--colours counts the background); the
    # puzzle's title, shown in play over its swatches, counts the colours to paint with.
    assert "in 4 colours" in capsys.readouterr().out
    puzzle = read_puzzle(out)
    assert puzzle.is_colour and puzzle.colour_count == 3
    assert puzzle.title is not None and f"in {puzzle.colour_count} colours" in puzzle.title
    assert check_uniqueness(puzzle, timeout=2.0).status == "unique"
    assert main(["check", str(tmp_path)]) == 0
    report = capsys.readouterr().out
    assert "c.non" in report and "unique" in report and "Medium" in report


@pytest.mark.parametrize("bad", ["1", "9", "x"])
def test_bad_colours_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bad: str
) -> None:
    args = ["generate", "--size", "10x10", "--level", "2", "--colours", bad]
    assert main([*args, "-o", str(tmp_path / "c.non")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "colours" in err[0]
    assert not (tmp_path / "c.non").exists()


def test_a_big_colour_puzzle_can_be_easy() -> None:
    """Size is no level: a 30x30 colour puzzle asked Easy is Easy (the old rating counted a
    point a 150 cells, so from 25x25 nothing was below Hard)."""
    made = ColourGeneration(30, 30, 1, 4, 3).run()
    assert made.rating.stars == 1
    assert SolveTask(made.puzzle, max_solutions=2).run().status == "unique"
