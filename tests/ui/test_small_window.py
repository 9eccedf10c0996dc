"""The smallest window (800x600): text stays readable and nothing overlaps.

QA found the help line at about 9 px and the menu buttons sunk to the bottom at 800x600.
Each scene is brought to its screenshot state at that size while every piece of text drawn is
recorded, then the parts that used to collide are measured.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.commands.screenshot import collect_shots
from game.ui.app import App
from game.ui.fonts import READABLE_SIZE, Fonts
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.options import EXPLANATIONS, OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.replay.scene import ReplayScene
from game.ui.widgets.button import Button

SMALL = (800, 600)


@pytest.fixture
def text_sizes(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[tuple[str, int]]]:
    """Every (text, pixel size) drawn at a readable size request (not cell-sized text)."""
    drawn: list[tuple[str, int]] = []
    real_render = Fonts.render

    def render(self: Fonts, text: str, size: int, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = real_render(self, text, size, *args, **kwargs)
        exact = kwargs.get("exact", args[2] if len(args) > 2 else False)
        if not exact and text.strip():
            drawn.append((text, surface.get_height()))
        return surface

    monkeypatch.setattr(Fonts, "render", render)
    yield drawn


def shot(name: str) -> App:
    app = App(headless=True, size=SMALL)
    collect_shots()[name](app)
    app.step(1 / 60)
    return app


@pytest.mark.parametrize(
    "name",
    [
        "menu",
        "level_select",
        "play-20x20",
        "options",
        "converter_photo",
        "replay_solutions",
        "kakuro_select",
        "kakuro_play",
        "kakuro_replay",
    ],
)
def test_text_is_never_smaller_than_readable(name: str, text_sizes: list[tuple[str, int]]) -> None:
    shot(name)
    assert text_sizes
    # A 12 px DejaVu line is at least 14 px tall; the 9 px help line was 11.
    small = [(text, height) for text, height in text_sizes if height < READABLE_SIZE + 2]
    assert not small


def test_the_menu_buttons_sit_under_the_title_not_at_the_bottom() -> None:
    app = shot("menu")
    menu = app.top
    assert isinstance(menu, MenuScene)
    buttons = [button.rect for button in menu.buttons]
    title_bottom = menu._title_bottom(round(SMALL[1] * 0.08))
    space_above = buttons[0].top - title_bottom
    space_below = SMALL[1] - buttons[-1].bottom
    assert 0 < space_above < space_below


def _buttons(scene: ReplayScene) -> list[Button]:
    return [widget for widget in scene.focus.widgets if isinstance(widget, Button)]


def _labels_are_whole(app: App, buttons: list[Button]) -> None:
    for button in buttons:
        if button.rect.width == 0:
            continue  # hidden
        shown = button.shown_label(app)
        assert not shown.endswith("…"), button.label
        assert shown in (button.label, button.short_label)


def test_play_buttons_show_their_labels_whole() -> None:
    app = shot("play-20x20")
    scene = app.top
    assert isinstance(scene, PlayScene)
    _labels_are_whole(app, scene.play_buttons)
    assert scene.chrome.buttons.keep.shown_label(app) in ("Keep trial (K)", "Keep (K)")


@pytest.mark.parametrize("name", ["replay_search", "replay_solutions"])
def test_replay_controls_do_not_overlap(name: str) -> None:
    app = shot(name)
    scene = app.top
    assert isinstance(scene, ReplayScene)
    widgets = [widget.rect for widget in scene.focus.widgets if widget.rect.width]
    bar = [rect for rect in widgets if rect.top >= scene.speed_slider.rect.top - 1]
    for index, rect in enumerate(bar):
        assert rect.collidelist(bar[index + 1 :]) == -1, rect
        assert rect.right <= SMALL[0]
    _labels_are_whole(app, _buttons(scene))
    # The slider's track leaves its label and value their room (the value sat on "Speed").
    slider = scene.speed_slider
    assert slider.track().left - slider.rect.left >= slider.text_room(app)


def test_option_explanations_stay_inside_the_panel() -> None:
    app = shot("options")
    scene = app.top
    assert isinstance(scene, OptionsScene)
    font = app.fonts.get(round(15 * app.ui_scale))
    for _, key in scene.rows:
        if key is not None:
            width = font.size(EXPLANATIONS[key])[0]
            assert scene.panel.left + round(36 * app.ui_scale) + width < scene.panel.right


def test_level_select_cards_fit_their_text() -> None:
    app = shot("level_select")
    scene = app.top
    assert isinstance(scene, LevelSelectScene)
    watch = scene._watch_rect(0)
    label_w, label_h = app.fonts.get(round(13 * app.ui_scale)).size("Watch")
    assert watch.width > label_w and watch.height > label_h
    # The pack rows hold their name and their count on two lines.
    row = scene.pack_rect(0)
    name_h = app.fonts.get(round(19 * app.ui_scale), bold=True).get_linesize()
    count_h = app.fonts.get(round(15 * app.ui_scale)).get_linesize()
    assert row.height >= name_h + count_h + 8


def test_the_converters_three_start_buttons_show_whole_words() -> None:
    # QA: at 800x600 "Open…" was cut to "Ope…" beside "Canvas" and "Clues…".
    from game.ui.scenes.converter.scene import ConverterScene

    app = App(headless=True, size=SMALL)
    scene = ConverterScene(app)
    app.push(scene)
    app.step()
    for button in (scene.open_button, scene.canvas_button, scene.clues_button):
        assert button.shown_label(app) in (button.label, button.short_label), button.label


def test_a_solved_cards_badge_leaves_its_best_time_readable() -> None:
    # QA: at 800x600 "✓ Solved" covered the end of "Best 1:12"; it is "✓" alone there.
    from game.ui.scenes.shared.select.cards import badge_width, solved_badge

    app = shot("level_select")
    scene = app.top
    assert isinstance(scene, LevelSelectScene)
    room = scene.card_rect(0).width - 2 * round(10 * app.ui_scale)
    status = app.fonts.get(round(14 * app.ui_scale)).size("Best 12:34")[0]
    badge = solved_badge(app, status, room)
    assert badge == "✓"
    assert status + badge_width(app, badge) < room
    assert solved_badge(app, status, 3 * room) == "✓ Solved"


def test_whole_picture_is_shown_whole() -> None:
    # QA: at 800x600 the framed photo's button read "Whole pic…".
    from game.ui.scenes.converter.scene import ConverterScene

    app = shot("converter_photo")
    scene = app.top
    assert isinstance(scene, ConverterScene)
    whole = scene.photo.controls.whole
    assert whole.enabled and whole.rect.width > 0
    assert whole.shown_label(app) == "Whole picture"


def test_the_play_help_line_ends_with_esc_pause() -> None:
    # QA: at 800x600 it read "… P panel · Esc p…".
    from game.ui.scenes.play.chrome import HELP_TINY

    app = shot("play-20x20")
    scene = app.top
    assert isinstance(scene, PlayScene)
    room = scene.regions.help_line.w - 2 * scene.regions.padding
    assert app.fonts.get(app.scaled(15)).size(HELP_TINY)[0] <= room
    assert HELP_TINY.endswith("Esc pause")
