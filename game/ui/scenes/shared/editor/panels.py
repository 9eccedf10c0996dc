"""Drawing the converter screen's panels: the source picture, the report text, the busy note,
and the photo controls under the picture (tone, clean specks, what Auto chose).

The scene (:mod:`game.ui.scenes.converter.scene`) decides what each panel says and where it goes;
these draw it. Kept apart so the scene module stays about events and state.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.core.convert.options import ConvertOptions
from game.core.i18n import N_, _
from game.ui.widgets.base import Widget, radius
from game.ui.widgets.button import Button
from game.ui.widgets.slider import Slider
from game.ui.widgets.text import draw_text, fit_text, wrap_text
from game.ui.widgets.toggle import Toggle

if TYPE_CHECKING:
    from game.ui.app import App

# (kind, text), kind one of title / good / bad / info / warning (see game.core.create.fairness).
ReportLine = tuple[str, str]
CropBox = tuple[int, int, int, int]


def draw_panel(surface: pygame.Surface, app: App, rect: pygame.Rect) -> None:
    pygame.draw.rect(surface, app.theme.panel, rect, border_radius=radius(app))
    pygame.draw.rect(surface, app.theme.panel_border, rect, max(1, app.theme.line_weight),
                     border_radius=radius(app))  # fmt: skip


def draw_caption(surface: pygame.Surface, app: App, panel: pygame.Rect, label: str) -> None:
    """A panel's caption at its foot, cut to one line."""
    size = round(16 * app.ui_scale)
    font = app.fonts.get(size)
    pad = round(12 * app.ui_scale)
    draw_text(surface, app, fit_text(font, label, panel.width - 2 * pad), size,
              app.theme.text_muted, (panel.centerx, panel.bottom - pad), "midbottom")  # fmt: skip


def draw_problem(surface: pygame.Surface, app: App, panel: pygame.Rect, text: str) -> list[str]:
    """What went wrong, wrapped whole in a box over the foot of ``panel`` (drawn last, over
    the picture and its controls, until the next action). The lines."""
    size = round(16 * app.ui_scale)
    font = app.fonts.get(size)
    pad = round(12 * app.ui_scale)
    lines = wrap_text(font, text, panel.width - 4 * pad)
    step = font.get_linesize()
    box = pygame.Rect(panel.left + pad, 0, panel.width - 2 * pad, step * len(lines) + pad)
    box.bottom = panel.bottom - pad // 2
    pygame.draw.rect(surface, app.theme.panel, box, border_radius=radius(app))
    pygame.draw.rect(surface, app.theme.error, box, max(1, app.theme.line_weight),
                     border_radius=radius(app))  # fmt: skip
    y = box.top + pad // 2
    for line in lines:
        draw_text(surface, app, line, size, app.theme.error, (box.centerx, y), "midtop")
        y += step
    return lines


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
                lines = [_("This file could not be opened:"), problem]
            y = box.top + box.height // 3
            colour = theme.error if problem else theme.text_muted
            # Wrapped, not cut: at small sizes "…right button erases" was lost.
            for line in (part for text in lines for part in wrap_text(font, text, box.width)):
                draw_text(surface, app, line, size, colour, (box.centerx, y), "midtop")
                y += font.get_linesize()
        draw_caption(surface, app, rect, label)


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


# --------------------------------------------------------------------------- photo controls

# The converter's choices, as the settings column shows them
# (values in game.core.convert.options).
METHOD_LABELS = [("auto", N_("Auto")), ("otsu", N_("Otsu")), ("threshold", N_("Threshold")),
                 ("adaptive", N_("Adaptive")), ("outline", N_("Outline")),
                 ("sketch", N_("Sketch")), ("subject", N_("Subject")),
                 ("dither", N_("Dither")), ("hsv", N_("HSV rule"))]  # fmt: skip
FIT_LABELS = [("fill", N_("Fill")), ("pad", N_("Pad")), ("stretch", N_("Stretch"))]


def _signed_percent(value: float) -> str:
    return f"{round(value * 100):+d}%" if round(value * 100) else "0%"


