"""The menu's daily puzzle entry: today's puzzle, its best time and the streak of days solved.

The button names the day's puzzle ("Daily puzzle: Thursday · 15x15 · Hard"); the line under
it says how the player stands ("Solved today in 3:12 · 4-day streak"). Pressing it plays
the day's puzzle: from its file when it was made earlier today, else it is made first
under the generating overlay (``game.ui.scenes.levels.generating``) and written to
``daily/<date>.non``, so it is made once a day and Continue can resume it.

A win is read back from the store's record of the puzzle whenever the menu is shown
(:func:`game.core.generate.files.sync_daily`, for today and yesterday: a puzzle finished
after midnight still counts for its own date). ``today`` is injected; the menu wakes at
midnight to show the new day's puzzle.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from game.core.formats import read_puzzle
from game.core.generate.daily import (
    DailyPlan,
    DailyStanding,
    Today,
    local_today,
    plan_for,
    standing,
)
from game.core.generate.daily_making import daily_generation, dated
from game.core.generate.files import cover_place, daily_path, sync_daily, write_generated
from game.core.generate.generator import Generated
from game.core.i18n import N_, _, ngettext
from game.core.palette import colour_count_text
from game.core.puzzle import Puzzle
from game.ui.opening import PlayContext
from game.ui.widgets.button import Button
from game.ui.widgets.text import format_time

if TYPE_CHECKING:
    from game.ui.app import App

PACK_NAME = N_("Daily puzzle")
# The weekdays as game.core.generate.daily names them, marked for the catalogue here.
WEEKDAY_WORDS = (
    N_("Monday"), N_("Tuesday"), N_("Wednesday"), N_("Thursday"),
    N_("Friday"), N_("Saturday"), N_("Sunday"),
)  # fmt: skip


def plan_summary(plan: DailyPlan) -> str:
    """ "Thursday · 15x15 · Hard", in the player's language."""
    return f"{_(plan.weekday)} · {plan.width}x{plan.height} · {_(plan.level_name)}"


def streak_words(count: int) -> str:
    """ "no streak yet", "4-day streak"."""
    if count == 0:
        return _("no streak yet")
    return ngettext("{count}-day streak", "{count}-day streak", count).format(count=count)


class DailyEntry:
    """The daily puzzle's button and its line of standing, for the menu."""

    def __init__(self, app: App, today: Today = local_today) -> None:
        self.app = app
        self.today = today
        self.button = Button(PACK_NAME, self.open)
        self.standing: DailyStanding = standing({}, today())
        self._plan = self.standing.plan

    def refresh(self) -> None:
        """Take in wins since the menu was last shown and today's date."""
        day = self.today()
        store = self.app.store
        sync_daily(store, [plan_for(day - timedelta(days=1)), plan_for(day)])
        self.standing = standing(store.daily_times(), day)
        summary = plan_summary(self.standing.plan)
        self.button.label = _("Daily puzzle: {summary}").format(summary=summary)
        self.button.short_label = _("Daily: {summary}").format(summary=summary)

    @property
    def caption(self) -> str:
        """ "Solved today in 3:12 · 4-day streak" or "Not solved yet today · …"."""
        shown = self.standing
        if shown.solved_today:
            first = _("Solved today in {time}").format(time=format_time(shown.best_today))
        else:
            first = _("Not solved yet today")
        parts = [first, streak_words(shown.streak)]
        if shown.plan.colours > 2:
            parts.insert(0, _("In {colours}").format(colours=colour_count_text(shown.plan.colours)))
        if shown.longest > shown.streak:
            parts.append(_("longest {count}").format(count=shown.longest))
        return "  ·  ".join(parts)

    def seconds_to_midnight(self, now: datetime | None = None) -> float:
        """How long until the date changes (the menu wakes then to show the new puzzle)."""
        now = now if now is not None else datetime.now()
        tomorrow = datetime.combine(now.date() + timedelta(days=1), datetime.min.time())
        return max(1.0, (tomorrow - now).total_seconds())

    def open(self) -> None:
        plan = plan_for(self.today())
        path = daily_path(self.app.store, plan)
        if path.is_file():
            try:
                puzzle = read_puzzle(path)
            except (ValueError, OSError):
                pass  # made again below, and written over
            else:
                self.app.play_puzzle(puzzle, path=path, context=_context(puzzle))
                return
        self._plan = plan
        generation = daily_generation(plan)
        title = _("Making {weekday}'s puzzle").format(weekday=_(plan.weekday))
        self.app.router.generating(generation, self._made, title=title)

    def _made(self, made: Generated) -> None:
        plan = self._plan  # the day it was asked for, even if midnight passed meanwhile
        puzzle = dated(made, plan).puzzle
        saved = None
        try:
            saved = write_generated(daily_path(self.app.store, plan).parent, puzzle, plan.key)
        except (OSError, ValueError) as error:
            self.app.toast(
                _("The daily puzzle could not be saved: {error}").format(error=error), error=True
            )
        self.app.play_puzzle(puzzle, path=saved, context=_context(puzzle))


def _context(puzzle: Puzzle) -> PlayContext[Puzzle]:
    """The daily's pack; a picture is called by its date until solved (its title names it)."""
    return PlayContext(pack=PACK_NAME, place=cover_place(puzzle))
