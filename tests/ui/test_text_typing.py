"""Typing into text fields the way a real keyboard does it.

SDL sends every printable key as a KEYDOWN carrying the character followed by a TEXTINPUT with
the same text; these tests feed both, as a player's keyboard would, and check each character
lands once.
"""

from __future__ import annotations

import pygame

from game.ui.app import App
from game.ui.input import Input, Kind, synthetic
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.widgets.text_input import TextInput
from tests.ui.ui_events import click, key


def _type_like_a_keyboard(app: App, text: str) -> None:
    for char in text:
        code = pygame.key.key_code(char) if char.isalnum() else pygame.K_SPACE
        mod = pygame.KMOD_SHIFT if char.isupper() else 0
        app.feed(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0))
        app.feed(pygame.event.Event(pygame.TEXTINPUT, text=char))
        app.feed(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=char, scancode=0))
        app.step()


def _converter() -> tuple[App, ConverterScene]:
    """The converter on screen, its fields laid out (two frames)."""
    app = App(headless=True)
    scene = ConverterScene(app)
    app.push(scene)
    app.step()
    app.step()
    return app, scene


def test_converter_title_gets_each_typed_character_once() -> None:
    app, scene = _converter()
    click(app, scene.author_input.rect.center)
    assert scene.author_input.focused
    _type_like_a_keyboard(app, "QA Tester")
    assert scene.author_input.text == "QA Tester"


def test_text_without_a_keydown_is_still_typed() -> None:
    # Input methods and dead keys send a TEXTINPUT with no KEYDOWN character before it.
    field = TextInput("caf")
    field.focused = True
    for event in synthetic.translated(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_e, mod=0, unicode="", scancode=0)
    ):
        field.handle(event)
    field.handle(Input(Kind.TEXT, text="é"))
    assert field.text == "café"


def test_keydowns_alone_still_type_and_repeat() -> None:
    field = TextInput()
    field.focused = True
    for char in "aab":
        event = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode=char, scancode=0)
        for given in synthetic.translated(event):
            field.handle(given)
    assert field.text == "aab"


def test_ctrl_a_selects_the_text_for_replacing_or_deleting() -> None:
    app, scene = _converter()
    field = scene.title_input
    field.text, field.cursor = "IMG_2024_0815", len("IMG_2024_0815")
    click(app, field.rect.center)
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    assert field.all_selected
    _type_like_a_keyboard(app, "Cat")
    assert field.text == "Cat" and not field.all_selected
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_BACKSPACE)
    assert field.text == ""
    field.text, field.cursor = "abc", 3
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    key(app, pygame.K_END)  # moving the cursor drops the selection
    _type_like_a_keyboard(app, "d")
    assert field.text == "abcd"


def test_ctrl_v_pastes_the_first_line_and_ctrl_c_and_ctrl_x_copy_and_cut() -> None:
    app, scene = _converter()
    field = scene.title_input
    field.text, field.cursor = "", 0
    click(app, field.rect.center)
    pygame.scrap.put_text("  Lighthouse at dusk  \r\nsecond line\n")
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert field.text == "Lighthouse at dusk"  # the first line, trimmed; no stray "v"
    key(app, pygame.K_HOME)
    pygame.scrap.put_text("Old ")
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert field.text == "Old Lighthouse at dusk" and field.cursor == 4
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert pygame.scrap.get_text() == "Old Lighthouse at dusk"
    assert field.text == "Old Lighthouse at dusk"
    pygame.scrap.put_text("")
    key(app, pygame.K_x, mod=pygame.KMOD_CTRL)
    assert field.text == "" and pygame.scrap.get_text() == "Old Lighthouse at dusk"
    # Pasting over a Ctrl+A selection replaces it; the field's length limit holds.
    field.text, field.cursor = "IMG_0815", 8
    key(app, pygame.K_a, mod=pygame.KMOD_CTRL)
    pygame.scrap.put_text("x" * 500)
    key(app, pygame.K_v, mod=pygame.KMOD_CTRL)
    assert field.text == "x" * field.max_length
