"""The language chosen in Options takes effect at once (issue 48): the menu already on
screen reads the new words, Japanese gets its font, and the choice is kept in settings."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from game.core import i18n
from game.ui.app import App
from game.ui.scenes.menu.scene import MenuScene
from game.ui.settings import LANGUAGE
from game.ui.window import quit_display


@pytest.fixture()
def app(hanjie_home: Path) -> Iterator[App]:
    app = App(headless=True, size=(1280, 800))
    yield app
    i18n.set_language(i18n.ENGLISH)
    quit_display()


def test_switching_the_language_relabels_the_screen_without_a_restart(app: App) -> None:
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    assert menu.play_button.label == "Play"
    app.set_setting(LANGUAGE, "fr")
    app.step()
    assert i18n.current_language() == "fr"
    assert menu.play_button.label == "Jouer"
    app.set_setting(LANGUAGE, "ja")
    app.step()
    assert menu.play_button.label == "プレイ"
    assert app.fonts.render("プレイ", 20, (0, 0, 0)).get_bounding_rect().w > 30
    app.save_store()
    again = App(headless=True)
    assert again.setting(LANGUAGE) == "ja" and i18n.current_language() == "ja"
