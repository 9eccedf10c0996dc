"""Difficulty stars, and the solved picture, for puzzles whose file does not declare them.

The level select shows stars on every card. A bundled level declares its ``difficulty``; a
puzzle of "My puzzles" usually does not, so the game solves it to rate it. That solve runs as
a :class:`~game.core.solver.task.SolveTask` sliced across frames: ``work(candidates, seconds)``
spends about ``seconds`` a frame (a few milliseconds) on the queue of unrated puzzles and
never more, so a hard puzzle delays its stars, never the screen. The app owns one
``Ratings`` for the whole run, so reopening the level select does not solve anything again,
and the stars found (with the solution, for a file without its picture) are kept across
starts in ``ratings.json`` beside the progress (:meth:`Ratings.load`, :meth:`Ratings.save`).
The key is the puzzle's fingerprint (its size and clues), so a file changed to another
puzzle is rated again; a damaged or foreign cache file is ignored and written anew.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from game.core.difficulty import effort_of
from game.core.puzzle import Puzzle
from game.core.rating import Rating, rate
from game.core.solver.result import SolveResult
from game.core.solver.task import SolveTask
from game.core.store.fileio import write_text_atomically

BoolGrid = npt.NDArray[np.bool_]

# The engine time one puzzle may take before its stars stay unknown ("?"). The work is spread
# over frames, so this bounds how long the queue waits behind one hard puzzle, not a freeze.
RATING_TIME_LIMIT = 0.5
# What a frame spends on ratings at most (a 60 FPS frame is 16.7 ms).
FRAME_SECONDS = 0.004
CACHE_FILE = "ratings.json"
# 2: colour stars from the player's solve (issue 34); a cache of version 1 is rated anew.
CACHE_VERSION = 2
# Solutions kept across starts only for puzzles up to this many cells (the 40x30 boards).
MAX_CACHED_CELLS = 64 * 64


class Ratings:
    """Stars and solutions worked out this run, by puzzle key (``Puzzle.fingerprint``)."""

    def __init__(
        self,
        time_limit: float = RATING_TIME_LIMIT,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.time_limit = time_limit
        self.clock = clock
        # None: tried, and the stars stay unknown (too hard within the limit, no solution).
        self.stars: dict[str, int | None] = {}
        self.solutions: dict[str, BoolGrid] = {}
        self._task: SolveTask | None = None
        self._puzzle: Puzzle | None = None
        self._task_key = ""
        self._unsaved = False  # stars found since the last load or save
        self.loaded: Path | None = None  # the cache file read (or tried), once a run

    @property
    def busy(self) -> bool:
        """A puzzle is being rated (its task is part way)."""
        return self._task is not None

    def stars_of(self, key: str) -> int | None:
        return self.stars.get(key)

    def solution_of(self, puzzle: Puzzle) -> BoolGrid | None:
        """The picture of ``puzzle``: its goal when the file has one, else a solution found
        while rating it."""
        goal = puzzle.goal_array()
        if goal is not None:
            return goal
        return self.solutions.get(puzzle.fingerprint())

    def work(
        self, candidates: Iterable[tuple[str, Puzzle]], seconds: float = FRAME_SECONDS
    ) -> None:
        """Spend about ``seconds`` rating: the puzzle under way first, then the first of
        ``candidates`` (key, puzzle) not tried yet. Returns when the time is up or nothing is
        left to rate."""
        deadline = self.clock() + seconds
        pending = iter(candidates)
        while True:
            if self._task is None and not self._start_next(pending):
                return
            task = self._task
            assert task is not None
            result = task.advance(max(0.0, deadline - self.clock()))
            if result is not None:
                self._record(self._task_key, result)
                self._task = None
            if self.clock() >= deadline:
                return

    def _start_next(self, pending: Iterable[tuple[str, Puzzle]]) -> bool:
        for key, puzzle in pending:
            if key in self.stars:
                continue
            self.stars[key] = None  # tried once, whatever comes of it
            # Unwatched: the engine counts the effort, no steps are built.
            self._task = SolveTask(
                puzzle, max_solutions=2, time_limit=self.time_limit, clock=self.clock, watch=False
            )
            self._puzzle = puzzle
            self._task_key = key
            return True
        return False

    def _record(self, key: str, result: SolveResult) -> None:
        if result.status == "unknown" or not result.solutions:
            return
        effort = effort_of(self._puzzle, result.stats) if self._puzzle else None
        self._keep(key, result, rate(result, effort))

    def _keep(self, key: str, result: SolveResult, rating: Rating) -> None:
        # 0 stars: more than one solution, never rated (the card shows "Ambiguous").
        self.stars[key] = 0 if rating.ambiguous else max(1, min(5, int(rating.stars)))
        self.solutions[key] = np.asarray(result.solutions[0], dtype=bool)
        self._unsaved = True

    # -- kept across starts -------------------------------------------------------------

    def load(self, path: Path) -> int:
        """Take the stars (and solutions) kept in ``path`` by an earlier run; how many.
        A missing, damaged or foreign file gives none (it is replaced at the next save)."""
        self.loaded = path
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            return 0
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
            return 0
        puzzles = data.get("puzzles")
        if not isinstance(puzzles, dict):
            return 0
        taken = 0
        for key, kept in puzzles.items():
            if not isinstance(key, str) or key in self.stars or not isinstance(kept, dict):
                continue
            stars = kept.get("stars")
            if isinstance(stars, bool) or not isinstance(stars, int) or not 0 <= stars <= 5:
                continue
            solution = _solution_from(kept.get("solution"))
            if solution is not None:
                self.solutions[key] = solution
            self.stars[key] = stars
            taken += 1
        return taken

    def save(self, path: Path) -> bool:
        """Keep the stars found in ``path`` when there are new ones; False when the disk
        refuses (nothing is lost but the time to rate them again next run)."""
        if not self._unsaved:
            return True
        puzzles: dict[str, dict[str, object]] = {}
        for key, stars in self.stars.items():
            if stars is None:
                continue  # not known within the time limit: tried again next run
            kept: dict[str, object] = {"stars": stars}
            solution = self.solutions.get(key)
            if solution is not None and solution.size <= MAX_CACHED_CELLS:
                height, width = solution.shape
                kept["solution"] = [width, height, np.packbits(solution).tobytes().hex()]
            puzzles[key] = kept
        text = json.dumps({"version": CACHE_VERSION, "puzzles": puzzles}, separators=(",", ":"))
        try:
            write_text_atomically(path, text + "\n")
        except (OSError, ValueError):
            return False
        self._unsaved = False
        return True


def _solution_from(kept: object) -> BoolGrid | None:
    """A solution kept as ``[width, height, packed bits in hex]``; None when not one."""
    if not isinstance(kept, list) or len(kept) != 3:
        return None
    width, height, bits = kept
    if (
        not isinstance(width, int)
        or not isinstance(height, int)
        or not isinstance(bits, str)
        or not (0 < width * height <= MAX_CACHED_CELLS)
    ):
        return None
    try:
        packed = np.frombuffer(bytes.fromhex(bits), dtype=np.uint8)
    except ValueError:
        return None
    if packed.size != (width * height + 7) // 8:
        return None
    cells = np.unpackbits(packed)[: width * height].astype(bool)
    return cells.reshape(height, width)
