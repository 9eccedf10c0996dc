"""The daily puzzle's year (issue 46): 364 consecutive days from any date, each a new grid at
its weekday's size and level, no picture twice within 90 days, each picture one the packs'
gate would ship, written by ``hanjie generate --daily``."""

from __future__ import annotations

import json
import time
from collections import Counter
from datetime import date, timedelta
from pathlib import Path

import pytest

from game.cli import main
from game.core.formats import read_puzzle
from game.core.generate.daily import SCHEDULE, plan_for
from game.core.generate.daily_making import ScheduledGeneration, daily_generation, make_daily
from game.core.generate.daily_schedule import (
    ANCHOR,
    CYCLE_DAYS,
    MIN_GAP_DAYS,
    DailyEntry,
    circular_gap,
    cycle_day,
    entry_for,
    parse_table,
    rule_breaks,
    table,
)
from game.core.generate.files import cover_place
from game.core.generate.picture_library import library
from game.core.generate.picture_puzzles import PictureGeneration
from game.core.pack_gate import pack_refusals
from game.core.solver.task import SolveTask

# A start that is not the table's first row, so the year runs round the turn of the cycle.
START = date(2027, 5, 19)


def test_the_shipped_table_keeps_the_years_rules_round_the_circle() -> None:
    rows = table()
    assert len(rows) == CYCLE_DAYS, "assets/pictures/daily.json is missing or does not read"
    assert rule_breaks(rows) == []
    # Weekends do not collapse onto a few scenes: each weekday shows many pictures a year;
    # the 10x10 weekdays (Monday, Tuesday: rows 0 and 1, the anchor a Monday) are shapes.
    for weekday in range(7):
        shown = Counter(name for row in rows[weekday::7] for name in row.names)
        if weekday < 2:
            assert not shown and not plan_for(ANCHOR + timedelta(days=weekday)).pictured
        else:
            assert len(shown) >= 40, (weekday, len(shown))


def test_364_consecutive_dailies_are_new_grids_at_their_weekdays_level_and_pass_the_gate() -> None:
    assert library(), "the shipped picture library is missing"
    started = time.perf_counter()
    days = [START + timedelta(days=n) for n in range(CYCLE_DAYS)]
    made = {day: make_daily(plan_for(day)) for day in days}
    seconds = time.perf_counter() - started
    fingerprints = {m.puzzle.fingerprint() for m in made.values()}
    assert len(fingerprints) == CYCLE_DAYS
    last_seen: dict[str, date] = {}
    for day, daily in made.items():
        width, height, _ = SCHEDULE[day.weekday()]
        puzzle = daily.puzzle
        assert (puzzle.width, puzzle.height) == (width, height)
        assert daily.rating.stars == plan_for(day).level
        assert puzzle.is_colour == (plan_for(day).colours > 2)
        extra = dict(puzzle.extra)
        assert extra["day"] == day.isoformat()
        entry = entry_for(day)
        if not plan_for(day).pictured:  # 10x10: shapes from the date's seed, no picture
            assert entry is None and "picture" not in extra
            assert puzzle.title == f"Daily puzzle {day.isoformat()}"
            continue
        for name in extra["picture"].split("+"):
            if name in last_seen:
                assert (day - last_seen[name]).days >= MIN_GAP_DAYS, (name, day)
            last_seen[name] = day
        # As the table's builder saw it.
        assert entry is not None and puzzle.fingerprint() == entry.fingerprint
        assert puzzle.title == entry.title
        # The gate the packs ship by: no 15x15 silhouette (the 15x15 days are in colour).
        assert pack_refusals(puzzle) == (), (day, puzzle.title, pack_refusals(puzzle))
    print(f"364 dailies from {START} made in {seconds:.1f} s")


def test_a_daily_is_unique_and_titled_with_its_picture() -> None:
    day = START + timedelta(days=4)  # a Sunday: colour, two pictures or a scene
    made = make_daily(plan_for(day))
    assert SolveTask(made.puzzle, max_solutions=2).run().status == "unique"
    entry = entry_for(day)
    assert entry is not None and made.puzzle.title == entry.title
    # Until it is solved it is called by its date, not its picture.
    place = cover_place(made.puzzle)
    assert place is not None and place.label == f"Daily puzzle {day.isoformat()}"


