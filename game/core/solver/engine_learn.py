"""Learning from contradictions: explain one, keep the lesson as a nogood, jump back.

Every cell set below the root knows why (see :class:`~.engine_state.EngineState`): a guess,
a line whose solve forced it, or a learned nogood (explained by the nogood's other cells).
A line's explanation is worked out only when an analysis needs it, and kept small: of the
line's cells set before its solve, those the clue still cannot do without (see
:func:`~game.core.solver.line.smallest_reason`): on average 2 to 3 of the 6 to 11 known
(dom_08, TAAI 2011 #914 and #990). Short explanations make short nogoods, and short
nogoods prune far more of the search. When a line or a nogood breaks, :meth:`Learner.analyse`
walks the trail back from the contradiction, replacing cells set at
the current depth by their explanation until exactly one such cell is left (the "first
unique implication point" of SAT solvers): the cells gathered cannot all hold together. That
nogood names cells from a few earlier depths only; search jumps back to the deepest of them
(skipping every choice that played no part) where the nogood forces the last cell the other
way, and it stays in the store to force cells again wherever it applies.

Activity ranks the cells for branching below the root (the lookahead's candidates, and the
cell guessed when no lookahead runs): every cell an explanation passes through is bumped, and
each bump weighs more than the last, so the cells of recent contradictions come first (the
"VSIDS" rule). A cell's value is the one it last had
(phase saving), so jumping back retries what was working; a restart takes the values of the
furthest assignment yet (see :mod:`~game.core.solver.engine`). The cells a failed lookahead
probe set led to its contradiction and leave no value behind.
"""

from __future__ import annotations

import functools
from array import array
from collections.abc import Generator, Sequence

import numpy as np
import numpy.typing as npt

from game.core.cells import FILLED, UNKNOWN
from game.core.solver.engine_probe import Prober
from game.core.solver.engine_state import (
    BROKEN_RULE,
    BY_PROBES,
    BY_RULE,
    CODE_BITS,
    CODE_MASK,
    DECIDED,
    OTHER,
    Branch,
)
from game.core.solver.nogoods import NogoodStore
from game.core.solver.steps import (
    Backjump,
    Backtrack,
    Learned,
    LinesChecked,
    RuleDeduced,
    RulesForgotten,
    Step,
)

# Activity growth per contradiction (older bumps fade against newer ones).
ACTIVITY_GROWTH = 1.0 / 0.95
_RESCALE_ABOVE = 1e100
# The learned nogood gives way to the guesses up to its jump's depth when those are at most
# this share of its length.
DECISION_SHARE = 0.5
# Explanations remembered before the memory is emptied (each is two ints). Emptying a full
# memory frees every entry in one step: at 100,000 that took ~15 ms.
REASON_CACHE_LIMIT = 20_000
# Cells explained in one analysis before it settles for the guesses' nogood (a cost cap).
ANALYSIS_LIMIT = 400
# Line fits tried in explanations, or cells explained, between two heartbeat steps (each
# about a millisecond's work; an explanation met before costs no fits but still some time).
HEARTBEAT_FITS = 100
HEARTBEAT_CELLS = 24


@functools.lru_cache(maxsize=16)
def line_variables(width: int, height: int, planes: int) -> tuple[Sequence[int], ...]:
    """The variables of each line of a grid, by line id (rows, then columns), in line order:
    made once a shape, as every engine on a grid of that shape (a generator's hundreds of
    candidates) asks for the same."""
    row_length = width * planes
    cells = row_length * height
    rows = [range(y * row_length, (y + 1) * row_length) for y in range(height)]
    if planes == 1:
        return (*rows, *(range(x, cells, row_length) for x in range(width)))
    down = (np.arange(height)[:, None] * row_length + np.arange(planes)).ravel()
    return (*rows, *(tuple((down + x * planes).tolist()) for x in range(width)))


