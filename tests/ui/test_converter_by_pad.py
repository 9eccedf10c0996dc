"""The converter's basic path by a pad alone (issue 45): from the menu's "Create a puzzle",
open a picture through the file browser, make the grid wider, and play it; every step is a
controller event posted into the real app under the dummy driver."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

import pygame
from PIL import Image, ImageDraw

from game.ui.app import App
from game.ui.input import Device
from game.ui.input import synthetic as fake
from game.ui.scenes.converter.scene import LAST_FOLDER_SETTING, ConverterScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.file_browser import FileBrowserScene
from tests.ui.converter_helpers import finish_opening

PRESSES = 60  # more than any walk below needs


def feed(app: App, events: Iterable[pygame.event.Event]) -> None:
    for event in events:
        app.feed(event)
    app.step()


def press_until(app: App, button: str, done: Callable[[], bool]) -> None:
    for _ in range(PRESSES):
        if done():
            return
        feed(app, fake.pad(button))
    raise AssertionError(f"pad {button} never got there")


def heart(folder: Path) -> Path:
    """A black heart on white: a picture with a clear subject."""
    path = folder / "heart.png"
    image = Image.new("RGB", (120, 100), "white")
    draw = ImageDraw.Draw(image)
    draw.ellipse((10, 10, 62, 60), fill="black")
    draw.ellipse((58, 10, 110, 60), fill="black")
    draw.polygon([(14, 45), (106, 45), (60, 95)], fill="black")
    image.save(path)
    return path


def test_the_converter_by_pad_alone(hanjie_home: Path, tmp_path: Path) -> None:
    picture = heart(tmp_path)
    app = App(headless=True)
    app.store.set_setting(LAST_FOLDER_SETTING, str(tmp_path))  # the browser starts there
    menu = MenuScene(app, offer_lesson=False)
    app.push(menu)
    app.step()
    press_until(app, "dpdown", lambda: menu.focus.focused is menu.create_button)
    feed(app, fake.pad("a"))
    converter = app.top
    assert isinstance(converter, ConverterScene)
    assert app.last_device is Device.PAD
    # Open…: the file browser, walked to the picture by the d-pad.
    press_until(app, "dpup", lambda: converter.focus.focused is converter.open_button)
    feed(app, fake.pad("a"))
    browser = app.top
    assert isinstance(browser, FileBrowserScene)
    press_until(
        app,
        "dpdown",
        lambda: browser.entries[browser.selected].path == picture,
    )
    feed(app, fake.pad("a"))
    finish_opening(app, converter)
    assert app.top is converter and converter.document.mode != "empty"
    before = converter.finished_puzzle()
    # The width stepper, one step wider: the d-pad's right adjusts the focused control.
    press_until(app, "dpdown", lambda: converter.focus.focused is converter.width_stepper)
    feed(app, fake.pad("dpright"))
    finish_opening(app, converter)
    wider = converter.finished_puzzle()
    assert wider.width > before.width and wider.height == before.height
    # Play now: the puzzle made from the picture, as it is now, is the game.
    press_until(app, "dpdown", lambda: converter.focus.focused is converter.play_button)
    feed(app, fake.pad("a"))
    for _ in range(5):
        app.step()
    game = app.top
    assert isinstance(game, PlayScene)
    assert game.puzzle.fingerprint() == wider.fingerprint()
    assert game.editor is converter  # its way back leads to the converter
