"""A vertical scrolling area: content taller than its viewport, moved by wheel, keys or bar.

The owner lays its content out in "content coordinates" (0 at the top of the content) and
draws it shifted by ``-offset``. ``ensure_visible`` scrolls so that a focused item shows.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.ui.input import Input, Kind

if TYPE_CHECKING:
    from game.ui.app import App

WHEEL_STEP = 60  # pixels per wheel notch at scale 1


class ScrollArea:
    def __init__(self, viewport: pygame.Rect | None = None) -> None:
        self.viewport = pygame.Rect(viewport) if viewport else pygame.Rect(0, 0, 0, 0)
        self.content_height = 0
        self.offset = 0.0
        self._dragging_bar = False
        self._drag_start = (0, 0.0)

    @property
    def max_offset(self) -> float:
        return float(max(0, self.content_height - self.viewport.height))

    def scroll_by(self, pixels: float) -> bool:
        before = self.offset
        self.offset = max(0.0, min(self.max_offset, self.offset + pixels))
        return self.offset != before

    def scroll_to(self, offset: float) -> None:
        self.offset = max(0.0, min(self.max_offset, offset))

    def clamp(self) -> None:
        self.scroll_to(self.offset)

    def ensure_visible(self, top: int, bottom: int, margin: int = 0) -> None:
        """Scroll the least amount that shows content rows ``top``..``bottom``."""
        if top - margin < self.offset:
            self.scroll_to(top - margin)
        elif bottom + margin > self.offset + self.viewport.height:
            self.scroll_to(bottom + margin - self.viewport.height)

    def to_content(self, position: tuple[int, int]) -> tuple[int, int]:
        """A screen position as content coordinates (x relative to the viewport's left)."""
        return (
            position[0] - self.viewport.left,
            round(position[1] - self.viewport.top + self.offset),
        )

    def bar_rect(self, width: int) -> pygame.Rect | None:
        if self.max_offset <= 0 or self.viewport.height <= 0:
            return None
        share = self.viewport.height / self.content_height
        height = max(width * 2, round(self.viewport.height * share))
        travel = self.viewport.height - height
        top = self.viewport.top + round(travel * self.offset / self.max_offset)
        return pygame.Rect(self.viewport.right - width, top, width, height)

    def handle(self, event: Input, app: App) -> bool:
        """Wheel over the viewport and dragging the bar."""
        if event.kind is Kind.WHEEL:
            if self.viewport.collidepoint(app.mouse_pos):
                return self.scroll_by(-event.scroll[1] * WHEEL_STEP * app.ui_scale) or True
            return False
        bar = self.bar_rect(self.bar_width(app))
        if event.down() and bar is not None:
            hit = bar.inflate(8, 0)
            if hit.collidepoint(event.pos):
                self._dragging_bar = True
                self._drag_start = (event.pos[1], self.offset)
                return True
        elif event.kind is Kind.POINTER_MOVE and self._dragging_bar and bar is not None:
            travel = max(1, self.viewport.height - bar.height)
            moved = event.pos[1] - self._drag_start[0]
            self.scroll_to(self._drag_start[1] + moved * self.max_offset / travel)
            return True
        elif event.up() and self._dragging_bar:
            self._dragging_bar = False
            return True
        return False

    @staticmethod
    def bar_width(app: App) -> int:
        return max(6, round(8 * app.ui_scale))

    def draw_bar(self, surface: pygame.Surface, app: App) -> None:
        bar = self.bar_rect(self.bar_width(app))
        if bar is None:
            return
        track = pygame.Rect(bar.left, self.viewport.top, bar.width, self.viewport.height)
        pygame.draw.rect(surface, app.theme.button, track, border_radius=bar.width // 2)
        pygame.draw.rect(surface, app.theme.text_muted, bar, border_radius=bar.width // 2)
