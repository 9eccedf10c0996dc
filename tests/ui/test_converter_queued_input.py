"""Clicks while the converter works out colours are kept and applied, never dropped.

The colour work of a new setting is spread over frames; the clicks that come meanwhile
build on the settings the player asked for (not the grid still shown), and the actions that
need the finished document (undo, a palette edit) wait in order and run after it. The work's
clock is injected: it ticks a whole slice per reading, so each frame does exactly one step
of the work, however fast or loaded the machine. Nothing sleeps or times anything.
"""

from __future__ import annotations

from itertools import count
from pathlib import Path

import numpy as np
import pygame
from PIL import Image

from game.ui.app import App
from game.ui.scenes.converter.colours import PREPARE_SLICE
from game.ui.scenes.converter.scene import ConverterScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click, key


def _photo(path: Path) -> Path:
    """A photo-like picture: a textured green field with a red blob and a blue sky band."""
    rng = np.random.default_rng(47)
    height, width = 180, 240
    yy, xx = np.mgrid[0:height, 0:width]
    pixels = np.zeros((height, width, 3), dtype=np.float64)
    pixels[...] = (60, 140, 50)
    pixels[yy < 50] = (90, 150, 225)
    pixels[(yy - 110) ** 2 + (xx - 130) ** 2 < 20**2] = (215, 30, 30)
    # Light falling across it and grain in every channel: the shades of a photograph.
    pixels *= (0.7 + 0.5 * xx / width)[..., None]
    pixels += rng.normal(0, 14, (height, width, 3))
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path)
    return path


def _ticking(scene: ConverterScene) -> None:
    """Each reading of the work's clock is a slice later: one step of work a frame."""
    ticks = count()
    scene.colour_part.clock = lambda: next(ticks) * PREPARE_SLICE * 1.01


def _settle(app: App, scene: ConverterScene) -> None:
    for _ in range(2000):
        app.step()
        if not scene.colour_part.busy:
            return
    raise AssertionError("the colour work did not finish")


def _plus(scene: ConverterScene) -> tuple[int, int]:
    stepper = scene.height_stepper
    side = stepper.rect.height
    return (stepper.rect.right - side // 2, stepper.rect.centery)


def _open_in_auto_colours(tmp_path: Path) -> tuple[App, ConverterScene]:
    app = App(headless=True)
    scene = ConverterScene(app, _photo(tmp_path / "field.png"))
    app.push(scene)
    app.step()
    finish_opening(app, scene)
    _ticking(scene)
    scene._change_options(colours="auto", keep_aspect=False, width=20, height=15)
    _settle(app, scene)
    return app, scene


def test_fast_clicks_on_height_during_recomputation_all_count(tmp_path: Path) -> None:
    app, scene = _open_in_auto_colours(tmp_path)
    assert scene.document.options.height == 15 and scene.document.options.in_colour
    busy_at_click = []
    for _ in range(5):  # one frame apart: far faster than the work
        click(app, _plus(scene))
        busy_at_click.append(scene.colour_part.busy)
    assert all(busy_at_click)  # every click came while colours were being worked out
    assert scene.height_stepper.value == 20  # the control shows what was asked at once
    _settle(app, scene)
    assert scene.document.options.height == 20
    assert scene.document.grid.shape == (20, 20)
    assert scene.height_stepper.value == 20


def test_a_drop_and_an_undo_during_recomputation_wait_and_apply_in_order(
    tmp_path: Path,
) -> None:
    app, scene = _open_in_auto_colours(tmp_path)
    part = scene.colour_part
    colours = len(scene.document.swatches)
    assert colours > 2 and part.drop_button.enabled
    click(app, _plus(scene))  # 15 -> 16, its colours under way
    assert part.busy
    click(app, part.drop_button.rect.center)  # drop the chosen colour: queued, not lost
    assert part.busy and len(part.queued) == 1
    _settle(app, scene)
    assert scene.document.options.height == 16
    assert len(scene.document.swatches) == colours - 1
    click(app, _plus(scene))  # 16 -> 17
    assert part.busy
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # undo the drop, after the new height's colours
    assert part.queued
    _settle(app, scene)
    assert not part.queued
    assert scene.document.options.height == 17
    assert scene.document.grid.shape == (17, 20)
    assert len(scene.document.swatches) == colours
