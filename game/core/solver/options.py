"""What a solve is asked, as one value: every door of the solver takes a :class:`SolveOptions`
(the engines, the task, the race's sources), so a new knob is one field here, not a parameter
threaded by hand through every signature.

``solve(puzzle, max_solutions=None)`` and ``solve_steps(puzzle, watch=False)`` take the same
fields as keywords (:class:`SolveAsk`) for readable calls; they build the value once.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypedDict

import numpy as np
import numpy.typing as npt


@dataclass(frozen=True)
class SolveOptions:
    """``max_solutions``: solutions to count before stopping (None: count them all);
    ``timeout``: seconds of the engine's own work on ``clock`` before it gives up (None:
    never; time between steps, spent by whoever pulls them, does not count); ``initial``: a
    (height, width) grid of cells taken as known, -1 unknown, else the cell's value (0/1, or
    a colour's number); ``watch`` False: a verdict caller's solve, only the solutions, the
    root's settled cells, heartbeats and the last step (the same verdict, solutions and
    statistics); ``work_limit``: lines looked at (solved or answered from a cache) before
    the solve ends as a timeout, the same place on any machine and either engine;
    ``second_search``: a verdict caller that reads only the verdict, its solutions and the
    root's counts (``check``, ``solve``) lets the depth-first search take turns with the
    engine once it guesses (see ``engine._Engine.run_both``): the same verdict, often far
    sooner, but the solutions of an ambiguous puzzle and the search's counts may be the
    other search's, so a replay would not show them."""

    max_solutions: int | None = 2
    timeout: float | None = None
    initial: npt.NDArray[np.integer] | None = None
    clock: Callable[[], float] = time.perf_counter
    watch: bool = True
    work_limit: int | None = None
    second_search: bool = False

    def __post_init__(self) -> None:
        if self.max_solutions is not None and self.max_solutions < 1:
            raise ValueError("max_solutions must be at least 1 (or None for all)")
        if self.work_limit is not None and self.work_limit < 0:
            raise ValueError("work_limit must not be negative")


class SolveAsk(TypedDict, total=False):
    """:class:`SolveOptions`' fields as keywords (``solve(puzzle, **ask)``)."""

    max_solutions: int | None
    timeout: float | None
    initial: npt.NDArray[np.integer] | None
    clock: Callable[[], float]
    watch: bool
    work_limit: int | None
    second_search: bool
