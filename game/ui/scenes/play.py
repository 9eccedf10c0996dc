"""The play screen: paint a puzzle with the mouse or the keyboard until the picture appears.

Input becomes moves: every mouse drag (a click is a drag of one cell) becomes ONE ``Paint``
move on release, so it is one undo step; keys paint under a cursor. The session applies the
moves; this scene only turns pixels and keys into moves and draws what the session holds.

Mouse: left fills, right crosses (the Sevilla Hanjie's "right button = the opposite mark"),
middle or Shift+left clears. A click on a cell that already has that mark clears it. A drag
paints a straight line along the axis it moved most on; one that starts on an unknown cell
only paints unknown cells, and one that starts on a cell with the same mark clears that mark
along the line (as far as the mark runs).

Keyboard: arrows move the cursor; Space or Z fills, X crosses, C / Backspace / Delete clear;
holding one of those keys while pressing arrows keeps painting, and Shift+arrows repeats the
last mark while moving. Ctrl+Z undo, Ctrl+Y or Ctrl+Shift+Z redo, T trial mode, K keep trial,
D drop trial, V check, H hint, Esc pause.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import pygame

from game.core.board import Board, Cell
from game.core.lines import clue_text
from game.core.moves import ClearAll, CommitTrial, DiscardTrial, Move, Paint
from game.core.packs import PackPlace, number_in_pack, read_pack, shown_name, title_of
from game.core.puzzle import Puzzle
from game.core.session import Session, move_changes
from game.core.solver.hints import find_hint, line_codes, placed_runs
from game.core.solver.line import analyse_line
from game.ui.app import AUTO_CHECK, CLUE_GREYING, MINIMAP, optional_scene
from game.ui.layout import (
    MAX_CELL,
    BoardLayout,
    Box,
    PlayRegions,
    compute_board_layout,
    compute_play_regions,
    drag_cells,
    fit_cell,
    snap_drag,
)
from game.ui.scene import Scene
from game.ui.scenes.play_overlays import Choice, ModalPanel
from game.ui.widgets.base import Veil, radius
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import ClueLook, Flash, GridView, Preview, changed_lines
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.text import fit_text, wrap_text

if TYPE_CHECKING:
    from game.core.solver.steps import Step
    from game.ui.app import App

AUTOSAVE_DELAY = 1.0  # seconds after the last move before the session is written
REVEAL_SECONDS = 1.4  # the win animation
FLASH_SECONDS = 1.8  # how long wrong marks blink after a check
SMALL_CELL = 12  # below this many pixels a cell is hard to hit: the player is told of zoom
UNIQUENESS_SLICE = 0.003  # seconds of solver work per frame while checking uniqueness

FILL, CROSS, CLEAR = "fill", "cross", "clear"
_MARK_KEYS: dict[int, str] = {
    pygame.K_z: FILL,
    pygame.K_SPACE: FILL,
    pygame.K_x: CROSS,
    pygame.K_c: CLEAR,
    pygame.K_BACKSPACE: CLEAR,
    pygame.K_DELETE: CLEAR,
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

HELP_LONG = (
    "Left: fill · Right: cross · Middle or Shift+click: clear · Drag: a line · "
    "Arrows: move · Space/Z fill · X cross · C clear · Shift+arrows: paint while moving · "
    "Ctrl+Z/Y undo/redo · +/− zoom · Esc pause"
)
HELP_SHORT = (
    "Left fill · Right cross · Middle clear · Arrows move · Space/Z, X, C mark · "
    "Shift+arrows paint · Ctrl+Z/Y · Esc pause"
)


def format_time(seconds: float) -> str:
    """``m:ss`` (or ``h:mm:ss`` past an hour) for the timer and best times."""
    whole = max(0, int(seconds))
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


@dataclass
class Stroke:
    """How a drag or a held key paints: resolved once, on the cell where it began.

    ``clear_mark`` set: clear cells holding exactly that mark (and stop where it ends).
    Otherwise paint ``state``, sparing marked cells when ``only_unknown``.
    """

    state: Cell
    only_unknown: bool = False
    clear_mark: Cell | None = None


@dataclass
class Drag:
    button: int
    start: tuple[int, int]
    current: tuple[int, int]
    stroke: Stroke


@dataclass
class WinState:
    seconds: float
    new_best: bool
    best: float | None
    age: float = 0.0


def _mark_state(kind: str, trial: bool) -> Cell:
    if kind == FILL:
        return Cell.TRIAL_FILLED if trial else Cell.FILLED
    if kind == CROSS:
        return Cell.TRIAL_CROSSED if trial else Cell.CROSSED
    return Cell.UNKNOWN


def stroke_for(kind: str, trial: bool, under: Cell) -> Stroke:
    """The stroke a fill / cross / clear action makes when it starts on a cell holding
    ``under``: the same mark toggles back to unknown, an unknown cell starts a stroke that
    never overwrites marks, anything else is overwritten."""
    state = _mark_state(kind, trial)
    if state == Cell.UNKNOWN:
        return Stroke(Cell.UNKNOWN)
    if under == state:
        return Stroke(Cell.UNKNOWN, clear_mark=state)
    return Stroke(state, only_unknown=under == Cell.UNKNOWN)


def stroke_move(
    board: Board, stroke: Stroke, start: tuple[int, int], end: tuple[int, int]
) -> Paint:
    """The one Paint move a stroke from ``start`` towards ``end`` makes on ``board``."""
    if stroke.clear_mark is not None:
        # Clear the mark as far as it runs from the start cell along the snapped line.
        last = start
        for x, y in drag_cells(start, end):
            if board.cells[y, x] != stroke.clear_mark:
                break
            last = (x, y)
        return Paint(start[0], start[1], last[0], last[1], Cell.UNKNOWN)
    x0, y0, x1, y1 = snap_drag(start, end)
    return Paint(x0, y0, x1, y1, stroke.state, stroke.only_unknown)


class PlayScene(Scene):
    """One puzzle being played. ``next_puzzles`` are offered in turn after a win: each a
    ``Puzzle``, a path to a puzzle file, or a ``(puzzle, path)`` pair. ``pack`` names the
    pack it came from; ``place`` is its place in a bundled pack, which names it until it is
    solved (``game.core.packs.shown_name``)."""

    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        path: Path | str | None = None,
        pack: str | None = None,
        next_puzzles: Sequence[object] = (),
        place: PackPlace | None = None,
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.path = Path(path) if path is not None else None
        self.pack = pack
        self.place = place
        self.title = title_of(puzzle, self.path)
        self.next_puzzles = tuple(next_puzzles)
        self.key = puzzle.fingerprint()
        self.session = self._load_session()
        self.trial_mode = self.session.board.has_trial()
        self.cursor = (0, 0)
        self.show_cursor = True
        self.drag: Drag | None = None
        self.overlay: ModalPanel | None = None
        self.win: WinState | None = None
        self.message = ""
        self.message_kind = "info"  # info / error / success / hint
        self.show_errors = bool(self.app.setting(AUTO_CHECK))
        self.flash = Flash()
        self.flash_age = 0.0
        self.hint_line: tuple[str, int] | None = None
        self.hint_cell: tuple[int, int] | None = None
        self.focus_lost = False
        self.covered = False
        self._held: dict[int, Stroke] = {}
        self._last_stroke: Stroke | None = None
        self._shift = False
        self._ctrl = False
        self.zoom_cell: int | None = None  # None: the whole board fits the view
        self.scroll = (0, 0)
        self._hover_row: int | None = None
        self._hover_column: int | None = None
        self._save_in: float | None = None
        record = self.app.store.record(self.key)
        self._had_saved = record.session is not None
        self._solved_before = bool(record.solved)
        self._unique: bool | None = None if puzzle.goal is not None else False
        self._uniqueness_steps: Iterator[Step] | None = None
        self._check_pending = False
        self._placed_rows: list[frozenset[int]] = [frozenset()] * puzzle.height
        self._placed_columns: list[frozenset[int]] = [frozenset()] * puzzle.width
        self._seen: np.ndarray[Any, np.dtype[np.int8]] | None = None
        self._size = (0, 0)
        self._pause_veil = Veil(90)
        self._chrome: pygame.Surface | None = None
        self._chrome_keys: dict[str, object] = {}
        self._version = 0  # counts board changes, so cached drawings know when to redo
        self._make_buttons()
        size = self.app.screen_size
        self.regions: PlayRegions = compute_play_regions(*size)
        self.layout: BoardLayout = self._board_layout()
        self.grid_view = GridView(puzzle, self.app.theme, self.app.fonts, self.layout)
        self.minimap = MiniMap(puzzle.width, puzzle.height, self.app.theme, Box(0, 0, 1, 1))
        self._build(size)
        self._sync_lines()
        if self.layout.cell < SMALL_CELL or self.layout.scrollable:
            self.set_message(
                "A big puzzle: zoom with + and - (or Ctrl+wheel), 0 fits it again; "
                "the wheel scrolls, Shift+wheel scrolls across.",
                "info",
            )
        if self.session.solved:
            # Only a puzzle with nothing to fill is solved before the first move.
            self._won()

    # --- loading and saving ------------------------------------------------------------------

    def _load_session(self) -> Session:
        record = self.app.store.record(self.key)
        data = record.session
        if data is None:
            return Session(self.puzzle)
        try:
            session = Session.from_json(self.puzzle, data)
        except (ValueError, TypeError, KeyError) as error:
            self.app.toast(
                f"Your saved game of this puzzle could not be read, so it starts afresh ({error}).",
                error=True,
                seconds=6.0,
            )
            return Session(self.puzzle)
        if session.solved:
            return Session(self.puzzle)
        return session

    @property
    def _path_text(self) -> str | None:
        return str(self.path) if self.path is not None else None

    def _worth_saving(self) -> bool:
        session = self.session
        return bool(session.can_undo or session.can_redo or session.board.known_mask().any())

    def save(self) -> None:
        """Write the session (or forget it, when there is nothing to keep) and the store."""
        self._save_in = None
        store = self.app.store
        if self.win is None:
            if self._worth_saving():
                store.save_session(
                    self.key, self.session.to_json(), title=self.puzzle.title, path=self._path_text
                )
                self._had_saved = True
                if self.path is not None:
                    store.set_last_played(self.key, str(self.path))
            elif self._had_saved:
                store.clear_session(self.key)
                self._had_saved = False
        self.app.save_store()

    def _schedule_save(self) -> None:
        self._save_in = AUTOSAVE_DELAY

    # --- scene life ----------------------------------------------------------------------------

    def on_enter(self) -> None:
        self.covered = False

    def on_exit(self) -> None:
        self.covered = True
        self.drag = None
        self._held.clear()
        self.save()

    def on_quit(self) -> None:
        self.save()

    # --- layout --------------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        size = 17
        self.undo_button = Button("Undo", self.undo, font_size=size)
        self.redo_button = Button("Redo", self.redo, font_size=size)
        self.trial_button = Button("Trial mode (T)", self.toggle_trial, font_size=size)
        self.keep_button = Button(
            "Keep trial (K)", self.keep_trial, font_size=size, short_label="Keep (K)"
        )
        self.drop_button = Button(
            "Drop trial (D)", self.drop_trial, font_size=size, short_label="Drop (D)"
        )
        self.check_button = Button("Check (V)", self.check, font_size=size)
        self.hint_button = Button("Hint (H)", self.hint, font_size=size)
        self.auto_button = Button("Auto-check: off", self.toggle_auto_check, font_size=size)
        self.reset_button = Button("Reset", self.ask_reset, font_size=size)
        self.solve_button = Button("Solve", self.open_solver, font_size=size)
        self.pause_button = Button("Pause (Esc)", self.open_pause, font_size=size)
        self.next_button = Button("Next puzzle", self.next_puzzle, primary=True, font_size=20)
        self.levels_button = Button("Level select", self.go_level_select, font_size=20)
        self.menu_button = Button("Menu", self.go_menu, font_size=20)
        self.play_buttons = [
            self.undo_button,
            self.redo_button,
            self.trial_button,
            self.keep_button,
            self.drop_button,
            self.check_button,
            self.hint_button,
            self.auto_button,
            self.reset_button,
            self.solve_button,
            self.pause_button,
        ]
        self.win_buttons = [self.next_button, self.levels_button, self.menu_button]

    def _build(self, size: tuple[int, int]) -> None:
        self._size = size
        self.regions = compute_play_regions(*size)
        self.layout = self._board_layout()
        self.grid_view.set_layout(self.layout)
        self._place_panel()

    @property
    def _max_cell(self) -> int:
        # Big windows get big cells: a 5x5 on a full-HD screen should not look lost.
        return round(MAX_CELL * max(1.0, self.regions.scale))

    def _fit_cell(self) -> int:
        puzzle = self.puzzle
        return fit_cell(
            self.regions.board_area,
            puzzle.width,
            puzzle.height,
            puzzle.row_clues,
            puzzle.column_clues,
            max_cell=self._max_cell,
        )

    def _board_layout(
        self, cell: int | None = None, scroll: tuple[int, int] | None = None
    ) -> BoardLayout:
        if cell is None and self.zoom_cell is not None and self.zoom_cell > self._fit_cell():
            cell = self.zoom_cell
        layout = compute_board_layout(
            self.regions.board_area,
            self.puzzle.width,
            self.puzzle.height,
            self.puzzle.row_clues,
            self.puzzle.column_clues,
            max_cell=self._max_cell,
            cell=cell,
            scroll=self.scroll if scroll is None else scroll,
        )
        self.scroll = layout.scroll
        return layout

    def _relayout(self) -> None:
        self.layout = self._board_layout()
        self.grid_view.set_layout(self.layout)

    # --- zoom and scroll -----------------------------------------------------------------

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        """Zoom in (steps > 0) or out, keeping the point under ``anchor`` (default: the cursor)
        where it is. Zooming out never goes below the size at which the whole board fits."""
        fit = self._fit_cell()
        current = self.layout.cell
        cell = current
        for _ in range(abs(steps)):
            cell = (
                max(cell + 1, round(cell * 1.25))
                if steps > 0
                else min(cell - 1, round(cell / 1.25))
            )
        cell = max(fit, min(max(fit, self._max_cell * 2), cell))
        if cell == current:
            return
        if anchor is None or self.layout.cell_at(anchor) is None:
            anchor = self.layout.cell_box(*self.cursor).centre
        old = self.layout
        # Where the anchor is, in cells; after the zoom the same spot stays under it.
        fx = (anchor[0] - old.left) / old.cell
        fy = (anchor[1] - old.top) / old.cell
        self.zoom_cell = None if cell <= fit else cell
        unscrolled = self._board_layout(cell=cell, scroll=(0, 0))
        want_left = anchor[0] - fx * cell
        want_top = anchor[1] - fy * cell
        self.scroll = (round(unscrolled.left - want_left), round(unscrolled.top - want_top))
        self._relayout()

    def scroll_by(self, dx: int, dy: int) -> bool:
        """Move the view over a board too big for it; True when it moved."""
        before = self.scroll
        self.scroll = (before[0] + dx, before[1] + dy)
        self._relayout()
        return self.scroll != before

    def _show_cell(self, x: int, y: int) -> None:
        """Scroll, when needed, so that cell (x, y) is in view."""
        if not self.layout.scrollable:
            return
        wanted = self.layout.scrolled_to_show(x, y)
        if wanted != self.scroll:
            self.scroll = wanted
            self._relayout()

    def _handle_wheel(self, event: pygame.event.Event) -> bool:
        mods = pygame.key.get_mods()
        step = self.layout.cell * 3
        if mods & (pygame.KMOD_CTRL | pygame.KMOD_META) or self._ctrl:
            self.zoom(1 if event.y > 0 else -1 if event.y < 0 else 0, self.app.mouse_pos)
            return True
        if mods & pygame.KMOD_SHIFT or self._shift:
            return self.scroll_by(-event.y * step, 0)
        return self.scroll_by(event.x * step, -event.y * step)

    def _place_panel(self) -> None:
        app = self.app
        panel = self.regions.side_panel
        pad = self.regions.padding
        x, width = panel.x + pad, panel.w - 2 * pad
        y = panel.y + pad
        map_box = Box(x, y, width, min(width, round(panel.h * 0.28)))
        self.minimap.set_area(map_box)
        if app.setting(MINIMAP):
            y = self.minimap.box.bottom + pad
        self.panel_top = y
        row_h = app.scaled(36)
        gap = app.scaled(8)
        half = (width - gap) // 2
        rows: list[list[Button]] = [
            [self.undo_button, self.redo_button],
            [self.trial_button],
            [self.keep_button, self.drop_button],
            [self.check_button, self.hint_button],
            [self.auto_button],
            [self.reset_button, self.solve_button],
            [self.pause_button],
        ]
        for row in rows:
            if len(row) == 1:
                row[0].rect = pygame.Rect(x, y, width, row_h)
            else:
                row[0].rect = pygame.Rect(x, y, half, row_h)
                row[1].rect = pygame.Rect(x + width - half, y, half, row_h)
            y += row_h + gap
        self.message_box = Box(x, y + gap, width, max(0, panel.bottom - y - gap - pad))
        # After a win the same space holds the result and three buttons.
        y = self.panel_top + app.scaled(100)
        win_h = app.scaled(44)
        for button in self.win_buttons:
            button.rect = pygame.Rect(x, y, width, win_h)
            y += win_h + gap

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        kind = event.type
        if kind == pygame.WINDOWFOCUSLOST:
            self.focus_lost = True
            self.drag = None
            self._held.clear()
            self._shift = False
            self._ctrl = False
            return True
        if kind == pygame.WINDOWFOCUSGAINED:
            self.focus_lost = False
            return True
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and event.key in _SHIFT_KEYS:
            self._shift = kind == pygame.KEYDOWN
        if kind in (pygame.KEYDOWN, pygame.KEYUP) and event.key in _CTRL_KEYS:
            self._ctrl = kind == pygame.KEYDOWN
        if kind == pygame.KEYUP:
            self._held.pop(event.key, None)
        if self.overlay is not None:
            return self.overlay.handle(event)
        if self.win is not None:
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
            return any(button.handle(event) for button in self.win_buttons if button.enabled)
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                if self.next_button.enabled:
                    self.next_puzzle()
                else:
                    self.go_level_select()
                return True
            if event.key == pygame.K_ESCAPE:
                self.go_level_select()
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
        drag = self.drag
        if drag is not None:
            if kind == pygame.MOUSEMOTION:
                self._drag_to(drag, self.layout.cell_at_clamped(pos))
                return True
            if kind == pygame.MOUSEBUTTONUP and event.button == drag.button:
                self._drag_to(drag, self.layout.cell_at_clamped(pos))
                self._finish_drag()
                return True
            return True  # other buttons during a drag are ignored
        if kind == pygame.MOUSEMOTION:
            self._hover(pos)
            for button in self.play_buttons:
                button.handle(event)
            return True
        for button in self.play_buttons:
            if button.handle(event):
                return True
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            cell = self.layout.cell_at(pos)
            if cell is None:
                return False
            if event.button == 2 or (event.button == 1 and self._shift_held(event)):
                action = CLEAR
            else:
                action = FILL if event.button == 1 else CROSS
            self.cursor = cell
            self.show_cursor = True
            x, y = cell
            stroke = stroke_for(action, self.trial_mode, self.session.board.get(x, y))
            self.drag = Drag(event.button, cell, cell, stroke)
            self._update_preview()
            return True
        return False

    def _hover(self, pos: tuple[int, int]) -> None:
        cell = self.layout.cell_at(pos)
        if cell is not None:
            self.cursor = cell
            self.show_cursor = True
        self._hover_row = self.layout.row_clue_at(pos)
        self._hover_column = self.layout.column_clue_at(pos)

    def _drag_to(self, drag: Drag, cell: tuple[int, int]) -> None:
        if cell != drag.current:
            drag.current = cell
            self.cursor = cell
            self._update_preview()

    def _update_preview(self) -> None:
        drag = self.drag
        if drag is None:
            self.grid_view.overlays.preview = None
            return
        board = self.session.board
        move = stroke_move(board, drag.stroke, drag.start, drag.current)
        indices, _ = move_changes(board, move)
        width = board.width
        cells = [(int(i) % width, int(i) // width) for i in indices]
        self.grid_view.overlays.preview = Preview(cells, move.state)

    def _finish_drag(self) -> None:
        drag = self.drag
        self.drag = None
        self.grid_view.overlays.preview = None
        if drag is None:
            return
        move = stroke_move(self.session.board, drag.stroke, drag.start, drag.current)
        self._last_stroke = drag.stroke
        self.apply(move)

    def _handle_key(self, event: pygame.event.Event) -> bool:
        key = event.key
        mod = event.mod
        if mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            if (key == pygame.K_z and mod & pygame.KMOD_SHIFT) or key == pygame.K_y:
                self.redo()
                return True
            if key == pygame.K_z:
                self.undo()
                return True
            return False
        if key == pygame.K_ESCAPE:
            self.open_pause()
            return True
        if key in _ZOOM_KEYS:
            self.zoom(_ZOOM_KEYS[key])
            return True
        if key in (pygame.K_0, pygame.K_KP0):
            self.zoom_cell = None
            self._relayout()
            return True
        if key in _ARROWS:
            self._move_cursor(*_ARROWS[key], shift=bool(mod & pygame.KMOD_SHIFT) or self._shift)
            return True
        if key in _MARK_KEYS:
            x, y = self.cursor
            stroke = stroke_for(_MARK_KEYS[key], self.trial_mode, self.session.board.get(x, y))
            self._held[key] = stroke
            self._last_stroke = stroke
            self.show_cursor = True
            self.apply(stroke_move(self.session.board, stroke, self.cursor, self.cursor))
            return True
        actions: dict[int, Callable[[], None]] = {
            pygame.K_t: self.toggle_trial,
            pygame.K_k: self.keep_trial,
            pygame.K_d: self.drop_trial,
            pygame.K_v: self.check,
            pygame.K_h: self.hint,
        }
        action = actions.get(key)
        if action is None:
            return False
        action()
        return True

    def _move_cursor(self, dx: int, dy: int, shift: bool) -> None:
        x, y = self.cursor
        nx = min(max(x + dx, 0), self.puzzle.width - 1)
        ny = min(max(y + dy, 0), self.puzzle.height - 1)
        self.cursor = (nx, ny)
        self.show_cursor = True
        self._show_cell(nx, ny)
        # A held mark key wins over Shift: it is the stroke the player is making right now.
        stroke = next(reversed(self._held.values()), None) if self._held else None
        if stroke is None and shift:
            stroke = self._last_stroke
        if stroke is not None and (nx, ny) != (x, y):
            self.apply(stroke_move(self.session.board, stroke, self.cursor, self.cursor))

    # --- moves --------------------------------------------------------------------------------

    def apply(self, move: Move) -> bool:
        """Make a move through the session; everything that follows a change follows here."""
        if self.win is not None:
            return False
        if not self.session.apply(move):
            return False
        if isinstance(move, Paint):
            sound = {Cell.UNKNOWN: "clear", Cell.CROSSED: "cross", Cell.TRIAL_CROSSED: "cross"}
            self.app.sounds.play(sound.get(move.state, "fill"))
        self._after_change()
        return True

    def undo(self) -> None:
        if self.win is None and self.session.undo():
            self.app.sounds.play("click")
            self._after_change()

    def redo(self) -> None:
        if self.win is None and self.session.redo():
            self.app.sounds.play("click")
            self._after_change()

    def _after_change(self) -> None:
        completed_rows, completed_columns = self.session.last_completed
        if completed_rows or completed_columns:
            self.app.sounds.play("line")
        self.hint_line = None
        self.hint_cell = None
        if self.message_kind == "hint":
            self.message = ""
        if not self.app.setting(AUTO_CHECK):
            self.show_errors = False
        self._version += 1
        self._sync_lines()
        self._schedule_save()
        if self.session.solved:
            self._won()
        elif self.app.setting(AUTO_CHECK):
            self.check(quiet=True)

    def toggle_trial(self) -> None:
        self.trial_mode = not self.trial_mode
        self._last_stroke = None
        self._held.clear()
        self.set_message(
            "Trial mode on: marks are orange (fill) and light blue (cross). "
            "Keep trial (K) makes them real, Drop trial (D) erases them."
            if self.trial_mode
            else "Trial mode off.",
            "info",
        )

    def keep_trial(self) -> None:
        if self.apply(CommitTrial()):
            self.trial_mode = False
            self.set_message("Trial marks kept as real marks.", "info")

    def drop_trial(self) -> None:
        if self.apply(DiscardTrial()):
            self.trial_mode = False
            self.set_message("Trial marks dropped.", "info")

    def toggle_auto_check(self) -> None:
        value = not bool(self.app.setting(AUTO_CHECK))
        self.app.set_setting(AUTO_CHECK, value)
        self.show_errors = value
        self._refresh_looks()
        if value:
            self.check(quiet=True)

    # --- clue looks -----------------------------------------------------------------------------

    def _sync_lines(self) -> None:
        """Recompute greying for the lines that changed since last time, then the looks."""
        cells = self.session.board.cells
        if self._seen is None:
            rows, columns = list(range(self.puzzle.height)), list(range(self.puzzle.width))
        else:
            rows, columns = changed_lines(self._seen, cells)
        self._seen = cells.copy()
        greying = bool(self.app.setting(CLUE_GREYING))
        for y in rows:
            self._placed_rows[y] = self._placed(greying, self.puzzle.row_clues[y], cells[y, :])
        for x in columns:
            self._placed_columns[x] = self._placed(
                greying, self.puzzle.column_clues[x], cells[:, x]
            )
        self._refresh_looks()

    @staticmethod
    def _placed(greying: bool, clue: tuple[int, ...], line: np.ndarray[Any, Any]) -> frozenset[int]:
        """The clue numbers the marks prove placed (the line solver's word, never a guess)."""
        if not greying or not clue:
            return frozenset()
        return frozenset(placed_runs(clue, line.tolist()))

    def _refresh_looks(self) -> None:
        greying = bool(self.app.setting(CLUE_GREYING))
        session = self.session
        view = self.grid_view
        for y in range(self.puzzle.height):
            status = session.row_status(y)
            view.set_row_look(
                y,
                ClueLook(
                    self._placed_rows[y] if greying else frozenset(),
                    status.complete and greying,
                    status.contradicted and self.show_errors,
                ),
            )
        for x in range(self.puzzle.width):
            status = session.column_status(x)
            view.set_column_look(
                x,
                ClueLook(
                    self._placed_columns[x] if greying else frozenset(),
                    status.complete and greying,
                    status.contradicted and self.show_errors,
                ),
            )

    # --- check and hint ----------------------------------------------------------------------

    def _advance_uniqueness(self, budget: float) -> None:
        """Run the solver a little (``budget`` seconds) towards "is the goal the only answer?"."""
        if self._unique is not None:
            return
        if self._uniqueness_steps is None:
            from game.core.solver import solve_steps

            self._uniqueness_steps = iter(solve_steps(self.puzzle, max_solutions=2))
        from game.core.solver.steps import Finished

        deadline = time.perf_counter() + budget
        for step in self._uniqueness_steps:
            if isinstance(step, Finished):
                self._unique = step.result.status == "unique"
                self._uniqueness_steps = None
                if self._check_pending:
                    self._check_pending = False
                    self.check(quiet=self.app.setting(AUTO_CHECK) and not self.message)
                return
            if time.perf_counter() >= deadline:
                return
        self._unique = False  # the engine stopped without a verdict
        self._uniqueness_steps = None

    def check(self, quiet: bool = False) -> None:
        """Show lines that contradict their clues, and wrong marks when the answer is known.

        ``quiet`` (auto-check): say nothing when all is well."""
        if self.win is not None:
            return
        self.show_errors = True
        self._refresh_looks()
        rows, columns = self.session.contradicted_lines()
        if self._unique is None:
            self._advance_uniqueness(UNIQUENESS_SLICE)
        wrong: list[tuple[int, int]] = []
        if self._unique:
            wrong = self.session.wrong_cells()
        elif self._unique is None:
            self._check_pending = True
        parts: list[str] = []
        if rows or columns:
            parts.append(_lines_sentence(rows, columns))
        if wrong:
            parts.append(
                "1 mark is wrong (flashing)." if len(wrong) == 1
                else f"{len(wrong)} marks are wrong (flashing)."
            )  # fmt: skip
            self.flash = Flash(wrong, 1.0)
            self.flash_age = 0.0
        if parts:
            self.set_message(" ".join(parts), "error")
            return
        if quiet:
            if self.message_kind == "error":
                self.set_message("", "info")
            return
        if self._unique:
            self.set_message("No mistakes so far.", "success")
        else:
            self.set_message("No row or column contradicts its clue.", "success")

    def hint(self) -> None:
        """Show one cell that line logic forces from the player's marks, and why."""
        if self.win is not None:
            return
        board = self.session.board
        if self._unique is None:
            self._advance_uniqueness(UNIQUENESS_SLICE)
        wrong = self.session.wrong_cells() if self._unique else []
        if wrong:
            # Line logic from wrong marks would teach a wrong step: show the marks instead.
            self.flash = Flash(wrong, 1.0)
            self.flash_age = 0.0
            count = "1 mark is" if len(wrong) == 1 else f"{len(wrong)} marks are"
            self.set_message(f"A hint needs correct marks: {count} wrong (flashing).", "error")
            return
        found = find_hint(self.puzzle, board)
        if found is None:
            broken = self._line_that_cannot_fit()
            if broken is not None:
                axis, index = broken
                self.hint_line = broken
                self.hint_cell = None
                clue = (self.puzzle.row_clues if axis == "row" else self.puzzle.column_clues)[index]
                self.set_message(
                    f"Your marks contradict the clues: {axis} {index + 1} cannot hold "
                    f"{clue_text(clue)} any more. Undo or clear some marks first.",
                    "error",
                )
            else:
                self.set_message(
                    "Line logic finds nothing more from your marks: try a trial (T).", "hint"
                )
            return
        self.hint_line = (found.axis, found.index)
        self.hint_cell = (found.x, found.y)
        self.cursor = (found.x, found.y)
        self._show_cell(found.x, found.y)
        action = "Fill" if found.state == Cell.FILLED else "Cross"
        self.set_message(f"{action} the outlined cell. {_sentence(found.text)}", "hint")

    def _line_that_cannot_fit(self) -> tuple[str, int] | None:
        """The first row or column whose marks no placement of its clue fits, if any."""
        cells = self.session.board.cells
        for y, clue in enumerate(self.puzzle.row_clues):
            if analyse_line(clue, line_codes(cells[y, :].tolist())) is None:
                return ("row", y)
        for x, clue in enumerate(self.puzzle.column_clues):
            if analyse_line(clue, line_codes(cells[:, x].tolist())) is None:
                return ("column", x)
        return None

    def set_message(self, text: str, kind: str = "info") -> None:
        self.message = text
        self.message_kind = kind

    # --- win -------------------------------------------------------------------------------------

    def _won(self) -> None:
        self.drag = None
        self._held.clear()
        self.trial_mode = False
        self.flash = Flash()
        self.hint_line = None
        self.hint_cell = None
        seconds = self.session.elapsed
        store = self.app.store
        new_best = bool(
            store.mark_solved(self.key, seconds, title=self.puzzle.title, path=self._path_text)
        )
        best = store.record(self.key).best_time
        store.clear_session(self.key)
        self._had_saved = False
        self._save_in = None
        self.win = WinState(seconds, new_best, best)
        self.next_button.enabled = bool(self.next_puzzles)
        self.set_message("", "info")
        self.app.sounds.play("win")
        self.app.save_store()

    # --- navigation ------------------------------------------------------------------------------

    def open_pause(self) -> None:
        self.drag = None
        self.grid_view.overlays.preview = None
        self.overlay = ModalPanel(
            self.app,
            "Paused",
            f"{self.shown_name()} · {self.puzzle.size_text} · {format_time(self.session.elapsed)}",
            [
                Choice("Resume", self.close_overlay, primary=True),
                Choice("Restart", self.ask_restart),
                Choice("Level select", self.go_level_select),
                Choice("Menu", self.go_menu),
            ],
            self.close_overlay,
            name="pause",
        )

    def close_overlay(self) -> None:
        self.overlay = None

    def ask_reset(self) -> None:
        if not self.session.board.known_mask().any():
            self.set_message("The board is already empty.", "info")
            return
        self.overlay = ModalPanel(
            self.app,
            "Clear the board?",
            "Every mark goes. The clock keeps running, and Undo brings the marks back.",
            [
                Choice("Clear the board", self.reset, primary=True),
                Choice("Cancel", self.close_overlay),
            ],
            self.close_overlay,
            name="reset",
        )

    def reset(self) -> None:
        self.overlay = None
        self.trial_mode = False
        self.apply(ClearAll())

    def ask_restart(self) -> None:
        self.overlay = ModalPanel(
            self.app,
            "Restart?",
            "Start this puzzle again from an empty board, with the clock at zero. "
            "Your marks and their undo history are lost.",
            [Choice("Restart", self.restart, primary=True), Choice("Cancel", self.open_pause)],
            self.open_pause,
            name="restart",
        )

    def restart(self) -> None:
        self.overlay = None
        self.session = Session(self.puzzle)
        self.trial_mode = False
        self.drag = None
        self.flash = Flash()
        self.hint_line = None
        self.hint_cell = None
        self.show_errors = bool(self.app.setting(AUTO_CHECK))
        self.set_message("", "info")
        self._seen = None
        self._version += 1
        self._sync_lines()
        self.save()

    def open_solver(self) -> None:
        factory = optional_scene("game.ui.scenes.replay", "ReplayScene")
        if factory is None:
            self.app.toast("The solver replay is not available in this build.")
            return
        # The player's board goes along: the replay can start from their marks on request.
        self.app.push(
            factory(
                self.app,
                self.puzzle,
                initial_board=self.session.board.copy(),
                name=self.shown_name(),
            )
        )

    def go_level_select(self) -> None:
        self.overlay = None
        scenes = self.app.scenes
        below = self.app.scene_below(self)
        if below is not None and type(below).__name__ == "LevelSelectScene":
            self.app.pop()
            return
        factory = optional_scene("game.ui.scenes.level_select", "LevelSelectScene")
        if factory is None:
            self.go_menu()
            return
        if self in scenes:
            self.app.replace(factory(self.app))

    def go_menu(self) -> None:
        self.overlay = None
        scenes = self.app.scenes
        menu_index = next(
            (i for i, scene in enumerate(scenes) if type(scene).__name__ == "MenuScene"), None
        )
        if menu_index is not None:
            for _ in range(len(scenes) - 1 - menu_index):
                self.app.pop()
            return
        factory = optional_scene("game.ui.scenes.menu", "MenuScene")
        if factory is not None:
            self.app.replace(factory(self.app))
        else:
            self.app.pop()

    def next_puzzle(self) -> None:
        remaining = list(self.next_puzzles)
        while remaining:
            item = remaining.pop(0)
            loaded = self._load_next(item)
            if loaded is None:
                continue
            puzzle, path = loaded
            self.app.replace(
                PlayScene(
                    self.app,
                    puzzle,
                    path=path,
                    pack=self.pack,
                    next_puzzles=remaining,
                    place=self._place_of(path),
                )
            )
            return
        self.go_level_select()

    def _place_of(self, path: Path | None) -> PackPlace | None:
        """The place of a next puzzle: in this puzzle's pack, numbered by its file."""
        if self.place is None or path is None:
            return None
        number = number_in_pack(read_pack(path.parent), path)
        return PackPlace(self.place.pack, number) if number is not None else None

    def shown_name(self) -> str:
        """What the puzzle is called on screen: its place in the pack until it is solved."""
        solved = self._solved_before or self.win is not None
        return shown_name(self.title, self.place, solved)

    def _load_next(self, item: object) -> tuple[Puzzle, Path | None] | None:
        if isinstance(item, Puzzle):
            return item, None
        if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], Puzzle):
            return item[0], Path(item[1]) if item[1] is not None else None
        if isinstance(item, str | Path):
            path = Path(item)
            try:
                from game.core.formats import read_puzzle

                return read_puzzle(path), path
            except (ValueError, OSError) as error:
                self.app.toast(f"{path.name}: {error}", error=True)
        return None

    # --- frame ------------------------------------------------------------------------------------

    @property
    def clock_running(self) -> bool:
        return not (self.paused or self.covered or self.win is not None)

    @property
    def paused(self) -> bool:
        """The pause menu is open or the window lost focus: the clock waits, the board hides
        (a stopped clock must not buy free thinking time)."""
        pause_menu = self.overlay is not None and self.overlay.name in ("pause", "restart")
        return pause_menu or (self.focus_lost and self.win is None)

    def update(self, dt: float) -> None:
        if self.app.screen_size != self._size:
            self._build(self.app.screen_size)
        session = self.session
        if self.clock_running:
            session.resume()
        else:
            session.pause()
        session.tick(dt)
        if self._save_in is not None:
            self._save_in -= dt
            # Writing the file takes a few frames' time (fsync): never in the middle of a
            # stroke, where the hitch would show, only once the player's hands are still.
            if self._save_in <= 0 and self.drag is None and not self._held:
                self.save()
        if self._unique is None and (self._check_pending or self.app.setting(AUTO_CHECK)):
            self._advance_uniqueness(UNIQUENESS_SLICE)
        if self.flash.cells:
            self.flash_age += dt
            fade = 1.0 - self.flash_age / FLASH_SECONDS
            if fade <= 0:
                self.flash = Flash()
            else:
                self.flash.strength = fade * (0.55 + 0.45 * math.cos(self.flash_age * 9.0))
        if self.win is not None:
            self.win.age += dt
        self._update_buttons()

    def _update_buttons(self) -> None:
        session = self.session
        has_trial = session.board.has_trial()
        self.undo_button.enabled = session.can_undo
        self.redo_button.enabled = session.can_redo
        self.trial_button.label = "Trial mode: on (T)" if self.trial_mode else "Trial mode: off (T)"
        self.trial_button.primary = self.trial_mode
        self.keep_button.enabled = has_trial
        self.drop_button.enabled = has_trial
        auto = bool(self.app.setting(AUTO_CHECK))
        self.auto_button.label = "Auto-check: on" if auto else "Auto-check: off"
        self.auto_button.primary = auto
        self.reset_button.enabled = bool(session.can_undo or session.board.known_mask().any())

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        if surface.get_size() != self._size:
            self._build(surface.get_size())
        view = self.grid_view
        view.set_theme(theme)
        self.minimap.set_theme(theme)
        surface.blit(self._compose_chrome(surface.get_size()), (0, 0))

        overlays = view.overlays
        overlays.cursor = self.cursor
        overlays.show_cursor = self.show_cursor and self.win is None
        overlays.flash = self.flash
        overlays.hint_cell = self.hint_cell
        overlays.hint_row = (
            self.hint_line[1] if self.hint_line and self.hint_line[0] == "row" else None
        )
        overlays.hint_column = (
            self.hint_line[1] if self.hint_line and self.hint_line[0] == "column" else None
        )
        overlays.reveal = None if self.win is None else min(1.0, self.win.age / REVEAL_SECONDS)
        if self._hover_row is not None or self._hover_column is not None:
            view.highlight_row, view.highlight_column = self._hover_row, self._hover_column
        else:
            view.highlight_row, view.highlight_column = self.cursor[1], self.cursor[0]
        if self.paused:
            board = self.layout.outer_box.inset(-4)
            surface.fill(theme.background, board)
            pygame.draw.rect(surface, theme.panel_border, board, 1, border_radius=radius(app))
        else:
            view.draw(surface, self.session.board)
        if self.overlay is not None:
            self.overlay.draw(surface)
        elif self.focus_lost and self.win is None:
            self._draw_paused_banner(surface)

    def _compose_chrome(self, size: tuple[int, int]) -> pygame.Surface:
        """Bring the cached frame around the board (bars, panel) up to date.

        Each part is drawn again only when what it shows changed: the timer once a second,
        the panel when a button, the message or the board changed. A frame then costs one
        blit for all of it."""
        app, theme = self.app, self.app.theme
        if self._chrome is None or self._chrome.get_size() != size:
            self._chrome = pygame.Surface(size).convert()
            self._chrome_keys = {}
        chrome = self._chrome
        base_key = (size, theme.name)
        if self._chrome_keys.get("base") != base_key:
            chrome.fill(theme.background)
            self._chrome_keys = {"base": base_key}
        best = app.store.record(self.key).best_time if self.win is None else None
        top_key = (
            format_time(self.session.elapsed),
            self.session.cells_left,
            self.clock_running,
            best,
            self.win is not None,
            self._title_reveal_step(),
            app.ui_scale,
        )
        if self._chrome_keys.get("top") != top_key:
            self._draw_top_bar(chrome, best)
            self._chrome_keys["top"] = top_key
        # Rounded down: 0.98 must not share a key with 1.0, when the buttons appear, or
        # the panel was never drawn again and the buttons stayed hidden.
        appear = -1 if self.win is None else math.floor(self._win_appear() * 20)
        panel_key = (
            tuple(
                (button.label, button.enabled, button.hovered, button.pressed, button.primary)
                for button in (self.win_buttons if self.win is not None else self.play_buttons)
            ),
            self.message,
            self.message_kind,
            self._version,
            self.layout.scroll,
            self.layout.cell,
            appear,
            bool(app.setting(MINIMAP)),
            app.ui_scale,
            self.paused,
        )
        if self._chrome_keys.get("panel") != panel_key:
            self._draw_panel(chrome)
            self._chrome_keys["panel"] = panel_key
        if self._chrome_keys.get("help") != app.ui_scale:
            self._draw_help(chrome)
            self._chrome_keys["help"] = app.ui_scale
        return chrome

    def _win_appear(self) -> float:
        """0 -> 1 as the result panel fades in, half-way through the reveal."""
        if self.win is None:
            return 0.0
        return max(0.0, min(1.0, (self.win.age - REVEAL_SECONDS * 0.5) / 0.4))

    def _draw_top_bar(self, surface: pygame.Surface, best: float | None) -> None:
        app, theme = self.app, self.app.theme
        bar = self.regions.top_bar
        surface.fill(theme.panel, bar)
        surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
        pad = self.regions.padding
        cy = bar.y + bar.h // 2
        big = app.scaled(24)
        small = app.scaled(18)
        right_x = bar.right - pad
        time_text = app.fonts.render(
            format_time(self.session.elapsed), app.scaled(26), theme.text, True
        )
        rect = time_text.get_rect(midright=(right_x, cy))
        surface.blit(time_text, rect)
        label = "Time" if self.clock_running or self.win is not None else "Paused"
        tag = app.fonts.render(label, small, theme.text_muted)
        tag_rect = tag.get_rect(midright=(rect.x - pad // 2, cy))
        surface.blit(tag, tag_rect)
        left_text = f"Cells left {self.session.cells_left}"
        left = app.fonts.render(left_text, small, theme.text)
        left_rect = left.get_rect(midright=(tag_rect.x - 2 * pad, cy))
        surface.blit(left, left_rect)
        limit = left_rect.x - 2 * pad
        if best is not None:
            best_surface = app.fonts.render(f"Best {format_time(best)}", small, theme.text_muted)
            best_rect = best_surface.get_rect(midright=(limit, cy))
            surface.blit(best_surface, best_rect)
            limit = best_rect.x - 2 * pad
        # Until the picture shows, the name is what the player saw before the win; then
        # "Solved!" and the title fade in together, the second half of the reveal.
        reveal = self._win_appear()
        name = shown_name(self.title, self.place, self._solved_before or reveal > 0)
        where = self.place.label if self.place is not None else self.pack
        details = self.puzzle.size_text + (f" · {where}" if where and where != name else "")
        detail = app.fonts.render(details, small, theme.text_muted)
        font = app.fonts.get(big, bold=True)
        x = bar.x + pad
        title_room = limit - x - pad - detail.get_width()
        if reveal > 0:
            solved = app.fonts.render("Solved!", big, theme.success, True).copy()
            solved.set_alpha(round(255 * reveal))
            surface.blit(solved, solved.get_rect(midleft=(x, cy)))
            x += solved.get_width() + font.size(" ")[0]
            title_room -= solved.get_width() + font.size(" ")[0]
        title_surface = app.fonts.render(
            fit_text(font, name, max(20, title_room)), big, theme.text, True
        )
        if reveal > 0:
            title_surface = title_surface.copy()
            title_surface.set_alpha(round(255 * reveal))
        surface.blit(title_surface, title_surface.get_rect(midleft=(x, cy)))
        surface.blit(detail, detail.get_rect(midleft=(x + title_surface.get_width() + pad, cy + 2)))

    def _title_reveal_step(self) -> int:
        """The header's stage of the win reveal, for its drawing cache: -1 before a win, 0
        before the title shows, then tenths (1.0 apart from 0.95, or the last fade step stuck)."""
        if self.win is None:
            return -1
        appear = self._win_appear()
        return 0 if appear <= 0 else 1 + math.floor(appear * 10)

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        panel = self.regions.side_panel
        surface.fill(theme.panel, panel)
        surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        if app.setting(MINIMAP):
            if self.paused:
                # The board is hidden while paused; the map would show it all the same.
                self.minimap.draw_blank(surface)
            else:
                self.minimap.draw(surface, self.session.board)
                if self.layout.scrollable:
                    self._draw_view_frame(surface)
        if self.win is not None:
            self._draw_win_panel(surface)
            return
        for button in self.play_buttons:
            button.draw(surface, app)
        self._draw_message(surface)

    def _draw_view_frame(self, surface: pygame.Surface) -> None:
        """Outline on the mini-map the part of a big board that is in view."""
        layout, box, per = self.layout, self.minimap.box, self.minimap.per_cell
        view = layout.cells_view
        first_x = max(0, (view.x - layout.left) // layout.cell)
        first_y = max(0, (view.y - layout.top) // layout.cell)
        last_x = min(layout.columns, -(-(view.right - layout.left) // layout.cell))
        last_y = min(layout.rows, -(-(view.bottom - layout.top) // layout.cell))
        frame = pygame.Rect(
            box.x + first_x * per,
            box.y + first_y * per,
            max(1, (last_x - first_x) * per),
            max(1, (last_y - first_y) * per),
        )
        pygame.draw.rect(surface, self.app.theme.accent, frame, 2)

    def _draw_message(self, surface: pygame.Surface) -> None:
        if not self.message:
            return
        app, theme = self.app, self.app.theme
        box = self.message_box
        size = app.scaled(17)
        font = app.fonts.get(size)
        colour = {
            "error": theme.error,
            "success": theme.success,
            "hint": theme.accent,
        }.get(self.message_kind, theme.text)
        line_h = font.get_linesize()
        y = box.y
        for line in wrap_text(font, self.message, box.w):
            if y + line_h > box.bottom:
                break
            surface.blit(app.fonts.render(line, size, colour), (box.x, y))
            y += line_h

    def _draw_win_panel(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        win = self.win
        if win is None:
            return
        appear = self._win_appear()
        if appear <= 0:
            return
        cx = self.regions.side_panel.x + self.regions.side_panel.w // 2
        y = self.panel_top
        title = app.fonts.render("Solved!", app.scaled(34), theme.success, True)
        title.set_alpha(round(255 * appear))
        surface.blit(title, title.get_rect(midtop=(cx, y)))
        y += title.get_height() + app.scaled(4)
        line = f"Time {format_time(win.seconds)}"
        if win.new_best:
            line += " · New best!"
        elif win.best is not None:
            line += f" · Best {format_time(win.best)}"
        result = app.fonts.render(line, app.scaled(19), theme.text, win.new_best)
        result.set_alpha(round(255 * appear))
        surface.blit(result, result.get_rect(midtop=(cx, y)))
        if appear >= 1.0:
            for button in self.win_buttons:
                button.draw(surface, app)
            if not self.next_button.enabled:
                note = app.fonts.render(
                    "No next puzzle in this list.", app.scaled(15), theme.text_muted
                )
                surface.blit(note, note.get_rect(midtop=(cx, self.menu_button.rect.bottom + 8)))

    def _draw_help(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        line = self.regions.help_line
        surface.fill(theme.panel, line)
        surface.fill(theme.panel_border, (line.x, line.y, line.w, 1))
        size = app.scaled(15)
        font = app.fonts.get(size)
        room = line.w - 2 * self.regions.padding
        text = HELP_LONG if font.size(HELP_LONG)[0] <= room else fit_text(font, HELP_SHORT, room)
        rendered = app.fonts.render(text, size, theme.text_muted)
        surface.blit(
            rendered, rendered.get_rect(center=(line.x + line.w // 2, line.y + line.h // 2))
        )

    def _draw_paused_banner(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        self._pause_veil.draw(surface)
        text = app.fonts.render("Paused: the clock waits for you", app.scaled(22), theme.toast_text)
        rect = text.get_rect(center=self.layout.outer_box.centre)
        back = rect.inflate(app.scaled(40), app.scaled(24))
        pygame.draw.rect(surface, theme.toast, back, border_radius=radius(app))
        surface.blit(text, rect)


def _sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _lines_sentence(rows: Sequence[int], columns: Sequence[int]) -> str:
    """ "Row 3 and column 7 contradict their clues." (numbers count from 1)."""
    parts: list[str] = []
    if rows:
        parts.append(("Row " if len(rows) == 1 else "Rows ") + _numbers(rows))
    if columns:
        word = "column " if len(columns) == 1 else "columns "
        parts.append((word if parts else word.capitalize()) + _numbers(columns))
    total = len(rows) + len(columns)
    verb = "contradicts its clue." if total == 1 else "contradict their clues."
    return " and ".join(parts) + " " + verb


def _numbers(indices: Sequence[int]) -> str:
    shown = [str(i + 1) for i in indices[:6]]
    text = ", ".join(shown)
    if len(indices) > 6:
        text += f" and {len(indices) - 6} more"
    return text
