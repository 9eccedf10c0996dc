"""Idle is idle: the real loop's frame (``App.pump``) draws only when something changed or a
scene on screen is due, and the loop sleeps meanwhile (``FramePacer.wait``)."""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.pacing import IDLE_WAKE
from game.ui.scene import Scene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.scene import MenuScene
from tests.ui.ui_events import key


class Counted(Scene):
    """A scene that counts its draws and says when it is next due (``wake``)."""

    def __init__(self, app: App, wake: float | None) -> None:
        super().__init__(app)
        self.wake = wake
        self.draws = 0

    def wake_in(self) -> float | None:
        return self.wake

    def draw(self, surface: pygame.Surface) -> None:
        self.draws += 1
        surface.fill((10, 20, 30))


def started(wake: float | None) -> tuple[App, Counted]:
    app = App(headless=True)
    scene = Counted(app, wake)
    app.push(scene)
    assert app.pump(1 / 60)  # the first frame is drawn
    return app, scene


def test_a_still_scene_is_not_redrawn_and_the_loop_sleeps() -> None:
    app, scene = started(None)
    assert [app.pump(1 / 60) for _ in range(300)] == [False] * 300
    assert scene.draws == 1
    assert app.pacer.wait(app.time) == IDLE_WAKE


def test_an_event_a_switch_or_a_toast_draws_one_frame() -> None:
    app, scene = started(None)
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0)))
    assert app.pump(1 / 60)
    assert not app.pump(1 / 60)
    app.toast("Saved.", seconds=1.0)
    assert app.pump(0.1)
    # Still until the toast starts fading, every frame while it fades, once when it goes.
    assert app.pacer.wait(app.time) > 0
    drawn = [app.pump(0.1) for _ in range(14)]
    assert drawn[:3] == [False] * 3 and all(drawn[4:10]) and drawn[-1] is False
    assert app.toasts.texts == []
    app.push(Counted(app, None))
    assert app.pump(1 / 60)
    assert not app.pump(1 / 60)
    before = scene.draws
    app.redraw()
    assert app.pump(1 / 60) and scene.draws == before


class Clock(Counted):
    """Shows whole seconds of the app's time: due at the next one."""

    def wake_in(self) -> float | None:
        return 1.0 - self.app.time % 1.0


def test_a_scene_with_a_clock_is_drawn_when_due_and_an_animation_every_frame() -> None:
    app = App(headless=True)
    scene = Clock(app, None)
    app.push(scene)
    app.pump(0.0)
    assert app.pacer.wait(app.time) == IDLE_WAKE  # at most this long, then looks again
    drawn = [app.pump(0.25) for _ in range(8)]
    assert drawn == [False, False, False, True] * 2
    animating = Counted(app, 0.0)
    app.push(animating)
    assert all(app.pump(1 / 60) for _ in range(30))
    assert app.pacer.wait(app.time) == 0.0


def test_step_still_draws_every_frame_for_tests_and_tools() -> None:
    app, scene = started(None)
    for _ in range(5):
        app.step()
    assert scene.draws == 6


def test_the_menu_and_the_level_select_sit_still() -> None:
    app = App(headless=True)
    app.push(MenuScene(app))
    app.pump(1 / 60)
    wake = app.wake_in()  # at most the daily puzzle's change at midnight
    assert wake is None or wake > 60
    assert not any(app.pump(1 / 60) for _ in range(60))
    key(app, pygame.K_RETURN)  # Play is focused: the level select
    levels = app.top
    assert isinstance(levels, LevelSelectScene)
    for _ in range(2000):  # packs read on threads and stars worked out, then nothing moves
        app.pump(1 / 60)
        if app.wake_in() is None:
            break
        # The packs are read one after another on a thread: give the one reading its time.
        reading = [p.reader for p in levels.packs if p.reader is not None and not p.reader.done]
        if reading:
            reading[0].wait(0.01)
    assert app.wake_in() is None
    assert not any(app.pump(1 / 60) for _ in range(60))
