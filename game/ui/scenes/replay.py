"""Watch the solver think: the engine's steps replayed on the board, as fast or slow as wanted.

The scene holds a :class:`~game.ui.scenes.replay_state.ReplayState`, which wraps the one solving
generator. Each frame it pulls steps until about 4 ms were spent or the speed's quota is used
up (no threads: pause, step, line, run-to-end and speed are only how many steps it pulls), and
draws what the engine's grid looks like now:

- cells fixed by line logic in the normal marks; cells set under a guess (depth > 0) in the
  trial colours (orange filled, light blue crossed) as in the Sevilla Hanjie, each open guess
  framed with its depth; probe cells lightly; the line being solved highlighted; a
  contradiction flashes its line; cells undone by a backtrack glow briefly as they vanish;
- a side panel with live statistics, the last steps in words and the mini-map;
- at the end the verdict, and with several solutions a browser (previous / next, or Left /
  Right) with the cells where the solutions differ highlighted.

Keys: Space play/pause, Right one step, Shift+Right one line, End run to the end, Home or R
restart, + / - speed, Esc back. Every key has a button.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.board import Board, Cell
from game.core.puzzle import Puzzle
from game.core.solver.steps import Contradiction
from game.ui.app import MAX_PLAYABLE
from game.ui.layout import BoardLayout, Box, compute_board_layout
from game.ui.scene import Scene
from game.ui.scenes.replay_state import (
    DEFAULT_MAX_SOLUTIONS,
    DEFAULT_TIME_LIMIT,
    BoolGrid,
    Grid,
    LineMark,
    ReplayState,
    board_marks,
    check_marks,
    is_line_step,
    is_visible_step,
    solution_board,
    verdict_text,
)
from game.ui.widgets.base import FocusGroup
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import Flash, GridView, paint_mark
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.slider import Slider
from game.ui.widgets.text import draw_text, fit_text, wrap_text
from game.ui.widgets.toggle import Toggle

if TYPE_CHECKING:
    from game.core.solver.steps import Step
    from game.ui.app import App
    from game.ui.theme import Colour

# Seconds of solver work per frame: at most this at any speed but "instant" (leaves the rest of
# a 60 Hz frame for drawing).
FRAME_BUDGET = 0.004
# "Instant" and run-to-end take more of the frame, still short enough to keep 60 frames.
RUSH_BUDGET = 0.010
# Steps per second for each speed setting; inf is "as fast as the budget allows".
SPEEDS: tuple[float, ...] = (1, 2, 5, 10, 25, 50, 100, 250, 500, 1000, 2500, math.inf)
INSTANT = len(SPEEDS)  # the last setting, past the table: finish at once
DEFAULT_SPEED = 5  # 50 steps a second: every step can still be followed
SPEED_SETTING = "replay_speed"
MARKS_CHECK_SECONDS = 0.5
FLASH_SECONDS = 0.6
UNDONE_SECONDS = 0.5
PROBE_ALPHA = 105
RECENT_SHOWN = 6
# From this speed on the panel's figures change every frame: redraw it only this often.
FAST_SPEED = SPEEDS.index(100)
PANEL_REFRESH = 1 / 15
GC_FREEZE_SECONDS = 1.0

_PLUS_KEYS = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
_MINUS_KEYS = (pygame.K_MINUS, pygame.K_KP_MINUS, pygame.K_UNDERSCORE)
_MOUSE_EVENTS = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION)
_COLOUR_KEY = (255, 0, 255)


def speed_label(index: int) -> str:
    """How a speed setting is written: "1 step/s", "250 steps/s", "max", "instant"."""
    if index >= INSTANT:
        return "instant"
    speed = SPEEDS[index]
    if math.isinf(speed):
        return "max"
    return f"{speed:g} step/s" if speed == 1 else f"{speed:g} steps/s"


def seconds_text(seconds: float) -> str:
    """A duration for the panel: milliseconds below a tenth of a second."""
    if seconds < 0.1:
        return f"{seconds * 1000:.1f} ms"
    return f"{seconds:.2f} s"


def replay_refusal(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` cannot be replayed on screen, or None when it can."""
    if puzzle.width == 0 or puzzle.height == 0:
        return f"{puzzle.title or 'This puzzle'} has no cells to solve."
    if max(puzzle.width, puzzle.height) > MAX_PLAYABLE:
        return (
            f"{puzzle.size_text} is too large to watch here (at most {MAX_PLAYABLE} cells a "
            "side); `python -m game solve` still solves it."
        )
    return None


