"""Making a date's daily puzzle: the picture the year's table names, at the weekday's level.

:func:`daily_generation` is what the menu's daily button and ``hanjie generate --daily``
drive. With the library's schedule (:mod:`game.core.generate.daily_schedule`) it makes the
day's row through the one picture path (:func:`~game.core.generate.picture_puzzles.attempt`):
that picture, at the weekday's size and colours and the row's detail, which the table's
builder saw rated at the weekday's level. Should the row no longer come out at that level
(the rating changed since the table was built), it draws a picture as Random does, seeded
by the date, leaving out every picture the table shows within 90 days. Without a library it
is the plan's own generator (shapes), as it is on the days whose board is too small for a
picture to read (:attr:`~game.core.generate.daily.DailyPlan.pictured`: the 10x10 days).
The puzzle is titled with its picture (shapes: "Daily puzzle DATE") and carries the date
(``day``) and the picture's name(s) (``picture``) in its extra fields. Nothing here imports
pygame.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from game.core.generate.daily import DailyPlan
from game.core.generate.daily_schedule import DailyEntry, entry_for, names_near, picture_of
from game.core.generate.files import DAY_KEY, PICTURE_KEY
from game.core.generate.generator import Generated, Making
from game.core.generate.picture_library import MAX_PICTURE_COLOURS, library
from game.core.generate.picture_puzzles import PictureGeneration, attempt
from game.core.slicing import SlicedSearch


class ScheduledGeneration(SlicedSearch[Generated]):
    """The table's picture for ``plan``'s day (see the module text)."""

    def __init__(self, plan: DailyPlan, entry: DailyEntry) -> None:
        self.plan, self.entry = plan, entry
        self.width, self.height, self.level = plan.width, plan.height, plan.level
        self.pictures = 1
        self.candidates = 0
        self.result: Generated | None = None
        self.fallback: PictureGeneration | None = None
        self._work: Iterator[None] | None = self._search()

    def run(self) -> Generated:
        while self.advance(3600.0) is None and self._work is not None:
            pass
        if self.result is None:
            raise ValueError("no daily puzzle was made")
        return self.result

    def _search(self) -> Iterator[None]:
        plan, entry = self.plan, self.entry
        colours = plan.colours if plan.colours > 2 else 0
        self.candidates += 1
        made = yield from attempt(
            picture_of(entry.names),
            plan.width,
            plan.height,
            entry.detail,
            title=entry.title,
            max_colours=colours or MAX_PICTURE_COLOURS,
        )
        if made.puzzle is not None and made.rating is not None and made.rating.stars == plan.level:
            extra = (
                ("difficulty", str(made.rating.stars)),
                ("seed", str(plan.seed)),
                (PICTURE_KEY, "+".join(entry.names)),
            )
            puzzle = replace(made.puzzle, extra=extra)
            self.result = Generated(puzzle, made.rating, plan.seed, 1, made.steps)
            return
        # The row no longer makes its level: a fresh picture, far from the table's others.
        near = names_near(plan.day) | set(entry.names)
        fallback = PictureGeneration(
            plan.width, plan.height, plan.level, plan.seed, colours=colours, played=near
        )
        self.fallback = fallback
        while fallback.advance(0.004) is None:
            self.pictures = 1 + fallback.pictures
            self.candidates = 1 + fallback.candidates
            yield None
        self.result = fallback.result


def daily_generation(plan: DailyPlan) -> Making:
    """The daily puzzle's source for ``plan`` (see the module text)."""
    if not library() or not plan.pictured:
        return plan.generation()  # shapes: no library, or a board too small for a picture
    entry = entry_for(plan.day)
    if entry is not None:
        return ScheduledGeneration(plan, entry)
    colours = plan.colours if plan.colours > 2 else 0
    return PictureGeneration(plan.width, plan.height, plan.level, plan.seed, colours=colours)


def dated(made: Generated, plan: DailyPlan) -> Generated:
    """``made`` as the daily puzzle of ``plan``'s day: titled with its picture (the plan's
    title when it has none: shapes), the date among its extra fields."""
    puzzle = made.puzzle
    title = puzzle.title if PICTURE_KEY in dict(puzzle.extra) and puzzle.title else plan.title
    extra = (*((k, v) for k, v in puzzle.extra if k != DAY_KEY), (DAY_KEY, plan.key))
    return replace(made, puzzle=replace(puzzle, title=title, extra=extra))


def make_daily(plan: DailyPlan) -> Generated:
    """The daily puzzle of ``plan``'s day, made to the end (blocks), as the menu saves it."""
    making = daily_generation(plan)
    while True:
        made = making.advance(3600.0)
        if made is not None:
            return dated(made, plan)
