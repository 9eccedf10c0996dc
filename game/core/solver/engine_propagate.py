"""Line propagation on the engine's state: solve queued lines until the queue is dry or a line
(or a learned nogood) contradicts, yielding a step for each line that gave cells.

:class:`LinePropagation` adds it to :class:`~game.core.solver.engine_state.EngineState`:
:meth:`~LinePropagation.propagate_python` is the reference, and the compiled kernel's
``Propagator.run`` (``_kernel_propagate.h``) its twin, whose steps are built here from the
trail. Probing, learning and search (``engine_probe``, ``engine_learn``, ``engine``) build on
it.
"""

from __future__ import annotations

from collections.abc import Generator, Sequence

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.lines import Clue
from game.core.solver.engine_state import (
    BROKEN_RULE,
    CLOCK_EVERY,
    CODE_BITS,
    CODE_MASK,
    EV_DONE,
    EV_HEARTBEAT,
    EV_LINE_CONFLICT,
    EV_LINE_DEDUCED,
    EV_RULE_BROKEN,
    EV_RULE_FORCED,
    HEARTBEAT_LINES,
    STEP_VALUE,
    EngineState,
)
from game.core.solver.line import HITS
from game.core.solver.nogoods import NogoodStore
from game.core.solver.steps import (
    CellChange,
    Contradiction,
    LineDeduced,
    LinesChecked,
    RuleDeduced,
    Step,
)