class ReplayScene(Scene):
    """The solver replay for ``puzzle``.

    ``initial_board`` (the player's board, from the play scene) enables "start from your
    marks"; ``start_from_marks`` turns it on at once. ``max_solutions`` (None: all) caps how
    many solutions the search counts; ``time_limit`` is in seconds of solver work. ``name``
    is what the header calls the puzzle (``game.core.packs.shown_name``: "First steps #5" for
    a pack's puzzle not solved yet); the puzzle's title when not given (a file opened by name).
    """

    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        initial_board: Board | None = None,
        max_solutions: int | None = DEFAULT_MAX_SOLUTIONS,
        time_limit: float | None = DEFAULT_TIME_LIMIT,
        start_from_marks: bool = False,
        playing: bool = True,
        name: str | None = None,
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.name = name or puzzle.title or "Untitled puzzle"
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.marks: Grid | None = None
        if initial_board is not None and (
            initial_board.width,
            initial_board.height,
        ) == (puzzle.width, puzzle.height):
            marks = board_marks(initial_board)
            if (marks >= 0).any():
                self.marks = marks
        self.from_marks = False
        self.marks_note = ""
        self.playing = playing
        self.rushing = False  # run to the end: the big budget until finished
        # A one-step or one-line advance still under way (a line can take many steps).
        self.pending: Callable[[Step], bool] | None = None
        self.speed_index = self._saved_speed()
        self._credit = 1.0  # the first step shows at once
        self.state = self._new_state(None)
        self.solution_index = 0
        self.differences: BoolGrid | None = None
        self._finish_seen = False
        # Flashes: the contradicted line (or probed cell) and the cells a backtrack undid.
        self.flash_cells: list[tuple[int, int]] = []
        self.flash_time = 0.0
        self.undone_cells: tuple[tuple[int, int], ...] = ()
        self.undone_time = 0.0
        self._seen_contradiction = 0
        self._seen_backtrack = 0

        self.restart_button = Button("Restart", self.restart, font_size=18)
        self.step_button = Button("Step", self.step_once, font_size=18)
        self.line_button = Button("Line", self.step_line, font_size=18)
        self.play_button = Button("Pause", self.toggle_play, primary=True, font_size=18)
        self.end_button = Button("To the end", self.run_to_end, font_size=18)
        self.slower_button = Button("−", self.slower, font_size=22)
        self.faster_button = Button("+", self.faster, font_size=22)
        self.speed_slider = Slider(
            "Speed",
            self._speed_fraction(),
            self._slider_moved,
            step=1 / INSTANT,
            font_size=16,
            value_text=lambda _value: speed_label(self.speed_index),
            value_sample=max((speed_label(index) for index in range(INSTANT + 1)), key=len),
        )
        self.previous_button = Button("◀ Previous", self.previous_solution, font_size=18)
        self.next_button = Button("Next ▶", self.next_solution, font_size=18)
        self.back_button = Button("Back", self.back, font_size=18)
        self.marks_toggle = Toggle("Start from my marks", False, self._marks_toggled, font_size=16)
        self.focus = FocusGroup(self._widgets())
        self._layout_key: tuple[object, ...] | None = None
        self.layout: BoardLayout | None = None
        self.grid_view: GridView | None = None
        self.minimap: MiniMap | None = None
        self.regions: dict[str, Box] = {}
        self._probe_layer: pygame.Surface | None = None
        self._probe_drawn: Grid | None = None
        self._tiles: dict[str, pygame.Surface] = {}
        self._chrome: dict[str, tuple[object, pygame.Surface, float]] = {}
        self._clear_all = True
        self._repaint_all = True
        self._board_zone = pygame.Rect(0, 0, 0, 0)
        self._inner_rects: list[list[pygame.Rect]] = []
        self._browser_shown = False
        self._solution_label_x = 0
        self._frozen = False
        self._since_freeze = 0.0
        if start_from_marks and self.marks is not None:
            self.marks_toggle.value = True
            self._marks_toggled(True)
        self._sync_buttons()

    # -- the engine -------------------------------------------------------------------------

    def _new_state(self, initial: Grid | None) -> ReplayState:
        return ReplayState(
            self.puzzle,
            max_solutions=self.max_solutions,
            time_limit=self.time_limit,
            initial=initial,
        )

    @property
    def finished(self) -> bool:
        return self.state.finished

    def restart(self) -> None:
        """Start the engine again from the blank grid (or the player's marks)."""
        self.state = self._new_state(self.marks if self.from_marks else None)
        self.solution_index = 0
        self.differences = None
        self._finish_seen = False
        self.flash_cells = []
        self.flash_time = 0.0
        self.undone_cells = ()
        self.undone_time = 0.0
        self._seen_contradiction = 0
        self._seen_backtrack = 0
        self.pending = None
        self.rushing = False
        self.playing = True
        self._credit = 1.0
        self._sync_buttons()

    def toggle_play(self) -> None:
        if self.finished:
            return
        self.playing = not self.playing
        self.pending = None
        self._credit = 1.0  # the first step comes at once, even at one step a second
        self._sync_buttons()

    def pause(self) -> None:
        self.playing = False
        self.rushing = False
        self._sync_buttons()

    def step_once(self) -> None:
        """Pause and advance to the next step (the engine's quiet heartbeats are passed)."""
        if self.finished:
            return
        self.pause()
        self.pending = is_visible_step

    def step_line(self) -> None:
        """Pause and advance until a line gives cells."""
        if self.finished:
            return
        self.pause()
        self.pending = is_line_step

    def run_to_end(self) -> None:
        if self.finished:
            return
        self.pending = None
        self.playing = True
        self.rushing = True
        self._sync_buttons()

    def _pull(self) -> None:
        state = self.state
        if state.finished:
            return
        if self.pending is not None:
            stop = self.pending
            state.pull(1_000_000, FRAME_BUDGET, stop)
            last = state.last_step
            if state.finished or (last is not None and stop(last)):
                self.pending = None
            return
        if not self.playing:
            return
        if self.rushing or self.speed_index >= INSTANT:
            state.pull(1_000_000_000, RUSH_BUDGET)
            return
        speed = SPEEDS[self.speed_index]
        if math.isinf(speed):
            state.pull(1_000_000_000, FRAME_BUDGET)
            return
        quota = int(self._credit)
        if quota > 0:
            taken = state.pull(quota, FRAME_BUDGET)
            self._credit -= taken
            if taken < quota:
                self._credit = 0.0  # the budget ran out: do not pile up a debt of steps

    # -- speed ------------------------------------------------------------------------------

    def _saved_speed(self) -> int:
        value = self.app.store.get_setting(SPEED_SETTING, DEFAULT_SPEED)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INSTANT:
            return value
        return DEFAULT_SPEED

    def _speed_fraction(self) -> float:
        return self.speed_index / INSTANT

    def set_speed(self, index: int) -> None:
        index = max(0, min(INSTANT, index))
        if index == self.speed_index:
            return
        self.speed_index = index
        self.speed_slider.value = self._speed_fraction()
        self._credit = min(self._credit, 1.0)

    def faster(self) -> None:
        self.set_speed(self.speed_index + 1)

    def slower(self) -> None:
        self.set_speed(self.speed_index - 1)

    def _slider_moved(self, value: float) -> None:
        self.set_speed(round(value * INSTANT))
        self.speed_slider.value = self._speed_fraction()

    # -- starting from the player's marks ---------------------------------------------------

    def _marks_toggled(self, on: bool) -> None:
        if not on or self.marks is None:
            self.from_marks = False
            self.marks_note = ""
            self.marks_toggle.value = False
            self.restart()
            return
        consistent, _result = check_marks(self.puzzle, self.marks, MARKS_CHECK_SECONDS)
        if consistent is False:
            self.marks_toggle.value = False
            self.from_marks = False
            self.marks_note = "Your marks contradict the clues: starting from a blank grid."
            self.app.toast(self.marks_note, error=True)
            return
        self.from_marks = True
        if consistent:
            self.marks_note = "Your marks fit a solution: starting from them."
        else:
            self.marks_note = "Could not check your marks in time: starting from them anyway."
        self.app.toast(self.marks_note)
        self.restart()

    # -- solutions --------------------------------------------------------------------------

    @property
    def solutions(self) -> list[BoolGrid]:
        return self.state.solutions if self.finished else []

    def previous_solution(self) -> None:
        if len(self.solutions) > 1:
            self.solution_index = (self.solution_index - 1) % len(self.solutions)

    def next_solution(self) -> None:
        if len(self.solutions) > 1:
            self.solution_index = (self.solution_index + 1) % len(self.solutions)

    def shown_board(self) -> Board:
        """The board on screen: the engine's grid, or at the end the solution browsed."""
        solutions = self.solutions
        if solutions:
            return solution_board(solutions[self.solution_index])
        cells = self.state.display_cells()
        return Board(self.puzzle.width, self.puzzle.height, cells)

    def _on_finish(self) -> None:
        self._finish_seen = True
        self.playing = False
        self.rushing = False
        self.pending = None
        solutions = self.state.solutions
        self.solution_index = 0
        if len(solutions) > 1:
            first = solutions[0]
            differ = np.zeros(first.shape, dtype=bool)
            for other in solutions[1:]:
                differ |= other != first
            self.differences = differ
        if solutions:
            self.app.sounds.play("win")
            self.flash_time = 0.0
            self.undone_time = 0.0
        self._sync_buttons()

    def back(self) -> None:
        self.app.pop()

    def on_enter(self) -> None:
        refusal = replay_refusal(self.puzzle)
        if refusal is not None:
            # Opened from anywhere (level select, converter, play): say why and go back.
            self.app.toast(refusal, error=True)
            self.app.pop()
            return
        # A full collection of everything the game holds takes 10-15 ms: too long inside a
        # frame. Everything alive now is set aside from the collector while the replay runs,
        # so the collections that do happen only look at what the engine made since.
        gc.collect()
        gc.freeze()
        self._frozen = True
        self._since_freeze = 0.0

    def _keep_speed(self) -> None:
        # Written once on leaving, not at every notch of a slider drag (each write is a file).
        if self.app.store.get_setting(SPEED_SETTING, None) != self.speed_index:
            self.app.store.set_setting(SPEED_SETTING, self.speed_index)

    def on_quit(self) -> None:
        self._keep_speed()

    def on_exit(self) -> None:
        self._keep_speed()
        if self._frozen:
            gc.unfreeze()  # the collector sees everything again (and frees what died)
            self._frozen = False

    # -- events -----------------------------------------------------------------------------

    def _widgets(self) -> list[Button | Slider | Toggle]:
        widgets: list[Button | Slider | Toggle] = [
            self.restart_button,
            self.step_button,
            self.line_button,
            self.play_button,
            self.end_button,
            self.previous_button,
            self.next_button,
            self.slower_button,
            self.speed_slider,
            self.faster_button,
            self.back_button,
        ]
        return widgets

    def _sync_buttons(self) -> None:
        finished = self.finished
        browsing = finished and len(self.state.solutions) > 1
        self.play_button.label = "Pause" if self.playing and not finished else "Play"
        for button in (self.step_button, self.line_button, self.play_button, self.end_button):
            button.enabled = not finished
        self.previous_button.enabled = browsing
        self.next_button.enabled = browsing
        self.focus.refresh()

    def handle(self, event: pygame.event.Event) -> bool:
        self._place()
        if event.type in _MOUSE_EVENTS or event.type == pygame.MOUSEWHEEL:
            used = self.focus.handle(event)
            if self.marks is not None:
                used = self.marks_toggle.handle(event) or used
            self._sync_buttons()
            return used
        if event.type != pygame.KEYDOWN:
            return False
        key = event.key
        shift = bool(event.mod & pygame.KMOD_SHIFT)
        if key == pygame.K_ESCAPE:
            self.back()
        elif key == pygame.K_SPACE:
            self.toggle_play()
        elif key == pygame.K_RIGHT and self.finished:
            self.next_solution()
        elif key == pygame.K_LEFT and self.finished:
            self.previous_solution()
        elif key == pygame.K_RIGHT:
            self.step_line() if shift else self.step_once()
        elif key == pygame.K_END:
            self.run_to_end()
        elif key in (pygame.K_HOME, pygame.K_r):
            self.restart()
        elif key in _PLUS_KEYS:
            self.faster()
        elif key in _MINUS_KEYS:
            self.slower()
        elif key in (pygame.K_PAGEDOWN, pygame.K_n):
            self.next_solution()
        elif key in (pygame.K_PAGEUP, pygame.K_p):
            self.previous_solution()
        else:
            return False
        self._sync_buttons()
        return True

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        state = self.state
        self._since_freeze += dt
        if self._since_freeze >= GC_FREEZE_SECONDS and self._frozen:
            # What the engine built meanwhile (its line caches) joins the frozen set, so no
            # full collection has to walk it in the middle of a frame.
            gc.freeze()
            self._since_freeze = 0.0
        if self.playing and not state.finished and self.pending is None:
            speed = SPEEDS[self.speed_index] if self.speed_index < INSTANT else math.inf
            if not math.isinf(speed):
                # A frame's quota, and no burst after a stall.
                self._credit = min(self._credit + speed * dt, max(1.0, speed * 0.25))
        self._pull()
        if state.contradiction_serial != self._seen_contradiction:
            self._seen_contradiction = state.contradiction_serial
            self.flash_time = FLASH_SECONDS
            if state.failed_line is not None:
                self.flash_cells = state.failed_line.cells(self.puzzle.width, self.puzzle.height)
            elif state.failed_cell is not None:
                self.flash_cells = [state.failed_cell]
            else:
                self.flash_cells = []
        else:
            self.flash_time = max(0.0, self.flash_time - dt)
        if state.backtrack_serial != self._seen_backtrack:
            self._seen_backtrack = state.backtrack_serial
            self.undone_cells = state.last_undone
            self.undone_time = UNDONE_SECONDS
        else:
            self.undone_time = max(0.0, self.undone_time - dt)
        if state.finished and not self._finish_seen:
            self._on_finish()

    # -- layout -----------------------------------------------------------------------------

    def _place(self) -> None:
        app = self.app
        width, height = app.screen_size
        key = (width, height, app.theme, self.marks is not None)
        if key == self._layout_key and self.grid_view is not None:
            return
        self._layout_key = key
        scale = app.ui_scale
        pad = max(6, round(12 * scale))
        top_h = round(56 * scale)
        controls_h = round(58 * scale)
        help_h = round(28 * scale)
        panel_w = max(230, min(round(width * 0.28), round(340 * scale)))
        top_bar = Box(0, 0, width, top_h)
        help_line = Box(0, height - help_h, width, help_h)
        controls = Box(0, help_line.y - controls_h, width, controls_h)
        panel = Box(width - panel_w, top_h, panel_w, max(1, controls.y - top_h))
        board_area = Box(
            pad, top_h + pad, max(1, panel.x - 2 * pad), max(1, controls.y - top_h - 2 * pad)
        )
        # Between the bars and the panel: the only part a frame repaints around the board.
        self._board_zone = pygame.Rect(0, top_h, panel.x, controls.y - top_h)
        self.regions = {
            "top": top_bar,
            "help": help_line,
            "controls": controls,
            "panel": panel,
            "board": board_area,
        }
        puzzle = self.puzzle
        self.layout = compute_board_layout(
            board_area, puzzle.width, puzzle.height, puzzle.row_clues, puzzle.column_clues
        )
        if self.grid_view is None:
            self.grid_view = GridView(puzzle, app.theme, app.fonts, self.layout)
            self.grid_view.overlays.show_cursor = False
        else:
            self.grid_view.set_theme(app.theme)
            self.grid_view.set_layout(self.layout)
        map_side = min(panel.w - 2 * pad, round(170 * scale))
        map_area = Box(panel.x + pad, panel.bottom - pad - map_side, panel.w - 2 * pad, map_side)
        if self.minimap is None:
            self.minimap = MiniMap(puzzle.width, puzzle.height, app.theme, map_area)
        else:
            self.minimap.set_theme(app.theme)
            self.minimap.set_area(map_area)
        self._place_controls(controls, pad, scale)
        if self.marks is not None:
            toggle_h = round(38 * scale)
            self.marks_toggle.rect = pygame.Rect(
                panel.x + pad // 2, map_area.y - toggle_h - pad, panel.w - pad, toggle_h
            )
        self._probe_layer = None
        self._probe_drawn = None
        self._tiles = {}
        self._chrome = {}
        self._clear_all = True
        # Each cell's unpainted inside, relative to the grid box (for the probe layer).
        box = self.layout.grid_box
        self._inner_rects = [
            [
                pygame.Rect(inner.x - box.x, inner.y - box.y, inner.w, inner.h)
                for inner in (self.layout.cell_inner(x, y) for x in range(puzzle.width))
            ]
            for y in range(puzzle.height)
        ]

    def _place_controls(self, controls: Box, pad: int, scale: float) -> None:
        button_h = round(40 * scale)
        gap = round(8 * scale)
        y = controls.y + (controls.h - button_h) // 2
        x = controls.x + pad

        def put(widget: Button, width: int) -> None:
            # Never narrower than its label: text does not shrink below readable.
            nonlocal x
            width = widget.fitting_width(self.app, width)
            widget.rect = pygame.Rect(x, y, width, button_h)
            x += width + gap

        small = round(88 * scale)
        put(self.restart_button, small)
        x += gap
        if self.finished and len(self.state.solutions) > 1:
            hidden: list[Button] = [
                self.step_button,
                self.line_button,
                self.play_button,
                self.end_button,
            ]
            put(self.previous_button, round(130 * scale))
            self._solution_label_x = x
            x += round(150 * scale)
            put(self.next_button, round(110 * scale))
            shown_browser = True
        else:
            hidden = [self.previous_button, self.next_button]
            put(self.step_button, small)
            put(self.line_button, small)
            put(self.play_button, small)
            put(self.end_button, round(118 * scale))
            shown_browser = False
        for widget in hidden:
            widget.rect = pygame.Rect(0, 0, 0, 0)
        self._browser_shown = shown_browser
        back_w = self.back_button.fitting_width(self.app, small)
        back_x = controls.right - pad - back_w
        self.back_button.rect = pygame.Rect(back_x, y, back_w, button_h)
        # The speed controls fill what is left between the playback buttons and Back.
        square = button_h
        right = back_x - 2 * gap
        self.faster_button.rect = pygame.Rect(right - square, y, square, button_h)
        # Wide enough for its label, its value and a track, when the room allows.
        widest = max(round(330 * scale), self.speed_slider.text_room(self.app) + round(160 * scale))
        slider_w = max(round(200 * scale), min(widest, right - square - gap - x))
        slider_x = right - square - gap - slider_w
        self.speed_slider.rect = pygame.Rect(slider_x, y, slider_w, button_h)
        self.slower_button.rect = pygame.Rect(slider_x - gap - square, y, square, button_h)

    # -- drawing ----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        browsing = self.finished and len(self.state.solutions) > 1
        if browsing != self._browser_shown:
            self._layout_key = None
        self._place()
        app = self.app
        theme = app.theme
        regions = self.regions
        layout = self.layout
        assert layout is not None
        # Toasts are drawn over the window by the app: while any is up, repaint it all.
        toasts_up = bool(app.toasts.items)
        self._repaint_all = self._clear_all or toasts_up
        if self._repaint_all:
            surface.fill(theme.background)
            self._clear_all = toasts_up
        else:
            # Frames only change the board and what is drawn over it (frames around cells
            # reach a few pixels past the grid): the bars and the panel are still there.
            around = pygame.Rect(layout.outer_box.inset(-layout.cell // 2))
            surface.fill(theme.background, around.clip(self._board_zone))
        board = self.shown_board()
        self._draw_board(surface, board)
        self._cached("top", self._status_text(), regions["top"], self._render_top_bar, surface)
        fast = self.playing and not self.finished and self.speed_index >= FAST_SPEED
        panel_drawn = self._cached(
            "panel",
            self._panel_key(),
            regions["panel"],
            self._render_panel,
            surface,
            refresh_after=PANEL_REFRESH if fast else 0.0,
        )
        if self.marks is not None and panel_drawn:
            # Only over a fresh panel: its text drawn twice over itself would thicken.
            self.marks_toggle.draw(surface, app)
        assert self.minimap is not None
        self.minimap.draw(surface, board)
        self._cached(
            "controls", self._controls_key(), regions["controls"], self._render_controls, surface
        )
        self._cached("help", self._help_text(), regions["help"], self._render_help, surface)

    def _draw_board(self, surface: pygame.Surface, board: Board) -> None:
        view = self.grid_view
        layout = self.layout
        assert view is not None and layout is not None
        state = self.state
        line = state.current_line if not self.finished else None
        view.highlight_row = line.index if line is not None and line.axis == "row" else None
        view.highlight_column = line.index if line is not None and line.axis == "column" else None
        strength = self.flash_time / FLASH_SECONDS
        if not self.playing and isinstance(state.last_step, Contradiction):
            # Stepping by hand: the failed line stays marked while it is the last step.
            strength = max(strength, 0.6)
        view.overlays.flash = Flash(self.flash_cells, strength) if strength > 0 else Flash()
        view.draw(surface, board)
        if not self.solutions:
            self._draw_probes(surface, layout)
            self._draw_undone(surface, layout)
            self._draw_guesses(surface, layout)
        elif self.differences is not None:
            self._draw_differences(surface, layout, self.differences)

    def _tile(self, name: str, colour: Colour, alpha: int) -> pygame.Surface:
        tile = self._tiles.get(name)
        if tile is None:
            assert self.layout is not None
            side = max(1, self.layout.cell - 1)
            tile = pygame.Surface((side, side)).convert()
            tile.fill(colour)
            tile.set_alpha(alpha)
            self._tiles[name] = tile
        return tile

    def _probe_tiles(self, layout: BoardLayout) -> tuple[pygame.Surface, pygame.Surface]:
        """A probe's filled and crossed marks, painted once at the cell size."""
        tiles = self._tiles
        if "probe-filled" not in tiles:
            side = max(1, layout.cell - 1)
            for name, state in (("probe-filled", Cell.FILLED), ("probe-crossed", Cell.CROSSED)):
                tile = pygame.Surface((side, side)).convert()
                paint_mark(tile, Box(0, 0, side, side), state, self.app.theme)
                tiles[name] = tile
        return tiles["probe-filled"], tiles["probe-crossed"]

    def _draw_probes(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        """Cells a probe set, in light marks, on a colour-keyed layer kept between frames."""
        theme = self.app.theme
        box = layout.grid_box
        if self._probe_layer is None or self._probe_drawn is None:
            layer = pygame.Surface((box.w, box.h)).convert()
            layer.fill(_COLOUR_KEY)
            layer.set_colorkey(_COLOUR_KEY)
            layer.set_alpha(PROBE_ALPHA)
            self._probe_layer = layer
            self._probe_drawn = np.full((layout.rows, layout.columns), -1, dtype=np.int8)
        wanted = self.state.probe_cells()
        layer = self._probe_layer
        filled_tile, crossed_tile = self._probe_tiles(layout)
        rects = self._inner_rects
        for y, x in np.argwhere(wanted != self._probe_drawn).tolist():
            target = rects[y][x]
            value = wanted[y, x]
            if value < 0:
                layer.fill(_COLOUR_KEY, target)
            else:
                tile = filled_tile if value else crossed_tile
                layer.blit(tile, target, (0, 0, target.w, target.h))
        self._probe_drawn = wanted
        shown = np.argwhere(wanted >= 0)
        if len(shown):
            (top, left), (bottom, right) = shown.min(axis=0), shown.max(axis=0)
            first = layout.cell_box(int(left), int(top))
            last = layout.cell_box(int(right), int(bottom))
            area = pygame.Rect(
                first.x - box.x, first.y - box.y, last.right - first.x, last.bottom - first.y
            )
            surface.blit(layer, (box.x + area.x, box.y + area.y), area)
        cell = self.state.probe_cell
        if cell is not None:
            pygame.draw.rect(
                surface,
                theme.accent,
                layout.cell_box(*cell).inset(-1),
                max(1, layout.cell // 14),
            )

    def _draw_undone(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        if self.undone_time <= 0 or not self.undone_cells:
            return
        if self.playing and self.speed_index >= FAST_SPEED:
            return  # too fast to follow: the cells simply vanish
        theme = self.app.theme
        tile = self._tile("undone", theme.trial_filled, 255)
        tile.set_alpha(round(150 * self.undone_time / UNDONE_SECONDS))
        grid = self.state.grid
        for x, y in self.undone_cells:
            if grid[y, x] < 0:  # still undone (the next guess may have set it again)
                inner = layout.cell_inner(x, y)
                surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))

    def _draw_guesses(self, surface: pygame.Surface, layout: BoardLayout) -> None:
        """Each open guess framed, with its depth in the corner."""
        if not self.state.guesses:
            return
        app = self.app
        theme = app.theme
        width = max(2, layout.cell // 10)
        size = max(8, round(layout.cell * 0.42))
        for (x, y), depth in self.state.guesses.items():
            box = layout.cell_box(x, y)
            pygame.draw.rect(surface, theme.text, box.inset(-1), width)
            label = app.fonts.render(str(depth), size, theme.text, True, exact=True)
            back = label.get_rect(topleft=(box.x + width, box.y + width)).inflate(2, 0)
            surface.fill(theme.panel, back)
            surface.blit(label, (back.x + 1, back.y))

    def _draw_differences(
        self, surface: pygame.Surface, layout: BoardLayout, differences: BoolGrid
    ) -> None:
        theme = self.app.theme
        tile = self._tile("difference", theme.accent, 90)
        width = max(2, layout.cell // 10)
        for y, x in np.argwhere(differences).tolist():
            inner = layout.cell_inner(x, y)
            surface.blit(tile, (inner.x, inner.y), (0, 0, inner.w, inner.h))
            pygame.draw.rect(surface, theme.accent, layout.cell_box(x, y).inset(-1), width)

    def _status_text(self) -> tuple[str, Colour]:
        theme = self.app.theme
        state = self.state
        result = state.result
        if result is not None:
            text = verdict_text(result, self.time_limit)
            if result.status in ("unique", "multiple"):
                return text, theme.success
            if result.status == "none":
                return text, theme.error
            return text, theme.text_muted
        if self.rushing:
            return "Running to the end…", theme.text
        if self.pending is not None:
            return "Stepping…", theme.text
        if self.playing:
            return f"Solving at {speed_label(self.speed_index)}", theme.text
        return "Paused", theme.text_muted

    # The bars and the panel are drawn on surfaces of their own, kept while what they show is
    # the same; at full speed the panel is refreshed a few times a second, not every frame.

    def _cached(
        self,
        name: str,
        key: object,
        region: Box,
        render: Callable[[pygame.Surface, Box], None],
        surface: pygame.Surface,
        refresh_after: float = 0.0,
    ) -> bool:
        """Blit the surface for ``name``, rendered again when ``key`` changed (at most every
        ``refresh_after`` seconds). Returns whether anything was blitted this frame."""
        entry = self._chrome.get(name)
        now = self.app.time
        stale = entry is None or entry[0] != key or entry[1].get_size() != (region.w, region.h)
        if stale and entry is not None and refresh_after > 0 and now - entry[2] < refresh_after:
            stale = entry[1].get_size() != (region.w, region.h)
        if stale or entry is None:
            target = pygame.Surface((max(1, region.w), max(1, region.h))).convert()
            render(target, Box(0, 0, region.w, region.h))
            entry = (key, target, now)
            self._chrome[name] = entry
        elif not self._repaint_all:
            return False  # the window still shows it from an earlier frame
        surface.blit(entry[1], (region.x, region.y))
        return True

    def _render_top_bar(self, target: pygame.Surface, bar: Box) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        target.fill(theme.panel)
        pygame.draw.line(target, theme.panel_border, (0, bar.h - 1), (bar.w, bar.h - 1))
        pad = round(16 * scale)
        status, colour = self._status_text()
        status_size = round(21 * scale)
        status_rect = draw_text(
            target, app, status, status_size, colour, (bar.right - pad, bar.centre[1]),
            "midright", bold=self.finished,
        )  # fmt: skip
        heading = f"Watch the solver · {self.name} · {self.puzzle.size_text}"
        size = round(22 * scale)
        heading = fit_text(app.fonts.get(size, True), heading, status_rect.x - 2 * pad)
        draw_text(
            target, app, heading, size, theme.text, (bar.x + pad, bar.centre[1]), "midleft",
            bold=True,
        )  # fmt: skip

    def _panel_key(self) -> tuple[object, ...]:
        state = self.state
        return (
            state.counters,
            id(state.last_step),
            self.solution_index if self.finished else -1,
            self.marks_note,
            self.from_marks,
            # The switch draws over the panel: a change of its look needs a clean panel.
            self.marks_toggle.hovered,
            self.marks_toggle.value,
        )

    def _render_panel(self, target: pygame.Surface, panel: Box) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        target.fill(theme.panel)
        pygame.draw.line(target, theme.panel_border, (0, 0), (0, panel.h))
        pad = round(16 * scale)
        x = pad
        right = panel.w - pad
        y = round(12 * scale)
        heading = round(17 * scale)
        size = round(15 * scale)
        line_h = app.fonts.get(size).get_linesize()
        stats = self.statistics()
        draw_text(target, app, "Statistics", heading, theme.text, (x, y), bold=True)
        y += round(heading * 1.5)
        for label, value in stats:
            draw_text(target, app, label, size, theme.text_muted, (x, y))
            draw_text(target, app, value, size, theme.text, (right, y), "topright")
            y += line_h
        y += round(10 * scale)
        # What follows stops above the mini-map and the marks switch.
        screen_panel = self.regions["panel"]
        limit = (self.minimap.box.y if self.minimap is not None else screen_panel.bottom) - (
            screen_panel.y
        )
        if self.marks is not None:
            limit = min(limit, self.marks_toggle.rect.y - screen_panel.y)
            if self.marks_note:
                note_size = round(13 * scale)
                font = app.fonts.get(note_size)
                colour = theme.error if not self.from_marks else theme.text_muted
                note_y = self.marks_toggle.rect.bottom - screen_panel.y
                for text in wrap_text(font, self.marks_note, right - x)[:2]:
                    draw_text(target, app, text, note_size, colour, (x, note_y))
                    note_y += font.get_linesize()
        if self.solutions:
            self._render_solution_info(target, x, right, y)
        else:
            limit = self._render_legend(target, x, right, limit)
            self._render_recent(target, x, right, y, limit)

    def statistics(self) -> list[tuple[str, str]]:
        """The side panel's figures as (label, value) rows."""
        counters = self.state.counters
        return [
            ("Steps", f"{counters.steps:,}"),
            ("Lines that gave cells", f"{counters.lines_with_cells:,}"),
            ("Probes", f"{counters.probes:,}"),
            ("Guesses", f"{counters.guesses:,}  (back {counters.backtracks:,})"),
            ("Depth", f"{counters.depth}  (deepest {counters.max_depth})"),
            ("Solutions", f"{counters.solutions}"),
            ("Solver time", seconds_text(counters.solver_seconds)),
        ]

    def engine_summary(self) -> str | None:
        """The finished run in a sentence, from the same counters as the statistics; the
        engine's total of lines (with those that gave nothing) is named as such."""
        result = self.state.result
        if result is None:
            return None
        stats = result.stats
        counters = self.state.counters
        looked_at = stats.lines_solved + stats.cache_hits
        return (
            f"The engine looked at {looked_at:,} lines ({counters.lines_with_cells:,} gave "
            f"cells), made {counters.probes:,} probes and {counters.guesses:,} guesses in "
            f"{seconds_text(counters.solver_seconds)}."
        )

    def _render_legend(self, target: pygame.Surface, x: int, right: int, bottom: int) -> int:
        """What the colours mean, in one or two rows above ``bottom``; returns its top."""
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        size = round(13 * scale)
        side = max(8, round(15 * scale))
        gap = round(6 * scale)
        items = (
            (Cell.TRIAL_FILLED, "guessed", 255),
            (Cell.TRIAL_CROSSED, "guessed empty", 255),
            (Cell.FILLED, "probe", PROBE_ALPHA),
        )
        font = app.fonts.get(size)
        widths = [side + gap + font.size(label)[0] for _, label, _ in items]
        rows: list[list[int]] = [[]]
        used = 0
        for index, width in enumerate(widths):
            if rows[-1] and used + width > right - x:
                rows.append([])
                used = 0
            rows[-1].append(index)
            used += width + 2 * gap
        row_h = max(side, font.get_linesize())
        top = bottom - len(rows) * (row_h + gap) - gap
        y = top
        for row in rows:
            cursor = x
            for index in row:
                state, label, alpha = items[index]
                swatch = pygame.Surface((side, side)).convert()
                swatch.fill(theme.cell_unknown)
                paint_mark(swatch, Box(0, 0, side, side), state, theme)
                swatch.set_alpha(alpha)
                box = pygame.Rect(cursor, y + (row_h - side) // 2, side, side)
                target.fill(theme.cell_unknown, box)
                target.blit(swatch, box)
                pygame.draw.rect(target, theme.grid_line, box.inflate(2, 2), 1)
                draw_text(target, app, label, size, theme.text_muted, (box.right + gap, y))
                cursor += widths[index] + 2 * gap
            y += row_h + gap
        return top

    def _render_recent(
        self, target: pygame.Surface, x: int, right: int, y: int, limit: int
    ) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        draw_text(target, app, "Last steps", round(17 * scale), theme.text, (x, y), bold=True)
        y += round(17 * scale * 1.5)
        size = round(14 * scale)
        font = app.fonts.get(size)
        line_h = font.get_linesize()
        recent = list(self.state.recent)[-RECENT_SHOWN:]
        for age, step in enumerate(reversed(recent)):
            colour = theme.text if age == 0 else theme.text_muted
            lines = wrap_text(font, step.describe(), right - x)[:2]
            if y + len(lines) * line_h > limit - line_h // 2:
                break  # older steps are dropped first
            for text in lines:
                draw_text(target, app, fit_text(font, text, right - x), size, colour, (x, y))
                y += line_h
            y += line_h // 4
        if not recent:
            draw_text(target, app, "Nothing yet.", size, theme.text_muted, (x, y))

    def _render_solution_info(self, target: pygame.Surface, x: int, right: int, y: int) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        count = len(self.solutions)
        title = "Solution" if count == 1 else f"Solution {self.solution_index + 1} of {count}"
        draw_text(target, app, title, round(17 * scale), theme.text, (x, y), bold=True)
        y += round(17 * scale * 1.5)
        size = round(14 * scale)
        font = app.fonts.get(size)
        paragraphs: list[str] = []
        if self.differences is not None:
            differ = int(self.differences.sum())
            paragraphs.append(
                f"The {differ} cells where the solutions differ are framed. "
                "Left / Right or the buttons show the others."
            )
        summary = self.engine_summary()
        if summary is not None:
            paragraphs.append(summary)
        for paragraph in paragraphs:
            for text in wrap_text(font, paragraph, right - x):
                draw_text(target, app, text, size, theme.text_muted, (x, y))
                y += font.get_linesize()
            y += font.get_linesize() // 3

    def _controls_key(self) -> tuple[object, ...]:
        parts: list[object] = [self.solution_index, len(self.solutions), self.speed_index]
        for widget in self.focus.widgets:
            parts.append(
                (
                    tuple(widget.rect),
                    getattr(widget, "label", ""),
                    widget.enabled,
                    widget.hovered,
                    getattr(widget, "pressed", False),
                    getattr(widget, "value", None),
                )
            )
        return tuple(parts)

    def _render_controls(self, target: pygame.Surface, bar: Box) -> None:
        app = self.app
        theme = app.theme
        target.fill(theme.panel)
        pygame.draw.line(target, theme.panel_border, (0, 0), (bar.w, 0))
        # The widgets know where they are on the screen: draw them shifted onto this bar.
        offset = self.regions["controls"]
        for widget in self.focus.widgets:
            if widget.rect.width <= 0:
                continue
            saved = widget.rect
            widget.rect = saved.move(-offset.x, -offset.y)
            try:
                widget.draw(target, app)
            finally:
                widget.rect = saved
        if self._browser_shown:
            count = len(self.solutions)
            label = f"{self.solution_index + 1} of {count}"
            centre = (
                self._solution_label_x + round(75 * app.ui_scale) - round(8 * app.ui_scale) // 2,
                bar.centre[1],
            )
            draw_text(
                target, app, label, round(19 * app.ui_scale), theme.text, centre, "center",
                bold=True,
            )  # fmt: skip

    def _help_text(self) -> str:
        if self.finished and len(self.solutions) > 1:
            return "Left / Right: other solutions  ·  Home: restart  ·  Esc: back"
        if self.finished:
            return "Home: watch it again  ·  Esc: back"
        return (
            "Space play/pause  ·  → step  ·  Shift+→ line  ·  End: to the end  ·  "
            "Home: restart  ·  + / −: speed  ·  Esc: back"
        )

    def _render_help(self, target: pygame.Surface, bar: Box) -> None:
        app = self.app
        target.fill(app.theme.background)
        size = round(14 * app.ui_scale)
        text = fit_text(app.fonts.get(size), self._help_text(), bar.w - 20)
        draw_text(target, app, text, size, app.theme.text_muted, bar.centre, "center")

    # -- what tests read ------------------------------------------------------------------------

    def shown_grid(self) -> Grid:
        """The engine grid as drawn (-1/0/1): board marks plus the light probe marks."""
        board = self.shown_board()
        grid = np.full(board.cells.shape, -1, dtype=np.int8)
        grid[board.filled_mask()] = 1
        grid[board.crossed_mask()] = 0
        if not self.solutions:
            probes = self.state.probe_cells()
            grid[probes >= 0] = probes[probes >= 0]
        return grid

    def line_highlighted(self) -> LineMark | None:
        view = self.grid_view
        if view is None:
            return None
        if view.highlight_row is not None:
            return LineMark("row", view.highlight_row)
        if view.highlight_column is not None:
            return LineMark("column", view.highlight_column)
        return None


# -- screenshots -----------------------------------------------------------------------------------


def _search_puzzle() -> Puzzle:
    """Random 20x20 noise whose clues need probing and six-deep guessing (20+ solutions)."""
    return Puzzle.from_grid(
        [[cell == "#" for cell in row] for row in _SEARCH_PICTURE], title="Noise"
    )


def _solutions_puzzle() -> Puzzle:
    """Random 15x15 noise with four solutions that differ in eight cells."""
    return Puzzle.from_grid(
        [[cell == "#" for cell in row] for row in _SOLUTIONS_PICTURE], title="Ambiguous"
    )


_SEARCH_PICTURE: tuple[str, ...] = (
    "####.#..#..##.###..#",
    "...#.#......#.##..#.",
    ".##.#.#.....###..#.#",
    "##..##.##...#######.",
    ".##...#..####.#..#.#",
    ".#.##....#.####.#...",
    "..#.#.#......##...#.",
    "###.#...#.###..#.##.",
    "#..##..##..##.#.##.#",
    "##......#........##.",
    ".....##....######.##",
    "#.###...#..###....#.",
    "...#..#.#.#..##..###",
    "..#..#..##...#..#..#",
    "..###..#......#.#..#",
    ".#.........##.#.#...",
    "##.#......#.###.##..",
    ".######.#.##..##..#.",
    ".#.###......#.#.#...",
    ".########..#..##..##",
)
_SOLUTIONS_PICTURE: tuple[str, ...] = (
    "#.###.#.#..##.#",
    "####..#.#.#####",
    ".##.#.###.#.#..",
    "##.#..#######..",
    "#####..###..#.#",
    "##..####..#####",
    "#.#...##.######",
    ".##.#.#.##.##..",
    "#...###...#####",
    "...#######...#.",
    ".....##.##.##..",
    "##..##.##.#.##.",
    ".##..###..##.#.",
    ".#.#####.#.####",
    ".#.##.##.##..#.",
)


def _search_moment(puzzle: Puzzle, max_steps: int = 200_000) -> int:
    """The step count at which the search is most telling: many cells set under guesses, a
    probe under way with a few light cells, guesses a few deep."""
    state = ReplayState(puzzle, max_solutions=DEFAULT_MAX_SOLUTIONS, time_limit=None)
    best, best_score = 1, -1
    while not state.finished and state.counters.steps < max_steps:
        state.pull(1, 1.0)
        trial = int(((state.depth_of > 0) & ~state.probed & (state.grid >= 0)).sum())
        probing = state.probe_cell is not None and int(state.probed.sum()) >= 4
        score = trial + (1000 if probing and state.counters.depth >= 3 else 0)
        if score > best_score:
            best, best_score = state.counters.steps, score
    return best


def _shot_search(app: App) -> None:
    puzzle = _search_puzzle()
    moment = _search_moment(puzzle)
    scene = ReplayScene(app, puzzle, playing=False, time_limit=None)
    app.push(scene)
    app.step()
    state = scene.state
    while state.counters.steps < moment and not state.finished:
        state.pull(1, 1.0)
    # Pulled behind the scene's back: an old contradiction or backtrack must not flash now.
    scene._seen_contradiction = state.contradiction_serial
    scene._seen_backtrack = state.backtrack_serial
    for _ in range(2):
        app.step(1 / 60)


def _shot_solutions(app: App) -> None:
    scene = ReplayScene(app, _solutions_puzzle())
    app.push(scene)
    scene.run_to_end()
    for _ in range(600):
        app.step(1 / 60)
        if scene.finished:
            break
    scene.next_solution()
    app.step(1 / 60)


SCREENSHOTS = {"replay_search": _shot_search, "replay_solutions": _shot_solutions}
