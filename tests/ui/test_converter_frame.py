"""The converter opens a photo with a face framed on it, says so on the frame, and lets the
player take the frame over (headless)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pygame
import pytest

from tests.core.test_convert_frame import portrait
from tests.ui.test_converter_photos import _drag, _open
from tests.ui.ui_events import click


def test_a_portrait_opens_framed_on_the_face_and_says_so(tmp_path: Path) -> None:
    path = tmp_path / "portrait.png"
    portrait().save(path)
    app, scene = _open(path)
    options = scene.document.options
    converter = scene.document.converter
    assert converter is not None
    frame = converter.auto_frame(options.width, options.height)
    assert frame is not None and options.frame == frame
    # The face (x 0.60..0.75 of the picture) is inside what the grid covers.
    x0, _, x1, _ = converter.view_box(options)
    assert x0 < 0.6 and x1 > 0.75 and x1 - x0 < 0.6
    view = scene.photo.view
    assert view.frame == frame and view.auto_label.startswith("Auto frame")
    assert scene.photo.controls.whole.enabled  # the player can have the whole picture
    # The tag is drawn at the frame: a dark label touching its bottom edge.
    app.step()  # draws a frame
    box, tag = view._box_rect(frame), view.tag_rect
    assert tag is not None and abs(tag.top - box.bottom) <= 2
    band = pygame.surfarray.pixels3d(app.screen)[tag.left + 1, tag.top + 1]
    assert int(band.max()) < 90


def test_the_automatic_frame_follows_the_size_until_the_player_drags_one(
    tmp_path: Path,
) -> None:
    path = tmp_path / "portrait.png"
    portrait().save(path)
    app, scene = _open(path)
    converter = scene.document.converter
    assert converter is not None
    scene._change_options(width=40, height=30)
    assert scene.document.options.frame == converter.auto_frame(40, 30)
    assert scene.document.options.frame != converter.auto_frame(30, 30)
    app.step()
    assert scene.photo.view.auto_label
    before = scene.document.grid.copy()
    view = scene.photo.view
    start, end = view.to_screen(0.05, 0.05), view.to_screen(0.5, 0.9)
    _drag(app, (round(start[0]), round(start[1])), (round(end[0]), round(end[1])))
    dragged = scene.document.options.frame
    assert dragged is not None and dragged[0] == pytest.approx(0.05, abs=0.01)
    assert not np.array_equal(before, scene.document.grid)
    assert not scene.photo.view.auto_label
    scene._change_options(width=30, height=30)
    assert scene.document.options.frame == dragged  # the player's frame stays theirs
    click(app, scene.photo.controls.whole.rect.center)
    assert scene.document.options.frame is None and not scene.photo.view.auto_label


def test_the_frame_s_tag_is_not_covered_by_whole_picture(tmp_path: Path) -> None:
    """A frame down to the picture's bottom (a cat's face in a landscape photo) put its tag
    under "Whole picture", which hid its end: "Auto frame: drag to re" (QA). The tag goes
    where the button is not, whole."""
    path = tmp_path / "portrait.png"
    portrait().save(path)
    app, scene = _open(path)
    view, whole = scene.photo.view, scene.photo.controls.whole
    assert not scene.photo.hidden(whole)  # the button is on screen
    for frame in ((0.15, 0.0, 0.85, 1.0), (0.5, 0.2, 1.0, 1.0), (0.0, 0.3, 0.6, 0.95)):
        view.frame = frame
        view.draw(app.screen, app)
        tag = view.tag_rect
        assert tag is not None and view.rect.contains(tag), frame
        assert not tag.colliderect(whole.rect), (frame, tag, whole.rect)
        box = view._box_rect(frame).clip(view.rect)
        # Still the frame's label: along its top or bottom edge.
        gaps = (tag.top - box.bottom, tag.bottom - box.top, tag.top - box.top,
                tag.bottom - box.bottom)  # fmt: skip
        assert min(abs(gap) for gap in gaps) <= 2, (frame, tag, box)
