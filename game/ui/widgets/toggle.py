"""On/off switches and multiple-choice selectors for the options screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

import pygame

from game.core.i18n import _
from game.ui.input import Input, Kind
from game.ui.widgets.base import Widget, radius
from game.ui.widgets.label import Translated
from game.ui.widgets.text import draw_text

if TYPE_CHECKING:
    from game.ui.app import App

T = TypeVar("T")


class Toggle(Widget):
    """A labelled on/off switch: click, Enter, Space or Left/Right flip it."""

    # The words shown, set in English and read in the player's language.
    label = Translated()

    def __init__(
        self,
        label: str,
        value: bool,
        on_change: Callable[[bool], None],
        rect: pygame.Rect | None = None,
        font_size: int = 22,
    ) -> None:
        super().__init__(rect)
        self.label = label
        self.value = value
        self.on_change = on_change
        self.font_size = font_size

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if (
            self.enabled
            and event.kind is Kind.POINTER_DOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            return self.activate()
        return False

    def activate(self) -> bool:
        self.value = not self.value
        self.on_change(self.value)
        return True

    def adjust(self, step: int) -> bool:
        wanted = step > 0
        if wanted == self.value:
            return False
        return self.activate()

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        if self.hovered:
            pygame.draw.rect(surface, theme.button_hover, self.rect, border_radius=radius(app))
        pad = round(12 * scale)
        # A control that does not apply now (e.g. image settings on a blank canvas) is greyed.
        text = theme.text if self.enabled else theme.button_text_disabled
        draw_text(
            surface,
            app,
            self.label,
            round(self.font_size * scale),
            text,
            (self.rect.left + pad, self.rect.centery),
            "midleft",
        )
        # The switch: a pill with a knob; the word beside it says the state without colour.
        height = max(14, round(self.rect.height * 0.55))
        width = round(height * 1.9)
        pill = pygame.Rect(0, 0, width, height)
        pill.midright = (self.rect.right - pad, self.rect.centery)
        fill = theme.accent if self.value and self.enabled else theme.track
        if not self.enabled:
            fill = theme.button_disabled
        pygame.draw.rect(surface, fill, pill, border_radius=height // 2)
        pygame.draw.rect(
            surface, theme.panel_border, pill, max(1, theme.line_weight), border_radius=height // 2
        )
        knob_x = pill.right - height // 2 if self.value else pill.left + height // 2
        pygame.draw.circle(surface, theme.panel, (knob_x, pill.centery), height // 2 - 3)
        state = _("On") if self.value else _("Off")
        draw_text(
            surface,
            app,
            state,
            round(self.font_size * 0.8 * scale),
            theme.text_muted if self.enabled else theme.button_text_disabled,
            (pill.left - pad // 2, self.rect.centery),
            "midright",
        )


class Selector(Widget, Generic[T]):
    """A labelled selector among a few options, shown as ‹ value ›; click or Left/Right."""

    # The words shown, set in English and read in the player's language.
    label = Translated()

    def __init__(
        self,
        label: str,
        options: Sequence[tuple[T, str]],
        value: T,
        on_change: Callable[[T], None],
        rect: pygame.Rect | None = None,
        font_size: int = 22,
    ) -> None:
        super().__init__(rect)
        if not options:
            raise ValueError("a selector needs at least one option")
        self.label = label
        self.options = list(options)
        values = [option for option, _ in self.options]
        self.index = values.index(value) if value in values else 0
        self.on_change = on_change
        self.font_size = font_size

    @property
    def value(self) -> T:
        return self.options[self.index][0]

    def _arrow_rects(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """Left arrow, value box, right arrow: the right half of the widget."""
        side = self.rect.height
        box_width = max(side * 3, self.rect.width // 2 - side)
        right = pygame.Rect(self.rect.right - side, self.rect.top, side, side)
        box = pygame.Rect(right.left - box_width, self.rect.top, box_width, side)
        left = pygame.Rect(box.left - side, self.rect.top, side, side)
        return left, box, right

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not (
            self.enabled
            and event.kind is Kind.POINTER_DOWN
            and event.button == 1
            and self.rect.collidepoint(event.pos)
        ):
            return False
        left, _, _ = self._arrow_rects()
        return self.adjust(-1 if left.collidepoint(event.pos) else 1)

    def activate(self) -> bool:
        return self.adjust(1)

    def adjust(self, step: int) -> bool:
        self.index = (self.index + step) % len(self.options)
        self.on_change(self.value)
        return True

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        if self.hovered:
            pygame.draw.rect(surface, theme.button_hover, self.rect, border_radius=radius(app))
        pad = round(12 * scale)
        size = round(self.font_size * scale)
        text = theme.text if self.enabled else theme.button_text_disabled
        draw_text(
            surface,
            app,
            self.label,
            size,
            text,
            (self.rect.left + pad, self.rect.centery),
            "midleft",
        )
        left, box, right = self._arrow_rects()
        right = right.move(-pad, 0)
        box = box.move(-pad, 0)
        left = left.move(-pad, 0)
        draw_text(surface, app, "‹", round(size * 1.4), text, left.center, "center")
        draw_text(surface, app, "›", round(size * 1.4), text, right.center, "center")
        draw_text(
            surface,
            app,
            _(self.options[self.index][1]),
            size,
            text,
            box.center,
            "center",
            bold=True,
        )
