"""The race's rules in core: same slice for every runner, places, waiting at the finish."""

from __future__ import annotations

import pytest

from game.core.puzzle import Puzzle
from game.core.race import ALGORITHMS
from game.core.race.contest import Race, check_runners, place_text
from tests.shared_data import HEART, FakeClock


def test_runners_are_two_to_four_different_algorithms() -> None:
    assert check_runners(["rows", "hanjie"]) == ("rows", "hanjie")
    with pytest.raises(ValueError, match="2 to 4"):
        check_runners(["rows"])
    with pytest.raises(ValueError, match="once"):
        check_runners(["rows", "rows"])
    with pytest.raises(ValueError, match="no algorithm"):
        check_runners(["rows", "fast"])


def test_a_race_to_the_end_places_every_runner_in_finishing_order() -> None:
    clock = FakeClock(tick=0.0005)
    race = Race(HEART, ALGORITHMS, clock=clock)
    steps_at_finish: dict[str, int] = {}
    while not race.finished:
        arrived = race.advance(0.002)
        for runner in arrived:
            steps_at_finish[runner.algorithm] = runner.trace.task.steps_taken
        # Whoever has finished waits: its steps stay where they were.
        for runner in race.runners:
            if runner.algorithm in steps_at_finish:
                assert runner.trace.task.steps_taken == steps_at_finish[runner.algorithm]
        assert race.frames < 10_000
    order = race.order()
    assert sorted(runner.place for runner in order if runner.place) == [1, 2, 3, 4]
    frames = [runner.finish_frame for runner in order]
    assert frames == sorted(frames)  # an earlier frame is an earlier place
    assert all(runner.trace.result is not None for runner in order)
    assert {runner.trace.result.status for runner in order if runner.trace.result} == {"unique"}
    assert race.verdicts_agree()
    assert all(runner.counters.solutions == 1 for runner in race.runners)


def test_every_runner_gets_the_same_slice_each_frame() -> None:
    # One filled cell per line: nobody deduces anything, each runner searches for a while.
    puzzle = Puzzle(width=6, height=6, row_clues=((1,),) * 6, column_clues=((1,),) * 6)
    clock = FakeClock(tick=0.0001)
    race = Race(puzzle, ("rows", "lines", "rules", "hanjie"), clock=clock)
    race.advance(0.003)
    for runner in race.runners:
        task = runner.trace.task
        assert runner.trace.counters.steps >= 1  # quiet heartbeats included
        # Its slice ends soon after the budget (a step may overrun by a few readings).
        assert 0.0 < task.engine_seconds <= 0.003 + 0.002


def test_place_text() -> None:
    assert [place_text(n) for n in (1, 2, 3, 4)] == ["1st", "2nd", "3rd", "4th"]
