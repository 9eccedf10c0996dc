"""The five words mean what a player must do, for every source of puzzles (issue 35, item 5).

Easy, Medium and Hard solve by line logic alone; Expert needs probing, a player stuck one to
three times with a short trial each time; Fiendish more, a long trial, or search (issue 46).
Generated and daily puzzles land inside their level with a margin, keep their ink within
bounds, and one cell changed moves a level by at most one.
"""

from __future__ import annotations

from datetime import date

import numpy as np
import pytest

from game.core.difficulty import LINE_LIMITS, Effort, EffortMeter
from game.core.formats import read_puzzle
from game.core.generate.daily import plan_for
from game.core.generate.generator import LINE_MARGIN, MAX_INK, MIN_INK, Generation
from game.core.puzzle import Puzzle
from game.core.rating import rate_puzzle
from game.core.solver.task import SolveTask
from tests.conftest import REPO_ROOT


def _effort(puzzle: Puzzle) -> tuple[str, Effort | None]:
    meter = EffortMeter(puzzle)
    result = SolveTask(puzzle, max_solutions=2).run(on_step=meter)
    if result.status != "unique":
        return result.status, None
    return result.status, meter.effort(result.stats.line_rounds)


def test_line_logic_alone_is_never_expert_however_long_its_chains() -> None:
    # 16 rounds and little overlap was 18.7 points: "Expert" for a puzzle with no probe.
    long_chain = Effort(rounds=16, overlap=0.1, insights=0, probed=0.0, guesses=0)
    assert long_chain.level == 3
    assert Effort(rounds=2, overlap=0.6, insights=0, probed=0.0, guesses=0).level == 1
    assert Effort(rounds=5, overlap=0.4, insights=0, probed=0.0, guesses=0).level == 2


def test_probing_is_expert_unless_the_players_trials_are_fiendish_or_it_needs_search() -> None:
    # One insight and few rounds was 10.1 points: "Hard" for a puzzle that needs a probe.
    one_probe = Effort(rounds=4, overlap=0.41, insights=1, probed=0.04, guesses=0)
    assert one_probe.level == 4
    # One insight after a long chain was 28 points, "Fiendish": one probe is Expert.
    assert Effort(rounds=20, overlap=0.12, insights=1, probed=0.14, guesses=0).level == 4
    # The level is what a player meets (game.core.trial_chain), not the engine's count.
    assert Effort(rounds=3, overlap=0.3, insights=4, probed=0.3, guesses=0).level == 4
    fiendish = Effort(
        rounds=3, overlap=0.3, insights=1, probed=0.3, guesses=0, fiendish_trials=True
    )
    assert fiendish.level == 5
    assert Effort(rounds=3, overlap=0.3, insights=1, probed=0.3, guesses=1).level == 5
    # Line logic alone is never probing, whatever the flag says.
    assert Effort(rounds=3, overlap=0.3, insights=0, probed=0.0, guesses=0,
                  fiendish_trials=True).level < 4  # fmt: skip


def test_bundled_puzzles_are_expert_or_fiendish_by_what_a_player_meets() -> None:
    from game.core.trial_chain import HOLD_ROUNDS, feels_fiendish, trial_chain

    levels = REPO_ROOT / "levels"
    # The teapot: stuck once, a trial that fails in two rounds.
    teapot = read_puzzle(levels / "03-fifteen" / "13-teapot.non")
    assert trial_chain(teapot) == trial_chain(teapot, most_rounds=HOLD_ROUNDS)
    assert trial_chain(teapot).stalls == 1 and not feels_fiendish(teapot)
    # The pirate ship: the engine needs one probing insight (the old Expert), but a player's
    # first stall has no trial failing within three rounds: its shortest runs 11.
    ship = read_puzzle(levels / "06-thirty" / "05-pirate-ship.non")
    status, effort = _effort(ship)
    assert status == "unique" and effort is not None and effort.insights == 1
    assert trial_chain(ship).longest > HOLD_ROUNDS and feels_fiendish(ship)
    assert effort.level == 5 and rate_puzzle(ship)[1].name == "Fiendish"


def test_a_bundled_puzzle_needing_a_probe_is_rated_expert() -> None:
    teapot = read_puzzle(REPO_ROOT / "levels" / "03-fifteen" / "13-teapot.non")
    status, effort = _effort(teapot)
    assert status == "unique" and effort is not None and effort.insights == 1
    assert rate_puzzle(teapot)[1].name == "Expert"


