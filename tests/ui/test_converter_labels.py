"""QA on the Create screen's photo panel, headless: the notice about touch-ups a frame leaves
out was cut short, the zoom factor was grey on the photo, and the greyed Level slider under
Auto showed the level of a method chosen before."""

from __future__ import annotations

import itertools
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game.ui.app import App
from game.ui.scenes.converter.fairness import LISTED_EDITS
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.widgets.text import fit_text, wrap_text
from tests.ui.test_converter import _cat, _settle
from tests.ui.test_converter import _open as _converter_open
from tests.ui.test_converter_photos import _drag, _open, _photo
from tests.ui.ui_events import click, wheel


def test_the_touch_ups_left_outside_the_frame_are_said_in_full(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    preview = scene.preview
    for x in range(8):  # eight touch-ups along the top row
        _drag(app, preview.cell_rect((x, 0)).center, preview.cell_rect((x, 0)).center)
    view = scene.photo.view
    # A frame over the lower right part of the picture leaves the top row out.
    rect = view.rect
    _drag(app, (rect.centerx, rect.centery), (rect.right - 5, rect.bottom - 5))
    assert scene.document.hidden_touchups == 8
    notice = scene.photo.controls.notice
    assert notice == "8 touch-ups kept outside the frame"
    app.step()
    panel_width = scene.photo.controls.picture_rect.width + round(24 * app.ui_scale)
    font = app.fonts.get(round(16 * app.ui_scale))
    assert fit_text(font, notice, panel_width - round(24 * app.ui_scale)) == notice


def test_the_zoom_factor_is_on_a_dark_tag_inside_the_view(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    view = scene.photo.view
    wheel(app, view.rect.center, 3)
    view.focused = True
    app.step()
    tag = view.zoom_rect
    assert tag is not None and view.rect.contains(tag)
    corner = pygame.surfarray.pixels3d(app.screen)[tag.left + 1, tag.top + 1]
    assert int(corner.max()) < 90  # dark, so the white "2.0x" reads on any photo


def test_the_greyed_level_under_auto_is_the_level_auto_uses(tmp_path: Path) -> None:
    _app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    scene._change_options(method="outline", threshold=0.82)
    assert scene.threshold_slider.value == 0.82
    scene._change_options(method="auto")
    converter = scene.document.converter
    assert converter is not None
    chosen = converter.choice(scene.document.options)
    assert not scene.threshold_slider.enabled
    assert scene.threshold_slider.value == chosen.level != 0.82


def test_a_long_make_it_fair_leaves_the_verdict_and_undo_in_the_panel(tmp_path: Path) -> None:
    """QA: a dithered temple at 40x30 was made fair with 38 edits, all listed: the list ran
    off the report panel and took "One solution" and "Undo the edits" with it."""
    app, scene = _converter_open(_cat(tmp_path / "cat.png"))
    _settle(app, scene)
    click(app, scene.fair_button.rect.center)
    _settle(app, scene)
    applied = scene.fairness.applied
    assert applied is not None and applied.found and applied.edits
    scene.fairness.applied = replace(applied, edits=applied.edits * 38)
    lines = scene.report_lines()
    listed = next(text for kind, text in lines if text.startswith(("Fill", "Clear")))
    assert listed.endswith(f"; and {38 * len(applied.edits) - LISTED_EDITS} more.")
    assert listed.count(";") == LISTED_EDITS
    # Every line fits the panel, as the report draws them.
    rect, scale = scene.fairness.report_text_rect, app.ui_scale
    height = round(6 * scale)
    for kind, text in lines:
        font = app.fonts.get(round((20 if kind == "title" else 17) * scale),
                             kind in ("title", "good", "bad"))  # fmt: skip
        height += len(wrap_text(font, text, rect.width)) * font.get_linesize() + round(4 * scale)
    assert height <= rect.height + round(4 * scale)
    assert any(text.startswith("✓ One solution") for _, text in lines)


def test_a_fix_that_clears_most_of_the_picture_says_so() -> None:
    # QA: a drawn diagonal of 10 cells was made fair by clearing 9 of them, the report all
    # green; the player's picture was gone without a word.
    from game.core.create.fair_edits import Edit
    from game.ui.scenes.converter.fairness import _picture_lost

    cleared = [Edit(i, i, False) for i in range(9)]
    assert _picture_lost(cleared, filled_after=1) == (
        "That cleared 9 of your 10 filled cells: Undo the edits (Ctrl+Z) keeps them."
    )
    assert _picture_lost(cleared[:2], filled_after=40) == ""  # a touch-up: nothing to say
    assert _picture_lost([Edit(0, 0, True)], filled_after=1) == ""


@pytest.mark.parametrize("size", [(800, 600), (1024, 640), (1264, 720), (1280, 800)])
def test_the_blank_canvas_has_one_name_at_every_size(size: tuple[int, int]) -> None:
    app = App(headless=True, size=size)
    app.router.converter()
    app.step()
    scene = app.top
    assert isinstance(scene, ConverterScene)
    assert scene.canvas_button.shown_label(app) == "Blank canvas"
    starts = [scene.open_button, scene.canvas_button, scene.clues_button]
    for left, right in itertools.pairwise(starts):
        assert left.rect.right < right.rect.left  # side by side, apart
    for button in (scene.open_button, scene.clues_button):  # the others whole too
        assert button.shown_label(app) in (button.label, button.short_label)
