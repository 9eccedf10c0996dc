"""The converter with photographs, headless: photo defaults, framing, zoom, tone, titles."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pygame
import pytest
from PIL import Image

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.widgets.dialog import DialogScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, wheel


def _photo(path: Path, seed: int = 2) -> Path:
    """A landscape photo-like picture: a dark blob lit unevenly, with noise."""
    width, height = 480, 270
    x = np.linspace(0, 1, width)[None, :]
    y = np.linspace(0, 1, height)[:, None]
    values = 0.8 - 0.4 * x + 0.1 * y
    blob = (x - 0.6) ** 2 * 4 + (y - 0.5) ** 2 * 6 < 0.2
    values = np.where(blob, values - 0.35, values)
    noise = np.random.default_rng(seed).normal(0, 0.04, (height, width, 3))
    rgb = np.clip((values[..., None] * [1.0, 0.9, 0.7] + noise) * 255, 0, 255)
    Image.fromarray(rgb.astype(np.uint8)).save(path)
    return path


def _open(path: Path) -> tuple[App, ConverterScene]:
    app = App(headless=True)
    scene = ConverterScene(app, path)
    app.push(scene)
    app.step()
    finish_opening(app, scene)
    return app, scene


def _drag(app: App, start: tuple[int, int], end: tuple[int, int], button: int = 1) -> None:
    app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=button))
    middle = ((start[0] + end[0]) // 2, (start[1] + end[1]) // 2)
    for pos in (middle, end):
        app.feed(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=button))
    app.step()


def test_a_photo_opens_with_auto_and_fill_and_no_wasted_rows(tmp_path: Path) -> None:
    _app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    options = scene.document.options
    assert options.method == "auto" and options.fit == "fill" and options.clean
    assert scene.method_choice.value == "auto" and scene.fit_choice.value == "fill"
    assert scene.photo.controls.auto_text.startswith("Auto chose ")
    converter = scene.document.converter
    assert converter is not None
    # Every row of the square grid is picture (the sides are cropped), none is padding.
    x0, y0, x1, y1 = converter.view_box(options)
    assert (y0, y1) == pytest.approx((0.0, 1.0)) and 0.0 < x0 < x1 < 1.0
    # What Pad would have wasted on the whole picture (it opens framed on the dark blob).
    _, py0, _, py1 = converter.view_box(replace(options, fit="pad", frame=None))
    assert py0 < -0.2 and py1 > 1.2


def test_dragging_a_frame_chooses_what_becomes_the_puzzle(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    view = scene.photo.view
    before = scene.document.grid.copy()
    # Frame the right half of the picture.
    left = view.to_screen(0.5, 0.1)
    right = view.to_screen(0.95, 0.9)
    _drag(app, (round(left[0]), round(left[1])), (round(right[0]), round(right[1])))
    frame = scene.document.options.frame
    assert frame is not None and frame[0] == pytest.approx(0.5, abs=0.01)
    assert frame[2] == pytest.approx(0.95, abs=0.01)
    assert not np.array_equal(before, scene.document.grid)
    assert scene.photo.controls.whole.enabled and not scene.hidden(scene.photo.controls.whole)
    # A click (no drag) keeps the frame; "Whole picture" forgets it.
    click(app, view.rect.center)
    assert scene.document.options.frame == frame
    click(app, scene.photo.controls.whole.rect.center)
    assert scene.document.options.frame is None


def test_zoom_and_pan_change_the_view_not_the_frame(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    opened = scene.document.options.frame  # the automatic frame, on the dark blob
    view = scene.photo.view
    point = (view.rect.centerx + 40, view.rect.centery)
    under = view.to_picture(*point)
    wheel(app, point, 3)
    assert view.zoom > 1.9
    assert view.to_picture(*point) == pytest.approx(under, abs=1e-3)  # zoomed around it
    _drag(app, (view.rect.centerx, view.rect.centery), (view.rect.centerx - 60,
          view.rect.centery), button=3)  # fmt: skip
    assert view.to_picture(*point)[0] > under[0]  # panned right
    assert scene.document.options.frame == opened
    wheel(app, point, -20)
    assert view.zoom == 1.0 and view.centre == (0.5, 0.5)


def test_tone_sliders_and_clean_specks_reach_the_options(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    controls = scene.photo.controls
    track = controls.brightness.track()
    click(app, (track.right - 2, track.centery))
    assert scene.document.options.brightness > 0.4
    track = controls.gamma.track()
    click(app, (track.left + 1, track.centery))
    assert scene.document.options.gamma < 0.3
    click(app, controls.clean.rect.center)
    assert not scene.document.options.clean


def _without_saving(app: App, scene: ConverterScene) -> None:
    """Finish opening over unsaved work: the question comes, "Open without saving"."""
    finish_opening(app, scene)
    dialog = app.top
    assert isinstance(dialog, DialogScene), "opening over an unsaved puzzle always asks"
    click(app, dialog.button("Open without saving").rect.center)


def test_a_new_picture_resets_the_title_unless_typed_for_it(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "chelsea.jpg"))
    assert scene.title_input.text == "chelsea"
    scene.open_path(_photo(tmp_path / "horse.jpg", seed=3))
    _without_saving(app, scene)
    assert scene.title_input.text == "horse"  # not "chelsea" from the first picture
    click(app, scene.title_input.rect.center)
    scene.title_input.text = ""
    for letter in "Cameraman":
        app.feed(pygame.event.Event(pygame.TEXTINPUT, text=letter))
    app.step()
    assert scene.title_input.text == "Cameraman" and scene.document.title == "Cameraman"
    scene.open_path(_photo(tmp_path / "astronaut.jpg", seed=4))
    _without_saving(app, scene)
    assert scene.title_input.text == "astronaut"  # "Cameraman" was typed for the horse
