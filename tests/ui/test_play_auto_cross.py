"""The play screen follows the "Cross finished lines" option (off by default)."""

from __future__ import annotations

import pygame

from game.core.board import Cell
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.settings import AUTO_CROSS
from tests.ui.play_helpers import cells, drag, key, open_play

ROW = Puzzle.from_grid([[1, 1, 0, 0], [1, 0, 0, 1], [0, 0, 0, 0]], title="Row")


def test_with_the_option_a_finished_line_is_crossed_with_the_move() -> None:
    app = App(headless=True)
    assert app.setting(AUTO_CROSS) is False
    app.set_setting(AUTO_CROSS, True)
    scene = open_play(ROW, app)
    drag(scene, (0, 0), (1, 0))
    assert cells(scene, 0) == [Cell.FILLED, Cell.FILLED, Cell.CROSSED, Cell.CROSSED]
    key(scene, pygame.K_z, pygame.KMOD_CTRL)
    assert cells(scene, 0) == [Cell.UNKNOWN] * 4


def test_without_it_nothing_is_crossed() -> None:
    scene = open_play(ROW)
    drag(scene, (0, 0), (1, 0))
    assert cells(scene, 0) == [Cell.FILLED, Cell.FILLED, Cell.UNKNOWN, Cell.UNKNOWN]
