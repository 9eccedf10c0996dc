"""Options: every row's explanation sits under its row, clear of the row's button and of its
focus ring."""

from __future__ import annotations

import numpy as np
import pygame

from game.ui.app import App
from game.ui.scenes.menu.options import OptionsScene
from game.ui.settings import LESSONS_FINISHED


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> int:
    pixels = pygame.surfarray.array3d(surface.subsurface(rect)).reshape(-1, 3)
    return len(np.unique(pixels, axis=0))


def test_continue_the_lesson_keeps_off_its_explanation() -> None:
    app = App(headless=True, size=(1264, 720))
    app.set_setting(LESSONS_FINISHED, 3)
    scene = OptionsScene(app)
    app.push(scene)
    app.step()
    scene.focus.focus_widget(scene.lesson)
    scene.focus.show_focus = True  # reached by the keyboard: the ring shows
    app.step()
    assert scene.lesson.label.startswith("Continue the lesson")
    ring_width = max(2, round(3 * app.ui_scale))
    ring = scene.lesson.rect.inflate(ring_width * 2 + 2, ring_width * 2 + 2)
    left = scene.lesson.rect.left + 8
    # Just under the ring, blank paper; the explanation's ink below that, before Back.
    assert _colours(app.screen, pygame.Rect(left, ring.bottom, 300, 2)) == 1
    ink = pygame.Rect(left, ring.bottom + 2, 300, scene.back.rect.top - ring.bottom - 2)
    assert _colours(app.screen, ink) > 2


def test_the_lesson_button_is_tall_enough_for_its_label() -> None:
    # At the first window's 1264x720 it was a 14 px sliver with its label spilling out: its
    # inset was taken twice from the top and twice from the bottom.
    for size in ((1264, 720), (1024, 700), (800, 600)):
        app = App(headless=True, size=size)
        scene = OptionsScene(app)
        app.push(scene)
        app.step()
        font = app.fonts.get(round(scene.lesson.font_size * app.ui_scale))
        label_height = font.get_ascent()  # capitals and digits inside the box
        assert scene.lesson.rect.height >= label_height, size
        assert scene.panel.bottom <= app.screen.get_height(), size
