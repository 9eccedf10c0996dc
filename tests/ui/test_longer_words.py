"""Layouts hold longer words (issue 48): in every catalogue's language the menu's, the play
screen's (panel and rail), the lesson's and level select's buttons show their whole label
at 1280x800, never a label cut short with "…" (a German "Versuch verwerfen" or a French
"Recommencer")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from game.core import i18n
from game.core.i18n import NAMES
from game.ui.app import App
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.kakuro.entry import KakuroEntryScene
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.lesson import LessonScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.play.shots import flower
from game.ui.widgets.button import Button
from game.ui.window import quit_display

LANGUAGES = [code for code in NAMES if code != i18n.ENGLISH]


@pytest.fixture()
def app(request: pytest.FixtureRequest) -> Iterator[App]:
    app = App(headless=True, size=(1280, 800))
    code = request.param
    i18n.use_catalogue(code)
    app.fonts.set_language(code)
    yield app
    i18n.set_language(i18n.ENGLISH)
    quit_display()


def _cut(app: App, buttons: list[Button]) -> list[str]:
    """The buttons showing neither their label nor their short label whole (a label of its
    own ending in "…", "Open a file…", counts as cut when shown otherwise)."""
    return [
        f"{button.label!r} shown as {button.shown_label(app)!r}"
        for button in buttons
        if button.shown_label(app) not in (button.label, button.short_label)
    ]


@pytest.mark.parametrize("app", LANGUAGES, indirect=True)
def test_every_button_shows_its_whole_label(app: App) -> None:
    cut: list[str] = []
    menu = MenuScene(app)
    app.push(menu)
    app.step()
    # The daily puzzle's button is left out: its words change with the day, and in English
    # too a long weekday and level ("Daily: Wednesday · 15x15 · Medium") are cut today.
    buttons = [widget for widget in menu.focus.widgets if isinstance(widget, Button)]
    cut += _cut(app, [button for button in buttons if button is not menu.daily.button])
    play = PlayScene(app, flower())
    app.push(play)
    app.step()
    assert play.chrome.buttons.trial.label != "Trial mode (T)"  # the catalogue is spoken
    cut += _cut(app, [*play.play_buttons, *play.rail.buttons])
    app.pop()
    lesson = LessonScene(app)
    app.push(lesson)
    app.step()
    cut += _cut(app, lesson.buttons)
    app.pop()
    select = LevelSelectScene(app)
    app.push(select)
    app.step()
    cut += _cut(app, [select.back_button, select.open_button, select.switch_button])
    app.pop()
    # The converter, the clue editor and the Kakuro entry: every button of theirs.
    for scene in (ConverterScene(app), ClueEditorScene(app), KakuroEntryScene(app)):
        app.push(scene)
        app.step()
        cut += _cut(app, [widget for widget in scene.controls if isinstance(widget, Button)])
        app.pop()
    assert not cut, cut


@pytest.mark.parametrize("app", LANGUAGES, indirect=True)
def test_a_broken_files_card_shows_its_whole_title(app: App) -> None:
    """ "Cannot open" over a file that cannot be read fits its card at 1280x800 (German's
    "Lässt sich nicht öffnen" ran past the card's edge before the card fitted its title,
    and would show cut now)."""
    select = LevelSelectScene(app)
    app.push(select)
    app.step()
    card = select.layout.card_rect(0, 0)
    room = card.width - 2 * round(10 * app.ui_scale)
    title = i18n._("Cannot open")
    assert title != "Cannot open"  # the catalogue is spoken
    width = app.fonts.get(round(17 * app.ui_scale), bold=True).size(title)[0]
    assert width <= room, (title, width, room)
    app.pop()
