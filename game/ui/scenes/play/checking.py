"""Check and Hint on the play screen, and what both lean on: whether the goal picture is the
puzzle's only answer. Only then may a mark be called wrong, so the answer is worked out by a
solve run a slice at a time (``UNIQUENESS_SLICE`` a frame while a check waits for it or
auto-check is on); a check asked before it is known is answered again once it is.

:class:`PlayChecks` belongs to one ``PlayScene``: it reads the session, tells the scene what
to show (its message, the UI value's flash, hint line and cursor, the hint's cells) and
counts the checks and hints the player asked for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from game.core.play.advice import (
    BrokenLine,
    ForcedCell,
    NothingForced,
    WrongMarks,
    advise_hint,
    check_marks,
)
from game.ui.settings import AUTO_CHECK
from game.ui.widgets.grid_view import Flash

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.core.solver.task import SolveTask
    from game.ui.scenes.play.scene import PlayScene

UNIQUENESS_SLICE = 0.003  # seconds of solver work per frame while checking uniqueness


class PlayChecks:
    """The play screen's Check and Hint and the uniqueness solve behind them."""

    def __init__(self, scene: PlayScene, puzzle: Puzzle) -> None:
        self.scene = scene
        self.puzzle = puzzle
        # Is the goal the only answer? None until known; a puzzle without a goal has none.
        self.unique: bool | None = None if puzzle.goal is not None else False
        self._task: SolveTask | None = None
        self.pending = False  # a check waits for the answer, to be answered again

    @property
    def working(self) -> bool:
        """The uniqueness solve runs a slice each frame (a check waits, or auto-check)."""
        return self.unique is None and (self.pending or bool(self.scene.app.setting(AUTO_CHECK)))

    def tick(self) -> None:
        """A frame's slice of the uniqueness solve, when one is wanted."""
        if self.working:
            self.advance(UNIQUENESS_SLICE)

    def advance(self, budget: float) -> None:
        """Run the solver a little (``budget`` seconds) towards "is the goal the only answer?"."""
        if self.unique is not None:
            return
        if self._task is None:
            from game.core.solver.task import SolveTask

            self._task = SolveTask(self.puzzle, max_solutions=2)
        result = self._task.advance(budget)
        if result is None:
            return
        self.unique = result.status == "unique"
        self._task = None
        if self.pending:
            self.pending = False
            scene = self.scene
            self.check(quiet=bool(scene.app.setting(AUTO_CHECK)) and not scene.message, again=True)

    def known_unique(self) -> None:
        """The solver found the goal to be the only answer (the file's opening check)."""
        if self.unique is None:
            self.unique = True
            self._task = None

    def check(self, quiet: bool = False, again: bool = False) -> None:
        """Show lines that contradict their clues, and wrong marks when the answer is known.

        ``quiet`` (auto-check): say nothing when all is well; ``again``: the answer to a
        check asked before (counted then). A check the player asks for is counted."""
        scene = self.scene
        if scene.win is not None:
            return
        if not quiet and not again:
            scene.session.asked_check()
        scene.show_errors = True
        scene.looks.refresh()
        if self.unique is None:
            self.advance(UNIQUENESS_SLICE)
        if self.unique is None:
            self.pending = True  # checked again once the answer is known to be unique
        report = check_marks(scene.session, answer_known=bool(self.unique))
        if report.wrong:
            self._flash(report.wrong)
        if quiet and not report.mistakes:
            if scene.message_kind == "error":
                scene.set_message("", "info")
            return
        scene.set_message(report.text, report.tone)

    def hint(self) -> None:
        """Show the most instructive deduction one line makes from the player's marks: the
        line, every cell it gives and the technique in words; S then shows its reasoning."""
        scene = self.scene
        if scene.win is not None:
            return
        if self.unique is None:
            self.advance(UNIQUENESS_SLICE)
        advice = advise_hint(scene.session, answer_known=bool(self.unique))
        if not isinstance(advice, NothingForced):
            scene.session.asked_hint()  # a hint that gave nothing is not counted with the win
        scene.hint_show.show(advice.hint if isinstance(advice, ForcedCell) else None)
        if isinstance(advice, WrongMarks):
            self._flash(advice.cells)
        elif isinstance(advice, BrokenLine):
            scene.hint_line = advice.line
        elif isinstance(advice, ForcedCell):
            scene.hint_line = advice.line  # hint_show outlines every cell
            scene.cursor = advice.cell
            colour = advice.hint.colour
            if colour and scene.palette_bar is not None:
                scene.palette_bar.choose(colour)  # ready to paint what the hint gives
            scene.show_cell(*advice.cell)
        scene.set_message(advice.text, advice.tone)

    def _flash(self, cells: Sequence[tuple[int, int]]) -> None:
        self.scene.set_ui(flash=Flash(list(cells), 1.0), flash_age=0.0)