class Learner(Prober):
    """Conflict analysis, nogood learning, backjumping and activity branching."""

    def _init_learning(self) -> None:
        cells = len(self.cells)
        self.activity = array("d", [0.0]) * cells
        self.bump_by = 1.0
        # The variables of each line, by line id, in line order: its explanation reads them.
        self.line_cells = line_variables(self.width, self.height, self.planes)
        # Explanations of the current analysis, by cell (minimisation asks again).
        self.why_cache: dict[int, list[int]] = {}
        self.explanations = 0
        # Line fits tried, and explanations reported, at the last heartbeat step.
        self.fits = 0
        self.reported = 0
        # Explanations already worked out, by (clue, known cells, target): search meets the
        # same line states again and again.
        # Keys are ints (the line's slot, the target and the known cells packed), which the
        # garbage collector never walks; a slot is a clue on a line of one length. The
        # compiled twin keeps its own entries here under bytes keys (_kernel_reason.h).
        slots: dict[tuple[tuple[int, ...], int], int] = {}
        self.clue_slot = [
            slots.setdefault((clue, len(line)), len(slots))
            for clue, line in zip(self.clues, self.lines, strict=True)
        ]
        self.reason_cache: dict[int, int] = {}

    # -- explanation -----------------------------------------------------------------------

    def _line_reason(self, line_id: int, before: int, target: int = -1) -> list[int]:
        """A small set of the cells of ``line_id`` set before trail position ``before`` that
        the line's clue cannot hold (with the cell ``target`` the other way, when given: then
        they are why the line forced it). Trail entries.

        The known cells are dropped one at a time, the latest first, while the rest still do
        not fit: what is left names only the cells that matter (often two or three of a
        line's twenty), so the nogoods built from it are short and reach back to few
        guesses. Dropping the latest first keeps the earliest cells, the ones set nearest the
        root, which lets a nogood jump back further.
        """
        length = len(self.lines[line_id])
        if self.propagator is not None:  # any length (_kernel_reason.h)
            kept, fits = self.propagator.reason(
                line_id,
                before,
                target,
                self.clue_slot[line_id],
                self.reason_cache,
                REASON_CACHE_LIMIT,
            )
            self.fits += fits
            self.explanations += 1
            return kept  # type: ignore[no-any-return]
        flat = self.cells
        position = self.position
        cells = self.line_cells[line_id]
        known = []
        filled = empty = 0
        for offset, code in enumerate(self.lines[line_id]):
            if code:
                index = cells[offset]
                at = position[index]
                if at < before:
                    known.append((at, offset, index))
                    if code == FILLED:
                        filled |= 1 << offset
                    else:
                        empty |= 1 << offset
        target_offset = -1
        if target >= 0:
            target_offset = self._offset(line_id, target)
            if flat[target] == FILLED:
                empty |= 1 << target_offset
            else:
                filled |= 1 << target_offset
        key = (
            (((self.clue_slot[line_id] << 16) | (target_offset + 1)) << (2 * length))
            | (filled << length)
            | empty
        )
        kept_bits = self.reason_cache.get(key)
        if kept_bits is None:
            self.fits += len(known)
            known.sort(reverse=True)
            kept_bits = self.solver.smallest_reason(
                self.clues[line_id],
                length,
                filled,
                empty,
                [offset for _position, offset, _index in known],
            )
            if len(self.reason_cache) >= REASON_CACHE_LIMIT:
                self.reason_cache.clear()
            self.reason_cache[key] = kept_bits
        kept = [
            (index << CODE_BITS) | flat[index]
            for _position, offset, index in known
            if (kept_bits >> offset) & 1
        ]
        self.explanations += 1
        return kept

    def _offset(self, line_id: int, index: int) -> int:
        """Where variable ``index`` stands in line ``line_id``."""
        y, at = divmod(index, self.row_length)
        if line_id < self.height:
            return at
        return y * self.planes + self.split[at][1]

    def _explain(self, index: int, bump: bool = True) -> list[int]:
        """The trail entries that forced the cell ``index`` (none for a decision). A nogood
        that explains is bumped (it was of use) unless ``bump`` is off (minimisation)."""
        why = self.reason[index]
        if why >= 0:
            cached = self.why_cache.get(index)
            if cached is None:
                cached = self.why_cache[index] = self._line_reason(
                    why, self.seen_before[index], index
                )
            return cached
        if why == BY_RULE:
            store = self.nogoods
            assert isinstance(store, NogoodStore)  # the compiled store goes with the kernel
            nogood = store.rule[index]
            assert nogood is not None
            if bump:
                self.nogoods.bump(nogood)
            return [entry for entry in nogood.entries if entry >> CODE_BITS != index]
        if why == BY_PROBES:
            return self._guessed(self.level[index])[::-1]  # in the order they were made
        return []

    def analyse(self, conflict: int) -> Generator[Step, None, tuple[list[int], int]]:
        """The nogood a contradiction teaches (its first entry the one cell of the current
        depth left in it) and the depth to jump back to. ``conflict`` is the line that broke,
        or BROKEN_RULE for the nogood in ``broken``.

        The compiled kernel's ``Propagator.analyse`` (``_kernel_analyse.h``) is the twin of
        this method up to its aging: the same nogood, depth, activities and counts, its
        heartbeats handed back as counts to yield here."""
        current = len(self.choices)
        if self.propagator is not None:
            found = self.propagator.analyse(
                conflict,
                self.broken,
                REASON_CACHE_LIMIT,
                ANALYSIS_LIMIT,
                self.choices,
                self.reason_cache,
                self.clue_slot,
                self.activity,
                self.bump_by,
                self.fits,
                self.explanations,
                self.reported,
            )
            entries, back, beats, self.fits, self.explanations, self.reported = found
            for count in beats:
                yield LinesChecked(count, current)
            self._age()
            return entries, back
        return (yield from self.analyse_python(conflict))

    def analyse_python(self, conflict: int) -> Generator[Step, None, tuple[list[int], int]]:
        """:meth:`analyse` in Python: the reference."""
        current = len(self.choices)
        level = self.level
        activity = self.activity
        bump_by = self.bump_by
        trail = self.trail
        self.why_cache.clear()
        if conflict == BROKEN_RULE:
            assert self.broken is not None
            self.nogoods.bump(self.broken)
            reasons = self.nogoods.entries(self.broken)
        else:
            reasons = self._line_reason(conflict, len(trail))
        marked: set[int] = set()
        pending = 0  # marked cells of the current depth not yet replaced by their reasons
        earlier: list[int] = []
        cursor = len(trail)
        explained = 0
        while True:
            for entry in reasons:
                index = entry >> CODE_BITS
                if index in marked:
                    continue
                depth = level[index]
                if not depth:
                    continue  # settled at the root: true whatever the guesses
                marked.add(index)
                activity[index] += bump_by
                if depth >= current:
                    pending += 1
                else:
                    earlier.append(entry)
            # The latest marked cell: the trail holds every depth's cells after the last's,
            # so while cells of the current depth are pending, it is one of them.
            while True:
                cursor -= 1
                entry = trail[cursor]
                if entry >> CODE_BITS in marked:
                    break
            pending -= 1
            if pending <= 0:  # the first unique implication point (pending never goes below)
                break
            explained += 1
            if self.fits >= HEARTBEAT_FITS or self.explanations - self.reported >= HEARTBEAT_CELLS:
                yield self._heartbeat()
            if explained > ANALYSIS_LIMIT:
                # A long chain of forced cells: explaining all of it costs more than the
                # nogood saves. The guesses so far cannot all hold: learn that, go back one.
                self._age()
                decisions = self._guessed(current)
                return decisions, current - 1
            reasons = self._explain(entry >> CODE_BITS)
        back = max((level[other >> CODE_BITS] for other in earlier), default=0)
        if earlier and back >= len(earlier) * DECISION_SHARE:
            earlier = yield from self._minimise(earlier)
            back = max((level[other >> CODE_BITS] for other in earlier), default=0)
        if earlier:
            if back < len(earlier) * DECISION_SHARE:
                # Every cell of a depth up to ``back`` follows from the guesses up to it, so
                # those guesses can stand for the cells: a shorter rule, as sound, and
                # cheaper to watch.
                earlier = self._guessed(back)
            else:
                # The deepest entry is watched second: it is the last to be undone.
                deepest = max(range(len(earlier)), key=lambda at: level[earlier[at] >> CODE_BITS])
                earlier[0], earlier[deepest] = earlier[deepest], earlier[0]
        self._age()
        return [entry, *earlier], back

    def _age(self) -> None:
        """Make later activity bumps weigh more (rescaling before the floats overflow)."""
        activity = self.activity
        self.bump_by *= ACTIVITY_GROWTH
        if self.bump_by > _RESCALE_ABOVE:
            for index in range(len(activity)):
                activity[index] *= 1e-100
            self.bump_by *= 1e-100
        self.nogoods.age()

    def _minimise(self, entries: list[int]) -> Generator[Step, None, list[int]]:
        """Drop entries whose own explanation lies wholly among the nogood's cells (or the
        root): the nogood without them still cannot hold (one step of the usual clause
        minimisation, kept local so it stays cheap; the full recursive one, tried on TAAI
        2011 #900-#999, took as long and timed out as often)."""
        level = self.level
        marked = {entry >> CODE_BITS for entry in entries}
        kept = []
        for entry in entries:
            index = entry >> CODE_BITS
            if self.reason[index] == DECIDED or any(
                other >> CODE_BITS not in marked and level[other >> CODE_BITS]
                for other in self._explain(index, bump=False)
            ):
                kept.append(entry)
            if self.fits >= HEARTBEAT_FITS or self.explanations - self.reported >= HEARTBEAT_CELLS:
                yield self._heartbeat()
        return kept

    def _heartbeat(self) -> LinesChecked:
        """The step that keeps a long explanation from running as one long step: explaining
        a cell looks at one line several times, and finds nothing new for the board."""
        self.fits = 0
        count = self.explanations - self.reported
        self.reported = self.explanations
        return LinesChecked(count, len(self.choices))

    # -- learning and jumping back ---------------------------------------------------------

    def learn_from(self, conflict: int) -> Generator[Step, None, int]:
        """A contradiction below the root (``conflict`` as for :meth:`analyse`): explain it,
        learn its nogood and jump back; returns what propagation after the jump returned."""
        self.backtracks += 1
        self.run_conflicts += 1
        if len(self.trail) > self.best_length:
            self.best_length = len(self.trail)
            self.best_cells = bytes(self.cells)
        entries, back = yield from self.analyse(conflict)
        bad = yield from self.learn(entries, back, False)
        return bad

    def learn(self, entries: list[int], back: int, permanent: bool) -> Generator[Step, None, int]:
        """Keep the nogood ``entries``, jump back to depth ``back``, let the nogood set its
        first cell the other way and propagate; returns what :meth:`propagate` returns."""
        watching = self.watching  # unwatched, the steps below are never built
        if self.propagator is not None and not watching:
            # The same in the kernel (Propagator.jump, _kernel_undo.h), up to propagation.
            counts = array("q", (self.unknown, self.tick))
            over = self.propagator.jump(
                entries, back, permanent, self.choices, self.phase, self.probe_from, counts
            )
            self.unknown, self.tick = counts[0], counts[1]
            self.ruled.clear()
            if over:
                self.nogoods.reduce()
            return (yield from self.propagate(probe=False))
        from_depth = len(self.choices)
        if watching:
            yield Learned(tuple(map(self.change, entries)), from_depth, permanent)
        mark = self.choices[back][3]
        del self.choices[back:]
        undone = self._undo_to(mark, save_phase=True, positions=watching)
        if watching:
            if from_depth - back == 1:
                yield Backtrack(back, undone)
            else:
                yield Backjump(back, from_depth, undone)
        entry = entries[0] ^ CODE_MASK  # codes 1 and 2: XOR 3 swaps them
        index = entry >> CODE_BITS
        # One cell: a fact at the root from now on, with no nogood to keep.
        nogood = self.nogoods.add(entries, permanent) if len(entries) >= 2 else None
        self._set_by_rule(entry, nogood)
        self.ruled.clear()
        if nogood is None:
            self.reason[index] = DECIDED
        if not back:
            self._stamp_cells((self.where(index),))
        if watching:
            x, y, value = self.change(entry)
            yield RuleDeduced(x, y, value, len(entries), back)
        if self.nogoods.over_limit():
            dropped = self.nogoods.reduce()
            if dropped and watching:
                yield RulesForgotten(dropped, len(self.nogoods), back)
        bad = yield from self.propagate(probe=False)
        return bad

    # -- branching -------------------------------------------------------------------------

    def _branch_scores(self) -> npt.NDArray[np.float64]:
        """Each cell's claim to be guessed: its activity, ties to the most contradicted row
        and column; -1 for a known cell."""
        height = self.height
        codes = np.frombuffer(self.cells, dtype=np.uint8)
        weights = np.array(self.line_weight, dtype=np.float64)
        tie = (weights[:height, None] + weights[None, height:]).ravel()
        if self.planes > 1:
            tie = np.repeat(tie, self.planes)
        score = np.frombuffer(self.activity, dtype=np.float64) * 1e6 + tie
        score[codes != UNKNOWN] = -1.0
        return score

    def _activity_branch(self) -> Branch:
        """The unknown cell with the highest activity (ties: the most contradicted row and
        column, then reading order), at the value it last had."""
        index = int(np.argmax(self._branch_scores()))
        first = self.phase[index] or (FILLED if self.prefer_richer else OTHER[FILLED])
        if self.planes > 1:
            first = FILLED  # a colour guess tries a colour
        return (index, first, OTHER[first])
