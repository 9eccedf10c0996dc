"""Colour lines for the one engine: a cell as a plane of yes/no values, one per colour.

The engine (:mod:`~game.core.solver.engine_state`) works on two-valued variables: black and
white has one a cell ("filled"), a puzzle of ``k`` colours has ``k + 1`` a cell, *planes*
("the cell is the background", "the cell is colour 1", ... ``k``). A line of ``n`` cells is then
``n * planes`` of the engine's codes (``UNKNOWN``, ``FILLED`` for yes, ``EMPTY`` for no), cell by
cell, and everything the engine does to a variable (set it, trail it, explain it, learn a
nogood over it, probe it both ways) is the same for both kinds: a nogood's entry "cell 7 is
not red" is one entry, as "cell 7 is empty" is in black and white.

:class:`PlaneLineSolver` is a :class:`~game.core.solver.line.LineSolver` (its cache per clue,
its bounds and counters) whose lines are colour lines on planes: it reads the planes as each
cell's domain (the colours it may still be), solves the line exactly through the colour line
solver (the compiled twin when the kernel is built), and answers with the variables that
became yes (a cell left one colour) and no (a colour struck off a cell), packed as the
black-and-white solver packs its outcome.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.palette import ColourClue
from game.core.solver.colour_line import solve_colour_line
from game.core.solver.kernel import colour_line as compiled_colour_line
from game.core.solver.kernel import plane_packed as compiled_plane_packed
from game.core.solver.line import LineSolver, PackedOutcome, pack_outcome, smallest_reason

Domains = tuple[int, ...]


def plane_count(colours: int) -> int:
    """The engine's variables a cell of a puzzle of ``colours`` colours: one for black and
    white (filled or not), else one per colour and one for the background."""
    return 1 if colours <= 1 else colours + 1


@functools.lru_cache(maxsize=4096)
def smallest_line(runs: ColourClue) -> int:
    """The fewest cells that hold ``runs``: their lengths, and a gap between two runs of the
    same colour (runs of different colours may touch)."""
    gaps = sum(1 for before, after in pairwise(runs) if before[1] == after[1])
    return sum(length for length, _colour in runs) + gaps


def line_domains(line: Sequence[int], planes: int) -> Domains | None:
    """Each cell's domain from its planes' codes, or None when a cell has no value left."""
    full = (1 << planes) - 1
    domains = []
    for start in range(0, len(line), planes):
        domain = full
        for colour in range(planes):
            code = line[start + colour]
            if code == FILLED:
                domain &= 1 << colour
            elif code == EMPTY:
                domain &= ~(1 << colour)
        if not domain:
            return None
        domains.append(domain)
    return tuple(domains)


def mask_domains(filled: int, empty: int, cells: int, planes: int) -> Domains | None:
    """:func:`line_domains` for a line given as bit masks of its yes and no variables."""
    full = (1 << planes) - 1
    domains = []
    for cell in range(cells):
        base = cell * planes
        yes = (filled >> base) & full
        no = (empty >> base) & full
        domain = full & ~no
        if yes:
            domain &= yes
        if not domain:
            return None
        domains.append(domain)
    return tuple(domains)


def outcome_of(line: Sequence[int], narrowed: Domains, planes: int) -> tuple[list[int], list[int]]:
    """The variables of ``line`` that ``narrowed`` settles: those now yes (a cell left with one
    value) and those now no (a value struck off), each in line order."""
    yes: list[int] = []
    no: list[int] = []
    for cell, domain in enumerate(narrowed):
        base = cell * planes
        one = domain & (domain - 1) == 0
        for colour in range(planes):
            at = base + colour
            if line[at] != UNKNOWN:
                continue
            if not (domain >> colour) & 1:
                no.append(at)
            elif one:
                yes.append(at)
    return yes, no


class PlaneLineSolver(LineSolver):
    """The exact colour line solver on the engine's plane codes, cached per runs (see the
    module text); the cache, its bounds and the counters are :class:`LineSolver`'s."""

    def __init__(self, planes: int) -> None:
        super().__init__()
        self.planes = planes
        self._solve = compiled_colour_line() or solve_colour_line
        # The compiled twin of packed(), with each clue's lengths and colours apart.
        self._plane_packed = compiled_plane_packed()
        self._apart: dict[ColourClue, tuple[tuple[int, ...], tuple[int, ...]]] = {}

    def packed(self, clue: Any, line: bytes) -> PackedOutcome:
        compiled = self._plane_packed
        if compiled is not None:
            apart = self._apart.get(clue)
            if apart is None:
                apart = self._apart[clue] = (
                    tuple(length for length, _ in clue),
                    tuple(colour for _, colour in clue),
                )
            return compiled(apart[0], apart[1], line, self.planes)
        domains = line_domains(line, self.planes)
        if domains is None:
            return None
        narrowed = self._solve(clue, domains)
        if narrowed is None:
            return None
        yes, no = outcome_of(line, narrowed, self.planes)
        return pack_outcome((tuple(yes), tuple(no)), len(line))

    def fits(self, clue: ColourClue, filled: int, empty: int, length: int) -> bool:
        """Whether some placement of ``clue`` agrees with the yes (``filled``) and no
        (``empty``) variables of a line of ``length`` variables, given as bit masks."""
        domains = mask_domains(filled, empty, length // self.planes, self.planes)
        return domains is not None and self._solve(clue, domains) is not None

    def smallest_reason(
        self, clue: Any, length: int, filled: int, empty: int, order: Sequence[int]
    ) -> int:
        return smallest_reason(clue, length, filled, empty, order, self.fits)

    def smallest(self, clue: Any) -> int:
        return smallest_line(clue)
