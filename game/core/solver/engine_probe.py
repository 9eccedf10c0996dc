"""Probing: try each unknown cell both ways at the root and keep what a way proves.

A contradiction fixes the cell the other way; cells both ways agree on are fixed too. A cell's
record is reused while none of the lines its probes looked at has changed.
"""

from __future__ import annotations

from array import array
from collections.abc import Generator, Sequence
from typing import Any

import numpy as np

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.solver.engine_propagate import LinePropagation
from game.core.solver.engine_state import (
    BY_RULE,
    CODE_BITS,
    CODE_MASK,
    DECIDED,
    OTHER,
    Branch,
)
from game.core.solver.line import HITS
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
# What probing a cell both ways proved: None when both ways contradict, else the proven trail
# entries (bytes of array('I'), ascending) and how many entries each way deduced.
ProbeFound = tuple[bytes, int, int] | None
# How a round of probing ended: "contradiction", "solved" or "round"; whether it proved any
# cell; the best branch among the cells that proved nothing.
RoundEnd = tuple[str, bool, Branch | None]

# What Propagator.probe_scan hands back (_kernel_probe.h): a record proving cells, both ways
# of a probe contradicting, a pause after SCAN_PAUSE fresh probes, the round's end.
SCAN_FOUND, SCAN_CONTRADICTION, SCAN_PAUSED, SCAN_END = range(4)
# The slots of its array('q'): unknown, countdown, probes, hits to add, the next candidate's
# position, fruitless probes in a row, the best branch's variable (-1: none yet) and first
# code, its score (the lines' weight, the lesser and the greater way's deductions), and
# whether the last cell looked at was probed afresh (the engine's ``after_probe``).
SCAN_SLOTS = 12
_BEST, _FIRST, _WEIGHT, _LEAST, _MOST, _AFTER_PROBE = 6, 7, 8, 9, 10, 11
# Fresh probes the kernel makes before it hands back for a heartbeat.
SCAN_PAUSE = 32


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

    def _probe_cell_python(self, index: int) -> Generator[Step, None, ProbeFound]:
        """Try the unknown variable ``index`` filled, then empty (:meth:`_probe_one`):
        None when both ways contradict, else what is proven (the bytes of array('I') of the
        trail entries, ascending: what both ways deduced alike, or the other way's
        deductions and its own entry when one way contradicts) and how many entries each way
        deduced (0 for a way that contradicts). ``Propagator.probe_root``
        (``_kernel_probe.h``) is its compiled twin for an engine no one watches."""
        when_filled = yield from self._probe_one(index, FILLED)
        when_empty = yield from self._probe_one(index, EMPTY)
        if when_filled is None:
            if when_empty is None:
                return None
            fixed = when_empty | {(index << CODE_BITS) | EMPTY}
        elif when_empty is None:
            fixed = when_filled | {(index << CODE_BITS) | FILLED}
        else:
            fixed = when_filled & when_empty
        proven = array("I", sorted(fixed)).tobytes()
        return proven, len(when_filled or ()), len(when_empty or ())

    def _fix(self, entries: Sequence[int], why: int = DECIDED) -> Generator[Step, None, int]:
        """Set cells proven by probing, one step per row, then propagate them.

        At the root before any guess (the window :class:`~game.core.difficulty.EffortMeter`
        watches) it counts the effort as the meter would from the steps: an insight when a
        fresh probe came just before (``after_probe``), and the cells the steps show (the
        rows set here, then propagation's lines), so a rating needs no steps."""
        row_length = self.row_length
        root = not self.choices
        counting = root and not self.guesses
        if counting and self.after_probe:
            self.insights += 1
        self.after_probe = False
        self.probe_fixes += len(entries)
        if not self.watching:  # no steps: set the cells, stamp their lines a row at a time
            line_stamp = self.line_stamp
            height = self.height
            row = -1
            for entry in sorted(entries):
                index = entry >> CODE_BITS
                self._set(index, entry & CODE_MASK, why)
                if root:
                    x, y = self.where(index)
                    if y != row:
                        row = y
                        self.tick += 1
                        line_stamp[y] = self.tick
                    line_stamp[height + x] = self.tick
            if counting and self.planes == 1:
                self.probed_cells += len(entries)
            elif counting:  # a colour cell shows its yes (see below)
                self.probed_cells += sum(self.shown(entry) >= 0 for entry in entries)
        else:
            by_row: dict[int, list[int]] = {}
            for entry in sorted(entries):
                by_row.setdefault((entry >> CODE_BITS) // row_length, []).append(entry)
            for y, row_entries in by_row.items():
                for entry in row_entries:
                    self._set(entry >> CODE_BITS, entry & CODE_MASK, why)
                changes = tuple(self.change(entry) for entry in row_entries)
                if root:
                    self._stamp_cells(tuple((x, y) for x, y, _value in changes))
                # A colour cell shows its yes (its noes come with it, or show nothing yet).
                shown = tuple(change for change in changes if change[2] >= 0)
                if counting:
                    self.probed_cells += len(shown)
                yield LineDeduced("row", y, shown, "probe", self.depth)
        mark = len(self.trail)
        bad = yield from self.propagate(probe=False)
        if counting:
            self.probed_cells += self._cells_deduced(mark)
        return bad

    def _settle(self, proven: bytes) -> Generator[Step, None, str | None]:
        """Set the cells a probe record proves (bytes of array('I') of trail entries) and
        propagate: "contradiction" or "solved" when that ends the node, else None."""
        bad = yield from self._fix(memoryview(proven).cast("I"))
        if bad != -1:
            return "contradiction"
        if not self.unknown:
            return "solved"
        return None

    def _cells_deduced(self, mark: int) -> int:
        """The cells line deductions set since trail length ``mark``, as their steps show
        them: every entry in black and white, a colour cell's yes; not those a learned rule
        forced (steps of their own)."""
        reason = self.reason
        planes = self.planes
        return sum(
            1
            for entry in self.trail[mark:]
            if reason[entry >> CODE_BITS] != BY_RULE
            and (planes == 1 or entry & CODE_MASK == FILLED)
        )

    def probe(self) -> Generator[Step, None, tuple[str, Branch | None]]:
        """Probe until a round fixes nothing. Returns ``("contradiction", None)``,
        ``("solved", None)`` or ``("branch", (variable, first value, second value))``.

        A cell's record is reused in a later round while none of the lines its probes looked
        at has changed (lines are stamped when a real deduction, a guess or a backtrack
        changes them): probing again would see the same lines and find the same things.
        Unwatched, the compiled kernel runs each round (``Propagator.probe_scan``).
        """
        rounds = 0
        compiled = self.propagator if not self.watching else None
        while True:
            if compiled is not None:
                ended = yield from self._probe_round_compiled(compiled)
            else:
                ended = yield from self._probe_round_python()
            outcome, progress, best = ended
            if outcome != "round":
                return outcome, None
            if not progress:
                assert best is not None, "an unknown cell was probed"
                return "branch", best
            rounds += 1
            if (
                PROBE_ROUNDS is not None
                and rounds >= PROBE_ROUNDS
                and best is not None
                and self.cells[best[0]] == UNKNOWN
            ):
                return "branch", best

    def _probe_round_python(self) -> Generator[Step, None, RoundEnd]:
        """One round of probing: every candidate (:meth:`_probe_candidates`) probed both
        ways, or its record reused, and what a probe proves set at once. Returns
        ``("contradiction" or "solved", ...)`` when the round ends the node, else
        ``("round", whether it proved anything, the best branch among cells that proved
        nothing)``. ``Propagator.probe_scan`` runs its loop compiled."""
        height = self.height
        cells = self.cells
        line_stamp = self.line_stamp
        records = self.records
        visited = self.visited
        line_weight = self.line_weight
        reused = 0
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
                    # A round that reuses every record does no other work: a heartbeat
                    # now and then keeps each step short.
                    reused += len(looked)
                    if reused >= HEARTBEAT_STAMPS:
                        yield LinesChecked(reused, self.depth)
                        reused = 0
            if record is None:
                visited.clear()
                visited.extend((y, height + x))
                tick = self.tick
                found = yield from self._probe_cell_python(index)
                self.after_probe = True  # its last step was a ProbeResult
                if found is None:
                    yield Contradiction(None, None, self.depth)
                    return "contradiction", progress, None
                record = (*found, array("H", set(visited)).tobytes(), tick)
                records[index] = record
                fruitless = 0 if record[0] else fruitless + 1
            proven, filled_count, empty_count = record[0], record[1], record[2]
            if not proven:
                # Lines that keep contradicting mark the hard part of the puzzle: settling
                # them first stops the search from thrashing elsewhere.
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
            ended = yield from self._settle(proven)
            if ended is not None:
                return ended, progress, None
        return "round", progress, best

    def _counts_to_kernel(self, counts: array[int]) -> None:
        """The first four slots of a kernel scan's counts (probe_scan, lookahead_scan): the
        unknown variables, the clock's countdown, the probes, and 0 hits to add."""
        counts[0], counts[1], counts[2], counts[3] = self.unknown, self.countdown, self.probes, 0

    def _counts_from_kernel(self, counts: array[int], box: list[object]) -> None:
        """What a kernel scan wrote back (also when the clock's EngineTimeout ended it):
        the counts of :meth:`_counts_to_kernel`, and the nogood a contradiction broke, taken
        out of ``box``."""
        self.unknown, self.countdown, self.probes = counts[0], counts[1], counts[2]
        self.solver.counts[HITS] += counts[3]
        if box[0] is not None:
            self.broken = box[0]
            box[0] = None

    def _probe_round_compiled(self, compiled: Any) -> Generator[Step, None, RoundEnd]:
        """:meth:`_probe_round_python` with its loop run by ``Propagator.probe_scan`` on this
        engine's objects, handed over by position: the candidates, the records, one
        array('q') of its counts (unknown, countdown, probes, the line solver's hits to add,
        written back even when the clock's EngineTimeout ends the scan) and the round's state
        (``_kernel_probe.h``), its clock check and a box for the nogood a contradiction
        broke. The kernel hands back at each cell whose record proves cells, set here, and
        every SCAN_PAUSE fresh probes, for a heartbeat."""
        candidates = array("q", self._probe_candidates())
        scan = array("q", bytes(8 * SCAN_SLOTS))
        scan[_BEST] = scan[_WEIGHT] = scan[_LEAST] = scan[_MOST] = -1
        progress = False
        box: list[object] = [None]
        while True:
            self._counts_to_kernel(scan)
            scan[_AFTER_PROBE] = self.after_probe
            try:
                event, proven = compiled.probe_scan(
                    candidates,
                    len(self.choices),
                    self.tick,
                    self.prefer_richer,
                    PROBE_PATIENCE,
                    SCAN_PAUSE,
                    self.records,
                    scan,
                    self._check_clock,
                    box,
                )
            finally:
                self._counts_from_kernel(scan, box)
                self.after_probe = bool(scan[_AFTER_PROBE])
            if self.beat:
                yield LinesChecked(0, self.depth)  # the unwatched solve's heartbeat
            if event == SCAN_CONTRADICTION:
                yield Contradiction(None, None, self.depth)
                return "contradiction", progress, None
            if event == SCAN_FOUND:
                progress = True
                ended = yield from self._settle(proven)
                if ended is not None:
                    return ended, progress, None
            elif event == SCAN_END:
                best = scan[_BEST]
                if best < 0:
                    return "round", progress, None
                first = scan[_FIRST]
                return "round", progress, (best, first, OTHER[first])
