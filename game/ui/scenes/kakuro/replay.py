"""Watch the Kakuro solver think: its steps replayed on the board, as fast or slow as wanted.

The scene drives a :class:`~game.core.kakuro.task.KakuroSolveTask` a slice a frame (about
4 ms, never more than the speed's quota of steps) and applies each step to one candidate
mask per white cell (``game.core.kakuro.steps.apply_step``), so the board is what the
solver knows at that moment. It is coloured as the nonogram replay is:

- candidates as small digits, shrinking as runs rule digits out; the run just reasoned
  about highlighted with its sum; a digit found by reasoning in the normal colour;
- a guess and everything deduced under it in the trial colour (orange), the guessed cell
  framed; a contradiction flashes its run red; cells a backtrack restores glow light blue
  as they fall back to their candidates.

Keys: Space play/pause, Right one step, End run to the end, Home or R restart, + / - speed,
Esc back. Every key has a button.
"""

from __future__ import annotations

import math
from collections import deque
from typing import TYPE_CHECKING

import pygame

from game.core.kakuro.combos import single_digit
from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.steps import (
    Backtrack,
    CandidatesRemoved,
    Contradiction,
    DigitPlaced,
    Finished,
    Guess,
    KakuroStep,
    RunsChecked,
    SolutionFound,
    apply_step,
    blank_candidates,
)
from game.core.kakuro.task import KakuroSolveTask
from game.ui.layout import compute_play_regions
from game.ui.scene import Scene
from game.ui.scenes.kakuro.board import BoardLook, KakuroLayout, draw_board
from game.ui.scenes.kakuro.chrome import blend
from game.ui.scenes.play.chrome import place_button_rows, short_label
from game.ui.scenes.replay.view import INSTANT, SPEEDS, speed_label
from game.ui.widgets.button import Button
from game.ui.widgets.text import draw_text, fit_text, wrap_text

if TYPE_CHECKING:
    from game.core.kakuro.result import KakuroResult
    from game.ui.app import App

FRAME_BUDGET = 0.004
RUSH_BUDGET = 0.010
TIME_LIMIT = 30.0
DEFAULT_SPEED = 4  # 25 steps a second
FLASH_SECONDS = 0.6
GLOW_SECONDS = 0.5
RECENT = 7


