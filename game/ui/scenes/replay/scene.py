"""Watch the solver think: the engine's steps replayed on the board, as fast or slow as wanted.

The scene holds a :class:`~game.core.solver.trace.SolveTrace`, which drives the engine's
:class:`~game.core.solver.task.SolveTask`. Each frame it advances the trace until about 4 ms
were spent or the speed's quota is used up (no threads: pause, step, line, run-to-end and
speed are only how many steps it takes), and draws what the engine's grid looks like now:

- cells fixed by line logic in the normal marks; cells set under a guess (depth > 0) in the
  trial colours (orange filled, light blue crossed) as in the Sevilla Hanjie, each open guess
  framed with its depth; probe cells lightly; the line being solved highlighted; a
  contradiction flashes its line; cells undone by a backtrack glow briefly as they vanish;
- a side panel with live statistics, the last steps in words and the mini-map;
- at the end the verdict, and with several solutions a browser (previous / next, or Left /
  Right) with the cells where the solutions differ highlighted.

The keys and the pointer are mapped onto the scene's actions in :mod:`replay_input`.
"""

from __future__ import annotations

import gc
import math
from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.board import Board
from game.core.cells import KnownGrid
from game.core.playable import grid_refusal
from game.core.puzzle import Puzzle
from game.core.race import ALGORITHMS, INFO, check_algorithm, step_source
from game.core.solver.trace import (
    DEFAULT_MAX_SOLUTIONS,
    DEFAULT_TIME_LIMIT,
    BoolGrid,
    LineMark,
    MarksCheck,
    MarksVerdict,
    SolveTrace,
    board_marks,
    is_line_step,
    is_visible_step,
    solution_board,
    verdict_text,
)
from game.ui.layout import BoardLayout, Box
from game.ui.scene import Scene
from game.ui.scenes.replay import input as replay_input
from game.ui.scenes.replay import view
from game.ui.scenes.replay.board import FLASH_SECONDS, UNDONE_SECONDS, ReplayBoardPainter
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.view import INSTANT, SPEEDS, speed_label
from game.ui.widgets.base import FocusGroup
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import GridView
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.slider import Slider
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
CHECKING_NOTE = "Checking your marks…"
DEFAULT_SPEED = 5  # 50 steps a second: every step can still be followed
SPEED_SETTING = "replay_speed"
# From this speed on the panel's figures change every frame: redraw it only this often.
FAST_SPEED = SPEEDS.index(100)
PANEL_REFRESH = 1 / 15
GC_FREEZE_SECONDS = 1.0

# Draws one part of the chrome onto its own surface, in that surface's coordinates.
Renderer = Callable[[pygame.Surface, Box], None]


def solver_label(algorithm: str) -> str:
    return f"Solver: {INFO[algorithm].title}"


