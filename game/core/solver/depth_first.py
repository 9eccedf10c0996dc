"""The second search: depth first, every unknown cell probed at every node, no learning.

The engine's own search (:mod:`~game.core.solver.engine`) learns from each contradiction and
restarts; on most hard puzzles that wins, but on some its runs wander where a plain
depth-first search, probing every cell both ways before each guess, walks a short path.
That search is the one LalaFrogKK won the 2011-2015 tournaments with (Wu et al., IEEE TCIAIG
2013), and this is our own take on it. At each node:

1. **Full probing**: each unknown cell, column by column, is tried filled and empty, each way
   propagated by the lines to their fixpoint and undone. A way that contradicts sets the cell
   the other way (both contradicting: the node fails); cells both ways set hold whatever the
   cell is and are set. Rounds repeat until one sets nothing.
2. **Records**: a probe's outcome (whether it held, the cells it set) is kept with the lines it
   looked at; while no real change (a deduction kept, a guess, an undo) touches one of those
   lines, probing again would see the same lines and find the same cells, so the record
   stands for it. Most of a round after the first is records.
3. **Branching**: the cell whose two ways set the most cells (the engine's
   :func:`~game.core.solver.engine_lookahead.pair_score`; among equals the first, column by
   column), tried filled first, then empty.
   A solution is counted at a leaf; the search stops at ``max_solutions`` or when the tree is
   done.

Work is counted as the engine counts it: a line looked at is one unit, however it was
answered. :class:`DepthFirst` advances in slices (:meth:`DepthFirst.run` up to a work
budget), so a caller can alternate it with the engine by work alone and get the same
answer on any machine. ``_kernel_dfs.h`` is its compiled twin: the same order of everything,
so the same nodes, probes, work and slice ends (``tests/core/test_depth_first.py`` holds them
together).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from game.core.cells import EMPTY, FILLED
from game.core.solver.engine_lookahead import pair_score
from game.core.solver.kernel import depth_first
from game.core.solver.line import forced_cells

# The longest side the search takes (the compiled twin's lines are one 64-bit word, as the
# engine's word lines: kernel MAX_WORD_LINE).
MAX_LINE = 62
# Where the search stands (DepthFirst.phase).
START, PROBING, FINISHED = range(3)


@dataclass(frozen=True)
class Record:
    """One way of one cell, probed: the tick it was probed at, the lines it looked at,
    whether it held, and the trail entries (cell << 2 | code) it set, the cell's own first."""

    tick: int
    visited: tuple[int, ...]
    held: bool
    entries: tuple[int, ...]


