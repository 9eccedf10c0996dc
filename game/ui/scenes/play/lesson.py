"""The first lesson's screen: five tiny guided puzzles, each step waiting for the player.

What each step asks, and whether a move does it, is ``game.core.play.lesson``'s (the steps are in
``lesson_book``). This scene turns the mouse and keys into moves with the play screen's own
pieces (the strokes' ``Pen``, the ``GridView`` board and clues, the play regions and the
viewport) and hands them to the run; ``lesson_panel`` draws the step's sentence, the
buttons and what the step points at. A refused move never reaches the board: the run says
what to do instead, in the panel, with a soft sound.

Mouse: left fills, right crosses, a drag paints a line. Keys: arrows move the cursor (with
Shift they paint as they go), Space or Z fills, X crosses, C clears; T trial mode, D drop
trial, H hint, Enter next, Esc leave.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.core.board import Cell
from game.core.i18n import N_, _
from game.core.play.advice import ForcedCell, advise_hint
from game.core.play.lesson import LessonRun, Verdict, Want
from game.core.play.lesson_book import LESSONS
from game.core.play.moves import DiscardTrial, Move, Paint
from game.core.play.strokes import Pen, Pointer, painted_cells, step_cursor
from game.ui.input import Action, Input, Kind
from game.ui.input.actions import ARROW_STEPS
from game.ui.layout import BoardLayout, PlayRegions, compute_play_regions
from game.ui.scene import Scene, run_action
from game.ui.scenes.play.input import MARK_OF_ACTION
from game.ui.scenes.play.lesson_panel import LessonPanel
from game.ui.scenes.play.viewport import BoardViewport
from game.ui.settings import LESSON_DONE, LESSON_OFFERED, LESSONS_FINISHED
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogButton, DialogScene
from game.ui.widgets.grid_view import ClueLook, GridView, Preview
from game.ui.widgets.win_reveal import RevealClock

if TYPE_CHECKING:
    from game.core.play.lesson import Lesson
    from game.ui.app import App

_MOUSE = (Kind.POINTER_DOWN, Kind.POINTER_UP, Kind.POINTER_MOVE)
OFFER = "lesson offer"  # the first start's question (a dialog's name)
_SOUND_OF_STATE: dict[int, str] = {
    Cell.UNKNOWN: "clear",
    Cell.CROSSED: "cross",
    Cell.TRIAL_CROSSED: "cross",
}


class LessonScene(Scene):
    """The guided lessons, from ``start`` (an index into ``lessons``; None: the first one
    not finished yet). Back at a lesson's start goes to the one before: any can be chosen."""

    def __init__(
        self, app: App, lessons: tuple[Lesson, ...] = LESSONS, start: int | None = None
    ) -> None:
        super().__init__(app)
        self.run = LessonRun(lessons)
        if start is None:
            start = first_unfinished(app, len(lessons))
        if start:
            self.run.start_at(start)
        self.pen = Pen()
        self.cursor = (0, 0)
        self.show_cursor = False  # shown once the keyboard is used: the mouse needs none
        self.message = ""
        self.message_kind = "info"  # info / error / hint / success
        self.hint_cells: frozenset[tuple[int, int]] = frozenset()
        self.hint_line: tuple[str, int] | None = None
        self.reveal: RevealClock | None = None
        self.next_button = Button(
            N_("Next (Enter)"), self.next, primary=True, font_size=18, prompt=Action.CONFIRM
        )
        self.back_button = Button(N_("Back"), self.back, font_size=17)
        self.skip_button = Button(N_("Skip step"), self.skip, font_size=17)
        self.trial_button = Button(
            N_("Trial mode (T)"), self.toggle_trial, font_size=17, prompt=Action.TRIAL
        )
        self.drop_button = Button(
            N_("Drop trial (D)"),
            self.drop_trial,
            font_size=17,
            short_label=N_("Drop (D)"),
            prompt=Action.DROP_TRIAL,
        )
        self.hint_button = Button(N_("Hint (H)"), self.hint, font_size=17, prompt=Action.HINT)
        self.leave_button = Button(N_("Leave the lesson"), self.ask_leave, font_size=17)
        self.buttons = [
            self.next_button,
            self.back_button,
            self.skip_button,
            self.trial_button,
            self.drop_button,
            self.hint_button,
            self.leave_button,
        ]
        self.regions: PlayRegions = compute_play_regions(
            *app.screen_size, share=app.interface_share
        )
        self.panel = LessonPanel(self)
        self._new_board()

    # --- the board -----------------------------------------------------------------------

    def _new_board(self) -> None:
        """A new lesson's puzzle: its own viewport and grid view."""
        puzzle = self.run.puzzle
        self.viewport = BoardViewport(puzzle, self.regions)
        self.grid_view = GridView(puzzle, self.app.theme, self.app.fonts, self.layout)
        self._shown_lesson = self.run.lesson_index
        self.reveal = None
        self.pen.let_go()
        self.cursor = (0, 0)
        self._sync_looks()

    @property
    def layout(self) -> BoardLayout:
        return self.viewport.layout

    def arrange(self, size: tuple[int, int]) -> None:
        self.regions = compute_play_regions(*size, share=self.app.interface_share)
        self.viewport.set_regions(self.regions)
        self.grid_view.set_layout(self.layout)
        self.panel.place()

    def _sync_looks(self) -> None:
        """Clues of broken lines in red (the trial lesson shows one), finished ones greyed."""
        session, view = self.run.session, self.grid_view
        for y in range(self.run.puzzle.height):
            status = session.row_status(y)
            view.set_row_look(
                y, ClueLook(complete=status.complete, contradicted=status.contradicted)
            )
        for x in range(self.run.puzzle.width):
            status = session.column_status(x)
            view.set_column_look(
                x, ClueLook(complete=status.complete, contradicted=status.contradicted)
            )

    # --- what the player does ---------------------------------------------------------------

    def _follow(self, verdict: Verdict, sound: str | None = None) -> None:
        """Show what the run made of a move or a key."""
        if self.run.lesson_index != self._shown_lesson:
            self._new_board()  # Back into the previous lesson
        if not verdict.accepted:
            if verdict.text:
                self.say(verdict.text, "error")
                self.app.sounds.play("oops")
            return
        self.hint_cells, self.hint_line = frozenset(), None
        if self.message_kind == "error":
            self.say("", "info")  # the slip is put right: its correction goes
        if verdict.text:
            self.say(verdict.text, "hint")  # guidance, never the refusal's red
        if verdict.step_done:
            self.say("", "info")
            self.app.sounds.play("step")
        elif sound is not None:
            self.app.sounds.play(sound)
        if self.run.lesson_done and self.reveal is None:
            self.reveal = RevealClock()
            self.app.sounds.play("reveal")
            finished = max(self.app.setting(LESSONS_FINISHED), self.run.lesson_index + 1)
            self.app.set_setting(LESSONS_FINISHED, finished)
            if self.run.finished:
                self.app.set_setting(LESSON_DONE, True)
            self.app.save_store()  # a lesson finished is kept even if the game closes now
        self._sync_looks()

    def say(self, text: str, kind: str = "info") -> None:
        self.message, self.message_kind = text, kind

    def apply(self, move: Move) -> None:
        sound = _SOUND_OF_STATE.get(move.state, "fill") if isinstance(move, Paint) else None
        self._follow(self.run.apply(move), sound)

    def next(self) -> None:
        run = self.run
        if run.lesson_done or run.finished:
            if self.reveal is not None and self.reveal.animating:
                self.reveal.skip()
                return
            if run.lesson_index + 1 < len(run.lessons):
                run.next_lesson()
                self._new_board()
                self.say("", "info")
            else:
                self.finish()
            return
        self._follow(run.next())

    def back(self) -> None:
        if self.run.back():
            self.say("", "info")
            if self.run.lesson_index != self._shown_lesson:
                self._new_board()
            self.reveal = None
            self.hint_cells, self.hint_line = frozenset(), None
            self.pen.let_go()
            self._sync_looks()

    def skip(self) -> None:
        if self.run.lesson_done:
            self.next()
            return
        self._follow(self.run.skip())

    def toggle_trial(self) -> None:
        self.pen.new_mode()
        verdict = self.run.press(Want.TRIAL)
        self._follow(verdict)
        if not verdict.step_done:
            on = self.run.trial_mode
            self.say(
                _("Trial mode on: your marks are guesses (orange).") if on else _("Trial mode off.")
            )

    def drop_trial(self) -> None:
        self._follow(self.run.apply(DiscardTrial()))

    def hint(self) -> None:
        """The teaching hint, where the step allows one (the hint step, or a free one)."""
        run = self.run
        if run.step.want not in (Want.HINT, Want.SOLVE) or run.lesson_done:
            self._follow(run.press(Want.HINT))
            return
        advice = advise_hint(run.session, answer_known=True)
        self._follow(run.press(Want.HINT))
        if isinstance(advice, ForcedCell):
            self.hint_cells = frozenset((x, y) for x, y, _ in advice.cells)
            self.hint_line = advice.line
        self.say(advice.text, "hint")

    def finish(self) -> None:
        """The last lesson is done: back to where the lesson was started from."""
        self.app.set_setting(LESSON_DONE, True)
        self.app.save_store()
        self.app.pop()
        self.app.toast(_("Lesson done. Pick a puzzle from Play; Options has the lesson again."))

    def ask_leave(self) -> None:
        self.pen.let_go()
        self.app.push(
            DialogScene(
                self.app,
                _("Leave the lesson?"),
                _("You can take it again at any time from Options."),
                [DialogButton(N_("Keep learning"), primary=True), (N_("Leave"), self.app.pop)],
                cancel_index=0,
                name="leave lesson",
            )
        )

    # --- events -------------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        kind = event.kind
        if kind is Kind.RELEASE:
            self.pen.key_up(event.source)
            return True
        if self.reveal is not None and self.reveal.animating:
            # A click or a key during the win reveal skips it.
            if kind in (Kind.POINTER_DOWN, Kind.PRESS):
                self.reveal.skip()
            return True
        if kind in _MOUSE:
            return self._handle_mouse(event)
        if kind is Kind.PRESS:
            return self._handle_key(event)
        return False

    def _handle_mouse(self, event: Input) -> bool:
        kind = event.kind
        pos = (int(event.pos[0]), int(event.pos[1]))
        pen, board = self.pen, self.run.board
        if pen.drag is not None:
            if kind is Kind.POINTER_MOVE:
                self._drag_to(self.layout.cell_at_clamped(pos))
            elif kind is Kind.POINTER_UP and event.button == pen.drag.button:
                self._drag_to(self.layout.cell_at_clamped(pos))
                self.grid_view.overlays.preview = None
                move = pen.release(board)
                if move is not None:
                    self.apply(move)
            return True
        for button in self.buttons:
            if button.handle(event):
                return True
        if kind is Kind.POINTER_MOVE:
            cell = self.layout.cell_at(pos)
            if cell is not None:
                self.cursor = cell
            self.show_cursor = False
            return True
        if kind is Kind.POINTER_DOWN and event.button in (1, 3):
            cell = self.layout.cell_at(pos)
            if cell is None or self.run.lesson_done:
                return False
            self.cursor = cell
            pen.press(board, cell, Pointer(event.button), False, self.run.trial_mode)
            self._update_preview()
            return True
        return False

    def _drag_to(self, cell: tuple[int, int]) -> None:
        if self.pen.drag_to(cell):
            self.cursor = cell
            self._update_preview()

    def _update_preview(self) -> None:
        board = self.run.board
        move = self.pen.preview(board)
        self.grid_view.overlays.preview = (
            None if move is None else Preview(painted_cells(board, move), move.state)
        )

    def _handle_key(self, event: Input) -> bool:
        if event.pressed(Action.BACK):
            self.ask_leave()
            return True
        if event.pressed(Action.CONFIRM):
            self.next()
            return True
        if event.pressed(Action.ERASE):
            self.back()
            return True
        arrow = event.action(*ARROW_STEPS)
        mark = event.action(*MARK_OF_ACTION)
        if arrow is not None or mark is not None:
            self.show_cursor = True
        if arrow is not None:
            before = self.cursor
            puzzle = self.run.puzzle
            self.cursor = step_cursor(before, *ARROW_STEPS[arrow], puzzle.width, puzzle.height)
            # Shift+arrows paint with the last stroke, as in play (they only moved here).
            move = self.pen.cursor_moved(self.run.board, before, self.cursor, event.shift)
            if move is not None:
                self.apply(move)
            return True
        if mark is not None and not self.run.lesson_done:
            trial = self.run.trial_mode
            self.apply(
                self.pen.key_down(
                    self.run.board, event.source, MARK_OF_ACTION[mark], trial, self.cursor
                )
            )
            return True
        actions = {
            Action.TRIAL: self.toggle_trial,
            Action.DROP_TRIAL: self.drop_trial,
            Action.HINT: self.hint,
        }
        return run_action(actions, event)

    # --- frames -------------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if self.reveal is not None:
            for cue in self.reveal.update(dt):
                if cue == "title":
                    self.app.sounds.play("win")
        self.panel.update_buttons()

    def wake_in(self) -> float | None:
        # Still between moves; drawn every frame only while the win reveal plays.
        return 0.0 if self.reveal is not None and self.reveal.animating else None

    def draw(self, surface: pygame.Surface) -> None:
        self.grid_view.set_theme(self.app.theme)
        surface.fill(self.app.theme.background)
        self.panel.draw(surface)


