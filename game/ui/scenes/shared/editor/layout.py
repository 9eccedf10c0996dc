"""The converter screen's layout: a column of controls on the left, the source picture and
the preview side by side on the right, the fairness report below them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import pygame


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


@dataclass(frozen=True)
class ConverterPlaces:
    """Where everything on the converter screen goes at one window size and scale: a value
    worked out from those alone (:func:`converter_places`). The scene hands each rectangle to
    its widget and draws its panels in ``source``, ``preview_panel`` and ``report``."""

    scale: float
    margin: int
    gap: int
    back: pygame.Rect
    # The column of controls, top to bottom.
    open: pygame.Rect
    canvas: pygame.Rect
    clues: pygame.Rect
    width: pygame.Rect
    presets: tuple[pygame.Rect, ...]
    height: pygame.Rect
    aspect: pygame.Rect
    # How many colours; in colour the method's, level's and invert's rows hold the palette.
    colours: pygame.Rect
    method: pygame.Rect
    level: pygame.Rect
    invert: pygame.Rect
    crop: pygame.Rect
    fit: pygame.Rect
    title: pygame.Rect
    author: pygame.Rect
    save: pygame.Rect
    play: pygame.Rect
    watch: pygame.Rect
    # Right of the column: the source picture and the preview side by side, the report below.
    source: pygame.Rect
    preview_panel: pygame.Rect
    preview: pygame.Rect
    report: pygame.Rect


def converter_places(scale: float, size: tuple[int, int], presets: int) -> ConverterPlaces:
    """The converter's places for a window of ``size`` at ``scale``, with ``presets`` size
    buttons in their row."""
    width, height = size
    margin, row, header, column, back = editor_frame(scale, width)
    gap = round(8 * scale)
    left = margin
    (starts, (width_row,), preset_row, (height_row,), (aspect,), (colours,), (method,), (level,),
     (invert,), (crop,), (fit,), (title,), (author,), (save, play), (watch,)) = _stack(
        left, header, column, [
        (3, row, gap, gap * 2),
        (1, row, 0, gap // 2),
        (presets, round(row * 0.8), gap // 2, gap),
        *((1, row, 0, gap // 2) for _ in range(7)),
        (1, row, 0, gap // 2 + gap),
        (1, row, 0, gap),
        (1, row, 0, gap * 2),
        (2, row, gap, gap),
        (1, row, 0, 0),
    ])  # fmt: skip

    # The three ways to start share a row; "Open…" is the shortest label.
    top = starts[0].top
    narrow = (column - 2 * gap) // 4
    wide = (column - 2 * gap - narrow) // 2
    area_left = left + column + margin
    area = pygame.Rect(area_left, header, width - margin - area_left, height - header - margin)
    report_height = round(200 * scale)
    top_height = area.height - report_height - gap
    source_width = (area.width - gap) * 2 // 5
    source = pygame.Rect(area.left, area.top, source_width, top_height)
    preview_panel = pygame.Rect(
        source.right + gap, area.top, area.width - source_width - gap, top_height
    )
    caption = round(26 * scale)
    return ConverterPlaces(
        scale=scale,
        margin=margin,
        gap=gap,
        back=back,
        open=pygame.Rect(left, top, narrow, row),
        canvas=pygame.Rect(left + narrow + gap, top, wide, row),
        clues=pygame.Rect(left + column - wide, top, wide, row),
        width=width_row,
        presets=preset_row,
        height=height_row,
        aspect=aspect,
        colours=colours,
        method=method,
        level=level,
        invert=invert,
        crop=crop,
        fit=fit,
        title=title,
        author=author,
        save=save,
        play=play,
        watch=watch,
        source=source,
        preview_panel=preview_panel,
        preview=preview_panel.inflate(-2 * gap, -2 * gap - caption).move(0, -caption // 2),
        report=pygame.Rect(area.left, area.bottom - report_height, area.width, report_height),
    )


def _stack(
    left: int, top: int, width: int, rows: list[tuple[int, int, int, int]]
) -> list[tuple[pygame.Rect, ...]]:
    """Rows of (how many side by side, row height, gap between them, gap below) down a
    column of ``width`` from (left, top): each row's rectangles."""
    placed: list[tuple[pygame.Rect, ...]] = []
    y = top
    for count, height, between, below in rows:
        each = (width - (count - 1) * between) // count
        placed.append(tuple(
            pygame.Rect(left + index * (each + between), y, each, height) for index in range(count)
        ))  # fmt: skip
        y += height + below
    return placed
