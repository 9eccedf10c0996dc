"""Probing: try each unknown cell both ways at the root and keep what a way proves.

A contradiction fixes the cell the other way; cells both ways agree on are fixed too. A cell's
record is reused while none of the lines its probes looked at has changed.
"""

from __future__ import annotations

from array import array
from collections.abc import Generator, Sequence

import numpy as np

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.solver.engine_propagate import LinePropagation
from game.core.solver.engine_state import (
    CODE_BITS,
    CODE_MASK,
    DECIDED,
    OTHER,
    Branch,
)
from game.core.solver.steps import (
    Contradiction,
    LineDeduced,
    LinesChecked,
    ProbeResult,
    ProbeStarted,
    Step,
)

# Probing rounds at one node before branching anyway (None: until a round fixes nothing).
PROBE_ROUNDS: int | None = None
# Line stamps compared for reused probe records between two heartbeat steps.
HEARTBEAT_STAMPS = 2000
# Cells probed afresh in a row that prove nothing before a round gives up and branches: on
# a big open grid a full round costs two probes a cell for nothing (a 100x100 grid of 1s:
# 20,000 probes, 7 s). Cells beside known ones are probed first, so the fruitful ones come
# early; a 25x25 grid never reaches this.
PROBE_PATIENCE = 1000


# What one way of a probe led to: trail entries it deduced (a frozenset, so agreements are
# set intersections), or None when that way contradicts.
Deductions = frozenset[int] | None


