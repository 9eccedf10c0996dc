"""File names that are not valid UTF-8 (``caf\\xe9.non`` on Linux): played, saved, listed and
shown without a crash, and remembered exactly."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from PIL import Image

from game.core.formats import read_puzzle, write_puzzle
from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.file_browser import FileBrowserScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.play_helpers import click

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX byte file names")

L_SHAPE = Puzzle.from_grid([[1, 0], [1, 1]])


def bad_name(folder: Path, name: bytes) -> Path:
    """A path in ``folder`` whose last part is the raw bytes ``name``."""
    path = Path(os.fsdecode(os.fsencode(folder) + b"/" + name))
    try:
        path.write_bytes(b"")
    except OSError as error:  # a file system that insists on UTF-8 names
        pytest.skip(f"this file system refuses the name: {error}")
    return path


def test_a_game_from_a_non_utf8_file_saves_wins_and_is_remembered(tmp_path: Path) -> None:
    path = bad_name(tmp_path, b"caf\xe9.non")
    write_puzzle(L_SHAPE, path)
    puzzle = read_puzzle(path)
    assert puzzle.title == "caf\ufffd"  # shown readably, not as a lone surrogate

    app = App(headless=True)
    scene = PlayScene(app, puzzle, path=path)
    app.push(scene)
    app.step()
    click(scene, 0, 0)
    for _ in range(8):  # past the autosave delay: this save used to raise
        app.step(0.25)
    assert app.store.messages == []
    assert app.store.last_played_path == str(path)
    click(scene, 0, 1)
    click(scene, 1, 1)
    app.step(0.1)
    assert scene.win is not None
    app.set_setting("sound", False)
    app.request_quit()

    again = App(headless=True)
    record = again.store.record(puzzle.fingerprint())
    assert record.solved and record.best_time is not None
    assert os.fsencode(record.path) == os.fsencode(tmp_path) + b"/caf\xe9.non"
    assert again.setting("sound") is False, "saving went on after the bad name"


def test_the_file_browser_lists_a_non_utf8_name(tmp_path: Path) -> None:
    path = bad_name(tmp_path, b"d\xe9j\xe0.non")
    write_puzzle(L_SHAPE, path)
    app = App(headless=True)
    browser = FileBrowserScene(app, print, start=tmp_path)
    app.push(browser)
    for _ in range(3):
        app.step(0.1)  # drawing the row used to raise UnicodeEncodeError
    assert [entry.path for entry in browser.entries if entry.path.suffix == ".non"] == [path]


def test_a_damaged_file_with_a_non_utf8_name_is_one_message(tmp_path: Path) -> None:
    path = bad_name(tmp_path, b"dam\xe9.non")
    path.write_text("garbage")
    app = App(headless=True)
    assert not app.open_dropped_file(path)
    for _ in range(3):
        app.step(0.1)  # the toast quoting the name used to raise while drawn
    assert any("dam\udce9.non" in toast.text for toast in app.toasts.items)


def test_the_converter_names_a_picture_with_a_non_utf8_name(tmp_path: Path) -> None:
    path = bad_name(tmp_path, b"pic\xe9.png")
    Image.new("RGB", (20, 20), (255, 255, 255)).save(path, format="PNG")
    app = App(headless=True)
    scene = ConverterScene(app, path)
    app.push(scene)
    finish_opening(app, scene)
    assert scene.title_input.text == "pic\ufffd"
