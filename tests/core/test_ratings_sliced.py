"""The select screen's rating pass stays within its slice for colour puzzles too: the rounds
of colour line logic that rate a solved colour puzzle are counted a slice at a time (in one
go they took ~20 ms at 40x30, a 37 ms frame with the picture packs installed)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

import game.core.solver.colour_line as colour_line
from game.core.formats import read_puzzle
from game.core.rating import rate_colour
from game.core.solver.task import SolveTask
from game.core.store.ratings import Ratings

COLOUR = Path(__file__).resolve().parents[2] / "levels" / "08-colour" / "02-apple.non"


def test_a_colour_rating_is_worked_out_a_slice_at_a_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    puzzle = replace(read_puzzle(COLOUR), extra=())  # no "difficulty": it must be rated
    key = puzzle.fingerprint()
    ticks = [0.0]

    def clock() -> float:  # every reading of the clock is a millisecond of work
        ticks[0] += 0.001
        return ticks[0]

    lines = [0]
    solve_line = colour_line.solve_colour_line

    def counted(*args: object) -> object:
        lines[0] += 1
        return solve_line(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(colour_line, "solve_colour_line", counted)
    ratings = Ratings(time_limit=1000.0, clock=clock)
    most = calls = 0
    while ratings.stars_of(key) is None and calls < 100_000:
        before = lines[0]
        ratings.work([(key, puzzle)], seconds=0.002)
        most = max(most, lines[0] - before)
        calls += 1
    monkeypatch.setattr(colour_line, "solve_colour_line", solve_line)
    expected = rate_colour(puzzle, SolveTask(puzzle, max_solutions=2).run())
    assert ratings.stars_of(key) == expected.stars
    assert ratings.solutions[key].shape == (puzzle.height, puzzle.width)
    # The whole count is 2 * (rounds + 1) * (width + height) lines; a slice did a few.
    assert most <= 4
