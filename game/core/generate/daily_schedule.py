"""The daily puzzle's year: which library picture each day shows, so no grid comes back.

The schedule is a table of :data:`CYCLE_DAYS` (364, 52 whole weeks) days in
``assets/pictures/daily.json``, built offline by ``tools/build_daily_schedule.py`` from the
library and the game's own picture path (:func:`game.core.generate.picture_puzzles.attempt`).
Day ``d`` plays row ``(d - ANCHOR) mod 364``; the anchor is a Monday and 364 is a multiple
of 7, so each row keeps its weekday, and with it the weekday's size and level
(:data:`game.core.generate.daily.SCHEDULE`). Each row names its picture(s), the black-and-white
detail (none in colour) and the fingerprint of the grid it makes, and the table holds:

- 364 distinct grids, so any 364 consecutive days (from any start date: the table is read
  round and round) show 364 different puzzles;
- no picture twice within :data:`MIN_GAP_DAYS` (90) days, counted round the circle, so the
  rule also holds across the turn of the cycle;
- every row rated at its weekday's level when it was built.

A row naming no picture is a day of shapes (the 10x10 weekdays: a picture does not read at
100 cells), made from the date's own seed.

Nothing depends on the clock, the machine or a file of the player's: the date alone picks the
row. When the table is missing or names a picture the library lacks, there is no row
(:func:`entry_for` returns None) and the caller draws a picture as Random does.
Nothing here imports pygame.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path

from game.core.generate.picture_library import (
    Picture,
    PictureEntry,
    library,
    library_dir,
    load_picture,
    side_by_side,
)

SCHEDULE_FILE = "daily.json"
CYCLE_DAYS = 364  # 52 weeks: every row keeps its weekday
MIN_GAP_DAYS = 90
# A Monday: row 0 of the table. (date.weekday() == 0.)
ANCHOR = date(2024, 1, 1)


@dataclass(frozen=True)
class DailyEntry:
    """One day of the table: the picture(s), their title, the black-and-white ``detail``
    (None: colour) and the grid's fingerprint when the table was built."""

    names: tuple[str, ...]
    title: str
    detail: int | None
    fingerprint: str


def cycle_day(day: date) -> int:
    """The table row of ``day``."""
    return (day.toordinal() - ANCHOR.toordinal()) % CYCLE_DAYS


def circular_gap(first: int, second: int) -> int:
    """Days between two rows of the table, counted the short way round the cycle."""
    gap = abs(first - second) % CYCLE_DAYS
    return min(gap, CYCLE_DAYS - gap)


def pair_title(first: PictureEntry, second: PictureEntry) -> str:
    """Two pictures side by side: "Dog and cat" (as Random names a pair)."""
    return f"{first.title} and {second.title.lower()}"


def picture_of(names: Sequence[str], folder: Path | None = None) -> Picture:
    """The picture a row draws: one library picture, or two side by side.
    KeyError when the library lacks one."""
    folder = folder or library_dir()
    entries = {entry.name: entry for entry in library(folder)}
    pictures = [load_picture(folder / entries[name].file) for name in names]
    return pictures[0] if len(pictures) == 1 else side_by_side(pictures)


def parse_table(raw: object) -> tuple[DailyEntry, ...]:
    """The rows of a schedule file's JSON; ValueError when it is not a whole table."""
    if not isinstance(raw, dict) or not isinstance(raw.get("days"), list):
        raise ValueError("not a daily schedule (no list of days)")
    rows = []
    for item in raw["days"]:
        if not isinstance(item, dict):
            raise ValueError("a day of the schedule is not an object")
        names, title = item.get("names"), item.get("title")
        detail, fingerprint = item.get("detail"), item.get("fingerprint")
        if (
            not isinstance(names, list)
            or not all(isinstance(name, str) for name in names)
            or not isinstance(title, str)
            or not (detail is None or isinstance(detail, int))
            or not isinstance(fingerprint, str)
        ):
            raise ValueError(f"a day of the schedule is malformed: {item!r:.80}")
        rows.append(DailyEntry(tuple(names), title, detail, fingerprint))
    if any(not row.names and (row.title or row.fingerprint) for row in rows):
        raise ValueError("a day of shapes names no picture, title or grid")
    if len(rows) != CYCLE_DAYS:
        raise ValueError(f"the schedule has {len(rows)} days, not {CYCLE_DAYS}")
    return tuple(rows)


@cache
def table(folder: Path | None = None) -> tuple[DailyEntry, ...]:
    """The library's schedule, () when it has none (or one that does not read, or that
    names a picture the library lacks)."""
    folder = folder or library_dir()
    try:
        rows = parse_table(json.loads((folder / SCHEDULE_FILE).read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return ()
    known = {entry.name for entry in library(folder)}
    if any(name not in known for row in rows for name in row.names):
        return ()
    return rows


def entry_for(day: date, folder: Path | None = None) -> DailyEntry | None:
    """The row of ``day``, or None when the library has no schedule or the day is one of
    shapes (a row naming no picture)."""
    rows = table(folder)
    row = rows[cycle_day(day)] if rows else None
    return row if row is not None and row.names else None


def names_near(day: date, folder: Path | None = None, gap: int = MIN_GAP_DAYS) -> set[str]:
    """The pictures the table shows within ``gap`` days of ``day`` (not ``day`` itself):
    what a fallback draw must not take."""
    rows = table(folder)
    if not rows:
        return set()
    here = cycle_day(day)
    return {
        name
        for offset in range(1, gap)
        for row in (rows[(here - offset) % CYCLE_DAYS], rows[(here + offset) % CYCLE_DAYS])
        for name in row.names
    }


def rule_breaks(rows: Sequence[DailyEntry], gap: int = MIN_GAP_DAYS) -> list[str]:
    """What in a table breaks the year's rules (see the module text); [] when none."""
    problems: list[str] = []
    seen: dict[str, int] = {}
    for index, row in enumerate(rows):
        if not row.names:
            continue  # a day of shapes: its grid comes from the date (daily_making)
        if row.fingerprint in seen:
            problems.append(f"day {index} repeats the grid of day {seen[row.fingerprint]}")
        seen.setdefault(row.fingerprint, index)
    problems.extend(_close_pictures(enumerate(rows), gap))
    return problems


def _close_pictures(rows: Iterable[tuple[int, DailyEntry]], gap: int) -> list[str]:
    days: dict[str, list[int]] = {}
    for index, row in rows:
        for name in row.names:
            days.setdefault(name, []).append(index)
    return [
        f"{name} on days {a} and {b}, {circular_gap(a, b)} days apart"
        for name, uses in days.items()
        for i, a in enumerate(uses)
        for b in uses[i + 1 :]
        if circular_gap(a, b) < gap
    ]
