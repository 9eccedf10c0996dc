"""The race screen through the App: boards race to the finish, wait there in their places,
the explanations open as dialogs, and the boards can be chosen."""

from __future__ import annotations

import itertools
from collections.abc import Callable

import numpy as np
import pygame
import pytest

from game.core.puzzle import Puzzle
from game.core.race import INFO
from game.ui.app import App
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.race_view import card_lines, runner_status
from game.ui.widgets.dialog import DialogScene
from tests.shared_data import HEART
from tests.ui.ui_events import click, key


def race_app(
    algorithms: tuple[str, ...] = ("hanjie", "rows", "lines", "rules"),
    clock: Callable[[], float] | None = None,
) -> RaceScene:
    app = App(headless=True)
    scene = (
        RaceScene(app, HEART, algorithms)
        if clock is None
        else RaceScene(app, HEART, algorithms, clock=clock)
    )
    app.push(scene)
    app.step()
    return scene


def test_the_boards_race_to_the_finish_and_wait_there() -> None:
    scene = race_app()
    app = scene.app
    for _ in range(2000):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and not scene.playing
    assert sorted(scene.places().values()) == ["1st", "2nd", "3rd", "4th"]
    text, _colour = scene.status_text()
    winner = scene.race.order()[0]
    assert text.startswith(f"{winner.info.title} wins in ")
    assert scene.race.verdicts_agree()
    # Each board shows the picture it found, in solid marks: the heart.
    goal = np.array(HEART.goal, dtype=bool)
    for runner, slot in zip(scene.race.runners, scene.slots, strict=True):
        assert runner.trace.result is not None
        assert (runner.trace.result.solutions[0] == goal).all()
        cell = slot.cell
        filled_pixel = app.screen.get_at(
            (slot.board.x + cell + cell // 2, slot.board.y + cell // 2)
        )
        empty_pixel = app.screen.get_at((slot.board.x + cell // 2, slot.board.y + cell // 2))
        assert filled_pixel[:3] == app.theme.filled[:3]
        assert empty_pixel[:3] != app.theme.filled[:3]
    # Nothing moves at the finish: the screen sleeps until an event.
    assert scene.wake_in() is None


def test_space_pauses_and_a_paused_race_does_not_move() -> None:
    scene = race_app(("rows", "rules"))
    key(scene.app, pygame.K_SPACE)
    assert not scene.playing
    steps = [runner.trace.task.steps_taken for runner in scene.race.runners]
    for _ in range(5):
        scene.app.step(1 / 60)
    assert [runner.trace.task.steps_taken for runner in scene.race.runners] == steps
    key(scene.app, pygame.K_SPACE)
    assert scene.playing


def test_each_algorithm_is_explained_in_a_dialog() -> None:
    scene = race_app(("hanjie", "rules"))
    app = scene.app
    click(app, scene.explain_buttons[1].rect.center)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.name == "explain"
    assert dialog.message == INFO["rules"].explanation
    assert "Rules" in dialog.title
    key(app, pygame.K_ESCAPE)
    assert app.top is scene
    key(app, pygame.K_1)
    assert isinstance(app.top, DialogScene) and app.top.message == INFO["hanjie"].explanation


def test_boards_are_chosen_two_to_four() -> None:
    scene = race_app(("hanjie", "rows", "lines"))
    click(scene.app, scene.pick_buttons["rows"].rect.center)
    assert scene.algorithms == ("hanjie", "lines")
    assert len(scene.slots) == 2 and len(scene.race.runners) == 2
    # Two is the fewest: the click is refused with a note, the race stays as it was.
    click(scene.app, scene.pick_buttons["lines"].rect.center)
    assert scene.algorithms == ("hanjie", "lines")
    assert any("at least 2" in toast.text for toast in scene.app.toasts.items)
    click(scene.app, scene.pick_buttons["rules"].rect.center)
    assert scene.algorithms == ("hanjie", "lines", "rules")


def test_each_board_gets_the_same_slice_and_faster_gives_more() -> None:
    scene = race_app(("rows", "lines"))
    before = scene.slice_seconds
    key(scene.app, pygame.K_PLUS)
    assert scene.slice_seconds > before
    key(scene.app, pygame.K_MINUS)
    key(scene.app, pygame.K_MINUS)
    assert scene.slice_seconds < before


def ticking_clock(tick: float = 250e-6) -> Callable[[], float]:
    """A solver clock that moves a fixed tick each time it is read: each slice then holds
    the same work on every machine, however busy (the real clock is this thread's CPU)."""
    ticks = itertools.count()
    return lambda: next(ticks) * tick


def test_to_the_end_shares_a_big_slice_equally_until_all_finish() -> None:
    scene = race_app(("rows", "lines", "rules"), clock=ticking_clock())
    normal = scene.slice_seconds
    key(scene.app, pygame.K_END)
    assert scene.rushing and scene.slice_seconds > normal
    assert scene.status_text()[0].startswith("Running to the end")
    for _ in range(600):
        scene.app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished and not scene.rushing
    assert not scene.end_button.enabled


def test_a_board_waits_at_the_finish_until_the_race_is_over(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # QA: after the race had ended every card still said "Waiting at the finish".
    from game.ui.scenes.replay import race_view

    states: list[str] = []
    real = race_view.runner_status

    def spy(*args: object, **kwargs: object) -> tuple[str, str]:
        state, verdict = real(*args, **kwargs)  # type: ignore[arg-type]
        states.append(state)
        return state, verdict

    monkeypatch.setattr(race_view, "runner_status", spy)
    scene = race_app()
    app = scene.app
    while not scene.finished:
        app.step(1 / 60)
    app.step(1 / 60)
    assert "Waiting at the finish" in states  # while some were still running
    assert states[-4:] == ["Finished"] * 4  # each card drawn again at the end


def test_a_long_verdict_is_said_whole_on_its_card() -> None:
    # Six rows and columns of one cell each: 720 solutions, and the counting stops.
    many = Puzzle.from_grid([[x == y for x in range(6)] for y in range(6)], title="Many")
    app = App(headless=True)
    scene = RaceScene(app, many, ("hanjie", "rows", "lines", "rules"), clock=ticking_clock())
    app.push(scene)
    app.step()
    key(app, pygame.K_END)
    for _ in range(600):
        app.step(1 / 60)
        if scene.finished:
            break
    assert scene.finished
    font = app.fonts.get(round(14 * app.ui_scale), True)
    pad = round(10 * app.ui_scale)
    for runner, slot in zip(scene.race.runners, scene.slots, strict=True):
        state, verdict = runner_status(runner, scene.race.time_limit, True)
        assert verdict.startswith("At least") and verdict.endswith("(stopped counting)")
        lines = card_lines(font, state, verdict, slot.card.w - 2 * pad)
        assert " ".join(lines[1:]) == verdict  # whole, not "(stopped counti…"
        needed = round(6 * app.ui_scale) + (len(lines) + 5) * font.get_linesize()
        assert needed <= slot.card.h  # and the five figures still fit under it