class Prober(LinePropagation):
    """Root probing on top of the engine's state."""

    def _probe_candidates(self) -> list[int]:
        """Unknown variables, those of cells with the most known (or edge) neighbours first."""
        planes = self.planes
        flat = np.frombuffer(self.cells, dtype=np.uint8)
        if planes == 1:
            settled = flat.reshape(self.height, self.width) != UNKNOWN
        else:  # a colour cell is known by its yes
            codes = flat.reshape(self.height, self.width, planes)
            settled = (codes == FILLED).any(axis=2)
        known = np.pad(settled, 1, constant_values=True).astype(np.int8)
        neighbours = known[:-2, 1:-1] + known[2:, 1:-1] + known[1:-1, :-2] + known[1:-1, 2:]
        unknown = np.flatnonzero(flat == UNKNOWN)
        cells = unknown // planes if planes > 1 else unknown
        order = np.argsort(-neighbours.ravel()[cells], kind="stable")
        candidates: list[int] = unknown[order].tolist()
        return candidates

    def _probe_one(self, index: int, code: int) -> Generator[Step, None, Deductions]:
        """Try one value; the return value is the trail entries it led to, or None on a
        contradiction. The lines it looked at are added to ``visited``."""
        self.probes += 1
        mark = len(self.trail)
        self._set(index, code)
        x, y, value = self.change((index << CODE_BITS) | code)
        depth = len(self.choices)
        if self.watching:
            yield ProbeStarted(x, y, value, depth)
        bad = yield from self.propagate(probe=True)
        deduced: Deductions = None
        if bad == -1:  # else a line or a learned rule broke
            deduced = frozenset(self.trail[mark + 1 :])
        outcome = "contradiction" if bad != -1 else "solved" if not self.unknown else "consistent"
        undone = self._undo_to(mark)
        if self.watching:
            yield ProbeResult(x, y, value, outcome, undone, depth)
        return deduced

    def _fix(self, entries: Sequence[int], why: int = DECIDED) -> Generator[Step, None, int]:
        """Set cells proven by probing, one step per row, then propagate them."""
        row_length = self.row_length
        root = not self.choices
        by_row: dict[int, list[int]] = {}
        for entry in sorted(entries):
            by_row.setdefault((entry >> CODE_BITS) // row_length, []).append(entry)
        self.probe_fixes += len(entries)
        for y, row_entries in by_row.items():
            for entry in row_entries:
                self._set(entry >> CODE_BITS, entry & CODE_MASK, why)
            changes = tuple(self.change(entry) for entry in row_entries)
            if root:
                self._stamp_cells(tuple((x, y) for x, y, _value in changes))
            # A colour cell shows its yes (its noes come with it, or show nothing yet).
            shown = tuple(change for change in changes if change[2] >= 0)
            yield LineDeduced("row", y, shown, "probe", self.depth)
        bad = yield from self.propagate(probe=False)
        return bad

    def probe(self) -> Generator[Step, None, tuple[str, Branch | None]]:
        """Probe until a round fixes nothing. Returns ``("contradiction", None)``,
        ``("solved", None)`` or ``("branch", (variable, first value, second value))``.

        A cell's record is reused in a later round while none of the lines its probes looked
        at has changed (lines are stamped when a real deduction, a guess or a backtrack
        changes them): probing again would see the same lines and find the same things.
        """
        height = self.height
        cells = self.cells
        line_stamp = self.line_stamp
        records = self.records
        visited = self.visited
        line_weight = self.line_weight
        rounds = 0
        reused = 0
        while True:
            progress = False
            fruitless = 0
            best: Branch | None = None
            best_score = (-1, -1, -1)
            for index in self._probe_candidates():
                if cells[index] != UNKNOWN:
                    continue
                x, y = self.where(index)
                record = records.get(index)
                if record is not None:
                    looked = memoryview(record[3]).cast("H")
                    if record[4] < max(map(line_stamp.__getitem__, looked)):
                        record = None
                    else:
                        # A round that reuses every record does no other work: a
                        # heartbeat now and then keeps each step short.
                        reused += len(looked)
                        if reused >= HEARTBEAT_STAMPS:
                            yield LinesChecked(reused, self.depth)
                            reused = 0
                if record is None:
                    visited.clear()
                    visited.extend((y, height + x))
                    tick = self.tick
                    when_filled = yield from self._probe_one(index, FILLED)
                    when_empty = yield from self._probe_one(index, EMPTY)
                    if when_filled is None:
                        if when_empty is None:
                            yield Contradiction(None, None, self.depth)
                            return "contradiction", None
                        fixed = when_empty | {(index << CODE_BITS) | EMPTY}
                    elif when_empty is None:
                        fixed = when_filled | {(index << CODE_BITS) | FILLED}
                    else:
                        fixed = when_filled & when_empty
                    record = (
                        array("I", sorted(fixed)).tobytes(),
                        len(when_filled or ()),
                        len(when_empty or ()),
                        array("H", set(visited)).tobytes(),
                        tick,
                    )
                    records[index] = record
                    fruitless = 0 if record[0] else fruitless + 1
                proven, filled_count, empty_count = record[0], record[1], record[2]
                if not proven:
                    # Lines that keep contradicting mark the hard part of the puzzle:
                    # settling them first stops the search from thrashing elsewhere.
                    score = (
                        line_weight[y] + line_weight[height + x],
                        min(filled_count, empty_count),
                        max(filled_count, empty_count),
                    )
                    if score > best_score:
                        best_score = score
                        richer = FILLED if filled_count >= empty_count else EMPTY
                        first = richer if self.prefer_richer else OTHER[richer]
                        if self.planes > 1:
                            first = FILLED  # a colour guess tries a colour
                        best = (index, first, OTHER[first])
                    if fruitless >= PROBE_PATIENCE:
                        break  # the next round (or the branch) starts from fruitful cells
                    continue
                progress = True
                bad = yield from self._fix(memoryview(proven).cast("I"))
                if bad != -1:
                    return "contradiction", None
                if not self.unknown:
                    return "solved", None
            if not progress:
                assert best is not None, "an unknown cell was probed"
                return "branch", best
            rounds += 1
            if (
                PROBE_ROUNDS is not None
                and rounds >= PROBE_ROUNDS
                and best is not None
                and cells[best[0]] == UNKNOWN
            ):
                return "branch", best
