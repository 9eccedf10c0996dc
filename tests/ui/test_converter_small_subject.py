"""The converter opens a photo of a small subject zoomed on it, says so on the frame, and
"Whole picture" takes the zoom back (issue 47)."""

from __future__ import annotations

from pathlib import Path

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from tests.core.test_convert_accent import _insect_on_leaves
from tests.ui.converter_helpers import finish_opening
from tests.ui.ui_events import click


def test_the_zoom_on_a_small_subject_is_shown_and_taken_back(tmp_path: Path) -> None:
    path = tmp_path / "insect.png"
    _insect_on_leaves().save(path)
    app = App(headless=True)
    scene = ConverterScene(app, path)
    app.push(scene)
    app.step()
    finish_opening(app, scene)
    options = scene.document.options
    converter = scene.document.converter
    assert converter is not None and options.frame is not None
    assert converter.zoomed_on_small_subject(options.width, options.height)
    assert scene.photo.view.auto_label == "Zoomed on the subject: drag to reframe"
    whole = scene.photo.controls.whole
    assert whole.enabled
    click(app, whole.rect.center)
    assert scene.document.options.frame is None
    assert scene.photo.view.auto_label == ""
