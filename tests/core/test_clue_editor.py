"""Typed clues: parsing as books print them, lines flagged as typed, totals, the puzzle made."""

from __future__ import annotations

import numpy as np
import pytest

from game.core.create.clue_editor import ClueSheet, clue_length, clue_report_lines, parse_clue
from game.core.create.fairness import UniquenessCheck
from game.core.puzzle import Puzzle, PuzzleError

# A 5x5 arrow with one solution.
ARROW = np.array(
    [
        [0, 0, 1, 0, 0],
        [0, 1, 1, 1, 0],
        [1, 1, 1, 1, 1],
        [0, 0, 1, 0, 0],
        [0, 0, 1, 0, 0],
    ],
    dtype=bool,
)


def _typed(puzzle: Puzzle) -> ClueSheet:
    sheet = ClueSheet(puzzle.width, puzzle.height)
    for y, clue in enumerate(puzzle.row_clues):
        sheet.set_text("row", y, ", ".join(map(str, clue)))  # a blank row stays blank
    for x, clue in enumerate(puzzle.column_clues):
        sheet.set_text("column", x, " ".join(map(str, clue)) or "0")
    return sheet


@pytest.mark.parametrize(
    ("text", "clue"),
    [("3 1 2", (3, 1, 2)), (" 3,1-2 ", (3, 1, 2)), ("10/2", (10, 2)), ("", ()), ("0", ())],
)
def test_clues_are_read_as_books_print_them(text: str, clue: tuple[int, ...]) -> None:
    assert parse_clue(text) == clue


@pytest.mark.parametrize(("text", "reason"), [("3 x", "'x' is not a number"), ("2 0 1", "0 only")])
def test_a_line_that_is_not_a_clue_says_why(text: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        parse_clue(text)


def test_odd_numbers_typed_get_a_short_reason_in_our_words() -> None:
    # A key held down made a 40-digit "clue" the report printed in full ("needs 1000...3
    # cells"), 5000 digits got Python's "Exceeds the limit (4300 digits)", and "²" (which
    # isdigit() passes) got "invalid literal for int()".
    sheet = ClueSheet(15, 15)
    sheet.set_text("row", 0, "9" * 40 + " 1")
    assert sheet.state("row", 0).problem == "99999999… is far too large"
    with pytest.raises(ValueError, match=r"^99999999… is far too large$"):
        parse_clue("9" * 5000)
    with pytest.raises(ValueError, match=r"^'²' is not a number$"):
        parse_clue("2 ²")
    assert parse_clue("３ １") == (3, 1)  # full-width digits, as a Japanese keyboard types
    assert parse_clue("0003 1") == (3, 1)


def test_a_clue_too_long_for_its_line_is_flagged_as_typed() -> None:
    sheet = ClueSheet(5, 4)
    assert clue_length((2, 2)) == 5
    sheet.set_text("row", 0, "2 2")
    assert sheet.state("row", 0).ok
    sheet.set_text("column", 1, "2 2")  # a column has only 4 cells
    state = sheet.state("column", 1)
    assert not state.ok and state.problem == "needs 5 cells, the column has 4"
    sheet.set_text("row", 2, "1 y")
    assert sheet.problems() == [
        ("row", 2, "'y' is not a number"),
        ("column", 1, "needs 5 cells, the column has 4"),
    ]
    assert sheet.status_lines()[0] == ("bad", "✗ Row 3: 'y' is not a number (and 1 more).")
    with pytest.raises(PuzzleError, match="row 3"):
        sheet.puzzle()
    assert not sheet.ready


def test_row_and_column_totals_are_compared() -> None:
    puzzle = Puzzle.from_grid(ARROW)
    sheet = _typed(puzzle)
    assert sheet.total("row") == sheet.total("column") == int(ARROW.sum())
    assert sheet.ready and sheet.status_lines() == [
        ("info", "Rows and columns both fill 11 cells.")
    ]
    sheet.set_text("column", 2, "4")  # a typo: 5 in the book
    assert not sheet.totals_agree and not sheet.ready
    assert sheet.status_lines() == [
        ("bad", "✗ The row clues fill 11 cells, the column clues 10: one of them has a typo.")
    ]
    sheet.set_text("column", 4, "")  # while a line is still to type, it is not a typo yet
    assert sheet.status_lines() == [
        (
            "info",
            "So far the rows fill 11 cells, the columns 9; 1 line to type (0 for an empty one).",
        )
    ]


def test_typing_order_walks_rows_then_columns_and_wraps() -> None:
    sheet = ClueSheet(3, 2)
    order = [sheet.line_at(position) for position in range(sheet.line_count())]
    assert order == [("row", 0), ("row", 1), ("column", 0), ("column", 1), ("column", 2)]
    assert sheet.step(4, 1) == 0 and sheet.step(0, -1) == 4
    assert sheet.position_of("column", 1) == 3


def test_the_typed_clues_make_the_puzzle_and_resizing_keeps_lines() -> None:
    puzzle = Puzzle.from_grid(ARROW)
    sheet = _typed(puzzle)
    made = sheet.puzzle(" Arrow ", "A book")
    assert made.row_clues == puzzle.row_clues and made.column_clues == puzzle.column_clues
    assert (made.title, made.author, made.goal) == ("Arrow", "A book", None)
    rows, columns = list(sheet.rows), list(sheet.columns)
    sheet.resize(6, 4)
    assert sheet.rows == rows[:4] and sheet.columns == [*columns, ""]
    with pytest.raises(ValueError, match="1 to 50"):
        sheet.resize(0, 4)


def _report_lines(puzzle: Puzzle) -> list[tuple[str, str]]:
    check = UniquenessCheck(puzzle, 5.0)
    check.run()
    return clue_report_lines(check.report)


def test_the_report_says_none_one_or_exactly_how_many_cells_are_free() -> None:
    assert clue_report_lines(None, dots=2) == [
        ("info", "Checking whether the clues have one solution..")
    ]
    unique = _report_lines(Puzzle.from_grid(ARROW))
    assert unique[0][0] == "good" and unique[0][1].startswith("✓ One solution")
    diagonal = Puzzle(2, 2, ((1,), (1,)), ((1,), (1,)))
    ambiguous = _report_lines(diagonal)
    assert ambiguous[0] == (
        "bad",
        "✗ More than one solution: exactly 4 cells can go either way.",
    )
    # Totals agree (2 and 2) but no picture fits: the top row full, the left column full.
    contradiction = Puzzle(2, 2, ((2,), ()), ((2,), ()))
    assert _report_lines(contradiction)[0][1].startswith("✗ No solution")


def test_lines_left_untyped_are_not_taken_for_empty_ones() -> None:
    """QA: a 10x10 of rows "1" and columns "1", widened to 11, was solved at once as if the
    new column were typed "0" (a report, Play and Save on clues the book does not print)."""
    sheet = ClueSheet(4, 4)
    for index in range(4):
        sheet.set_text("row", index, "1")
    for index in range(3):
        sheet.set_text("column", index, "1")
    sheet.set_text("column", 3, "1")
    assert sheet.ready
    sheet.resize(5, 4)
    assert sheet.totals_agree and not sheet.problems() and not sheet.ready
    assert sheet.status_lines() == [
        (
            "info",
            "So far the rows and columns both fill 4 cells; 1 line to type (0 for an empty one).",
        )
    ]
    sheet.set_text("column", 4, "0")
    assert sheet.ready
