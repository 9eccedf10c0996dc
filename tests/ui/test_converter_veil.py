"""Issue 35 item 1: a puzzle file opened in Create does not show its solved picture (nor
its title, which may name it) until "Show the picture" is pressed; Play now plays it blind,
and a picture or a blank canvas opens unveiled as before."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pygame
import pytest

from game.core.board import Cell
from game.core.formats import write_puzzle
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.window import quit_display
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, key


@pytest.fixture
def app() -> Iterator[App]:
    app = App(headless=True)
    yield app
    quit_display()


def box_file(folder: Path) -> tuple[Path, np.ndarray]:
    grid = np.zeros((6, 8), dtype=bool)
    grid[1:5, 2:6] = True
    path = folder / "box.non"
    write_puzzle(Puzzle.from_grid(grid, title="Box", author="Ana"), path)
    return path, grid


def ink_in(app: App, rect: pygame.Rect) -> bool:
    ink = app.theme.filled
    return any(
        tuple(app.screen.get_at((x, y)))[:3] == ink
        for x in range(rect.left, rect.right, 2)
        for y in range(rect.top, rect.bottom, 2)
    )


def open_in_converter(app: App, path: Path) -> ConverterScene:
    scene = ConverterScene(app, path)
    app.push(scene)
    finish_opening(app, scene)
    app.draw()
    return scene


def test_a_puzzle_file_opens_veiled_until_asked(app: App, tmp_path: Path) -> None:
    path, grid = box_file(tmp_path)
    scene = open_in_converter(app, path)
    assert scene.document.mode == "canvas" and scene.veil.hidden
    assert not ink_in(app, scene.preview.rect)
    assert scene.hidden(scene.title_input)  # "Box" could name the picture
    # A click on the hidden picture touches nothing up.
    cell = scene.preview.cell_rect((0, 0)).center
    click(app, cell)
    assert np.array_equal(scene.document.grid, grid) and not scene.document.can_undo
    # Play now plays it blind.
    click(app, scene.play_button.rect.center)
    app.step()
    game = app.top
    assert isinstance(game, PlayScene)
    assert np.all(game.session.board.cells == Cell.UNKNOWN)
    app.pop()
    app.step()
    # Asked for: the picture, its title, and touch-ups again.
    assert scene.veil.hidden
    click(app, scene.veil.button.rect.center)
    app.draw()
    assert not scene.veil.hidden and ink_in(app, scene.preview.rect)
    assert not scene.hidden(scene.title_input) and scene.title_input.text == "Box"
    click(app, cell)
    assert scene.document.can_undo


def test_enter_on_the_veil_shows_the_picture_and_a_canvas_is_never_veiled(
    app: App, tmp_path: Path
) -> None:
    path, _grid = box_file(tmp_path)
    scene = open_in_converter(app, path)
    scene.focus.focus_widget(scene.veil)
    key(app, pygame.K_RETURN)
    assert not scene.veil.hidden
    scene.open_path(path)
    finish_opening(app, scene)
    assert scene.veil.hidden  # opened again: veiled again
    scene.new_canvas()
    app.step()
    assert not scene.veil.hidden