class DepthFirst:
    """Depth-first search with full probing on a black-and-white puzzle (see the module
    text). ``run(budget)`` works until the work reaches ``budget`` or the search ends;
    ``finished``, ``complete`` (the whole tree was searched) and ``solutions`` (each a bytes
    of 1 filled, 0 empty, row by row) then tell the verdict."""

    def __init__(
        self,
        width: int,
        height: int,
        clues: Sequence[Sequence[int]],
        max_solutions: int | None,
    ) -> None:
        self.width = width
        self.height = height
        self.clues = [tuple(clue) for clue in clues]  # rows, then columns
        self.max_solutions = max_solutions
        self.cells = bytearray(width * height)
        # The cells as rounds and the branching take them: column by column, each top down
        # (on TAAI 2011 row by row made 2-7 times the nodes on some questions: equal
        # scores are common, and the order decides them).
        self.order = [y * width + x for x in range(width) for y in range(height)]
        self.unknown = width * height
        self.trail: list[int] = []
        self.queue: list[int] = []
        self.queued = bytearray(width + height)
        self.line_stamp = [0] * (width + height)
        self.tick = 0
        self.records: dict[int, Record] = {}
        # (cell, trail length before its guess, whether its second way is being tried)
        self.stack: list[tuple[int, int, bool]] = []
        self.phase = START
        self.cursor = 0
        self.changed = False
        self.work = 0
        self.nodes = 0
        self.probes = 0
        self.solutions: list[bytes] = []
        self.complete = False

    @property
    def finished(self) -> bool:
        return self.phase == FINISHED

    # -- the board ----------------------------------------------------------------------------

    def _line(self, line_id: int) -> bytes:
        width = self.width
        if line_id < self.height:
            return bytes(self.cells[line_id * width : (line_id + 1) * width])
        return bytes(self.cells[line_id - self.height :: width])

    def _queue(self, line_id: int) -> None:
        if not self.queued[line_id]:
            self.queued[line_id] = 1
            self.queue.append(line_id)

    def _set(self, index: int, code: int, real: bool) -> None:
        """Set an unknown cell and queue its row, then its column; a real change stamps
        them."""
        self.cells[index] = code
        self.unknown -= 1
        self.trail.append(index << 2 | code)
        y, x = divmod(index, self.width)
        if real:
            self.tick += 1
            self.line_stamp[y] = self.line_stamp[self.height + x] = self.tick
        self._queue(y)
        self._queue(self.height + x)

    def _undo_to(self, mark: int, real: bool) -> None:
        trail = self.trail
        width = self.width
        for entry in trail[mark:]:
            index = entry >> 2
            self.cells[index] = 0
            if real:
                y, x = divmod(index, width)
                self.tick += 1
                self.line_stamp[y] = self.line_stamp[self.height + x] = self.tick
        self.unknown += len(trail) - mark
        del trail[mark:]

    def _propagate(self, entries: Sequence[int], real: bool, visited: set[int] | None) -> bool:
        """Set ``entries`` (each cell << 2 | code; one already so is passed over, one the
        other way contradicts) and solve the queued lines, first in first out, to their
        fixpoint: False on a contradiction. ``visited`` gathers the lines looked at."""
        cells = self.cells
        for entry in entries:
            index, code = entry >> 2, entry & 3
            if cells[index] == code:
                continue
            if cells[index]:
                self._clear_queue()
                return False
            self._set(index, code, real)
        width, height = self.width, self.height
        queue = self.queue
        head = 0
        while head < len(queue):
            line_id = queue[head]
            head += 1
            self.queued[line_id] = 0
            self.work += 1
            if visited is not None:
                visited.add(line_id)
            outcome = forced_cells(self.clues[line_id], self._line(line_id))
            if outcome is None:
                del queue[:head]
                self._clear_queue()
                return False
            filled, empty = outcome
            forced = sorted([(at, FILLED) for at in filled] + [(at, EMPTY) for at in empty])
            for at, code in forced:
                index = line_id * width + at if line_id < height else at * width + line_id - height
                self._set(index, code, real)
        queue.clear()
        return True

    def _clear_queue(self) -> None:
        for line_id in self.queue:
            self.queued[line_id] = 0
        self.queue.clear()

    # -- probing ------------------------------------------------------------------------------

    def _record(self, index: int, code: int) -> Record:
        """The record of ``index`` set to ``code``: the kept one while its lines stand, else
        a new probe."""
        key = index << 2 | code
        record = self.records.get(key)
        if record is not None:
            stamp = self.line_stamp
            if all(stamp[line_id] <= record.tick for line_id in record.visited):
                return record
        self.probes += 1
        mark = len(self.trail)
        visited: set[int] = set()
        held = self._propagate((key,), False, visited)
        entries = tuple(self.trail[mark:])
        self._undo_to(mark, False)
        record = Record(self.tick, tuple(sorted(visited)), held, entries)
        self.records[key] = record
        return record

    def _probe_cell(self, index: int) -> None:
        """One cell of a round: its two records, and what they prove."""
        when_filled = self._record(index, FILLED)
        when_empty = self._record(index, EMPTY)
        if not when_filled.held and not when_empty.held:
            self._backtrack()
            return
        if not when_filled.held or not when_empty.held:
            proven: Sequence[int] = (index << 2 | (EMPTY if not when_filled.held else FILLED),)
        else:
            proven = sorted(set(when_filled.entries).intersection(when_empty.entries))
            if not proven:
                return
        self.changed = True
        self._after(self._propagate(proven, True, None))

    def _best(self) -> int:
        """The unknown cell to guess: the best pair score of its two records (all current
        after a round that set nothing), the first in :attr:`order` among equals."""
        best, best_score = -1, -1.0
        cells = self.cells
        for index in self.order:
            if cells[index]:
                continue
            score = pair_score(
                len(self.records[index << 2 | FILLED].entries),
                len(self.records[index << 2 | EMPTY].entries),
            )
            if score > best_score:
                best, best_score = index, score
        return best

    # -- the search ---------------------------------------------------------------------------

    def _after(self, held: bool) -> None:
        """Go on after real cells were set: back on a contradiction, a leaf when none is
        unknown, else keep probing the node."""
        if not held:
            self._backtrack()
        elif not self.unknown:
            self._leaf()

    def _enter(self) -> None:
        self.phase = PROBING
        self.cursor = 0
        self.changed = False

    def _count_leaf(self) -> bool:
        """Count the grid as a solution: True when that makes max_solutions (the search is
        then finished)."""
        self.solutions.append(bytes(code == FILLED for code in self.cells))
        if self.max_solutions is None or len(self.solutions) < self.max_solutions:
            return False
        self.phase = FINISHED
        return True

    def _leaf(self) -> None:
        if not self._count_leaf():
            self._backtrack()

    def _backtrack(self) -> None:
        """Undo to the deepest guess with a way left and take it (counting a leaf it
        completes and going on), or finish: the whole tree searched."""
        stack = self.stack
        while stack:
            index, mark, second = stack[-1]
            self._undo_to(mark, True)
            if second:
                stack.pop()
                continue
            stack[-1] = (index, mark, True)
            if not self._propagate((index << 2 | EMPTY,), True, None):
                continue
            if not self.unknown:
                if self._count_leaf():
                    return
                continue
            self._enter()
            return
        self.complete = True
        self.phase = FINISHED

    def _branch(self) -> None:
        index = self._best()
        self.nodes += 1
        self.stack.append((index, len(self.trail), False))
        self._enter()
        self._after(self._propagate((index << 2 | FILLED,), True, None))

    def step(self) -> None:
        """One piece of the search: the root's lines, one cell of a probing round, or the
        guess that ends a round which set nothing."""
        if self.phase == START:
            self._enter()
            lines = range(self.width + self.height)
            for line_id in lines:
                self._queue(line_id)
            self._after(self._propagate((), True, None))
            return
        if self.cursor < len(self.cells):
            index = self.order[self.cursor]
            self.cursor += 1
            if not self.cells[index]:
                self._probe_cell(index)
            return
        if self.changed:
            self._enter()
            return
        self._branch()

    def run(self, budget: int | None) -> None:
        """Work until ``budget`` lines were looked at (None: no bound) or the search ends."""
        while self.phase != FINISHED and (budget is None or self.work < budget):
            self.step()


class SecondSearch(Protocol):
    """What the engine reads of a depth-first search, compiled or not."""

    work: int
    nodes: int
    probes: int

    @property
    def solutions(self) -> list[bytes]: ...

    @property
    def finished(self) -> bool: ...

    @property
    def complete(self) -> bool: ...

    def run(self, budget: int | None) -> None: ...


def open_depth_first(
    width: int, height: int, clues: Sequence[Sequence[int]], max_solutions: int | None
) -> SecondSearch:
    """The depth-first search of a puzzle (rows' clues, then columns'): the compiled twin
    when the kernel is built, else :class:`DepthFirst`. Both find the same in the same
    work."""
    if max(width, height) > MAX_LINE:
        raise ValueError(f"the depth-first search takes sides of at most {MAX_LINE} cells")
    compiled = depth_first()
    if compiled is not None:
        lines = [tuple(clue) for clue in clues]
        search: SecondSearch = compiled(width, height, lines, max_solutions)
        return search
    return DepthFirst(width, height, clues, max_solutions)
