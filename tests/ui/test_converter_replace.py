"""QA: opening a second picture over touched-up work replaced it without a word, and the
leave question's "Save and leave" saved an ambiguous puzzle without saying so."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
from PIL import Image, ImageDraw

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.widgets.dialog import DialogScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.test_converter import _cat, _disc, _drag, _open, _settle
from tests.ui.ui_events import click, key


def _square(path: Path) -> Path:
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).rectangle((50, 50, 149, 149), fill=(20, 20, 20))
    image.save(path)
    return path


def _touch_up(app: App, scene: ConverterScene) -> None:
    _drag(app, [scene.preview.cell_rect((0, 0)).center])
    assert scene.document.edits == {(0, 0): True}


def _open_next(scene: ConverterScene, path: Path) -> None:
    scene.open_path(path)
    scene.app.step()  # draws "Opening…"
    finish_opening(scene.app, scene)  # opens it


def test_opening_over_an_unsaved_conversion_always_asks(tmp_path: Path) -> None:
    # A picture converted and not touched: still a puzzle not saved, so the same question as
    # after touch-ups (it went without one, QA); once saved, the next opens at once.
    app, scene = _open(_disc(tmp_path / "disc.png"))
    _open_next(scene, _square(tmp_path / "square.png"))
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Open square.png?"
    assert "The puzzle made from disc.png is not saved." in dialog.message
    click(app, dialog.button("Open without saving").rect.center)
    assert app.top is scene and "square.png" in scene.source_label
    assert scene.title_input.text == "square"
    assert scene.save() is not None
    _open_next(scene, tmp_path / "disc.png")
    assert app.top is scene and "disc.png" in scene.source_label


def test_opening_over_touch_ups_asks_and_cancel_keeps_them(tmp_path: Path) -> None:
    app, scene = _open(_disc(tmp_path / "disc.png"))
    _touch_up(app, scene)
    grid = scene.document.grid.copy()
    _open_next(scene, _square(tmp_path / "square.png"))
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Open square.png?"
    assert "The puzzle made from disc.png is not saved." in dialog.message
    assert [b.label for b in dialog.buttons] == ["Save and open", "Open without saving", "Cancel"]
    key(app, pygame.K_ESCAPE)  # Cancel
    assert app.top is scene and "disc.png" in scene.source_label
    assert np.array_equal(scene.document.grid, grid) and scene.title_input.text == "disc"
    # Asked again, "Open without saving" opens it, and the title follows the new picture.
    _open_next(scene, tmp_path / "square.png")
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    click(app, dialog.button("Open without saving").rect.center)
    assert app.top is scene and "square.png" in scene.source_label
    assert scene.document.edits == {} and scene.title_input.text == "square"


def test_save_and_open_saves_the_touched_up_puzzle_first(tmp_path: Path) -> None:
    app, scene = _open(_disc(tmp_path / "disc.png"))
    _touch_up(app, scene)
    _open_next(scene, _square(tmp_path / "square.png"))
    dialog = app.top
    assert isinstance(dialog, DialogScene)
    click(app, dialog.button("Save and open").rect.center)
    saved = sorted(p.name for p in app.store.user_puzzles_dir().iterdir())
    assert saved == ["disc.non"] and "square.png" in scene.source_label


def test_a_broken_file_over_touch_ups_asks_nothing_and_keeps_them(tmp_path: Path) -> None:
    app, scene = _open(_disc(tmp_path / "disc.png"))
    _touch_up(app, scene)
    broken = tmp_path / "broken.png"
    broken.write_text("not a picture")
    _open_next(scene, broken)
    assert app.top is scene and scene.problem.startswith("broken.png: ")
    assert scene.document.edits == {(0, 0): True} and "disc.png" in scene.source_label


def test_a_blank_canvas_over_a_drawing_asks_first(tmp_path: Path) -> None:
    app, scene = _open()
    click(app, scene.canvas_button.rect.center)
    _drag(app, [scene.preview.cell_rect((3, 3)).center])
    click(app, scene.canvas_button.rect.center)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Start a blank canvas?"
    key(app, pygame.K_ESCAPE)
    assert scene.document.grid[3, 3]


def test_the_leave_question_says_the_puzzle_would_be_saved_ambiguous(tmp_path: Path) -> None:
    app, scene = _open(_cat(tmp_path / "cat.png"))
    _settle(app, scene)
    assert scene.fairness.ambiguous
    key(app, pygame.K_ESCAPE)
    dialog = app.top
    assert isinstance(dialog, DialogScene) and dialog.title == "Leave the converter?"
    assert "exactly 4 cells can go either way" in dialog.message
    assert "Ambiguous" in dialog.message


def test_open_starts_in_the_folder_of_a_file_that_failed_to_open(tmp_path: Path) -> None:
    """QA: after a broken file, Open… went back to the last good picture's folder, and the
    player had to walk to the broken file's folder again to choose another one."""
    from game.ui.widgets.file_browser import FileBrowserScene

    app, scene = _open(_disc(tmp_path / "disc.png"))
    elsewhere = tmp_path / "downloads"
    elsewhere.mkdir()
    broken = elsewhere / "cut.jpg"
    broken.write_bytes(b"\xff\xd8\xff\xe0 cut short")
    _open_next(scene, broken)
    assert scene.problem.startswith("cut.jpg: ")
    click(app, scene.open_button.rect.center)
    browser = app.top
    assert isinstance(browser, FileBrowserScene) and browser.folder == elsewhere


def test_a_failed_save_names_the_folder_it_could_not_write() -> None:
    # QA: with the data folder under a file, Save said only "Not a directory": which one?
    import errno

    from game.ui.scenes.shared.editor.leaving import toast_save_failed

    app = App(headless=True)
    error = OSError(errno.ENOTDIR, "Not a directory", "/home/ann/puzzles/.camera.non.1f2e.tmp")
    toast_save_failed(app, error)
    toast_save_failed(app, ValueError("cannot be written"))
    assert app.toasts.texts == [
        "Could not save the puzzle in /home/ann/puzzles: Not a directory",
        "Could not save the puzzle: cannot be written",
    ]


def test_saving_into_my_puzzles_when_it_is_a_file_says_so(tmp_path: Path) -> None:
    # QA: My puzzles replaced by a file: "Could not save the puzzle in <its parent>: File
    # exists", mkdir's words, and the folder above the one that failed.
    import errno

    from game.ui.scenes.shared.editor.leaving import toast_save_failed

    blocker = tmp_path / "puzzles"
    blocker.write_text("not a folder")
    app = App(headless=True)
    toast_save_failed(app, FileExistsError(errno.EEXIST, "File exists", str(blocker)))
    assert app.toasts.texts == [
        f"Could not save the puzzle in {blocker}: it is a file, not a folder"
    ]
