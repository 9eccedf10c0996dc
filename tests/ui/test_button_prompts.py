"""Buttons that name their key name the pad's button once a pad was used, and the key again
after a key press (issue 45): the play panel's "Check (V)" reads "Check (L3)" while the
player holds a pad, and shows no key on a touch screen."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.input import Action, Device
from game.ui.input import synthetic as fake
from game.ui.input.bindings import Bindings
from game.ui.input.prompts import PLAY_PAD, PLAY_PAD_ONE_COLOUR, pad_line, prompted
from game.ui.opening import PlayContext
from game.ui.scenes.play.scene import PlayScene
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button

DEFAULTS = Bindings.default()


def test_a_label_names_the_control_of_the_device_last_used() -> None:
    for device in (Device.KEYBOARD, Device.MOUSE):
        assert prompted("Check (V)", device, DEFAULTS, Action.CHECK) == "Check (V)"
    assert prompted("Check (V)", Device.PAD, DEFAULTS, Action.CHECK) == "Check (L3)"
    assert prompted("Undo", Device.PAD, DEFAULTS, Action.UNDO) == "Undo (Back)"
    assert prompted("停止（Esc）", Device.PAD, DEFAULTS, Action.PAUSE) == "停止（Start）"
    assert prompted("Trial mode (T)", Device.PAD, DEFAULTS, Action.TRIAL) == "Trial mode (RS↑)"
    # No pad button does it: no key named rather than a key the pad has not got.
    assert prompted("Reveal (R)", Device.PAD, DEFAULTS, Action.REVEAL) == "Reveal"
    assert prompted("Check (V)", Device.TOUCH, DEFAULTS, Action.CHECK) == "Check"
    assert prompted("Reset", Device.PAD, DEFAULTS, None) == "Reset"
    # A button the player moved is named where it now is.
    moved = DEFAULTS.rebound(Action.CHECK, "pad:x")
    assert prompted("Check (V)", Device.PAD, moved, Action.CHECK) == "Check (X)"
    # The help line offers the shoulders' colours only where there are colours to choose.
    assert "LB/RB colour" in pad_line(DEFAULTS, PLAY_PAD)
    assert "colour" not in pad_line(DEFAULTS, PLAY_PAD_ONE_COLOUR)


def _panel_pixels(app: App, button: Button) -> bytes:
    area = app.screen.subsurface(button.rect)
    return pygame.image.tobytes(area, "RGB")


def test_the_play_panel_follows_the_device(hanjie_home: Path) -> None:
    app = App(headless=True)
    puzzle = Puzzle.from_grid([[1, 0, 1], [1, 1, 1], [0, 1, 0]], title="Prompts")
    app.play_puzzle(puzzle, context=PlayContext())
    app.step()
    scene = app.top
    assert isinstance(scene, PlayScene)
    buttons = scene.chrome.buttons
    assert buttons.check.shown_label(app) == "Check (V)"
    with_keys = _panel_pixels(app, buttons.check)

    for event in fake.pad("dpright"):  # a pad press: the cursor moves, the prompts change
        app.feed(event)
    app.step()
    assert app.last_device is Device.PAD
    shown = {
        name: getattr(buttons, name).shown_label(app)
        for name in ("undo", "trial", "keep", "drop", "check", "hint", "pause")
    }
    assert shown == {
        "undo": "Undo (Back)",
        "trial": "Trial mode: off (RS↑)",
        "keep": "Keep trial (RS→)",
        "drop": "Drop trial (RS←)",
        "check": "Check (L3)",
        "hint": "Hint (Y)",
        "pause": "Pause (Start)",
    }
    assert _panel_pixels(app, buttons.check) != with_keys  # the panel was drawn again
    (pad_help,) = scene.chrome.help_lines()
    assert "A fill" in pad_help and "colour" not in pad_help  # black and white: no colours

    for event in fake.key("left"):  # a key press: keys again
        app.feed(event)
    app.step()
    assert app.last_device is Device.KEYBOARD
    assert buttons.check.shown_label(app) == "Check (V)"
    assert _panel_pixels(app, buttons.check) == with_keys


def test_a_long_prompt_leaves_its_key_out_rather_than_be_cut(hanjie_home: Path) -> None:
    app = App(headless=True)
    for event in fake.pad("dpright"):
        app.feed(event)
    app.step()
    assert app.last_device is Device.PAD
    button = Button("Undo", lambda: None, font_size=17, prompt=Action.UNDO)
    font = app.fonts.get(button.shown_size(app))
    plain = font.size("Undo")[0]
    button.rect = pygame.Rect(0, 0, plain + 2 * radius(app) + 4, 30)  # room for "Undo" only
    assert button.text(app) == "Undo (Back)"
    assert button.shown_label(app) == "Undo"
    button.rect = pygame.Rect(0, 0, 400, 30)
    assert button.shown_label(app) == "Undo (Back)"
