"""The first lesson's logic: what each step asks of the player, and whether a move does it.

A lesson (``lesson_book.LESSONS``) is a tiny puzzle and a list of steps. A step shows a
sentence, points at cells and clue lines, and waits for one thing (:class:`Want`): a click on
"Next", marks on the named cells, a key (trial mode, hint, drop), or the finished picture.
:class:`LessonRun` walks the lessons. The screen hands it the player's moves and key presses
as plain values; the run says what happened (:class:`Verdict`). A move that is not what the
step waits for is refused before it touches the board, with a gentle sentence saying what
to do instead, so the board always stays on the lesson's path. ``back`` and ``skip`` move
between steps: going back restores the board as that step found it, skipping does the step
for the player (the board then shows what the step wanted).

No pygame here: the lesson scene (``game.ui.scenes.play.lesson``) only draws and forwards.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

import numpy as np
import numpy.typing as npt

from game.core.board import Board, Cell
from game.core.i18n import _, ngettext
from game.core.play.moves import CommitTrial, DiscardTrial, Move, Paint
from game.core.play.session import Session, move_changes
from game.core.puzzle import Puzzle
from game.core.solver.steps import CellPosition


class Want(StrEnum):
    """What a step waits for."""

    NEXT = "next"  # the player reads, then presses Next (Enter)
    FILL = "fill"  # the step's cells filled
    CROSS = "cross"  # the step's cells crossed
    TRIAL_FILL = "trial fill"  # the step's cells filled as a trial
    TRIAL = "trial"  # trial mode turned on (T)
    DROP = "drop"  # the trial marks dropped (D)
    HINT = "hint"  # a hint asked for (H)
    SOLVE = "solve"  # the picture finished


# Steps that wait for a key rather than for marks on the board.
KEY_WANTS = (Want.TRIAL, Want.DROP, Want.HINT)
# The board state each marking step waits for on its cells.
_STATE_OF_WANT = {
    Want.FILL: Cell.FILLED,
    Want.CROSS: Cell.CROSSED,
    Want.TRIAL_FILL: Cell.TRIAL_FILLED,
}


@dataclass(frozen=True)
class Step:
    """One step: its sentence, what it waits for, and what it points at (``cells`` are
    outlined; ``rows`` and ``columns``, 0-based, have their clues highlighted)."""

    text: str
    want: Want
    cells: frozenset[CellPosition] = frozenset()
    rows: tuple[int, ...] = ()
    columns: tuple[int, ...] = ()

    @property
    def target_state(self) -> Cell | None:
        return _STATE_OF_WANT.get(self.want)


@dataclass(frozen=True)
class Lesson:
    """A tiny puzzle (its picture as rows of ``#`` and ``.``) and its steps."""

    title: str
    picture: tuple[str, ...]
    steps: tuple[Step, ...]

    @property
    def puzzle(self) -> Puzzle:
        grid = [[mark == "#" for mark in row] for row in self.picture]
        return Puzzle.from_grid(grid, title=self.title)


@dataclass(frozen=True)
class Verdict:
    """What the run made of the player's move or key.

    ``accepted``: the move was made (False: refused, the board is as it was; ``text`` says
    what to do instead). ``step_done``: the step is complete (the run is on the next step,
    or the lesson is finished). ``text``: a sentence for the player, or ""."""

    accepted: bool
    step_done: bool = False
    text: str = ""


def cells_in(x0: int, y0: int, x1: int, y1: int) -> frozenset[CellPosition]:
    """The cells of the inclusive rectangle (x0, y0)-(x1, y1)."""
    return frozenset((x, y) for y in range(y0, y1 + 1) for x in range(x0, x1 + 1))


def where(cell: CellPosition) -> str:
    """ "row 2, column 3": a cell as a player reads it (counting from 1)."""
    return _("row {row}, column {column}").format(row=cell[1] + 1, column=cell[0] + 1)


@dataclass
class _Place:
    lesson: int
    step: int
    board: Board  # the board as the step found it (for Back)
    trial: bool


@dataclass
class LessonRun:
    """A walk through ``lessons``: the current lesson and step, its session, trial mode."""

    lessons: tuple[Lesson, ...]
    lesson_index: int = 0
    step_index: int = 0
    trial_mode: bool = False
    finished: bool = False
    session: Session = field(init=False)
    _history: list[_Place] = field(default_factory=list, init=False)

    def __post_init__(self) -> None:
        if not self.lessons:
            raise ValueError("a lesson run needs at least one lesson")
        self.session = Session(self.lesson.puzzle)
        self._enter_step()

    # --- where we are --------------------------------------------------------------------

    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.lesson_index]

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.step_index]

    @property
    def puzzle(self) -> Puzzle:
        return self.session.puzzle

    def _goal(self) -> npt.NDArray[np.bool_]:
        goal = self.puzzle.goal_array()
        if goal is None:  # pragma: no cover - a lesson's puzzle is made from its picture
            raise ValueError("a lesson puzzle has its picture")
        return goal

    @property
    def board(self) -> Board:
        return self.session.board

    @property
    def can_go_back(self) -> bool:
        return len(self._history) > 1 or self.lesson_index > 0

    @property
    def progress_text(self) -> str:
        """ "Lesson 2 of 5 · step 3 of 4"."""
        return _("Lesson {lesson} of {lessons} · step {step} of {steps}").format(
            lesson=self.lesson_index + 1,
            lessons=len(self.lessons),
            step=self.step_index + 1,
            steps=len(self.lesson.steps),
        )

    def pending_cells(self) -> frozenset[CellPosition]:
        """The cells to outline: a marking step's cells that do not show what it wants yet,
        or the cells another step points at."""
        if self.finished:
            return frozenset()
        state = self.step.target_state
        if state is None:
            return self.step.cells
        cells = self.board.cells
        return frozenset(cell for cell in self.step.cells if cells[cell[1], cell[0]] != state)

    @property
    def can_go_next(self) -> bool:
        """Next ends this step: a reading step, or a marking step whose cells already show
        what it wants (a step must never leave the player with nothing to do)."""
        if self.finished:
            return False
        step = self.step
        return step.want == Want.NEXT or (
            step.target_state is not None and not self.pending_cells()
        )

    # --- the player's doings -----------------------------------------------------------

    def apply(self, move: Move) -> Verdict:
        """The player made ``move`` (a paint, keep or drop trial): made when it fits the
        step, else refused with a sentence. Dropping trial marks is the DROP step's key."""
        if self.finished:
            return Verdict(False)
        step = self.step
        if isinstance(move, DiscardTrial):
            return self.press(Want.DROP)
        if isinstance(move, CommitTrial):
            return Verdict(False, text=_("This lesson drops its guess: press D, not K."))
        if not isinstance(move, Paint):
            return Verdict(False, text=_("Not in the lesson: Back undoes a step."))
        indices, values = move_changes(self.board, move)
        width = self.board.width
        changed = {
            (int(i) % width, int(i) // width): Cell(int(v))
            for i, v in zip(indices, values, strict=True)
        }
        if not changed:
            return Verdict(False)
        refusal = self._refusal(step, changed)
        if refusal:
            return Verdict(False, text=refusal)
        self.session.apply(move)
        return self._after_marks()

    def _refusal(self, step: Step, changed: dict[CellPosition, Cell]) -> str:
        """Why ``changed`` is not what ``step`` waits for ("" when it is)."""
        want = step.want
        if want == Want.NEXT:
            return _("Read this step first, then press Next (or Enter).")
        if want in KEY_WANTS:
            key = {Want.TRIAL: "T", Want.DROP: "D", Want.HINT: "H"}[want]
            return _("This step waits for a key: press {key}.").format(key=key)
        states = set(changed.values())
        if want == Want.SOLVE:
            return self._solve_refusal(changed)
        target = step.target_state
        outside = [cell for cell in changed if cell not in step.cells]
        if states != {target}:
            if want == Want.FILL:
                return _("Fill with the left button (or Space); the right button crosses.")
            if want == Want.CROSS:
                return _("Cross with the right button (or X); the left button fills.")
            if self.trial_mode:
                return _("Fill the outlined cell with the left button: it shows as a guess.")
            return _("Turn trial mode on first (T), then fill the outlined cell.")
        if outside:
            first = where(sorted(outside, key=lambda c: (c[1], c[0]))[0])
            return ngettext(
                "Not {where}: only the outlined cell.",
                "Not {where}: only the outlined cells.",
                len(step.cells),
            ).format(where=first)
        return ""

    def _solve_refusal(self, changed: dict[CellPosition, Cell]) -> str:
        """In a free step, a mark the picture contradicts is refused (a lesson teaches, it
        does not let a slip grow into a muddle); clearing is always fine."""
        goal = self._goal()
        for cell, state in sorted(changed.items(), key=lambda item: (item[0][1], item[0][0])):
            x, y = cell
            filled = state in (Cell.FILLED, Cell.TRIAL_FILLED)
            crossed = state in (Cell.CROSSED, Cell.TRIAL_CROSSED)
            if filled and not goal[y, x]:
                return _("Not {where}: its clues leave it empty. Look at them once more.").format(
                    where=where(cell)
                )
            if crossed and goal[y, x]:
                return _("Not {where}: its clues need it filled. Look at them once more.").format(
                    where=where(cell)
                )
        return ""

    def press(self, want: Want) -> Verdict:
        """The player pressed a key the lesson knows: T (TRIAL), D (DROP) or H (HINT).
        Turning trial mode on and off is always allowed; the rest only when awaited."""
        if self.finished:
            return Verdict(False)
        step = self.step
        if want == Want.TRIAL:
            self.trial_mode = not self.trial_mode
            if step.want == Want.TRIAL and self.trial_mode:
                return self._next_step()
            return Verdict(True)
        if want == Want.DROP:
            if step.want != Want.DROP:
                return Verdict(False, text=_("There are no trial marks to drop now."))
            self.session.apply(DiscardTrial())
            self.trial_mode = False
            return self._next_step()
        if want == Want.HINT:
            if step.want == Want.HINT:
                return self._next_step()
            if step.want == Want.SOLVE:
                return Verdict(True)  # the scene shows the hint; nothing else changes
            # Not refused: the step itself is the hint, so say where to look (no error).
            if step.want == Want.NEXT:
                return Verdict(True, text=_("Read this step, then press Next (or Enter)."))
            if self.can_go_next:
                return Verdict(True, text=_("This step is done already: press Next (or Enter)."))
            if step.want in KEY_WANTS:
                key = {Want.TRIAL: "T", Want.DROP: "D"}[step.want]
                return Verdict(
                    True, text=_("This step waits for a key: press {key}.").format(key=key)
                )
            return Verdict(True, text=_("The outlined cells are this step's answer."))
        return Verdict(False)

    def next(self) -> Verdict:
        """Next (Enter): ends a reading step, or a marking step already done."""
        if not self.can_go_next:
            return Verdict(False)
        return self._next_step()

    def _after_marks(self) -> Verdict:
        step = self.step
        if step.want == Want.SOLVE:
            return self._next_step() if self.session.solved else Verdict(True)
        if step.target_state is not None and self.pending_cells():
            return Verdict(True)
        return self._next_step()

    # --- moving between steps ------------------------------------------------------------

    def _enter_step(self) -> None:
        self._history.append(
            _Place(self.lesson_index, self.step_index, self.board.copy(), self.trial_mode)
        )

    def _next_step(self) -> Verdict:
        if self.step_index + 1 < len(self.lesson.steps):
            self.step_index += 1
            self._enter_step()
            return Verdict(True, step_done=True)
        if self.lesson_done and self.lesson_index + 1 == len(self.lessons):
            self.finished = True
        return Verdict(True, step_done=True)

    @property
    def lesson_done(self) -> bool:
        """The lesson's last step is done: its picture is finished."""
        last = self.step_index + 1 == len(self.lesson.steps)
        return last and self.session.solved

    def next_lesson(self) -> bool:
        """On to the next lesson's first step (after the picture is done); False when this
        was the last lesson (the run is then finished)."""
        if self.lesson_index + 1 >= len(self.lessons):
            self.finished = True
            return False
        self._start_lesson(self.lesson_index + 1)
        return True

    def start_at(self, index: int) -> None:
        """Begin the run at lesson ``index`` (Back then reaches the earlier lessons' starts)."""
        if not 0 <= index < len(self.lessons):
            raise ValueError(f"no lesson {index + 1}: there are {len(self.lessons)}")
        self._history.clear()
        self._start_lesson(index)

    def _start_lesson(self, index: int) -> None:
        self.lesson_index = index
        self.step_index = 0
        self.trial_mode = False
        self.finished = False
        self.session = Session(self.lesson.puzzle)
        self._enter_step()

    def back(self) -> bool:
        """Back to the previous step, with the board as that step found it; at a lesson's
        first step, back to the previous lesson's last step (or its start, when the run
        began after it). False at the very beginning."""
        if self.lesson_done or self.finished:
            # The picture is done: Back returns to its last step, marks as they were then.
            self.finished = False
            place = self._history[-1]
        elif len(self._history) > 1:
            self._history.pop()
            place = self._history[-1]
        elif self.lesson_index > 0:
            # A run started at a later lesson: Back goes to the previous lesson's start,
            # so the player can choose any lesson from where the run began.
            self._history.clear()
            self._start_lesson(self.lesson_index - 1)
            return True
        else:
            return False
        if place.lesson != self.lesson_index:
            self.lesson_index = place.lesson
            self.session = Session(self.lesson.puzzle, place.board.copy())
        else:
            self.session = Session(self.session.puzzle, place.board.copy())
        self.step_index = place.step
        self.trial_mode = place.trial
        return True

    def skip(self) -> Verdict:
        """Do the step for the player: its marks appear (or its key is pressed)."""
        if self.finished:
            return Verdict(False)
        step = self.step
        if step.want == Want.NEXT:
            return self._next_step()
        if step.want == Want.TRIAL:
            self.trial_mode = True
            return self._next_step()
        if step.want in (Want.DROP, Want.HINT):
            return self.press(step.want)
        if step.want == Want.SOLVE:
            goal = self._goal()
            cells = np.where(goal, Cell.FILLED, Cell.CROSSED).astype(np.int8)
            self._set_cells(cells)
            return self._next_step()
        state = step.target_state
        if state is None:  # pragma: no cover - every other want is handled above
            return Verdict(False)
        if state == Cell.TRIAL_FILLED:
            self.trial_mode = True
        cells = self.board.cells.copy()
        for x, y in step.cells:
            cells[y, x] = state
        self._set_cells(cells)
        return self._next_step()

    def _set_cells(self, cells: np.ndarray[tuple[int, int], np.dtype[np.int8]]) -> None:
        for (y, x), value in np.ndenumerate(cells):
            if self.board.cells[y, x] != value:
                self.session.apply(Paint(int(x), int(y), int(x), int(y), Cell(int(value))))
