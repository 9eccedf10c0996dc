"""The Kakuro play screen: type digits into white cells until every run adds up.

The scene turns keys and clicks into :class:`~game.core.kakuro.session.KakuroMove` values and
the session applies them (one undo step each) and says what changed; check, check-a-value,
reveal and "combinations still possible" are the session's answers, drawn here. What is
drawn around the board (bars, side panel, the selected cell's runs, the win) is
``kakuro_chrome``'s; the board is ``kakuro_board``'s, shared with the solver replay.

Mouse: click a white cell to select it. Keyboard: arrows move between white cells (over
black ones), Tab / Shift+Tab go to the next or previous white cell, 1-9 type a digit (in
pencil mode a small mark; Shift+digit always a mark), Backspace / Delete / 0 clear, P pencil
mode, V check the board, C check the selected digit, R reveal it, Ctrl+Z / Ctrl+Y undo and
redo, W watch the solver, Esc pause.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pygame

from game.core.i18n import N_, _
from game.core.kakuro.mistakes import Mistake
from game.core.kakuro.model import CellPosition, KakuroPuzzle
from game.core.kakuro.packs import kakuro_name
from game.core.kakuro.session import KakuroChange, KakuroMove, KakuroSession
from game.core.kinds import KAKURO
from game.core.store.packs import PackPlace
from game.ui.input import Action, Device, Input, Kind
from game.ui.input.actions import ARROW_STEPS
from game.ui.layout import compute_play_regions
from game.ui.scene import run_action
from game.ui.scenes.kakuro.board import KakuroLayout
from game.ui.scenes.kakuro.chrome import KakuroChrome
from game.ui.scenes.shared.play.shell import PlayShell
from game.ui.settings import KAKURO_RED_DIGITS
from game.ui.widgets.button import Button
from game.ui.widgets.win_reveal import BUTTONS_AT

if TYPE_CHECKING:
    from game.core.kakuro.task import KakuroSolveTask
    from game.ui.app import App

FLASH_SECONDS = 1.6
SOLVE_SLICE = 0.003  # seconds of solver work a frame while the answer is worked out


class KakuroPlayScene(PlayShell[KakuroMove, KakuroChange, KakuroSession]):
    """One Kakuro being played (the shell does saving, the clock and the win). ``place``
    is its place in a bundled pack (it is called "Kakuro starter #3", solved or not);
    ``next_puzzles`` are files or (puzzle, path) pairs offered after a win."""

    def __init__(
        self,
        app: App,
        puzzle: KakuroPuzzle,
        path: Path | None = None,
        pack: str | None = None,
        place: PackPlace | None = None,
        next_puzzles: Sequence[Path | tuple[KakuroPuzzle, Path]] = (),
    ) -> None:
        self.puzzle = puzzle
        self.pack = pack
        self.place = place
        self.next_puzzles = list(next_puzzles)
        title = puzzle.title or (path.stem if path is not None else N_("Untitled"))
        super().__init__(app, puzzle.fingerprint(), title, path)
        self.pencil = False
        self.problems: frozenset[tuple[int, int]] = frozenset()  # cells a check flagged
        self.problem_runs: frozenset[int] = frozenset()
        self.flash: dict[int, str] = {}  # white index -> "right" / "wrong" after C
        self.flash_age = 0.0
        self._solving: KakuroSolveTask | None = None
        self._pending: Callable[[], None] | None = None  # a help waiting for the answer
        self._mistakes: tuple[int, int, dict[CellPosition, Mistake]] | None = None
        self._make_buttons()
        self.regions = compute_play_regions(*app.screen_size, share=app.interface_share)
        self.layout = KakuroLayout.fit(self.regions.board_area, puzzle.width, puzzle.height)
        self.chrome = KakuroChrome(self)
        self._size = (0, 0)
        self.arrange(app.screen_size)

    # --- the shell's hooks ---------------------------------------------------------------

    restart_loses = N_("Your digits, marks and their undo history are lost.")

    def fresh_game(self) -> KakuroSession:
        return KakuroSession(self.puzzle)

    def read_game(self, data: object) -> KakuroSession:
        return KakuroSession.from_json(self.puzzle, data)

    @property
    def size_text(self) -> str:
        return self.puzzle.size_text

    def has_next(self) -> bool:
        return bool(self.next_puzzles)

    # --- layout ---------------------------------------------------------------------------

    def _make_buttons(self) -> None:
        size = 17

        def button(label: str, action: Callable[[], None], key: Action | None) -> Button:
            return Button(label, action, font_size=size, prompt=key)

        self.undo_button = button(N_("Undo"), self.undo, Action.UNDO)
        self.redo_button = button(N_("Redo"), self.redo, Action.REDO)
        self.pencil_button = button(N_("Pencil: off (P)"), self.toggle_pencil, Action.PENCIL)
        self.check_button = button(N_("Check (V)"), self.check, Action.CHECK)
        self.value_button = button(N_("Check cell (C)"), self.check_value, Action.CHECK_VALUE)
        self.reveal_button = button(N_("Reveal cell (R)"), self.reveal, Action.REVEAL)
        self.solver_button = button(N_("Watch the solver (W)"), self.open_solver, Action.SOLVER)
        self.restart_button = button(N_("Restart"), self.ask_restart, None)
        self.pause_button = button(N_("Pause (Esc)"), self.open_pause, Action.PAUSE)
        self.play_buttons = [
            self.undo_button,
            self.redo_button,
            self.pencil_button,
            self.check_button,
            self.value_button,
            self.reveal_button,
            self.solver_button,
            self.restart_button,
            self.pause_button,
        ]

    def arrange(self, size: tuple[int, int]) -> None:
        regions = compute_play_regions(*size, share=self.app.interface_share)
        if size == self._size and regions == self.regions:
            return
        self._size = size
        self.regions = regions
        self.layout = KakuroLayout.fit(
            self.regions.board_area, self.puzzle.width, self.puzzle.height
        )
        self.chrome.place()

    # --- reading --------------------------------------------------------------------------

    @property
    def selected(self) -> int | None:
        return self.session.cursor

    def selected_runs(self) -> tuple[int, int] | None:
        """The across and down runs of the selected cell (run indices)."""
        cell = self.session.cursor
        return None if cell is None else self.puzzle.cell_runs[cell]

    def shown_name(self) -> str:
        return kakuro_name(self.title, self.place)

    # --- events ---------------------------------------------------------------------------

    def handle(self, event: Input) -> bool:
        kind = event.kind
        if self.focus_event(event):
            return True
        if self.win is not None:
            return self.handle_won(event)
        if kind in (Kind.POINTER_MOVE, Kind.POINTER_DOWN, Kind.POINTER_UP):
            for button in self.play_buttons:
                if button.handle(event):
                    return True
            if kind is Kind.POINTER_DOWN and event.button == 1:
                return self._click(event.pos)
            return kind is Kind.POINTER_MOVE
        if kind is Kind.PRESS:
            return self._key(event)
        return False

    def _click(self, position: tuple[int, int]) -> bool:
        cell = self.layout.cell_at(position)
        if cell is None:
            return False
        index = self.session.index_of(*cell)
        if index is None:
            return True  # a black cell: nothing to select
        self.select(index)
        return True

    def _key(self, event: Input) -> bool:
        taken = self.game_key(event)
        if taken is not None:
            return taken
        arrow = event.action(*ARROW_STEPS)
        if arrow is not None:
            self.move_cursor(*ARROW_STEPS[arrow])
            return True
        cursor = self.session.cursor
        if event.device is Device.PAD and cursor is not None:
            # A pad's row picker: the shoulders step the cell's digit down and up (an empty
            # cell starts from 1 or 9), X clears it.
            if event.pressed(Action.NEXT_COLOUR, Action.PREVIOUS_COLOUR):
                step = 1 if event.pressed(Action.NEXT_COLOUR) else -1
                digit = self.session.digits[cursor]
                digit = (1 if step > 0 else 9) if digit == 0 else (digit - 1 + step) % 9 + 1
                self.type_digit(digit, pencil=self.pencil)
                return True
            if event.pressed(Action.CLEAR):
                self.clear_cell()
                return True
        if event.pressed(Action.FOCUS_NEXT, Action.FOCUS_PREVIOUS) and cursor is not None:
            # The next white cell in reading order (Shift: the one before), round the board.
            step = -1 if event.pressed(Action.FOCUS_PREVIOUS) else 1
            self.select((cursor + step) % self.puzzle.white_count)
            return True
        if event.digit is not None and not event.ctrl:
            if event.digit == 0:
                self.clear_cell()
            else:
                self.type_digit(event.digit, pencil=self.pencil or event.shift)
            return True
        if event.pressed(Action.ERASE, Action.DELETE):
            self.clear_cell()
            return True
        actions: dict[Action, Callable[[], None]] = {
            Action.PENCIL: self.toggle_pencil,
            Action.CHECK: self.check,
            Action.CHECK_VALUE: self.check_value,
            Action.REVEAL: self.reveal,
            Action.SOLVER: self.open_solver,
            Action.HINT: self.explain_help,
        }
        return run_action(actions, event)

    # --- moves ----------------------------------------------------------------------------

    def select(self, index: int) -> None:
        self.session.cursor = index
        self.show_cursor = True

    def move_cursor(self, dx: int, dy: int) -> None:
        """To the next white cell that way, over black cells; the same row (or column)
        first, so Right at a run's end jumps the black cell to the next run."""
        cell = self.session.cursor
        if cell is None:
            return
        x, y = self.puzzle.white_cells[cell]
        x, y = x + dx, y + dy
        while 0 <= x < self.puzzle.width and 0 <= y < self.puzzle.height:
            index = self.session.index_of(x, y)
            if index is not None:
                self.select(index)
                return
            x, y = x + dx, y + dy

    def type_digit(self, digit: int, pencil: bool = False) -> None:
        cell = self.session.cursor
        if cell is None or self.win is not None:
            return
        if pencil:
            if self.session.digits[cell]:
                self.set_message(_("Pencil marks go in empty cells: clear the digit first."))
                self.app.sounds.play("oops")
                return
            self.apply(KakuroMove("pencil", cell, digit), "click")
            return
        self.apply(KakuroMove("digit", cell, digit), "fill")

    def digit_mistakes(self) -> dict[CellPosition, Mistake]:
        """The typed digits drawn red as they are typed (a repeat in a run, a sum made
        impossible: ``KakuroSession.digit_mistakes``); none when Options turned it off.
        Worked out once per board change."""
        if not self.app.setting(KAKURO_RED_DIGITS):
            return {}
        key = (id(self.session), self.version)
        if self._mistakes is None or self._mistakes[:2] != key:
            self._mistakes = (*key, self.session.digit_mistakes())
        return self._mistakes[2]

    def clear_cell(self) -> None:
        """The digit goes; a second press (or an empty cell) clears the pencil marks."""
        cell = self.session.cursor
        if cell is None:
            return
        if self.session.digits[cell]:
            self.apply(KakuroMove("digit", cell, 0), "clear")
        else:
            self.apply(KakuroMove("clear", cell), "clear")

    def changed(self, change: KakuroChange | None) -> None:
        if change is not None and change.completed_runs:
            self.app.sounds.play("line")
        self.problems = frozenset()
        self.problem_runs = frozenset()
        self.flash = {}
        if self.message_kind != "error" or not self.message.startswith("Pencil"):
            self.message = ""

    def toggle_pencil(self) -> None:
        self.pencil = not self.pencil
        self.set_message(
            _(
                "Pencil on: digits go in small, as candidates (again to take one out). "
                "Shift+digit pencils at any time."
            )
            if self.pencil
            else _("Pencil off: digits go in as answers.")
        )

    # --- helps ----------------------------------------------------------------------------

    def check(self) -> None:
        """Show runs with a repeated digit or a sum the digits can no longer make."""
        if self.win is not None:
            return
        problems = self.session.run_problems()
        # A sum the digits can no longer make is the run's problem (its clue and cells are
        # marked), not any one digit's: a right digit in that run must not turn red. Only a
        # repeated digit is wrong by itself.
        self.problems = frozenset(
            cell for problem in problems if problem.kind == "repeat" for cell in problem.cells
        )
        self.problem_runs = frozenset(problem.run for problem in problems)
        self.version += 1
        if not problems:
            filled = self.session.filled_count
            self.set_message(
                _("No repeated digit, and every run can still add up.")
                if filled
                else _("Nothing to check yet: type a digit first."),
                "success" if filled else "info",
            )
            return
        self.app.sounds.play("oops")
        texts = [problem.text[0].upper() + problem.text[1:] + "." for problem in problems[:3]]
        if len(problems) > 3:
            texts.append(_("And {count} more.").format(count=len(problems) - 3))
        self.set_message(" ".join(texts), "error")

    def _with_answer(self, action: Callable[[], None]) -> bool:
        """Run ``action`` now if the answer is known, else once the solver finds it."""
        if self.session.solution is not None:
            return True
        self._pending = action
        self.set_message(_("Working out the answer…"))
        # Found within this slice, the pending action has run already.
        self._advance_solve(SOLVE_SLICE)
        return False

    def check_value(self) -> None:
        """Is the selected cell's digit right? Counted as a help."""
        cell = self.session.cursor
        if cell is None or self.win is not None or not self._with_answer(self.check_value):
            return
        x, y = self.puzzle.white_cells[cell]
        verdict = self.session.check_value(x, y)
        where = _("row {row}, column {column}").format(row=y + 1, column=x + 1)
        if verdict == "empty":
            self.set_message(_("{where} is empty: type a digit to check it.").format(where=where))
            return
        self.flash = {cell: verdict}
        self.flash_age = 0.0
        if verdict == "right":
            self.app.sounds.play("step")
            self.set_message(
                _("{digit} is right at {where}.").format(
                    digit=self.session.digits[cell], where=where
                ),
                "success",
            )
        else:
            self.app.sounds.play("oops")
            self.set_message(
                _("{digit} is not right at {where}.").format(
                    digit=self.session.digits[cell], where=where
                ),
                "error",
            )

    def explain_help(self) -> None:
        """H, the nonogram game's hint key: Kakuro's help is the panel and three keys."""
        self.set_message(
            _(
                "Kakuro has no H hint: the panel lists the combinations each run of the "
                "selected cell can still make. C checks its digit, R reveals it, W watches the "
                "solver."
            ),
            "hint",
        )

    def reveal(self) -> None:
        """Put the right digit in the selected cell (one undo step, counted)."""
        cell = self.session.cursor
        if cell is None or self.win is not None or not self._with_answer(self.reveal):
            return
        x, y = self.puzzle.white_cells[cell]
        change = self.session.reveal(x, y)
        if change is None:
            self.set_message(_("That digit is right already."), "success")
            return
        self.app.sounds.play("step")
        self.after_change(change)
        if self.win is None:
            self.set_message(
                _("Revealed {digit} at row {row}, column {column}.").format(
                    digit=self.session.digits[cell], row=y + 1, column=x + 1
                ),
                "hint",
            )

    def _advance_solve(self, budget: float) -> None:
        if self.session.solution is not None:
            return
        if self._solving is None:
            from game.core.kakuro.task import KakuroSolveTask

            self._solving = KakuroSolveTask(self.puzzle, max_solutions=2)
        result = self._solving.advance(budget)
        if result is None:
            return
        self._solving = None
        if result.status != "unique":
            self._pending = None
            self.set_message(
                _("This puzzle has no single answer, so cells cannot be checked or revealed."),
                "error",
            )
            return
        rows = result.solutions[0]
        self.session.solution = [rows[y][x] for x, y in self.puzzle.white_cells]
        pending, self._pending = self._pending, None
        if pending is not None:
            pending()

    # --- win ------------------------------------------------------------------------------

    def won(self) -> None:
        self.problems = frozenset()
        self.problem_runs = frozenset()
        self.flash = {}

    # --- ways out -------------------------------------------------------------------------

    def restart(self) -> None:
        solution = self.session.solution  # worked out once, it stays known
        super().restart()
        self.session.solution = solution

    def restarted(self) -> None:
        self.problems = frozenset()
        self.problem_runs = frozenset()
        self.flash = {}

    def open_solver(self) -> None:
        self.app.router.watch(KAKURO, self.puzzle, self.shown_name())

    def go_level_select(self) -> None:
        self.app.router.back_to("kakuro")

    def go_menu(self) -> None:
        self.app.router.back_to("menu")

    def next_puzzle(self) -> None:
        """The first of the next puzzles that reads; level select when none does."""
        from game.core.kakuro.packs import read_kakuro_entry

        while self.next_puzzles:
            item = self.next_puzzles.pop(0)
            if isinstance(item, tuple):
                puzzle, path = item
            else:
                entry = read_kakuro_entry(item)
                if entry.puzzle is None:
                    self.app.toast(f"{item.name}: {entry.error}", error=True)
                    continue
                puzzle, path = entry.puzzle, item
            place = (
                PackPlace(self.place.pack, self.place.number + 1)
                if self.place is not None
                else None
            )
            self.app.replace(
                KakuroPlayScene(self.app, puzzle, path, self.pack, place, tuple(self.next_puzzles))
            )
            return
        self.go_level_select()

    # --- frame ----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self.tick_game(dt)
        if self._pending is not None:
            self._advance_solve(SOLVE_SLICE)
        if self.flash:
            self.flash_age += dt
            if self.flash_age >= FLASH_SECONDS:
                self.flash = {}
        self.chrome.update_buttons()

    def wake_in(self) -> float | None:
        """Every frame while something moves; else at the clock's next whole second."""
        if self.win is not None and self.win.age < BUTTONS_AT:
            return 0.0
        if self.flash or self._pending is not None:
            return 0.0
        return self.clock_wake()

    def draw(self, surface: pygame.Surface) -> None:
        self.chrome.draw(surface)
