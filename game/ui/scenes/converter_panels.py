"""Drawing the converter screen's panels: the source picture, the report text, the busy note.

The scene (:mod:`game.ui.scenes.converter`) decides what each panel says and where it goes;
these draw it. Kept apart so the scene module stays about events and state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.ui.widgets.base import radius
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

# (kind, text), kind one of title / good / bad / info / warning (see game.core.fairness).
ReportLine = tuple[str, str]
CropBox = tuple[int, int, int, int]


def draw_panel(surface: pygame.Surface, app: App, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, app.theme.panel, rect, border_radius=radius(app))
    pygame.draw.rect(surface, app.theme.panel_border, rect, max(1, app.theme.line_weight),
                     border_radius=radius(app))  # fmt: skip


class SourceView:
    """The source picture fitted into its panel, or a few lines of help when there is none."""

    def __init__(self) -> None:
        self.image: pygame.Surface | None = None
        # Smooth scaling a photo costs milliseconds: done once per panel size.
        self._scaled: tuple[tuple[int, int], pygame.Surface] | None = None

    def show(self, rgb: npt.NDArray[np.uint8] | None) -> None:
        """Show an ``(h, w, 3)`` picture, or none."""
        self._scaled = None
        if rgb is None:
            self.image = None
            return
        pixels = np.ascontiguousarray(rgb)
        size = (int(pixels.shape[1]), int(pixels.shape[0]))
        self.image = pygame.image.frombuffer(pixels.tobytes(), size, "RGB").copy()

    def forget_scaling(self) -> None:
        self._scaled = None

    def _fitted(self, size: tuple[int, int]) -> pygame.Surface:
        assert self.image is not None
        if self._scaled is not None and self._scaled[0] == size:
            return self._scaled[1]
        width, height = self.image.get_size()
        factor = min(size[0] / width, size[1] / height)
        target = (max(1, round(width * factor)), max(1, round(height * factor)))
        scaled = pygame.transform.smoothscale(self.image, target)
        self._scaled = (size, scaled)
        return scaled

    def draw(
        self,
        surface: pygame.Surface,
        app: App,
        rect: pygame.Rect,
        *,
        crop: CropBox | None,
        help_lines: list[str],
        problem: str,
        label: str,
    ) -> None:
        """The panel: the picture (with ``crop`` outlined, in picture pixels) or the help,
        the ``problem`` with the last file in red, and ``label`` as the caption."""
        theme = app.theme
        scale = app.ui_scale
        draw_panel(surface, app, rect)
        pad = round(12 * scale)
        caption = round(26 * scale)
        box = rect.inflate(-2 * pad, -2 * pad - caption).move(0, -caption // 2)
        size = round(16 * scale)
        font = app.fonts.get(size)
        if self.image is not None:
            image = self._fitted(box.size)
            placed = image.get_rect(center=box.center)
            surface.blit(image, placed)
            if crop is not None:
                x0, y0, x1, y1 = crop
                factor = placed.width / self.image.get_width()
                outline = pygame.Rect(
                    placed.left + round(x0 * factor), placed.top + round(y0 * factor),
                    max(1, round((x1 - x0) * factor)), max(1, round((y1 - y0) * factor)),
                )  # fmt: skip
                pygame.draw.rect(surface, theme.accent, outline, max(2, round(2 * scale)))
        else:
            lines = help_lines
            if problem:
                lines = ["This file could not be opened:", problem]
            y = box.top + box.height // 3
            colour = theme.error if problem else theme.text_muted
            # Wrapped, not cut: at small sizes "…right button erases" was lost.
            for line in (part for text in lines for part in wrap_text(font, text, box.width)):
                draw_text(surface, app, line, size, colour, (box.centerx, y), "midtop")
                y += font.get_linesize()
        if problem and self.image is not None:
            label, colour = problem, theme.error
        else:
            colour = theme.text_muted
        draw_text(surface, app, fit_text(font, label, rect.width - 2 * pad), size, colour,
                  (rect.centerx, rect.bottom - pad), "midbottom")  # fmt: skip


def draw_report(
    surface: pygame.Surface, app: App, rect: pygame.Rect, lines: list[ReportLine]
) -> None:
    """The report's lines from the top of ``rect``, wrapped; what does not fit is left out."""
    theme = app.theme
    scale = app.ui_scale
    colours = {"title": theme.text, "good": theme.success, "bad": theme.error,
               "info": theme.text_muted, "warning": theme.text}  # fmt: skip
    y = rect.top + round(6 * scale)
    for kind, text in lines:
        size = round((20 if kind == "title" else 17) * scale)
        bold = kind in ("title", "good", "bad")
        font = app.fonts.get(size, bold)
        for line in wrap_text(font, text, rect.width):
            if y + font.get_linesize() > rect.bottom:
                return
            draw_text(surface, app, line, size, colours[kind], (rect.left, y), bold=bold)
            y += font.get_linesize()
        y += round(4 * scale)


def draw_busy_note(surface: pygame.Surface, app: App, center: tuple[int, int], text: str) -> None:
    """A toast-like note (e.g. "Opening cat.png…") centred on ``center``."""
    scale = app.ui_scale
    size = round(22 * scale)
    rendered = app.fonts.render(text, size, app.theme.toast_text)
    box = rendered.get_rect(center=center).inflate(round(40 * scale), round(24 * scale))
    pygame.draw.rect(surface, app.theme.toast, box, border_radius=radius(app))
    surface.blit(rendered, rendered.get_rect(center=box.center))
