"""Push buttons: a label in a rounded box that calls back when clicked or activated."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.ui.fonts import READABLE_SIZE
from game.ui.input import Input
from game.ui.input.actions import Action as Does
from game.ui.input.prompts import prompted, without_key
from game.ui.widgets.base import Widget, radius
from game.ui.widgets.label import Translated
from game.ui.widgets.text import fit_text

if TYPE_CHECKING:
    from game.ui.app import App

Action = Callable[[], None]
# How far a label may shrink to show whole before the short label or an ellipsis.
SMALLEST_SHARE = 0.8


class Button(Widget):
    """A push button. ``primary`` buttons use the accent colour. ``prompt``: the action its
    key does (a label "Check (V)" names the key): after a pad press the label names the
    pad's button for it instead, and no key on a touch screen (``prompts.prompted``)."""

    # The words shown, set in English and read in the player's language.
    label = Translated()

    def __init__(
        self,
        label: str,
        on_click: Action,
        rect: pygame.Rect | None = None,
        enabled: bool = True,
        primary: bool = False,
        font_size: int = 22,
        sound: str | None = "click",
        short_label: str | None = None,
        prompt: Does | None = None,
    ) -> None:
        super().__init__(rect, enabled)
        self.label = label
        # Shown instead of ``label`` when the button is too narrow for it (a small window),
        # rather than cutting the label off with an ellipsis.
        self.short_label = short_label
        self.prompt = prompt
        self.on_click = on_click
        self.primary = primary
        self.font_size = font_size
        self.sound = sound
        self.pressed = False
        self.app: App | None = None  # set on first draw, so clicks can make a sound

    @property
    def short_label(self) -> str | None:
        """The short label in the player's language (None: none)."""
        return None if self._short_label is None else _(self._short_label)

    @short_label.setter
    def short_label(self, value: str | None) -> None:
        self._short_label = value

    def text(self, app: App) -> str:
        """The label as the player reads it now: in the words of the device last used."""
        return prompted(self.label, app.last_device, app.input.bindings, self.prompt)

    def short_text(self, app: App) -> str | None:
        short = self.short_label
        if short is None:
            return None
        return prompted(short, app.last_device, app.input.bindings, self.prompt)

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not self.enabled:
            self.pressed = False
            return False
        if event.down():
            if self.rect.collidepoint(event.pos):
                self.pressed = True
                return True
        elif event.up() and self.pressed:
            self.pressed = False
            if self.rect.collidepoint(event.pos):
                self.activate()
            return True
        return False

    def activate(self) -> bool:
        if not self.enabled:
            return False
        if self.app is not None and self.sound:
            self.app.sounds.play(self.sound)
        self.on_click()
        return True

    def colours(self, app: App) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
        theme = app.theme
        if not self.enabled:
            return theme.button_disabled, theme.button_text_disabled
        if self.primary:
            fill = theme.accent
            if self.pressed:
                fill = _mix(fill, (0, 0, 0), 0.2)
            elif self.hovered:
                fill = _mix(fill, (255, 255, 255), 0.12)
            return fill, theme.accent_text
        if self.pressed:
            return theme.button_pressed, theme.button_text
        if self.hovered:
            return theme.button_hover, theme.button_text
        return theme.button, theme.button_text

    def draw(self, surface: pygame.Surface, app: App) -> None:
        self.app = app
        if self.rect.width <= 0 or self.rect.height <= 0:
            return
        fill, text_colour = self.colours(app)
        corner = radius(app)
        pygame.draw.rect(surface, fill, self.rect, border_radius=corner)
        border = app.theme.panel_border if not self.primary else fill
        pygame.draw.rect(
            surface, border, self.rect, max(1, app.theme.line_weight), border_radius=corner
        )
        size = self.shown_size(app)
        label = self.shown_label(app)
        rendered = app.fonts.render(label, size, text_colour)
        surface.blit(rendered, rendered.get_rect(center=self.rect.center))

    def shown_size(self, app: App) -> int:
        """The label's pixel size: the button's own, or up to a fifth smaller (never under
        the readable size) when that shows the whole label (a French "Ouvrir un fichier…"
        was cut to "Ouvrir un fich…" at the menu's size)."""
        size = round(self.font_size * app.ui_scale)
        room = self.rect.width - 2 * radius(app)
        smallest = max(READABLE_SIZE, round(size * SMALLEST_SHARE))
        for smaller in range(size, smallest - 1, -1):
            if app.fonts.get(smaller).size(self.text(app))[0] <= room:
                return smaller
        return size

    def shown_label(self, app: App) -> str:
        """The label as it fits the button: in full (a little smaller if need be), the short
        label, either without the key it names (a pad's button name is longer than a
        letter: German "Rückgängig (Zurück)" was cut), or cut short."""
        font = app.fonts.get(self.shown_size(app))
        room = self.rect.width - 2 * radius(app)
        text, short = self.text(app), self.short_text(app)
        choices = [text, short, without_key(text), without_key(short or "")]
        fitting = next((c for c in choices if c and font.size(c)[0] <= room), None)
        if fitting is not None:
            return fitting
        return fit_text(font, short or text, room)

    def fitting_width(self, app: App, minimum: int = 0) -> int:
        """A width that shows the whole label with some air, and at least ``minimum``."""
        font = app.fonts.get(round(self.font_size * app.ui_scale))
        text = self.text(app)
        return max(minimum, font.size(text)[0] + 2 * radius(app) + round(12 * app.ui_scale))


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], amount: float) -> tuple[int, int, int]:
    return (
        round(a[0] + (b[0] - a[0]) * amount),
        round(a[1] + (b[1] - a[1]) * amount),
        round(a[2] + (b[2] - a[2]) * amount),
    )


def share_row(app: App, buttons: list[Button], row: pygame.Rect, gap: int) -> None:
    """Place ``buttons`` side by side in ``row``, each as wide as its label needs and the
    room left shared out: full labels when they all fit, else the short labels of the buttons
    that have one (a button without keeps its one name), squeezed evenly past that."""

    def need(text: str, button: Button) -> int:
        font = app.fonts.get(round(button.font_size * app.ui_scale))
        return font.size(text)[0] + 2 * radius(app) + 2

    room = row.width - gap * (len(buttons) - 1)
    widths = [need(button.text(app), button) for button in buttons]
    if sum(widths) > room:
        widths = [need(button.short_text(app) or button.text(app), button) for button in buttons]
    spare = room - sum(widths)
    if spare >= 0:
        widths = [width + spare // len(buttons) for width in widths]
    else:
        widths = [width * room // sum(widths) for width in widths]
    widths[-1] += room - sum(widths)  # the last one takes what rounding left
    x = row.left
    for button, width in zip(buttons, widths, strict=True):
        button.rect = pygame.Rect(x, row.top, width, row.height)
        x += width + gap