class LinePropagation(EngineState):
    """The engine's state with line propagation (see the module text)."""

    # -- propagation -----------------------------------------------------------------------

    def propagate(self, probe: bool) -> Generator[Step, None, int]:
        """:meth:`propagate_python`, or its compiled twin when the kernel is built."""
        if self.propagator is not None:
            return self._propagate_compiled(probe)
        return self.propagate_python(probe)

    def _propagate_compiled(self, probe: bool) -> Generator[Step, None, int]:
        """:meth:`propagate_python` run by the compiled kernel (``_kernel_propagate.h``) on
        this state: the same cells, counts and steps, the steps built here from the trail
        (and only while someone watches)."""
        assert self.propagator is not None
        run = self.propagator.run
        depth = len(self.choices)
        count_rounds = not probe and not self.choices and not self.stalled
        stamping = not probe and not self.choices
        watching = self.watching
        width = self.width
        height = self.height
        quiet = 0
        while True:
            (
                event,
                what,
                solved_at,
                filled,
                self.unknown,
                self.tick,
                self.countdown,
                self.rounds,
                quiet,
                hits,
                due,
            ) = run(
                probe,
                depth,
                count_rounds,
                stamping,
                watching,
                self.unknown,
                self.tick,
                self.countdown,
                self.rounds,
                quiet,
            )
            self.solver.counts[HITS] += hits
            if due:
                self.propagator.clock_credit(self._check_clock(due))
                if self.beat and not watching:
                    yield LinesChecked(0, depth)  # the unwatched solve's heartbeat
            if event == EV_LINE_DEDUCED:
                line_id = what
                trail = self.trail
                changes = []
                if self.planes == 1:
                    for entry in trail[solved_at:]:
                        y, x = divmod(entry >> CODE_BITS, width)
                        changes.append((x, y, STEP_VALUE[entry & CODE_MASK]))
                else:  # a colour cell shows its yes
                    changes = [
                        self.change(entry)
                        for entry in trail[solved_at:]
                        if entry & CODE_MASK == FILLED
                    ]
                is_row = line_id < height
                line = self.lines[line_id]
                yield LineDeduced(
                    "row" if is_row else "column",
                    line_id if is_row else line_id - height,
                    tuple(changes),
                    "forced"
                    if probe
                    else _reason(
                        self.clues[line_id],
                        line.count(UNKNOWN) + len(trail) - solved_at,
                        len(line),
                        len(trail) - solved_at,
                        bool(filled),
                    ),
                    depth,
                    probe,
                )
            elif event == EV_RULE_FORCED:
                x, y, value = self.change(what)
                yield RuleDeduced(x, y, value, solved_at, depth, probe)
            elif event == EV_HEARTBEAT:
                yield LinesChecked(HEARTBEAT_LINES, depth)
            elif event == EV_LINE_CONFLICT:
                axis, index = self._axis(what)
                yield Contradiction(axis, index, depth, probe)
                return int(what)
            elif event == EV_RULE_BROKEN:
                self.broken = what
                yield Contradiction(None, None, depth, probe, self.nogoods.size(what))
                return BROKEN_RULE
            elif event == EV_DONE:
                return -1

    def propagate_python(self, probe: bool) -> Generator[Step, None, int]:
        """Solve queued lines until the queue is empty; the return value is the line that
        contradicted, BROKEN_RULE when a learned nogood broke (``broken`` names it), or -1.

        Before each line, the learned nogoods look at the cells set since they last looked
        (see :mod:`~game.core.solver.nogoods`); cells they force come as
        :class:`RuleDeduced` steps and queue their lines like any other.

        Inside a probe the lines taken from the queue are noted in ``visited``; outside one,
        every line that gains a cell at the root gets a fresh stamp (see :meth:`probe`; only
        the root probes, and cells set below it are stamped when a backtrack undoes them).
        """
        height = self.height
        row_length = self.row_length
        planes = self.planes
        split = self.split
        rows = self.rows
        columns = self.columns
        clues = self.clues
        caches = self.caches
        solver = self.solver
        line_counts = solver.counts
        queue = self.queue
        queued = self.queued
        line_round = self.line_round
        line_stamp = self.line_stamp
        trail_append = self.trail.append
        visited_append = self.visited.append
        count_rounds = not probe and not self.choices and not self.stalled
        depth = len(self.choices)
        stamp = 0
        stamping = not probe and not self.choices
        quiet = 0
        lines = self.lines
        units = self.units
        flat = self.cells
        level = self.level
        position = self.position
        reason = self.reason
        seen_before = self.seen_before
        trail = self.trail
        store = self.nogoods
        assert isinstance(store, NogoodStore)  # the compiled store goes with the kernel
        rule = store.rule
        while True:
            if store.head < len(trail):
                if store.nogoods:
                    self.ruled.clear()
                    broken = store.propagate(self._set_by_rule)
                    for entry in self.ruled:
                        x, y, value = self.change(entry)
                        forced_by = rule[entry >> CODE_BITS]
                        size = len(forced_by.entries) if forced_by is not None else 0
                        if stamping:
                            self._stamp_cells(((x, y),))
                        yield RuleDeduced(x, y, value, size, depth, probe)
                    if broken is not None:
                        self.broken = broken
                        self._clear_queue()
                        yield Contradiction(None, None, depth, probe, len(broken.entries))
                        return BROKEN_RULE
                    if self.ruled:
                        # The store stops at each cell it forces (so the step above shows
                        # the board as it is); it looks on before any line is solved.
                        continue
                else:
                    store.head = len(trail)
            if not queue:
                break
            line_id = queue.popleft()
            queued[line_id] = 0
            line = bytes(lines[line_id])
            outcome = caches[line_id].get(line, b"")
            if outcome == b"":  # not cached (a cached outcome is None or at least one byte)
                outcome = solver.solve_uncached(clues[line_id], line, caches[line_id])
            else:
                line_counts[HITS] += 1
            if probe:
                visited_append(line_id)
            # The countdown lives on the engine: most probes look at fewer lines than it. The
            # look at the clock comes once the line's work is done, before its step (where
            # the compiled loop hands back to Python), so a timeout leaves the same state.
            self.countdown -= 1
            due = not self.countdown
            if due:
                self.countdown = CLOCK_EVERY
            if outcome is None:
                self.line_weight[line_id] += 1
                self._clear_queue()
                if due:
                    self._check_clock()
                axis, index = self._axis(line_id)
                yield Contradiction(axis, index, depth, probe)
                return line_id
            if len(outcome) == units[line_id]:
                quiet += 1
                beat = quiet >= HEARTBEAT_LINES
                if beat:
                    quiet = 0
                if due:
                    self._check_clock()
                if beat:
                    yield LinesChecked(HEARTBEAT_LINES, depth)
                continue
            quiet = 0
            is_row = line_id < height
            values: Sequence[int] = outcome
            if units[line_id] == 2:  # a line longer than 255 cells: two bytes an index
                values = memoryview(outcome).cast("H")
            count = values[0]
            filled = values[1 : count + 1]
            empty = values[count + 1 :]
            this_round = line_round[line_id]
            next_round = this_round + 1
            if count_rounds and this_round > self.rounds:
                self.rounds = this_round
            if stamping:
                self.tick += 1
                stamp = self.tick
                line_stamp[line_id] = stamp
            changes: list[CellChange] = []
            solved_at = len(trail)
            if is_row:
                y = line_id
                row = rows[y]
                base = y * row_length
                for code, positions in ((FILLED, filled), (EMPTY, empty)):
                    value = STEP_VALUE[code]
                    shows = planes == 1 or code == FILLED  # a colour cell shows its yes
                    for at in positions:
                        x, plane = split[at]
                        row[at] = code
                        columns[x][y * planes + plane] = code
                        index = base + at
                        flat[index] = code
                        level[index] = depth
                        position[index] = len(trail)
                        reason[index] = line_id
                        seen_before[index] = solved_at
                        trail_append((index << CODE_BITS) | code)
                        other = height + x
                        if not queued[other]:
                            queued[other] = 1
                            line_round[other] = next_round
                            queue.append(other)
                        if stamp:
                            line_stamp[other] = stamp
                        if shows:
                            changes.append((x, y, value if planes == 1 else plane))
            else:
                x = line_id - height
                column = columns[x]
                for code, positions in ((FILLED, filled), (EMPTY, empty)):
                    value = STEP_VALUE[code]
                    shows = planes == 1 or code == FILLED
                    for at in positions:
                        y, plane = split[at]
                        column[at] = code
                        row_at = x * planes + plane
                        rows[y][row_at] = code
                        index = y * row_length + row_at
                        flat[index] = code
                        level[index] = depth
                        position[index] = len(trail)
                        reason[index] = line_id
                        seen_before[index] = solved_at
                        trail_append((index << CODE_BITS) | code)
                        if not queued[y]:
                            queued[y] = 1
                            line_round[y] = next_round
                            queue.append(y)
                        if stamp:
                            line_stamp[y] = stamp
                        if shows:
                            changes.append((x, y, value if planes == 1 else plane))
            self.unknown -= len(trail) - solved_at
            if due:
                self._check_clock()
            yield LineDeduced(
                "row" if is_row else "column",
                line_id if is_row else line_id - height,
                tuple(changes),
                "forced"
                if probe
                else _reason(
                    clues[line_id],
                    line.count(UNKNOWN),
                    len(line),
                    len(trail) - solved_at,
                    bool(filled),
                ),
                depth,
                probe,
            )
        return -1


def _reason(clue: Clue, unknown_before: int, length: int, changed: int, any_filled: bool) -> str:
    """A word for why a line gave cells (the exact solver does not say; this is a summary):
    ``unknown_before`` of the line's ``length`` cells were unknown before it gave ``changed``."""
    if not clue:
        return "empty clue"
    if unknown_before == length:
        return "overlap"
    if changed == unknown_before:
        return "completed"
    if not any_filled:
        return "unreachable"
    return "forced"
