"""Which engine core runs: the compiled kernel (``_kernel.c``) or pure Python.

The compiled kernel is an optional C extension built at install time (``hatch_build.py``);
without a compiler the install still succeeds and the engine runs on pure Python. The
kernel computes exactly what its Python twins compute: the line solvers and the reason
search of :mod:`~game.core.solver.line` (in one 64-bit word a line of up to 62 cells, in word
arrays a longer one, ``_kernel_long.h``), and the engine's propagation loop
(``Propagator``, ``_kernel_propagate.h``: the line queue, the line caches, the trail, nogood
watching over the compiled store of learned nogoods (``NogoodStore``, ``_kernel_store.h``, the
twin of :class:`~game.core.solver.nogoods.NogoodStore`), a line's explanation, undo; on a
grid of lines of up to 62 cells the line caches are its own tables, ``_kernel_cache.h``, with
LineSolver's counts and emptying), conflict analysis
(``Propagator.analyse``, ``_kernel_analyse.h``, the twin of ``Learner.analyse_python``) and,
when no one watches, lookahead's loop of probes (``Propagator.lookahead_scan``,
``_kernel_lookahead.h``, the twin of ``Lookahead.lookahead``'s loop and its
``_probe_pair_python``), which work in place on the engine's own state, so the
search around them is the same Python either way; a colour puzzle's lines on planes
(``plane_packed``, the twin of :class:`~game.core.solver.plane_line.PlaneLineSolver`). Held to
the same answers by tests/core/test_kernel_differential.py and
tests/core/test_colour_kernel_differential.py: the engine's search, its statistics, its steps
and every count built on them are the same on both, so a picture gets the same edits and a
seed the same puzzle, compiled or not.

``HANJIE_PURE=1`` in the environment forces pure Python. A built module from another version
of the source (a stale build beside newer code) is not used either.
"""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

KERNEL_MODULE = "game.core.solver._kernel"
# Where the kernel's version is written, once (KERNEL_VERSION): beside this file wherever the
# sources are (a source tree, an editable install); a wheel ships the built module alone.
ABI_HEADER = Path(__file__).with_name("_kernel_abi.h")
_VERSION_LINE = re.compile(rb"^#define KERNEL_VERSION (\d+)\s*$", re.MULTILINE)


COMPILED = "compiled"
PYTHON = "python"

# forced_packed(clue, line) -> the packed outcome (line.pack_outcome of line.forced_cells).
ForcedPacked = Callable[[Sequence[int], bytes], "bytes | None"]
# smallest_reason(clue, length, filled, empty, order) -> the mask (lines of <= 62 cells).
SmallestReason = Callable[[Sequence[int], int, int, int, Sequence[int]], int]


def source_version(header: Path | None = None) -> int | None:
    """The KERNEL_VERSION the sources beside this file say, or None where they are not
    shipped (an installed wheel, whose module was built with its Python files)."""
    try:
        text = (header or ABI_HEADER).read_bytes()
    except OSError:
        return None
    found = _VERSION_LINE.search(text)
    return int(found.group(1)) if found else None


def _current(module: ModuleType) -> bool:
    """Whether ``module`` was built from the sources here: a stale build beside newer
    sources reports another version (or none)."""
    version = getattr(module, "VERSION", None)
    if not isinstance(version, int):
        return False
    wanted = source_version()
    return wanted is None or version == wanted


def compiled_module() -> ModuleType | None:
    """The built kernel module whatever ``HANJIE_PURE`` says (for tests that compare the
    two), or None when it is not built or stale."""
    try:
        module = importlib.import_module(KERNEL_MODULE)
    except ImportError:
        return None
    return module if _current(module) else None


def _load() -> ModuleType | None:
    if os.environ.get("HANJIE_PURE", "") not in ("", "0"):
        return None
    return compiled_module()


_MODULE = _load()


def engine_name() -> str:
    """``"compiled"`` when the engine runs on the compiled kernel, else ``"python"``."""
    return COMPILED if _MODULE is not None else PYTHON


def forced_packed() -> ForcedPacked | None:
    """The compiled line solver, or None when the engine runs on pure Python."""
    if _MODULE is None:
        return None
    function: ForcedPacked = _MODULE.forced_packed
    return function


def smallest_reason() -> tuple[SmallestReason, int] | None:
    """The compiled reason search and the longest line it takes, or None."""
    if _MODULE is None:
        return None
    function: SmallestReason = _MODULE.smallest_reason
    return function, int(_MODULE.MAX_WORD_LINE)


def propagator() -> Callable[[tuple[object, ...]], Any] | None:
    """The compiled propagation loop's type (``Propagator(state)``, ``state`` an engine's
    :class:`~game.core.solver.kernel_state.KernelState`), or None."""
    if _MODULE is None:
        return None
    made: Callable[[tuple[object, ...]], Any] = _MODULE.Propagator
    return made


def nogood_store(cells: bytearray, limit: int) -> Any | None:
    """The compiled nogood store (``NogoodStore(cells, limit)``, ``_kernel_store.h``) over an
    engine's flat grid, or None on pure Python. The compiled propagator needs it."""
    if _MODULE is None:
        return None
    return _MODULE.NogoodStore(cells, limit)


def depth_first() -> Callable[..., Any] | None:
    """The compiled twin of depth_first.DepthFirst (``DepthFirst(width, height, clues,
    max_solutions)``, ``_kernel_dfs.h``), or None on pure Python."""
    if _MODULE is None:
        return None
    made: Callable[..., Any] = _MODULE.DepthFirst
    return made


ColourLineSolver = Callable[[Sequence[tuple[int, int]], Sequence[int]], "tuple[int, ...] | None"]


def colour_line() -> ColourLineSolver | None:
    """The compiled twin of colour_line.solve_colour_line (runs of (length, colour), a mask a
    cell -> each cell's possible values, or None), or None on pure Python."""
    if _MODULE is None:
        return None
    domains = _MODULE.line_domains

    def solve(runs: Sequence[tuple[int, int]], line: Sequence[int]) -> tuple[int, ...] | None:
        answer: tuple[int, ...] | None = domains(
            tuple(length for length, _ in runs), tuple(colour for _, colour in runs), line
        )
        return answer

    return solve


ShortestTrial = Callable[
    [
        Sequence[tuple[int, ...]],
        Sequence[tuple[int, ...]],
        Sequence[tuple[int, ...]],
        Sequence[tuple[int, ...]],
        Sequence[int],
        int,
        int,
    ],
    "tuple[int, int, int, int] | None",
]


def shortest_trial() -> ShortestTrial | None:
    """The compiled twin of trial_chain._shortest_trial ((row lengths, row colours, column
    lengths, column colours, the grid's domains row by row, width, most rounds) ->
    (rounds, y, x, bit) or None), or None on pure Python."""
    if _MODULE is None:
        return None
    function: ShortestTrial = _MODULE.shortest_trial
    return function


PlanePacked = Callable[[tuple[int, ...], tuple[int, ...], bytes, int], "bytes | None"]


def plane_packed() -> PlanePacked | None:
    """The compiled twin of PlaneLineSolver.packed (plane_line.py): (run lengths, run colours,
    a colour line's variables, planes a cell) -> the packed outcome, or None on pure Python."""
    if _MODULE is None:
        return None
    function: PlanePacked = _MODULE.plane_packed
    return function


def use(compiled: bool) -> None:
    """Switch the engine core for engines made from now on (tests compare the two in one
    process). Asking for the compiled core where it is not built keeps pure Python."""
    global _MODULE
    _MODULE = compiled_module() if compiled else None
