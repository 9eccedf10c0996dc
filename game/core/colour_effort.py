"""What a colour puzzle asks of a player, measured as for black and white.

Black and white is rated from the engine's own steps (:mod:`game.core.difficulty`): the
rounds of line logic before it first stalls, the share simple overlap gives, the probing
insights (a cell tried every way, one way failing by line logic) and the cells only probing
settles, and whether probing at the top stalls so that trials inside trials (search) are
needed. The colour engine probes and searches for speed, not as a player would, so a colour
puzzle is solved here a second time **as a player does it**, with the same measures:

1. **line logic in generations**: every row and column once (round 1, the lines with the
   least slack first), then the lines the last round narrowed, and so on, through the exact
   colour line solver (:mod:`~game.core.solver.colour_line`; a cell is the set of colours
   it may still be). ``rounds`` is the deepest generation that narrowed a cell before line
   logic first stalls, as the black-and-white engine counts ``line_rounds``;
2. **overlap**: the share of cells a row or a column settles on its own from a blank grid
   (:func:`~game.core.difficulty.overlap_share`, in colour by the colour line solver);
3. **probing at the top** when line logic stalls: each open cell (those with the most settled
   neighbours first, as the black-and-white engine orders them) is tried in each colour it
   may be, each followed by line logic; a colour that leads to a contradiction is struck off,
   and what every surviving colour agrees on holds. A probe that settles anything is an
   *insight*; line logic goes on from it, then probing again, until the grid is solved or a
   whole round of probing proves nothing: then the puzzle needs search (trials inside
   trials), which makes it Fiendish; the solve ends there with the :class:`Guess` a search
   would make first (the generator flips cells still open at it, as for black and white).

The solve yields the same steps the black-and-white engine does (``LineDeduced``,
``ProbeStarted``, ``ProbeResult``, ``Guess``, ``LinesChecked`` heartbeats every ``HEARTBEAT_LINES``
lines looked at), so the :class:`~game.core.difficulty.EffortMeter` and the generator's
watcher read it unchanged, and ends in :class:`~game.core.solver.steps.Finished`:
``unique`` when it settled every cell (line logic and probing only deduce what the clues
force, so a full grid is the one solution), ``none`` on a contradiction at the top,
``unknown`` when probing stalled. :func:`colour_source` makes it a
:class:`~game.core.solver.task.SolveTask` source, so its work is counted in steps (the same
on every machine) and sliced like any solve. Nothing here imports pygame.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Generator, Iterator
from dataclasses import replace
from itertools import pairwise

import numpy as np

from game.core.difficulty import Effort, EffortMeter
from game.core.puzzle import Puzzle
from game.core.solver.colour_line import line_mask, solve_colour_line
from game.core.solver.kernel import colour_line as compiled_colour_line
from game.core.solver.kernel import colour_propagator
from game.core.solver.options import SolveOptions
from game.core.solver.result import ColourSolveResult, SolveResult, SolveStats
from game.core.solver.steps import (
    CellChange,
    Finished,
    Guess,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    Step,
)
from game.core.solver.task import SolveTask, StepSource

# Lines looked at (solved or found in the cache) between two heartbeat steps.
HEARTBEAT_LINES = 64
# Entries the line cache may hold before it is emptied.
CACHE_LIMIT = 200_000
# What the compiled loop's generations_run() stopped at (_kernel_effort.h).
EV_DONE, EV_CONFLICT, EV_DEDUCED, EV_HEARTBEAT = 0, 1, 2, 3


def _settled(mask: int) -> bool:
    return mask & (mask - 1) == 0


class ColourPlayer:
    """One solve of a colour puzzle as a player does it (see the module text)."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.width = width = puzzle.width
        self.height = height = puzzle.height
        self.colours = puzzle.colour_count
        self.cells: list[int] = [line_mask(self.colours)] * (width * height)
        self.runs = puzzle.line_runs()
        self.solver = compiled_colour_line() or solve_colour_line
        self.line_cells: list[tuple[int, ...]] = [
            tuple(range(y * width, (y + 1) * width)) for y in range(height)
        ] + [tuple(range(x, width * height, width)) for x in range(width)]
        self.cache: dict[tuple[int, tuple[int, ...]], tuple[int, ...] | None] = {}
        self.rounds = 0
        self.lines = 0  # lines looked at (the work)
        self.lines_solved = 0
        self.probes = 0
        self.probe_fixes = 0
        self.stalled = False
        self.since_beat = 0
        # Root changes stamp their lines; a probe's record (what it proved, the lines it
        # looked at, when) is reused while none of those lines has changed.
        self.tick = 0
        self.line_stamp = [0] * (width + height)
        # The compiled line logic over these cells and stamps (kernel.py, _kernel_effort.h),
        # or None: the pure loop (_propagate_python). The same steps and counts.
        self.kernel = colour_propagator(
            width,
            height,
            self.runs,
            self.cells,
            CACHE_LIMIT,
            HEARTBEAT_LINES,
        )

    # -- lines ------------------------------------------------------------------------

    def _solve_line(self, line: int) -> tuple[int, ...] | None:
        state = tuple(self.cells[i] for i in self.line_cells[line])
        key = (line, state)
        self.lines += 1
        self.since_beat += 1
        if key in self.cache:
            return self.cache[key]
        self.lines_solved += 1
        answer = self.solver(self.runs[line], state)
        if len(self.cache) >= CACHE_LIMIT:
            self.cache.clear()
        self.cache[key] = answer
        return answer

    def _slack(self, line: int) -> int:
        runs = self.runs[line]
        need = sum(length for length, _ in runs)
        need += sum(1 for a, b in pairwise(runs) if a[1] == b[1])
        return len(self.line_cells[line]) - need

    def _beat(self) -> Iterator[Step]:
        if self.since_beat >= HEARTBEAT_LINES:
            self.since_beat = 0
            yield LinesChecked(HEARTBEAT_LINES, 0)

    def _propagate(
        self,
        queue: deque[tuple[int, int]],
        trail: list[tuple[int, int]] | None,
        count: bool,
        seen: list[int] | None = None,
    ) -> Generator[Step, None, bool]:
        """:meth:`_propagate_python`, or its compiled twin when the kernel is built."""
        if self.kernel is not None:
            return self._propagate_compiled(queue, trail, count, seen)
        return self._propagate_python(queue, trail, count, seen)

    def _propagate_compiled(
        self,
        queue: deque[tuple[int, int]],
        trail: list[tuple[int, int]] | None,
        count: bool,
        seen: list[int] | None,
    ) -> Generator[Step, None, bool]:
        """:meth:`_propagate_python` run by the kernel (``_kernel_effort.h``): the same
        lines in the same order, the same cells, stamps, counts and steps."""
        assert self.kernel is not None
        self.kernel.generations(queue, trail, count, seen, self.line_stamp)
        run = self.kernel.generations_run
        while True:
            event, what, self.rounds, self.tick, self.lines, self.lines_solved, self.since_beat = (
                run(self.rounds, self.tick, self.lines, self.lines_solved, self.since_beat)
            )
            if event == EV_HEARTBEAT:
                yield LinesChecked(HEARTBEAT_LINES, 0)
            elif event == EV_DEDUCED:
                line, settled = what
                if line < self.height:
                    yield LineDeduced("row", line, settled, "forced", 0)
                else:
                    yield LineDeduced("column", line - self.height, settled, "forced", 0)
            else:
                return bool(event == EV_DONE)

    def _propagate_python(
        self,
        queue: deque[tuple[int, int]],
        trail: list[tuple[int, int]] | None,
        count: bool,
        seen: list[int] | None = None,
    ) -> Generator[Step, None, bool]:
        """Line logic from ``queue`` ((line, generation) pairs, FIFO) until quiet; False on
        a contradiction. At the top (``trail`` None) it yields the cells each line settles
        and stamps the lines it changes; in a probe it keeps the old masks in ``trail``,
        yields heartbeats only and lists the lines it looks at in ``seen``.
        ``count``: the generations count as rounds (before the first stall)."""
        cells = self.cells
        queued = [False] * (self.width + self.height)
        for line, _ in queue:
            queued[line] = True
        while queue:
            line, generation = queue.popleft()
            queued[line] = False
            if seen is not None:
                seen.append(line)
            answer = self._solve_line(line)
            yield from self._beat()
            if answer is None:
                return False
            settled: list[CellChange] = []
            changed = False
            for index, mask in zip(self.line_cells[line], answer, strict=True):
                if mask == cells[index]:
                    continue
                changed = True
                if trail is not None:
                    trail.append((index, cells[index]))
                cells[index] = mask
                y, x = divmod(index, self.width)
                other = self.height + x if line < self.height else y
                if not queued[other]:
                    queued[other] = True
                    queue.append((other, generation + 1))
                if trail is None:
                    self.line_stamp[other] = self.tick + 1
                    if _settled(mask):
                        settled.append((x, y, mask.bit_length() - 1))
            if not changed:
                continue
            if count and generation > self.rounds:
                self.rounds = generation
            if trail is None:
                self.tick += 1
                self.line_stamp[line] = self.tick
                if settled and line < self.height:
                    yield LineDeduced("row", line, tuple(settled), "forced", 0)
                elif settled:
                    yield LineDeduced("column", line - self.height, tuple(settled), "forced", 0)
        return True

    def _open(self) -> list[int]:
        """Open cells, those with the most settled (or edge) neighbours first."""
        settled = np.array([_settled(mask) for mask in self.cells], dtype=np.int8)
        known = np.pad(settled.reshape(self.height, self.width), 1, constant_values=1)
        around = known[:-2, 1:-1] + known[2:, 1:-1] + known[1:-1, :-2] + known[1:-1, 2:]
        open_cells = np.flatnonzero(settled == 0)
        order = np.argsort(-around.ravel()[open_cells], kind="stable")
        found: list[int] = open_cells[order].tolist()
        return found

    # -- probing ----------------------------------------------------------------------

    def _probe(self, index: int) -> Generator[Step, None, tuple[dict[int, int], set[int]] | None]:
        """Try cell ``index`` in each colour it may be: the masks every surviving colour
        agrees on (cell -> mask, the cell itself included) and the lines looked at; None
        when no colour survives (a contradiction at the top)."""
        mask = self.cells[index]
        y, x = divmod(index, self.width)
        looked = {y, self.height + x}
        union: dict[int, int] | None = None
        survivors = 0
        for colour in range(self.colours + 1):
            if not (mask >> colour) & 1:
                continue
            self.probes += 1
            trail: list[tuple[int, int]] = [(index, mask)]
            self.cells[index] = 1 << colour
            queue = deque([(y, 1), (self.height + x, 1)])
            lines_seen: list[int] = []
            yield ProbeStarted(x, y, colour, 0)
            fine = yield from self._propagate(queue, trail, False, lines_seen)
            looked.update(lines_seen)
            undone = tuple((cell % self.width, cell // self.width) for cell, _ in trail)
            outcome = "consistent" if fine else "contradiction"
            yield ProbeResult(x, y, colour, outcome, undone, 0)
            if fine:
                survivors |= 1 << colour
                changed = {i: self.cells[i] for i, _ in trail}
                if union is None:
                    union = changed
                else:
                    union = {i: m | changed[i] for i, m in union.items() if i in changed}
            for cell, old in reversed(trail):
                self.cells[cell] = old
        if not survivors:
            return None
        proven = {i: m for i, m in (union or {}).items() if m != self.cells[i]}
        if survivors != mask:
            proven[index] = survivors
        return proven, looked

    def _apply(self, x: int, y: int, proven: dict[int, int]) -> Generator[Step, None, bool]:
        """Set what a probe proved, then line logic from it; False on a contradiction."""
        settled: list[CellChange] = []
        queue: deque[tuple[int, int]] = deque()
        queued: set[int] = set()
        self.tick += 1
        for index, mask in sorted(proven.items()):
            self.cells[index] &= mask
            self.probe_fixes += 1
            cell_y, cell_x = divmod(index, self.width)
            for line in (cell_y, self.height + cell_x):
                self.line_stamp[line] = self.tick
                if line not in queued:
                    queued.add(line)
                    queue.append((line, 1))
            if _settled(self.cells[index]):
                settled.append((cell_x, cell_y, self.cells[index].bit_length() - 1))
        # One step for what the probe proved (the meter counts it as an insight).
        yield LineDeduced("row", y, tuple(settled), "probe", 0)
        return (yield from self._propagate(queue, None, count=False))

    def _probing(self) -> Generator[Step, None, bool]:
        """Probing rounds until solved or a round proves nothing; False on a contradiction
        (sets ``stalled`` when probing stops short of a solution)."""
        records: dict[int, tuple[int, frozenset[int]]] = {}
        while True:
            progress = False
            for index in self._open():
                if _settled(self.cells[index]):
                    continue
                record = records.get(index)
                if record is not None and all(
                    self.line_stamp[line] <= record[0] for line in record[1]
                ):
                    continue  # nothing it looked at has changed: it would prove nothing
                y, x = divmod(index, self.width)
                found = yield from self._probe(index)
                if found is None:
                    return False
                proven, looked = found
                if not proven:
                    records[index] = (self.tick, frozenset(looked))
                    continue
                progress = True
                if not (yield from self._apply(x, y, proven)):
                    return False
                if all(_settled(mask) for mask in self.cells):
                    return True
            if not progress:
                self.stalled = True
                # Search would start here: the first open cell, in its first colour.
                index = self._open()[0]
                mask = self.cells[index]
                y, x = divmod(index, self.width)
                yield Guess(x, y, (mask & -mask).bit_length() - 1, 1)
                return True

    # -- the solve --------------------------------------------------------------------

    def steps(self) -> Iterator[Step]:
        """The solve's steps, ending with ``Finished`` (see the module text)."""
        lines = sorted(range(self.width + self.height), key=self._slack)
        fine = yield from self._propagate(deque((line, 1) for line in lines), None, count=True)
        if fine and not all(_settled(mask) for mask in self.cells):
            fine = yield from self._probing()
        yield Finished(self._result(fine))

    def _result(self, fine: bool) -> ColourSolveResult:
        stats = SolveStats(
            lines_solved=self.lines_solved,
            cache_hits=self.lines - self.lines_solved,
            line_rounds=self.rounds,
            probes=self.probes,
            probe_fixes=self.probe_fixes,
            solved_by_lines=fine and not self.probes,
            solved_without_search=fine and not self.stalled,
        )
        if not fine:
            return ColourSolveResult(status="none", stats=stats, complete=True)
        if self.stalled:
            return ColourSolveResult(status="unknown", stats=stats)
        grid = np.array([mask.bit_length() - 1 for mask in self.cells], dtype=np.int8)
        grid = grid.reshape(self.height, self.width)
        return ColourSolveResult(
            status="unique",
            solutions=[grid > 0],
            stats=stats,
            complete=True,
            colour_solutions=[grid],
        )


def colour_source(puzzle: Puzzle, options: SolveOptions) -> StepSource:
    """The player's solve as a :class:`~game.core.solver.task.SolveTask` source (the
    options' limits are the task's; the player takes no initial grid)."""
    return StepSource(ColourPlayer(puzzle).steps(), name="colour player")


def colour_effort_task(puzzle: Puzzle) -> tuple[SolveTask, EffortMeter]:
    """A task solving ``puzzle`` as a player does and the meter to give it as ``on_step``;
    once done, ``meter.effort(result.stats.line_rounds)`` is its effort (see
    :func:`colour_effort`)."""
    return SolveTask(puzzle, max_solutions=1, source=colour_source), EffortMeter(puzzle)


def effort_of(meter: EffortMeter, result: SolveResult) -> Effort:
    """The effort a finished player's solve showed (a stall is one guess: search)."""
    effort = meter.effort(result.stats.line_rounds)
    if result.status == "unknown" and not effort.guesses:
        effort = replace(effort, guesses=1)  # stopped short of its end: search, at least
    return effort


def colour_effort(puzzle: Puzzle) -> Effort:
    """What solving ``puzzle`` asks of a player (blocks)."""
    task, meter = colour_effort_task(puzzle)
    result = task.run(on_step=meter)
    return effort_of(meter, result)
