"""QA: on an 800x600 display the window opened at 1280x800, partly off the screen."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.settings import WINDOW_SIZE
from game.ui.window import DESKTOP_ROOM, MIN_WINDOW


def _windowed_app(monkeypatch: pytest.MonkeyPatch, desktop: tuple[int, int]) -> App:
    """A headless app that sizes its window as a desktop one would, on ``desktop``."""
    app = App(headless=True)
    app.headless = False  # _start_size then asks the (injected) desktop
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [desktop])
    return app


def test_a_first_window_uses_a_big_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    # Issue 35: the window opened at 1280x800 (or 1264x720) on a 1920x1080 screen, a
    # 30x30's clues crowded on 20 px cells with two thirds of the screen unused.
    app = _windowed_app(monkeypatch, (1920, 1080))
    assert app._start_size((1280, 800)) == (1728, 972)
    app = _windowed_app(monkeypatch, (2560, 1440))
    assert app._start_size((1280, 800)) == (2304, 1296)
    app = _windowed_app(monkeypatch, (1280, 800))  # as before: the desktop's room
    assert app._start_size((1280, 800)) == (1280 - DESKTOP_ROOM[0], 800 - DESKTOP_ROOM[1])


def test_only_the_players_own_size_is_remembered(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _windowed_app(monkeypatch, (1920, 1080))
    assert not app.size_chosen
    app.request_quit()
    assert app.setting(WINDOW_SIZE) is None  # the next start sizes to its screen again
    app = _windowed_app(monkeypatch, (1920, 1080))
    app._resized((1500, 900))
    assert app.size_chosen
    app.request_quit()
    assert list(app.setting(WINDOW_SIZE) or ()) == [1500, 900]


def test_the_default_size_shrinks_to_a_small_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _windowed_app(monkeypatch, (1024, 768))
    assert app._start_size((1280, 800)) == (1024 - DESKTOP_ROOM[0], 768 - DESKTOP_ROOM[1])


def test_never_below_the_minimum_window(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _windowed_app(monkeypatch, (800, 600))
    assert app._start_size((1280, 800)) == MIN_WINDOW


def test_a_saved_size_is_clamped_to_the_screen_too(monkeypatch: pytest.MonkeyPatch) -> None:
    app = _windowed_app(monkeypatch, (1366, 768))
    app.set_setting(WINDOW_SIZE, (1900, 1000))
    assert app._start_size((1280, 800)) == (1366 - DESKTOP_ROOM[0], 768 - DESKTOP_ROOM[1])
    app.set_setting(WINDOW_SIZE, (900, 650))  # a saved size that fits is kept
    assert app._start_size((1280, 800)) == (900, 650)
