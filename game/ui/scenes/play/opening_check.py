"""The solver's look at a puzzle file opened blind (a dropped file, ``play FILE``, "Open a
puzzle file…"), a slice a frame while the game is already on screen (issue 45: no frame
waits on the solver; it was a blocking half-second solve before the screen opened).

Its verdict, within ``OPENING_CHECK_WORK`` lines of work: no picture fits the clues (a file
without a goal would lead the player on towards nothing: the screen closes and says so),
more than one does (said in the panel, as for the editors' puzzles), exactly one (the
uniqueness a later Check needs is known already), or nothing known within the work, when the
game plays on unjudged as before.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.i18n import _
from game.core.solver.task import SolveTask
from game.ui.opening import AMBIGUOUS_FILE, NO_PICTURE, OPENING_CHECK_WORK

if TYPE_CHECKING:
    from game.ui.scenes.play.scene import PlayScene


class OpeningCheck:
    """The file's check in flight for one play scene."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.task: SolveTask | None = SolveTask(
            scene.puzzle, max_solutions=2, work_limit=OPENING_CHECK_WORK
        )

    @property
    def running(self) -> bool:
        return self.task is not None

    def advance(self, budget: float) -> None:
        """``budget`` seconds of the solver's work; acts on the verdict when it comes."""
        task = self.task
        if task is None:
            return
        result = task.advance(budget)
        if result is None:
            return
        self.task = None
        scene = self.scene
        if result.status == "none" and scene.puzzle.goal is None:
            name = scene.file_name or scene.title
            scene.app.toast(_(NO_PICTURE).format(name=name), error=True)
            scene.app.pop()
        elif result.status == "multiple":
            scene.set_message(_(AMBIGUOUS_FILE), "info")
            if not scene.regions.panel_shown:
                scene.app.toast(_(AMBIGUOUS_FILE))
        elif result.status == "unique":
            scene.known_unique()
