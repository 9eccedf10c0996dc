"""The converter's layout is a value worked out from the window's size alone (no scene), and
the scene places its widgets and panels where that value says."""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.shared.editor.layout import ConverterPlaces, converter_places


def _column(places: ConverterPlaces) -> list[pygame.Rect]:
    return [
        places.open, places.canvas, places.clues, places.width, *places.presets, places.height,
        places.aspect, places.method, places.level, places.invert, places.crop, places.fit,
        places.title, places.author, places.save, places.play, places.watch,
    ]  # fmt: skip


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((800, 600), 0.75)])
def test_the_places_tile_the_window(size: tuple[int, int], scale: float) -> None:
    places = converter_places(scale, size, presets=6)
    window = pygame.Rect((0, 0), size)
    column = _column(places)
    assert len(places.presets) == 6
    for rect in [*column, places.back, places.source, places.preview_panel, places.report]:
        assert window.contains(rect) and rect.width > 0 and rect.height > 0
    # No two controls of the column overlap, and all stand left of the pictures.
    for index, rect in enumerate(column):
        assert rect.collidelist(column[index + 1 :]) == -1
        assert rect.right < places.source.left
    assert places.source.right < places.preview_panel.left
    assert places.preview_panel.contains(places.preview)
    assert places.report.top > max(places.source.bottom, places.preview_panel.bottom)
    assert places.report.left == places.source.left
    assert places.report.right == places.preview_panel.right


def test_the_scene_puts_its_widgets_where_the_places_say() -> None:
    app = App(headless=True)
    scene = ConverterScene(app)
    app.push(scene)
    app.step()
    places = converter_places(app.ui_scale, app.screen_size, len(scene.preset_buttons))
    assert scene.places == places
    # The three ways to start share their row by what their labels need (share_row).
    starts = places.open.union(places.clues)
    assert starts.contains(scene.open_button.rect) and starts.left == scene.open_button.rect.left
    assert starts.right == scene.clues_button.rect.right and scene.back_button.rect == places.back
    assert scene.threshold_slider.rect == places.level and scene.preview.rect == places.preview
    assert [button.rect for button in scene.preset_buttons] == list(places.presets)
    assert scene.fairness.report_rect == places.report
