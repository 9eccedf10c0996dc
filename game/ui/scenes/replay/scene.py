"""Watch the solver think on a nonogram: the replay shell with the nonogram's board part.

The shell (:mod:`~game.ui.scenes.shared.replay.shell`) plays the steps back; the part here says what
a nonogram adds. Its trace is a :class:`~game.core.solver.trace.SolveTrace` over our engine
or one of the seeds' algorithms (the Solver button, A), and its board shows what the engine's
grid looks like now (:mod:`~game.ui.scenes.replay.board`):

- cells fixed by line logic in the normal marks; cells set under a guess (depth > 0) in the
  trial colours (orange filled, light blue crossed) as in the Sevilla Hanjie, each open guess
  framed with its depth; probe cells lightly; the line being solved highlighted; a
  contradiction flashes its line; cells undone by a backtrack glow briefly as they vanish;
- Shift+Right (Line) advances until a line gives cells;
- "Start from my marks" (when opened from a game) first checks the player's marks, a slice a
  frame, then starts the engine from them;
- the mini-map under the panel; Race them opens the race on the same puzzle;
- at the end the verdict, and with several solutions the cells where they differ framed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pygame

from game.core.board import Board, Cell, fill_value
from game.core.cells import KnownGrid
from game.core.i18n import N_, _
from game.core.locale_numbers import format_int
from game.core.playable import grid_refusal
from game.core.puzzle import Puzzle
from game.core.race import INFO, algorithms_for, check_algorithm, refusal, step_source
from game.core.solver.result import SolveResult
from game.core.solver.steps import Step
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
    verdict_text,
)
from game.core.titles import display_title
from game.ui.input import Action, Input
from game.ui.layout import BoardLayout, Box, compute_board_layout
from game.ui.scenes.replay.board import PROBE_ALPHA, ReplayBoardPainter
from game.ui.scenes.shared.replay.shell import FRAME_BUDGET, BigStep, BoardFrame, ReplayShell
from game.ui.scenes.shared.replay.view import SPEEDS, search_figures, seconds_text
from game.ui.settings import COLOUR_SYMBOLS
from game.ui.widgets.button import Button
from game.ui.widgets.grid_view import GridView, paint_mark, symbols_shown
from game.ui.widgets.marks import error_frame, error_pattern, stipple
from game.ui.widgets.minimap import MiniMap
from game.ui.widgets.text import draw_text, wrap_text
from game.ui.widgets.toggle import Toggle

if TYPE_CHECKING:
    from game.ui.app import App

CHECKING_NOTE = N_("Checking your marks…")
DEFAULT_SPEED = SPEEDS.index(50)  # every step can still be followed
SPEED_SETTING = "replay_speed"
LINE_STEP = BigStep(N_("Line"), is_line_step, N_("Shift+→ line"))
# The legend's swatches, drawn as on the board: a guess's trial marks, a tried cell's dots
# and a contradiction's stripes (patterns, not colours: a puzzle may hold any colour).
_SWATCHES: tuple[str, ...] = ("guessed", "guessed empty", "tried", "contradiction")
# The legend's words for them.
_LEGEND_WORDS = {
    "guessed": N_("guessed"),
    "guessed empty": N_("guessed empty"),
    "tried": N_("tried"),
    "contradiction": N_("contradiction"),
}


def solver_label(algorithm: str) -> str:
    return _("Solver: {name}").format(name=INFO[algorithm].title)


def replay_refusal(puzzle: Puzzle) -> str | None:
    """Why ``puzzle`` cannot be replayed on screen, or None when it can."""
    return grid_refusal(puzzle, "solve", "watch", "solves")


class NonogramReplay:
    """The nonogram's board part of the replay shell (see the module text)."""

    speed_setting: str | None = SPEED_SETTING
    default_speed = DEFAULT_SPEED
    big_step: BigStep[Step] | None = LINE_STEP
    help_keys: tuple[str, ...] = (N_("A: solver"),)
    legend: tuple[tuple[str, str], ...] = tuple((key, _LEGEND_WORDS[key]) for key in _SWATCHES)

    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        name: str,
        initial_board: Board | None,
        max_solutions: int | None,
        time_limit: float | None,
        algorithm: str,
    ) -> None:
        self.app = app
        self.puzzle = puzzle
        self.name = name
        self.heading = _("Watch the solver") + f" · {name} · {puzzle.size_text}"
        # Who solves (game.core.race.ALGORITHMS): our engine, or a seed's algorithm.
        self.algorithm = check_algorithm(algorithm)
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.marks: KnownGrid | None = None
        if initial_board is not None and (initial_board.width, initial_board.height) == (
            puzzle.width,
            puzzle.height,
        ):
            marks = board_marks(initial_board)
            if (marks >= 0).any():
                self.marks = marks
        self.from_marks = False
        self.marks_note = ""
        # The "do the marks fit a solution?" check under way, if any.
        self.marks_check: MarksCheck | None = None
        self.differences: BoolGrid | None = None
        self.solver_button = Button(solver_label(self.algorithm), self.next_algorithm, font_size=16)
        self.race_button = Button(N_("Race them"), self.open_race, font_size=16)
        self.marks_toggle = Toggle(
            N_("Start from my marks"), False, self._marks_toggled, font_size=16
        )
        self.layout: BoardLayout | None = None
        self.grid_view: GridView | None = None
        self.minimap: MiniMap | None = None
        self.painter = ReplayBoardPainter(app)
        self._shell: ReplayShell[Step, SolveResult] | None = None
        self._board: Board | None = None  # as drawn this frame (the mini-map shows it too)

    # -- the shell's questions --------------------------------------------------------------

    def attach(self, shell: ReplayShell[Step, SolveResult]) -> None:
        self._shell = shell

    @property
    def shell(self) -> ReplayShell[Step, SolveResult]:
        assert self._shell is not None
        return self._shell

    @property
    def trace(self) -> SolveTrace:
        trace = self.shell.trace
        assert isinstance(trace, SolveTrace)
        return trace

    def new_trace(self) -> SolveTrace:
        return SolveTrace(
            self.puzzle,
            max_solutions=self.max_solutions,
            time_limit=self.time_limit,
            initial=self.marks if self.from_marks else None,
            source=step_source(self.algorithm),
        )

    def refusal(self) -> str | None:
        return replay_refusal(self.puzzle)

    def top_buttons(self) -> list[Button]:
        return [self.solver_button, self.race_button]

    def handle(self, event: Input) -> bool:
        return self.marks is not None and self.marks_toggle.handle(event)

    def handle_key(self, event: Input) -> bool:
        if event.pressed(Action.MARKS):
            self.next_algorithm()
            return True
        return False

    def busy_text(self) -> str | None:
        return _(CHECKING_NOTE) if self.marks_check is not None else None

    def update(self, dt: float) -> bool:
        """Run the marks check a slice a frame; True while it takes the frame's solver time."""
        if self.marks_check is None:
            return False
        verdict = self.marks_check.advance(FRAME_BUDGET)
        if verdict is not None:
            self._marks_checked(verdict)
        return True

    def verdict(self, result: SolveResult) -> tuple[str, str]:
        assert isinstance(result, SolveResult)
        text = verdict_text(result, self.time_limit)
        if result.status in ("unique", "multiple"):
            return text, "good"
        return text, "bad" if result.status == "none" else "muted"

    def statistics(self) -> list[tuple[str, str]]:
        """The side panel's figures as (label, value) rows."""
        counters = self.trace.counters
        return search_figures(
            counters,
            after_steps=[
                (_("Lines that gave cells"), format_int(counters.lines_with_cells)),
                (_("Cells tried"), format_int(counters.probes)),
            ],
            after_depth=[
                (
                    _("Rules learned"),
                    _("{count}  (forgot {forgot})").format(
                        count=format_int(counters.learned), forgot=format_int(counters.forgotten)
                    ),
                )
            ],
        )

    def engine_summary(self) -> str | None:
        """The finished run in a sentence, from the same counters as the statistics; the
        engine's total of lines (with those that gave nothing) is named as such."""
        trace = self.trace
        result = trace.result
        if result is None:
            return None
        stats = result.stats
        counters = trace.counters
        looked_at = stats.lines_solved + stats.cache_hits
        return _(
            "The engine looked at {lines} lines ({gave} gave cells), tried {tried} cells and "
            "made {guesses} guesses in {time}."
        ).format(
            lines=format_int(looked_at),
            gave=format_int(counters.lines_with_cells),
            tried=format_int(counters.probes),
            guesses=format_int(counters.guesses),
            time=seconds_text(counters.solver_seconds),
        )

    def solution_notes(self) -> list[str]:
        notes: list[str] = []
        if self.differences is not None:
            differ = int(self.differences.sum())
            notes.append(
                _(
                    "The {count} cells where the solutions differ are framed. "
                    "Left / Right or the buttons show the others."
                ).format(count=differ)
            )
        summary = self.engine_summary()
        if summary is not None:
            notes.append(summary)
        return notes

    def on_restart(self) -> None:
        self.differences = None

    def on_finish(self) -> None:
        solutions = self.trace.solutions
        if len(solutions) > 1:
            first = solutions[0]
            differ = np.zeros(first.shape, dtype=bool)
            for other in solutions[1:]:
                differ |= other != first
            self.differences = differ

    def on_exit(self) -> None:
        if self.marks_check is not None:
            self.marks_check.cancel()
            self.marks_check = None

    # -- the algorithms and the race --------------------------------------------------------

    def next_algorithm(self) -> None:
        """Watch the next algorithm solve (our engine, then the seeds'), from the start."""
        usable = algorithms_for(self.puzzle)
        if len(usable) < 2:
            self.app.toast(refusal(self.puzzle))
            return
        self.algorithm = usable[(usable.index(self.algorithm) + 1) % len(usable)]
        self.solver_button.label = solver_label(self.algorithm)
        self.shell.restart()

    def open_race(self) -> None:
        """The race screen on this puzzle, every algorithm side by side."""
        self.shell.pause()
        self.app.router.race(self.puzzle, name=self.name)

    # -- starting from the player's marks ---------------------------------------------------

    def _marks_toggled(self, on: bool) -> None:
        if self.marks_check is not None:
            self.marks_check.cancel()
            self.marks_check = None
        if not on or self.marks is None:
            self.from_marks = False
            self.marks_note = ""
            self.marks_toggle.value = False
            self.shell.restart()
            return
        # The check can take half a second of solver work: it runs a slice a frame (see
        # update) and the replay waits, saying so, until the verdict is in.
        self.marks_check = MarksCheck(self.puzzle, self.marks)
        self.marks_note = _(CHECKING_NOTE)

    def _marks_checked(self, verdict: MarksVerdict) -> None:
        self.marks_check = None
        if verdict == "contradict":
            self.marks_toggle.value = False
            self.from_marks = False
            self.marks_note = _("Your marks contradict the clues: starting from a blank grid.")
            self.app.toast(self.marks_note, error=True)
            return
        self.from_marks = True
        if verdict == "fit":
            self.marks_note = _("Your marks fit a solution: starting from them.")
        else:
            self.marks_note = _("Could not check your marks in time: starting from them anyway.")
        self.app.toast(self.marks_note)
        self.shell.restart()

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, board_area: Box, panel: Box, pad: int) -> int:
        app = self.app
        puzzle = self.puzzle
        scale = app.ui_scale
        # Colour-blind symbols as in play: on the cells and beside the clue numbers.
        symbols = bool(app.setting(COLOUR_SYMBOLS))
        marks = symbols_shown(puzzle.colour_palette, symbols, app.theme)
        self.layout = compute_board_layout(
            board_area,
            puzzle.width,
            puzzle.height,
            puzzle.row_clues,
            puzzle.column_clues,
            marks=marks,
        )
        if self.grid_view is None:
            self.grid_view = GridView(puzzle, app.theme, app.fonts, self.layout)
            self.grid_view.overlays.show_cursor = False
        else:
            self.grid_view.set_theme(app.theme)
            self.grid_view.set_layout(self.layout)
        self.grid_view.set_symbols(symbols)
        self.painter.set_layout(self.layout)
        map_side = min(panel.w - 2 * pad, round(170 * scale))
        map_area = Box(panel.x + pad, panel.bottom - pad - map_side, panel.w - 2 * pad, map_side)
        if self.minimap is None:
            self.minimap = MiniMap(
                puzzle.width,
                puzzle.height,
                app.theme,
                map_area,
                puzzle.colour_palette,
            )
        else:
            self.minimap.set_theme(app.theme)
            self.minimap.set_area(map_area)
        self.minimap.set_symbols(marks)
        floor = self.minimap.box.y
        if self.marks is not None:
            toggle_h = round(38 * scale)
            self.marks_toggle.rect = pygame.Rect(
                panel.x + pad // 2, map_area.y - toggle_h - pad, panel.w - pad, toggle_h
            )
            floor = min(floor, self.marks_toggle.rect.y)
        return floor

    def board_rect(self) -> pygame.Rect:
        # Frames around cells reach a few pixels past the grid.
        layout = self.layout
        assert layout is not None
        return pygame.Rect(layout.outer_box.inset(-layout.cell // 2))

    def shown_board(self, solution_index: int | None) -> Board:
        """The board on screen: the engine's grid, or at the end the solution browsed."""
        trace = self.trace
        colours = self.puzzle.colour_count
        if solution_index is not None:
            # A solution: each cell its colour's mark (the background a cross).
            grid = trace.colour_solutions[solution_index].astype(np.intp)
            marks = np.array([fill_value(c) for c in range(colours + 1)], dtype=np.int8)[grid]
            return Board(self.puzzle.width, self.puzzle.height, marks, colours)
        return Board(self.puzzle.width, self.puzzle.height, trace.display_cells(), colours)

    def draw_board(self, surface: pygame.Surface, frame: BoardFrame) -> None:
        assert self.grid_view is not None and self.minimap is not None
        board = self.shown_board(frame.solution_index)
        self.painter.draw(surface, self.grid_view, self.trace, board, frame, self.differences)
        self._board = board

    def draw_swatch(self, target: pygame.Surface, box: pygame.Rect, key: str) -> None:
        theme = self.app.theme
        swatch = pygame.Surface(box.size).convert()
        swatch.fill(theme.cell_unknown)
        whole = Box(0, 0, box.w, box.h)
        side = min(box.w, box.h)
        if key == "guessed" and self.puzzle.colour_palette is not None:
            # A colour guess is its colour, paler, framed in the trial colour.
            assert self.grid_view is not None
            self.grid_view.paint(swatch, whole, fill_value(1, trial=True))
        elif key in ("guessed", "guessed empty"):
            paint_mark(
                swatch, whole, Cell.TRIAL_FILLED if key == "guessed" else Cell.TRIAL_CROSSED, theme
            )
        elif key == "tried":
            swatch.blit(stipple(side, theme.text), (0, 0))
            swatch.set_alpha(PROBE_ALPHA)
        else:
            swatch.blit(error_pattern(side, theme.error), (0, 0))
            error_frame(swatch, swatch.get_rect(), theme.error, max(2, side // 10))
        target.blit(swatch, box)

    def panel_extras(self) -> tuple[object, ...]:
        if self.marks is None:
            return ()
        # The switch draws over the panel: a change of its look needs a clean panel.
        toggle = self.marks_toggle
        refused = not self.from_marks and self.marks_check is None
        return (self.marks_note, refused, toggle.hovered, toggle.value)

    def render_panel_extras(self, target: pygame.Surface, panel: Box, x: int, right: int) -> None:
        """The marks check's note, under the switch."""
        if self.marks is None or not self.marks_note:
            return
        app = self.app
        theme = app.theme
        note_size = round(13 * app.ui_scale)
        font = app.fonts.get(note_size)
        refused = not self.from_marks and self.marks_check is None
        colour = theme.error if refused else theme.text_muted
        note_y = self.marks_toggle.rect.bottom - panel.y
        for text in wrap_text(font, self.marks_note, right - x)[:2]:
            draw_text(target, app, text, note_size, colour, (x, note_y))
            note_y += font.get_linesize()

    def draw_over_panel(self, surface: pygame.Surface, fresh: bool) -> None:
        if self.marks is not None and fresh:
            # Only over a fresh panel: its text drawn twice over itself would thicken.
            self.marks_toggle.draw(surface, self.app)
        if self.minimap is not None and self._board is not None:
            self.minimap.draw(surface, self._board)


class ReplayScene(ReplayShell[Step, SolveResult]):
    """The solver replay for ``puzzle``.

    ``initial_board`` (the player's board, from the play scene) enables "start from your
    marks"; ``start_from_marks`` turns it on at once. ``max_solutions`` (None: all) caps how
    many solutions the search counts; ``time_limit`` is in seconds of solver work. ``name``
    is what the header calls the puzzle (``game.core.store.packs.shown_name``: "First steps
    #5" for a pack's puzzle not solved yet); the puzzle's title when not given (a file opened
    by name). ``algorithm`` is who solves first (``game.core.race.ALGORITHMS``).
    """

    part: NonogramReplay

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
        self.puzzle = puzzle
        self.name = display_title(name or puzzle.title) or _("Untitled puzzle")
        part = NonogramReplay(
            app, puzzle, self.name, initial_board, max_solutions, time_limit, algorithm
        )
        super().__init__(app, part, playing=playing)
        if start_from_marks and part.marks is not None:
            part.marks_toggle.value = True
            part._marks_toggled(True)

    # -- what is shown (the board part's and the trace's, for tests and tools) -------------

    @property
    def state(self) -> SolveTrace:
        return self.part.trace

    @property
    def solutions(self) -> list[BoolGrid]:
        return self.state.solutions if self.finished else []

    def shown_board(self) -> Board:
        return self.part.shown_board(self.frame().solution_index)

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
        view = self.part.grid_view
        if view is None:
            return None
        if view.highlight_row is not None:
            return LineMark("row", view.highlight_row)
        if view.highlight_column is not None:
            return LineMark("column", view.highlight_column)
        return None
