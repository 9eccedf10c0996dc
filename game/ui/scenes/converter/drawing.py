"""The converter's own panels drawn: the source picture (or the help on a blank one), the
preview panel with its caption, and the note while a file opens. The scene's other parts
(photo framing, fairness, colours) draw themselves."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.ui.scenes.shared.editor.panels import draw_busy_note, draw_panel
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.ui.scenes.converter.scene import ConverterScene


def draw_source(scene: ConverterScene, surface: pygame.Surface) -> None:
    document = scene.document
    converter = document.converter
    crop = converter.source.crop_box if converter and document.options.crop else None
    if scene.photo.draw(surface, scene.app, scene.places.source, scene.source_label, scene.problem):
        return
    if document.mode == "canvas":
        help_lines = [_("Draw on the grid: left button paints, right button erases."),
                      _("Ctrl+Z undoes a stroke, Ctrl+Y redoes it.")]  # fmt: skip
    else:
        help_lines = [_("Drop a picture on this window,"), _("or choose Open… to browse,"),
                      _("or Blank canvas to draw one.")]  # fmt: skip
    scene.source_view.draw(surface, scene.app, scene.places.source, crop=crop,
                           help_lines=help_lines, problem=scene.problem,
                           label=_(scene.source_label) or _("No picture yet"))  # fmt: skip


def draw_preview_panel(scene: ConverterScene, surface: pygame.Surface) -> None:
    app = scene.app
    panel = scene.places.preview_panel
    draw_panel(surface, app, panel)
    scene.preview.draw(surface, app)
    grid = scene.document.grid
    height, width = grid.shape
    text = _("{width}x{height} puzzle, {filled} of {cells} cells filled").format(
        width=width, height=height, filled=int(grid.sum()), cells=width * height
    )
    touched = scene.document.touched
    if touched:
        text += _(", {count} touched up").format(count=touched)
    text = scene.colour_part.caption() or text
    draw_text(surface, app, text, round(16 * app.ui_scale), app.theme.text_muted,
              (panel.centerx, panel.bottom - round(10 * app.ui_scale)),
              "midbottom")  # fmt: skip


def draw_opening(scene: ConverterScene, surface: pygame.Surface) -> None:
    name = scene.files.name
    draw_busy_note(
        surface,
        scene.app,
        scene.places.preview_panel.center,
        _("Opening {name}…").format(name=name),
    )
