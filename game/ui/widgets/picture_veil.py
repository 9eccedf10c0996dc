"""A veil over a puzzle's picture until the player asks to see it.

Issue 35: opening a puzzle file in Create showed its solved picture at once, spoiling a
book's puzzle before it was played. :class:`PictureVeil` is a widget laid over the picture
(its ``rect``): while the picture is hidden it covers it with the panel colour, a line saying
why and a "Show the picture" button, swallows the clicks meant for the picture below (no
touch-up of a picture not seen), and Enter on it (it takes the keyboard focus) shows it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.ui.input import Input, Kind
from game.ui.widgets.base import Widget, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

SHOW_LABEL = N_("Show the picture")
PUZZLE_FILE_NOTE = N_(
    "This puzzle's picture is hidden, so it is not spoiled. Play now solves it blind; "
    "show the picture to edit it."
)
MOUSE_EVENTS = (Kind.POINTER_DOWN, Kind.POINTER_UP, Kind.POINTER_MOVE)


class PictureVeil(Widget):
    """Hides the picture under ``rect`` while :attr:`hidden`; ``on_show`` runs once shown."""

    def __init__(self, on_show: Callable[[], None], note: str = PUZZLE_FILE_NOTE) -> None:
        super().__init__(enabled=False)
        self.on_show = on_show
        self.note = note
        self.button = Button(SHOW_LABEL, self.show, primary=True, font_size=18)

    @property
    def hidden(self) -> bool:
        """The picture is hidden (the veil is up)."""
        return self.enabled

    def hide(self) -> None:
        self.enabled = True

    def show(self) -> None:
        if not self.enabled:
            return
        self.enabled = False
        self.on_show()

    def lift(self) -> None:
        """Drop the veil without telling anyone: another picture, nothing to hide."""
        self.enabled = False

    def activate(self) -> bool:
        if not self.enabled:
            return False
        self.show()
        return True

    def handle(self, event: Input) -> bool:
        if not self.enabled:
            return False
        if event.kind in MOUSE_EVENTS:
            used = self.button.handle(event)
            inside = self.rect.collidepoint(event.pos)
            # Clicks on the hidden picture stop here; motion passes on (hover elsewhere).
            return used or (inside and event.kind is not Kind.POINTER_MOVE)
        return False

    def draw(self, surface: pygame.Surface, app: App) -> None:
        if not self.enabled or self.rect.width <= 0 or self.rect.height <= 0:
            return
        theme = app.theme
        scale = app.ui_scale
        pygame.draw.rect(surface, theme.panel, self.rect, border_radius=radius(app))
        pygame.draw.rect(surface, theme.panel_border, self.rect, 1, border_radius=radius(app))
        size = round(17 * scale)
        width = max(1, self.rect.width - round(40 * scale))
        lines = wrap_text(app.fonts.get(size), _(self.note), width)
        line_height = app.fonts.get(size).get_linesize()
        button_w = min(width, round(220 * scale))
        button_h = round(44 * scale)
        gap = round(14 * scale)
        total = len(lines) * line_height + gap + button_h
        y = self.rect.centery - total // 2
        for line in lines:
            draw_text(surface, app, line, size, theme.text_muted, (self.rect.centerx, y), "midtop")
            y += line_height
        self.button.rect = pygame.Rect(0, y + gap, button_w, button_h)
        self.button.rect.centerx = self.rect.centerx
        self.button.draw(surface, app)
