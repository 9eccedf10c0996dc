"""Type the clues: a puzzle copied from a book or a newspaper, line by line.

A :class:`ClueSheet` holds the text typed for every row and column of a chosen size and says,
as it is typed, what is wrong with each line: a number that is not one, or a clue whose runs
(with one gap between each) need more cells than the line has. It compares the totals of the
row clues and the column clues, which must be equal in any puzzle (both count the filled
cells), and when every line is fine it makes the :class:`~game.core.puzzle.Puzzle`. The lines
are walked in one order, rows from the top then columns from the left, as a keyboard moves
through them (:meth:`ClueSheet.step`).

**In colour** (``ClueSheet(colour=True)``, issue 33) each number carries its colour as a
letter typed after it, as a newspaper's colour puzzle is read aloud: ``3r 2b 1`` is three red,
two blue, one black (a number without a letter is black, the commonest ink). The letters are
:data:`CLUE_INKS`' (k black, r red, b blue, g green, y yellow, o orange, p purple, n brown);
two runs of one colour need a gap, two of different colours do not; the totals are compared
colour by colour. The puzzle's palette is the inks used, in that order.

Whether the clues have no solution, one, or several (and which cells can go either way) is
the same fairness check the converter uses (:class:`~game.core.create.fairness.UniquenessCheck`);
:func:`clue_report_lines` words its report for clues, which the player cannot touch up cell
by cell. Nothing here imports pygame.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from game.core.convert.colour_names import said_name
from game.core.create.fairness import CheckProgress, Report, progress_text
from game.core.i18n import _, ngettext
from game.core.lines import Clue
from game.core.palette import RGB, Palette, colour_clue_length
from game.core.puzzle import Puzzle, PuzzleError

Axis = Literal["row", "column"]

MIN_SIZE = 1
MAX_SIZE = 50
DEFAULT_SIZE = 10
# Numbers may be separated by spaces, commas, dots, dashes or slashes, as books print them.
_SEPARATORS = re.compile(r"[\s,.;/\-]+")


# The inks a colour clue can use: (letter typed, name, RGB), black first (a bare number).
CLUE_INKS: tuple[tuple[str, str, RGB], ...] = (
    ("k", "black", (30, 30, 36)),
    ("r", "red", (208, 52, 44)),
    ("b", "blue", (38, 92, 196)),
    ("g", "green", (52, 150, 72)),
    ("y", "yellow", (236, 196, 40)),
    ("o", "orange", (240, 130, 30)),
    ("p", "purple", (128, 64, 160)),
    ("n", "brown", (130, 82, 44)),
)
INK_LETTERS = "".join(letter for letter, _name, _rgb in CLUE_INKS)
# A colour number: digits, then (maybe after a space) one ink letter.
_COLOUR_RUN = re.compile(r"(\d+)\s*([a-z]?)(?![a-z])", re.IGNORECASE)
_COLOUR_SEPARATORS = re.compile(r"[\s,.;/\-]+")


def parse_colour_clue(text: str) -> tuple[Clue, str]:
    """The runs typed in ``text`` and each one's ink letter (``"3r 2b 1"`` -> ((3, 2, 1),
    "rbk")); ValueError with a short reason when it is not a colour clue."""
    stripped = text.strip()
    runs: list[int] = []
    inks: list[str] = []
    at = 0
    while at < len(stripped):
        gap = _COLOUR_SEPARATORS.match(stripped, at)
        if gap:
            at = gap.end()
            continue
        found = _COLOUR_RUN.match(stripped, at)
        if found is None:
            word = stripped[at:].split()[0]
            if word[:1].isalpha() and word[:1].lower() not in INK_LETTERS:
                raise ValueError(
                    _("{word}: the colours are {letters}").format(
                        word=repr(word[:8]), letters=", ".join(INK_LETTERS)
                    )
                )
            raise ValueError(
                _("{word} is not a number and a colour letter").format(word=repr(word[:8]))
            )
        digits, letter = found.group(1), found.group(2).lower() or "k"
        if not digits.isdecimal() or len(digits.lstrip("0")) > 3:
            raise ValueError(_("{number}… is far too large").format(number=digits[:8]))
        if letter not in INK_LETTERS:
            raise ValueError(
                _("{word}: the colours are {letters}").format(
                    word=repr(found.group(0)), letters=", ".join(INK_LETTERS)
                )
            )
        runs.append(int(digits))
        inks.append(letter)
        at = found.end()
    if runs == [0]:
        return (), ""
    if 0 in runs:
        raise ValueError(_("0 only on its own, for an empty line"))
    return tuple(runs), "".join(inks)


def parse_clue(text: str) -> Clue:
    """The runs typed in ``text``; ValueError with a short reason when it is not a clue.

    An empty text or a lone 0 is an empty line; a 0 among other numbers is refused."""
    parts = [part for part in _SEPARATORS.split(text.strip()) if part]
    runs: list[int] = []
    for part in parts:
        # isdigit() also passes "²" and "①", which int() refuses with Python's own words.
        if not part.isdecimal():
            raise ValueError(_("{word} is not a number").format(word=repr(part[:8])))
        if len(part.lstrip("0")) > 3:  # past any line; int() of 4300+ digits even raises
            raise ValueError(_("{number}… is far too large").format(number=part[:8]))
        runs.append(int(part))
    if runs == [0]:
        return ()
    if 0 in runs:
        raise ValueError(_("0 only on its own, for an empty line"))
    return tuple(runs)


def clue_length(clue: Clue) -> int:
    """The fewest cells ``clue`` fits in: its runs with one gap between each."""
    return sum(clue) + max(0, len(clue) - 1)


@dataclass(frozen=True)
class LineState:
    """What one line's text means: its clue, or the problem with it."""

    clue: Clue
    problem: str = ""
    # In colour: each run's ink letter (see CLUE_INKS).
    inks: str = ""

    @property
    def ok(self) -> bool:
        return not self.problem


