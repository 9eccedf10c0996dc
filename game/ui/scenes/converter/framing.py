"""Framing on the converter screen: choose the part of the picture that becomes the puzzle.

The source picture is shown in its panel; the player drags a rectangle on it with the left
button to frame the puzzle, zooms with the mouse wheel (or + and - when focused) around the
pointer, and pans with the right or middle button (or the arrow keys). The frame is kept in
picture coordinates (fractions of its width and height, ``ConvertOptions.frame``), so zoom
and pan only change the view. What the grid really covers (with Fill, the centred box of the
grid's shape inside the frame; with Pad, the frame and its margins) is outlined, and the
rest of the picture is dimmed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt
import pygame

from game.core.convert.options import MIN_FRAME, FrameBox
from game.core.create.editor import ConverterDocument
from game.core.i18n import _, ngettext
from game.core.palette import colour_count_text
from game.ui.input import Action, Input, Kind
from game.ui.scenes.shared.editor.panels import PhotoControls, draw_caption, draw_panel
from game.ui.widgets.base import Widget
from game.ui.widgets.text import fit_text

if TYPE_CHECKING:
    from game.ui.app import App

MAX_ZOOM = 8.0
ZOOM_STEP = 1.25
# A press and release closer than this many screen pixels is a click, not a frame.
CLICK_SLOP = 6


def _clamp(value: float, low: float, high: float) -> float:
    return max(low, min(high, value))


class FramingView(Widget):
    """The picture with its frame; reports a new frame through ``on_frame`` on release."""

    def __init__(self, on_frame: Callable[[FrameBox | None], None]) -> None:
        super().__init__()
        self.on_frame = on_frame
        self.image: pygame.Surface | None = None
        self.frame: FrameBox | None = None
        # The box the grid covers, in picture fractions (may reach beyond 0..1 when padded).
        self.view_box: FrameBox | None = None
        # Said on the frame while it is the one the photo opened with (chosen, not dragged).
        self.auto_label = ""
        self.tag_rect: pygame.Rect | None = None
        # Where the tag may not go: "Whole picture", in the view's bottom-right corner.
        self.avoid: pygame.Rect | None = None
        self.zoom_rect: pygame.Rect | None = None  # the zoom tag, last drawn
        self.zoom = 1.0
        self.centre = (0.5, 0.5)
        self._drag_start: tuple[int, int] | None = None
        self._drag_now: tuple[int, int] | None = None
        self._pan_from: tuple[int, int] | None = None
        self._pointer: tuple[int, int] | None = None
        self._cache: tuple[tuple[object, ...], pygame.Surface, pygame.Rect] | None = None

    # -- content -------------------------------------------------------------------------------

    def show(self, rgb: npt.NDArray[np.uint8] | None) -> None:
        """A new picture (or none): the view starts whole, unzoomed."""
        self._cache = None
        self.zoom, self.centre = 1.0, (0.5, 0.5)
        self._drag_start = self._drag_now = self._pan_from = None
        if rgb is None:
            self.image = None
            return
        pixels = np.ascontiguousarray(rgb)
        size = (int(pixels.shape[1]), int(pixels.shape[0]))
        self.image = pygame.image.frombuffer(pixels.tobytes(), size, "RGB").copy()

    @property
    def dragging(self) -> bool:
        return self._drag_start is not None or self._pan_from is not None

    # -- geometry ------------------------------------------------------------------------------

    def _scale(self) -> float:
        """Screen pixels per picture pixel."""
        assert self.image is not None
        width, height = self.image.get_size()
        fit = min(self.rect.width / width, self.rect.height / height)
        return fit * self.zoom

    def to_screen(self, u: float, v: float) -> tuple[float, float]:
        assert self.image is not None
        width, height = self.image.get_size()
        scale = self._scale()
        return (self.rect.centerx + (u - self.centre[0]) * width * scale,
                self.rect.centery + (v - self.centre[1]) * height * scale)  # fmt: skip

    def to_picture(self, x: float, y: float) -> tuple[float, float]:
        assert self.image is not None
        width, height = self.image.get_size()
        scale = self._scale()
        return (self.centre[0] + (x - self.rect.centerx) / (width * scale),
                self.centre[1] + (y - self.rect.centery) / (height * scale))  # fmt: skip

    def _box_rect(self, box: FrameBox) -> pygame.Rect:
        left, top = self.to_screen(box[0], box[1])
        right, bottom = self.to_screen(box[2], box[3])
        return pygame.Rect(round(left), round(top), max(1, round(right - left)),
                           max(1, round(bottom - top)))  # fmt: skip

    def _keep_in_view(self) -> None:
        """Pan no further than leaves the picture's edge at the panel's edge."""
        half = 0.5 / self.zoom
        if self.zoom <= 1.0:
            self.centre = (0.5, 0.5)
        else:
            self.centre = (_clamp(self.centre[0], half, 1 - half),
                           _clamp(self.centre[1], half, 1 - half))  # fmt: skip
        self._cache = None

    def zoom_by(self, factor: float, around: tuple[int, int] | None = None) -> None:
        """Zoom keeping the picture point under ``around`` (the pointer) where it is."""
        if self.image is None:
            return
        point = around or self.rect.center
        before = self.to_picture(*point)
        self.zoom = _clamp(self.zoom * factor, 1.0, MAX_ZOOM)
        after = self.to_picture(*point)
        self.centre = (self.centre[0] + before[0] - after[0],
                       self.centre[1] + before[1] - after[1])  # fmt: skip
        self._keep_in_view()

    def pan_by(self, dx: float, dy: float) -> None:
        """Move the view by screen pixels (the picture follows the pointer)."""
        if self.image is None:
            return
        width, height = self.image.get_size()
        scale = self._scale()
        self.centre = (self.centre[0] - dx / (width * scale),
                       self.centre[1] - dy / (height * scale))  # fmt: skip
        self._keep_in_view()

    def frame_between(self, start: tuple[int, int], end: tuple[int, int]) -> FrameBox | None:
        """The frame a drag from ``start`` to ``end`` draws, clamped to the picture; None
        when it is too small to be meant (a click)."""
        if abs(end[0] - start[0]) < CLICK_SLOP and abs(end[1] - start[1]) < CLICK_SLOP:
            return None
        u0, v0 = self.to_picture(*start)
        u1, v1 = self.to_picture(*end)
        x0, x1 = sorted((_clamp(u0, 0.0, 1.0), _clamp(u1, 0.0, 1.0)))
        y0, y1 = sorted((_clamp(v0, 0.0, 1.0), _clamp(v1, 0.0, 1.0)))
        # At least the smallest frame the converter takes, grown around the drag.
        if x1 - x0 < MIN_FRAME:
            middle = _clamp((x0 + x1) / 2, MIN_FRAME / 2, 1 - MIN_FRAME / 2)
            x0, x1 = middle - MIN_FRAME / 2, middle + MIN_FRAME / 2
        if y1 - y0 < MIN_FRAME:
            middle = _clamp((y0 + y1) / 2, MIN_FRAME / 2, 1 - MIN_FRAME / 2)
            y0, y1 = middle - MIN_FRAME / 2, middle + MIN_FRAME / 2
        if x0 <= 0.001 and y0 <= 0.001 and x1 >= 0.999 and y1 >= 0.999:
            return None  # the whole picture: no frame
        return (round(x0, 4), round(y0, 4), round(x1, 4), round(y1, 4))

    # -- events --------------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if self.image is None or not self.enabled:
            return False
        if event.kind is Kind.POINTER_MOVE:
            self._pointer = event.pos
            if self._pan_from is not None:
                self.pan_by(event.pos[0] - self._pan_from[0], event.pos[1] - self._pan_from[1])
                self._pan_from = event.pos
                return True
            if self._drag_start is not None:
                self._drag_now = event.pos
                return True
            return False
        if event.kind is Kind.WHEEL:
            point = self._pointer
            if point is None or not self.rect.collidepoint(point) or event.scroll[1] == 0:
                return False
            self.zoom_by(ZOOM_STEP ** max(-8, min(8, event.scroll[1])), point)
            return True
        if event.kind is Kind.POINTER_DOWN and self.rect.collidepoint(event.pos):
            self._pointer = event.pos
            if event.button == 1:
                self._drag_start = self._drag_now = event.pos
                return True
            if event.button in (2, 3):
                self._pan_from = event.pos
                return True
            return False
        if event.kind is Kind.POINTER_UP:
            if event.button == 1 and self._drag_start is not None:
                start, self._drag_start, self._drag_now = self._drag_start, None, None
                frame = self.frame_between(start, event.pos)
                if frame is not None:
                    self.on_frame(frame)
                return True
            if event.button in (2, 3) and self._pan_from is not None:
                self._pan_from = None
                return True
        if event.kind is Kind.PRESS and self.focused:
            return self._handle_key(event)
        return False

    def _handle_key(self, event: Input) -> bool:
        step = max(10, self.rect.width // 10)
        moves = {Action.LEFT: (step, 0), Action.RIGHT: (-step, 0),
                 Action.UP: (0, step), Action.DOWN: (0, -step)}  # fmt: skip
        if event.pressed(Action.ZOOM_IN):
            self.zoom_by(ZOOM_STEP)
            return True
        if event.pressed(Action.ZOOM_OUT):
            self.zoom_by(1 / ZOOM_STEP)
            return True
        move = event.action(*moves)
        if move is not None and self.zoom > 1.0:
            self.pan_by(*moves[move])
            return True
        return False

    def adjust(self, step: int) -> bool:
        return False

    # -- drawing -------------------------------------------------------------------------------

    def _visible(self) -> tuple[pygame.Surface, pygame.Rect]:
        """The part of the picture in view, scaled for the panel (cached per view)."""
        assert self.image is not None
        key = (self.rect.size, self.rect.topleft, round(self.zoom, 4),
               round(self.centre[0], 5), round(self.centre[1], 5))  # fmt: skip
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1], self._cache[2]
        width, height = self.image.get_size()
        left, top = self.to_picture(*self.rect.topleft)
        right, bottom = self.to_picture(*self.rect.bottomright)
        x0, y0 = max(0, int(left * width)), max(0, int(top * height))
        x1, y1 = min(width, int(np.ceil(right * width))), min(height, int(np.ceil(bottom * height)))
        part = self.image.subsurface(pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0)))
        sx0, sy0 = self.to_screen(x0 / width, y0 / height)
        sx1, sy1 = self.to_screen(x1 / width, y1 / height)
        placed = pygame.Rect(round(sx0), round(sy0), max(1, round(sx1 - sx0)),
                             max(1, round(sy1 - sy0)))  # fmt: skip
        scaled = pygame.transform.smoothscale(part, placed.size)
        self._cache = (key, scaled, placed)
        return scaled, placed

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if self.image is None:
            return
        theme = app.theme
        weight = max(2, round(2 * app.ui_scale))
        scaled, placed = self._visible()
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        surface.blit(scaled, placed)
        if self.view_box is not None:
            # Dim the picture outside what the grid covers (pad margins lie off the picture).
            covered = self._box_rect(self.view_box)
            shown = placed.clip(self.rect)
            shade = pygame.Surface(shown.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 110))
            shade.fill((0, 0, 0, 0), covered.move(-shown.left, -shown.top))
            surface.blit(shade, shown.topleft)
            pygame.draw.rect(surface, theme.accent, covered, weight)
        if self.frame is not None:
            pygame.draw.rect(surface, theme.text, self._box_rect(self.frame), 1)
        if self._drag_start is not None and self._drag_now is not None:
            band = pygame.Rect(self._drag_start, (0, 0)).union(pygame.Rect(self._drag_now, (0, 0)))
            pygame.draw.rect(surface, theme.accent, band, weight)
        elif self.auto_label and self.frame is not None:
            self._draw_tag(surface, app, self._box_rect(self.frame).clip(self.rect))
        surface.set_clip(clip)
        if self.focused and self.zoom > 1.0:
            # On a dark tag inside the view: grey text on the photo, crossed by the frame's
            # line, could not be read.
            text = f"{self.zoom:.1f}x"
            pad = round(4 * app.ui_scale)
            rendered = app.fonts.render(text, round(14 * app.ui_scale), (255, 255, 255))
            tag = rendered.get_rect().inflate(2 * pad, 2 * pad)
            tag.topright = (self.rect.right - pad, self.rect.top + pad)
            shade = pygame.Surface(tag.size, pygame.SRCALPHA)
            shade.fill((0, 0, 0, 170))
            surface.blit(shade, tag.topleft)
            surface.blit(rendered, rendered.get_rect(center=tag.center))
            self.zoom_rect = tag

    def _draw_tag(self, surface: pygame.Surface, app: App, box: pygame.Rect) -> None:
        """``auto_label`` on a dark tag just under ``box`` (the automatic frame), inside the
        view; the tag's rectangle is kept in ``tag_rect``."""
        size = round(14 * app.ui_scale)
        pad = round(4 * app.ui_scale)
        text = fit_text(app.fonts.get(size), self.auto_label, self.rect.width - 2 * pad)
        rendered = app.fonts.render(text, size, (255, 255, 255))
        tag = pygame.Rect(0, 0, rendered.get_width() + 2 * pad, rendered.get_height() + 2 * pad)
        tag.left = max(self.rect.left, min(box.left, self.rect.right - tag.width))
        tag.top = box.bottom + 1
        if tag.bottom > self.rect.bottom:  # no room under the frame: inside its bottom edge
            tag.bottom = box.bottom - 1
        if self.avoid is not None and tag.colliderect(self.avoid):
            # A frame down to the picture's bottom put the tag under "Whole picture", which
            # covered its end ("Auto frame: drag to re", QA): over the frame's top instead,
            # or inside its top edge when the frame starts at the view's top.
            tag.bottom = box.top - 1
            if tag.top < self.rect.top:
                tag.top = box.top + 1
        shade = pygame.Surface(tag.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 170))
        surface.blit(shade, tag.topleft)
        surface.blit(rendered, rendered.get_rect(center=tag.center))
        self.tag_rect = tag


