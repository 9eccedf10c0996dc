"""The exact line solver: a clue and a partly known line -> every cell all placements agree on.

A line is ``bytes`` with one byte a cell: ``0`` unknown, ``1`` filled, ``2`` empty. The answer
is what enumerating every placement of the clue would give, computed in O(length x runs) word
operations instead: positions along the line are bits of Python integers, so one shift, and or
addition treats every position at once.

The dynamic programme, with the line padded by one known-empty cell at the end so every run is
followed by an empty cell:

- ``reach[j]`` holds the positions ``p`` such that cells ``[0, p)`` can hold the first ``j``
  runs with cell ``p - 1`` empty (or ``p == 0``);
- the same sweep over the reversed line gives ``tail[m]``: positions ``q`` such that cells
  ``[q, n)`` can hold the last ``m`` runs with cell ``q`` empty (or ``q == n``);
- run ``j`` can start at ``s`` when ``s`` is in ``reach[j - 1]``, its cells may be filled, and
  ``s + length`` is in ``tail[k - j]``; a cell can be empty when some ``j`` has ``c + 1`` in
  ``reach[j]`` and ``c`` in ``tail[k - j]``.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.lines import Clue
from game.core.solver.kernel import forced_packed as compiled_line_solver

_FILLED_DIGITS = bytes.maketrans(b"\x00\x01\x02", b"010")
_EMPTY_DIGITS = bytes.maketrans(b"\x00\x01\x02", b"001")


def _windows(allowed: int, length: int) -> int:
    """Bits ``s`` such that bits ``s .. s + length - 1`` of ``allowed`` are all set."""
    result = allowed
    covered = 1
    while covered < length:
        step = min(covered, length - covered)
        result &= result >> step
        covered += step
    return result


def _spread(starts: int, length: int) -> int:
    """Bits covered by a run of ``length`` starting at any bit of ``starts``."""
    result = starts
    covered = 1
    while covered < length:
        step = min(covered, length - covered)
        result |= result << step
        covered += step
    return result


def _window_steps(length: int) -> tuple[int, ...]:
    """The shifts :func:`_windows` makes for a run of ``length`` (doubling, then the rest)."""
    steps = []
    covered = 1
    while covered < length:
        step = min(covered, length - covered)
        steps.append(step)
        covered += step
    return tuple(steps)


class _WindowSteps(dict[int, tuple[int, ...]]):
    def __missing__(self, length: int) -> tuple[int, ...]:
        steps = self[length] = _window_steps(length)
        return steps


_WINDOW_STEPS = _WindowSteps()


def _sweep(clue: Sequence[int], can_fill: int, can_empty: int) -> list[int] | None:
    """``reach[0..k]`` for one direction, or None when the clue cannot fit at all.

    ``can_empty`` includes the padding cell ``n``; the line fits when position ``n + 1`` is
    reachable after the last run.
    """
    # Flood upward through cells that may be empty: from a seed p, positions p, p+1, ... while
    # the cell just passed may be empty. Adding the seeds to the mask carries each seed up its
    # run of set bits; XOR keeps the bits the carry passed; OR puts the seeds back.
    reach = [((can_empty + (1 & can_empty)) ^ can_empty) | 1]
    windows: dict[int, int] = {}
    current = reach[0]
    for length in clue:
        window = windows.get(length)
        if window is None:
            window = _windows(can_fill, length) & (can_empty >> length)
            windows[length] = window
        starts = current & window
        if not starts:
            return None
        after = starts << (length + 1)
        current = ((can_empty + (after & can_empty)) ^ can_empty) | after
        reach.append(current)
    return reach


def _masks(line: bytes) -> tuple[int, int, int, int]:
    """Forward and reversed bit masks of the filled and the empty cells of ``line``."""
    filled_digits = line.translate(_FILLED_DIGITS)
    empty_digits = line.translate(_EMPTY_DIGITS)
    # int(text, 2) reads the first character as the highest bit, so the text as written gives
    # the reversed line's mask and the reversed text gives the line's own.
    return (
        int(filled_digits[::-1], 2),
        int(empty_digits[::-1], 2),
        int(filled_digits, 2),
        int(empty_digits, 2),
    )


def _reverse_bits(value: int, width: int) -> int:
    return int(format(value, f"0{width}b")[::-1], 2)


@dataclass(frozen=True, slots=True)
class LineAnalysis:
    """Everything the line solver proves about one line.

    ``can_fill`` / ``can_empty`` are bit masks (bit ``i`` is cell ``i``) of the cells that some
    placement fills / leaves empty; ``starts[j]`` is the mask of the positions where run ``j``
    can start in some placement.
    """

    length: int
    clue: Clue
    can_fill: int
    can_empty: int
    starts: tuple[int, ...]

    @property
    def forced_filled(self) -> int:
        return self.can_fill & ~self.can_empty

    @property
    def forced_empty(self) -> int:
        return self.can_empty & ~self.can_fill

    def run_starts(self, run: int) -> list[int]:
        """The start positions of run ``run`` over all placements, in order."""
        return bit_positions(self.starts[run])

    def covering_runs(self, cell: int) -> list[int]:
        """The runs that cover ``cell`` in at least one placement."""
        return [
            run
            for run, length in enumerate(self.clue)
            if (_spread(self.starts[run], length) >> cell) & 1
        ]

    def line(self) -> bytes:
        """The refined line: forced cells set, the rest unknown."""
        filled = self.forced_filled
        empty = self.forced_empty
        return bytes(
            FILLED if (filled >> i) & 1 else EMPTY if (empty >> i) & 1 else UNKNOWN
            for i in range(self.length)
        )


def bit_positions(mask: int) -> list[int]:
    """The indices of the set bits of ``mask``, lowest first."""
    positions = []
    while mask:
        low = mask & -mask
        positions.append(low.bit_length() - 1)
        mask ^= low
    return positions


def analyse_line(clue: Sequence[int], line: bytes) -> LineAnalysis | None:
    """Every placement of ``clue`` on ``line`` at once, or None when there is none."""
    clue = tuple(clue)
    length = len(line)
    if not length:
        return None if clue else LineAnalysis(0, clue, 0, 0, ())
    full = (1 << length) - 1
    pad = 1 << length
    filled, empty, filled_reversed, empty_reversed = _masks(line)
    can_fill = full & ~empty
    can_empty = (full & ~filled) | pad
    reach = _sweep(clue, can_fill, can_empty)
    if reach is None or not (reach[-1] >> (length + 1)) & 1:
        return None
    reversed_reach = _sweep(clue[::-1], full & ~empty_reversed, (full & ~filled_reversed) | pad)
    if reversed_reach is None:  # pragma: no cover - the forward sweep already proved a fit
        return None
    # tail[m]: reversed position p' is original position n - p' (bits 0..n, drop n + 1).
    position_mask = (pad << 1) - 1
    tail = [_reverse_bits(value & position_mask, length + 1) for value in reversed_reach]
    runs = len(clue)
    fill_cells = 0
    starts = []
    for run, run_length in enumerate(clue):
        window = _windows(can_fill, run_length) & (can_empty >> run_length)
        valid = reach[run] & window & (tail[runs - run - 1] >> run_length)
        starts.append(valid)
        fill_cells |= _spread(valid, run_length)
    empty_cells = 0
    for done in range(runs + 1):
        empty_cells |= (reach[done] >> 1) & tail[runs - done]
    return LineAnalysis(
        length=length,
        clue=clue,
        can_fill=fill_cells & full,
        can_empty=empty_cells & full & can_empty,
        starts=tuple(starts),
    )


# A solved line: the cell indices newly filled and newly emptied, or None for a contradiction.
LineOutcome = tuple[tuple[int, ...], tuple[int, ...]] | None


def forced_cells(clue: Sequence[int], line: bytes) -> LineOutcome:
    """The unknown cells of ``line`` every placement agrees on, split filled / empty.

    The same programme as :func:`analyse_line`, fused for speed (this is the engine's hot
    path): the reversed sweep's ``reach`` sets are packed side by side into one integer so a
    single string reversal turns them all into ``tail`` sets.
    """
    length = len(line)
    if not length:
        return ((), ()) if not clue else None
    filled_digits = line.translate(_FILLED_DIGITS)
    empty_digits = line.translate(_EMPTY_DIGITS)
    filled = int(filled_digits[::-1], 2)
    empty = int(empty_digits[::-1], 2)
    full = (1 << length) - 1
    pad = 1 << length
    unknown = full & ~(filled | empty)
    can_fill = full & ~empty
    can_empty = (full & ~filled) | pad
    windows: dict[int, int] = {}
    current = ((can_empty + (1 & can_empty)) ^ can_empty) | 1
    reach = [current]
    for run_length in clue:
        window = windows.get(run_length)
        if window is None:
            window = can_fill
            for step in _WINDOW_STEPS[run_length]:
                window &= window >> step
            window &= can_empty >> run_length
            windows[run_length] = window
        starts = current & window
        if not starts:
            return None
        after = starts << (run_length + 1)
        current = ((can_empty + (after & can_empty)) ^ can_empty) | after
        reach.append(current)
    if not (current >> (length + 1)) & 1:
        return None
    if not unknown:
        return (), ()
    reversed_fill = full & ~int(empty_digits, 2)
    reversed_empty = (full & ~int(filled_digits, 2)) | pad
    reversed_windows: dict[int, int] = {}
    stride = length + 2
    current = ((reversed_empty + (1 & reversed_empty)) ^ reversed_empty) | 1
    packed = current
    shift = 0
    for run_length in reversed(clue):
        window = reversed_windows.get(run_length)
        if window is None:
            window = reversed_fill
            for step in _WINDOW_STEPS[run_length]:
                window &= window >> step
            window &= reversed_empty >> run_length
            reversed_windows[run_length] = window
        after = (current & window) << (run_length + 1)
        current = ((reversed_empty + (after & reversed_empty)) ^ reversed_empty) | after
        shift += stride
        packed |= current << shift
    runs = len(clue)
    width = (runs + 1) * stride
    # Slot j of the reversed packing, shifted by one, is tail[runs - j] in line positions.
    unpacked = int(format(packed, f"0{width}b")[::-1], 2)
    position_mask = (pad << 1) - 1
    fill_cells = 0
    empty_cells = (reach[0] >> 1) & (unpacked >> 1) & position_mask
    for run in range(runs):
        tail = (unpacked >> ((run + 1) * stride + 1)) & position_mask
        run_length = clue[run]
        valid = reach[run] & windows[run_length] & (tail >> run_length)
        for step in _WINDOW_STEPS[run_length]:
            valid |= valid << step
        fill_cells |= valid
        empty_cells |= (reach[run + 1] >> 1) & tail
    forced_filled = fill_cells & ~empty_cells & unknown
    forced_empty = empty_cells & ~fill_cells & unknown
    filled_positions = []
    while forced_filled:
        low = forced_filled & -forced_filled
        filled_positions.append(low.bit_length() - 1)
        forced_filled ^= low
    empty_positions = []
    while forced_empty:
        low = forced_empty & -forced_empty
        empty_positions.append(low.bit_length() - 1)
        forced_empty ^= low
    return tuple(filled_positions), tuple(empty_positions)


def clue_fits(clue: Sequence[int], filled: int, empty: int, length: int) -> bool:
    """Whether some placement of ``clue`` on a line of ``length`` cells fills every bit of
    ``filled`` and leaves every bit of ``empty`` empty (the forward sweep alone).

    Explanations call this many times a contradiction (see the engine's learning), so it
    reads bit masks, not a line's bytes.
    """
    full = (1 << length) - 1
    can_fill = full & ~empty
    can_empty = (full & ~filled) | (1 << length)
    current = ((can_empty + (1 & can_empty)) ^ can_empty) | 1
    for run_length in clue:
        window = can_fill
        for step in _WINDOW_STEPS[run_length]:
            window &= window >> step
        starts = current & window & (can_empty >> run_length)
        if not starts:
            return False
        after = starts << (run_length + 1)
        current = ((can_empty + (after & can_empty)) ^ can_empty) | after
    return bool((current >> (length + 1)) & 1)


def smallest_reason(
    clue: Sequence[int],
    length: int,
    filled: int,
    empty: int,
    order: Sequence[int],
    fits: Callable[[Any, int, int, int], bool] = clue_fits,
) -> int:
    """Which known cells make ``clue`` impossible: a mask of the cells that remain when the
    cells at offsets ``order`` are dropped one at a time, in that order, while the rest still
    cannot hold the clue. Cells of ``filled`` / ``empty`` not in ``order`` are never dropped.

    The result is minimal (dropping any one of ``order``'s cells left in it lets the clue
    fit), not the smallest possible: the order decides which of several reasons is kept.
    ``filled`` and ``empty`` must not fit the clue. ``fits`` judges a clue against the masks
    (:func:`clue_fits`; a colour line's planes bring their own).
    """
    for offset in order:
        bit = 1 << offset
        if filled & bit:
            if not fits(clue, filled ^ bit, empty, length):
                filled ^= bit
        elif empty & bit and not fits(clue, filled, empty ^ bit, length):
            empty ^= bit
    return filled | empty


def solve_line(clue: Sequence[int], line: bytes) -> bytes | None:
    """The refined line (known cells kept, forced cells set), or None for a contradiction."""
    analysis = analyse_line(clue, line)
    return None if analysis is None else analysis.line()


# A line outcome packed for the cache: the number of filled cells, the filled cell indices,
# then the emptied ones, one byte each (two bytes each, native order, for lines longer than
# 255 cells), or None. A dict of bytes keys and bytes values holds no container, so the
# garbage collector never walks the cache.
PackedOutcome = bytes | None
WIDE_LINE = 256


def pack_outcome(outcome: LineOutcome, length: int) -> PackedOutcome:
    if outcome is None:
        return None
    filled, empty = outcome
    if length < WIDE_LINE:
        return bytes((len(filled), *filled, *empty))
    return array("H", (len(filled), *filled, *empty)).tobytes()


def unpack_outcome(packed: PackedOutcome, length: int) -> LineOutcome:
    if packed is None:
        return None
    values: Sequence[int] = packed if length < WIDE_LINE else memoryview(packed).cast("H")
    count = values[0]
    return tuple(values[1 : count + 1]), tuple(values[count + 1 :])


# The slots of LineSolver.counts: lines solved, cache hits, entries in all caches, the
# limit on those, and one clue's limit (the compiled kernel reads and writes the same array).
SOLVED, HITS, SIZE, LIMIT, CLUE_LIMIT = range(5)
LINE_COUNTS = 5

# Entries one clue's cache may hold, and all of them. A dict's resize copies every entry and
# a clear frees them all, inside one engine step: past about 40,000 entries either takes
# milliseconds (a resize at 87,000 entries took 5 ms here, dropping 400,000 entries 22 ms).
# Smaller is also faster on the compiled tables (_kernel_cache.h): a search meets the same
# line states again soon or not at all, and a big table's entry is a miss in the processor's
# caches (the first look at an entry was a tenth of a hard solve). Against 32,768 and
# 400,000 (CPU, load 1.5-2.8): the 1000 TAAI 2011 questions 78.7 s against 81.9 s, the
# shared corpus 13.1 s against 14.5 s, the colour puzzles alike.
CLUE_CACHE_LIMIT = 2_048
CACHE_LIMIT = 20_000


class LineSolver:
    """:func:`forced_cells` with a cache per clue, keyed by the line's bytes.

    Lines with the same clue share a cache; outcomes are stored packed (see
    :func:`pack_outcome`). ``hits`` and ``solved`` count for statistics. To bound memory in
    long searches, and the time any one step spends on it, a clue's cache is emptied when it
    reaches ``clue_limit`` entries, and the largest cache when all of them hold ``limit``.
    """

    def __init__(self, limit: int = CACHE_LIMIT, clue_limit: int = CLUE_CACHE_LIMIT) -> None:
        # The compiled twin of forced_cells + pack_outcome, when the engine runs compiled
        # (see kernel.py): the same outcomes, so the same cache, counts and steps.
        self._compiled = compiled_line_solver()
        self.caches: dict[Clue, dict[bytes, PackedOutcome]] = {}
        # The counts and limits, one array (its slots above) the compiled propagator is
        # handed by position (KernelState.line_counts), so no name crosses.
        self.counts = array("q", (0, 0, 0, limit, clue_limit))

    @property
    def solved(self) -> int:
        return self.counts[SOLVED]

    @property
    def hits(self) -> int:
        return self.counts[HITS]

    @hits.setter
    def hits(self, value: int) -> None:
        self.counts[HITS] = value

    def cache_for(self, clue: Clue) -> dict[bytes, PackedOutcome]:
        cache = self.caches.get(clue)
        if cache is None:
            cache = self.caches[clue] = {}
        return cache

    def solve(self, clue: Clue, line: bytes, cache: dict[bytes, PackedOutcome]) -> LineOutcome:
        """The forced cells of ``line`` (``cache`` from :meth:`cache_for` of the same clue)."""
        packed = cache.get(line, False)
        if packed is not False:
            self.counts[HITS] += 1
            return unpack_outcome(packed, len(line))  # type: ignore[arg-type]
        return unpack_outcome(self.solve_uncached(clue, line, cache), len(line))

    def packed(self, clue: Clue, line: bytes) -> PackedOutcome:
        """The packed outcome of ``line`` (not cached)."""
        compiled = self._compiled
        if compiled is not None:
            return compiled(clue, line)
        return pack_outcome(forced_cells(clue, line), len(line))

    def smallest_reason(
        self, clue: Clue, length: int, filled: int, empty: int, order: Sequence[int]
    ) -> int:
        """:func:`smallest_reason` (the engine asks its line solver, colour lines or not)."""
        return smallest_reason(clue, length, filled, empty, order)

    def smallest(self, clue: Clue) -> int:
        """The fewest cells that hold ``clue``."""
        return sum(clue) + len(clue) - 1 if clue else 0

    def solve_uncached(
        self, clue: Clue, line: bytes, cache: dict[bytes, PackedOutcome]
    ) -> PackedOutcome:
        """Solve ``line``, remember the packed outcome in ``cache`` and return it."""
        counts = self.counts
        counts[SOLVED] += 1
        packed = self.packed(clue, line)
        if len(cache) >= counts[CLUE_LIMIT]:
            counts[SIZE] -= len(cache)
            cache.clear()
        elif counts[SIZE] >= counts[LIMIT]:
            largest = max(self.caches.values(), key=len)
            counts[SIZE] -= len(largest)
            largest.clear()
        cache[line] = packed
        counts[SIZE] += 1
        return packed