class PhotoControls:
    """The source panel's controls under the picture: brightness, contrast and gamma, clean
    specks, "Whole picture" (forget the frame), and the line saying what Auto chose.

    Sliders run 0..1 with the neutral value in the middle: brightness -0.5..+0.5 added to
    luminance, contrast 4**(-1..1) about mid-grey, gamma 4**(-1..1).
    """

    def __init__(self, change: Callable[..., None], whole_picture: Callable[[], None]) -> None:
        self.change = change
        self.brightness = Slider(N_("Brightness"), 0.5, self._brightness, step=0.05, font_size=17,
                                 value_text=lambda v: _signed_percent(v - 0.5),
                                 value_sample="+50%")  # fmt: skip
        self.contrast = Slider(N_("Contrast"), 0.5, self._contrast, step=0.05, font_size=17,
                               value_text=lambda v: _signed_percent(2 * v - 1),
                               value_sample="+100%")  # fmt: skip
        self.gamma = Slider(N_("Gamma"), 0.5, self._gamma, step=0.05, font_size=17,
                            value_text=lambda v: f"{4 ** (2 * v - 1):.2f}",
                            value_sample="4.00")  # fmt: skip
        self.clean = Toggle(
            N_("Clean specks"), False, lambda on: self.change(clean=on), font_size=17
        )
        self.whole = Button(N_("Whole picture"), whole_picture, font_size=16)
        self.widgets: list[Widget] = [self.brightness, self.contrast, self.gamma, self.clean,
                                      self.whole]  # fmt: skip
        self.auto_text = ""
        self.notice = ""
        self.picture_rect = pygame.Rect(0, 0, 0, 0)
        self._caption_y = 0

    def _brightness(self, value: float) -> None:
        self.change(brightness=round(max(0.0, min(1.0, value)) - 0.5, 3))

    def _contrast(self, value: float) -> None:
        self.change(contrast=round(2 * max(0.0, min(1.0, value)) - 1, 3))

    def _gamma(self, value: float) -> None:
        self.change(gamma=round(4 ** (2 * max(0.0, min(1.0, value)) - 1), 3))

    def sync(self, options: ConvertOptions, has_image: bool, framed: bool, auto_text: str,
             notice: str) -> None:  # fmt: skip
        """Show ``options``' values; enabled only with a picture."""
        self.brightness.value = options.brightness + 0.5
        self.contrast.value = (options.contrast + 1) / 2
        self.gamma.value = (math.log(options.gamma, 4) + 1) / 2
        self.clean.value = options.clean
        for widget in self.widgets:
            widget.enabled = has_image
        self.whole.enabled = has_image and framed
        self.auto_text = auto_text if has_image else ""
        self.notice = notice

    def arrange(self, panel: pygame.Rect, scale: float) -> None:
        """Controls along the bottom of the source ``panel``; the picture gets the rest, with
        "Whole picture" in its bottom-right corner (shown while there is a frame)."""
        pad = round(12 * scale)
        row = round(30 * scale)
        gap = round(4 * scale)
        caption = round(26 * scale)
        inner = panel.inflate(-2 * pad, 0)
        rows = 4
        bottom = panel.bottom - pad - caption
        top = bottom - rows * row - (rows - 1) * gap - caption
        self._caption_y = top
        y = top + caption
        for widget in (self.brightness, self.contrast, self.gamma, self.clean):
            widget.rect = pygame.Rect(inner.left, y, inner.width, row)
            y += row + gap
        self.picture_rect = pygame.Rect(inner.left, panel.top + pad, inner.width,
                                        max(10, top - panel.top - pad - gap))  # fmt: skip
        button = pygame.Rect(0, 0, round(150 * scale), row)  # 130 read "Whole pic…" at 800x600
        button.bottomright = (self.picture_rect.right - gap, self.picture_rect.bottom - gap)
        self.whole.rect = button

    def draw_caption(self, surface: pygame.Surface, app: App, panel: pygame.Rect) -> None:
        """What Auto chose (or a notice, such as touch-ups outside the frame)."""
        size = round(16 * app.ui_scale)
        font = app.fonts.get(size)
        text = self.notice or self.auto_text
        if text:
            colour = app.theme.text if self.notice else app.theme.text_muted
            draw_text(surface, app, fit_text(font, text, panel.width - round(24 * app.ui_scale)),
                      size, colour, (panel.centerx, self._caption_y + round(4 * app.ui_scale)),
                      "midtop")  # fmt: skip
