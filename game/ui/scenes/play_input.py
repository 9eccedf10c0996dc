"""The play screen's input: mouse buttons, the wheel and keys turned into the scene's actions.

The pen (``game.core.strokes``) decides what a press, a drag or a key does to the marks; this
module only turns pixels into cells (the viewport's layout) and events into the pen's plain
inputs, and keeps what the keyboard holds down (Shift, Ctrl) between events. The scene's
``handle`` passes every event here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.strokes import Mark, Pointer, painted_cells, step_cursor
from game.ui.widgets.grid_view import Preview

if TYPE_CHECKING:
    from game.ui.scenes.play import PlayScene

_MARK_KEYS: dict[int, Mark] = {
    pygame.K_z: Mark.FILL,
    pygame.K_SPACE: Mark.FILL,
    pygame.K_x: Mark.CROSS,
    pygame.K_c: Mark.CLEAR,
    pygame.K_BACKSPACE: Mark.CLEAR,
    pygame.K_DELETE: Mark.CLEAR,
}
_ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}
_SHIFT_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)
_CTRL_KEYS = (pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LMETA, pygame.K_RMETA)
_ZOOM_KEYS: dict[int, int] = {
    pygame.K_PLUS: 1,
    pygame.K_EQUALS: 1,
    pygame.K_KP_PLUS: 1,
    pygame.K_MINUS: -1,
    pygame.K_KP_MINUS: -1,
}
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)


class PlayInput:
    """Turns one play scene's events into its actions."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self._shift = False
        self._ctrl = False

    def let_go(self) -> None:
        """Forget the keys held down (the scene was covered or lost the focus)."""
        self._shift = False
        self._ctrl = False

    def _handle_wheel(self, event: pygame.event.Event) -> bool:
        mods = pygame.key.get_mods()
        step = self.scene.layout.cell * 3
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_META) or self._ctrl:
            self.scene.zoom(
                1 if event.y > 0 else -1 if event.y < 0 else 0, self.scene.app.mouse_pos
            )
            return True
        if mods & pygame.KMOD_SHIFT or self._shift:
            return self.scene.scroll_by(-event.y * step, 0)
        return self.scene.scroll_by(event.x * step, -event.y * step)

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.WINDOWFOCUSLOST:
            self.scene.focus_lost = True
            self.scene.pen.let_go()
            self._shift = False
            self._ctrl = False
            return True
        if kind == pygame.WINDOWFOCUSGAINED:
            self.scene.focus_lost = False
            return True
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and event.key in _SHIFT_KEYS:
            self._shift = kind == pygame.KEYDOWN
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and event.key in _CTRL_KEYS:
            self._ctrl = kind == pygame.KEYDOWN
        if kind == pygame.KEYUP:
            self.scene.pen.key_up(event.key)
        if self.scene.win is not None:
            return self._handle_won(event)
        if kind in _MOUSE_EVENTS:
            return self._handle_mouse(event)
        if kind == pygame.MOUSEWHEEL:
            return self._handle_wheel(event)
        if kind == pygame.KEYDOWN:
            return self._handle_key(event)
        return False

    def _handle_won(self, event: pygame.event.Event) -> bool:
        if event.type in _MOUSE_EVENTS:
            return any(button.handle(event) for button in self.scene.win_buttons if button.enabled)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.scene.next_button.enabled:
                    self.scene.exits.next_puzzle()
                else:
                    self.scene.exits.go_level_select()
                return True
            if event.key == pygame.K_ESCAPE:
                self.scene.exits.go_level_select()
                return True
        return False

    def _shift_held(self, event: pygame.event.Event) -> bool:
        mod = getattr(event, "mod", None)
        if isinstance(mod, int) and mod & pygame.KMOD_SHIFT:
            return True
        return self._shift or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)

    def _handle_mouse(self, event: pygame.event.Event) -> bool:
        kind = event.type
        pos = (int(event.pos[0]), int(event.pos[1]))
        pen = self.scene.pen
        if pen.drag is not None:
            if kind == pygame.MOUSEMOTION:
                self._drag_to(self.scene.layout.cell_at_clamped(pos))
                return True
            if kind == pygame.MOUSEBUTTONUP and event.button == pen.drag.button:
                self._drag_to(self.scene.layout.cell_at_clamped(pos))
                self.scene.grid_view.overlays.preview = None
                move = pen.release(self.scene.session.board)
                if move is not None:
                    self.scene.apply(move)
                return True
            return True  # other buttons during a drag are ignored
        if kind == pygame.MOUSEMOTION:
            self._hover(pos)
            self.scene.hint_show.handle(event)
            for button in self.scene.play_buttons:
                button.handle(event)
            return True
        if self.scene.hint_show.handle(event):
            return True
        for button in self.scene.play_buttons:
            if button.handle(event):
                return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            cell = self.scene.layout.cell_at(pos)
            if cell is None:
                return False
            self.scene.cursor = cell
            self.scene.show_cursor = True
            shift = event.button == 1 and self._shift_held(event)
            pen.press(
                self.scene.session.board, cell, Pointer(event.button), shift, self.scene.trial_mode
            )
            self._update_preview()
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        cell = self.scene.layout.cell_at(pos)
        if cell is not None:
            self.scene.cursor = cell
            self.scene.show_cursor = True
        self.scene.hover_row = self.scene.layout.row_clue_at(pos)
        self.scene.hover_column = self.scene.layout.column_clue_at(pos)

    def _drag_to(self, cell: tuple[int, int]) -> None:
        if self.scene.pen.drag_to(cell):
            self.scene.cursor = cell
            self._update_preview()

    def _update_preview(self) -> None:
        board = self.scene.session.board
        move = self.scene.pen.preview(board)
        self.scene.grid_view.overlays.preview = (
            None if move is None else Preview(painted_cells(board, move), move.state)
        )

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = event.mod
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if (key == pygame.K_z and mod & pygame.KMOD_SHIFT) or key == pygame.K_y:
                self.scene.redo()
                return True
            if key == pygame.K_z:
                self.scene.undo()
                return True
            return False
        if key == pygame.K_ESCAPE:
            self.scene.exits.open_pause()
            return True
        if key in _ZOOM_KEYS:
            self.scene.zoom(_ZOOM_KEYS[key])
            return True
        if key in (pygame.K_0, pygame.K_KP0):
            self.scene.fit()
            return True
        if key in _ARROWS:
            self._move_cursor(*_ARROWS[key], shift=bool(mod & pygame.KMOD_SHIFT) or self._shift)
            return True
        if key in _MARK_KEYS:
            self.scene.show_cursor = True
            board = self.scene.session.board
            self.scene.apply(
                self.scene.pen.key_down(
                    board, key, _MARK_KEYS[key], self.scene.trial_mode, self.scene.cursor
                )
            )
            return True
        actions: dict[int, Callable[[], None]] = {
            pygame.K_t: self.scene.toggle_trial,
            pygame.K_k: self.scene.keep_trial,
            pygame.K_d: self.scene.drop_trial,
            pygame.K_v: self.scene.check,
            pygame.K_h: self.scene.hint,
            pygame.K_s: self.scene.hint_show.play,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def _move_cursor(self, dx: int, dy: int, shift: bool) -> None:
        before = self.scene.cursor
        self.scene.cursor = step_cursor(
            before, dx, dy, self.scene.puzzle.width, self.scene.puzzle.height
        )
        self.scene.show_cursor = True
        self.scene.show_cell(*self.scene.cursor)
        move = self.scene.pen.cursor_moved(
            self.scene.session.board, before, self.scene.cursor, shift
        )
        if move is not None:
            self.scene.apply(move)
