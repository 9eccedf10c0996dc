"""The engine's state as the compiled propagator takes it: by position, never by name."""

from __future__ import annotations

from array import array
from collections import deque
from collections.abc import Callable
from typing import Any, NamedTuple

from game.core.solver.line import PackedOutcome
from game.core.solver.nogoods import RuleStore


class KernelState(NamedTuple):
    """What the compiled propagator (``_kernel_state.h``) works on in place: an engine's
    objects (``EngineState.kernel_state``) handed over by position, never by attribute name,
    so a rename is a rename of this one value, which mypy checks; its field count is the
    kernel's ``KERNEL_STATE_FIELDS`` (``_kernel_abi.h``)."""

    lines: list[bytearray]
    cells: bytearray
    queued: bytearray
    level: array[int]
    position: array[int]
    reason: array[int]
    seen_before: array[int]
    trail: list[int]
    queue: deque[int]
    line_round: list[int]
    line_stamp: list[int]
    line_weight: list[int]
    visited: list[int]
    caches: list[dict[bytes, PackedOutcome]]
    clues: list[Any]
    nogoods: RuleStore
    width: int
    height: int
    planes: int
    line_counts: array[int]  # LineSolver.counts: solved, hits, size, limit, clue limit
    line_caches: dict[Any, dict[bytes, PackedOutcome]]  # LineSolver.caches, a dict a clue
    solve_uncached: Callable[[Any, bytes, dict[bytes, PackedOutcome]], PackedOutcome]
    smallest_reason: Callable[[Any, int, int, int, list[int]], int]


KERNEL_STATE_FIELDS = len(KernelState._fields)
