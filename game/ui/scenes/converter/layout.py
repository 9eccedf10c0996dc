"""The converter screen's layout: a column of controls on the left, the source picture and
the preview side by side on the right, the fairness report below them."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import pygame

from game.ui.widgets.base import Widget

if TYPE_CHECKING:
    from game.ui.scenes.converter.scene import ConverterScene


class EditorFrame(NamedTuple):
    """The measures the two editors (this converter and the clue editor) share, so their
    columns of controls and their Back buttons sit in the same places."""

    margin: int
    row: int  # a control's height
    header: int  # the title's band; the column starts below it
    column: int  # the controls' column width
    back: pygame.Rect  # the Back button, top right


def editor_frame(scale: float, width: int) -> EditorFrame:
    """The editors' shared measures at ``scale`` for a window ``width`` wide."""
    margin = round(20 * scale)
    row = round(38 * scale)
    back_width = round(110 * scale)
    back = pygame.Rect(width - margin - back_width, round(10 * scale), back_width, row)
    return EditorFrame(margin, row, round(56 * scale), round(340 * scale), back)


def arrange_converter(scene: ConverterScene, size: tuple[int, int]) -> None:
    """Place the converter's controls, source picture, preview and report for ``size``."""
    scene.source_view.forget_scaling()
    scale = scene.app.ui_scale
    width, height = size
    margin, row, header, column, scene.back_button.rect = editor_frame(scale, width)
    gap = round(8 * scale)
    left = margin
    settings: list[Widget] = [
        scene.height_stepper,
        scene.aspect_toggle,
        scene.method_choice,
        scene.threshold_slider,
        scene.invert_toggle,
        scene.crop_toggle,
    ]
    _stack(left, header, column, [
        ([scene.open_button, scene.canvas_button, scene.clues_button], row, gap, gap * 2),
        ([scene.width_stepper], row, 0, gap // 2),
        (list(scene.preset_buttons), round(row * 0.8), gap // 2, gap),
        *(([widget], row, 0, gap // 2) for widget in settings),
        ([scene.fit_choice], row, 0, gap // 2 + gap),
        ([scene.title_input], row, 0, gap),
        ([scene.author_input], row, 0, gap * 2),
        ([scene.save_button, scene.play_button], row, gap, gap),
        ([scene.watch_button], row, 0, 0),
    ])  # fmt: skip

    # The three ways to start share a row; "Open…" is the shortest label.
    starts = scene.open_button.rect
    narrow = (column - 2 * gap) // 4
    wide = (column - 2 * gap - narrow) // 2
    scene.open_button.rect = pygame.Rect(left, starts.top, narrow, row)
    scene.canvas_button.rect = pygame.Rect(left + narrow + gap, starts.top, wide, row)
    scene.clues_button.rect = pygame.Rect(left + column - wide, starts.top, wide, row)
    area_left = left + column + margin
    area = pygame.Rect(area_left, header, width - margin - area_left, height - header - margin)
    report_height = round(200 * scale)
    top_height = area.height - report_height - gap
    source_width = (area.width - gap) * 2 // 5
    scene.source_rect = pygame.Rect(area.left, area.top, source_width, top_height)
    scene.photo.arrange(scene.source_rect, scale)
    scene.preview_panel = pygame.Rect(
        scene.source_rect.right + gap, area.top, area.width - source_width - gap, top_height
    )
    caption = round(26 * scale)
    scene.preview.rect = scene.preview_panel.inflate(-2 * gap, -2 * gap - caption).move(
        0, -caption // 2
    )
    report_rect = pygame.Rect(area.left, area.bottom - report_height, area.width,
                              report_height)  # fmt: skip
    scene.fairness.arrange(report_rect, scale, margin, gap)


def _stack(left: int, top: int, width: int, rows: list[tuple[list[Widget], int, int, int]]
           ) -> None:  # fmt: skip
    """Rows of (widgets side by side, row height, gap between them, gap below) down a
    column of ``width`` from (left, top)."""
    y = top
    for widgets, height, between, below in rows:
        each = (width - (len(widgets) - 1) * between) // len(widgets)
        for index, widget in enumerate(widgets):
            widget.rect = pygame.Rect(left + index * (each + between), y, each, height)
        y += height + below