def test_the_table_is_read_round_and_round_keeping_weekdays() -> None:
    for day in (START, START + timedelta(days=CYCLE_DAYS), date(1999, 12, 30)):
        row = cycle_day(day)
        assert row % 7 == day.weekday()
        assert entry_for(day) == entry_for(day + timedelta(days=CYCLE_DAYS))
    assert circular_gap(0, CYCLE_DAYS - 1) == 1
    assert circular_gap(10, 100) == 90


def test_rule_breaks_names_a_repeated_grid_and_a_picture_too_soon() -> None:
    rows = [DailyEntry((f"p{n}",), "P", 0, f"g{n}") for n in range(CYCLE_DAYS)]
    assert rule_breaks(rows) == []
    rows[5] = DailyEntry(("p3",), "P", 0, "g3")
    problems = rule_breaks(rows)
    assert any("repeats the grid" in p for p in problems)
    assert any("p3 on days 3 and 5" in p for p in problems)
    # Round the circle: the last day and the first are one day apart.
    rows = [DailyEntry((f"p{n}",), "P", 0, f"g{n}") for n in range(CYCLE_DAYS)]
    rows[-1] = DailyEntry(("p0",), "P", 0, "g-last")
    assert any("1 days apart" in p for p in rule_breaks(rows))


@pytest.mark.parametrize(
    "raw",
    [[], {"days": "x"}, {"days": [1]}, {"days": [{"names": [], "title": "T", "detail": 0,
     "fingerprint": "f"}]}, {"days": [{"names": ["a"], "title": "T", "detail": 0,
     "fingerprint": "f"}]}],
)  # fmt: skip
def test_a_broken_table_is_refused(raw: object) -> None:
    with pytest.raises(ValueError):
        parse_table(raw)


def test_without_a_table_the_daily_draws_a_picture_as_random_does(tmp_path: Path) -> None:
    import shutil

    from game.core.generate.picture_library import library_dir

    folder = tmp_path / "pictures"
    shutil.copytree(library_dir(), folder)
    (folder / "daily.json").write_text(json.dumps({"days": []}), encoding="utf-8")
    assert table(folder) == ()
    assert entry_for(START, folder) is None
    # The shipped library has one: the day's row is made.
    assert isinstance(daily_generation(plan_for(START)), ScheduledGeneration)
    assert not isinstance(daily_generation(plan_for(START)), PictureGeneration)


def test_generate_daily_writes_a_file_a_day_named_by_its_date(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "dailies"
    assert main(["generate", "--daily", START.isoformat(), "--days", "3", "-o", str(out)]) == 0
    names = sorted(path.name for path in out.iterdir())
    assert names == [f"{START + timedelta(days=n)}.non" for n in range(3)]
    first = read_puzzle(out / names[0])
    entry = entry_for(START)
    assert entry is not None and first.title == entry.title
    printed = capsys.readouterr().out
    assert "Wednesday · 15x15 · Medium" in printed and entry.title in printed
    # Friday is a picture; a Monday would be shapes.
    assert "Friday · 20x15 · Hard" in printed
    # Run again: nothing is written over.
    assert main(["generate", "--daily", START.isoformat(), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "already there" in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--daily", "2026-13-01"], "is not a date"),
        (["--daily", "2026-12-07", "--days", "0"], "the days must be 1"),
        (["--days", "3", "--size", "10", "--level", "1"], "--days goes with --daily"),
        (["--daily", "2026-12-07", "--size", "10"], "--size does not go with --daily"),
        (["--daily", "9999-12-30", "--days", "5"], "past the year 9999"),
        # The kinds' table says which kinds have daily puzzles: Kakuro has none.
        (["--daily", "2026-12-07", "--kind", "kakuro"], "kakuro has no daily puzzles"),
        (["--daily", "2026-12-07", "--colours", "3"], "--colours does not go with --daily"),
    ],
)
def test_bad_daily_input_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], words: str
) -> None:
    out = tmp_path / "out"
    assert main(["generate", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
    assert not out.exists()
