"""The play screen's tool rail: a column of small buttons beside the board that a player finds
without reading a manual: hide or show the side panel, zoom in, zoom out, fit the board, and
scroll a zoomed board. Each says what it does (and its key) in a tip while the pointer rests
on it.

The rail only calls the scene's own actions (``toggle_panel``, ``zoom``, ``fit``,
``pan_step``), the same ones the keys and the mouse reach.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.ui.input import Input
from game.ui.widgets.base import radius
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene

RAIL_FONT = 17  # design pixels, scaled with the window like every button


@dataclass
class RailButton:
    """One rail button and the tip it shows while hovered."""

    button: Button
    tip: str
    group: int  # buttons of one group sit together; a gap parts the groups


class PlayRail:
    """The rail's buttons for one play scene: placed in ``regions.tool_rail``."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene

        def button(label: str, action: Callable[[], None]) -> Button:
            return Button(label, action, font_size=RAIL_FONT)

        self.panel_button = button("»", scene.toggle_panel)
        self.zoom_in_button = button("+", partial(scene.zoom_centre, 1))
        self.zoom_out_button = button("−", partial(scene.zoom_centre, -1))
        self.fit_button = button(N_("Fit"), scene.fit)
        self.pan_buttons = {
            direction: button(label, partial(scene.pan_step, *direction))
            for direction, label in (((0, -1), "↑"), ((-1, 0), "←"), ((1, 0), "→"), ((0, 1), "↓"))
        }
        self.items = [
            RailButton(self.panel_button, "", 0),
            RailButton(self.zoom_in_button, N_("Zoom in (+ or Ctrl+wheel)"), 1),
            RailButton(self.zoom_out_button, N_("Zoom out (−)"), 1),
            RailButton(self.fit_button, N_("Fit the whole board (0)"), 1),
        ]
        tips = {
            (0, -1): N_("Scroll up (wheel, or drag: middle button or Space+left)"),
            (-1, 0): N_("Scroll left (Shift+wheel, or drag: middle button or Space+left)"),
            (1, 0): N_("Scroll right (Shift+wheel, or drag: middle button or Space+left)"),
            (0, 1): N_("Scroll down (wheel, or drag: middle button or Space+left)"),
        }
        for direction, pan in self.pan_buttons.items():
            self.items.append(RailButton(pan, tips[direction], 2))

    @property
    def buttons(self) -> list[Button]:
        return [item.button for item in self.items]

    def place(self) -> None:
        """Stack the buttons down the rail, square, a gap between the groups."""
        scene = self.scene
        rail = scene.regions.tool_rail
        side = rail.w
        gap = max(3, side // 8)
        y = rail.y
        group = 0
        for item in self.items:
            if item.group != group:
                y += side // 2
                group = item.group
            item.button.rect = pygame.Rect(rail.x, y, side, side)
            y += side + gap

    def update(self) -> None:
        """Labels and enabled states from the scene: the panel arrow points where the panel
        goes, zoom stops at its limits, scrolling needs a board bigger than its view."""
        scene = self.scene
        shown = scene.regions.panel_shown
        self.panel_button.label = "»" if shown else "«"
        self.items[0].tip = (
            N_("Hide the side panel (P)") if shown else N_("Show the side panel (P)")
        )
        self.panel_button.enabled = scene.win is None  # the result lives in the panel
        viewport = scene.viewport
        self.zoom_in_button.enabled = viewport.can_zoom(1)
        self.zoom_out_button.enabled = viewport.can_zoom(-1)
        self.fit_button.enabled = viewport.zoom_cell is not None
        for (dx, dy), pan in self.pan_buttons.items():
            pan.enabled = viewport.can_scroll(dx, dy)

    def handle(self, event: Input) -> bool:
        return any(button.handle(event) for button in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        """The buttons, and the tip of the one under the pointer to its left."""
        app = self.scene.app
        for button in self.buttons:
            button.draw(surface, app)
        hovered = next((item for item in self.items if item.button.hovered), None)
        if hovered is None or not hovered.tip:
            return
        theme = app.theme
        size = app.scaled(15)
        text = app.fonts.render(_(hovered.tip), size, theme.toast_text)
        pad = app.scaled(8)
        rect = text.get_rect()
        anchor = hovered.button.rect
        rect.midright = (anchor.x - pad * 2, anchor.centery)
        back = rect.inflate(pad * 2, pad)
        if back.x < 0:
            back.x, rect.x = 0, pad
        pygame.draw.rect(surface, theme.toast, back, border_radius=radius(app))
        surface.blit(text, rect)
