"""The widget base class and a focus group that gives a set of widgets keyboard control.

Widgets are plain objects with a ``rect`` the owning scene sets (layouts are recomputed when
the window changes size), ``handle(event) -> bool`` and ``draw(surface, app)``. A
``FocusGroup`` routes mouse events to every widget and keyboard events to the focused one:
Up/Down or Tab move the focus, Enter or Space activate, Left/Right adjust.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from game.ui.input import Action, Input, Kind

if TYPE_CHECKING:
    from game.ui.app import App

ACTIVATE = (Action.CONFIRM, Action.SELECT)


class Widget:
    """Something on screen that can be drawn and may react to events."""

    focusable = True

    def __init__(self, rect: pygame.Rect | None = None, enabled: bool = True) -> None:
        self.rect = pygame.Rect(rect) if rect is not None else pygame.Rect(0, 0, 0, 0)
        self.enabled = enabled
        self.hovered = False
        self.focused = False

    def handle(self, event: Input) -> bool:
        """React to one event; True when it was used."""
        if event.kind is Kind.POINTER_MOVE:
            self.hovered = self.enabled and self.rect.collidepoint(event.pos)
        return False

    def activate(self) -> bool:
        """The keyboard's Enter: do what a click would do. True when something happened."""
        return False

    def adjust(self, step: int) -> bool:
        """The keyboard's Left (-1) / Right (+1); True when the value changed."""
        return False

    def draw(self, surface: pygame.Surface, app: App) -> None:
        """Draw the widget inside ``self.rect``."""


class FocusGroup:
    """A list of widgets with one keyboard focus among the enabled, focusable ones."""

    def __init__(self, widgets: Sequence[Widget] = (), wrap: bool = True) -> None:
        self.widgets: list[Widget] = list(widgets)
        self.wrap = wrap
        self.focus_index = -1
        # The focus ring shows only after the keyboard was used, as in most desktop apps.
        self.show_focus = False
        self._first_focus()

    def _focusable(self, widget: Widget) -> bool:
        return widget.focusable and widget.enabled

    def _first_focus(self) -> None:
        for index, widget in enumerate(self.widgets):
            if self._focusable(widget):
                self.set_focus(index)
                return
        self.focus_index = -1

    @property
    def focused(self) -> Widget | None:
        if 0 <= self.focus_index < len(self.widgets):
            return self.widgets[self.focus_index]
        return None

    def set_focus(self, index: int) -> None:
        for position, widget in enumerate(self.widgets):
            widget.focused = position == index
        self.focus_index = index

    def focus_widget(self, widget: Widget) -> None:
        if widget in self.widgets:
            self.set_focus(self.widgets.index(widget))

    def move_focus(self, step: int) -> bool:
        count = len(self.widgets)
        if count == 0:
            return False
        index = self.focus_index
        for _ in range(count):
            index += step
            if not self.wrap and not 0 <= index < count:
                return False
            index %= count
            if self._focusable(self.widgets[index]):
                self.set_focus(index)
                return True
        return False

    def handle(self, event: Input) -> bool:
        if event.kind in (
            Kind.POINTER_MOVE,
            Kind.POINTER_DOWN,
            Kind.POINTER_UP,
            Kind.WHEEL,
        ):
            if event.kind is Kind.POINTER_MOVE:
                self.show_focus = False
            used = False
            for index, widget in enumerate(self.widgets):
                if widget.handle(event):
                    used = True
                    if event.kind is Kind.POINTER_DOWN and self._focusable(widget):
                        self.set_focus(index)
            return used
        if event.kind is Kind.PRESS:
            return self._handle_key(event)
        focused = self.focused
        return focused.handle(event) if focused is not None else False

    def _handle_key(self, event: Input) -> bool:
        focused = self.focused
        if focused is not None and focused.enabled and focused.handle(event):
            self.show_focus = True
            return True
        used = False
        if event.pressed(Action.DOWN, Action.FOCUS_NEXT):
            used = self.move_focus(1)
        elif event.pressed(Action.UP, Action.FOCUS_PREVIOUS):
            used = self.move_focus(-1)
        elif event.pressed(*ACTIVATE) and focused is not None and focused.enabled:
            used = focused.activate()
        elif event.pressed(Action.LEFT, Action.RIGHT) and focused is not None:
            used = focused.enabled and focused.adjust(-1 if event.pressed(Action.LEFT) else 1)
        if used:
            self.show_focus = True
        return used

    def refresh(self) -> None:
        """Call after enabling or disabling widgets: moves the focus off a disabled one."""
        focused = self.focused
        if focused is None or not self._focusable(focused):
            self._first_focus()

    def draw(self, surface: pygame.Surface, app: App) -> None:
        for widget in self.widgets:
            widget.draw(surface, app)
        focused = self.focused
        if self.show_focus and focused is not None and focused.enabled:
            draw_focus_ring(surface, app, focused.rect)


def draw_focus_ring(surface: pygame.Surface, app: App, rect: pygame.Rect) -> None:
    width = max(2, round(3 * app.ui_scale))
    ring = rect.inflate(width * 2 + 2, width * 2 + 2)
    pygame.draw.rect(surface, app.theme.focus_ring, ring, width, border_radius=radius(app) + width)


def draw_card_focus_ring(surface: pygame.Surface, app: App, rect: pygame.Rect) -> None:
    """The keyboard focus around a card or a pack row: hugging it closer than a widget's."""
    pygame.draw.rect(
        surface,
        app.theme.focus_ring,
        rect.inflate(6, 6),
        max(2, round(3 * app.ui_scale)),
        border_radius=radius(app) + 3,
    )


def radius(app: App) -> int:
    """The corner radius of buttons and panels at the current scale."""
    return max(3, round(8 * app.ui_scale))


class Veil:
    """A translucent black sheet laid over the whole screen behind an overlay.

    The sheet is made once and remade only when the screen size changes, so an overlay
    costs one blit a frame.
    """

    def __init__(self, alpha: int) -> None:
        self.alpha = alpha
        self._sheet: pygame.Surface | None = None

    def draw(self, surface: pygame.Surface) -> None:
        if self._sheet is None or self._sheet.get_size() != surface.get_size():
            self._sheet = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            self._sheet.fill((0, 0, 0, self.alpha))
        surface.blit(self._sheet, (0, 0))