class ClueSheet:
    """The clues of a ``width`` x ``height`` puzzle, as typed."""

    def __init__(
        self, width: int = DEFAULT_SIZE, height: int = DEFAULT_SIZE, *, colour: bool = False
    ) -> None:
        _check_size(width, height)
        self.colour = colour
        self.width = width
        self.height = height
        self.rows: list[str] = [""] * height
        self.columns: list[str] = [""] * width

    # -- the lines --------------------------------------------------------------------------

    def line_count(self) -> int:
        return self.height + self.width

    def line_at(self, position: int) -> tuple[Axis, int]:
        """Line ``position`` in typing order: rows top to bottom, then columns left to right."""
        position %= self.line_count()
        if position < self.height:
            return "row", position
        return "column", position - self.height

    def position_of(self, axis: Axis, index: int) -> int:
        return index if axis == "row" else self.height + index

    def step(self, position: int, delta: int) -> int:
        """The position ``delta`` lines on, wrapping round at either end."""
        return (position + delta) % self.line_count()

    def text(self, axis: Axis, index: int) -> str:
        return (self.rows if axis == "row" else self.columns)[index]

    def set_text(self, axis: Axis, index: int, text: str) -> None:
        (self.rows if axis == "row" else self.columns)[index] = text

    def line_length(self, axis: Axis) -> int:
        """How many cells a row (its width) or a column (its height) has."""
        return self.width if axis == "row" else self.height

    def state(self, axis: Axis, index: int) -> LineState:
        """The line's clue, or why it cannot be one (flagged as the player types)."""
        inks = ""
        try:
            if self.colour:
                clue, inks = parse_colour_clue(self.text(axis, index))
            else:
                clue = parse_clue(self.text(axis, index))
        except ValueError as error:
            return LineState((), str(error))
        length = self.line_length(axis)
        if self.colour:
            needed = colour_clue_length(clue, [INK_LETTERS.index(ink) for ink in inks])
        else:
            needed = clue_length(clue)
        if needed > length:
            has = (
                _("needs {needed} cells, the row has {length}")
                if axis == "row"
                else _("needs {needed} cells, the column has {length}")
            )
            return LineState(clue, has.format(needed=needed, length=length), inks)
        return LineState(clue, inks=inks)

    def problems(self) -> list[tuple[Axis, int, str]]:
        """Every line that is not a clue that fits, in typing order."""
        found: list[tuple[Axis, int, str]] = []
        for position in range(self.line_count()):
            axis, index = self.line_at(position)
            state = self.state(axis, index)
            if not state.ok:
                found.append((axis, index, state.problem))
        return found

    # -- totals -----------------------------------------------------------------------------

    def total(self, axis: Axis) -> int:
        """Filled cells the row clues (or the column clues) ask for, lines in error left out."""
        count = self.height if axis == "row" else self.width
        return sum(sum(self.state(axis, index).clue) for index in range(count))

    def ink_totals(self, axis: Axis) -> dict[str, int]:
        """In colour: the cells of each ink the row (or column) clues ask for."""
        count = self.height if axis == "row" else self.width
        totals: dict[str, int] = {}
        for index in range(count):
            state = self.state(axis, index)
            for run, ink in zip(state.clue, state.inks, strict=False):
                totals[ink] = totals.get(ink, 0) + run
        return totals

    def ink_mismatch(self) -> str:
        """In colour: the first ink whose row and column totals differ, in words ("")."""
        if not self.colour:
            return ""
        rows, columns = self.ink_totals("row"), self.ink_totals("column")
        for letter, name, _rgb in CLUE_INKS:
            if rows.get(letter, 0) != columns.get(letter, 0):
                return _(
                    "the row clues fill {rows} {colour} cells, the column clues {columns}"
                ).format(
                    rows=rows.get(letter, 0), colour=said_name(name), columns=columns.get(letter, 0)
                )
        return ""

    @property
    def totals_agree(self) -> bool:
        return self.total("row") == self.total("column") and not self.ink_mismatch()

    @property
    def typed(self) -> int:
        """How many lines have something typed."""
        return sum(1 for text in (*self.rows, *self.columns) if text.strip())

    @property
    def blank(self) -> bool:
        return self.typed == 0

    def status_lines(self) -> list[tuple[str, str]]:
        """What the sheet says before any solving, as (kind, text): the lines in error, the
        totals compared, or that it is ready to check."""
        lines: list[tuple[str, str]] = []
        rows, columns = self.total("row"), self.total("column")
        problems = self.problems()
        if problems:
            axis, index, problem = problems[0]
            more = (
                _(" (and {count} more)").format(count=len(problems) - 1)
                if len(problems) > 1
                else ""
            )
            line = _("Row {number}") if axis == "row" else _("Column {number}")
            lines.append(("bad", f"✗ {line.format(number=index + 1)}: {problem}{more}."))
        untyped = self.line_count() - self.typed
        if untyped:
            # Still typing: a difference is not a typo yet, an agreement not the end.
            if rows != columns:
                so_far = ngettext(
                    "So far the rows fill {rows} cells, the columns {columns}; {count} line to "
                    "type (0 for an empty one).",
                    "So far the rows fill {rows} cells, the columns {columns}; {count} lines to "
                    "type (0 for an empty one).",
                    untyped,
                )
            else:
                so_far = ngettext(
                    "So far the rows and columns both fill {rows} cells; {count} line to type "
                    "(0 for an empty one).",
                    "So far the rows and columns both fill {rows} cells; {count} lines to type "
                    "(0 for an empty one).",
                    untyped,
                )
            lines.append(("info", so_far.format(rows=rows, columns=columns, count=untyped)))
        elif rows != columns:
            typo = _(
                "The row clues fill {rows} cells, the column clues {columns}: one of them has a "
                "typo."
            )
            lines.append(("bad", "✗ " + typo.format(rows=rows, columns=columns)))
        elif self.ink_mismatch():
            mismatch = self.ink_mismatch()
            mismatch = mismatch[:1].upper() + mismatch[1:]
            lines.append(("bad", "✗ " + _("{mismatch}: a colour typo.").format(mismatch=mismatch)))
        elif not problems:
            lines.append(("info", _("Rows and columns both fill {rows} cells.").format(rows=rows)))
        return lines

    # -- the puzzle -------------------------------------------------------------------------

    def puzzle(self, title: str = "", author: str = "") -> Puzzle:
        """The puzzle these clues make; PuzzleError (a ValueError) while a line is wrong or
        the totals differ."""
        problems = self.problems()
        if problems:
            axis, index, problem = problems[0]
            raise PuzzleError(f"{axis} {index + 1}: {problem}")
        if self.colour:
            return self._colour_puzzle(title, author)
        return Puzzle(
            self.width,
            self.height,
            tuple(self.state("row", y).clue for y in range(self.height)),
            tuple(self.state("column", x).clue for x in range(self.width)),
            title=title.strip() or "Untitled",
            author=author.strip(),
        )

    def palette(self) -> Palette:
        """In colour: white and the inks the clues use, in CLUE_INKS' order (black when
        none is used yet)."""
        used = set(self.ink_totals("row")) | set(self.ink_totals("column"))
        inks = [(name, rgb) for letter, name, rgb in CLUE_INKS if letter in used]
        return Palette.of(("white", (255, 255, 255)), *(inks or [CLUE_INKS[0][1:]]))

    def _colour_puzzle(self, title: str, author: str) -> Puzzle:
        palette = self.palette()
        number = {
            letter: palette.index(name) for letter, name, _rgb in CLUE_INKS
            if name in {colour.name for colour in palette.colours}
        }  # fmt: skip
        rows = [self.state("row", y) for y in range(self.height)]
        columns = [self.state("column", x) for x in range(self.width)]
        return Puzzle(
            self.width,
            self.height,
            tuple(state.clue for state in rows),
            tuple(state.clue for state in columns),
            title=title.strip() or "Untitled",
            author=author.strip(),
            palette=palette,
            row_colours=tuple(tuple(number[ink] for ink in state.inks) for state in rows),
            column_colours=tuple(tuple(number[ink] for ink in state.inks) for state in columns),
        )

    @property
    def ready(self) -> bool:
        """Every line is typed, a clue that fits, and the totals agree: worth solving. A line
        left untyped is not taken for an empty one: the totals can agree before the last
        lines are typed (or after the size grew), and a report then would be on clues the
        book does not print."""
        complete = self.typed == self.line_count()
        return complete and not self.problems() and self.totals_agree

    def resize(self, width: int, height: int) -> None:
        """A new size: lines that still exist keep their text (they are re-checked)."""
        _check_size(width, height)
        self.rows = (self.rows + [""] * height)[:height]
        self.columns = (self.columns + [""] * width)[:width]
        self.width, self.height = width, height


