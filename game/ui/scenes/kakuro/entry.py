"""Type in a Kakuro from a book: choose the size, make cells black or white, type the sums,
and the solver says, a slice a frame, whether the puzzle has one solution, none or several.

Reached from the Kakuro select screen ("Type one in…", or T). The board: a click selects a
cell (on a black cell, the half clicked: above the diagonal the across sum, below it the
down sum); a right-click, or Space, turns a cell black or white. Digits type the selected
sum (two digits make a two-digit sum), Backspace takes the last digit off, Delete clears
it, A and D choose across or down, Enter goes on to the next sum and Shift+Enter back;
arrows move. A sum that its cells cannot make, a run of one cell, a white cell without a
sum before it are named in the report as they are typed; when there is nothing left to
type the solver checks the puzzle (no solution shown: a book's puzzle is not spoiled), and
the cells that can go more than one way are hatched. Save writes a ``.kak`` into My
puzzles (the Kakuro select lists it there), Play it plays it. What the draft means is
:class:`~game.core.kakuro.entry.KakuroDraft`; this scene holds the widgets, the keys, the
drawing and the sliced check.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.kakuro.entry import (
    MAX_ENTRY_SIZE,
    KakuroDraft,
    Slot,
    differing_cells,
    report_lines,
    save_kakuro,
)
from game.core.kakuro.model import MIN_SIZE, Axis, KakuroError, KakuroPuzzle, cell_name
from game.core.kakuro.result import KakuroResult
from game.core.kakuro.task import KakuroSolveTask
from game.core.kinds import KAKURO
from game.ui.input import Action, Input, Kind
from game.ui.layout import Box
from game.ui.opening import PlayContext
from game.ui.scene import Scene
from game.ui.scenes.kakuro.board import KakuroLayout, block_colours
from game.ui.scenes.shared.editor.layout import editor_frame
from game.ui.scenes.shared.editor.leaving import leave_or_ask, toast_save_failed
from game.ui.scenes.shared.editor.panels import draw_panel, draw_report
from game.ui.widgets.base import FocusGroup, Widget, draw_focus_ring
from game.ui.widgets.button import Button
from game.ui.widgets.stepper import NumberStepper
from game.ui.widgets.text import draw_text
from game.ui.widgets.text_input import TextInput

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.theme import Colour

CHECK_DELAY = 0.3  # after the last key, before solving
CHECK_SLICE = 0.006  # seconds of solving a frame
CHECK_TIME_LIMIT = 10.0  # of the solver's own work
KEYS_HELP = N_("Click a cell or a sum · right-click or Space: black/white · digits type a sum · "
             "A/D across/down · Enter next sum · Ctrl+S save · Ctrl+P play · Esc back")  # fmt: skip
ARROWS = {Action.LEFT: (-1, 0), Action.RIGHT: (1, 0), Action.UP: (0, -1),
          Action.DOWN: (0, 1)}  # fmt: skip


class KakuroEntryScene(Scene):
    """A Kakuro typed in, checked by the solver."""

    def __init__(self, app: App, width: int = 8, height: int = 8) -> None:
        super().__init__(app)
        self.draft = KakuroDraft(width, height)
        self.cursor: tuple[int, int] = (0, 0)
        self.axis: Axis = "across"
        self._typing: tuple[int, int, Axis] | None = None  # the sum digits are going into
        self.result: KakuroResult | None = None
        self._task: KakuroSolveTask | None = None
        self._wait = 0.0
        self.saved_path: Path | None = None
        self.dirty = False
        self.message = ""
        self.layout = KakuroLayout(0, 0, 1, self.draft.width, self.draft.height)
        self.board_area = Box(0, 0, 0, 0)
        self.report_rect = pygame.Rect(0, 0, 0, 0)
        self.help_at = (0, 0)
        self._build_widgets()

    # -- widgets ----------------------------------------------------------------------------

    def _build_widgets(self) -> None:
        draft = self.draft
        self.width_stepper = NumberStepper(N_("Width"), draft.width, MIN_SIZE, MAX_ENTRY_SIZE,
                                           lambda value: self.resize(value, None))  # fmt: skip
        self.height_stepper = NumberStepper(N_("Height"), draft.height, MIN_SIZE, MAX_ENTRY_SIZE,
                                            lambda value: self.resize(None, value))  # fmt: skip
        self.title_input = TextInput(
            placeholder=N_("Title"), max_length=60, font_size=18, on_change=self._text_changed
        )
        self.author_input = TextInput(
            placeholder=N_("Author"), max_length=60, font_size=18, on_change=self._text_changed
        )
        self.play_button = Button(N_("Play it"), self.play, primary=True, font_size=18)
        self.save_button = Button(N_("Save"), self.save_clicked, font_size=18)
        self.back_button = Button(N_("Back"), self.leave, font_size=18)
        self.controls: list[Widget] = [
            self.width_stepper, self.height_stepper, self.title_input, self.author_input,
            self.play_button, self.save_button, self.back_button,
        ]  # fmt: skip
        self.focus = FocusGroup(self.controls)
        self._sync()

    def on_enter(self) -> None:
        # The board has the keys: no focus ring on the size until Tab asks for one.
        self.focus.show_focus = False

    def _sync(self) -> None:
        playable = self.result is not None and self.result.status in ("unique", "multiple")
        self.play_button.enabled = playable
        self.save_button.enabled = self.draft.ready
        self.width_stepper.set_value(self.draft.width, notify=False)
        self.height_stepper.set_value(self.draft.height, notify=False)

    def _text_changed(self, _text: str) -> None:
        self.dirty = not self.draft.blank

    # -- editing ----------------------------------------------------------------------------

    def resize(self, width: int | None, height: int | None) -> None:
        self.draft.resize(width or self.draft.width, height or self.draft.height)
        x, y = self.cursor
        self.cursor = (min(x, self.draft.width - 1), min(y, self.draft.height - 1))
        self._changed()
        self.arrange(self.app.screen_size)

    def toggle(self, x: int, y: int) -> None:
        """Turn cell (x, y) black or white."""
        self.draft.toggle(x, y)
        self.cursor = (x, y)
        self._changed()

    def select(self, x: int, y: int, axis: Axis | None = None) -> None:
        self.cursor = (x, y)
        if axis is not None:
            self.axis = axis
        self._typing = None
        self.message = ""

    def slot(self) -> Slot | None:
        """The sum the cursor is on: its axis's, else the other one's (the axis follows)."""
        x, y = self.cursor
        for axis in (self.axis, "down" if self.axis == "across" else "across"):
            slot = self.draft.slot(x, y, axis)
            if slot is not None:
                self.axis = axis
                return slot
        return None

    def type_digit(self, digit: int) -> None:
        slot = self.slot()
        if slot is None:
            x, y = self.cursor
            message = (
                _("{cell} is white: sums go on black cells.").format(cell=cell_name(x, y))
                if self.draft.white[y][x]
                else _("No run of white cells starts at {cell}.").format(cell=cell_name(x, y))
            )
            self.message = message[:1].upper() + message[1:]
            return
        current = self.draft.sums.get(slot.key)
        if self._typing == slot.key and current is not None and current * 10 + digit <= 45:
            total = current * 10 + digit
        else:
            total = digit
        self.draft.set_sum(slot.x, slot.y, slot.axis, total or None)
        self._typing = slot.key if total else None
        self._changed()

    def erase(self, whole: bool) -> None:
        slot = self.slot()
        if slot is None or slot.key not in self.draft.sums:
            return
        total = 0 if whole else self.draft.sums[slot.key] // 10
        self.draft.set_sum(slot.x, slot.y, slot.axis, total or None)
        self._typing = slot.key if total else None
        self._changed()

    def next_slot(self, step: int) -> None:
        """Enter: on to the next sum in reading order (Shift+Enter: back), round the board."""
        slots = self.draft.slots()
        if not slots:
            return
        keys = [slot.key for slot in slots]
        here = (*self.cursor, self.axis)
        index = keys.index(here) + step if here in keys else (0 if step > 0 else -1)
        x, y, axis = keys[index % len(keys)]
        self.select(x, y, axis)

    def _changed(self) -> None:
        """The draft changed: forget the verdict; solve again after a pause, if it is ready."""
        self.result = None
        if self._task is not None:
            self._task.cancel()
        self._task = None
        self._wait = CHECK_DELAY
        self.dirty = not self.draft.blank
        self.message = ""
        self._sync()

    # -- solving ----------------------------------------------------------------------------

    @property
    def checking(self) -> bool:
        return self.draft.ready and self.result is None

    def update(self, dt: float) -> None:
        if not self.checking:
            return
        if self._wait > 0:
            self._wait -= dt
            return
        if self._task is None:
            self._task = KakuroSolveTask(
                self.puzzle(), max_solutions=2, time_limit=CHECK_TIME_LIMIT
            )
        result = self._task.advance(CHECK_SLICE)
        if result is not None:
            self.result = result
            self._task = None
            self._sync()

    def wake_in(self) -> float | None:
        if self.checking:
            return 0.0
        if any(field.focused for field in (self.title_input, self.author_input)):
            return 0.5 - self.app.time % 0.5
        return None

    def puzzle(self) -> KakuroPuzzle:
        """The puzzle typed in, with its solution once it is known to be the only one
        (KakuroError while the draft is not a whole puzzle)."""
        puzzle = self.draft.puzzle(self.title_input.text.strip(), self.author_input.text.strip())
        result = self.result
        if result is not None and result.status == "unique":
            puzzle = replace(puzzle, solution=result.solutions[0])
        return puzzle

    def hatched(self) -> frozenset[tuple[int, int]]:
        """The cells that can go more than one way (two solutions found differ there)."""
        result = self.result
        if result is None or result.status != "multiple" or len(result.solutions) < 2:
            return frozenset()
        return differing_cells(result.solutions[0], result.solutions[1])

    def report(self) -> list[tuple[str, str]]:
        lines: list[tuple[str, str]] = [("title", _("Solver's check"))]
        if self.draft.blank and not self.dirty:
            lines.append(("info", _("Make the book's black cells black (right-click or "
                          "Space), then type each sum on its black cell.")))  # fmt: skip
        problems = self.draft.problems()
        # The last problem is the sums still to type, when some are (not a mistake).
        typing = self.draft.missing_sums() > 0
        for index, problem in enumerate(problems[:4]):
            kind = "info" if typing and index == len(problems) - 1 else "bad"
            lines.append((kind, problem[0].upper() + problem[1:] + "."))
        if len(problems) > 4:
            lines.append(("info", _("And {count} more.").format(count=len(problems) - 4)))
        lines += report_lines(self.result, checking=self.checking)
        if self.saved_path is not None:
            state = _("changed since saved") if self.dirty else _("saved")
            where = _("My puzzles/{name} ({state})")
            lines.append(("info", where.format(name=self.saved_path.name, state=state)))
        return lines

    # -- play, save, leave ------------------------------------------------------------------

    def play(self) -> None:
        if not self.play_button.enabled:
            return
        self.app.router.game(self.puzzle(), self.saved_path, PlayContext(), KAKURO)

    def save_clicked(self) -> None:
        if self.save_button.enabled:
            self.save()

    def save(self) -> Path | None:
        try:
            puzzle = self.puzzle()
        except KakuroError as error:
            self.app.toast(_("Not saved: {reason}").format(reason=error), error=True)
            return None
        try:
            folder = self.app.store.user_puzzles_dir()
            self.saved_path = save_kakuro(puzzle, folder, self.saved_path)
        except (OSError, ValueError) as error:
            toast_save_failed(self.app, error)
            return None
        self.dirty = False
        self.app.toast(_("Saved to My puzzles as {name}").format(name=self.saved_path.name))
        return self.saved_path

    def unsaved_work(self) -> str | None:
        return _("The Kakuro you typed in is not saved.") if self.dirty else None

    def keep_unsaved(self) -> str | None:
        """Ending with nobody to ask: a whole puzzle is kept in My puzzles (one still being
        typed is no Kakuro a file can hold)."""
        try:
            puzzle = self.puzzle()
            path = save_kakuro(puzzle, self.app.store.user_puzzles_dir(), tag="-unsaved")
        except (KakuroError, OSError, ValueError):
            return None
        kept = _("It was kept in My puzzles as {name}.").format(name=path.name)
        return f"{self.unsaved_work()} {kept}"

    def leave(self) -> None:
        save = self.save if self.draft.ready else None
        leave_or_ask(
            self.app,
            self.unsaved_work(),
            _("Leave without saving?"),
            self.unsaved_work() or "",
            save,
        )

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
            typing = any(field.focused for field in (self.title_input, self.author_input))
            if not typing and not event.ctrl and self._board_key(event):
                return True
        if event.kind is Kind.POINTER_DOWN and event.button in (1, 3):
            cell = self.layout.cell_at(event.pos)
            if cell is not None:
                self.focus.show_focus = False
                for field in (self.title_input, self.author_input):
                    field.focused = False
                self._click(cell, event.pos, event.button)
                return True
        return self.focus.handle(event)

    def _click(self, cell: tuple[int, int], pos: tuple[int, int], button: int) -> None:
        x, y = cell
        if button == 3:
            self.toggle(x, y)
            return
        box = self.layout.cell_box(x, y)
        # Above the diagonal (top left to bottom right): the across sum; below it, down.
        axis: Axis = "across" if pos[0] - box.x > pos[1] - box.y else "down"
        self.select(x, y, axis)

    def _board_key(self, event: Input) -> bool:
        focused_button = self.focus.show_focus and isinstance(self.focus.focused, Button)
        arrow = event.action(*ARROWS)
        if arrow is not None:
            dx, dy = ARROWS[arrow]
            x, y = self.cursor
            self.select(max(0, min(self.draft.width - 1, x + dx)),
                        max(0, min(self.draft.height - 1, y + dy)))  # fmt: skip
        elif event.digit is not None:
            self.type_digit(event.digit)
        elif event.pressed(Action.SELECT) and not focused_button:
            self.toggle(*self.cursor)
        elif event.pressed(Action.ERASE):
            self.erase(whole=False)
        elif event.pressed(Action.DELETE):
            self.erase(whole=True)
        elif event.pressed(Action.ACROSS, Action.DOWNWARD):
            self.select(*self.cursor, axis="across" if event.pressed(Action.ACROSS) else "down")
        elif event.pressed(Action.CONFIRM) and not focused_button:
            self.next_slot(-1 if event.shift else 1)
        else:
            return False
        self.focus.show_focus = False
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
        y += row + 2 * gap
        self.title_input.rect = pygame.Rect(margin, y, column, row)
        y += row + gap
        self.author_input.rect = pygame.Rect(margin, y, column, row)
        y += row + 2 * gap
        half = (column - gap) // 2
        self.play_button.rect = pygame.Rect(margin, y, half, row)
        self.save_button.rect = pygame.Rect(margin + half + gap, y, column - half - gap, row)
        y += row + 2 * gap
        bottom = height - margin - round(24 * scale)
        self.report_rect = pygame.Rect(margin, y, column, max(0, bottom - y))
        left = margin + column + margin
        self.board_area = Box(left, header, max(0, width - margin - left), max(0, bottom - header))
        self.layout = KakuroLayout.fit(
            self.board_area, self.draft.width, self.draft.height, min_cell=12
        )
        self.help_at = (width // 2, height - round(8 * scale))

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        scale = app.ui_scale
        surface.fill(theme.background)
        draw_text(surface, app, _("Type in a Kakuro"), round(28 * scale), theme.text,
                  (round(20 * scale), round(12 * scale)), bold=True)  # fmt: skip
        self._draw_board(surface)
        draw_panel(surface, app, self.report_rect)
        inner = self.report_rect.inflate(-round(32 * scale), -round(16 * scale))
        lines = self.report()
        if self.message:
            lines.insert(1, ("warning", self.message))
        draw_report(surface, app, inner, lines)
        for widget in self.controls:
            widget.draw(surface, app)
        focused = self.focus.focused
        if self.focus.show_focus and focused is not None and focused.enabled:
            draw_focus_ring(surface, app, focused.rect)
        draw_text(surface, app, _(KEYS_HELP), round(14 * scale), theme.text_muted, self.help_at,
                  "midbottom")  # fmt: skip

    def _draw_board(self, surface: pygame.Surface) -> None:
        app = self.app
        theme = app.theme
        layout = self.layout
        draft = self.draft
        block, ink, diagonal = block_colours(theme)
        cell = layout.cell
        size = max(8, round(cell * 0.32))
        hatched = self.hatched()
        pygame.draw.rect(surface, theme.grid_line_thick, pygame.Rect(layout.box).inflate(1, 1))
        problem_slots = {slot.key for slot in draft.slots() if draft.slot_problem(slot)}
        for y in range(draft.height):
            for x in range(draft.width):
                box = layout.cell_box(x, y)
                rect = pygame.Rect(box.x + 1, box.y + 1, box.w - 1, box.h - 1)
                if draft.white[y][x]:
                    surface.fill(theme.cell_unknown, rect)
                    if (x, y) in hatched:
                        _hatch(surface, rect, theme.error)
                    continue
                surface.fill(block, rect)
                slots = [s for s in (draft.slot(x, y, "across"), draft.slot(x, y, "down")) if s]
                if not slots:
                    continue
                pygame.draw.line(surface, diagonal, rect.topleft,
                                 (rect.right - 1, rect.bottom - 1))  # fmt: skip
                for slot in slots:
                    wrong = slot.key in problem_slots
                    self._draw_sum(surface, rect, slot, (ink, diagonal), size, wrong)
        x, y = self.cursor
        frame = max(2, cell // 14)
        pygame.draw.rect(surface, theme.cursor, pygame.Rect(layout.cell_box(x, y)).inflate(2, 2),
                         frame + 1)  # fmt: skip

    def _draw_sum(self, surface: pygame.Surface, rect: pygame.Rect, slot: Slot,
                  inks: tuple[Colour, Colour], size: int, wrong: bool) -> None:  # fmt: skip
        """A sum in its half of the black cell ("?" in the diagonal's colour, readable on the
        block in every theme, until typed); the selected one on the accent colour."""
        ink, unset = inks
        theme = self.app.theme
        total = self.draft.sums.get(slot.key)
        if slot.axis == "across":
            centre = (rect.left + rect.width * 2 // 3 + 1, rect.top + rect.height // 3)
        else:
            centre = (rect.left + rect.width // 3, rect.top + rect.height * 2 // 3 + 1)
        text = str(total) if total is not None else "?"
        colour = theme.clue_error if wrong else (ink if total is not None else unset)
        chosen = (slot.x, slot.y) == self.cursor and slot.axis == self.axis
        rendered = self.app.fonts.render(text, size, colour, True, exact=True)
        area = rendered.get_rect(center=centre)
        if chosen:
            pygame.draw.rect(surface, theme.accent, area.inflate(6, 2), border_radius=3)
            rendered = self.app.fonts.render(text, size, theme.accent_text, True, exact=True)
        surface.blit(rendered, area)


def _hatch(surface: pygame.Surface, rect: pygame.Rect, colour: tuple[int, int, int]) -> None:
    """Diagonal strokes over a cell that can go more than one way."""
    step = max(4, rect.width // 4)
    for offset in range(-rect.height, rect.width, step):
        start = (rect.left + max(0, offset), rect.top + max(0, -offset))
        length = min(rect.width - max(0, offset), rect.height - max(0, -offset))
        if length > 0:
            end = (start[0] + length - 1, start[1] + length - 1)
            pygame.draw.line(surface, colour, start, end, 2)