def replay_refusal(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` cannot be replayed on screen, or None when it can."""
    return grid_refusal(puzzle, "solve", "watch", "solves")


class ReplayScene(Scene):
    """The solver replay for ``puzzle``.

    ``initial_board`` (the player's board, from the play scene) enables "start from your
    marks"; ``start_from_marks`` turns it on at once. ``max_solutions`` (None: all) caps how
    many solutions the search counts; ``time_limit`` is in seconds of solver work. ``name``
    is what the header calls the puzzle (``game.core.store.packs.shown_name``: "First steps #5" for
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
        algorithm: str = "hanjie",
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        # Who solves (game.core.race.ALGORITHMS): our engine, or a seed's algorithm.
        self.algorithm = check_algorithm(algorithm)
        self.name = name or puzzle.title or "Untitled puzzle"
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.marks: KnownGrid | None = None
        if initial_board is not None and (
            initial_board.width,
            initial_board.height,
        ) == (puzzle.width, puzzle.height):
            marks = board_marks(initial_board)
            if (marks >= 0).any():
                self.marks = marks
        self.from_marks = False
        self.marks_note = ""
        # The "do the marks fit a solution?" check under way, if any.
        self.marks_check: MarksCheck | None = None
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
        self.solver_button = Button(solver_label(self.algorithm), self.next_algorithm, font_size=16)
        self.race_button = Button("Race them", self.open_race, font_size=16)
        self.marks_toggle = Toggle("Start from my marks", False, self._marks_toggled, font_size=16)
        self.focus = FocusGroup(replay_input.widgets(self))
        self._layout_key: tuple[object, ...] | None = None
        self.layout: BoardLayout | None = None
        self.grid_view: GridView | None = None
        self.minimap: MiniMap | None = None
        self.regions: dict[str, Box] = {}
        self.painter = ReplayBoardPainter(self)
        self._chrome: dict[str, tuple[object, pygame.Surface, float]] = {}
        self._clear_all = True
        self._repaint_all = True
        # Between the bars and the panel: the only part a frame repaints around the board.
        self.board_zone = pygame.Rect(0, 0, 0, 0)
        # Whether the controls are laid out for browsing solutions, and where "2 of 3" goes.
        self.browser_shown = False
        self.solution_label_x = 0
        self._frozen = False
        self._since_freeze = 0.0
        if start_from_marks and self.marks is not None:
            self.marks_toggle.value = True
            self._marks_toggled(True)
        self._sync_buttons()

    # -- the engine -------------------------------------------------------------------------

    def _new_state(self, initial: KnownGrid | None) -> SolveTrace:
        return SolveTrace(
            self.puzzle,
            max_solutions=self.max_solutions,
            time_limit=self.time_limit,
            initial=initial,
            source=step_source(self.algorithm),
        )

    def next_algorithm(self) -> None:
        """Watch the next algorithm solve (our engine, then the seeds'), from the start."""
        self.algorithm = ALGORITHMS[(ALGORITHMS.index(self.algorithm) + 1) % len(ALGORITHMS)]
        self.solver_button.label = solver_label(self.algorithm)
        self._layout_key = None  # the button's width follows its label
        self.restart()

    def open_race(self) -> None:
        """The race screen on this puzzle, every algorithm side by side."""
        self.pause()
        self.app.push(RaceScene(self.app, self.puzzle, name=self.name))

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
            state.advance(FRAME_BUDGET, stop=stop)
            last = state.last_step
            if state.finished or (last is not None and stop(last)):
                self.pending = None
            return
        if not self.playing:
            return
        if self.rushing or self.speed_index >= INSTANT:
            state.advance(RUSH_BUDGET)
            return
        speed = SPEEDS[self.speed_index]
        if math.isinf(speed):
            state.advance(FRAME_BUDGET)
            return
        quota = int(self._credit)
        if quota > 0:
            taken = state.advance(FRAME_BUDGET, max_steps=quota)
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
        if self.marks_check is not None:
            self.marks_check.cancel()
            self.marks_check = None
        if not on or self.marks is None:
            self.from_marks = False
            self.marks_note = ""
            self.marks_toggle.value = False
            self.restart()
            return
        # The check can take half a second of solver work: it runs a slice a frame (see
        # update) and the replay waits, saying so, until the verdict is in.
        self.marks_check = MarksCheck(self.puzzle, self.marks)
        self.marks_note = CHECKING_NOTE

    def _marks_checked(self, verdict: MarksVerdict) -> None:
        self.marks_check = None
        if verdict == "contradict":
            self.marks_toggle.value = False
            self.from_marks = False
            self.marks_note = "Your marks contradict the clues: starting from a blank grid."
            self.app.toast(self.marks_note, error=True)
            return
        self.from_marks = True
        if verdict == "fit":
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
        # Uncovered (Back from the race, a dialog closed): the window shows what the scene
        # above left there, and draw only repaints what changed, so repaint everything once.
        self._clear_all = True
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
        if self.marks_check is not None:
            self.marks_check.cancel()
            self.marks_check = None
        if self._frozen:
            gc.unfreeze()  # the collector sees everything again (and frees what died)
            self._frozen = False

    # -- events -----------------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        replay_input.sync_buttons(self)

    def handle(self, event: pygame.event.Event) -> bool:
        self._place()
        return replay_input.handle(self, event)

    # -- time -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.marks_check is not None:
            verdict = self.marks_check.advance(FRAME_BUDGET)
            if verdict is not None:
                self._marks_checked(verdict)
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
        if self.marks_check is None:  # the frame's solver time went to the check
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

    def wake_in(self) -> float | None:
        """0 while the replay moves by itself (playing, a step or a check under way, a flash
        or an undo fading); a panel held back by the fast-speed refresh is due when that
        runs out; otherwise only an event changes the screen."""
        fading = self.flash_time > 0 or self.undone_time > 0
        running = self.playing and not self.state.finished
        if running or fading or self.pending is not None or self.marks_check is not None:
            return 0.0
        panel = self._chrome.get("panel")
        if panel is not None and panel[0] != view.panel_key(self):
            return max(0.0, PANEL_REFRESH - (self.app.time - panel[2]))
        return None

    # -- layout and drawing -----------------------------------------------------------------

    def _place(self) -> None:
        app = self.app
        key = (*app.screen_size, app.theme, self.marks is not None)
        if key == self._layout_key and self.grid_view is not None:
            return
        self._layout_key = key
        view.lay_out(self)
        assert self.layout is not None
        self.painter.set_layout(self.layout)
        self._chrome = {}
        self._clear_all = True

    @property
    def too_fast_to_follow(self) -> bool:
        """Playing so fast that the panel's figures and the board change every frame."""
        return self.playing and self.speed_index >= FAST_SPEED

    def draw(self, surface: pygame.Surface) -> None:
        browsing = self.finished and len(self.state.solutions) > 1
        if browsing != self.browser_shown:
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
            surface.fill(theme.background, around.clip(self.board_zone))
        board = self.shown_board()
        self.painter.draw(surface, board)
        view.cached_blit(
            self,
            "top",
            view.top_key(self),
            regions["top"],
            self._render(view.render_top_bar),
            surface,
        )
        fast = self.too_fast_to_follow and not self.finished
        panel_drawn = view.cached_blit(
            self,
            "panel",
            view.panel_key(self),
            regions["panel"],
            self._render(view.render_panel),
            surface,
            refresh_after=PANEL_REFRESH if fast else 0.0,
        )
        if self.marks is not None and panel_drawn:
            # Only over a fresh panel: its text drawn twice over itself would thicken.
            self.marks_toggle.draw(surface, app)
        assert self.minimap is not None
        self.minimap.draw(surface, board)
        view.cached_blit(
            self,
            "controls",
            view.controls_key(self),
            regions["controls"],
            self._render(view.render_controls),
            surface,
        )
        view.cached_blit(
            self,
            "help",
            view.help_text(self),
            regions["help"],
            self._render(view.render_help),
            surface,
        )

    def _render(self, part: Callable[[ReplayScene, pygame.Surface, Box], None]) -> Renderer:
        return lambda target, area: part(self, target, area)

    def status_text(self) -> tuple[str, Colour]:
        """The top bar's words and their colour: what the replay is doing, or its verdict."""
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
        if self.marks_check is not None:
            return "Checking your marks…", theme.text
        if self.rushing:
            return "Running to the end…", theme.text
        if self.pending is not None:
            return "Stepping…", theme.text
        if self.playing:
            return f"Solving at {speed_label(self.speed_index)}", theme.text
        return "Paused", theme.text_muted

    def statistics(self) -> list[tuple[str, str]]:
        """The side panel's figures as (label, value) rows."""
        return view.statistics(self)

    def engine_summary(self) -> str | None:
        """The finished run in a sentence (see :func:`replay_view.engine_summary`)."""
        return view.engine_summary(self)

    # -- what tests read ------------------------------------------------------------------------

    def shown_grid(self) -> KnownGrid:
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
