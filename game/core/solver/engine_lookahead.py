"""Lookahead below the root: probe a few cells before choosing which to guess.

At a node of the search (at least one open choice), the unknown cells with the highest
conflict activity are each tried filled and empty, propagating each way, before any is
guessed. A way that contradicts is a guess that failed before it was made: it is explained
and learned from like any contradiction (:mod:`~game.core.solver.engine_learn`), so the
search jumps back with a new nogood instead of walking into it. When every way holds, the
cell guessed is the one whose two ways forced the most cells, scored as LalaFrogKK scores a
branch (:func:`pair_score`: the fewer of the two counts, and a little for their difference):
either answer then settles much of the board, and the search stays shallow.
"""

from __future__ import annotations

import functools
import math
from array import array
from collections.abc import Generator
from typing import Any

import numpy as np
import numpy.typing as npt

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.solver.engine_learn import Learner
from game.core.solver.engine_state import BY_PROBES, CODE_BITS, NO_PROBE, OTHER, Branch
from game.core.solver.steps import ProbeResult, ProbeStarted, Step

# Cells tried at each node below the root (0: none, branch on activity alone). Measured on
# TAAI 2011 puzzles our engine found hard (CPU s at a 27 s limit): #600-#639 481 s with none,
# 343-363 s with 12; 16 puzzles from #315-#870 348 s with none, 234-253 s with 12 or 24,
# 352 s with 80 (probing cost more than it saved). Again with ties in tie_keys order (the
# 1000 at 10 s, load 2): 12 on every run met 178 s and the 27 of issue 32 at most 2.6x
# CP-SAT's time; 12 and 16 on alternate runs 165 s, but #510 of the 27 went over 30 s.
LOOKAHEAD_CELLS = 12
# How much a cell's two ways differing in the cells they set adds to the branching score
# (see pair_score).
IMBALANCE_WEIGHT = 1.85


def pair_score(filled: int, empty: int) -> float:
    """A probed cell's claim to be guessed from the cells its two ways set: the fewer of the
    two, plus IMBALANCE_WEIGHT times log(1 + their difference) (LalaFrogKK's branching score,
    from its published source; ``_kernel_lookahead.h`` computes the same with C's log1p).

    Measured against the product ``f * e + f + e`` that lookahead SAT solvers use, the 1000
    TAAI 2011 questions to the verdict (CPU, load 1.5-2.8, kernel 22): questions over twice
    LalaFrogKK's time + 5 ms 55 against 68, the 27 hard ones 19.2 s against 23.8 s (max 2.1 s
    against 4.6 s), all 1000 75.4 s against 78.7 s. The search stays heavy-tailed: 31 of the 55
    were not over with the product, 44 of the 68 are not over now."""
    return min(filled, empty) + IMBALANCE_WEIGHT * math.log1p(abs(filled - empty))


# What probing a cell both ways found (see Lookahead._probe_pair_python; _kernel_probe.h).
PAIR_BROKE = 0
PAIR_SOLVED = 1
PAIR_BOTH = 2
# The compiled scan's answer when every candidate was tried (Propagator.lookahead_scan).
PAIR_DONE = 3
# (kind, a, b, c): see Lookahead._probe_pair_python.
PairResult = tuple[int, int, int, Any]


@functools.lru_cache(maxsize=8)
def tie_keys(cells: int) -> npt.NDArray[np.uint64]:
    """Where each cell stands among cells of equal branching score: a fixed scramble of the
    cells' order (Knuth's multiplicative hash), so ties go neither to the top left corner
    nor to whichever cells a selection algorithm leaves in front (``tie_key`` in
    ``_kernel_probe.h`` is its twin)."""
    index = np.arange(cells, dtype=np.uint64)
    keys = (index * np.uint64(2654435761)) & np.uint64(0xFFFFFFFF)
    keys.flags.writeable = False
    return keys


