"""The daily puzzle: fixed for a date, the weekday's size and level, streaks and best times."""

from __future__ import annotations

import hashlib
import os
from datetime import date
from pathlib import Path

import pytest

from game.core.generate.daily import (
    COLOUR_DAY_LEVEL,
    SCHEDULE,
    longest_streak,
    plan_for,
    seed_for,
    standing,
    streak_on,
    streak_text,
)
from game.core.generate.files import (
    daily_path,
    keep_in_my_puzzles,
    newest_random,
    prune_random,
    sync_daily,
    write_generated,
)
from game.core.generate.generator import generate
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.core.solver.task import SolveTask
from game.core.store.progress import ProgressStore

MONDAY = date(2025, 3, 10)


def _clue_hash(puzzle: Puzzle) -> str:
    text = repr((puzzle.width, puzzle.height, puzzle.row_clues, puzzle.column_clues))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def test_a_dates_puzzle_is_fixed() -> None:
    plan = plan_for(MONDAY)
    assert (plan.width, plan.height, plan.level, plan.seed) == (10, 10, 1, 20250310)
    puzzle = generate(plan.width, plan.height, plan.level, plan.seed)
    # The clues of 10 March 2025's puzzle, everywhere: seed from the date's digits, PCG64 and
    # integer maths only. A change here changes every player's daily puzzle.
    # (Changed once, when levels came to mean techniques and ink was bounded: issue 35.)
    assert _clue_hash(puzzle) == "dc37ae3c73e9165c"
    assert generate(plan.width, plan.height, plan.level, plan.seed) == puzzle


def test_each_weekday_has_its_size_and_level() -> None:
    week = [plan_for(date(2025, 3, 10 + offset)) for offset in range(7)]
    assert week[0].weekday == "Monday"
    # The colour weekend is at most Hard (COLOUR_DAY_LEVEL): see game.core.generate.daily.
    expected = [(w, h, min(level, COLOUR_DAY_LEVEL) if day >= 5 else level)
                for day, (w, h, level) in enumerate(SCHEDULE)]  # fmt: skip
    assert [(p.width, p.height, p.level) for p in week] == expected
    assert len({plan.seed for plan in week}) == 7
    assert plan_for(date(2025, 3, 17)).level == plan_for(MONDAY).level  # next Monday
    assert seed_for(date(2024, 12, 31)) == 20241231
    assert plan_for(date(2025, 3, 13)).summary == "Thursday · 15x15 · Hard"


def test_the_weekends_and_15x15_puzzles_are_in_colour_and_say_so() -> None:
    week = [plan_for(date(2025, 3, 10 + offset)) for offset in range(7)]
    # The 15x15 days are in colour too: a 15x15 silhouette is one the packs refuse.
    assert [plan.colours for plan in week] == [2, 2, 3, 3, 2, 4, 4]
    assert week[2].colour_text == "In 2 colours"
    saturday = week[5]
    # The colours to paint with, as the swatches show them: "4 colours" over three swatches
    # read as a colour missing (QA); ``colours`` counts the background.
    assert saturday.colour_text == "In 3 colours" and not week[0].colour_text
    made = saturday.generation().run()
    puzzle = made.puzzle
    assert puzzle.is_colour and puzzle.colour_count == 3
    assert saturday.colour_text == f"In {puzzle.colour_count} colours"
    assert (puzzle.width, puzzle.height) == (20, 20) and made.rating.stars == 3
    assert SolveTask(puzzle, max_solutions=2).run().status == "unique"
    again = plan_for(date(2025, 3, 15)).generation().run().puzzle
    assert again == puzzle  # the same for everyone on that date
    assert not week[0].generation().run().puzzle.is_colour
    assert week[3].generation().run().puzzle.colour_count == 2


def _days(*days: str) -> dict[str, float]:
    return {day: 60.0 for day in days}


def test_streak_counts_consecutive_days_up_to_today() -> None:
    today = date(2025, 3, 14)
    assert streak_on({}, today) == 0
    assert streak_on(_days("2025-03-14"), today) == 1
    assert streak_on(_days("2025-03-12", "2025-03-13", "2025-03-14"), today) == 3
    # A gap breaks it: only the days after the gap count.
    assert streak_on(_days("2025-03-10", "2025-03-12", "2025-03-13", "2025-03-14"), today) == 3


def test_an_open_today_keeps_yesterdays_streak_and_a_missed_day_ends_it() -> None:
    solved = _days("2025-03-12", "2025-03-13")
    assert streak_on(solved, date(2025, 3, 14)) == 2  # today not played yet: still standing
    assert streak_on(solved, date(2025, 3, 15)) == 0  # the 14th passed unsolved
    assert longest_streak(solved) == 2


