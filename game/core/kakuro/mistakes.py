"""Which typed digits break a rule, as they are typed: the Kakuro seed's red digits.

A digit is wrong *by the rules* (not by the answer, which a check or a reveal asks about):

- ``repeat``: the same digit twice in one run (both cells are marked);
- ``sum``: the digit makes its run's sum impossible. A run's digits must be part of one
  combination of distinct digits adding up to its total (``combinations``). A digit no
  combination has (a 1 in a run of three making 24, only 7+8+9) is marked; when the digits
  typed together fit no combination, each digit whose taking back would leave a fitting set
  is marked (the culprits: 6 and 5 in a run of three making 10, either of which could stay),
  and every typed digit of the run when no single one would.

:func:`digit_mistakes` is pure: a puzzle and the digits by white index (0 for none) in, the
marked cells and why out. The play screen colours them (an option turns it off); nothing
here imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from game.core.kakuro.combos import bit, combinations
from game.core.kakuro.model import CellPosition, KakuroPuzzle

Mistake = Literal["repeat", "sum"]


def _fits(placed: int, total: int, length: int) -> bool:
    """Whether the digits of mask ``placed`` are all in one combination for the run."""
    return any(combo & placed == placed for combo in combinations(total, length))


def digit_mistakes(puzzle: KakuroPuzzle, digits: Sequence[int]) -> dict[CellPosition, Mistake]:
    """The cells whose digit repeats in a run of theirs or makes its sum impossible (see the
    module text), with the rule broken; a repeat wins over a sum in a cell both mark."""
    marked: dict[CellPosition, Mistake] = {}
    cells = puzzle.white_cells
    for run in puzzle.runs:
        whites = puzzle.run_whites[run.index]
        typed = [(index, digits[index]) for index in whites if digits[index]]
        if not typed:
            continue
        counts: dict[int, int] = {}
        for _index, digit in typed:
            counts[digit] = counts.get(digit, 0) + 1
        for index, digit in typed:
            if counts[digit] > 1:
                marked[cells[index]] = "repeat"
        placed = 0
        for digit in counts:
            placed |= bit(digit)
        if _fits(placed, run.total, run.length):
            continue
        alone = {digit for digit in counts if not _fits(bit(digit), run.total, run.length)}
        culprits = alone or {
            digit for digit in counts if _fits(placed & ~bit(digit), run.total, run.length)
        }
        for index, digit in typed:
            if (digit in culprits or not culprits) and cells[index] not in marked:
                marked[cells[index]] = "sum"
    return marked