class Lookahead(Learner):
    """Lookahead branching with failed-probe learning, on top of the learner."""

    def _lookahead_candidates(self, count: int) -> list[int]:
        """The ``count`` unknown cells with the highest branching score (see
        :meth:`_branch_scores`), best first, equal scores in :func:`tie_keys` order.

        A total order, so every machine picks the same cells: numpy's ``argpartition``
        chose among equal scores by its selection algorithm, which differs between CPUs
        (AVX-512 or not) and numpy versions, and with it the whole search after. The
        compiled kernel's ``Propagator.candidates`` is its twin."""
        if self.propagator is not None:
            return self.propagator.candidates(self.activity, count)  # type: ignore[no-any-return]
        score = self._branch_scores()
        # Unknown cells outscore every known one (-1), so the first ``unknown`` are unknown.
        order = np.lexsort((tie_keys(len(score)), -score))[: min(count, self.unknown)]
        return [int(index) for index in order]

    def _probe_pair_python(self, index: int) -> Generator[Step, None, PairResult]:
        """Try the unknown cell ``index`` filled, then empty, each as a choice one deeper,
        propagating and undoing each way. Returns ``(PAIR_BROKE, code, bad, mark)`` when the
        way ``code`` contradicted (``bad`` as :meth:`propagate` returns it; the way stays on
        the board from trail length ``mark``, its choice open, for learning),
        ``(PAIR_SOLVED, code, 0, 0)`` when a way completed the grid, else ``(PAIR_BOTH,
        cells the filled way set, cells the empty way set, the trail entries both set)``.

        The compiled kernel's ``pair_core`` (``_kernel_lookahead.h``) is its twin when no one
        watches (it yields no steps)."""
        depth = len(self.choices)
        trail = self.trail
        x, y = self.where(index)
        counts = [0, 0, 0]
        when_filled: set[int] = set()
        agreed: set[int] = set()
        for code in (FILLED, EMPTY):
            mark = len(trail)
            # The probe is a choice one deeper, so a contradiction it meets is analysed
            # like a failed guess's and its nogood jumps back past it.
            self.choices.append((x, y, OTHER[code], mark))
            self.probes += 1
            self.visited.clear()
            self._set(index, code)
            value = self.shown((index << CODE_BITS) | code)
            if self.watching:
                yield ProbeStarted(x, y, value, depth)
            bad = yield from self.propagate(probe=True)
            if bad != -1:
                if self.watching:
                    yield ProbeResult(x, y, value, "contradiction", (), depth)
                return PAIR_BROKE, code, bad, mark
            counts[code] = len(trail) - mark
            if code == FILLED:
                when_filled = set(trail[mark + 1 :])
            else:
                agreed = when_filled.intersection(trail[mark + 1 :])
            solved = not self.unknown
            undone = self._undo_to(mark)
            self.choices.pop()
            if self.watching:
                yield ProbeResult(x, y, value, "solved" if solved else "consistent", undone, depth)
            if solved:
                return PAIR_SOLVED, code, 0, 0
        return PAIR_BOTH, counts[FILLED], counts[EMPTY], sorted(agreed)

    def lookahead(self) -> Generator[Step, None, tuple[Branch | None, int]]:
        """Probe the most active cells. Returns ``(branch, -1)`` with the cell to guess, or
        ``(None, bad)`` when a probe contradicted: it was learned from and the search jumped
        back, ``bad`` being what propagation after the jump returned."""
        if self.propagator is not None and not self.watching:
            return (yield from self._lookahead_compiled(self.propagator))
        best = -1
        best_score = -1.0
        for index in self._lookahead_candidates(LOOKAHEAD_CELLS):
            if self.cells[index] != UNKNOWN:
                continue  # set by cells an earlier probe proved
            kind, first, second, third = yield from self._probe_pair_python(index)
            if kind != PAIR_BOTH or third:
                done, answer = yield from self._after_pair(index, kind, first, second, third)
                if done:
                    return answer
            best, best_score = self._weigh(index, first, second, best, best_score)
        return self._best_branch(best), -1

    def _lookahead_compiled(
        self, compiled: Any
    ) -> Generator[Step, None, tuple[Branch | None, int]]:
        """:meth:`lookahead`'s loop in the kernel (``Propagator.lookahead_scan``,
        ``_kernel_lookahead.h``): it probes the candidates in turn, keeping the best cell,
        and comes back here only for what needs the engine: a way that broke, a way that
        solved, cells both ways agree on. Its counts (unknown, countdown, probes, the line
        solver's hits to add) are written back even when the clock's EngineTimeout ends it."""
        candidates = compiled.candidates(self.activity, LOOKAHEAD_CELLS)
        counts = array("q", bytes(8 * 4))
        box: list[object] = [None]
        start = 0
        best = -1
        best_score = -1.0
        while True:
            self._counts_to_kernel(counts)
            try:
                found = compiled.lookahead_scan(
                    candidates,
                    start,
                    best,
                    best_score,
                    self.choices,
                    counts,
                    self._check_clock,
                    box,
                )
            finally:
                self._counts_from_kernel(counts, box)
            kind, at, index, first, second, third, best, best_score = found
            if kind == PAIR_DONE:
                return self._best_branch(best), -1
            done, answer = yield from self._after_pair(index, kind, first, second, third)
            if done:
                return answer
            start = at + 1
            best, best_score = self._weigh(index, first, second, best, best_score)

    def _weigh(
        self, index: int, filled: int, empty: int, best: int, best_score: float
    ) -> tuple[int, float]:
        """The best cell and its score once ``index`` (both ways held: ``filled`` and
        ``empty`` cells set) is weighed: it takes the place on a strictly higher score while
        still unknown (cells both ways agreed on may have set it)."""
        if self.cells[index] != UNKNOWN:
            return best, best_score
        score = pair_score(filled, empty)
        if score > best_score:
            return index, score
        return best, best_score

    def _after_pair(
        self, index: int, kind: int, first: int, second: int, third: Any
    ) -> Generator[Step, None, tuple[bool, tuple[Branch | None, int]]]:
        """What a pair of probes of ``index`` asks of the engine beyond its score: learning
        from the way that broke, the way that solved as the branch, the cells both ways set
        (they hold whatever the cell is). Returns ``(True, lookahead's answer)`` when the
        lookahead ends here, else ``(False, ...)`` to go on."""
        if kind == PAIR_BROKE:
            # The probe's cells led to a contradiction: not values to retry.
            self.probe_from = third
            bad = yield from self.learn_from(second)
            self.probe_from = NO_PROBE
            return True, (None, bad)
        if kind == PAIR_SOLVED:  # guess it for real: the search then counts the solution
            return True, ((index, first, OTHER[first]), -1)
        if third:
            # Cells both ways force hold whatever this cell is: they follow from the
            # guesses above (their explanation, coarse but sound).
            bad = yield from self._fix(third, BY_PROBES)
            if bad != -1:
                bad = yield from self.learn_from(bad)
                return True, (None, bad)
            if not self.unknown:
                return True, (None, -1)  # the search loop counts the solution
        return False, (None, -1)

    def _best_branch(self, best: int) -> Branch:
        """The branch on the best-scored cell (-1: none), at the value it last had; the
        activity's choice when no cell was scored or the best is known by now."""
        if best < 0 or self.cells[best] != UNKNOWN:
            return self._activity_branch()
        value = self.phase[best] or (FILLED if self.prefer_richer else EMPTY)
        if self.planes > 1:
            value = FILLED  # a colour guess tries a colour
        return (best, value, OTHER[value])