def test_streaks_cross_months_and_years_by_calendar_date() -> None:
    solved = _days("2024-12-30", "2024-12-31", "2025-01-01", "2025-02-28", "2025-03-01")
    assert streak_on(solved, date(2025, 1, 1)) == 3
    assert streak_on(solved, date(2025, 3, 1)) == 2  # 2025 is not a leap year
    assert longest_streak(solved) == 3


def test_the_same_day_twice_counts_once_and_keeps_the_best_time(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    assert store.mark_daily("2025-03-14", 200.0)
    assert not store.mark_daily("2025-03-14", 250.0)  # slower: the best stays
    assert store.mark_daily("2025-03-14", 150.0)
    again = ProgressStore(tmp_path)
    assert again.daily_times() == {"2025-03-14": 150.0}
    shown = standing(again.daily_times(), date(2025, 3, 14))
    assert shown.solved_today and shown.best_today == 150.0
    assert shown.streak == 1 and streak_text(shown.streak) == "1-day streak"
    assert standing({}, date(2025, 3, 14)).best_today is None


def test_bad_daily_values_are_refused_and_dropped_from_a_file(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    with pytest.raises(ValueError, match="date"):
        store.mark_daily("2025-02-30", 10.0)
    with pytest.raises(ValueError, match="seconds"):
        store.mark_daily("2025-02-03", float("nan"))
    (tmp_path / "progress.json").write_text(
        '{"version": 1, "puzzles": {}, "daily": {"2025-01-02": 9.5, "someday": 3, '
        '"2025-01-03": "fast"}}'
    )
    loaded = ProgressStore(tmp_path)
    assert loaded.daily_times() == {"2025-01-02": 9.5}
    assert loaded.messages  # the player is told what was dropped


def test_two_windows_keep_both_days(tmp_path: Path) -> None:
    first = ProgressStore(tmp_path)
    second = ProgressStore(tmp_path)
    first.mark_daily("2025-03-13", 100.0)
    second.mark_daily("2025-03-14", 90.0)
    second.mark_daily("2025-03-13", 120.0)  # slower than the other window's: theirs stays
    assert ProgressStore(tmp_path).daily_times() == {"2025-03-13": 100.0, "2025-03-14": 90.0}


def test_a_daily_win_reaches_the_daily_times(tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    plan = plan_for(MONDAY)
    puzzle = Puzzle.from_grid([[True, False], [False, True]])
    path = daily_path(store, plan)
    write_generated(path.parent, puzzle, plan.key)
    sync_daily(store, [plan])
    assert store.daily_times() == {}  # not solved yet
    store.mark_solved(puzzle.fingerprint(), 75.0)
    sync_daily(store, [plan, plan_for(date(2025, 3, 11))])  # a day without a file is skipped
    assert store.daily_times() == {"2025-03-10": 75.0}


def test_random_files_keep_the_newest_and_a_kept_puzzle_is_copied_once(tmp_path: Path) -> None:
    folder = tmp_path / "random"
    puzzles = [generate(5, 5, 1, seed) for seed in range(3)]
    for seed, puzzle in enumerate(puzzles):
        path = write_generated(folder, puzzle, f"p{seed}")
        # mtime decides which is newest; set it so the test does not depend on timing.
        os.utime(path, (1000 + seed, 1000 + seed))
    prune_random(folder, keep=2)
    assert sorted(path.name for path in folder.iterdir()) == ["p1.non", "p2.non"]
    newest = newest_random(folder)
    assert newest is not None and newest[0] == puzzles[2]
    user = tmp_path / "mine"
    path, written = keep_in_my_puzzles(puzzles[2], user)
    assert written and path.parent == user
    again, written_again = keep_in_my_puzzles(puzzles[2], user)
    assert again == path and not written_again
    assert len(list(user.iterdir())) == 1


def test_pruning_random_files_keeps_a_game_in_progress(tmp_path: Path) -> None:
    # QA: an unfinished random game older than the twelve newest lost its file, and with
    # it the game (Continue: "its file is no longer there").
    folder = tmp_path / "random"
    store = ProgressStore(tmp_path / "progress")
    puzzles = [generate(5, 5, 1, seed) for seed in range(4)]
    for seed, puzzle in enumerate(puzzles):
        path = write_generated(folder, puzzle, f"p{seed}")
        os.utime(path, (1000 + seed, 1000 + seed))
    store.save_session(puzzles[0].fingerprint(), Session(puzzles[0]).to_json())
    prune_random(folder, keep=2, store=store)
    assert sorted(path.name for path in folder.iterdir()) == ["p0.non", "p2.non", "p3.non"]
    # Without a store (or once the game is over) the oldest go as before.
    store.clear_session(puzzles[0].fingerprint())
    prune_random(folder, keep=2, store=store)
    assert sorted(path.name for path in folder.iterdir()) == ["p2.non", "p3.non"]