def follow_auto_frame(document: ConverterDocument, changes: dict[str, object]) -> None:
    """A new size keeps the frame a photo opened with in the grid's shape (``changes`` gets
    the new frame) until the player drags one of their own."""
    old, converter = document.options, document.converter
    if converter is None or "frame" in changes or not {"width", "height"} & changes.keys():
        return
    if old.frame is None or old.frame != converter.auto_frame(old.width, old.height):
        return
    width, height = changes.get("width", old.width), changes.get("height", old.height)
    if isinstance(width, int) and isinstance(height, int):
        changes["frame"] = converter.auto_frame(width, height)


class PhotoSide:
    """The source panel of a loaded picture: the framing view above, the photo controls
    below, what Auto chose (or a notice) between. The scene hands it option changes through
    ``change`` (keyword arguments of ConvertOptions) and asks it to sync after each."""

    def __init__(self, change: Callable[..., None]) -> None:
        self.change = change
        self.view = FramingView(lambda frame: self.change(frame=frame))
        self.controls = PhotoControls(change, self.whole_picture)
        self.widgets: list[Widget] = [self.view, *self.controls.widgets]

    def whole_picture(self) -> None:
        """Forget the frame and the zoom: the whole picture becomes the puzzle again."""
        self.view.zoom, self.view.centre = 1.0, (0.5, 0.5)
        self.view._keep_in_view()
        self.change(frame=None)

    def show(self, rgb: npt.NDArray[np.uint8] | None) -> None:
        self.view.show(rgb)

    def sync(self, document: ConverterDocument) -> None:
        has_image = document.mode == "image" and document.converter is not None
        options = document.options
        auto_text = notice = ""
        if has_image:
            assert document.converter is not None
            converter = document.converter
            self.view.frame = options.frame
            self.view.view_box = converter.view_box(options)
            automatic = converter.auto_frame(options.width, options.height)
            opened = options.frame is not None and options.frame == automatic
            zoomed = opened and converter.zoomed_on_small_subject(options.width, options.height)
            if zoomed:  # the choice shown: "Whole picture" (or a drag) takes it back
                self.view.auto_label = _("Zoomed on the subject: drag to reframe")
            else:
                self.view.auto_label = _("Auto frame: drag to reframe") if opened else ""
            suggested = converter.suggested_width(options) if options.frame else None
            if suggested is not None and max(options.width, options.height) < suggested:
                notice = _("The subject reads from {count} cells wide").format(count=suggested)
            if options.in_colour:  # the methods do not apply: say what the palette is
                count = len(document.swatches)
                how = _(", Auto's choice") if options.colours == "auto" else ""
                auto_text = (
                    _("{colours} + bg").format(colours=colour_count_text(count)) + how
                    if count
                    else ""
                )
            elif options.method == "auto":
                auto_text = converter.choice(options).text
            hidden = document.hidden_touchups
            if hidden:
                # Short enough for the panel's width at 1280x800 (the longer "(kept for
                # when it is back)" was cut to "kept for when…").
                notice = ngettext(
                    "{count} touch-up kept outside the frame",
                    "{count} touch-ups kept outside the frame",
                    hidden,
                ).format(count=hidden)
        self.view.enabled = has_image
        self.controls.sync(options, has_image, options.frame is not None, auto_text, notice)
        if options.in_colour:  # the tone acts on luminance: the colour palette ignores it
            for slider in (self.controls.brightness, self.controls.contrast, self.controls.gamma):
                slider.enabled = False

    def hidden(self, widget: Widget) -> bool:
        """The photo controls show with a picture; "Whole picture" only while framed."""
        if self.view.image is None:
            return True
        return widget is self.controls.whole and not self.controls.whole.enabled

    def arrange(self, panel: pygame.Rect, scale: float) -> None:
        self.controls.arrange(panel, scale)
        self.view.rect = self.controls.picture_rect
        self.view.avoid = self.controls.whole.rect
        self.view._cache = None

    def draw(self, surface: pygame.Surface, app: App, panel: pygame.Rect, label: str,
             problem: str) -> bool:  # fmt: skip
        """The panel with the picture; False (nothing drawn) when there is no picture."""
        if self.view.image is None:
            return False
        draw_panel(surface, app, panel)
        self.view.draw(surface, app)
        self.controls.draw_caption(surface, app, panel)  # the scene draws the widgets
        draw_caption(surface, app, panel, label)
        return True
