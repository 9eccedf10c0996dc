"""Type the clues: make a puzzle from numbers copied out of a book or a newspaper.

Reached from the Create screen ("Type clues…"). Choose the size, then type each line's clue
in the one clue field: Tab or Enter goes on to the next line (rows top to bottom, then
columns left to right), Shift+Tab (or Up) goes back, a click on a clue picks its line. A line
that cannot be a clue or does not fit is flagged in red as it is typed, and the totals of the
row and column clues are compared (they count the same filled cells). When every line is
fine the clues are solved a slice a frame (the converter's fairness check): no solution,
one, or exactly (at least) N cells that can go either way, hatched on the board. The picture
the solver found stays hidden until "Show the picture" is pressed (issue 35: a book's puzzle
typed in must not be spoiled before it is played); the report says unique / ambiguous / none
either way. Play it, Watch the solver on it, or Save it to My puzzles (an ambiguous one asks
first).

What the clues mean is :class:`~game.core.create.clue_editor.ClueSheet`; the board is drawn by
:class:`~game.ui.scenes.converter.clue_editor_view.ClueBoardView`; this scene holds the widgets, the
keys and the sliced check.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt
import pygame

from game.core.create.clue_editor import (
    CLUE_INKS,
    INK_LETTERS,
    MAX_SIZE,
    MIN_SIZE,
    Axis,
    ClueSheet,
    clue_report_lines,
)
from game.core.create.conversion import puzzle_from_grid
from game.core.create.editor import write_in_folder
from game.core.create.fairness import Report, UniquenessCheck
from game.core.create.paced_check import LONGER as LONGER
from game.core.create.paced_check import PacedCheck, screen_check
from game.core.i18n import N_, _
from game.core.palette import Colour
from game.core.puzzle import Puzzle, PuzzleError
from game.ui.input import Action, Input, Kind
from game.ui.opening import PlayContext
from game.ui.scene import EditorScene
from game.ui.scenes.converter.clue_editor_view import ClueBoardView
from game.ui.scenes.play.exits import ambiguity_notice
from game.ui.scenes.shared.editor.layout import editor_frame
from game.ui.scenes.shared.editor.leaving import leave_or_ask, toast_save_failed
from game.ui.scenes.shared.editor.panels import draw_panel, draw_report
from game.ui.widgets.base import FocusGroup, Widget, draw_focus_ring
from game.ui.widgets.button import Button
from game.ui.widgets.dialog import DialogScene
from game.ui.widgets.stepper import NumberStepper
from game.ui.widgets.text import draw_text, fit_text
from game.ui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]

# Wait this long after the last key before solving, so typing does not restart it each key.
CHECK_DELAY = 0.3
# The check's work, counted in lines looked at and written as seconds at WORK_PER_SECOND, as the
# converter's (see game.ui.scenes.converter.fairness).
CHECK_TIME_LIMIT = 6.0
FREE_TIME_LIMIT = 9.0
KEYS_HELP = N_("Tab or Enter: next line · Shift+Tab: back · Ctrl+S save · Ctrl+P play · Esc back")
# In colour the help says how a colour is typed, first: a newspaper's puzzle is typed fastest
# as it reads, a letter after each number (a click on a swatch does the same).
COLOUR_HELP = N_(
    "Colour: type 3r 2b 1, a letter after each number ({letters}, as on the "
    "swatches; none: black), or click a swatch to colour the last number · Tab: next line · "
    "Esc back"
)


class ClueEditorScene(EditorScene):
    """A puzzle from typed clues, with the fairness report."""

    def __init__(self, app: App, width: int = 10, height: int = 10) -> None:
        super().__init__(app)
        self.sheet = ClueSheet(width, height)
        self.position = 0  # the line being typed, in typing order
        self.view = ClueBoardView()
        self.board_area = pygame.Rect(0, 0, 0, 0)
        self.paced = PacedCheck(CHECK_DELAY)
        # The (first) solution, once solved: filled cells, or colour numbers in colour.
        self.picture: npt.NDArray[Any] | None = None
        self.picture_shown = False  # drawn only once asked for: no spoilers
        self.saved_path: Path | None = None
        self.dirty = False
        self._build_widgets()
        self._load_line()

    # -- widgets ----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        sheet = self.sheet
        self.width_stepper = NumberStepper(
            N_("Width"), sheet.width, MIN_SIZE, MAX_SIZE, lambda value: self.resize(value, None)
        )
        self.height_stepper = NumberStepper(
            N_("Height"), sheet.height, MIN_SIZE, MAX_SIZE, lambda value: self.resize(None, value)
        )
        self.clue_input = TextInput(
            placeholder=N_("e.g. 3 1 2 (0 for an empty line)"),
            max_length=120,
            font_size=20,
            on_change=self._typed,
        )
        self.title_input = TextInput(placeholder=N_("Title"), max_length=60, font_size=18)
        self.author_input = TextInput(placeholder=N_("Author"), max_length=60, font_size=18)
        self.play_button = Button(N_("Play it"), self.play, primary=True, font_size=18)
        self.watch_button = Button(N_("Watch the solver"), self.watch, font_size=18)
        self.save_button = Button(N_("Save"), self.save_clicked, font_size=18)
        self.back_button = Button(N_("Back"), self.leave, font_size=18)
        self.longer_button = Button(N_("Keep checking"), self.check_longer, font_size=17)
        self.show_button = Button(N_("Show the picture"), self.toggle_picture, font_size=18)
        self.colour_button = Button(N_("Colour clues: off"), self.toggle_colour, font_size=18)
        # The ink swatches (shown in colour): a click colours the last number typed.
        self.swatch_rects: list[pygame.Rect] = []
        self.controls: list[Widget] = [
            self.clue_input, self.width_stepper, self.height_stepper, self.colour_button,
            self.title_input,
            self.author_input, self.play_button, self.save_button, self.watch_button,
            self.show_button, self.longer_button, self.back_button,
        ]  # fmt: skip
        self.focus = FocusGroup(self.controls)
        self.focus.focus_widget(self.clue_input)
        self._sync()

    def _sync(self) -> None:
        # Clues the check could not settle in time are still worth playing or keeping: the
        # play screen and My puzzles check them again in their own time.
        solvable = self.report is not None and self.report.status != "none"
        self.play_button.enabled = solvable
        self.watch_button.enabled = self.sheet.ready
        self.save_button.enabled = solvable
        self.longer_button.enabled = self.paced.can_go_longer
        self.show_button.enabled = self.picture is not None
        self.show_button.label = (
            N_("Hide the picture") if self.picture_shown else N_("Show the picture")
        )
        self.colour_button.label = (
            N_("Colour clues: on") if self.sheet.colour else N_("Colour clues: off")
        )
        self.clue_input.placeholder = (
            N_("e.g. 3r 2b 1 (0 for an empty line)") if self.sheet.colour
            else N_("e.g. 3 1 2 (0 for an empty line)")
        )  # fmt: skip
        self.width_stepper.set_value(self.sheet.width, notify=False)
        self.height_stepper.set_value(self.sheet.height, notify=False)

    # -- the lines --------------------------------------------------------------------------

    @property
    def current(self) -> tuple[Axis, int]:
        return self.sheet.line_at(self.position)

    def _load_line(self) -> None:
        axis, index = self.current
        self.clue_input.text = self.sheet.text(axis, index)
        self.clue_input.cursor = len(self.clue_input.text)
        self.clue_input.all_selected = False  # a selection never carries over to another line

    def go_to(self, position: int) -> None:
        """Type line ``position`` next (the clue field keeps the focus)."""
        self.position = position % self.sheet.line_count()
        self._load_line()
        self.focus.focus_widget(self.clue_input)

    def move(self, delta: int) -> None:
        self.go_to(self.sheet.step(self.position, delta))

    def _typed(self, text: str) -> None:
        axis, index = self.current
        self.sheet.set_text(axis, index, text)
        self._clues_changed()

    def toggle_colour(self) -> None:
        """Colour clues on or off: the lines keep their text and are read again."""
        self.sheet.colour = not self.sheet.colour
        self._clues_changed()
        self.arrange(self.app.screen_size)
        self.focus.focus_widget(self.clue_input)  # back to typing the line

    def colour_last_number(self, letter: str) -> None:
        """A swatch clicked: the last number of the line takes that ink (its letter added,
        or the letter after it replaced)."""
        text = self.clue_input.text.rstrip()
        if not text:
            return
        if text[-1].isalpha():
            text = text[:-1].rstrip()
        if not text or not text[-1].isdigit():
            return
        self.clue_input.text = text + letter
        self.clue_input.cursor = len(self.clue_input.text)
        self._typed(self.clue_input.text)
        self.focus.focus_widget(self.clue_input)

    def resize(self, width: int | None, height: int | None) -> None:
        sheet = self.sheet
        sheet.resize(width or sheet.width, height or sheet.height)
        self.position = min(self.position, sheet.line_count() - 1)
        self._load_line()
        self._clues_changed()
        self.arrange(self.app.screen_size)

    def _clues_changed(self) -> None:
        """The clues changed: forget the report; solve again after a pause, if they are ready."""
        self.paced.restart()
        self.picture = None
        self.dirty = not self.sheet.blank
        # A longer clue may need wider margins: the board re-fits (cheap arithmetic).
        self.view.arrange(self.board_area, self.sheet)
        self._sync()

    # -- solving ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        if not self.sheet.ready:
            return
        done = self.paced.advance(dt, self._start_check)
        if done is not None:
            first = done.first
            colours = getattr(first, "colour_solutions", None)
            if colours:
                self.picture = np.asarray(colours[0], dtype=np.int8)
            elif first is not None and first.solutions:
                self.picture = np.asarray(first.solutions[0], dtype=bool)
            self._sync()

    def _start_check(self, scale: float) -> UniquenessCheck:
        return screen_check(self.sheet.puzzle(), CHECK_TIME_LIMIT, FREE_TIME_LIMIT, scale)

    @property
    def report(self) -> Report | None:
        return self.paced.report

    def check_longer(self) -> None:
        """Solve again with more time: the clues were not decided within the limit."""
        if self.paced.longer():
            self._sync()

    def toggle_picture(self) -> None:
        """Show the picture the solver found (or hide it again)."""
        self.picture_shown = not self.picture_shown
        self._sync()

    @property
    def shown_picture(self) -> npt.NDArray[Any] | None:
        """The picture the board draws: none until the player asks for it."""
        return self.picture if self.picture_shown else None

    def hidden(self, widget: Widget) -> bool:
        return widget is self.longer_button and not self.paced.can_go_longer

    @property
    def checking(self) -> bool:
        return self.sheet.ready and self.report is None

    def wake_in(self) -> float | None:
        return 0.0 if self.checking else None

    def report_lines(self) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = [("title", _("Fairness report"))]
        sheet = self.sheet
        if sheet.blank:
            blank = _(
                "Type the clue of each row, then of each column, as the book prints them. "
                "The report appears when every line is typed."
            )
            lines.append(("info", blank))
            return lines
        lines += sheet.status_lines()
        if sheet.ready:
            dots = 1 + int(self.app.time * 3) % 3
            lines += clue_report_lines(self.report, dots=dots, progress=self.paced.progress)
        if self.saved_path is not None:
            state = _("changed since saved") if self.dirty else _("saved")
            where = _("My puzzles/{name} ({state})")
            lines.append(("info", where.format(name=self.saved_path.name, state=state)))
        return lines

    # -- play, watch, save ------------------------------------------------------------------

    def finished_puzzle(self) -> Puzzle:
        """The puzzle, with its picture as the goal when it is the only solution."""
        puzzle = self.sheet.puzzle(self.title_input.text, self.author_input.text)
        if self.report is not None and self.report.status == "unique" and self.picture is not None:
            return puzzle_from_grid(self.picture, puzzle.title, puzzle.author, puzzle.palette)
        return puzzle

    def play(self) -> None:
        if self.play_button.enabled:
            context: PlayContext[Puzzle] = PlayContext(
                editor=self, notice=ambiguity_notice(self.report)
            )
            self.app.play_puzzle(self.finished_puzzle(), self.saved_path, context)

    def watch(self) -> None:
        if self.sheet.ready:
            self.app.router.replay(self.finished_puzzle())

    def save_clicked(self) -> None:
        if not self.save_button.enabled or self.report is None:
            return
        if self.report.status == "unique":
            self.save()
            return

        def save_anyway() -> None:
            self.save()

        self.app.push(
            DialogScene(
                self.app,
                *self._doubt_words(),
                [(_("Save anyway"), save_anyway), (_("Cancel"), None)],
                cancel_index=1,
            )
        )

    def _doubt_words(self) -> tuple[str, str]:
        """The title and text of the question before saving clues that are not proven fair."""
        report = self.report
        if report is not None and report.status == "multiple":
            return (
                _("Save an ambiguous puzzle?"),
                _(
                    "These clues have more than one solution: {free}. My puzzles "
                    "will mark it Ambiguous. Check the clues against the book first."
                ).format(free=report.free_text),
            )
        return (
            _("Save an undecided puzzle?"),
            _(
                "The solver could not tell in time whether these clues have one solution. "
                "My puzzles will check it again."
            ),
        )

    def save(self) -> Path | None:
        try:
            folder = self.app.store.user_puzzles_dir()
            path = write_in_folder(self.finished_puzzle(), folder, self.saved_path)
        except (OSError, PuzzleError, ValueError) as error:
            toast_save_failed(self.app, error)
            return None
        self.saved_path = path
        self.dirty = False
        self.app.toast(_("Saved to My puzzles as {name}").format(name=path.name))
        return path

    def unsaved_work(self) -> str | None:
        return _("The clues you typed are not saved.") if self.dirty else None

    def keep_unsaved(self) -> str | None:
        if not self.save_button.enabled:
            return None  # clues that are not a puzzle yet cannot be written as one
        folder = self.app.store.user_puzzles_dir()
        path = write_in_folder(self.finished_puzzle(), folder, tag="-unsaved")
        return _("The clues you typed were kept in My puzzles as {name}.").format(name=path.name)

    def leave(self) -> None:
        save: Callable[[], Path | None] | None = self.save
        if self.save_button.enabled:
            text = _("The clues you typed are not saved.")
            if self.report is not None and self.report.status == "multiple":
                text += " " + _(
                    "They have more than one solution ({free}): saved now, My puzzles marks "
                    "them Ambiguous."
                ).format(free=self.report.free_text)
            elif self.report is not None and self.report.status != "unique":
                text += " " + _("Saved now, My puzzles marks them as not proven fair.")
        else:
            # Clues that are incomplete or wrong cannot be saved as a puzzle yet.
            text = _("The clues you typed are not a puzzle yet and will be lost.")
            save = None
        leave_or_ask(self.app, self.unsaved_work(), _("Leave the clue editor?"), text, save)

    # -- events -----------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        if event.kind is Kind.PRESS:
            if event.pressed(Action.BACK):
                self.leave()
                return True
            if event.pressed(Action.SAVE):
                self.save_clicked()
                return True
            if event.pressed(Action.PLAY_NOW):
                self.play()
                return True
            if event.pressed(Action.FOCUS_NEXT, Action.FOCUS_PREVIOUS):
                return self._tab(-1 if event.pressed(Action.FOCUS_PREVIOUS) else 1)
            if self.focus.focused is self.clue_input:
                if event.pressed(Action.CONFIRM, Action.DOWN):
                    self.move(1)
                    return True
                if event.pressed(Action.UP):
                    self.move(-1)
                    return True
        if event.down():
            for rect, letter in zip(self.swatch_rects, INK_LETTERS, strict=False):
                if rect.collidepoint(event.pos):
                    self.colour_last_number(letter)
                    return True
            line = self.view.line_at(event.pos, self.sheet)
            if line is not None:
                self.go_to(self.sheet.position_of(*line))
                return True
        return self.focus.handle(event)

    def _tab(self, step: int) -> bool:
        """Tab goes through the lines, then on past the last (Shift+Tab: before the first)
        to the size, title, author and buttons, and round to the lines again (QA: Tab only
        ever went round the lines, so no key reached the size, the title or Save)."""
        last = self.sheet.line_count() - 1
        if self.focus.focused is self.clue_input and self.position != (last if step > 0 else 0):
            self.move(step)
            return True
        self.focus.show_focus = True
        self.focus.move_focus(step)
        if self.focus.focused is self.clue_input:  # back round: the first (or last) line
            self.go_to(0 if step > 0 else last)
        return True

    # -- layout and drawing -----------------------------------------------------------------

    def arrange(self, size: tuple[int, int]) -> None:
        scale = self.app.ui_scale
        width, height = size
        margin, row, header, column, self.back_button.rect = editor_frame(scale, width)
        gap = round(10 * scale)
        y = header
        self.width_stepper.rect = pygame.Rect(margin, y, column, row)
        y += row + gap // 2
        self.height_stepper.rect = pygame.Rect(margin, y, column, row)
        y += row + gap // 2
        self.colour_button.rect = pygame.Rect(margin, y, column, row)
        y += row + 2 * gap + round(24 * scale)  # the line's name goes above the clue field
        self.clue_label_at = (margin, y - round(24 * scale))
        self.clue_input.rect = pygame.Rect(margin, y, column, round(44 * scale))
        y += round(44 * scale) + round(34 * scale)  # room for the line's problem under it
        self.problem_at = (margin, y - round(28 * scale))
        self.swatch_rects = []
        if self.sheet.colour:
            # One swatch an ink, in a row under the line's problem.
            count = len(CLUE_INKS)
            chip = min(round(30 * scale), (column - (count - 1) * gap // 2) // count)
            for index in range(count):
                self.swatch_rects.append(
                    pygame.Rect(margin + index * (chip + gap // 2), y - gap // 2, chip, chip)
                )
            y += chip + gap
        self.title_input.rect = pygame.Rect(margin, y, column, row)
        y += row + gap
        self.author_input.rect = pygame.Rect(margin, y, column, row)
        y += row + 2 * gap
        half = (column - gap) // 2
        self.play_button.rect = pygame.Rect(margin, y, half, row)
        self.save_button.rect = pygame.Rect(margin + half + gap, y, column - half - gap, row)
        y += row + gap
        self.watch_button.rect = pygame.Rect(margin, y, column, row)
        y += row + gap
        self.show_button.rect = pygame.Rect(margin, y, column, row)
        y += row + 2 * gap
        area_left = margin + column + margin
        area = pygame.Rect(area_left, header, width - margin - area_left,
                           height - header - margin - round(24 * scale))  # fmt: skip
        report_height = round(150 * scale)
        if area.bottom - y >= round(200 * scale):
            # The report under the controls: the board gets the whole height, which a big
            # puzzle's clues need more than width.
            self.report_rect = pygame.Rect(margin, y, column, area.bottom - y)
            board_area = area
        else:  # a short window: the report goes under the board
            self.report_rect = pygame.Rect(area.left, area.bottom - report_height, area.width,
                                           report_height)  # fmt: skip
            board_area = pygame.Rect(area.left, area.top, area.width,
                                     area.height - report_height - gap)  # fmt: skip
        self.board_area = board_area.inflate(-gap, -gap)
        self.view.arrange(self.board_area, self.sheet)
        report = self.report_rect
        inset = round(16 * scale)
        self.longer_button.rect = pygame.Rect(
            report.left + inset, report.bottom - row - inset, report.width - 2 * inset, row
        )
        self.help_at = (width // 2, height - round(8 * scale))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        draw_text(surface, app, _("Type the clues"), round(28 * scale), theme.text,
                  (round(20 * scale), round(12 * scale)), bold=True)  # fmt: skip
        axis, index = self.current
        total = self.sheet.height if axis == "row" else self.sheet.width
        which = _("Row {index} of {total}") if axis == "row" else _("Column {index} of {total}")
        draw_text(surface, app, which.format(index=index + 1, total=total), round(18 * scale),
                  theme.text, self.clue_label_at, bold=True)  # fmt: skip
        state = self.sheet.state(axis, index)
        if state.problem:
            draw_text(surface, app, f"✗ {state.problem}", round(16 * scale), theme.error,
                      self.problem_at)  # fmt: skip
        free = (
            self.report.ambiguous_cells if self.report and self.report.status == "multiple" else ()
        )
        inks = tuple(colour.rgb for colour in self._palette_colours())
        self.view.draw(surface, app, self.sheet, self.current, self.shown_picture,
                       frozenset(free), inks)  # fmt: skip
        self._draw_swatches(surface)
        draw_panel(surface, app, self.report_rect)
        inner = self.report_rect.inflate(-round(32 * scale), -round(16 * scale))
        draw_report(surface, app, inner, self.report_lines())
        for widget in self.controls:
            if not self.hidden(widget):
                widget.draw(surface, app)
        focused = self.focus.focused
        if self.focus.show_focus and focused is not None and focused.enabled:
            draw_focus_ring(surface, app, focused.rect)
        help_text = (
            _(COLOUR_HELP).format(letters=" ".join(INK_LETTERS))
            if self.sheet.colour
            else _(KEYS_HELP)
        )
        draw_text(surface, app, fit_text(app.fonts.get(round(14 * scale)), help_text,
                  self.app.screen_size[0] - round(20 * scale)), round(14 * scale),
                  theme.text_muted, self.help_at, "midbottom")  # fmt: skip

    def _palette_colours(self) -> tuple[Colour, ...]:
        """The shown picture's inks (colour 1 first), in colour."""
        if not self.sheet.colour:
            return ()
        return self.sheet.palette().colours

    def _draw_swatches(self, surface: pygame.Surface) -> None:
        app = self.app
        for rect, (letter, _name, rgb) in zip(self.swatch_rects, CLUE_INKS, strict=False):
            pygame.draw.rect(surface, rgb, rect, border_radius=4)
            pygame.draw.rect(surface, app.theme.grid_line_thick, rect, 1, border_radius=4)
            light = sum(rgb) > 450
            draw_text(surface, app, letter, max(10, rect.height * 3 // 5),
                      (0, 0, 0) if light else (255, 255, 255), rect.center, "center",
                      bold=True)  # fmt: skip
