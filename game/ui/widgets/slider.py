"""A horizontal slider for a value between 0 and 1 (e.g. the sound volume)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.ui.input import Input, Kind
from game.ui.widgets.base import Widget, radius
from game.ui.widgets.label import Translated
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.ui.app import App


class Slider(Widget):
    """Drag the knob, click the track, or press Left/Right (steps of ``step``)."""

    # The words shown, set in English and read in the player's language.
    label = Translated()

    def __init__(
        self,
        label: str,
        value: float,
        on_change: Callable[[float], None],
        rect: pygame.Rect | None = None,
        step: float = 0.1,
        font_size: int = 22,
        value_text: Callable[[float], str] | None = None,
        value_sample: str | None = None,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.value = max(0.0, min(1.0, value))
        self.on_change = on_change
        self.step = step
        self.font_size = font_size
        # How the value is written beside the track (a percentage unless told otherwise).
        self.value_text = value_text
        # The widest value text, so the room kept for it does not change as the value does.
        self.value_sample = value_sample
        self.dragging = False
        # Pixels from the left edge the label and the value need, found when drawn: text is
        # never smaller than readable, so on a small window the track gives way to it.
        self._text_room = 0

    def track(self) -> pygame.Rect:
        """The part of the widget the knob moves along: its right half, or less when the
        label and the value need more room (but never shorter than a third)."""
        height = max(6, self.rect.height // 6)
        right = self.rect.right - self.rect.height // 2
        width = self.rect.width // 2 - self.rect.height // 2
        width = min(width, right - self.rect.left - self._text_room)
        width = max(width, self.rect.width // 3, 10)
        track = pygame.Rect(0, 0, width, height)
        track.midright = (right, self.rect.centery)
        return track

    def _value_string(self) -> str:
        return self.value_text(self.value) if self.value_text else f"{round(self.value * 100)}%"

    def text_room(self, app: App) -> int:
        """Pixels from the left edge that the label and the widest value need."""
        self._measure(app, round(12 * app.ui_scale))
        return self._text_room

    def _measure(self, app: App, pad: int) -> tuple[int, int]:
        """The label's and the value's widths; sets the room the track leaves them."""
        scale = app.ui_scale
        label_w = app.fonts.get(round(self.font_size * scale)).size(self.label)[0]
        value_font = app.fonts.get(round(self.font_size * 0.8 * scale))
        value_w = max(value_font.size(self._value_string())[0], value_font.size("100%")[0])
        if self.value_sample:
            value_w = max(value_w, value_font.size(self.value_sample)[0])
        self._text_room = pad + label_w + pad + value_w + pad
        return label_w, value_w

    def _set(self, value: float) -> bool:
        value = round(max(0.0, min(1.0, value)), 3)
        if value == self.value:
            return False
        self.value = value
        self.on_change(value)
        return True

    def _value_at(self, x: int) -> float:
        track = self.track()
        return (x - track.left) / max(1, track.width)

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not self.enabled:
            return False
        if event.down():
            if self.track().inflate(0, self.rect.height).collidepoint(event.pos):
                self.dragging = True
                self._set(self._value_at(event.pos[0]))
                return True
        elif event.kind is Kind.POINTER_MOVE and self.dragging:
            self._set(self._value_at(event.pos[0]))
            return True
        elif event.up() and self.dragging:
            self.dragging = False
            return True
        return False

    def adjust(self, step: int) -> bool:
        return self._set(self.value + step * self.step)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        if self.hovered:
            pygame.draw.rect(surface, theme.button_hover, self.rect, border_radius=radius(app))
        pad = round(12 * scale)
        # Greyed while it does not apply (the volume with the sound off, say).
        text = theme.text if self.enabled else theme.button_text_disabled
        ink = theme.accent if self.enabled else theme.button_text_disabled
        label_w, value_w = self._measure(app, pad)
        track = self.track()
        # Too narrow for both: the value (which says what it is) stays, the label goes.
        if self.rect.left + pad + label_w + pad <= track.left - pad - value_w:
            draw_text(
                surface,
                app,
                self.label,
                round(self.font_size * scale),
                text,
                (self.rect.left + pad, self.rect.centery),
                "midleft",
            )
        pygame.draw.rect(surface, theme.track, track, border_radius=track.height // 2)
        done = track.copy()
        done.width = round(track.width * self.value)
        pygame.draw.rect(surface, ink, done, border_radius=track.height // 2)
        knob = (done.right, track.centery)
        knob_radius = max(6, self.rect.height // 4)
        pygame.draw.circle(surface, theme.panel, knob, knob_radius)
        pygame.draw.circle(surface, ink, knob, knob_radius, max(2, theme.line_weight + 1))
        draw_text(
            surface,
            app,
            self._value_string(),
            round(self.font_size * 0.8 * scale),
            theme.text_muted if self.enabled else theme.button_text_disabled,
            (track.left - pad, self.rect.centery),
            "midright",
        )
