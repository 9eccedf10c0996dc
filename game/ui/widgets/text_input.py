"""A one-line text field: typing, Backspace/Delete, Left/Right/Home/End, Enter submits,
Ctrl+A selects the whole text so the next key replaces or deletes it (the converter fills the
title in from the file name; retyping it should not take a Backspace per letter). Ctrl+V
pastes the clipboard's first line at the cursor (over the text when all of it is selected),
Ctrl+C copies the whole text and Ctrl+X cuts it: a title or a row of clues copied from a web
page or another file goes in at once.

A real keyboard sends each printable key twice: a KEYDOWN carrying the character and then a
TEXTINPUT with the same text. Synthetic events (tests, tools) and some platforms send only the
KEYDOWN. So a character typed from a KEYDOWN is remembered, and the TEXTINPUT that repeats it
is dropped; a TEXTINPUT nobody typed before (input methods, dead keys, pasting) is inserted.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import _
from game.ui.input import Action, Input, Kind
from game.ui.widgets.base import Widget, radius

if TYPE_CHECKING:
    from game.ui.app import App


class TextInput(Widget):
    def __init__(
        self,
        text: str = "",
        on_submit: Callable[[str], None] | None = None,
        rect: pygame.Rect | None = None,
        placeholder: str = "",
        max_length: int = 80,
        font_size: int = 22,
        on_change: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(rect)
        self.text = text[:max_length]
        self.cursor = len(self.text)
        self.on_submit = on_submit
        self.on_change = on_change
        self.placeholder = placeholder
        self.max_length = max_length
        self.font_size = font_size
        # The character the last KEYDOWN typed, until its TEXTINPUT twin arrives.
        self._typed_by_key = ""
        self.all_selected = False

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.text)

    def _take_selection(self) -> bool:
        """Delete the selected text; True when there was a selection."""
        if not self.all_selected:
            return False
        self.all_selected = False
        self.text = ""
        self.cursor = 0
        return True

    def insert(self, typed: str) -> None:
        typed = "".join(char for char in typed if char.isprintable())
        if typed and self._take_selection():
            self._changed()
        room = self.max_length - len(self.text)
        if room <= 0 or not typed:
            return
        typed = typed[:room]
        self.text = self.text[: self.cursor] + typed + self.text[self.cursor :]
        self.cursor += len(typed)
        self._changed()

    def handle(self, event: Input) -> bool:
        super().handle(event)
        if not self.enabled:
            return False
        if event.down():
            inside = bool(self.rect.collidepoint(event.pos))
            if inside:
                self.all_selected = False
            return inside
        if not self.focused:
            return False
        if event.kind is Kind.TEXT:
            if self._typed_by_key and event.text == self._typed_by_key:
                self._typed_by_key = ""  # the twin of a KEYDOWN already typed
            else:
                self.insert(event.text)
            return True
        if event.kind is not Kind.PRESS:
            return False
        self._typed_by_key = ""
        if event.pressed(Action.SELECT_ALL):
            self.all_selected = bool(self.text)
            self.cursor = len(self.text)
            return True
        clip = event.action(Action.COPY, Action.CUT, Action.PASTE)
        if clip is not None:
            self._clipboard(clip)
            return True
        if event.text and not event.ctrl:
            # A key that types: the character, whatever action the key also carries.
            self.insert(event.text)
            self._typed_by_key = event.text
            return True
        erase = event.pressed(Action.ERASE, Action.DELETE)
        if erase and self._take_selection():
            self._changed()
            return True
        if event.pressed(Action.LEFT, Action.RIGHT, Action.FIRST, Action.LAST):
            self.all_selected = False
        if event.pressed(Action.ERASE):
            if self.cursor > 0:
                self.text = self.text[: self.cursor - 1] + self.text[self.cursor :]
                self.cursor -= 1
                self._changed()
        elif event.pressed(Action.DELETE):
            if self.cursor < len(self.text):
                self.text = self.text[: self.cursor] + self.text[self.cursor + 1 :]
                self._changed()
        elif event.pressed(Action.LEFT):
            self.cursor = max(0, self.cursor - 1)
        elif event.pressed(Action.RIGHT):
            self.cursor = min(len(self.text), self.cursor + 1)
        elif event.pressed(Action.FIRST):
            self.cursor = 0
        elif event.pressed(Action.LAST):
            self.cursor = len(self.text)
        elif event.pressed(Action.CONFIRM):
            if self.on_submit is not None:
                self.on_submit(self.text)
        else:
            return False
        return True

    def _clipboard(self, action: Action) -> None:
        """Ctrl+C, Ctrl+X or Ctrl+V (``action``): copy or cut the whole text, or paste the
        clipboard's first line. Nothing happens where SDL has no clipboard to offer."""
        try:
            if action is Action.PASTE:
                pasted = pygame.scrap.get_text()
            elif self.text:
                pygame.scrap.put_text(self.text)
                pasted = None
            else:
                return
        except pygame.error:
            return
        if action is Action.CUT:
            self.all_selected = True
            if self._take_selection():
                self._changed()
        elif pasted:
            line = next((line for line in pasted.splitlines() if line.strip()), "")
            if self.all_selected or not self.text:
                line = line.strip()  # the whole field: no stray spaces around it
            self.insert(line)

    def draw(self, surface: pygame.Surface, app: App) -> None:
        theme = app.theme
        size = round(self.font_size * app.ui_scale)
        pygame.draw.rect(surface, theme.cell_unknown, self.rect, border_radius=radius(app))
        border = theme.focus_ring if self.focused else theme.panel_border
        pygame.draw.rect(
            surface, border, self.rect, 2 if self.focused else 1, border_radius=radius(app)
        )
        pad = round(10 * app.ui_scale)
        font = app.fonts.get(size)
        clip = surface.get_clip()
        inner = self.rect.inflate(-2 * pad, 0)
        surface.set_clip(inner.clip(clip) if clip else inner)
        shown = self.text or _(self.placeholder)
        colour = theme.text if self.text else theme.text_muted
        text_width = font.size(self.text[: self.cursor])[0]
        shift = max(0, text_width - inner.width + 2)  # keep the cursor in view
        if shown:
            rendered = app.fonts.render(shown, size, colour)
            place = rendered.get_rect(midleft=(inner.left - shift, inner.centery))
            if self.focused and self.all_selected and self.text:
                surface.fill(theme.highlight, place)
            surface.blit(rendered, place)
        if self.focused and int(app.time * 2) % 2 == 0:
            x = inner.left + text_width - shift
            half = font.get_height() // 2
            pygame.draw.line(
                surface,
                theme.text,
                (x, inner.centery - half),
                (x, inner.centery + half),
                max(1, round(app.ui_scale * 2)),
            )
        surface.set_clip(clip)
