"""The daily puzzle: the same generated puzzle for everyone on a date, a streak of days solved.

A date's puzzle comes from :func:`game.core.generate.generator.generate` with a seed made from the
calendar date alone (``20250314`` for 14 March 2025): no clock time, no time zone, no hash,
so every player and every platform gets the same puzzle on that date. The size and level
follow the day of the week, easy at the start of the week and biggest on Sunday:

=========  ======  ==========
weekday    size    level
=========  ======  ==========
Monday     10x10   1 Easy
Tuesday    10x10   2 Medium
Wednesday  15x15   2 Medium, in 3 colours
Thursday   15x15   3 Hard, in 3 colours
Friday     20x15   3 Hard
Saturday   20x20   3 Hard, in 4 colours
Sunday     25x20   3 Hard, in 4 colours
=========  ======  ==========

Each day's puzzle is a picture of the library, the one the year's table names for the date
(:mod:`game.core.generate.daily_schedule`, made by
:func:`game.core.generate.daily_making.daily_generation`): no grid twice in any 364
consecutive days, no picture twice within 90. On the 10x10 days (Monday, Tuesday) it is
shapes from the date's seed instead (:attr:`DailyPlan.pictured`): at 100 cells the library's
pictures were blobs under an emoji's name (issue 46), as Random's Picture says below 15x15.
The weekend's puzzles are in colour (issue 33): three block colours on white; the caption
under the menu's daily button says so ("In 3 colours · Not solved yet today · ..."). The
15x15 days are in colour too, two block colours on white: a 15x15 picture in black and white
is a silhouette the packs would not ship (:mod:`game.core.pack_gate`: of 19 such library
puzzles scored blind, 13 were a guess or nothing), while in colour its inner parts show, and
the library has 126 pictures at Medium and 63 at Hard there that pass the packs' gate
(issue 46). The weekend's are Hard,
not Expert: colour lines tell a player far more than black-and-white ones, and the library's
pictures in four colours seldom need a probe (at 25x20 none of its 22 scenes, at 20x20 1 of
54 pictures), so an Expert weekend was a Hard puzzle under an Expert label.

The days solved live in the progress store (``ProgressStore.daily_times``: ISO date -> best
seconds). The *streak* is the number of consecutive days solved up to today; while today is
not solved yet, the streak of days up to yesterday still stands (it breaks only once a whole
day passes unsolved). Today's date comes from an injected ``today`` function, so tests (and
players crossing midnight) see a fixed calendar day.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import date, timedelta

from game.core.generate.generator import Generation
from game.core.palette import colour_count_text
from game.core.rating import STAR_NAMES

Today = Callable[[], date]

# Monday first, as date.weekday() counts: (width, height, level).
SCHEDULE: tuple[tuple[int, int, int], ...] = (
    (10, 10, 1),
    (10, 10, 2),
    (15, 15, 2),
    (15, 15, 3),
    (20, 15, 3),
    (20, 20, 4),
    (25, 20, 4),
)
# The weekdays (date.weekday(): Wednesday 2 ... Sunday 6) whose puzzle is in colour, and in
# how many colours (the background counted, as generate --colours counts).
COLOUR_DAYS: dict[int, int] = {2: 3, 3: 3, 5: 4, 6: 4}
# A colour day's level: at most Hard (see the module text).
COLOUR_DAY_LEVEL = 3
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


@dataclass(frozen=True)
class DailyPlan:
    """What a date's puzzle is: its size, level and seed."""

    day: date
    width: int
    height: int
    level: int
    seed: int
    colours: int = 2

    @property
    def pictured(self) -> bool:
        """Whether the day's board is big enough for a library picture to read
        (:data:`game.core.generate.glance.MAX_SMALL_CELLS`); else the day is shapes."""
        from game.core.generate.glance import MAX_SMALL_CELLS

        return self.width * self.height > MAX_SMALL_CELLS

    @property
    def key(self) -> str:
        """The date as the progress store keeps it: "2025-03-14"."""
        return self.day.isoformat()

    @property
    def weekday(self) -> str:
        return WEEKDAYS[self.day.weekday()]

    @property
    def level_name(self) -> str:
        return STAR_NAMES[self.level]

    @property
    def title(self) -> str:
        return f"Daily puzzle {self.key}"

    @property
    def summary(self) -> str:
        """ "Thursday · 15x15 · Hard"."""
        return f"{self.weekday} · {self.width}x{self.height} · {self.level_name}"

    @property
    def colour_text(self) -> str:
        """ "In 3 colours" on a colour day, else "" (the menu's caption says it: the
        button's line is full at 1280x800). The colours to paint with: ``colours`` counts
        the background (:func:`~game.core.palette.colour_count_text`)."""
        return f"In {colour_count_text(self.colours)}" if self.colours > 2 else ""

    def generation(self) -> Generation:
        """The generation that makes this day's puzzle (sliced: the screen advances it)."""
        if self.colours > 2:
            from game.core.generate.generator import ColourGeneration

            return ColourGeneration(self.width, self.height, self.level, self.seed, self.colours)
        return Generation(self.width, self.height, self.level, self.seed)


def seed_for(day: date) -> int:
    """The generator seed of ``day``: its digits, 2025-03-14 -> 20250314."""
    return day.year * 10000 + day.month * 100 + day.day


def plan_for(day: date) -> DailyPlan:
    width, height, level = SCHEDULE[day.weekday()]
    colours = COLOUR_DAYS.get(day.weekday())
    if colours:
        return DailyPlan(day, width, height, min(level, COLOUR_DAY_LEVEL), seed_for(day),
                         colours)  # fmt: skip
    return DailyPlan(day, width, height, level, seed_for(day))


def local_today() -> date:
    """The player's calendar date (the game's default ``today``)."""
    return date.today()


@dataclass(frozen=True)
class DailyStanding:
    """What the menu shows about the daily puzzle on ``today``."""

    plan: DailyPlan
    solved_today: bool
    best_today: float | None
    streak: int
    longest: int


def streak_on(days_solved: Mapping[str, float], today: date) -> int:
    """Consecutive days solved ending today, or ending yesterday while today is still open."""
    solved = set(days_solved)
    day = today if today.isoformat() in solved else today - timedelta(days=1)
    count = 0
    while day.isoformat() in solved:
        count += 1
        day -= timedelta(days=1)
    return count


def longest_streak(days_solved: Mapping[str, float]) -> int:
    """The longest run of consecutive days ever solved."""
    ordinals = sorted({date.fromisoformat(day).toordinal() for day in days_solved})
    longest = run = 0
    previous: int | None = None
    for ordinal in ordinals:
        run = run + 1 if previous is not None and ordinal == previous + 1 else 1
        longest = max(longest, run)
        previous = ordinal
    return longest


def standing(days_solved: Mapping[str, float], today: date) -> DailyStanding:
    best = days_solved.get(today.isoformat())
    return DailyStanding(
        plan=plan_for(today),
        solved_today=best is not None,
        best_today=best,
        streak=streak_on(days_solved, today),
        longest=longest_streak(days_solved),
    )


def streak_text(count: int) -> str:
    return "no streak yet" if count == 0 else f"{count}-day streak"
