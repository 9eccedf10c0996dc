"""Controls (from Options): the keys and pad buttons of the actions a player may rebind.

A row is chosen (click, tap, Enter or a pad's A) and then waits for the next key or pad
button, which becomes that action's key (or button) in place of the old ones; a key another
action had leaves it (``Bindings.rebound``). Esc (or a click elsewhere) stops waiting. The
change is used at once and kept in the settings when the screen closes. "Reset" puts every
default back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.ui.input import Action, Device, Input, Kind
from game.ui.input.actions import REMAPPABLE
from game.ui.input.bindings import Bindings, chord
from game.ui.input.prompts import help_for
from game.ui.input.translate import describe
from game.ui.scene import Scene
from game.ui.scenes.shared.editor.panels import draw_panel
from game.ui.widgets.base import FocusGroup, Widget, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_help_line, draw_text, fit_text

if TYPE_CHECKING:
    from game.ui.app import App

# The words of each action in the list.
WORDS: dict[Action, str] = {
    Action.UP: N_("Up"),
    Action.DOWN: N_("Down"),
    Action.LEFT: N_("Left"),
    Action.RIGHT: N_("Right"),
    Action.FILL: N_("Fill"),
    Action.CROSS: N_("Cross"),
    Action.CLEAR: N_("Clear"),
    Action.NEXT_COLOUR: N_("Next colour"),
    Action.PREVIOUS_COLOUR: N_("Previous colour"),
    Action.TRIAL: N_("Trial mode"),
    Action.KEEP_TRIAL: N_("Keep trial"),
    Action.DROP_TRIAL: N_("Drop trial"),
    Action.PENCIL: N_("Pencil (Kakuro)"),
    Action.UNDO: N_("Undo"),
    Action.REDO: N_("Redo"),
    Action.ZOOM_IN: N_("Zoom in"),
    Action.ZOOM_OUT: N_("Zoom out"),
    Action.HINT: N_("Hint"),
    Action.CHECK: N_("Check"),
    Action.PAUSE: N_("Pause"),
    Action.CONFIRM: N_("Confirm"),
    Action.BACK: N_("Back"),
}
_MODIFIERS = {"left shift", "right shift", "left ctrl", "right ctrl", "left alt", "right alt"}
_MODIFIERS |= {"left meta", "right meta"}


class ControlRow(Widget):
    """One action: its words, its keys and its pad buttons; activating it waits for a key."""

    def __init__(self, scene: ControlsScene, action: Action) -> None:
        super().__init__()
        self.scene = scene
        self.action = action

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if event.down() and self.rect.collidepoint(event.pos):
            return self.activate()
        return False

    def activate(self) -> bool:
        self.scene.waiting = self.action
        return True

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        scale = app.ui_scale
        waiting = self.scene.waiting is self.action
        if waiting or self.hovered:
            fill = theme.button_pressed if waiting else theme.button_hover
            pygame.draw.rect(surface, fill, self.rect, border_radius=radius(app))
        size = round(18 * scale)
        font = app.fonts.get(size)
        third = self.rect.width // 3
        y = self.rect.centery
        bindings = app.input.bindings
        keys = ", ".join(describe(name) for name in bindings.keys_of(self.action)) or "—"
        pad = ", ".join(describe(name) for name in bindings.pad_of(self.action)) or "—"
        if waiting:
            keys = pad = _("press a key or a button…")
        left = self.rect.left + round(10 * scale)
        draw_text(surface, app, _(WORDS[self.action]), size, theme.text, (left, y), "midleft")
        for column, text in ((1, keys), (2, pad)):
            room = third - round(14 * scale)
            shown = fit_text(font, text, room)
            x = self.rect.left + column * third
            draw_text(surface, app, shown, size, theme.text_muted, (x, y), "midleft")


class ControlsScene(Scene):
    """The list of remappable actions (see the module text)."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.waiting: Action | None = None
        self.rows = [ControlRow(self, action) for action in REMAPPABLE]
        self.reset = Button(N_("Reset to defaults"), self.reset_all)
        self.back = Button(N_("Back"), self.close, primary=True)
        self.focus = FocusGroup([*self.rows, self.reset, self.back])
        self.panel = pygame.Rect(0, 0, 0, 0)

    def reset_all(self) -> None:
        self.waiting = None
        self.app.rebind(Bindings.default())

    def close(self) -> None:
        self.app.save_store()
        self.app.pop()

    def take(self, event: Input) -> None:
        """The key or button ``event`` pressed becomes the waiting action's."""
        action = self.waiting
        assert action is not None
        if event.device is Device.PAD:
            name = event.source
        else:
            name = chord(event.source, ctrl=event.ctrl, alt=event.alt, shift=event.shift)
        self.waiting = None
        self.app.rebind(self.app.input.bindings.rebound(action, name))

    def handle(self, event: Input) -> bool:
        if self.waiting is not None:
            if event.kind is Kind.PRESS and event.source and event.source not in _MODIFIERS:
                if event.device is Device.KEYBOARD and event.pressed(Action.BACK):
                    self.waiting = None  # Esc stops waiting (it is never a rebound key)
                else:
                    self.take(event)
                return True
            if event.kind is Kind.POINTER_DOWN:
                self.waiting = None
            return event.kind in (Kind.PRESS, Kind.RELEASE, Kind.POINTER_DOWN)
        if event.pressed(Action.BACK):
            self.close()
            return True
        return self.focus.handle(event)

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        width, height = size
        pad = round(20 * scale)
        title = round(64 * scale)
        header = round(28 * scale)
        buttons = round(46 * scale)
        panel_width = min(width - round(40 * scale), round(760 * scale))
        room = height - round(80 * scale) - title - header - buttons - 2 * pad
        row_height = max(round(24 * scale), min(round(34 * scale), room // len(self.rows)))
        panel_height = title + header + row_height * len(self.rows) + buttons + 2 * pad
        self.panel = pygame.Rect(0, 0, panel_width, panel_height)
        self.panel.center = (width // 2, (height - round(30 * scale)) // 2)
        y = self.panel.top + title + header
        for row in self.rows:
            row.rect = pygame.Rect(self.panel.left + pad, y, panel_width - 2 * pad, row_height)
            y += row_height
        y += pad
        half = (panel_width - 3 * pad) // 2
        self.reset.rect = pygame.Rect(self.panel.left + pad, y, half, buttons)
        self.back.rect = pygame.Rect(self.panel.right - pad - half, y, half, buttons)

    def wake_in(self) -> float | None:
        return None

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        draw_panel(surface, app, self.panel)
        draw_text(
            surface,
            app,
            _("Controls"),
            round(34 * scale),
            theme.text,
            (self.panel.centerx, self.panel.top + round(14 * scale)),
            "midtop",
            bold=True,
        )
        first = self.rows[0].rect
        third = first.width // 3
        y = first.top - round(14 * scale)
        for column, words in enumerate((N_("Action"), N_("Keys"), N_("Gamepad"))):
            x = first.left + (round(10 * scale) if column == 0 else column * third)
            draw_text(
                surface, app, _(words), round(15 * scale), theme.text_muted, (x, y), "midleft",
                bold=True,
            )  # fmt: skip
        self.focus.draw(surface, app)
        keyboard = _("Up/Down choose  ·  Enter, then a key or a pad button  ·  Esc back")
        draw_help_line(surface, app, help_for(app.last_device, app.input.bindings, keyboard))
