"""A win earned with the solver's answer on screen is marked helped (issue 46): no best time,
no "New best!", no daily streak; a game where the replay was closed early stays a real win."""

from __future__ import annotations

from datetime import date

import pygame

from game.core.generate.daily import plan_for
from game.core.generate.files import daily_path, sync_daily, write_generated
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.replay.scene import ReplayScene
from tests.ui.play_helpers import click, open_play

SMALL = Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="Zigzag")
DAY = date(2025, 3, 10)


def _watch_solver(scene: PlayScene, to_the_end: bool) -> None:
    app = scene.app
    scene.chrome.buttons.solve.activate()
    replay = scene.solver_view
    assert isinstance(replay, ReplayScene)
    if not to_the_end:
        replay.pause()  # a look at the start, then back
    app.step(0.1)
    assert app.top is replay
    if to_the_end:
        replay.run_to_end()
        for _ in range(200):
            app.step(0.05)
            if replay.finished:
                break
        assert replay.finished
    app.feed(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
    app.step(0.1)
    assert app.top is scene


def _fill_answer(scene: PlayScene) -> None:
    goal = scene.puzzle.goal
    assert goal is not None
    for y, row in enumerate(goal):
        for x, filled in enumerate(row):
            if filled:
                click(scene, x, y)


def test_a_win_after_watching_the_solver_to_the_end_sets_no_best_and_no_streak() -> None:
    app = App(headless=True)
    plan = plan_for(DAY)
    path = write_generated(daily_path(app.store, plan).parent, SMALL, plan.key)
    scene = open_play(SMALL, app=app, path=path)
    _watch_solver(scene, to_the_end=True)
    assert scene.session.answer_shown
    _fill_answer(scene)
    assert scene.win is not None
    assert scene.win.helped and not scene.win.new_best
    record = app.store.record(scene.key)
    assert record.solved and record.best_time is None
    assert "answer seen: no best time" in scene.session.helps_text()
    sync_daily(app.store, [plan])
    assert app.store.daily_times() == {}


def test_closing_the_replay_early_leaves_a_real_win() -> None:
    app = App(headless=True)
    scene = open_play(SMALL, app=app)
    _watch_solver(scene, to_the_end=False)
    assert not scene.session.answer_shown
    _fill_answer(scene)
    assert scene.win is not None and scene.win.new_best and not scene.win.helped
    assert app.store.record(scene.key).best_time is not None


def test_the_answer_shown_is_kept_with_a_saved_game() -> None:
    session = Session(SMALL)
    session.answer_shown = True
    again = Session.from_json(SMALL, session.to_json())
    assert again.answer_shown
    assert not Session.from_json(SMALL, Session(SMALL).to_json()).answer_shown
