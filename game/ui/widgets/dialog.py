"""The one modal mechanism: a dialog is an overlay scene pushed on top of the stack.

``DialogScene`` is ``transparent``: the app draws the scenes below it, the dialog dims them
and draws its panel, a message and a row (or a column) of buttons. Being the top scene, it
gets every event, so nothing reaches the screen below while it is up. Choosing a button pops
the dialog and then runs the button's action (so an action may itself push or replace
scenes). Esc picks the cancel button. The quit question, the converter's questions and the
play screen's pause menu, "clear the board?" and "restart?" are dialogs.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from game.ui.input import Action, Input, Kind
from game.ui.scene import Scene
from game.ui.widgets.base import FocusGroup, Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.ui.app import App

DialogAction = Callable[[], None] | None


@dataclass(frozen=True)
class DialogButton:
    """One button of a dialog: its label, what it does (None: only close the dialog) and
    whether it is drawn as the main choice (when no button says, the first one is)."""

    label: str
    action: DialogAction = None
    primary: bool = False


class DialogScene(Scene):
    """A titled message with buttons over the dimmed screen below.

    ``buttons`` are ``DialogButton`` values (or ``(label, action)`` pairs); ``cancel_index``
    is the one Esc picks; ``vertical`` stacks them (several choices read better stacked);
    ``name`` says what the dialog is ("pause", "reset"…): the screen below may ask
    (the play clock stops under "pause"), and so do tests. Only the top scene is updated, so
    the screen below stands still while a dialog is up; ``below_runs`` keeps it going (the
    play clock runs on while "clear the board?" waits, since the board is still in view).
    """

    transparent = True

    def __init__(
        self,
        app: App,
        title: str,
        message: str,
        buttons: Sequence[DialogButton | tuple[str, DialogAction]],
        cancel_index: int = -1,
        vertical: bool = False,
        name: str = "",
        below_runs: bool = False,
        tail: str | None = None,
    ) -> None:
        super().__init__(app)
        if not buttons:
            raise ValueError("a dialog needs at least one button")
        specs = [
            item if isinstance(item, DialogButton) else DialogButton(*item) for item in buttons
        ]
        self.title = title
        self.message = message + (tail or "")
        self._head = message
        self._tail = tail
        self.name = name
        self.actions = [spec.action for spec in specs]
        self.cancel_index = cancel_index % len(specs)
        self.vertical = vertical
        self.below_runs = below_runs
        # The first button is the main one unless a button says it is.
        chosen = any(spec.primary for spec in specs)
        self.buttons = [
            Button(
                spec.label,
                self._chooser(index),
                primary=bool(spec.primary) if chosen else index == 0,
            )
            for index, spec in enumerate(specs)
        ]
        self.focus = FocusGroup(self.buttons)
        # The keyboard starts on the main (blue) button: Enter on "Leave without saving?"
        # chose the first button, Leave, while Cancel was the one shown as the main (QA).
        self.focus.focus_widget(next(button for button in self.buttons if button.primary))
        self.chosen: int | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self._lines: list[str] = []
        self._veil = Veil(120)

    def button(self, label: str) -> Button:
        """The button showing ``label`` (tests and screenshots press buttons by name)."""
        for button in self.buttons:
            if button.label == label:
                return button
        raise KeyError(label)

    def _chooser(self, index: int) -> Callable[[], None]:
        return lambda: self.choose(index)

    def choose(self, index: int) -> None:
        if self.chosen is not None:
            return  # a double click must not pop twice
        self.chosen = index
        self.app.pop()
        action = self.actions[index]
        if action is not None:
            action()

    def handle(self, event: Input) -> bool:
        if event.kind is Kind.PRESS:
            if event.pressed(Action.BACK):
                self.choose(self.cancel_index)
                return True
            if not self.vertical and event.pressed(Action.LEFT, Action.RIGHT):
                self.focus.move_focus(-1 if event.pressed(Action.LEFT) else 1)
                self.focus.show_focus = True
                return True
        self.focus.handle(event)
        return True  # modal: nothing reaches the scene below

    def update(self, dt: float) -> None:
        if self.below_runs:
            below = self.app.scene_below(self)
            if below is not None:
                below.update(dt)

    def wake_in(self) -> float | None:
        # Still itself; the scene below (drawn too) says when it changes.
        return None

    def arrange(self, size: tuple[int, int]) -> None:
        app = self.app
        scale = app.ui_scale
        width, height = size
        pad = round(24 * scale)
        # A column of buttons needs no wide panel; a row shares the width out.
        title_need = 0
        if self.title:  # a long question widens the panel rather than touching its edges
            title_need = app.fonts.get(round(26 * scale), True).size(self.title)[0] + 2 * pad
        panel_width = max(round((380 if self.vertical else 520) * scale), title_need)
        for button in self.buttons:
            button.font_size = 20
        gap = round(12 * scale)
        count = len(self.buttons)
        if not self.vertical:
            # A row of buttons as wide as its longest label needs ("Save and leave" must
            # not be cut to "Save and l…"); where the window is too narrow, a column.
            each = max(button.fitting_width(app) for button in self.buttons)
            panel_width = max(panel_width, count * each + (count - 1) * gap + 2 * pad)
        vertical = self.vertical or panel_width > width - 2 * pad
        if vertical and not self.vertical:
            panel_width = max(round(380 * scale), title_need)
        font = app.fonts.get(round(18 * scale))
        if self._tail is not None:
            wide = round(640 * scale)  # a long name gives way rather than fill the window
            panel_width = max(panel_width, min(wide, font.size(self.message)[0] + 2 * pad))
        panel_width = min(width - 2 * pad, panel_width)
        if self._tail is not None:
            room = panel_width - 2 * pad - font.size(self._tail)[0]
            self._lines = [fit_text(font, self._head, room) + self._tail]
        elif self.message:
            self._lines = wrap_text(font, self.message, panel_width - 2 * pad)
        else:
            self._lines = []
        button_height = round(48 * scale)
        title_height = round(44 * scale) if self.title else 0
        text_height = len(self._lines) * font.get_linesize()
        rows = count if vertical else 1
        buttons_height = rows * button_height + (rows - 1) * gap
        total = pad + title_height + text_height + pad + buttons_height + pad
        self.panel = pygame.Rect(0, 0, panel_width, total)
        self.panel.center = (width // 2, height // 2)
        top = self.panel.bottom - pad - buttons_height
        inner = panel_width - 2 * pad
        for index, button in enumerate(self.buttons):
            if vertical:
                button.rect = pygame.Rect(
                    self.panel.left + pad, top + index * (button_height + gap), inner, button_height
                )
            else:
                each = (inner - (count - 1) * gap) // count
                button.rect = pygame.Rect(
                    self.panel.left + pad + index * (each + gap), top, each, button_height
                )

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        self._veil.draw(surface)
        pygame.draw.rect(surface, theme.panel, self.panel, border_radius=radius(app))
        pygame.draw.rect(
            surface,
            theme.panel_border,
            self.panel,
            max(1, theme.line_weight),
            border_radius=radius(app),
        )
        pad = round(24 * scale)
        y = self.panel.top + pad
        if self.title:
            draw_text(
                surface,
                app,
                self.title,
                round(26 * scale),
                theme.text,
                (self.panel.centerx, y),
                "midtop",
                bold=True,
            )
            y += round(44 * scale)
        size = round(18 * scale)
        line_height = app.fonts.get(size).get_linesize()
        for line in self._lines:
            draw_text(surface, app, line, size, theme.text, (self.panel.centerx, y), "midtop")
            y += line_height
        self.focus.draw(surface, app)
