"""Watch a solver think, for any puzzle kind: one replay screen with a board part per kind.

The shell owns what every replay does the same way: the playback (play and pause, one step,
a bigger step where the kind has one, run to the end, restart, the speed), the buttons and
the keys (:mod:`~game.ui.scenes.shared.replay.input`), the top bar, the side panel (the figures,
the last steps, the legend, the solution at the end), the browser of solutions and the help
line (:mod:`~game.ui.scenes.shared.replay.view`). A kind plugs in a :class:`ReplayPart`: its trace
(the solver's board as the steps leave it, from ``game.core``), how a moment of it is drawn
on the board, the figures and words of its panel, and any widgets of its own.

State is kept in one value: :class:`ReplayUI` (playing, stepping, speed, the solution browsed,
the flashes), replaced by the actions, which input calls. Drawing reads it: each frame the
shell builds the looks of its parts (:class:`~game.ui.scenes.shared.replay.view.ReplayLook`) from
the UI state and the trace, and a part is drawn again only when its look changed.
"""

from __future__ import annotations

import gc
import math
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

import pygame

from game.core.i18n import N_, _
from game.core.trace import ResultT, StepTrace, StopRule, is_visible_step
from game.ui.input import Input
from game.ui.layout import Box
from game.ui.scene import Scene
from game.ui.scenes.shared.replay import input as replay_input
from game.ui.scenes.shared.replay import view
from game.ui.scenes.shared.replay.view import (
    INSTANT,
    PANEL_REFRESH,
    SPEEDS,
    ReplayLook,
    speed_label,
)
from game.ui.widgets.base import FocusGroup
from game.ui.widgets.button import Button
from game.ui.widgets.slider import Slider

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Colour

# Seconds of solver work per frame: at most this at any speed but "instant" (leaves the rest of
# a 60 Hz frame for drawing).
FRAME_BUDGET = 0.004
# "Instant" and run-to-end take more of the frame, still short enough to keep 60 frames.
RUSH_BUDGET = 0.010
# From this speed on the panel's figures change every frame: redraw it only this often.
FAST_SPEED = SPEEDS.index(100)
GC_FREEZE_SECONDS = 1.0
FLASH_SECONDS = 0.6
UNDONE_SECONDS = 0.5


class DescribedStep(Protocol):
    """A solver's step as the replay lists it: it says what it did in the player's words."""

    def describe(self) -> str: ...


StepT = TypeVar("StepT", bound=DescribedStep)  # the kind's solver steps


@dataclass(frozen=True)
class ReplayUI(Generic[StepT]):
    """What the replay is doing, as the drawing reads it: ``stepping`` is a one-step (or
    bigger) advance under way, the rule that ends it; ``flash`` and ``undone`` are the
    seconds left of the contradiction's flash and of the glow of cells a backtrack undid."""

    speed_index: int
    playing: bool = True
    rushing: bool = False
    stepping: StopRule[StepT] | None = None
    solution_index: int = 0
    flash: float = 0.0
    undone: float = 0.0


@dataclass(frozen=True)
class BoardFrame:
    """A moment of the replay as a board part draws it: the solution browsed at the end
    (None: the solver's board), the flash's and the glow's strength (0 to 1), whether the
    replay plays, and whether it is too fast to follow (no glow then)."""

    solution_index: int | None
    flash: float
    undone: float
    playing: bool
    fast: bool


@dataclass(frozen=True)
class BigStep(Generic[StepT]):
    """A kind's bigger step (the nonogram's "one line"): its button, where it stops and its
    words in the help line."""

    label: str
    stop: StopRule[StepT]
    help: str


class ReplayPart(Protocol[StepT, ResultT]):
    """What a puzzle kind gives the replay shell (see the module text), typed over its
    solver's steps and verdict."""

    heading: str  # the top bar's title
    speed_setting: str | None  # the setting the speed is kept in; None: not kept
    default_speed: int
    big_step: BigStep[StepT] | None
    help_keys: tuple[str, ...]  # the kind's own keys in the help line ("A: solver")
    legend: tuple[tuple[str, str], ...]  # (swatch key, label)

    def attach(self, shell: ReplayShell[StepT, ResultT]) -> None: ...
    def new_trace(self) -> StepTrace[StepT, ResultT]: ...
    def refusal(self) -> str | None: ...
    def top_buttons(self) -> list[Button]: ...
    def handle(self, event: Input) -> bool: ...
    def handle_key(self, event: Input) -> bool: ...
    def arrange(self, board_area: Box, panel: Box, pad: int) -> int: ...
    def board_rect(self) -> pygame.Rect: ...
    def update(self, dt: float) -> bool: ...
    def busy_text(self) -> str | None: ...
    def verdict(self, result: ResultT) -> tuple[str, str]: ...
    def statistics(self) -> list[tuple[str, str]]: ...
    def solution_notes(self) -> list[str]: ...
    def on_restart(self) -> None: ...
    def on_finish(self) -> None: ...
    def on_exit(self) -> None: ...
    def draw_board(self, surface: pygame.Surface, frame: BoardFrame) -> None: ...
    def draw_swatch(self, target: pygame.Surface, box: pygame.Rect, key: str) -> None: ...
    def panel_extras(self) -> tuple[object, ...]: ...
    def render_panel_extras(
        self, target: pygame.Surface, panel: Box, x: int, right: int
    ) -> None: ...
    def draw_over_panel(self, surface: pygame.Surface, fresh: bool) -> None: ...


