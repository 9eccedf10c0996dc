"""Every game in progress can be continued: the menu's Continue takes the last one, and
"More…" beside it lists the others; a game of a puzzle played from Create before it was
saved ("Play now") has a file of its own, so it is one of them."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from game.core.formats import format_puzzle
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.dialog import DialogScene
from tests.ui.play_helpers import click as click_cell
from tests.ui.ui_events import click

PUZZLES = [
    Puzzle.from_grid([[1, 1, 0], [0, 1, 1], [1, 0, 1]], title="First"),
    Puzzle.from_grid([[1, 0, 0], [0, 1, 1], [1, 1, 1]], title="Second"),
    Puzzle.from_grid([[0, 1, 0], [1, 1, 1], [0, 1, 0]], title="Third"),
]


def _menu(app: App) -> MenuScene:
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    return menu


def test_more_lists_every_other_game_in_progress(tmp_path: Path) -> None:
    app = App(headless=True)
    for puzzle in PUZZLES:
        path = tmp_path / f"{puzzle.title}.non"
        path.write_text(format_puzzle(puzzle, "non"))
        app.store.save_session(puzzle.fingerprint(), Session(puzzle).to_json(), path=path)
        app.store.set_last_played(puzzle.fingerprint(), str(path))
    menu = _menu(app)
    assert "Third" in menu.continue_button.label
    assert menu.more_button in menu.buttons and menu.more_button.enabled
    assert not menu.more_button.rect.colliderect(menu.continue_button.rect)
    click(app, menu.more_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.name == "games"
    assert [button.label for button in dialog.buttons] == ["Second", "First", "Cancel"]
    click(app, dialog.button("First").rect.center)
    app.step()
    assert isinstance(app.top, PlayScene) and app.top.puzzle == PUZZLES[0]


def test_one_game_needs_no_more_button(tmp_path: Path) -> None:
    app = App(headless=True)
    puzzle = PUZZLES[0]
    path = tmp_path / "one.non"
    path.write_text(format_puzzle(puzzle, "non"))
    app.store.save_session(puzzle.fingerprint(), Session(puzzle).to_json(), path=path)
    app.store.set_last_played(puzzle.fingerprint(), str(path))
    menu = _menu(app)
    assert menu.continue_button.enabled and menu.more_button not in menu.buttons


def test_a_play_now_game_can_be_continued() -> None:
    app = App(headless=True)
    app.router.converter()
    app.step()
    converter = app.top
    cross = np.zeros((5, 5), dtype=bool)
    cross[2, :] = cross[:, 2] = True
    converter.document.start_canvas(cross)
    converter.grid_changed()
    converter.play_now()
    app.step()
    play = app.top
    assert isinstance(play, PlayScene) and play.path is not None
    click_cell(play, 0, 0, button=3)  # a cross: a game worth keeping
    play.save()
    app.scenes.clear()
    menu = _menu(app)
    assert menu.continue_button.enabled, "a Play now game is a game in progress"
    click(app, menu.continue_button.rect.center)
    app.step()
    resumed = app.top
    assert (
        isinstance(resumed, PlayScene) and resumed.puzzle.fingerprint() == play.puzzle.fingerprint()
    )
    assert resumed.session.board.get(0, 0) == 2
