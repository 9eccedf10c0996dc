"""The daily puzzle on the menu: the date's puzzle, its best time and the streak."""

from __future__ import annotations

from datetime import date, timedelta

import pygame

from game.core.generate.daily import plan_for
from game.core.generate.daily_schedule import entry_for
from game.core.generate.files import daily_path
from game.core.generate.generator import Generation
from game.ui.app import App
from game.ui.scenes.levels.generating import GeneratingScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from tests.ui.play_helpers import until_playing
from tests.ui.ui_events import click, key

MONDAY = date(2025, 3, 10)  # 10x10 Easy: quick to make


class Calendar:
    """An injected ``today`` the test moves by hand."""

    def __init__(self, day: date) -> None:
        self.day = day

    def __call__(self) -> date:
        return self.day


def _menu(calendar: Calendar) -> tuple[App, MenuScene]:
    app = App(headless=True)
    menu = MenuScene(app, today=calendar)
    app.push(menu)
    app.step()
    return app, menu


def test_the_days_puzzle_is_made_once_played_and_its_win_counted() -> None:
    calendar = Calendar(MONDAY)
    app, menu = _menu(calendar)
    assert "Monday · 10x10 · Easy" in menu.daily.button.label
    assert menu.daily.caption == "Not solved yet today  ·  no streak yet"
    assert not daily_path(app.store, plan_for(MONDAY)).exists()
    click(app, menu.daily.button.rect.center)  # made first (a 10x10 often within the frame)
    play = until_playing(app, 3000)
    # At 10x10 a picture does not read (issue 46): Monday is shapes from the date's seed,
    # the same for everyone, called by its date ("Daily puzzle 2026-11-29 · 25x20 · Daily
    # puzzle" named the pack twice).
    assert entry_for(MONDAY) is None
    expected = Generation(10, 10, 1, plan_for(MONDAY).seed).run().puzzle
    assert play.puzzle.fingerprint() == expected.fingerprint()
    assert "picture" not in dict(play.puzzle.extra)
    name, details, _ = play.chrome.header(0)
    # Shown with its date as the player's language writes it (issue 48), English here.
    assert name == "Daily puzzle 10 March 2025" and "Daily puzzle" not in details
    assert play.path == daily_path(app.store, plan_for(MONDAY)) and play.path.is_file()
    # A win, as the play screen records it; back on the menu it counts for the day.
    app.store.mark_solved(play.key, 75.0)
    app.pop()
    app.step()
    assert app.top is menu
    assert app.store.daily_times() == {"2025-03-10": 75.0}
    assert menu.daily.caption == "Solved today in 1:15  ·  1-day streak"
    # The second time it opens from its file at once: nothing is made again.
    click(app, menu.daily.button.rect.center)
    assert isinstance(app.top, PlayScene) and app.top.path == play.path


def test_a_picture_day_is_called_by_its_date_until_the_win_names_its_picture() -> None:
    wednesday = MONDAY + timedelta(days=2)  # 15x15: a library picture
    app, menu = _menu(Calendar(wednesday))
    click(app, menu.daily.button.rect.center)
    play = until_playing(app, 3000)
    entry = entry_for(wednesday)
    assert entry is not None and play.puzzle.fingerprint() == entry.fingerprint
    assert play.puzzle.title == entry.title
    assert play.chrome.header(0)[0] == "Daily puzzle 2025-03-12"
    assert play.chrome.header(1)[0] == entry.title  # the win's fade: the picture's name


def test_midnight_brings_the_next_days_puzzle_and_a_missed_day_ends_the_streak() -> None:
    calendar = Calendar(MONDAY)
    app, menu = _menu(calendar)
    for back in (1, 2, 3):
        app.store.mark_daily((MONDAY - timedelta(days=back)).isoformat(), 100.0 + back)
    app.store.mark_daily(MONDAY.isoformat(), 95.0)
    menu.on_enter()
    assert menu.daily.caption == "Solved today in 1:35  ·  4-day streak"
    calendar.day = MONDAY + timedelta(days=1)  # past midnight, the menu still open
    app.step()
    assert "Tuesday · 10x10 · Medium" in menu.daily.button.label
    assert menu.daily.caption == "Not solved yet today  ·  4-day streak"  # still standing
    calendar.day = MONDAY + timedelta(days=2)  # Tuesday passed unsolved
    app.step()
    assert "Wednesday · 15x15 · Medium" in menu.daily.button.label
    # Wednesday is in colour (a 15x15 silhouette is one the packs refuse), and says so.
    assert menu.daily.caption == (
        "In 2 colours  ·  Not solved yet today  ·  no streak yet  ·  longest 4"
    )
    # The menu sleeps until the date can change, not for ever.
    wake = menu.wake_in()
    assert wake is not None and 0 < wake <= 24 * 3600


def test_a_win_finished_after_midnight_counts_for_its_own_day() -> None:
    calendar = Calendar(MONDAY)
    app, menu = _menu(calendar)
    click(app, menu.daily.button.rect.center)
    play = until_playing(app, 3000)
    calendar.day = MONDAY + timedelta(days=1)  # the clock passes midnight mid-game
    app.store.mark_solved(play.key, 300.0)
    app.pop()
    app.step()
    assert app.store.daily_times() == {"2025-03-10": 300.0}
    assert menu.daily.caption == "Not solved yet today  ·  1-day streak"


def test_making_the_days_puzzle_can_be_cancelled() -> None:
    # The year's table makes a day's puzzle from one picture, often within a frame's slice:
    # the overlay is put up without a frame, so Esc comes before its first slice whatever
    # the machine's speed.
    saturday = MONDAY + timedelta(days=5)
    app, menu = _menu(Calendar(saturday))
    menu.daily.open()
    app.apply_switches()
    overlay = app.top
    assert isinstance(overlay, GeneratingScene) and "Saturday" in overlay.title
    key(app, pygame.K_ESCAPE)
    assert app.top is menu
    assert not daily_path(app.store, plan_for(saturday)).exists()


def test_a_weekend_daily_is_made_in_colour_and_the_menu_says_so() -> None:
    saturday = date(2025, 3, 15)
    app, menu = _menu(Calendar(saturday))
    assert menu.daily.caption.startswith("In 3 colours  ·  Not solved yet today")
    click(app, menu.daily.button.rect.center)
    play = until_playing(app, 3000)
    assert play.puzzle.is_colour and play.puzzle.colour_count == 3
    assert daily_path(app.store, plan_for(saturday)).exists()