@pytest.mark.parametrize(("width", "height"), [(10, 10), (15, 15)])
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_generated_puzzles_need_their_levels_technique_with_a_margin(
    width: int, height: int, level: int
) -> None:
    for seed in range(3):
        made = Generation(width, height, level, seed).run()
        status, effort = _effort(made.puzzle)
        assert status == "unique" and effort is not None
        assert effort.level == made.rating.stars == level
        if level <= 3:
            assert effort.insights == 0 and effort.guesses == 0
            low = (-np.inf, *LINE_LIMITS)[level - 1] + LINE_MARGIN
            high = (*LINE_LIMITS, np.inf)[level - 1] - LINE_MARGIN
            assert low <= effort.line_points <= high, (seed, effort)
        elif level == 4:
            assert 1 <= effort.insights <= 3
        else:
            assert effort.insights >= 4


@pytest.mark.parametrize(
    "day",
    # Two Mondays whose Easy 10x10 had 86 and 10 of 100 cells filled, a Saturday (Expert).
    [date(2026, 8, 17), date(2025, 9, 8), date(2025, 3, 15)],
)
def test_daily_puzzles_keep_their_ink_within_bounds_and_their_level(day: date) -> None:
    plan = plan_for(day)
    made = Generation(plan.width, plan.height, plan.level, plan.seed).run()
    assert made.rating.stars == plan.level
    result = SolveTask(made.puzzle, max_solutions=2).run()
    ink = float(np.asarray(result.solutions[0]).mean())
    assert MIN_INK <= ink <= MAX_INK, ink


def test_one_cell_changed_moves_a_generated_puzzle_by_at_most_one_level() -> None:
    """Every single-cell change of generated 10x10 Easy, Medium and Hard puzzles that still
    has one solution and is still solved by line logic alone: none moves two levels, and
    few move at all (the generator keeps a margin from the cuts)."""
    moved = changed = 0
    for level in (1, 2, 3):
        for seed in range(2):
            made = Generation(10, 10, level, seed).run()
            result = SolveTask(made.puzzle).run()
            grid = np.asarray(result.solutions[0], dtype=bool)
            for index in range(grid.size):
                flipped = grid.copy()
                flipped.flat[index] = not flipped.flat[index]
                _status, effort = _effort(Puzzle.from_grid(flipped.tolist()))
                if effort is None or effort.insights or effort.guesses:
                    continue  # ambiguous, or the technique changed: another kind of puzzle
                changed += 1
                assert abs(effort.level - level) <= 1, (level, seed, index, effort)
                moved += effort.level != level
    assert changed > 400
    assert moved <= 0.1 * changed, (moved, changed)


def test_the_words_shown_for_a_level_say_its_technique() -> None:
    from game.core.rating import LEVEL_TEXT
    from game.ui.scenes.levels.random_panel import LEVEL_HINTS

    assert LEVEL_HINTS == LEVEL_TEXT
    assert all(LEVEL_TEXT[level].startswith("Line logic alone") for level in (1, 2, 3))
    assert "probing" in LEVEL_TEXT[4] and "Several" not in LEVEL_TEXT[4]
    assert "one to three times" in LEVEL_TEXT[4] and "four times or more" in LEVEL_TEXT[5]


def test_the_engine_counts_the_effort_the_meter_reads_from_its_steps() -> None:
    """``check``, ``solve`` and level select rate from the counts an unwatched solve keeps
    (SolveStats.insights, probed_cells): on bundled puzzles of every pack (colour too) and on
    random grids that need probing and guesses, they equal what the meter reads from the
    watched engine's steps, on the compiled engine and on pure Python."""
    from game.core.difficulty import effort_of
    from game.core.solver import kernel

    packs = sorted(path for path in (REPO_ROOT / "levels").iterdir() if path.is_dir())
    puzzles = [
        read_puzzle(path)
        for pack in packs
        for path in sorted(pack.glob("*.non"))[:3]  # the first few of each pack
    ]
    puzzles.append(read_puzzle(REPO_ROOT / "levels" / "03-fifteen" / "13-teapot.non"))  # Expert
    rng = np.random.default_rng(83)
    puzzles += [
        Puzzle.from_grid(rng.random((size, size)) < 0.5, keep_goal=False)
        for size in (8, 10, 12, 14) * 4
    ]
    levels = set()
    was_compiled = kernel.engine_name() == kernel.COMPILED
    try:
        for compiled in (True, False):
            kernel.use(compiled)
            for puzzle in puzzles:
                meter = EffortMeter(puzzle)
                watched = SolveTask(puzzle, max_solutions=2).run(on_step=meter)
                unwatched = SolveTask(puzzle, max_solutions=2, watch=False).run()
                assert effort_of(puzzle, unwatched.stats) == meter.effort(
                    watched.stats.line_rounds
                ), puzzle.title
                levels.add(meter.effort(watched.stats.line_rounds).level)
    finally:
        kernel.use(was_compiled)
    assert levels >= {1, 4, 5}, levels  # line logic, probing and search all met
