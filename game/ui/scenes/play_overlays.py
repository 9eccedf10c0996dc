"""Modal panels over the play screen: the pause menu and yes/no confirmations.

A panel dims the game behind it and takes every mouse and key event while it is open (focus
events still reach the play scene, which owns the clock). Up/Down or Tab move between the
buttons, Enter activates, Esc does the panel's "cancel" (Resume, for the pause menu).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.widgets.base import FocusGroup, Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

Action = Callable[[], None]

_DIM_ALPHA = 150


@dataclass(frozen=True)
class Choice:
    label: str
    action: Action
    primary: bool = False


class ModalPanel:
    """A titled panel with a message and a column of buttons."""

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        choices: Sequence[Choice],
        on_cancel: Action,
        name: str = "",
    ) -> None:
        self.app = app
        self.title = title
        self.message = message
        self.on_cancel = on_cancel
        self.name = name  # what the panel is ("pause", "reset"...), for tests and screenshots
        self.buttons = [
            Button(choice.label, choice.action, primary=choice.primary, font_size=22)
            for choice in choices
        ]
        self.focus = FocusGroup(self.buttons)
        self._size = (0, 0)
        self._veil = Veil(_DIM_ALPHA)
        self.panel_rect = pygame.Rect(0, 0, 0, 0)

    def button(self, label: str) -> Button:
        for button in self.buttons:
            if button.label == label:
                return button
        raise KeyError(label)

    def _place(self, size: tuple[int, int]) -> None:
        if size == self._size:
            return
        self._size = size
        app = self.app
        width = app.scaled(380)
        button_h = app.scaled(46)
        gap = app.scaled(10)
        pad = app.scaled(24)
        title_h = app.scaled(44)
        lines = self._message_lines(width - 2 * pad)
        message_h = len(lines) * app.fonts.get(app.scaled(18)).get_linesize()
        height = pad + title_h + message_h + (gap if lines else 0)
        height += len(self.buttons) * (button_h + gap) - gap + pad
        self.panel_rect = pygame.Rect(0, 0, width, height)
        self.panel_rect.center = (size[0] // 2, size[1] // 2)
        y = self.panel_rect.y + pad + title_h + message_h + (gap if lines else 0)
        for button in self.buttons:
            button.rect = pygame.Rect(self.panel_rect.x + pad, y, width - 2 * pad, button_h)
            y += button_h + gap

    def _message_lines(self, width: int) -> list[str]:
        if not self.message:
            return []
        return wrap_text(self.app.fonts.get(self.app.scaled(18)), self.message, width)

    def handle(self, event: pygame.event.Event) -> bool:
        self._place(self.app.screen_size)
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_cancel()
            return True
        if event.type in (pygame.KEYDOWN, pygame.KEYUP, pygame.MOUSEBUTTONDOWN,
                          pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):  # fmt: skip
            self.focus.handle(event)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        self._place(surface.get_size())
        self._veil.draw(surface)
        theme = app.theme
        corner = radius(app)
        pygame.draw.rect(surface, theme.panel, self.panel_rect, border_radius=corner)
        pygame.draw.rect(
            surface, theme.panel_border, self.panel_rect, max(1, theme.line_weight),
            border_radius=corner,
        )  # fmt: skip
        pad = app.scaled(24)
        title = app.fonts.render(self.title, app.scaled(28), theme.text, True)
        surface.blit(
            title, title.get_rect(midtop=(self.panel_rect.centerx, self.panel_rect.y + pad))
        )
        size = app.scaled(18)
        line_h = app.fonts.get(size).get_linesize()
        y = self.panel_rect.y + pad + app.scaled(44)
        for line in self._message_lines(self.panel_rect.w - 2 * pad):
            rendered = app.fonts.render(line, size, theme.text_muted)
            surface.blit(rendered, rendered.get_rect(midtop=(self.panel_rect.centerx, y)))
            y += line_h
        self.focus.draw(surface, app)
