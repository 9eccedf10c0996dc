"""Learning for the colour engine: nogoods over "cell is / is not colour c" literals.

A literal is ``(cell, colour, is_)``: ``is_`` True reads "cell is colour c" (its mask is that
one bit), False "cell is not colour c" (the bit is gone). Every narrowing on the trail
makes some "is not" literals true, and knows why:

- a **line** removed them: because of every colour already gone from that line's cells
  (the line solver saw nothing else), so the reason is those "is not" literals;
- a **choice** set the cell to colour c: the reason of each colour it removed is the one
  literal "cell is c", the choice itself;
- a **learned rule** (a nogood: literals that cannot all hold) forced them: its other
  literals are the reason.

A contradiction (a line no placement fits, or a nogood whose literals all hold) is explained
back along these reasons to the first unique implication point of the latest choice: the
learned nogood holds that literal and literals of earlier choices only. Search jumps back
to the latest of those earlier choices, where the nogood forces the opposite of that
literal, and keeps it: wherever all but one of a nogood's literals hold, the last is made
false (a cell narrowed to one colour, or one colour removed from it). After a solution,
the nogood of the choices that made it shuts it out and the count goes on; a contradiction
with no choice left ends the search, complete. The explanation is coarse (a line's whole
state), so nogoods can be long; they are kept up to :data:`MAX_NOGOODS` (the oldest ones not
shutting out a solution forgotten first).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator

from game.core.solver.colour_engine import (
    CHOICE,
    LINE,
    ROOT,
    RULE,
    _ColourEngine,
    _Timeout,
)
from game.core.solver.result import ColourSolveResult
from game.core.solver.steps import Finished, LinesChecked, Step

Literal = tuple[int, int, bool]
Nogood = tuple[Literal, ...]

MAX_NOGOODS = 5_000
# A bit never removed: its position is later than any trail entry.
PRESENT = 1 << 60


class LearningColourEngine(_ColourEngine):
    """The colour engine with conflict learning and backjumping (see the module's text)."""

    def _setup_learning(self) -> None:
        colours = self.colours + 1
        self.colour_range = range(colours)
        # removed_at[cell][colour]: the trail position that removed it (-1: before the
        # solve, from the initial grid), PRESENT while it is there.
        self.removed_at = [
            [PRESENT if (mask >> c) & 1 else -1 for c in range(colours)] for mask in self.cells
        ]
        self.levels: list[int] = []
        self.kinds: list[int] = []
        self.data: list[object] = []
        self.level = 0
        self.nogoods: list[tuple[Nogood, bool]] = []
        self.watch: dict[int, list[int]] = {}
        self.touched: list[int] = []
        self.conflict: Nogood | None = None
        self.learned = 0
        if self.kernel is not None:  # the compiled loop keeps these lists as _narrow does
            self.kernel.learning(self.removed_at, self.levels, self.kinds, self.data, self.touched)

    # --- the trail ------------------------------------------------------------------------

    def _narrow(self, index: int, mask: int, kind: int = LINE, data: object = None) -> None:
        position = len(self.trail)
        removed = self.cells[index] & ~mask
        row = self.removed_at[index]
        colour = 0
        while removed >> colour:
            if (removed >> colour) & 1:
                row[colour] = position
            colour += 1
        self.levels.append(self.level)
        self.kinds.append(kind)
        self.data.append(data)
        self.touched.append(index)
        super()._narrow(index, mask, kind, data)

    def _undo_to(self, mark: int) -> None:
        trail = self.trail
        removed_at = self.removed_at
        cells = self.cells
        self.reverted.update(index for index, _ in trail[mark:])
        for position in range(len(trail) - 1, mark - 1, -1):
            index, old = trail[position]
            removed = old & ~cells[index]
            cells[index] = old
            row = removed_at[index]
            colour = 0
            while removed >> colour:
                if (removed >> colour) & 1:
                    row[colour] = PRESENT
                colour += 1
        del trail[mark:]
        del self.levels[mark:]
        del self.kinds[mark:]
        del self.data[mark:]
        self.touched.clear()
        for line in self.queue:
            self.queued[line] = False
        self.queue.clear()

    # --- literals ---------------------------------------------------------------------------

    def _value(self, literal: Literal) -> bool | None:
        """True, False, or None while undecided."""
        cell, colour, is_ = literal
        mask = self.cells[cell]
        has = (mask >> colour) & 1
        single = mask == 1 << colour
        if is_:
            return True if single else (False if not has else None)
        return True if not has else (False if single else None)

    def _place(self, literal: Literal) -> tuple[int, int]:
        """Where a true literal became true: (trail position, order within the position)."""
        cell, colour, is_ = literal
        row = self.removed_at[cell]
        if not is_:
            position = row[colour]
            chosen = position >= 0 and self.kinds[position] == CHOICE
            return position, 1 if chosen else 0
        position = max(row[c] for c in self.colour_range if c != colour)
        chosen = position >= 0 and self.kinds[position] == CHOICE
        return position, 0 if chosen else 1

    def _reason(self, literal: Literal, position: int) -> Nogood | None:
        cell, colour, is_ = literal
        kind = self.kinds[position]
        if is_:
            if kind == CHOICE and self.trail[position][0] == cell:
                return None  # the choice itself
            return tuple((cell, c, False) for c in self.colour_range if c != colour)
        if kind == CHOICE:
            return ((cell, int(self.data[position]), True),)  # type: ignore[call-overload]
        if kind == RULE:
            cause = self.data[position]
            assert isinstance(cause, tuple)
            rule: Nogood = cause[0]
            unit: Literal = cause[1]
            return tuple(other for other in rule if other != unit)
        line = self.data[position]
        assert isinstance(line, int) and kind == LINE
        return self._line_literals(line, position)

    def _line_literals(self, line: int, before: int) -> Nogood:
        """The "is not" literals of a line's cells made true before trail position ``before``."""
        literals = []
        removed_at = self.removed_at
        for cell in self.line_cells[line]:
            row = removed_at[cell]
            for colour in self.colour_range:
                if row[colour] < before:
                    literals.append((cell, colour, False))
        return tuple(literals)

    def _analyse(self, conflict: Nogood) -> tuple[Nogood, int]:
        """The learned nogood (its last literal the one of the latest choice) and the level
        to jump back to."""
        current = self.level
        seen: set[Literal] = set()
        heap: list[tuple[int, int, Literal]] = []
        learned: list[Literal] = []

        def add(literal: Literal) -> None:
            if literal in seen:
                return
            seen.add(literal)
            position, order = self._place(literal)
            level = self.levels[position] if position >= 0 else 0
            if level == 0:
                return
            if level == current:
                heapq.heappush(heap, (-position, -order, literal))
            else:
                learned.append(literal)

        for literal in conflict:
            add(literal)
        while len(heap) > 1:
            negative_position, _order, literal = heapq.heappop(heap)
            reason = self._reason(literal, -negative_position)
            assert reason is not None, "only the choice has no reason, and it comes first"
            for other in reason:
                add(other)
        learned.append(heap[0][2])
        jump = max((self.levels[self._place(lit)[0]] for lit in learned[:-1]), default=0)
        return tuple(learned), jump

    # --- nogoods ------------------------------------------------------------------------------

    def _store(self, nogood: Nogood, permanent: bool) -> None:
        if len(self.nogoods) >= MAX_NOGOODS:
            self._forget()
        number = len(self.nogoods)
        self.nogoods.append((nogood, permanent))
        for cell in {literal[0] for literal in nogood}:
            self.watch.setdefault(cell, []).append(number)

    def _forget(self) -> None:
        """Drop the older half of the learned nogoods (those shutting out solutions stay)."""
        kept = [
            entry
            for number, entry in enumerate(self.nogoods)
            if entry[1] or number >= len(self.nogoods) // 2
        ]
        self.nogoods = []
        self.watch = {}
        for nogood, permanent in kept:
            self._store(nogood, permanent)

    def _apply(self, nogood: Nogood, literal: Literal) -> None:
        """Make ``literal`` false, because of ``nogood``'s other literals."""
        cell, colour, is_ = literal
        mask = self.cells[cell]
        self._narrow(cell, mask & ~(1 << colour) if is_ else 1 << colour, RULE, (nogood, literal))

    def _more_work(self) -> bool:
        """Nogoods over the cells changed since the last look: a unit one narrows a cell, a
        violated one is a contradiction."""
        while self.touched and not self.queue:
            cells = set(self.touched)
            self.touched.clear()
            numbers = sorted({n for cell in cells for n in self.watch.get(cell, ())})
            for number in numbers:
                nogood = self.nogoods[number][0]
                open_literal = None
                for literal in nogood:
                    value = self._value(literal)
                    if value is False:
                        break
                    if value is None:
                        if open_literal is not None:
                            break
                        open_literal = literal
                else:
                    if open_literal is None:
                        self.bad = True
                        self.conflict = nogood
                        return True
                    self._apply(nogood, open_literal)
        return bool(self.queue)

    def propagate(self) -> Iterator[Step]:
        self.conflict = None
        return super().propagate()

    # --- search ---------------------------------------------------------------------------

    def run(self) -> Iterator[Step]:
        self._setup_learning()
        complete = capped = timed_out = False
        try:
            if any(mask == 0 for mask in self.cells):
                self.bad = True
            else:
                self._queue_all()
                yield from self.propagate()
                self.line_rounds = 1
            if not self.bad and self.probing and self._branch_cell() is not None:
                yield from self.probe()
            marks: list[int] = []  # the trail position of each level's choice
            solution_nogood = False
            while True:
                if self.bad:
                    if self.level == 0:
                        complete = True
                        break
                    conflict = self.conflict
                    if conflict is None:
                        conflict = self._line_literals(self.conflict_line, len(self.trail))
                    nogood, jump = self._analyse(conflict)
                    self.backtracks += 1
                    self.learned += 1
                    self._undo_to(marks[jump])
                    del marks[jump:]
                    self.level = self.depth = jump
                    self._store(nogood, solution_nogood)
                    solution_nogood = False
                    self.conflict = None
                    yield LinesChecked(0, jump)
                    self._apply(nogood, nogood[-1])
                    yield from self.propagate()
                    continue
                index = self._branch_cell()
                if index is None:
                    self._record_solution()
                    yield self._solution_step()
                    if self.max_solutions is not None and len(self.solutions) >= self.max_solutions:
                        capped = True
                        break
                    if self.level == 0:
                        complete = True
                        break
                    # Shut this solution out: the nogood of the choices that made it.
                    self.conflict = tuple(
                        (self.trail[mark][0], int(self.data[mark]), True)  # type: ignore[call-overload]
                        for mark in marks
                    )
                    self.bad = True
                    solution_nogood = True
                    continue
                mask = self.cells[index]
                first = mask & -mask
                marks.append(len(self.trail))
                self.level = self.depth = len(marks)
                self.guesses += 1
                self.max_depth = max(self.max_depth, self.depth)
                self._narrow(index, first, CHOICE, first.bit_length() - 1)
                yield from self.propagate()
        except _Timeout:
            timed_out = True
        result = self._result(complete, capped, timed_out)
        assert isinstance(result, ColourSolveResult)
        yield from self._flush()
        yield Finished(result)


__all__ = ["ROOT", "LearningColourEngine"]