class KakuroReplayScene(Scene):
    """The solver replay for ``puzzle``; ``name`` is what the header calls it."""

    def __init__(
        self,
        app: App,
        puzzle: KakuroPuzzle,
        name: str | None = None,
        max_solutions: int | None = 2,
        playing: bool = True,
        time_limit: float | None = TIME_LIMIT,
    ) -> None:
        super().__init__(app)
        self.puzzle = puzzle
        self.time_limit = time_limit
        self.name = name or puzzle.title or "Untitled"
        self.max_solutions = max_solutions
        self.playing = playing
        self.speed_index = DEFAULT_SPEED
        self.play_button = Button("Pause (Space)", self.toggle_play, font_size=17)
        self.step_button = Button("Step (→)", self.step_once, font_size=17)
        self.end_button = Button("To the end (End)", self.run_to_end, font_size=17)
        self.restart_button = Button("Restart (R)", self.restart, font_size=17)
        self.slower_button = Button("Slower (−)", lambda: self.change_speed(-1), font_size=17)
        self.faster_button = Button("Faster (+)", lambda: self.change_speed(1), font_size=17)
        self.back_button = Button("Back (Esc)", self.app.pop, font_size=17)
        self.buttons = [
            self.play_button,
            self.step_button,
            self.end_button,
            self.restart_button,
            self.slower_button,
            self.faster_button,
            self.back_button,
        ]
        self.regions = compute_play_regions(*app.screen_size)
        self.layout = KakuroLayout.fit(self.regions.board_area, puzzle.width, puzzle.height)
        self._reset()

    # -- state -----------------------------------------------------------------------------

    def restart(self) -> None:
        """Watch it from the start, playing (the one way to see it again: the play button
        does not double as "Again" once the solve is done, as in the nonogram replay)."""
        self._reset()
        self.playing = True

    def _reset(self) -> None:
        self.task = KakuroSolveTask(
            self.puzzle, max_solutions=self.max_solutions, time_limit=self.time_limit
        )
        self.candidates = blank_candidates(self.puzzle)
        self.depth_of: dict[int, int] = {}  # white index -> depth it was last set at
        self.guessed: dict[int, int] = {}  # open guesses: white index -> depth
        self.glow: dict[int, float] = {}  # restored by a backtrack: seconds left
        self.flash_run: int | None = None
        self.flash_left = 0.0
        self.current_run: int | None = None
        self.recent: deque[KakuroStep] = deque(maxlen=RECENT)
        self.steps = 0
        self.guesses = 0
        self.backtracks = 0
        self.depth = 0
        self.max_depth = 0
        self.solutions = 0
        self.result: KakuroResult | None = None
        self.rushing = False
        self._credit = 1.0
        self._quota = 0

    @property
    def done(self) -> bool:
        return self.result is not None

    def observe(self, step: KakuroStep) -> bool:
        """Apply one step to the board and the counters; True ends the slice (the quota of
        visible steps is used up)."""
        if isinstance(step, RunsChecked):
            return False
        apply_step(self.candidates, step)
        self.steps += 1
        self.recent.append(step)
        if isinstance(step, CandidatesRemoved):
            self.current_run = step.run
            self.depth = step.depth
            for index, _mask in step.removed:
                self.depth_of[index] = step.depth
        elif isinstance(step, DigitPlaced):
            self.depth_of[step.cell] = step.depth
        elif isinstance(step, Guess):
            self.guesses += not step.exclude
            self.depth = step.depth
            self.max_depth = max(self.max_depth, step.depth)
            self.depth_of[step.cell] = step.depth
            if step.exclude:
                self.guessed.pop(step.cell, None)
            else:
                self.guessed[step.cell] = step.depth
        elif isinstance(step, Backtrack):
            self.backtracks += 1
            self.depth = step.depth
            for index, _mask in step.cells:
                self.glow[index] = GLOW_SECONDS
                self.depth_of[index] = min(self.depth_of.get(index, 0), step.depth)
            self.guessed = {c: d for c, d in self.guessed.items() if d <= step.depth}
        elif isinstance(step, Contradiction):
            self.flash_run = step.run
            self.flash_left = FLASH_SECONDS
        elif isinstance(step, SolutionFound):
            self.solutions = step.number
        elif isinstance(step, Finished):
            self.result = step.result
            self.playing = False
            self.rushing = False
            self.current_run = None
        self._quota -= 1
        return self._quota <= 0

    def advance(self, dt: float) -> None:
        """One frame's share of work: the speed's steps, within the frame budget."""
        if self.done:
            return
        if self.rushing or self.speed_index >= INSTANT:
            self._quota = 1 << 30
            self.task.advance(RUSH_BUDGET, on_step=self.observe)
            return
        if not self.playing:
            return
        speed = SPEEDS[self.speed_index]
        if math.isinf(speed):
            self._quota = 1 << 30
        else:
            self._credit = min(self._credit + speed * dt, max(1.0, speed / 10))
            if self._credit < 1:
                return
            self._quota = int(self._credit)
            self._credit -= self._quota
        self.task.advance(FRAME_BUDGET, on_step=self.observe)

    def step_once(self) -> None:
        self.playing = False
        if not self.done:
            self._quota = 1
            self.task.advance(FRAME_BUDGET, on_step=self.observe)

    def run_to_end(self) -> None:
        self.rushing = not self.done

    def toggle_play(self) -> None:
        if self.done:
            return  # Restart (R) watches it again
        self.playing = not self.playing

    def change_speed(self, step: int) -> None:
        self.speed_index = max(0, min(INSTANT, self.speed_index + step))

    # -- frame -----------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        self.regions = compute_play_regions(*size)
        self.layout = KakuroLayout.fit(
            self.regions.board_area, self.puzzle.width, self.puzzle.height
        )
        panel = self.regions.side_panel
        pad = self.regions.padding
        x, width = panel.x + pad, panel.w - 2 * pad
        y = panel.y + pad
        row_h = self.app.scaled(34)
        gap = self.app.scaled(7)
        pairs = [
            [self.play_button, self.step_button],
            [self.end_button],
            [self.slower_button, self.faster_button],
            [self.restart_button, self.back_button],
        ]
        y = place_button_rows(pairs, x, y, width, row_h, gap)
        for row in pairs:
            for button in row:
                button.short_label = short_label(button.label)
        self.text_top = y + gap

    def update(self, dt: float) -> None:
        self.advance(dt)
        self.glow = {cell: left - dt for cell, left in self.glow.items() if left - dt > 0}
        if self.flash_left > 0:
            self.flash_left = max(0.0, self.flash_left - dt)
        self.play_button.label = (
            "Pause (Space)" if self.playing and not self.done else "Play (Space)"
        )
        self.play_button.short_label = short_label(self.play_button.label)
        self.play_button.enabled = not self.done
        self.step_button.enabled = not self.done
        self.end_button.enabled = not self.done and not self.rushing

    def wake_in(self) -> float | None:
        if self.glow or self.flash_left > 0:
            return 0.0
        if not self.done and (self.playing or self.rushing):
            return 0.0
        return None

    def handle(self, event: pygame.event.Event) -> bool:
        for button in self.buttons:
            if button.handle(event):
                return True
        if event.type != pygame.KEYDOWN:
            return event.type == pygame.MOUSEMOTION
        actions = {
            pygame.K_SPACE: self.toggle_play,
            pygame.K_RIGHT: self.step_once,
            pygame.K_END: self.run_to_end,
            pygame.K_HOME: self.restart,
            pygame.K_r: self.restart,
            pygame.K_PLUS: lambda: self.change_speed(1),
            pygame.K_EQUALS: lambda: self.change_speed(1),
            pygame.K_KP_PLUS: lambda: self.change_speed(1),
            pygame.K_MINUS: lambda: self.change_speed(-1),
            pygame.K_KP_MINUS: lambda: self.change_speed(-1),
            pygame.K_ESCAPE: self.app.pop,
            pygame.K_BACKSPACE: self.app.pop,
        }
        action = actions.get(event.key)
        if action is None:
            return False
        action()
        return True

    # -- drawing ---------------------------------------------------------------------------

    def look(self) -> BoardLook:
        theme = self.app.theme
        digits = [single_digit(mask) for mask in self.candidates]
        small = [0 if digit else mask for digit, mask in zip(digits, self.candidates, strict=True)]
        look = BoardLook(digits=digits, small=small)
        if self.current_run is not None:
            look.highlighted_runs = frozenset({self.current_run})
        for index, depth in self.depth_of.items():
            if depth > 0 and digits[index]:
                look.digit_colours[index] = theme.trial_filled
                look.cell_fills[index] = blend(theme.cell_unknown, theme.trial_filled, 0.16)
        for index in self.guessed:
            look.outlined[index] = theme.trial_filled
        for index, left in self.glow.items():
            look.cell_fills[index] = blend(
                theme.cell_unknown, theme.trial_crossed, left / GLOW_SECONDS
            )
        if self.flash_left > 0 and self.flash_run is not None:
            look.run_colours[self.flash_run] = theme.error
            strength = self.flash_left / FLASH_SECONDS
            for index in self.puzzle.run_whites[self.flash_run]:
                look.cell_fills[index] = blend(theme.cell_unknown, theme.error, 0.5 * strength)
        return look

    def status(self) -> tuple[str, tuple[int, int, int]]:
        theme = self.app.theme
        result = self.result
        if result is None:
            if self.rushing:
                return "Running to the end…", theme.text_muted
            return ("Solving…" if self.playing else "Paused"), theme.text_muted
        words = {
            "unique": ("One solution: a fair puzzle", theme.success),
            "multiple": ("More than one solution", theme.error),
            "none": ("No solution", theme.error),
            "unknown": ("Not decided in time", theme.error),
        }
        return words.get(result.status, (result.status, theme.text))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        surface.fill(theme.background)
        bar = self.regions.top_bar
        surface.fill(theme.panel, bar)
        surface.fill(theme.panel_border, (bar.x, bar.bottom - 1, bar.w, 1))
        pad = self.regions.padding
        cy = bar.y + bar.h // 2
        title = f"Watching the solver: {self.name}"
        status, colour = self.status()
        status_rect = draw_text(
            surface, app, status, app.scaled(19), colour, (bar.right - pad, cy), "midright", True
        )
        font = app.fonts.get(app.scaled(22), True)
        room = status_rect.left - bar.x - 3 * pad
        draw_text(
            surface,
            app,
            fit_text(font, title, room),
            app.scaled(22),
            theme.text,
            (bar.x + pad, cy),
            "midleft",
            True,
        )
        draw_board(surface, app, self.puzzle, self.layout, self.look())
        self._draw_panel(surface)
        help_line = self.regions.help_line
        surface.fill(theme.panel, help_line)
        text = "Space play/pause · → one step · End to the end · R restart · +/− speed · Esc back"
        size = app.scaled(15)
        shown = fit_text(app.fonts.get(size), text, help_line.w - 2 * pad)
        draw_text(surface, app, shown, size, theme.text_muted, help_line.centre, "center")

    def _draw_panel(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        panel = self.regions.side_panel
        surface.fill(theme.panel, panel)
        surface.fill(theme.panel_border, (panel.x, panel.y, 1, panel.h))
        for button in self.buttons:
            button.draw(surface, app)
        pad = self.regions.padding
        x, right = panel.x + pad, panel.right - pad
        y = getattr(self, "text_top", panel.y + pad)
        size = app.scaled(15)
        font = app.fonts.get(size)
        line_h = font.get_linesize()
        seconds = self.task.engine_seconds
        figures = [
            ("Speed", speed_label(self.speed_index)),
            ("Steps", f"{self.steps:,}"),
            ("Guesses", f"{self.guesses:,}  (back {self.backtracks:,})"),
            ("Depth", f"{self.depth}  (deepest {self.max_depth})"),
            ("Solutions", f"{self.solutions}"),
            ("Solver time", f"{seconds * 1000:.1f} ms" if seconds < 0.1 else f"{seconds:.2f} s"),
        ]
        for label, value in figures:
            draw_text(surface, app, label, size, theme.text_muted, (x, y))
            draw_text(surface, app, value, size, theme.text, (right, y), "topright")
            y += line_h
        y += line_h // 2
        y = self._draw_legend(surface, x, right, y)
        draw_text(surface, app, "Last steps", app.scaled(17), theme.text, (x, y), bold=True)
        y += round(app.scaled(17) * 1.5)
        bottom = panel.bottom - pad
        for age, step in enumerate(reversed(self.recent)):
            colour = theme.text if age == 0 else theme.text_muted
            for line in wrap_text(font, step.describe(), right - x)[:2]:
                if y + line_h > bottom:
                    return
                draw_text(surface, app, line, size, colour, (x, y))
                y += line_h
            y += line_h // 4

    def _draw_legend(self, surface: pygame.Surface, x: int, right: int, y: int) -> int:
        app = self.app
        theme = app.theme
        side = max(10, app.scaled(15))
        size = app.scaled(13)
        items = (
            (theme.highlight, "run in hand"),
            (blend(theme.cell_unknown, theme.trial_filled, 0.5), "under a guess"),
            (theme.trial_crossed, "backtracked"),
            (theme.error, "contradiction"),
        )
        cursor = x
        row_h = max(side, app.fonts.get(size).get_linesize())
        for colour, label in items:
            width = side + 6 + app.fonts.get(size).size(label)[0]
            if cursor > x and cursor + width > right:
                cursor = x
                y += row_h + 4
            box = pygame.Rect(cursor, y + (row_h - side) // 2, side, side)
            surface.fill(colour, box)
            pygame.draw.rect(surface, theme.grid_line_thick, box, 1)
            draw_text(surface, app, label, size, theme.text_muted, (box.right + 6, y))
            cursor += width + 14
        return y + row_h + app.scaled(10)
