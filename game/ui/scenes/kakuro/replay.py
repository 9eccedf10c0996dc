"""Watch the Kakuro solver think: the replay shell with Kakuro's board part.

The shell (:mod:`~game.ui.scenes.shared.replay.shell`) plays the steps back, with the nonogram
replay's buttons, keys, speeds and solution browser; the part here says what Kakuro adds. Its
trace is a :class:`~game.core.kakuro.trace.KakuroTrace` (one candidate mask per white cell,
as the steps leave it), drawn as the nonogram replay colours its board:

- candidates as small digits, shrinking as runs rule digits out; the run just reasoned
  about highlighted with its sum; a digit found by reasoning in the normal colour;
- a guess and everything deduced under it in the trial colour (orange), the guessed cell
  framed; a contradiction flashes its run red; cells a backtrack restores glow light blue
  as they fall back to their candidates;
- at the end the solution found (with two, the cells where they differ framed, Left /
  Right to see the other), whatever the search left on the board after it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _, ngettext
from game.core.kakuro.combos import single_digit
from game.core.kakuro.model import KakuroPuzzle
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.steps import Contradiction, KakuroStep
from game.core.kakuro.trace import (
    DEFAULT_MAX_SOLUTIONS,
    DEFAULT_TIME_LIMIT,
    KakuroTrace,
    kakuro_verdict_text,
)
from game.core.locale_numbers import format_int
from game.core.titles import display_title
from game.ui.input import Input
from game.ui.layout import Box
from game.ui.scenes.kakuro.board import BoardLook, KakuroLayout, draw_board
from game.ui.scenes.kakuro.chrome import blend
from game.ui.scenes.shared.replay.shell import BigStep, BoardFrame, ReplayShell
from game.ui.scenes.shared.replay.view import SPEEDS, search_figures, seconds_text
from game.ui.widgets.button import Button

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Colour, Theme

DEFAULT_SPEED = SPEEDS.index(25)
TIME_LIMIT = DEFAULT_TIME_LIMIT


def _swatch_colour(theme: Theme, key: str) -> Colour:
    colours = {
        "run in hand": theme.highlight,
        "under a guess": blend(theme.cell_unknown, theme.trial_filled, 0.5),
        "backtracked": theme.trial_crossed,
        "contradiction": theme.error,
    }
    return colours[key]


class KakuroReplay:
    """Kakuro's board part of the replay shell (see the module text)."""

    speed_setting: str | None = None  # Kakuro's replay starts at its own speed each time
    default_speed = DEFAULT_SPEED
    big_step: BigStep[KakuroStep] | None = None
    help_keys: tuple[str, ...] = ()
    legend: tuple[tuple[str, str], ...] = (
        ("run in hand", N_("run in hand")),
        ("under a guess", N_("under a guess")),
        ("backtracked", N_("backtracked")),
        ("contradiction", N_("contradiction")),
    )

    def __init__(
        self,
        app: App,
        puzzle: KakuroPuzzle,
        name: str,
        max_solutions: int | None,
        time_limit: float | None,
    ) -> None:
        self.app = app
        self.puzzle = puzzle
        self.heading = _("Watch the solver") + f" · {name} · {puzzle.size_text}"
        self.max_solutions = max_solutions
        self.time_limit = time_limit
        self.layout = KakuroLayout.fit(Box(0, 0, 1, 1), puzzle.width, puzzle.height)
        self.differences: frozenset[int] = frozenset()
        self._shell: ReplayShell[KakuroStep, KakuroResult] | None = None

    # -- the shell's questions --------------------------------------------------------------

    def attach(self, shell: ReplayShell[KakuroStep, KakuroResult]) -> None:
        self._shell = shell

    @property
    def trace(self) -> KakuroTrace:
        assert self._shell is not None
        trace = self._shell.trace
        assert isinstance(trace, KakuroTrace)
        return trace

    def new_trace(self) -> KakuroTrace:
        return KakuroTrace(
            self.puzzle, max_solutions=self.max_solutions, time_limit=self.time_limit
        )

    def refusal(self) -> str | None:
        return None

    def top_buttons(self) -> list[Button]:
        return []

    def handle(self, event: Input) -> bool:
        return False

    def handle_key(self, event: Input) -> bool:
        return False

    def busy_text(self) -> str | None:
        return None

    def update(self, dt: float) -> bool:
        return False

    def verdict(self, result: KakuroResult) -> tuple[str, str]:
        assert isinstance(result, KakuroResult)
        return kakuro_verdict_text(result), "good" if result.status == "unique" else "bad"

    def statistics(self) -> list[tuple[str, str]]:
        return search_figures(self.trace.counters, after_steps=[], after_depth=[])

    def solution_notes(self) -> list[str]:
        notes: list[str] = []
        if self.differences:
            notes.append(
                _(
                    "The {count} cells where the solutions differ are framed. "
                    "Left / Right or the buttons show the others."
                ).format(count=len(self.differences))
            )
        result = self.trace.result
        if result is not None:
            stats = result.stats
            looked = ngettext(
                "The solver looked at {runs} runs and made {guesses} guess in {time}.",
                "The solver looked at {runs} runs and made {guesses} guesses in {time}.",
                stats.guesses,
            )
            notes.append(
                looked.format(
                    runs=format_int(stats.runs_solved),
                    guesses=format_int(stats.guesses),
                    time=seconds_text(stats.seconds),
                )
            )
        return notes

    def on_restart(self) -> None:
        self.differences = frozenset()

    def on_finish(self) -> None:
        self.differences = self.trace.differing_cells()

    def on_exit(self) -> None:
        pass

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, board_area: Box, panel: Box, pad: int) -> int:
        self.layout = KakuroLayout.fit(board_area, self.puzzle.width, self.puzzle.height)
        return panel.bottom - pad

    def board_rect(self) -> pygame.Rect:
        return pygame.Rect(self.layout.box).inflate(4, 4)

    def look(self, frame: BoardFrame) -> BoardLook:
        """The board at this moment: the solver's candidates, or the solution browsed."""
        theme = self.app.theme
        trace = self.trace
        if frame.solution_index is not None:
            digits = trace.solution_digits(frame.solution_index)
            look = BoardLook(digits=digits, small=[0] * len(digits))
            for index in self.differences:
                look.outlined[index] = theme.accent
                look.cell_fills[index] = blend(theme.cell_unknown, theme.accent, 0.25)
            return look
        candidates = trace.candidates
        digits = [single_digit(mask) for mask in candidates]
        small = [0 if digit else mask for digit, mask in zip(digits, candidates, strict=True)]
        look = BoardLook(digits=digits, small=small)
        if trace.current_run is not None and not trace.finished:
            look.highlighted_runs = frozenset({trace.current_run})
        for index, depth in trace.depth_of.items():
            if depth > 0 and digits[index]:
                look.digit_colours[index] = theme.trial_filled
                look.cell_fills[index] = blend(theme.cell_unknown, theme.trial_filled, 0.16)
        for index in trace.guessed:
            look.outlined[index] = theme.trial_filled
        if frame.undone > 0:
            for index in trace.last_restored:
                look.cell_fills[index] = blend(
                    theme.cell_unknown, theme.trial_crossed, frame.undone
                )
        strength = frame.flash
        if not frame.playing and isinstance(trace.last_step, Contradiction):
            strength = max(strength, 0.6)  # stepping by hand: the run stays marked
        if strength > 0 and trace.failed_run is not None:
            look.run_colours[trace.failed_run] = theme.error
            for index in self.puzzle.run_whites[trace.failed_run]:
                look.cell_fills[index] = blend(theme.cell_unknown, theme.error, 0.5 * strength)
        return look

    def draw_board(self, surface: pygame.Surface, frame: BoardFrame) -> None:
        draw_board(surface, self.app, self.puzzle, self.layout, self.look(frame))

    def draw_swatch(self, target: pygame.Surface, box: pygame.Rect, key: str) -> None:
        target.fill(_swatch_colour(self.app.theme, key), box)

    def panel_extras(self) -> tuple[object, ...]:
        return ()

    def render_panel_extras(self, target: pygame.Surface, panel: Box, x: int, right: int) -> None:
        pass

    def draw_over_panel(self, surface: pygame.Surface, fresh: bool) -> None:
        pass


class KakuroReplayScene(ReplayShell[KakuroStep, KakuroResult]):
    """The solver replay for ``puzzle``; ``name`` is what the header calls it."""

    part: KakuroReplay

    def __init__(
        self,
        app: App,
        puzzle: KakuroPuzzle,
        name: str | None = None,
        max_solutions: int | None = DEFAULT_MAX_SOLUTIONS,
        playing: bool = True,
        time_limit: float | None = TIME_LIMIT,
    ) -> None:
        self.puzzle = puzzle
        self.name = display_title(name or puzzle.title) or _("Untitled")
        part = KakuroReplay(app, puzzle, self.name, max_solutions, time_limit)
        super().__init__(app, part, playing=playing)

    @property
    def state(self) -> KakuroTrace:
        return self.part.trace
