"""The colour engine's door: the plain search (:mod:`~game.core.solver.colour_engine`) or
the learning one (:mod:`~game.core.solver.colour_learn`, the default), one step at a time or
to the end. :func:`game.core.solver.task.open_solve` sends colour puzzles here."""

from __future__ import annotations

from collections.abc import Callable, Iterator

from game.core.puzzle import Puzzle
from game.core.solver.colour_engine import _ColourEngine
from game.core.solver.colour_learn import LearningColourEngine
from game.core.solver.options import SolveOptions
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import Finished, Step


def _engine(learning: bool) -> type[_ColourEngine]:
    return LearningColourEngine if learning else _ColourEngine


def open_colour_solve(
    puzzle: Puzzle, options: SolveOptions, probing: bool = True, learning: bool = True
) -> tuple[Iterator[Step], Callable[[], int]]:
    """The colour engine's steps as ``options`` ask (the last is :class:`Finished` with a
    :class:`ColourSolveResult`; every step comes, ``watch`` or not) and a reading of its work
    so far (lines looked at), as :func:`game.core.solver.engine.open_solve` gives for black
    and white. ``learning`` False searches without learning (chronological backtracking);
    ``probing`` False skips probing at the root (tests compare the ways)."""
    engine = _engine(learning)(puzzle, options, probing)
    return _steps(engine), engine.work


def _steps(engine: _ColourEngine) -> Iterator[Step]:
    for step in engine.run():
        engine.pause_clock()
        yield step
        engine.resume_clock()


def solve_colour(
    puzzle: Puzzle, options: SolveOptions, probing: bool = True, learning: bool = True
) -> ColourSolveResult:
    """Solve a colour puzzle to the end (or the timeout)."""
    engine = _engine(learning)(puzzle, options, probing)
    for step in engine.run():
        if isinstance(step, Finished):
            result = step.result
            assert isinstance(result, ColourSolveResult)
            return result
    raise AssertionError("the engine always ends with a Finished step")  # pragma: no cover
