"""Short messages that appear at the bottom of the window and fade out by themselves.

The app owns one ``Toasts``; anything can call ``app.toast(text)``: an unreadable file, a
saved puzzle, a feature that is not there yet. Several messages stack, newest at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.widgets.base import radius
from game.ui.widgets.text import room_for_ellipsis, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

SHOW_SECONDS = 3.5
FADE_SECONDS = 0.5
MAX_SHOWN = 4
# Lines one message may take; a longer one ends its last line with "…" so it reads as cut.
MAX_LINES = 4


@dataclass
class Toast:
    text: str
    remaining: float
    error: bool = False


class Toasts:
    """The messages on screen now."""

    def __init__(self) -> None:
        self.items: list[Toast] = []

    def show(self, text: str, seconds: float = SHOW_SECONDS, error: bool = False) -> None:
        # The same message twice in a row just stays up longer instead of stacking.
        for item in self.items:
            if item.text == text:
                item.remaining = max(item.remaining, seconds)
                return
        self.items.append(Toast(text, seconds, error))
        del self.items[:-MAX_SHOWN]

    @property
    def texts(self) -> list[str]:
        return [item.text for item in self.items]

    def update(self, dt: float) -> None:
        for item in self.items:
            item.remaining -= dt
        self.items = [item for item in self.items if item.remaining > 0]

    def wake_in(self) -> float | None:
        """Seconds until a message starts fading (0.0 while one fades), None with none."""
        if not self.items:
            return None
        return max(0.0, min(item.remaining for item in self.items) - FADE_SECONDS)

    def handle_click(self, position: tuple[int, int], app: App) -> bool:
        """A click on a toast dismisses it (and is not passed to the scene under it)."""
        for item, rect in zip(self.items, self._rects(app), strict=True):
            if rect.collidepoint(position):
                self.items.remove(item)
                return True
        return False

    def _layout(self, app: App) -> list[tuple[pygame.Rect, list[str]]]:
        width, height = app.screen_size
        scale = app.ui_scale
        size = round(18 * scale)
        font = app.fonts.get(size)
        pad = round(12 * scale)
        max_width = min(width - 4 * pad, round(720 * scale))
        line_height = font.get_linesize()
        placed: list[tuple[pygame.Rect, list[str]]] = []
        bottom = height - round(24 * scale)
        for item in reversed(self.items):
            lines = _cut(font, wrap_text(font, item.text, max_width - 2 * pad), max_width - 2 * pad)
            text_width = max(font.size(line)[0] for line in lines)
            rect = pygame.Rect(0, 0, text_width + 2 * pad, line_height * len(lines) + 2 * pad)
            rect.midbottom = (width // 2, bottom)
            bottom = rect.top - pad // 2
            placed.append((rect, lines))
        placed.reverse()
        return placed

    def _rects(self, app: App) -> list[pygame.Rect]:
        return [rect for rect, _ in self._layout(app)]

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if not self.items:
            return
        theme = app.theme
        size = round(18 * app.ui_scale)
        font = app.fonts.get(size)
        pad = round(12 * app.ui_scale)
        for item, (rect, lines) in zip(self.items, self._layout(app), strict=True):
            alpha = round(255 * min(1.0, item.remaining / FADE_SECONDS))
            panel = pygame.Surface(rect.size, pygame.SRCALPHA)
            fill = theme.error if item.error else theme.toast
            pygame.draw.rect(panel, (*fill, 235), panel.get_rect(), border_radius=radius(app))
            for index, line in enumerate(lines):
                rendered = app.fonts.render(line, size, theme.toast_text)
                panel.blit(rendered, (pad, pad + index * font.get_linesize()))
            panel.set_alpha(alpha)
            surface.blit(panel, rect)


def _cut(font: pygame.font.Font, lines: list[str], width: int) -> list[str]:
    """At most :data:`MAX_LINES` lines; when some are dropped the last kept one ends in "…"
    (shortened until it fits), so a cut message never looks whole."""
    if len(lines) <= MAX_LINES:
        return lines
    last = room_for_ellipsis(font, lines[MAX_LINES - 1], width)
    return [*lines[: MAX_LINES - 1], last.rstrip() + "…"]
