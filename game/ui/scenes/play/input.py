"""The play screen's input: pointers, the wheel, gestures and actions turned into the scene's
changes.

The pen (``game.core.play.strokes``) decides what a press, a drag or a held mark action does to
the marks; this module only turns pixels into cells (the viewport's layout) and inputs
(``game.ui.input``) into the pen's plain inputs, and keeps what is held down (Shift, Space)
between inputs. The scene's ``handle`` passes every input here, and its ``update`` calls
``tick`` so that a drag held at the edge of a zoomed board scrolls it.

The pointer: the primary button (or a finger) fills, the secondary crosses (a finger held
still presses it), Shift+primary clears; a drag paints a line. The middle button drags the
view (a middle click without moving clears a cell), and so does the primary button while PAN
(Space) is held, as in drawing programs, and two fingers (which pinch to zoom); the wheel
scrolls a board bigger than its view and zooms one that fits (Ctrl+wheel always zooms,
Shift+wheel scrolls across). A pad: the d-pad moves the cursor, A/B/X fill, cross and clear,
and a mark button held while the cursor moves paints on. Keys: see
``game.ui.scenes.play.scene``.

Space also fills the cursor's cell. With the pointer over the board it cannot yet be told
whether a Space press is that fill or the start of a Space+drag, so the fill waits for the
key to come up (or for an arrow key, which paints on from it) and is dropped if the left
button went down meanwhile: the view moved instead.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from game.core.play.strokes import Mark, Pen, Pointer, drag_cells, painted_cells, step_cursor
from game.ui.input import Action, Input, Kind
from game.ui.input.actions import ARROW_STEPS
from game.ui.scene import run_action
from game.ui.widgets.grid_view import Preview

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene

# The mark each marking action paints (the lesson's board takes the same).
MARK_OF_ACTION: dict[Action, Mark] = {
    Action.FILL: Mark.FILL,
    Action.CROSS: Mark.CROSS,
    Action.CLEAR: Mark.CLEAR,
}
LEFT = 1
MIDDLE = 2
# A middle press that moves further than this (pixels) drags the view; less is a click.
PAN_SLOP = 4
# A pinch zooms a step each time the fingers' spread changes by this share.
PINCH_STEP = 0.25


class PlayInput:
    """Turns one play scene's events into its actions.

    It holds what is held down (the pen's stroke, Shift, Space, a middle-button drag) and
    reads the scene's UI value and its session; everything else it asks of the scene by
    name (``apply``, ``zoom``, ``scroll_by``, ``panel_pointer``...), never through its parts."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.pen = Pen()  # what a press, a drag or a held mark does
        self._shift = False
        self._pinch = 0.0  # the spread's change not yet zoomed
        # A middle-button press: where it went down, and the pointer's last position once it
        # moved far enough to be a drag of the view (None while it may still be a click).
        self._pan_press: tuple[int, int] | None = None
        self._pan_last: tuple[int, int] | None = None
        self._pan_button = MIDDLE
        # Space is held (a left press drags the view), and the cell of a Space fill that waits
        # to see whether it is one (see the module's comment).
        self._space = False
        self._space_fill: tuple[int, int] | None = None
        self._space_source = ""  # the key that was Space (the pen holds its fill by it)
        # Shift+arrows are painting: the cells of this Shift hold are one undo step.
        self._shift_stroke = False

    def _end_shift_stroke(self) -> None:
        if self._shift_stroke:
            self._shift_stroke = False
            self.scene.session.end_stroke()

    def let_go(self) -> None:
        """Forget the keys and buttons held down (the scene was covered or lost the focus)."""
        self._end_shift_stroke()
        self._shift = False
        self._pinch = 0.0
        self._pan_press = None
        self._pan_last = None
        self._space = False
        self._space_fill = None
        self.scene.set_ui(drag_count=0, preview=None)
        _show_pointer(pygame.SYSTEM_CURSOR_ARROW)

    @property
    def panning(self) -> bool:
        return self._pan_last is not None

    @property
    def edge_scrolling(self) -> bool:
        """A mouse stroke is held where it scrolls the board (frames are needed meanwhile)."""
        scene = self.scene
        return self.pen.drag is not None and scene.at_board_edge(scene.app.mouse_pos)

    def tick(self, dt: float) -> None:
        """A frame passed: a stroke held at the edge of the view scrolls the board, and the
        stroke follows the pointer onto the cells that come into view."""
        scene = self.scene
        if self.pen.drag is None or scene.is_won:
            return
        pos = scene.app.mouse_pos
        if scene.edge_scroll(pos, dt):
            self._drag_to(scene.layout.cell_at_clamped(pos))

    # --- events ---------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        scene = self.scene
        kind = event.kind
        if kind is Kind.FOCUS_LOST:
            self.pen.let_go()
            self.let_go()
            return scene.focus_event(event)
        if kind is Kind.FOCUS_GAINED:
            return scene.focus_event(event)
        if kind in (Kind.PRESS, Kind.RELEASE) and Action.EXTEND in event.actions:
            self._shift = kind is Kind.PRESS
            if not self._shift:
                self._end_shift_stroke()
        if event.released(Action.PAN) and self._space:
            self._space_up()
        if kind is Kind.RELEASE:
            self.pen.key_up(event.source)
        free = self.pen.drag is None and not self.panning
        if event.is_pointer and free and scene.rail_pointer(event):
            return True  # a rail button took the press (motion only moves its hover)
        if (
            free
            and not scene.is_won
            and kind in (Kind.POINTER_DOWN, Kind.WHEEL)
            and scene.palette_input(event)
        ):
            return True
        if scene.is_won:
            return scene.handle_won(event)
        if event.is_pointer:
            return self._handle_mouse(event)
        if kind is Kind.WHEEL:
            return self._handle_wheel(event)
        if kind is Kind.GESTURE:
            return self._handle_gesture(event)
        if kind is Kind.PRESS:
            return self._handle_key(event)
        return False

    # --- Space: a fill, or the hand that drags the view ------------------------------------

    def _space_down(self, source: str) -> bool:
        """Space went down with no modifier: True when it is held back as a possible drag of
        the view (the pointer is over the board), False to fill at once as before."""
        scene = self.scene
        was_down, self._space = self._space, True
        if was_down:
            return True  # the key's auto-repeat: one press is one fill
        if self.pen.drag is not None or not scene.layout.visible_box.contains(*scene.app.mouse_pos):
            return False
        self._space_fill = scene.ui.cursor
        self._space_source = source
        _show_pointer(pygame.SYSTEM_CURSOR_HAND)
        return True

    def _space_up(self) -> None:
        self._space = False
        if self._pan_press is None:
            _show_pointer(pygame.SYSTEM_CURSOR_ARROW)
        self._fill_held_space()
        self.pen.key_up(self._space_source)

    def _fill_held_space(self) -> None:
        """The Space press held back was a fill after all: make it, on the cell it was
        pressed on (the pen keeps it held, so arrows paint on from there)."""
        cell, self._space_fill = self._space_fill, None
        scene = self.scene
        if cell is None or scene.is_won:
            return
        scene.set_ui(show_cursor=True)
        scene.apply(
            self.pen.key_down(
                scene.session.board,
                self._space_source,
                Mark.FILL,
                scene.ui.trial_mode,
                cell,
                scene.ui.colour,
            )
        )

    def _handle_wheel(self, event: Input) -> bool:
        scene = self.scene
        x, y = int(event.scroll[0]), int(event.scroll[1])
        notches = 1 if y > 0 else -1 if y < 0 else 0
        ctrl = event.ctrl
        shift = event.shift or self._shift
        # A board that fits has nothing to scroll, so the wheel zooms it: the first thing a
        # player tries on a board too small to read.
        if ctrl or (not scene.layout.scrollable and not shift and not x):
            scene.zoom(notches, scene.app.mouse_pos)
            return True
        step = scene.layout.cell * 3
        if shift:
            return scene.scroll_by(-y * step, 0)
        return scene.scroll_by(x * step, -y * step)

    def _handle_gesture(self, event: Input) -> bool:
        """Two fingers: the view follows their centre, and their spread zooms by steps."""
        scene = self.scene
        dx, dy = event.scroll
        if dx or dy:
            scene.scroll_by(-round(dx), -round(dy))
        self._pinch += event.zoom
        while abs(self._pinch) >= PINCH_STEP:
            step = 1 if self._pinch > 0 else -1
            self._pinch -= step * PINCH_STEP
            scene.zoom(step, event.pos)
        return True

    def _shift_held(self, event: Input) -> bool:
        return event.shift or self._shift

    def _handle_mouse(self, event: Input) -> bool:
        scene = self.scene
        kind = event.kind
        pos = (int(event.pos[0]), int(event.pos[1]))
        pen = self.pen
        if self._pan_press is not None:
            return self._handle_pan(event, pos)
        if kind is Kind.POINTER_UP and event.button == 0:
            # A second finger came down: the stroke under way is called off (a gesture).
            scene.drop_stroke()
            return True
        if pen.drag is not None:
            if kind is Kind.POINTER_MOVE:
                self._drag_to(scene.layout.cell_at_clamped(pos))
                return True
            if kind is Kind.POINTER_UP and event.button == pen.drag.button:
                self._drag_to(scene.layout.cell_at_clamped(pos))
                scene.set_ui(drag_count=0, preview=None)
                move = pen.release(scene.session.board)
                if move is not None:
                    scene.apply(move)
                return True
            return True  # other buttons during a drag are ignored
        if kind is Kind.POINTER_MOVE:
            self._hover(pos)
            scene.panel_pointer(event)  # the buttons' hover
            return True
        if scene.panel_pointer(event):
            return True
        space_drag = self._space and event.button == LEFT if kind is Kind.POINTER_DOWN else False
        if kind is Kind.POINTER_DOWN and (event.button == MIDDLE or space_drag):
            if not scene.layout.visible_box.contains(*pos):
                return False
            self._pan_press = pos
            self._pan_button = event.button
            if space_drag:
                # The Space press was the hand, not a fill; the view follows from here on.
                self._space_fill = None
                self._pan_last = pos
                _show_pointer(pygame.SYSTEM_CURSOR_SIZEALL)
            return True
        if kind is Kind.POINTER_DOWN and event.button in (1, 3):
            cell = scene.layout.cell_at(pos)
            if cell is None:
                return False
            self._press(cell, Pointer(event.button), event.button == 1 and self._shift_held(event))
            return True
        return False

    def _press(self, cell: tuple[int, int], button: Pointer, shift: bool) -> None:
        scene = self.scene
        self._end_shift_stroke()  # a click is a step of its own
        scene.set_ui(cursor=cell, show_cursor=True)
        ui = scene.ui
        self.pen.press(scene.session.board, cell, button, shift, ui.trial_mode, ui.colour)
        self._update_preview()

    def _handle_pan(self, event: Input, pos: tuple[int, int]) -> bool:
        """The middle button (or Space+left) is down: a drag moves the view with the pointer;
        a middle click with no movement clears the cell under it."""
        scene = self.scene
        press = self._pan_press
        assert press is not None
        if event.kind is Kind.POINTER_MOVE:
            last = self._pan_last
            if last is None and max(abs(pos[0] - press[0]), abs(pos[1] - press[1])) > PAN_SLOP:
                last = press
            if last is not None:
                if self._pan_last is None:
                    _show_pointer(pygame.SYSTEM_CURSOR_SIZEALL)
                scene.scroll_by(last[0] - pos[0], last[1] - pos[1])
                self._pan_last = pos
            return True
        if event.kind is Kind.POINTER_UP and event.button == self._pan_button:
            clicked = self._pan_last is None and self._pan_button == MIDDLE
            self._pan_press = self._pan_last = None
            _show_pointer(pygame.SYSTEM_CURSOR_HAND if self._space else pygame.SYSTEM_CURSOR_ARROW)
            cell = scene.layout.cell_at(pos)
            if clicked and cell is not None:
                self._press(cell, Pointer.MIDDLE, False)
                move = self.pen.release(scene.session.board)
                scene.set_ui(preview=None)
                if move is not None:
                    scene.apply(move)
        return True

    def _hover(self, pos: tuple[int, int]) -> None:
        scene = self.scene
        cell = scene.layout.cell_at(pos)
        if cell is not None:
            scene.set_ui(cursor=cell, show_cursor=True)
        scene.set_ui(
            hover_row=scene.layout.row_clue_at(pos), hover_column=scene.layout.column_clue_at(pos)
        )

    def _drag_to(self, cell: tuple[int, int]) -> None:
        if self.pen.drag_to(cell):
            self.scene.set_ui(cursor=cell)
            self._update_preview()

    def _update_preview(self) -> None:
        scene = self.scene
        board = scene.session.board
        move = self.pen.preview(board)
        drag = self.pen.drag
        # The stroke's length, as the player counts along it: the cells from where it began
        # to the pointer on the snapped line, whatever each of them holds.
        scene.set_ui(
            preview=None if move is None else Preview(painted_cells(board, move), move.state),
            drag_count=0 if drag is None else len(drag_cells(drag.start, drag.current)),
        )

    def _handle_key(self, event: Input) -> bool:
        scene = self.scene
        taken = scene.game_key(event)
        if taken is not None:
            return taken
        if event.pressed(Action.ZOOM_IN, Action.ZOOM_OUT):
            scene.zoom(1 if event.pressed(Action.ZOOM_IN) else -1)
            return True
        if event.pressed(Action.ZOOM_FIT):
            scene.fit()
            return True
        if scene.palette_input(event):
            return True
        if event.pressed(Action.PAN) and not event.shift and self._space_down(event.source):
            return True
        arrow = event.action(*ARROW_STEPS)
        if arrow is not None:
            self._fill_held_space()  # Space held with arrows: the keyboard's painting
            self._move_cursor(*ARROW_STEPS[arrow], shift=event.shift or self._shift)
            return True
        mark = event.action(*MARK_OF_ACTION)
        if mark is not None:
            scene.set_ui(show_cursor=True)
            ui = scene.ui
            stroke = self.pen.key_down(
                scene.session.board,
                event.source,
                MARK_OF_ACTION[mark],
                ui.trial_mode,
                ui.cursor,
                ui.colour,
            )
            scene.apply(stroke)
            return True
        actions: dict[Action, Callable[[], None]] = {
            Action.TRIAL: scene.toggle_trial,
            Action.KEEP_TRIAL: scene.keep_trial,
            Action.DROP_TRIAL: scene.drop_trial,
            Action.CHECK: scene.check,
            Action.HINT: scene.hint,
            Action.SHOW_HINT: scene.show_me,
            Action.PANEL: scene.toggle_panel,
        }
        return run_action(actions, event)

    def _move_cursor(self, dx: int, dy: int, shift: bool) -> None:
        scene = self.scene
        before = scene.ui.cursor
        board = scene.session.board
        after = step_cursor(before, dx, dy, board.width, board.height)
        scene.set_ui(cursor=after, show_cursor=True)
        scene.show_cell(*after)
        if shift and not self._shift_stroke:
            self._shift_stroke = True
            scene.session.begin_stroke()  # one undo step for the cells of this Shift hold
        elif not shift:
            self._end_shift_stroke()
        move = self.pen.cursor_moved(board, before, after, shift)
        if move is not None:
            scene.apply(move)


def _show_pointer(kind: int) -> None:
    """The system's mouse pointer (a hand over a board Space can drag); some drivers have none."""
    with contextlib.suppress(pygame.error):
        pygame.mouse.set_cursor(kind)
