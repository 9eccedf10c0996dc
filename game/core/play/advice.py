"""Advice for the player as data, each piece with the sentence the play screen shows for it.

Check (V) reports the lines whose marks contradict their clues and, when the goal picture is
known to be the only answer, the marks that disagree with it. Hint (H) finds the most
instructive deduction one line makes from the player's marks, with its technique named
(``game.core.solver.hints``), or says why it cannot:
wrong marks, a line no placement of its clue fits any more, or nothing left for line logic.

The screen decides only how to show a piece of advice (flashing cells, an outlined line, the
colour of the message, from ``tone``); what is said, and why, is decided here.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Literal

import numpy as np
import numpy.typing as npt

from game.core.board import Board, Cell
from game.core.i18n import _, ngettext
from game.core.lines import Clue, clue_text
from game.core.play.colour_hints import (
    ColourHint,
    broken_colour_line,
    colour_action,
    find_colour_hint,
)
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.core.solver.hints import Hint, find_hint, line_codes
from game.core.solver.line import analyse_line
from game.core.solver.steps import Axis, CellPosition

# How a message reads on screen: plain, a mistake, good news, or a hint.
Tone = Literal["info", "error", "success", "hint"]


# --- check ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckReport:
    """What a check found. ``wrong`` is empty unless ``answer_known`` (the goal picture is the
    puzzle's only answer, so a mark that disagrees with it is surely wrong)."""

    rows: tuple[int, ...]
    columns: tuple[int, ...]
    wrong: tuple[CellPosition, ...]
    answer_known: bool

    @property
    def mistakes(self) -> bool:
        return bool(self.rows or self.columns or self.wrong)

    @property
    def tone(self) -> Tone:
        return "error" if self.mistakes else "success"

    @property
    def text(self) -> str:
        parts: list[str] = []
        if self.rows or self.columns:
            parts.append(lines_sentence(self.rows, self.columns))
        if self.wrong:
            count = len(self.wrong)
            parts.append(
                ngettext(
                    "{count} mark is wrong (flashing).",
                    "{count} marks are wrong (flashing).",
                    count,
                ).format(count=count)
            )
        if parts:
            return " ".join(parts)
        if self.answer_known:
            return _("No mistakes so far.")
        return _("No row or column contradicts its clue.")


def check_marks(session: Session, answer_known: bool) -> CheckReport:
    """Check the session's marks; name wrong marks only when ``answer_known``."""
    rows, columns = session.contradicted_lines()
    wrong = session.wrong_cells() if answer_known else []
    return CheckReport(tuple(rows), tuple(columns), tuple(wrong), answer_known)


# --- hint -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class ForcedCell:
    """Line logic gives ``hint.cells`` on one line (``hint.line``), by a named technique.

    The name stays from when a hint gave one cell; ``cell`` is the first cell given (where
    the cursor goes), ``cells`` all of them."""

    hint: Hint
    tone: ClassVar[Tone] = "hint"

    @property
    def cell(self) -> CellPosition:
        return self.hint.x, self.hint.y

    @property
    def cells(self) -> tuple[tuple[int, int, Cell], ...]:
        return self.hint.cells

    @property
    def line(self) -> tuple[Axis, int]:
        return self.hint.axis, self.hint.index

    @property
    def technique(self) -> str:
        return self.hint.technique

    @property
    def text(self) -> str:
        return f"{sentence(self.hint.text)} {action_sentence(self.hint)}"


def action_sentence(hint: Hint) -> str:
    """ "Fill the 4 outlined cells." / "Cross the outlined cell." / "Fill 3 and cross 2 …"."""
    filled, crossed = hint.filled_count, hint.crossed_count

    if filled and crossed:
        return _("Fill {filled} and cross {crossed} of the outlined cells.").format(
            filled=filled, crossed=crossed
        )
    if filled:
        return ngettext(
            "Fill the outlined cell.", "Fill the {count} outlined cells.", filled
        ).format(count=filled)
    return ngettext(
        "Cross the outlined cell.", "Cross the {count} outlined cells.", crossed
    ).format(count=crossed)


@dataclass(frozen=True)
class WrongMarks:
    """No hint: line logic from wrong marks would teach a wrong step, so these are shown."""

    cells: tuple[CellPosition, ...]
    tone: ClassVar[Tone] = "error"

    @property
    def text(self) -> str:
        count = len(self.cells)
        return ngettext(
            "A hint needs correct marks: {count} mark is wrong (flashing).",
            "A hint needs correct marks: {count} marks are wrong (flashing).",
            count,
        ).format(count=count)


@dataclass(frozen=True)
class BrokenLine:
    """Row or column ``index`` (0-based) can no longer hold its ``clue`` with these marks."""

    axis: Axis
    index: int
    clue: Clue
    # The line's real marks alone still fit: its trial marks made the contradiction, which
    # is what a trial is for (the guess was wrong), and D is the way back.
    by_trial: bool = False
    tone: ClassVar[Tone] = "error"

    @property
    def line(self) -> tuple[Axis, int]:
        return self.axis, self.index

    @property
    def text(self) -> str:
        line, clue = line_name(self.axis, self.index), clue_text(self.clue)
        if self.by_trial:
            return _(
                "Your trial marks break {line}: it can hold {clue} without them, not with "
                "them, so the guess was wrong. Drop trial (D) takes it back."
            ).format(line=line, clue=clue)
        return _(
            "Your marks contradict the clues: {line} cannot hold {clue} any more. "
            "Undo or clear some marks first."
        ).format(line=line, clue=clue)


@dataclass(frozen=True)
class NothingForced:
    """Line logic proves nothing more from the marks: the next step needs a guess."""

    tone: ClassVar[Tone] = "hint"

    @property
    def text(self) -> str:
        return _("Line logic finds nothing more from your marks: try a trial (T).")


@dataclass(frozen=True)
class ForcedColour:
    """A colour line gives ``hint.cells`` (each with its colour), named in words."""

    hint: ColourHint
    action: str
    tone: ClassVar[Tone] = "hint"

    @property
    def cell(self) -> CellPosition:
        return self.hint.x, self.hint.y

    @property
    def line(self) -> tuple[Axis, int]:
        return self.hint.axis, self.hint.index

    @property
    def text(self) -> str:
        return f"{sentence(self.hint.text)} {self.action}"


@dataclass(frozen=True)
class BrokenColourLine:
    """A colour row or column that can no longer hold its runs with these marks."""

    axis: Axis
    index: int
    tone: ClassVar[Tone] = "error"

    @property
    def line(self) -> tuple[Axis, int]:
        return self.axis, self.index

    @property
    def text(self) -> str:
        return _(
            "Your marks contradict the clues: {line} cannot hold its runs any more. "
            "Undo or clear some marks first (or drop the trial, D)."
        ).format(line=line_name(self.axis, self.index))


HintAdvice = ForcedCell | ForcedColour | WrongMarks | BrokenLine | BrokenColourLine | NothingForced


def advise_hint(session: Session, answer_known: bool) -> HintAdvice:
    """The hint for the session's marks; wrong marks (known only when ``answer_known``) come
    first, since a hint from them would be wrong too."""
    wrong = session.wrong_cells() if answer_known else []
    if wrong:
        return WrongMarks(tuple(wrong))
    puzzle = session.puzzle
    if puzzle.is_colour:
        colour_hint = find_colour_hint(puzzle, session.board)
        if colour_hint is not None:
            return ForcedColour(colour_hint, colour_action(colour_hint, puzzle.colours))
        broken_colour = broken_colour_line(puzzle, session.board)
        return BrokenColourLine(*broken_colour) if broken_colour else NothingForced()
    found = find_hint(session.puzzle, session.board)
    if found is not None:
        return ForcedCell(found)
    broken = broken_line(session.puzzle, session.board)
    return broken if broken is not None else NothingForced()


def broken_line(puzzle: Puzzle, board: Board) -> BrokenLine | None:
    """The first row, then column, whose marks no placement of its clue fits, if any."""
    cells = board.cells
    real = np.where(cells >= Cell.TRIAL_FILLED, Cell.UNKNOWN, cells)
    for y, clue in enumerate(puzzle.row_clues):
        if analyse_line(clue, line_codes(cells[y, :].tolist())) is None:
            return BrokenLine("row", y, clue, _fits(clue, real[y, :]))
    for x, clue in enumerate(puzzle.column_clues):
        if analyse_line(clue, line_codes(cells[:, x].tolist())) is None:
            return BrokenLine("column", x, clue, _fits(clue, real[:, x]))
    return None


def _fits(clue: Clue, line: npt.NDArray[np.int8]) -> bool:
    return analyse_line(clue, line_codes(line.tolist())) is not None


# --- sentences --------------------------------------------------------------------------------


def sentence(text: str) -> str:
    """``text`` with a capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def line_name(axis: Axis, index: int) -> str:
    """ "row 3", "column 7" (``index`` from 0, shown from 1), in the player's language."""
    if axis == "row":
        return _("row {number}").format(number=index + 1)
    return _("column {number}").format(number=index + 1)


def lines_sentence(rows: Sequence[int], columns: Sequence[int]) -> str:
    """ "Row 3 and column 7 contradict their clues." (numbers count from 1)."""
    total = len(rows) + len(columns)
    if rows and columns:
        return ngettext(
            "{rows_word} {rows} and {columns_word} {columns} contradicts its clue.",
            "{rows_word} {rows} and {columns_word} {columns} contradict their clues.",
            total,
        ).format(
            rows_word=ngettext("Row", "Rows", len(rows)),
            rows=_numbers(rows),
            columns_word=ngettext("column", "columns", len(columns)),
            columns=_numbers(columns),
        )
    if rows:
        return ngettext(
            "Row {numbers} contradicts its clue.", "Rows {numbers} contradict their clues.", total
        ).format(numbers=_numbers(rows))
    return ngettext(
        "Column {numbers} contradicts its clue.",
        "Columns {numbers} contradict their clues.",
        total,
    ).format(numbers=_numbers(columns))


def _numbers(indices: Sequence[int]) -> str:
    """At most six numbers (from 1), then how many more."""
    shown = [str(i + 1) for i in indices[:6]]
    text = ", ".join(shown)
    if len(indices) > 6:
        text += " " + _("and {count} more").format(count=len(indices) - 6)
    return text
