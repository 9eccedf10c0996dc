"""Make it fair: a small set of cell edits that gives an ambiguous picture one solution.

One edit is often not enough: filling one cell of a "switch" (two cells that can trade places
with two others) can open another switch elsewhere. The search is greedy over edits in and
beside the free region (the cells that differ between solutions, see
:mod:`game.core.create.free_cells`), each edit a filled anchor cell added or a filled cell cleared:

1. candidates are the free cells, then their neighbours, then cells two away, cheapest
   first: an edit that agrees with most of its eight neighbours changes the picture least
   (it does not leave a speck or a hole);
2. each candidate is tried with a two-solution solve; the first that makes the puzzle unique
   ends the search;
3. when none does, the nearest few candidates get a short free-cell search (starting from
   their two-solution solve), the one that leaves the fewest free cells is kept, and the
   search goes on from the edited picture.

When many cells are free (over ``BATCH_ABOVE``: a dithered photo can have 200 in dozens of
separate switches, one edit each, more than any one-at-a-time search reaches in its budget),
the search first edits in **batches**: every free dot or pin-hole set to agree with most of its
neighbours (a dithered area's texture, the likeliest parts of its switches), or else a set of
free cells at least ``BATCH_SPACING`` apart flipped together (the ones that blend in best),
halved while it does not help; a batch is kept when a short free-cell count says it left no
more free cells than before. When a puzzle with several edits becomes unique, every edit is
tried **taken back**, the most visible first, and stays taken back when a solve proves the
puzzle still unique (in passes, until one takes nothing back): a later edit often makes an earlier
one redundant. (Scikit-image's
cameraman dithered at 30x30: 208 free cells, fair after 47 edits in 1.8 s; before the batches
no fix was found in 60 s.)

A result is only ever a puzzle a full solve proved unique; otherwise there is no result
(``found`` False) and the picture is left as it was. All solving goes through
:class:`~game.core.solver.task.SolveTask`, sliced: :meth:`MakeFair.advance` works for about
the seconds it is given, so the converter spreads it over frames and ``convert --fix`` runs it
to the end.

Every limit counts engine **work** (lines looked at, the same count on the compiled engine and
on pure Python; see
:class:`~game.core.create.free_cells.CountedSolve`), never seconds: the whole search
(``WORK_LIMIT``), each candidate's solve, each count, and the pace. So a given picture gets the
same edits on a fast machine and on a loaded one, however its frames slice the work. The one
clock left is a safety cap (``SAFETY_SECONDS`` of engine time, several times what the work
limit takes on a slow machine): when it ends a search, the result says it gave up after so
many seconds rather than "no edits". Nothing here imports pygame.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.create.fair_edits import (
    Edit,
    apply_edits,
    blend_cost,
    candidates,
    free_regions,
    smoothing_edits,
    spaced_edits,
)
from game.core.create.free_cells import (
    SLICE_WORK,
    WORK_PER_SECOND,
    CountedSolve,
    FreeCells,
    FreeCellSearch,
    SettledCells,
)
from game.core.i18n import _, ngettext
from game.core.locale_numbers import format_decimal, format_int
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.solver.result import SolveResult
from game.core.solver.steps import CellPosition

Clock = Callable[[], float]

MAX_EDITS = 8
# Engine work for the whole search, and for one candidate's uniqueness solve. First tuned in
# engine seconds (30 s and 0.5 s) and turned into work at WORK_PER_SECOND.
WORK_LIMIT = 30 * WORK_PER_SECOND
CANDIDATE_WORK = WORK_PER_SECOND // 2
# Engine work to count what a candidate leaves free (a lower bound is enough to rank).
COUNT_WORK = int(0.3 * WORK_PER_SECOND)
# The last resort: engine seconds after which the search gives up whatever work is left (a
# machine so loaded that WORK_LIMIT would take minutes). Reported as "gave up after ...".
SAFETY_SECONDS = 120.0
# Candidates tried per edit at most: the nearest to the free cells first; of those, how many
# get their free cells counted when none is a fix on its own.
MAX_CANDIDATES = 120
COUNTED_CANDIDATES = 24
# The limits above suit a picture whose own two-solution solve takes this much work or less. A
# harder picture scales them, up to MAX_PACE times: on chelsea at 30x30 every candidate's
# solve took about 15,000 steps and ran out of 12,500, so no edit was found.
PACE_WORK = WORK_PER_SECOND // 8
MAX_PACE = 8.0
# Each solve is stepped this much at a time (at most), so a slice ends near its budget.
_STEP_SLICE = 0.002
# Above this many free cells the search first edits in batches (see MakeFair._batches): a
# dithered photo can have over a hundred free cells in dozens of separate switches, one edit
# each, and one edit per round of solves does not reach them all in any budget (camera at
# 30x30 with dither: 208 free cells, no fix in 60 s before the batches). Batches go on until
# BATCH_UNTIL cells are left. Fewer free cells than BATCH_ABOVE are the one-at-a-time search's:
# it finds the single edit that a batch of several would make (the astronaut at 30x30, 18
# free cells: 1 edit, where batches made 4).
BATCH_ABOVE = 40
BATCH_UNTIL = 12
# When the caller does not know the free cells exactly, counting them first may take this
# share of the work limit (the dithered page at 30x30: its count took all of a 30 s budget).
FIRST_COUNT_SHARE = 0.25
# Engine work (times the pace) to count what a batch leaves free: a lower bound is enough,
# its cells are the next batch's targets.
BATCH_COUNT_WORK = int(0.75 * WORK_PER_SECOND)
# The rows and columns within this many of a free region stay open in the small solves that
# tell an edit settling its region (see MakeFair._fixed_nearby); the rest is pinned.
NEARBY = 3
# Those solves are asked only where the lines settled less than this share of the cells before
# guessing: where they settle more, the exact counts are affordable and rank better (Random's
# pictures: 4 of 18,630 were refused with the small solves everywhere, none gained).
NEARBY_BELOW = 0.5


@dataclass(frozen=True)
class FairResult:
    """What the search found: ``edits`` that make ``grid`` unique (when ``found``)."""

    found: bool
    edits: tuple[Edit, ...]
    # The picture searched: filled cells, or in colour colour numbers.
    grid: npt.NDArray[Any]
    free_before: int
    seconds: float
    tried: int
    # The engine work the search did (its budget's unit), and whether the safety cap on
    # engine seconds ended it before its work limit did.
    work: int = 0
    gave_up: bool = False
    # When nothing was found: why the search stopped (see ``why``), and the best it found on
    # the way, edits that leave ``free_left`` cells free (fewer than ``free_before``).
    stopped: str = ""
    partial: tuple[Edit, ...] = ()
    free_left: int = 0
    # When found: the two-solution solve (unwatched, complete) that proved ``grid`` with the
    # edits unique, when the search made one of exactly that grid; a caller may rate from it
    # (difficulty.effort_of) rather than solve the same clues again.
    proof: SolveResult | None = field(default=None, compare=False, repr=False)

    @property
    def why(self) -> str:
        """Why no fix was found, in words for a player."""
        if self.gave_up or self.stopped == "safety":
            return _("gave up after {seconds} s of solving, before its work was done").format(
                seconds=format_decimal(self.seconds, 0)
            )
        if self.stopped == "work":
            return _(
                "its work budget ran out ({count} lines checked, the same on every machine) "
                "before any small set of edits gave one solution"
            ).format(count=format_int(self.work))
        if self.stopped == "edits":
            return _("one edit at a time kept leaving cells free")
        return _("no edit near the free cells left fewer of them")

    @property
    def partial_grid(self) -> npt.NDArray[Any]:
        """The grid with the partial edits made (the grid itself when there are none)."""
        return apply_edits(self.grid, self.partial)

    @property
    def offer(self) -> str:
        """What the search found on the way, when it found something ("" otherwise)."""
        if self.found or not self.partial:
            return ""
        count = len(self.partial)
        leave = ngettext(
            "{count} edit leaves {left} of its {before} free cells",
            "{count} edits leave {left} of its {before} free cells",
            count,
        )
        return leave.format(count=count, left=self.free_left, before=self.free_before)

    @property
    def text(self) -> str:
        if not self.found:
            offer = self.offer
            return _("not fair yet: {why}").format(why=self.why) + (f"; {offer}" if offer else "")
        if not self.edits:
            return _("already unique: nothing to change")
        count = len(self.edits)
        edits = ngettext("{count} edit: {edits}", "{count} edits: {edits}", count)
        return edits.format(count=count, edits="; ".join(e.text for e in self.edits))


class MakeFair:
    """The search (see the module text) over ``grid``, a slice at a time: filled cells, or
    with a ``palette`` colour numbers in it (0 the background), whose edits give cells
    other colours. One search for both: black and white is the one-colour case.

    ``free`` is the grid's free cells when a report knows them exactly; otherwise the search
    counts them first (a count that ran out of time elsewhere would make the edits depend on
    the machine). ``work_limit`` bounds the engine work (lines looked at) of all its solves
    (None: no bound);
    ``pace`` scales the limits of each solve (None: measured, see PACE_WORK);
    ``safety_seconds`` is the last resort on engine time (None: none).
    """

    def __init__(
        self,
        grid: npt.NDArray[Any],
        free: FreeCells | None = None,
        *,
        palette: Palette | None = None,
        max_edits: int = MAX_EDITS,
        work_limit: int | None = WORK_LIMIT,
        safety_seconds: float | None = SAFETY_SECONDS,
        pace: float | None = None,
        clock: Clock = time.perf_counter,
    ) -> None:
        self.palette = palette
        self.colours = 1 if palette is None else palette.count
        self.start = np.array(grid, dtype=bool if palette is None else np.int8, copy=True)
        self.max_edits = max_edits
        self.work_limit = work_limit
        self.safety_seconds = safety_seconds
        self.clock = clock
        self.engine_seconds = 0.0
        self.work = 0
        # The safety cap ended the search (not its work limit).
        self.gave_up = False
        self.tried = 0
        self.edits: list[Edit] = []
        self.result: FairResult | None = None
        self.free_before = free.count if free is not None else 0
        # The fewest free cells reached so far and the edits that reach them (an offer when
        # no fix is found); why the search stopped.
        self.best: tuple[int, tuple[Edit, ...]] | None = None
        self.stopped = ""
        # Scales the per-solve limits to how much work this picture takes to solve (PACE_WORK);
        # None: measured on the picture's own solve when the search starts.
        self.pace = 1.0 if pace is None else pace
        self._measure = pace is None
        # The last grid a solve proved unique (its bytes) and that solve (see FairResult.proof).
        self._proof: tuple[bytes, SolveResult] | None = None
        # The first count's own two-solution solve of the starting grid, when it ran to its
        # end: its work (the pace's measure, see _measure_pace).
        self._first_work: int | None = None
        self._work: Generator[None, None, FairResult] | None = self._search(free)

    @property
    def done(self) -> bool:
        return self.result is not None

    # -- the picture ------------------------------------------------------------------------

    def _puzzle(self, grid: npt.NDArray[Any]) -> Puzzle:
        if self.palette is None:
            return Puzzle.from_grid(grid)
        return Puzzle.from_colour_grid(grid, self.palette)

    def _edit(self, x: int, y: int, value: int) -> Edit:
        """The edit that sets (x, y) to ``value``, named in colour."""
        if self.palette is None:
            return Edit(x, y, bool(value))
        name = self.palette.colour(value).name if value else ""
        return Edit(x, y, value != 0, value, name)

    def _candidates(
        self, grid: npt.NDArray[Any], region: Sequence[CellPosition], avoid: list[CellPosition]
    ) -> list[Edit]:
        return candidates(grid, region, self.colours, self._edit, avoid=avoid)

    def _smoothing(
        self, grid: npt.NDArray[Any], free: Sequence[CellPosition], avoid: set[CellPosition]
    ) -> list[Edit]:
        return smoothing_edits(grid, free, self.colours, self._edit, avoid)

    def _spaced(
        self, grid: npt.NDArray[Any], free: Sequence[CellPosition], avoid: set[CellPosition]
    ) -> list[Edit]:
        return spaced_edits(grid, free, self.colours, self._edit, avoid)

    def _cost(self, edit: Edit) -> int:
        """How much ``edit`` stands out in the starting picture (taken back first in prune)."""
        return blend_cost(self.start, edit.x, edit.y, edit.value)

    # -- solving helpers (each a generator that yields between slices) -----------------------

    def _out_of_time(self) -> bool:
        """The work is spent, or (the last resort) the safety cap's engine seconds are."""
        if self.safety_seconds is not None and self.engine_seconds >= self.safety_seconds:
            self.gave_up = True
            return True
        if self.work_limit is not None and self.work >= self.work_limit:
            self.stopped = self.stopped or "work"
            return True
        return False

    def _reached(self, current: FreeCells) -> None:
        """The edits so far leave ``current`` free: kept as the offer when they are fewest."""
        fewer = self.best is None or current.count < self.best[0]
        if current.count and fewer and current.count < self.free_before:
            self.best = (current.count, tuple(self.edits))

    def _limit(self, cap: float) -> int:
        """``cap`` lines of work, or what is left of the work limit when that is less."""
        work = int(cap)
        if self.work_limit is None:
            return work
        return max(0, min(work, self.work_limit - self.work))

    def _pull(self, task: CountedSolve | FreeCellSearch) -> bool:
        """One slice of ``task``; its work and time are added to the search's."""
        before, seconds_before = task.work, task.engine_seconds
        if isinstance(task, CountedSolve):
            finished = task.advance(_STEP_SLICE, SLICE_WORK) is not None
        else:
            finished = task.advance(_STEP_SLICE)
        self.work += task.work - before
        self.engine_seconds += task.engine_seconds - seconds_before
        safety = self.safety_seconds
        if not finished and safety is not None and self.engine_seconds >= safety:
            self.gave_up = True
            task.cancel()  # it ends with what it found ("unknown", "at least")
            return True
        return finished

    def _proven(self, grid: npt.NDArray[Any], result: SolveResult | None) -> None:
        """Keep ``result`` as the proof of ``grid`` when it says "unique"."""
        if result is not None and result.status == "unique":
            self._proof = (_grid_key(grid), result)

    def _solve(
        self, grid: npt.NDArray[Any], cap: float | None = None
    ) -> Generator[None, None, tuple[SolveResult, SettledCells]]:
        """A two-solution solve of ``grid``'s puzzle, with the cells it settled before
        guessing."""
        puzzle = self._puzzle(grid)
        settled = SettledCells(puzzle)
        cap = CANDIDATE_WORK * self.pace if cap is None else cap
        task = CountedSolve(
            puzzle, max_solutions=2, work_limit=self._limit(cap), observer=settled,
            clock=self.clock,
        )  # fmt: skip
        while not self._pull(task):
            yield None
        assert task.result is not None
        self._proven(grid, task.result)
        return task.result, settled

    def _free(
        self,
        grid: npt.NDArray[Any],
        limit: int,
        first: tuple[SolveResult, SettledCells] | None = None,
    ) -> Generator[None, None, FreeCells]:
        """The free cells of ``grid`` within ``limit`` work (starting from ``first``, its
        two-solution solve, when one was made)."""
        return (yield from self._run_free(self._free_search(grid, limit, first), grid))

    def _free_search(
        self,
        grid: npt.NDArray[Any],
        limit: int,
        first: tuple[SolveResult, SettledCells] | None = None,
    ) -> FreeCellSearch:
        search = FreeCellSearch(
            self._puzzle(grid),
            first=first[0] if first is not None else None,
            settled=first[1].known if first is not None else None,
            work_limit=limit,
            cell_work_limit=int(0.25 * WORK_PER_SECOND * self.pace),
            # An edit usually leaves a few solutions: enumerating them counts exactly, soon,
            # and a ranking of edits by exact counts does not mistake a lower bound for one.
            enumeration_share=0.9,
            clock=self.clock,
        )
        return search

    def _run_free(
        self, search: FreeCellSearch, grid: npt.NDArray[Any]
    ) -> Generator[None, None, FreeCells]:
        """``search`` (of ``grid``) to its end."""
        while not self._pull(search):
            yield None
        assert search.result is not None
        self._proven(grid, search.first)
        return search.result

    # -- the search -------------------------------------------------------------------------

    def _search(self, free: FreeCells | None) -> Generator[None, None, FairResult]:
        grid = self.start.copy()
        if free is None or not free.exact:
            # No count, or one that ran out of its time (which depends on the machine): count
            # here, on work. A lower bound is enough to start from (its cells are the first
            # targets): the count must not eat the whole budget on a hard picture.
            budget = WORK_LIMIT if self.work_limit is None else self.work_limit
            search = self._free_search(grid, self._limit(FIRST_COUNT_SHARE * budget))
            free = yield from self._run_free(search, grid)
            if search.first is not None and not search.first.timed_out:
                self._first_work = search.first_work
            self.free_before = free.count
        if free.exact and not free.count:
            return self._made(True, grid)
        if self._measure:
            yield from self._measure_pace(grid)
        current = free
        if current.count > BATCH_ABOVE:
            batched = yield from self._batches(grid, current)
            if batched is None:
                grid = yield from self._prune(apply_edits(self.start, self.edits))
                return self._made(True, grid)
            grid, current = batched
        # The batches' edits do not count against max_edits: that caps the one-at-a-time search.
        first_single = len(self.edits)
        while len(self.edits) - first_single < self.max_edits and not self._out_of_time():
            touched = [edit.cell for edit in self.edits]
            region = free_regions(current.cells)[0] if current.cells else []
            options = self._candidates(grid, region, touched)[:MAX_CANDIDATES]
            if not options:
                break
            # An edit that clears this region without freeing any other cell is taken at
            # once; the others wait, in case no edit does.
            wanted = current.count - len(region)
            kept: list[tuple[Edit, tuple[SolveResult, SettledCells]]] = []
            taken: tuple[Edit, FreeCells] | None = None
            for edit in options:
                if self._out_of_time():
                    break
                self.tried += 1
                edited = apply_edits(grid, [edit])
                solved = yield from self._solve(edited)
                status = solved[0].status
                if status == "unique":
                    self.edits.append(edit)
                    if len(self.edits) > 1:
                        edited = yield from self._prune(edited)
                    return self._made(True, edited)
                if status != "multiple":
                    continue
                known = solved[1].known
                if all(known[y, x] >= 0 for x, y in region):
                    left = yield from self._free(edited, self._count_limit(), solved)
                    if left.exact and left.count <= wanted:
                        taken = (edit, left)
                        break
                else:
                    if (known >= 0).mean() < NEARBY_BELOW:
                        near = yield from self._fixed_nearby(edited, solved[0], region, current)
                        if near is not None:
                            taken = (edit, near)
                            break
                    kept.append((edit, solved))
                    if len(kept) >= COUNTED_CANDIDATES:
                        # Enough to rank: the nearest edits are the likeliest, and on a hard
                        # picture each further solve costs as much as a count.
                        break
            if taken is None:
                taken = yield from self._least_free(grid, kept)
            if taken is None:
                break  # no candidate could even be counted in time
            edit, current = taken
            self.edits.append(edit)
            grid = apply_edits(grid, [edit])
            self._reached(current)
        else:
            if not self._out_of_time():
                self.stopped = "edits"
        return self._made(False, self.start)

    def _batches(
        self, grid: npt.NDArray[Any], current: FreeCells
    ) -> Generator[None, None, tuple[npt.NDArray[Any], FreeCells] | None]:
        """Edit many switches at once while many cells are free: flip a set of free cells, the
        ones that blend in best, each at least ``BATCH_SPACING`` from the others; keep the
        batch when it leaves fewer free cells, else try its first half, and so on. Returns
        the grid and its free cells for the one-at-a-time search, or None when a batch made
        the puzzle unique (its edits are in :attr:`edits`)."""
        while current.count > BATCH_UNTIL and not self._out_of_time():
            touched = {edit.cell for edit in self.edits}
            smooth = self._smoothing(grid, current.cells, touched)
            picks = self._spaced(grid, current.cells, touched)
            size = len(picks)
            accepted: tuple[list[Edit], npt.NDArray[Any], FreeCells] | None = None
            tries = [smooth] if smooth else []
            while (tries or size >= 1) and accepted is None and not self._out_of_time():
                if tries:
                    batch = tries.pop()
                else:
                    batch = picks[:size]
                    size //= 2
                # Each edit of a batch counts: "7 edits [0.55 s, 2 edits tried]" read as
                # fewer tried than made (QA, convert --fix on a dithered gradient).
                self.tried += len(batch)
                edited = apply_edits(grid, batch)
                # The count's first solve says "unique" at once (exactly no free cell).
                left = yield from self._free(edited, self._limit(BATCH_COUNT_WORK * self.pace))
                if left.exact and not left.count:
                    self.edits.extend(batch)
                    return None
                # A lower bound as large as before may still be progress: the edits are
                # never made twice, so the batches cannot go round in circles.
                if left.count and left.count <= current.count:
                    accepted = (batch, edited, left)
            if accepted is None:
                break
            batch, grid, current = accepted
            self.edits.extend(batch)
            self._reached(current)
        return grid, current

    def _prune(self, grid: npt.NDArray[Any]) -> Generator[None, None, npt.NDArray[Any]]:
        """``grid`` (unique, with :attr:`edits` applied) with every edit that turns out not
        to be needed taken back, the most visible first: a batch makes some edits a later
        batch makes redundant. Each taking back is kept only when a solve proves the puzzle
        still unique, so the result stays fair whenever the time runs out."""
        # Passes until none takes an edit back: taking one back can make another unneeded.
        progress = True
        while progress:
            progress = False
            order = sorted(self.edits, key=lambda e: -self._cost(e))
            for edit in order:
                if self._out_of_time():
                    return grid
                trial = grid.copy()
                trial[edit.y, edit.x] = self.start[edit.y, edit.x]
                solved = yield from self._solve(trial)
                if solved[0].status == "unique":
                    grid = trial
                    self.edits.remove(edit)
                    progress = True
        return grid

    def _measure_pace(self, grid: npt.NDArray[Any]) -> Generator[None, None, None]:
        """Count the work of the picture's own two-solution solve; set :attr:`pace` from it.
        When the first count made that very solve to its end within less than this one's
        limit, this one would do the same work again line for line: its count is taken, and
        spent from the budget all the same, so the search goes on exactly as it would."""
        before = self.work
        cap = CANDIDATE_WORK * MAX_PACE
        first = self._first_work
        if first is not None and first < self._limit(cap):
            self.work += first
        else:
            yield from self._solve(grid, cap=cap)
        self.pace = min(MAX_PACE, max(1.0, (self.work - before) / PACE_WORK))

    def _count_limit(self) -> int:
        return self._limit(COUNT_WORK * self.pace)

    def _fixed_nearby(
        self,
        grid: npt.NDArray[Any],
        result: SolveResult,
        region: Sequence[CellPosition],
        current: FreeCells,
    ) -> Generator[None, None, FreeCells | None]:
        """Whether the edited black-and-white ``grid`` (its two-solution solve ``result``
        said "multiple") settles ``region`` where its root did not; then the free cells left
        to work on (at least the other regions'), else None.

        The two solutions must differ only in the other regions' cells. Then each cell of
        the region is tried the other way, a solve whose unknown cells are the rows and
        columns within NEARBY of the region and the other free cells (every switch through
        the region has its corners there), the rest pinned to the first solution: the
        region is settled when none of those solves finds a solution. On a picture whose
        lines settle few cells before guessing (citrus at 40x30: 78 of 1,200), the exact
        count this stands in for cost about twice a solve a candidate and seldom finished;
        these solves are small. It ranks, it does not prove: only a full solve ends the
        search."""
        if self.palette is not None or len(result.solutions) < 2:
            return None
        first, second = (np.asarray(s, dtype=np.int8) for s in result.solutions[:2])
        others = set(current.cells) - set(region)
        differ = {(int(x), int(y)) for y, x in np.argwhere(first != second)}
        if not differ <= others:
            return None  # the region is still free, or the edit freed cells of its own
        open_ = np.zeros(first.shape, dtype=bool)
        for x, y in region:
            open_[max(0, y - NEARBY) : y + NEARBY + 1, :] = True
            open_[:, max(0, x - NEARBY) : x + NEARBY + 1] = True
        for x, y in others:
            open_[y, x] = True
        puzzle = self._puzzle(grid)
        around = np.where(open_, -1, first).astype(np.int8)
        for x, y in region:
            pinned = around.copy()
            pinned[y, x] = 1 - first[y, x]
            task = CountedSolve(
                puzzle, max_solutions=1, initial=pinned,
                work_limit=self._limit(CANDIDATE_WORK * self.pace), clock=self.clock,
            )  # fmt: skip
            while not self._pull(task):
                yield None
            if task.result is None or task.result.status != "none":
                return None
        return FreeCells(tuple(sorted(others, key=lambda c: (c[1], c[0]))), exact=False)

    def _least_free(
        self, grid: npt.NDArray[Any], kept: list[tuple[Edit, tuple[SolveResult, SettledCells]]]
    ) -> Generator[None, None, tuple[Edit, FreeCells] | None]:
        """Of the ``kept`` edits (each with its two-solution solve), the one that leaves the
        fewest free cells, the nearest first among equals."""
        best: tuple[tuple[bool, int], Edit, FreeCells] | None = None
        for edit, solved in kept:
            if self._out_of_time():
                break
            edited = apply_edits(grid, [edit])
            left = yield from self._free(edited, self._count_limit(), solved)
            # Exact counts first: "at least 4" may well be 8.
            rank = (not left.exact, left.count)
            if left.count and (best is None or rank < best[0]):
                best = (rank, edit, left)
        return (best[1], best[2]) if best is not None else None

    def _made(self, found: bool, grid: npt.NDArray[Any]) -> FairResult:
        edits = tuple(self.edits) if found else ()
        best = None if found else self.best
        # The proof of the grid with its edits (made in it already or not: setting a cell
        # twice is the same).
        proven = self._proof
        proof = None
        if found and proven is not None and proven[0] == _grid_key(apply_edits(grid, edits)):
            proof = proven[1]
        self.result = FairResult(
            found,
            edits,
            grid,
            self.free_before,
            self.engine_seconds,
            self.tried,
            self.work,
            self.gave_up and not found,
            stopped="safety" if self.gave_up else self.stopped,
            partial=best[1] if best is not None else (),
            free_left=best[0] if best is not None else 0,
            proof=proof,
        )
        return self.result

    def advance(self, seconds: float) -> bool:
        """Search for about ``seconds``; True once :attr:`result` is ready."""
        work = self._work
        if work is None:
            return True
        deadline = self.clock() + seconds
        try:
            while self.clock() < deadline:
                next(work)
        except StopIteration:
            self._work = None
        return self._work is None

    def run(self) -> FairResult:
        """Search to the end (or the time limit); blocks."""
        while not self.advance(3600.0):
            pass
        assert self.result is not None
        return self.result

    def give_up(self) -> None:
        """Stop for good because the caller's own safety cap ran out: like :meth:`cancel`,
        and the result says it gave up (``gave_up``) rather than found nothing."""
        self.gave_up = True
        self.cancel()

    def cancel(self) -> None:
        """Stop for good, with no result (the picture stays as it was)."""
        if self._work is not None:
            self._work.close()
            self._work = None
            if self.result is None:
                self._made(False, self.start)


def _grid_key(grid: npt.NDArray[Any]) -> bytes:
    """A grid's cells as bytes (filled cells or colour numbers alike), its shape first."""
    cells = np.asarray(grid).astype(np.int8)
    return bytes(str(cells.shape), "ascii") + cells.tobytes()


def make_fair(
    grid: npt.NDArray[Any], palette: Palette | None = None, work_limit: int | None = WORK_LIMIT
) -> FairResult:
    """The edits that make ``grid`` a unique puzzle (see :class:`MakeFair`); blocks."""
    return MakeFair(grid, palette=palette, work_limit=work_limit).run()