def first_unfinished(app: App, count: int = len(LESSONS)) -> int:
    """Where the lesson starts: the first lesson not finished yet, or the first again once
    all are (Back from there reaches the earlier ones)."""
    finished = app.setting(LESSONS_FINISHED)
    return 0 if finished >= count else finished


def offer_first_lesson(app: App) -> bool:
    """On a first start (the offer never answered, no puzzle ever played) ask whether to take
    the lesson; the answer, either way, is remembered. True when the question went up."""
    if app.setting(LESSON_OFFERED) or app.setting(LESSON_DONE) or app.store.puzzle_keys():
        return False
    if any(isinstance(scene, DialogScene) and scene.name == OFFER for scene in app.scenes):
        return False

    def answered(start: bool) -> None:
        app.set_setting(LESSON_OFFERED, True)
        app.save_store()
        if start:
            app.push(LessonScene(app))

    app.push(
        DialogScene(
            app,
            _("New to nonograms?"),
            _(
                "A short lesson shows you how to play: five tiny puzzles, a few minutes. "
                "Options has it too, whenever you want it."
            ),
            [
                DialogButton(N_("Start the lesson"), lambda: answered(True), primary=True),
                DialogButton(N_("Not now"), lambda: answered(False)),
            ],
            cancel_index=1,
            vertical=True,
            name=OFFER,
        )
    )
    return True
