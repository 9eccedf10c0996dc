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

from game.core.board import IS_TRIAL, Board, Cell
from game.core.convert.colour_names import said_names
from game.core.i18n import _, ngettext
from game.core.lines import clue_text
from game.core.palette import ColourClue
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.core.solver.hints import Hint, board_lines, find_hint
from game.core.solver.line_logic import line_logic
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
    """Line logic gives ``hint.cells`` on one line, by a named technique; ``action`` says
    what to do ("Fill the 4 outlined cells.", "Paint the 2 outlined cells red.").

    The name stays from when a hint gave one cell; ``cell`` is the first cell given (where
    the cursor goes), ``cells`` all of them."""

    hint: Hint
    action: str
    tone: ClassVar[Tone] = "hint"

    @property
    def cell(self) -> CellPosition:
        return self.hint.x, self.hint.y

    @property
    def cells(self) -> tuple[tuple[int, int, int], ...]:
        return self.hint.cells

    @property
    def line(self) -> tuple[Axis, int]:
        return self.hint.axis, self.hint.index

    @property
    def technique(self) -> str:
        return self.hint.technique

    @property
    def text(self) -> str:
        return f"{sentence(self.hint.text)} {self.action}"


def action_sentence(hint: Hint, colour_name: str = "") -> str:
    """ "Fill the 4 outlined cells." / "Cross the outlined cell." / "Fill 3 and cross 2 …";
    with ``colour_name`` (a colour puzzle) "Paint the 2 outlined cells red."."""
    filled, crossed = hint.filled_count, hint.crossed_count

    if filled and crossed:
        return _("Fill {filled} and cross {crossed} of the outlined cells.").format(
            filled=filled, crossed=crossed
        )
    if filled:
        if colour_name:
            return ngettext(
                "Paint the outlined cell {colour}.",
                "Paint the {count} outlined cells {colour}.",
                filled,
            ).format(count=filled, colour=colour_name)
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
    """Row or column ``index`` (0-based) can no longer hold its ``runs`` with these marks."""

    axis: Axis
    index: int
    runs: ColourClue
    # The line's real marks alone still fit: its trial marks made the contradiction, which
    # is what a trial is for (the guess was wrong), and D is the way back.
    by_trial: bool = False
    tone: ClassVar[Tone] = "error"

    @property
    def line(self) -> tuple[Axis, int]:
        return self.axis, self.index

    @property
    def text(self) -> str:
        line = line_name(self.axis, self.index)
        if any(colour != 1 for _length, colour in self.runs):
            clue = _("its runs")  # the colours are on the screen, beside the line
        else:
            clue = clue_text(tuple(length for length, _colour in self.runs))
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


HintAdvice = ForcedCell | WrongMarks | BrokenLine | NothingForced


def advise_hint(session: Session, answer_known: bool) -> HintAdvice:
    """The hint for the session's marks; wrong marks (known only when ``answer_known``) come
    first, since a hint from them would be wrong too."""
    wrong = session.wrong_cells() if answer_known else []
    if wrong:
        return WrongMarks(tuple(wrong))
    puzzle = session.puzzle
    found = find_hint(puzzle, session.board)
    if found is not None:
        palette = puzzle.colour_palette  # None: one ink, nothing to name
        name = said_names(palette)[found.colour - 1] if palette and found.colour else ""
        return ForcedCell(found, action_sentence(found, name))
    broken = broken_line(puzzle, session.board)
    return broken if broken is not None else NothingForced()


def broken_line(puzzle: Puzzle, board: Board) -> BrokenLine | None:
    """The first row, then column, whose marks no placement of its runs fits, if any."""
    logic = line_logic(puzzle)
    lines = board_lines(puzzle, board)
    real: list[tuple[Axis, int, ColourClue, tuple[int, ...]]] | None = None
    for order, (axis, index, runs, line) in enumerate(lines):
        if logic.fits(runs, line):
            continue
        if real is None:
            real_cells = np.where(IS_TRIAL[board.cells.astype(np.intp)], Cell.UNKNOWN, board.cells)
            real = board_lines(puzzle, Board(board.width, board.height, real_cells, board.colours))
        return BrokenLine(axis, index, runs, logic.fits(runs, real[order][3]))
    return None


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