def _check_size(width: int, height: int) -> None:
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise ValueError(f"a puzzle is {MIN_SIZE} to {MAX_SIZE} cells a side")


def clue_report_lines(
    report: Report | None, *, dots: int = 3, progress: CheckProgress | None = None
) -> list[tuple[str, str]]:
    """The fairness report for typed clues, as (kind, text): none / unique / exactly (or at
    least) N free cells / not decided. ``report`` None means the check is under way
    (``progress`` says how far it is)."""
    if report is None:
        return [("info", progress_text(progress, dots))]
    if report.status == "none":
        return [("bad", "✗ " + _("No solution: no picture fits all these clues. Look for a typo."))]
    if report.status == "unique":
        text = "✓ " + _("One solution: a fair puzzle.")
        if report.stars:
            stars = f"{'★' * report.stars}{'☆' * (5 - report.stars)}"
            text += "  " + _("Difficulty {stars}").format(stars=stars)
            if report.rating_name:
                text += f" ({_(report.rating_name)})"
        return [("good", text)]
    if report.status == "multiple":
        more = _("More than one solution: {free}.").format(free=report.free_text)
        return [
            ("bad", "✗ " + more),
            ("info", _("They are hatched on the picture. Check the clues against the book.")),
        ]
    return [("warning", "? " + _("Not decided in time: the puzzle may need deep guessing."))]
