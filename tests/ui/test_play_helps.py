"""The help a nonogram player asks for (hints, checks) is counted by the session, kept with
the saved game and said with the win, as Kakuro says its checks and reveals."""

from __future__ import annotations

import numpy as np
import pygame

from game.core.play.session import Session
from game.core.puzzle import Puzzle
from tests.shared_data import HEART
from tests.ui.play_helpers import click, key, open_play

SMALL = Puzzle.from_grid([[1, 1, 0], [0, 1, 0], [0, 1, 1]], title="Small")


def test_the_session_counts_and_keeps_hints_and_checks() -> None:
    session = Session(SMALL)
    assert session.helps_text() == ""
    session.asked_hint()
    session.asked_hint()
    session.asked_check()
    assert session.helps_text() == "2 hints, 1 check used"
    again = Session.from_json(SMALL, session.to_json())
    assert (again.hints_used, again.checks_used) == (2, 1)
    old = session.to_json()
    del old["hints"], old["checks"]  # a save from before they were counted
    assert Session.from_json(SMALL, old).helps_text() == ""


def test_the_win_says_the_hints_and_checks_asked_for() -> None:
    scene = open_play(HEART)
    key(scene, pygame.K_h)
    key(scene, pygame.K_v)
    for _ in range(30):  # the check's answer comes when the uniqueness is known: not twice
        scene.app.step()
    assert (scene.session.hints_used, scene.session.checks_used) == (1, 1)
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click(scene, x, y)
    assert scene.win is not None
    look = scene.chrome.win_look()
    assert look is not None and look.extra == "1 hint, 1 check used"


def test_a_win_without_help_says_nothing_of_it() -> None:
    scene = open_play(HEART)
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y, x in np.argwhere(goal).tolist():
        click(scene, x, y)
    look = scene.chrome.win_look()
    assert look is not None and look.extra == ""


def test_a_hint_that_finds_nothing_is_not_counted() -> None:
    # Two solutions: line logic proves no cell from an empty board, so H can only suggest a
    # trial; the win will not say a hint was used.
    scene = open_play(Puzzle(2, 2, ((1,), (1,)), ((1,), (1,)), title="Diagonal"))
    key(scene, pygame.K_h)
    assert "try a trial" in scene.message and scene.session.hints_used == 0
    scene = open_play(HEART)
    key(scene, pygame.K_h)  # the heart's rows give cells from the start
    assert scene.session.hints_used == 1
