"""Race the solvers: two to four algorithms on the same puzzle, side by side (issue 15).

The scene holds a :class:`~game.core.race.contest.Race` (core: the runners, their traces, the
places). Each frame every board still running gets the same slice of solver time, on a CPU
clock of this thread, one after the other; a board that has finished waits at the finish
with its place, its verdict and the picture it found. Under each board: live counters
(steps, lines looked at, guesses, backtracks, solver time). Each board's "?" opens a short
plain-words explanation of its algorithm (a dialog, which also pauses the race).

Controls: Play/Pause (Space), Restart (Home or R), the time each board gets per frame (− / +),
which algorithms race (a button each: two to four of them), Back (Esc).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.puzzle import Puzzle
from game.core.race import ALGORITHMS, INFO
from game.core.race.contest import (
    MAX_RUNNERS,
    MIN_RUNNERS,
    Race,
    Runner,
    check_runners,
    place_text,
)
from game.core.titles import display_title
from game.ui.input import Action, Input, Kind
from game.ui.layout import Box
from game.ui.scene import Scene
from game.ui.scenes.replay.race_view import (
    CARD_REFRESH,
    FLASH_SECONDS,
    VERDICT_LINES,
    BoardSlot,
    RaceBoardPainter,
    card_key,
    lay_out_slots,
    render_card,
    render_header,
    seconds_text,
)
from game.ui.widgets.base import FocusGroup
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogScene
from game.ui.widgets.text import draw_text, fit_text

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Colour

# Milliseconds of solver time each board gets per frame.
SLICES_MS: tuple[float, ...] = (0.02, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0)
DEFAULT_SLICE = SLICES_MS.index(0.5)
# At most this many milliseconds per frame for all boards together (four boards get 1.5 ms
# each at the top speed): with the steps' bookkeeping (about half as much again) and the
# drawing (2-3 ms) a frame stays under 16.7 ms.
FRAME_SOLVER_MS = 6.0
# "To the end": this many milliseconds a frame, shared equally by the boards still running.
RUSH_FRAME_MS = 12.0

# The pickers' labels where the whole name does not fit.
SHORT_NAMES = {"hanjie": "Hanjie", "rows": N_("Rows"), "lines": N_("Lines"), "rules": N_("Rules")}

BOARDS_LABEL = N_("Racing:")


def slice_label(ms: float) -> str:
    return _("{ms} ms a frame each").format(ms=f"{ms:g}")


class RaceScene(Scene):
    """``algorithms`` (2-4 of them) racing on ``puzzle``; ``name`` is the puzzle's shown name."""

    def __init__(
        self,
        app: App,
        puzzle: Puzzle,
        algorithms: Sequence[str] = ALGORITHMS,
        name: str | None = None,
        playing: bool = True,
        clock: Callable[[], float] = time.thread_time,
    ) -> None:
        super().__init__(app)
        # The solver clock every race here runs on (screenshots count steps instead).
        self.clock = clock
        self.puzzle = puzzle
        self.name = display_title(name or puzzle.title) or _("Untitled puzzle")
        self.algorithms = check_runners(algorithms)
        self.race = Race(puzzle, self.algorithms, clock=clock)
        self.playing = playing
        self.rushing = False  # "To the end": a big slice a frame until every board finished
        self.slice_index = DEFAULT_SLICE
        self.flash: dict[str, float] = {}
        self._seen_contradiction: dict[str, int] = {}
        # Frame times (seconds between frames, as the app gives them), for the FPS figure.
        self.frame_times: list[float] = []

        self.restart_button = Button(N_("Restart"), self.restart, font_size=18)
        self.play_button = Button(N_("Pause"), self.toggle_play, primary=True, font_size=18)
        self.end_button = Button(N_("To the end"), self.run_to_end, font_size=18)
        self.slower_button = Button("−", self.slower, font_size=22)
        self.faster_button = Button("+", self.faster, font_size=22)
        self.back_button = Button(N_("Back"), self.back, font_size=18)
        self.pick_buttons = {
            key: Button(
                INFO[key].title, self._picker(key), font_size=16, short_label=SHORT_NAMES[key]
            )
            for key in ALGORITHMS
        }
        self.explain_buttons: list[Button] = []
        self.buttons: list[Button] = []
        self.focus = FocusGroup([])
        self.regions: dict[str, Box] = {}
        self.slots: list[BoardSlot] = []
        self.speed_label_x = 0
        self.boards_label_x = 0
        self._chrome_key: tuple[object, ...] | None = None
        self._overlaid = False
        self._drawn_boards: dict[int, tuple[object, ...]] = {}
        self.painter = RaceBoardPainter(app.theme, puzzle.width, puzzle.height)
        self._cards: dict[str, tuple[object, pygame.Surface, float]] = {}
        self._theme_name = app.theme.name
        self._build_widgets()

    # -- the race ---------------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        return self.race.finished

    @property
    def slice_seconds(self) -> float:
        """Seconds of solver work each running board gets this frame."""
        if self.rushing:
            running = sum(not runner.finished for runner in self.race.runners)
            return RUSH_FRAME_MS / max(1, running) / 1000.0
        ms = SLICES_MS[self.slice_index]
        return min(ms, FRAME_SOLVER_MS / len(self.algorithms)) / 1000.0

    def run_to_end(self) -> None:
        """Every board still running gets the same, much larger slice until all finish (the
        frame rate may dip: the player asked not to wait)."""
        if self.finished:
            return
        self.playing = True
        self.rushing = True
        self._sync_buttons()

    def restart(self) -> None:
        self.race.cancel()
        self.race = Race(self.puzzle, self.algorithms, clock=self.clock)
        self.playing = True
        self.rushing = False
        self.flash.clear()
        self._seen_contradiction.clear()
        self._cards.clear()
        self._sync_buttons()

    def toggle_play(self) -> None:
        if self.finished:
            self.restart()
            return
        self.playing = not self.playing
        self.rushing = False
        self._sync_buttons()

    def faster(self) -> None:
        self.slice_index = min(len(SLICES_MS) - 1, self.slice_index + 1)
        self._sync_buttons()

    def slower(self) -> None:
        self.slice_index = max(0, self.slice_index - 1)
        self._sync_buttons()

    def _picker(self, key: str) -> Callable[[], None]:
        return lambda: self.toggle_runner(key)

    def toggle_runner(self, key: str) -> None:
        """Take ``key`` out of the race or put it in (2-4 boards); the race starts again."""
        chosen = list(self.algorithms)
        if key in chosen:
            if len(chosen) <= MIN_RUNNERS:
                self.app.toast(_("A race needs at least {count} boards.").format(count=MIN_RUNNERS))
                return
            chosen.remove(key)
        else:
            if len(chosen) >= MAX_RUNNERS:
                self.app.toast(_("At most {count} boards race at once.").format(count=MAX_RUNNERS))
                return
            chosen.append(key)
        # Boards keep the table's order (the brute force first, our engine last).
        self.algorithms = tuple(name for name in ALGORITHMS if name in chosen)
        self._build_widgets()
        self.arrange(self.app.screen_size)
        self.restart()

    def explain(self, key: str) -> None:
        info = INFO[key]
        self.app.push(
            DialogScene(
                self.app,
                f"{_(info.title)} ({_(info.source)})",
                _(info.explanation),
                [(N_("Close"), None)],
                name="explain",
            )
        )

    def back(self) -> None:
        self.race.cancel()
        self.app.pop()

    # -- widgets ------------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        self.explain_buttons = [
            Button("?", self._explainer(key), font_size=18) for key in self.algorithms
        ]
        widgets: list[Button] = [
            *self.explain_buttons,
            self.restart_button,
            self.play_button,
            self.end_button,
            self.slower_button,
            self.faster_button,
            *self.pick_buttons.values(),
            self.back_button,
        ]
        self.buttons = widgets
        self.focus = FocusGroup(widgets)
        self._sync_buttons()

    def _explainer(self, key: str) -> Callable[[], None]:
        return lambda: self.explain(key)

    def _sync_buttons(self) -> None:
        self.play_button.label = (
            N_("Race again") if self.finished else N_("Pause") if self.playing else N_("Play")
        )
        self.end_button.enabled = not self.finished and not self.rushing
        self.slower_button.enabled = self.slice_index > 0
        self.faster_button.enabled = self.slice_index < len(SLICES_MS) - 1
        for key, button in self.pick_buttons.items():
            button.primary = key in self.algorithms
        self.focus.refresh()

    # -- layout ---------------------------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        width, height = size
        scale = self.app.ui_scale
        pad = max(8, round(16 * scale))
        top_h = round(56 * scale)
        controls_h = round(58 * scale)
        help_h = round(28 * scale)
        top = Box(0, 0, width, top_h)
        help_line = Box(0, height - help_h, width, help_h)
        controls = Box(0, help_line.y - controls_h, width, controls_h)
        area = Box(pad, top_h + pad, width - 2 * pad, max(1, controls.y - top_h - 2 * pad))
        self.regions = {"top": top, "controls": controls, "help": help_line, "area": area}
        # The card holds its state, a verdict of up to two lines ("At least 20 solutions
        # (stopped counting)" is cut on one, QA) and five figures, at the font's real height.
        line_h = self.app.fonts.get(round(14 * scale)).get_linesize()
        card_h = (1 + VERDICT_LINES + 5) * line_h + round(18 * scale)
        self.slots = lay_out_slots(
            area, len(self.algorithms), self.puzzle.width, self.puzzle.height, scale, card_h
        )
        side = round(30 * scale)
        for button, slot in zip(self.explain_buttons, self.slots, strict=True):
            header = slot.header
            button.rect = pygame.Rect(
                header.right - side, header.y + (header.h - side) // 2, side, side
            )
        self._place_controls(controls, pad, scale)
        self._cards.clear()

    def _place_controls(self, controls: Box, pad: int, scale: float) -> None:
        app = self.app
        button_h = round(40 * scale)
        gap = round(8 * scale)
        y = controls.y + (controls.h - button_h) // 2
        x = controls.x + pad

        def put(widget: Button, width: int) -> None:
            nonlocal x
            width = widget.fitting_width(app, width)
            widget.rect = pygame.Rect(x, y, width, button_h)
            x += width + gap

        put(self.restart_button, round(88 * scale))
        # As wide as its longest label, so "Race again" is not cut at the finish.
        label = self.play_button.label
        self.play_button.label = N_("Race again")
        put(self.play_button, round(110 * scale))
        self.play_button.label = label
        put(self.end_button, round(100 * scale))
        x += gap
        put(self.slower_button, button_h)
        font = app.fonts.get(round(15 * scale))
        label_w = max(font.size(slice_label(ms))[0] for ms in SLICES_MS)
        self.speed_label_x = x + label_w // 2 + gap
        x += label_w + 2 * gap
        put(self.faster_button, button_h)
        x += 2 * gap
        back_w = self.back_button.fitting_width(app, round(88 * scale))
        back_x = controls.right - pad - back_w
        self.back_button.rect = pygame.Rect(back_x, y, back_w, button_h)
        picks = list(self.pick_buttons.values())
        label_w = font.size(_(BOARDS_LABEL))[0] + gap
        needed = label_w + sum(button.fitting_width(app) + gap for button in picks)
        short = x + needed > back_x - gap
        # On a narrow window the buttons speak for themselves: no "Racing:" before them.
        self.boards_label_x = -1 if short else x
        if not short:
            x += label_w
        for button in picks:
            if short and button.short_label:
                # A narrow window: the short names ("Rows"), which the button shows when
                # its full name does not fit.
                full = button.label
                button.label = button.short_label
                width = button.fitting_width(app)
                button.label = full
                button.rect = pygame.Rect(x, y, width, button_h)
                x += width + gap
            else:
                put(button, 0)

    # -- events ---------------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.kind in (Kind.POINTER_MOVE, Kind.POINTER_DOWN, Kind.POINTER_UP):
            used = self.focus.handle(event)
            self._sync_buttons()
            return used
        if event.kind is not Kind.PRESS:
            return False
        digit = event.digit if not event.ctrl else None
        if event.pressed(Action.BACK):
            self.back()
        elif event.pressed(Action.PLAY_PAUSE):
            self.toggle_play()
        elif event.pressed(Action.RESTART):
            self.restart()
        elif event.pressed(Action.TO_END):
            self.run_to_end()
        elif event.pressed(Action.FASTER):
            self.faster()
        elif event.pressed(Action.SLOWER):
            self.slower()
        elif digit is not None and 1 <= digit <= len(self.algorithms):
            self.explain(self.algorithms[digit - 1])
        else:
            return self.focus.handle(event)
        self._sync_buttons()
        return True

    # -- time -----------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.frame_times.append(dt)
        if len(self.frame_times) > 600:
            del self.frame_times[:300]
        was_finished = self.finished
        if self.playing and not was_finished:
            self.race.advance(self.slice_seconds)
        for runner in self.race.runners:
            trace = runner.trace
            key = runner.algorithm
            if trace.contradiction_serial != self._seen_contradiction.get(key, 0):
                self._seen_contradiction[key] = trace.contradiction_serial
                self.flash[key] = FLASH_SECONDS
            elif key in self.flash:
                self.flash[key] = max(0.0, self.flash[key] - dt)
        if self.finished and not was_finished:
            self.playing = False
            self.rushing = False
            self.app.sounds.play("win")
            self._sync_buttons()

    def wake_in(self) -> float | None:
        if self.finished:
            return None
        return 0.0 if self.playing else None

    # -- drawing --------------------------------------------------------------------------------

    def status_text(self) -> tuple[str, Colour]:
        theme = self.app.theme
        race = self.race
        if race.finished:
            order = race.order()
            winner = order[0]
            agree = race.verdicts_agree()
            text = _("{solver} wins in {time}").format(
                solver=_(winner.info.title), time=seconds_text(winner.seconds)
            )
            if not agree:
                return text + " · " + _("the verdicts differ!"), theme.error
            in_time = [r for r in race.runners if r.trace.result and not r.trace.result.timed_out]
            if len(in_time) > 1:
                everyone = len(in_time) == len(race.runners)
                text += " · " + (_("all agree") if everyone else _("they agree"))
            return text, theme.success
        running = sum(not runner.finished for runner in race.runners)
        if not self.playing:
            return _("Paused"), theme.text_muted
        done = len(race.runners) - running
        doing = _("Running to the end") if self.rushing else _("Racing")
        finish = _("{done} of {count} at the finish").format(done=done, count=len(race.runners))
        return f"{doing} · {finish}", theme.text

    def chrome_key(self) -> tuple[object, ...]:
        """What the bars, the headers and the buttons show: drawn again only when it changes."""
        app = self.app
        parts: list[object] = [
            app.screen_size,
            app.theme.name,
            self.status_text(),
            self.slice_index,
            tuple(runner.place for runner in self.race.runners),
            self.algorithms,
            self.focus.show_focus,
            self.focus.focused,
        ]
        for button in self.buttons:
            parts.append(
                (tuple(button.rect), button.label, button.enabled, button.hovered, button.pressed)
            )
            parts.append(button.primary)
        return tuple(parts)

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        if theme.name != self._theme_name:
            self._theme_name = theme.name
            self.painter.set_theme(theme)
            self._cards.clear()
        # Everything is drawn again when the chrome changed, under a dialog (which dims what
        # it covers each time) and while a toast is up (the app draws it over the window);
        # otherwise only the boards and cards that changed.
        key = self.chrome_key()
        overlaid = app.top is not self or bool(app.toasts.items)
        full = key != self._chrome_key or overlaid or self._overlaid
        self._chrome_key = key
        self._overlaid = overlaid
        racing = self.playing and not self.finished
        if full:
            surface.fill(theme.background)
            self._draw_top(surface)
            self._draw_controls(surface)
            self.focus.draw(surface, app)
            self._draw_help(surface)
            self._drawn_boards.clear()
        for index, (runner, slot) in enumerate(zip(self.race.runners, self.slots, strict=True)):
            flash = self.flash.get(runner.algorithm, 0.0) > 0.0
            board_key = self.painter.board_key(runner, flash)
            if full or self._drawn_boards.get(index) != board_key:
                self.painter.draw(surface, index, runner, slot, flash)
                self._drawn_boards[index] = board_key
            if full:
                header = pygame.Surface((slot.header.w, slot.header.h)).convert()
                render_header(app, header, runner, slot.header, self.explain_buttons[index].rect.w)
                surface.blit(header, (slot.header.x, slot.header.y))
                self.explain_buttons[index].draw(surface, app)
            self._draw_card(surface, runner, slot, racing, full)

    def _draw_help(self, surface: pygame.Surface) -> None:
        app = self.app
        help_box = self.regions["help"]
        size = round(14 * app.ui_scale)
        help_text = _(
            "Space: play/pause  ·  End: to the end  ·  Home: restart  ·  + / −: time per frame  ·  "
            "1-{last} or ?: how it works  ·  Esc: back"
        ).format(last=len(self.algorithms))
        draw_text(
            surface, app, fit_text(app.fonts.get(size), help_text, help_box.w - 20), size,
            app.theme.text_muted, help_box.centre, "center",
        )  # fmt: skip

    def _draw_top(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        bar = self.regions["top"]
        scale = app.ui_scale
        pygame.draw.rect(surface, theme.panel, (bar.x, bar.y, bar.w, bar.h))
        pygame.draw.line(surface, theme.panel_border, (0, bar.h - 1), (bar.w, bar.h - 1))
        pad = round(16 * scale)
        status, colour = self.status_text()
        status_rect = draw_text(
            surface, app, status, round(20 * scale), colour, (bar.right - pad, bar.centre[1]),
            "midright", bold=self.finished,
        )  # fmt: skip
        size = round(22 * scale)
        heading = _("Race the solvers") + f" · {self.name} · {self.puzzle.size_text}"
        heading = fit_text(app.fonts.get(size, True), heading, status_rect.x - 2 * pad)
        draw_text(
            surface, app, heading, size, theme.text, (pad, bar.centre[1]), "midleft", bold=True
        )

    def _draw_card(
        self, surface: pygame.Surface, runner: Runner, slot: BoardSlot, racing: bool, full: bool
    ) -> None:
        area = slot.card
        over = self.finished
        key = card_key(runner, racing, self._theme_name, over)
        kept = self._cards.get(runner.algorithm)
        now = self.app.time
        stale = kept is None or kept[0] != key
        if stale and kept is not None and racing and now - kept[2] < CARD_REFRESH:
            stale = False  # its figures change every frame: a few times a second is plenty
        if stale or kept is None:
            target = pygame.Surface((max(1, area.w), max(1, area.h))).convert()
            render_card(self.app, target, runner, area, self.race.time_limit, over)
            kept = (key, target, now)
            self._cards[runner.algorithm] = kept
        elif not full:
            return  # the window still shows it
        surface.blit(kept[1], (area.x, area.y))

    def _draw_controls(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        bar = self.regions["controls"]
        pygame.draw.rect(surface, theme.panel, (bar.x, bar.y, bar.w, bar.h))
        pygame.draw.line(surface, theme.panel_border, (0, bar.y), (bar.w, bar.y))
        size = round(15 * app.ui_scale)
        label = slice_label(self.slice_seconds * 1000)
        draw_text(
            surface, app, label, size, theme.text, (self.speed_label_x, bar.centre[1]), "center"
        )
        if self.boards_label_x >= 0:
            draw_text(
                surface, app, _(BOARDS_LABEL), size, theme.text_muted,
                (self.boards_label_x, bar.centre[1]), "midleft",
            )  # fmt: skip

    # -- what tests read ------------------------------------------------------------------------

    def places(self) -> dict[str, str]:
        """Each finished board's place in words, by algorithm."""
        return {
            runner.algorithm: place_text(runner.place)
            for runner in self.race.runners
            if runner.place is not None
        }
