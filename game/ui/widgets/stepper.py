"""A labelled whole-number control: − value +, Left/Right, or the mouse wheel over it."""

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


class NumberStepper(Widget):
    """A value between ``minimum`` and ``maximum``; ``on_change(value)`` after each change."""

    # The words shown, set in English and read in the player's language.
    label = Translated()

    def __init__(
        self,
        label: str,
        value: int,
        minimum: int,
        maximum: int,
        on_change: Callable[[int], None],
        rect: pygame.Rect | None = None,
        font_size: int = 20,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.minimum = minimum
        self.maximum = maximum
        self.value = max(minimum, min(maximum, value))
        self.on_change = on_change
        self.font_size = font_size

    def set_value(self, value: int, notify: bool = True) -> bool:
        value = max(self.minimum, min(self.maximum, int(value)))
        if value == self.value:
            return False
        self.value = value
        if notify:
            self.on_change(value)
        return True

    def _parts(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """The minus button, the value box and the plus button, at the right end."""
        side = self.rect.height
        plus = pygame.Rect(self.rect.right - side, self.rect.top, side, side)
        box = pygame.Rect(plus.left - round(side * 1.3), self.rect.top, round(side * 1.3), side)
        minus = pygame.Rect(box.left - side, self.rect.top, side, side)
        return minus, box, plus

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not self.enabled:
            return False
        if event.down():
            minus, _, plus = self._parts()
            if minus.collidepoint(event.pos):
                return self.adjust(-1) or True
            if plus.collidepoint(event.pos):
                return self.adjust(1) or True
        elif event.kind is Kind.WHEEL and self.hovered:
            return self.adjust(1 if event.scroll[1] > 0 else -1) or True
        return False

    def adjust(self, step: int) -> bool:
        return self.set_value(self.value + step)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        if self.hovered and self.enabled:
            pygame.draw.rect(surface, theme.button_hover, self.rect, border_radius=radius(app))
        colour = theme.text if self.enabled else theme.button_text_disabled
        size = round(self.font_size * scale)
        pad = round(12 * scale)
        draw_text(surface, app, self.label, size, colour,
                  (self.rect.left + pad, self.rect.centery), "midleft")  # fmt: skip
        minus, box, plus = self._parts()
        for part, sign, usable in (
            (minus, "−", self.value > self.minimum),
            (plus, "+", self.value < self.maximum),
        ):
            button = part.inflate(-4, -4)
            fill = theme.button if self.enabled and usable else theme.button_disabled
            pygame.draw.rect(surface, fill, button, border_radius=radius(app))
            pygame.draw.rect(surface, theme.panel_border, button, 1, border_radius=radius(app))
            text = theme.button_text if self.enabled and usable else theme.button_text_disabled
            draw_text(surface, app, sign, round(size * 1.2), text, button.center, "center")
        draw_text(surface, app, str(self.value), size, colour, box.center, "center", bold=True)