class ReplayShell(Scene, Generic[StepT, ResultT]):
    """The solver replay of ``part``'s puzzle; ``playing`` False starts it paused. Typed
    over the kind's solver steps and verdict, so a part hands the shell its own trace."""

    def __init__(self, app: App, part: ReplayPart[StepT, ResultT], playing: bool = True) -> None:
        super().__init__(app)
        self.part = part
        part.attach(self)
        self.ui: ReplayUI[StepT] = ReplayUI(self._saved_speed(), playing=playing)
        self._credit = 1.0  # steps owed at the speed; the first step shows at once
        self.trace: StepTrace[StepT, ResultT] = part.new_trace()
        self._seen_contradiction = 0
        self._seen_backtrack = 0
        self._finish_seen = False

        self.restart_button = Button(N_("Restart"), self.restart, font_size=18)
        self.step_button = Button(N_("Step"), self.step_once, font_size=18)
        big = part.big_step
        self.big_button = Button(big.label if big else "", self.step_big, font_size=18)
        self.play_button = Button(N_("Pause"), self.toggle_play, primary=True, font_size=18)
        self.end_button = Button(N_("To the end"), self.run_to_end, font_size=18)
        self.slower_button = Button("−", self.slower, font_size=22)
        self.faster_button = Button("+", self.faster, font_size=22)
        self.speed_slider = Slider(
            N_("Speed"),
            self._speed_fraction(),
            self._slider_moved,
            step=1 / INSTANT,
            font_size=16,
            value_text=lambda _value: speed_label(self.ui.speed_index),
            value_sample=max((speed_label(index) for index in range(INSTANT + 1)), key=len),
        )
        self.previous_button = Button(N_("◀ Previous"), self.previous_solution, font_size=18)
        self.next_button = Button(N_("Next ▶"), self.next_solution, font_size=18)
        self.back_button = Button(N_("Back"), self.back, font_size=18)
        self.focus = FocusGroup(replay_input.widgets(self))
        self._layout_key: tuple[object, ...] | None = None
        self.regions: dict[str, Box] = {}
        # Between the bars and the panel: the only part a frame repaints around the board.
        self.board_zone = pygame.Rect(0, 0, 0, 0)
        self.panel_floor = 0  # where the panel's own words stop (the part's extras below)
        self.browser_shown = False
        self.solution_label_x = 0
        self.drawn = view.DrawnParts()
        self._frozen = False
        self._since_freeze = 0.0
        self._sync_buttons()

    # -- reading ----------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.trace.finished

    @property
    def playing(self) -> bool:
        return self.ui.playing

    @property
    def speed_index(self) -> int:
        return self.ui.speed_index

    @property
    def solution_index(self) -> int:
        return self.ui.solution_index

    @property
    def solution_count(self) -> int:
        """The solutions the browser shows: those found, once the solver finished."""
        return len(self.trace.solutions) if self.finished else 0

    @property
    def browsing(self) -> bool:
        return self.solution_count > 1

    @property
    def too_fast_to_follow(self) -> bool:
        """Playing so fast that the panel's figures and the board change every frame."""
        return self.ui.playing and self.ui.speed_index >= FAST_SPEED

    def frame(self) -> BoardFrame:
        ui = self.ui
        fast = self.too_fast_to_follow
        return BoardFrame(
            solution_index=ui.solution_index if self.solution_count else None,
            flash=ui.flash / FLASH_SECONDS,
            undone=0.0 if fast else ui.undone / UNDONE_SECONDS,
            playing=ui.playing,
            fast=fast,
        )

    def status_text(self) -> tuple[str, Colour]:
        """The top bar's words and their colour: what the replay is doing, or its verdict."""
        theme = self.app.theme
        result = self.trace.result
        if result is not None:
            text, tone = self.part.verdict(result)
            return text, {"good": theme.success, "bad": theme.error}.get(tone, theme.text_muted)
        busy = self.part.busy_text()
        if busy is not None:
            return busy, theme.text
        ui = self.ui
        if ui.rushing:
            return _("Running to the end…"), theme.text
        if ui.stepping is not None:
            return _("Stepping…"), theme.text
        if ui.playing:
            return _("Solving at {speed}").format(speed=speed_label(ui.speed_index)), theme.text
        return _("Paused"), theme.text_muted

    # -- actions ----------------------------------------------------------------------------

    def _set(self, **changes: Any) -> None:
        self.ui = replace(self.ui, **changes)
        self._sync_buttons()

    def restart(self) -> None:
        """Start the solver again from the beginning, playing."""
        self.trace = self.part.new_trace()
        self._seen_contradiction = 0
        self._seen_backtrack = 0
        self._finish_seen = False
        self._credit = 1.0
        self.part.on_restart()
        self.ui = ReplayUI(self.ui.speed_index)
        self._sync_buttons()

    def toggle_play(self) -> None:
        if self.finished:
            return  # Restart watches it again
        self._credit = 1.0  # the first step comes at once, even at one step a second
        self._set(playing=not self.ui.playing, stepping=None)

    def pause(self) -> None:
        self._set(playing=False, rushing=False)

    def step_once(self) -> None:
        """Pause and advance to the next step (the solver's quiet heartbeats are passed)."""
        if not self.finished:
            self._set(playing=False, rushing=False, stepping=is_visible_step)

    def step_big(self) -> None:
        """Pause and advance to the kind's bigger step (a line that gives cells)."""
        big = self.part.big_step
        if big is None:
            self.step_once()
        elif not self.finished:
            self._set(playing=False, rushing=False, stepping=big.stop)

    def run_to_end(self) -> None:
        if not self.finished:
            self._set(playing=True, rushing=True, stepping=None)

    def previous_solution(self) -> None:
        if self.browsing:
            self._set(solution_index=(self.ui.solution_index - 1) % self.solution_count)

    def next_solution(self) -> None:
        if self.browsing:
            self._set(solution_index=(self.ui.solution_index + 1) % self.solution_count)

    def back(self) -> None:
        self.app.pop()

    # -- speed ------------------------------------------------------------------------------

    def _saved_speed(self) -> int:
        part = self.part
        if part.speed_setting is None:
            return part.default_speed
        value = self.app.store.get_setting(part.speed_setting, part.default_speed)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= INSTANT:
            return value
        return part.default_speed

    def _speed_fraction(self) -> float:
        return self.ui.speed_index / INSTANT

    def set_speed(self, index: int) -> None:
        index = max(0, min(INSTANT, index))
        if index == self.ui.speed_index:
            return
        self._set(speed_index=index)
        self.speed_slider.value = self._speed_fraction()
        self._credit = min(self._credit, 1.0)

    def faster(self) -> None:
        self.set_speed(self.ui.speed_index + 1)

    def slower(self) -> None:
        self.set_speed(self.ui.speed_index - 1)

    def _slider_moved(self, value: float) -> None:
        self.set_speed(round(value * INSTANT))
        self.speed_slider.value = self._speed_fraction()

    def _keep_speed(self) -> None:
        # Written once on leaving, not at every notch of a slider drag (each write is a file).
        setting = self.part.speed_setting
        if setting is not None and self.app.store.get_setting(setting, None) != self.speed_index:
            self.app.store.set_setting(setting, self.speed_index)

    # -- the solver -------------------------------------------------------------------------

    def _pull(self) -> None:
        trace = self.trace
        ui = self.ui
        if trace.finished:
            return
        if ui.stepping is not None:
            stop = ui.stepping
            trace.advance(FRAME_BUDGET, stop=stop)
            last = trace.last_step
            if trace.finished or (last is not None and stop(last)):
                self._set(stepping=None)
            return
        if not ui.playing:
            return
        if ui.rushing or ui.speed_index >= INSTANT:
            trace.advance(RUSH_BUDGET)
            return
        speed = SPEEDS[ui.speed_index]
        if math.isinf(speed):
            trace.advance(FRAME_BUDGET)
            return
        quota = int(self._credit)
        if quota > 0:
            taken = trace.advance(FRAME_BUDGET, max_steps=quota)
            self._credit -= taken
            if taken < quota:
                self._credit = 0.0  # the budget ran out: do not pile up a debt of steps

    def _on_finish(self) -> None:
        self._finish_seen = True
        self.part.on_finish()
        changes: dict[str, Any] = {"playing": False, "rushing": False, "stepping": None}
        changes["solution_index"] = 0
        if self.trace.solutions:
            self.app.sounds.play("win")
            changes.update(flash=0.0, undone=0.0)
        self._set(**changes)

    # -- the scene contract -----------------------------------------------------------------

    def on_enter(self) -> None:
        # Uncovered (Back from the race, a dialog closed): the window shows what the scene
        # above left there, and draw only repaints what changed, so repaint everything once.
        self.drawn.clear_all = True
        refusal = self.part.refusal()
        if refusal is not None:
            # Opened from anywhere (level select, converter, play): say why and go back.
            self.app.toast(refusal, error=True)
            self.app.pop()
            return
        # A full collection of everything the game holds takes 10-15 ms: too long inside a
        # frame. Everything alive now is set aside from the collector while the replay runs,
        # so the collections that do happen only look at what the solver made since.
        gc.collect()
        gc.freeze()
        self._frozen = True
        self._since_freeze = 0.0

    def on_quit(self) -> None:
        self._keep_speed()

    def on_exit(self) -> None:
        self._keep_speed()
        self.part.on_exit()
        if self._frozen:
            gc.unfreeze()  # the collector sees everything again (and frees what died)
            self._frozen = False

    def _sync_buttons(self) -> None:
        replay_input.sync_buttons(self)

    def handle(self, event: Input) -> bool:
        self._place()
        return replay_input.handle(self, event)

    def update(self, dt: float) -> None:
        busy = self.part.update(dt)
        trace = self.trace
        ui = self.ui
        self._since_freeze += dt
        if self._since_freeze >= GC_FREEZE_SECONDS and self._frozen:
            # What the solver built meanwhile (its caches) joins the frozen set, so no
            # full collection has to walk it in the middle of a frame.
            gc.freeze()
            self._since_freeze = 0.0
        if ui.playing and not trace.finished and ui.stepping is None:
            speed = SPEEDS[ui.speed_index] if ui.speed_index < INSTANT else math.inf
            if not math.isinf(speed):
                # A frame's quota, and no burst after a stall.
                self._credit = min(self._credit + speed * dt, max(1.0, speed * 0.25))
        if not busy:  # the frame's solver time went to the part's own check
            self._pull()
        flash = max(0.0, ui.flash - dt)
        if trace.contradiction_serial != self._seen_contradiction:
            self._seen_contradiction = trace.contradiction_serial
            flash = FLASH_SECONDS
        undone = max(0.0, ui.undone - dt)
        if trace.backtrack_serial != self._seen_backtrack:
            self._seen_backtrack = trace.backtrack_serial
            undone = UNDONE_SECONDS
        if (flash, undone) != (self.ui.flash, self.ui.undone):
            self.ui = replace(self.ui, flash=flash, undone=undone)
        if trace.finished and not self._finish_seen:
            self._on_finish()

    def wake_in(self) -> float | None:
        """0 while the replay moves by itself (playing, a step or the part's check under way,
        a flash or an undo fading); a panel held back by the fast-speed refresh is due when
        that runs out; otherwise only an event changes the screen."""
        ui = self.ui
        fading = ui.flash > 0 or ui.undone > 0
        running = ui.playing and not self.trace.finished
        if running or fading or ui.stepping is not None or self.part.busy_text() is not None:
            return 0.0
        due = self.drawn.due_in("panel", self.look().panel, self.app.time, PANEL_REFRESH)
        return due

    # -- layout and drawing -----------------------------------------------------------------

    def _place(self) -> None:
        app = self.app
        # A top button's width follows its label.
        labels = tuple(button.label for button in self.part.top_buttons())
        key = (*app.screen_size, app.theme, self.browsing, labels)
        if key == self._layout_key:
            return
        self._layout_key = key
        view.lay_out(self)
        self.drawn.forget()

    def look(self) -> ReplayLook:
        """What the bars and the panel show now (see :mod:`~game.ui.scenes.shared.replay.view`)."""
        return view.replay_look(self)

    def draw(self, surface: pygame.Surface) -> None:
        self._place()
        app = self.app
        drawn = self.drawn
        # Toasts are drawn over the window by the app: while any is up, repaint it all.
        toasts_up = bool(app.toasts.items)
        drawn.repaint_all = drawn.clear_all or toasts_up
        if drawn.repaint_all:
            surface.fill(app.theme.background)
            drawn.clear_all = toasts_up
        else:
            # Frames only change the board and what is drawn over it: the bars and the panel
            # are still there.
            surface.fill(app.theme.background, self.part.board_rect().clip(self.board_zone))
        self.part.draw_board(surface, self.frame())
        view.draw_parts(self, surface, self.look())
