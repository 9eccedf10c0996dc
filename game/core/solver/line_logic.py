"""Line solvers behind one protocol: what one line's runs prove about its cells.

A line is a sequence of *domains*: a bit mask per cell of the values it may still take, bit 0
the background and bit ``c`` colour ``c`` (black and white has one colour: a filled cell is
``0b10``, a crossed one ``0b01``, an unknown one ``0b11``). Its clue is its runs, ``(length,
colour)`` pairs. Two solvers keep the same contract (:class:`LineLogic`):

- :data:`BINARY`, the bit-parallel black-and-white solver of :mod:`~game.core.solver.line`,
  the fast path for lines whose runs are all one colour;
- :data:`COLOUR`, the exact colour solver of :mod:`~game.core.solver.colour_line`, for the rest.

:func:`line_logic` picks one per puzzle. Above the engine (hints, clue greying) code asks the
protocol and never branches on the kind of puzzle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from game.core.cells import EMPTY, FILLED, UNKNOWN
from game.core.palette import ColourClue
from game.core.puzzle import Puzzle
from game.core.solver.colour_line import colour_masks, colour_run_starts, solve_colour_line
from game.core.solver.kernel import colour_line as compiled_colour_line
from game.core.solver.line import LineAnalysis, analyse_line

Domains = tuple[int, ...]

BACKGROUND = 1


def full_domain(colours: int) -> int:
    """The domain of a cell that may still be any of ``colours`` colours or the background."""
    return (1 << (colours + 1)) - 1


def domains_of(shown: Sequence[int], colours: int) -> Domains:
    """The domains of a line of shown marks (-1 unknown, 0 crossed, ``c`` colour ``c``)."""
    full = full_domain(colours)
    return tuple(full if value < 0 else 1 << value for value in shown)


def single(domain: int) -> int | None:
    """The one value a domain allows, or None when it allows none or several."""
    if domain and not domain & (domain - 1):
        return domain.bit_length() - 1
    return None


class LineLogic(Protocol):
    """One exact line solver; every answer is over all placements of the runs that agree
    with the domains, and None (or False) when there is none."""

    def solve(self, runs: ColourClue, line: Sequence[int]) -> Domains | None:
        """Each cell's domain narrowed to the values some placement gives it."""
        ...

    def starts(self, runs: ColourClue, line: Sequence[int]) -> tuple[int, ...] | None:
        """For each run, the mask of the positions where it starts in some placement."""
        ...

    def fits(self, runs: ColourClue, line: Sequence[int]) -> bool:
        """Whether some placement agrees with the domains."""
        ...


# Binary domains -> the black-and-white solver's cell codes (0: no value left).
_CODE_OF_DOMAIN = {0b01: EMPTY, 0b10: FILLED, 0b11: UNKNOWN}


def line_codes(line: Sequence[int]) -> bytes:
    """Binary domains as the black-and-white line solver's bytes (``0b11`` unknown,
    ``0b10`` filled, ``0b01`` empty)."""
    return bytes(_CODE_OF_DOMAIN[domain & 0b11] for domain in line)


class _Binary:
    """The bit-parallel solver (:func:`~game.core.solver.line.analyse_line`) on domains of
    the background and one colour."""

    @staticmethod
    def _analyse(runs: ColourClue, line: Sequence[int]) -> LineAnalysis | None:
        try:
            codes = line_codes(line)
        except KeyError:
            return None  # a cell with no value left (or only a second colour)
        return analyse_line(tuple(length for length, _ in runs), codes)

    def solve(self, runs: ColourClue, line: Sequence[int]) -> Domains | None:
        analysis = self._analyse(runs, line)
        if analysis is None:
            return None
        filled, empty = analysis.can_fill, analysis.can_empty
        return tuple(((filled >> i) & 1) << 1 | ((empty >> i) & 1) for i in range(len(line)))

    def starts(self, runs: ColourClue, line: Sequence[int]) -> tuple[int, ...] | None:
        analysis = self._analyse(runs, line)
        return None if analysis is None else analysis.starts

    def fits(self, runs: ColourClue, line: Sequence[int]) -> bool:
        return self._analyse(runs, line) is not None


class _Colour:
    """The exact colour solver (:mod:`~game.core.solver.colour_line`)."""

    def solve(self, runs: ColourClue, line: Sequence[int]) -> Domains | None:
        # The compiled twin when the kernel runs (the same answers, kernel.py).
        solver = compiled_colour_line() or solve_colour_line
        return solver(runs, line)

    def starts(self, runs: ColourClue, line: Sequence[int]) -> tuple[int, ...] | None:
        return colour_run_starts(runs, line)

    def fits(self, runs: ColourClue, line: Sequence[int]) -> bool:
        return colour_masks(runs, line) is not None


BINARY: LineLogic = _Binary()
COLOUR: LineLogic = _Colour()


def logic_for(colours: int) -> LineLogic:
    """The solver for the lines of a puzzle of ``colours`` colours: the binary fast path
    for black and white (one colour), the colour solver otherwise."""
    return COLOUR if colours > 1 else BINARY


def line_logic(puzzle: Puzzle) -> LineLogic:
    """The solver for every line of ``puzzle``, chosen once."""
    return logic_for(puzzle.colour_count)


def run_bounds(starts: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """Each run's leftmost and rightmost start from :meth:`LineLogic.starts`' masks."""
    return tuple(((mask & -mask).bit_length() - 1, mask.bit_length() - 1) for mask in starts)
