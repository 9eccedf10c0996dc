"""The values the Kakuro solver yields, one per small piece of work, and how to replay them.

The state a replay keeps is one candidate mask per white cell (see
:mod:`game.core.kakuro.combos`: bit ``d`` for digit ``d``), in the puzzle's white order,
starting from :func:`blank_candidates` (every digit possible everywhere). Applying the steps
in order with :func:`apply_step` rebuilds every board the solver saw:

- :class:`CandidatesRemoved` takes digits out of cells (with the run and the reason);
- :class:`DigitPlaced` narrows a cell to its one digit (a single candidate, or a guess);
- :class:`Guess` sets a cell to a digit, or (``exclude``) takes the digit out after the
  first way failed;
- :class:`Backtrack` puts cells back to the masks they had before the guess it undoes;
- :class:`RunsChecked`, :class:`Contradiction`, :class:`SolutionFound` and :class:`Finished`
  leave the board alone.

Fields count from 0; :meth:`describe` speaks to players and counts from 1.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from game.core.i18n import _, ngettext
from game.core.kakuro.combos import (
    ALL_DIGITS,
    combination_text,
    count_of,
    digits_of,
    single_digit,
)
from game.core.kakuro.model import cell_name
from game.core.kakuro.result import KakuroResult
from game.core.solving import BacktrackStep, FinishedStep, FoundStep, QuietStep

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle

# (white index, mask of digits removed or restored)
CellMask = tuple[int, int]

# How many combinations a reason lists by name before it just counts them.
LISTED_COMBINATIONS = 3


def combinations_text(combos: tuple[int, ...]) -> str:
    """ "only 1+2+4", "1+5+9 or 2+4+9", or "12 combinations"."""
    if len(combos) == 1:
        return _("only {combination}").format(combination=combination_text(combos[0]))
    if len(combos) <= LISTED_COMBINATIONS:
        return _(" or ").join(combination_text(mask) for mask in combos)
    return _("{count} combinations").format(count=len(combos))


def digit_list(mask: int) -> str:
    """ "1, 2 and 4"."""
    digits = [str(digit) for digit in digits_of(mask)]
    if len(digits) <= 1:
        return "".join(digits)
    return ", ".join(digits[:-1]) + _(" and ") + digits[-1]


@dataclass(frozen=True, slots=True)
class CandidatesRemoved:
    """Run ``run`` (its ``name`` and ``sum_text`` kept for the words) ruled digits out of
    cells: ``removed`` holds (white index, mask removed); ``combos`` are the combinations
    still possible for the run, the reason."""

    run: int
    run_name: str
    sum_text: str
    removed: tuple[CellMask, ...]
    combos: tuple[int, ...]
    depth: int

    def describe(self) -> str:
        count = sum(count_of(mask) for _index, mask in self.removed)
        removed = ngettext("{count} candidate removed", "{count} candidates removed", count)
        text = (
            f"{self.run_name}, {self.sum_text}: {combinations_text(self.combos)}; "
            + removed.format(count=count)
        )
        return text + (_(" at depth {depth}").format(depth=self.depth) if self.depth else "")


@dataclass(frozen=True, slots=True)
class DigitPlaced:
    """Cell ``cell`` (white index, at ``x``, ``y``) has one candidate left: ``digit``."""

    cell: int
    x: int
    y: int
    digit: int
    depth: int

    def describe(self) -> str:
        text = _("{cell} = {digit}: single candidate").format(
            cell=cell_name(self.x, self.y), digit=self.digit
        )
        return text + (_(" at depth {depth}").format(depth=self.depth) if self.depth else "")


@dataclass(frozen=True, slots=True)
class Guess:
    """Search set ``cell`` to ``digit`` (``depth`` open choices after it), or with
    ``exclude`` took ``digit`` out of it: the other way of a choice whose first way failed."""

    cell: int
    x: int
    y: int
    digit: int
    depth: int
    exclude: bool = False

    def describe(self) -> str:
        where = cell_name(self.x, self.y)
        if self.exclude:
            return _("the other way: {cell} is not {digit}, at depth {depth}").format(
                cell=where, digit=self.digit, depth=self.depth
            )
        return _("guess {cell} = {digit} at depth {depth}").format(
            cell=where, digit=self.digit, depth=self.depth
        )


@dataclass(frozen=True, slots=True)
class Contradiction:
    """A run can no longer be completed (``run`` None: a cell has no candidate left)."""

    run: int | None
    run_name: str
    depth: int

    def describe(self) -> str:
        if self.run_name:
            return _("{run} cannot be completed at depth {depth}").format(
                run=self.run_name, depth=self.depth
            )
        return _("a cell is empty at depth {depth}").format(depth=self.depth)


@dataclass(frozen=True, slots=True)
class Backtrack(BacktrackStep[CellMask]):
    """Search went back to ``depth``: ``cells`` (white index, mask) return to those masks."""


@dataclass(frozen=True, slots=True)
class RunsChecked(QuietStep):
    """Several runs were looked at and gave nothing new: a heartbeat."""

    def describe(self) -> str:
        checked = ngettext(
            "checked {count} run, nothing new", "checked {count} runs, nothing new", self.count
        )
        return checked.format(count=self.count)


@dataclass(frozen=True, slots=True)
class SolutionFound(FoundStep):
    """Every cell holds one digit and every run is right. :attr:`digits`: one byte per cell
    of the board, row by row (0 on black cells); ``number`` counts from 1."""

    @property
    def digits(self) -> bytes:
        return self.data


@dataclass(frozen=True, slots=True)
class Finished(FinishedStep[KakuroResult]):
    """The Kakuro solver stopped: ``result`` holds the verdict, the digit rows found and
    the solver's figures."""


KakuroStep = (
    CandidatesRemoved
    | DigitPlaced
    | Guess
    | Contradiction
    | Backtrack
    | RunsChecked
    | SolutionFound
    | Finished
)


def blank_candidates(puzzle: KakuroPuzzle) -> list[int]:
    """The board a replay starts from: every digit possible in every white cell."""
    return [ALL_DIGITS] * puzzle.white_count


def apply_step(candidates: list[int], step: KakuroStep) -> bool:
    """Update ``candidates`` (one mask per white cell) in place by ``step``; whether any
    cell changed, so a replay knows when to redraw."""
    if isinstance(step, CandidatesRemoved):
        for index, mask in step.removed:
            candidates[index] &= ~mask
        return bool(step.removed)
    if isinstance(step, DigitPlaced):
        before = candidates[step.cell]
        candidates[step.cell] = 1 << step.digit
        return before != candidates[step.cell]
    if isinstance(step, Guess):
        before = candidates[step.cell]
        if step.exclude:
            candidates[step.cell] &= ~(1 << step.digit)
        else:
            candidates[step.cell] = 1 << step.digit
        return before != candidates[step.cell]
    if isinstance(step, Backtrack):
        for index, mask in step.cells:
            candidates[index] = mask
        return bool(step.cells)
    return False


def placed_digits(candidates: list[int]) -> list[int]:
    """The digit of each cell with one candidate left, 0 for the others."""
    return [single_digit(mask) for mask in candidates]


__all__ = [
    "Backtrack",
    "CandidatesRemoved",
    "Contradiction",
    "DigitPlaced",
    "Finished",
    "Guess",
    "KakuroStep",
    "RunsChecked",
    "SolutionFound",
    "apply_step",
    "blank_candidates",
    "combinations_text",
    "digit_list",
    "placed_digits",
]
