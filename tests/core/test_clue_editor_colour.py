"""The clue editor in colour (issue 33): "3r 2b 1" typed per line, checked as it is typed,
colour totals compared, and the same fairness check as black and white."""

from __future__ import annotations

import pytest

from game.core.create.clue_editor import (
    CLUE_INKS,
    INK_LETTERS,
    ClueSheet,
    parse_colour_clue,
)
from game.core.create.fairness import check_uniqueness
from game.core.palette import colour_runs_of
from game.core.puzzle import Puzzle, PuzzleError


def test_a_number_takes_the_letter_after_it_and_a_bare_number_is_black() -> None:
    assert parse_colour_clue("3r 2b 1") == ((3, 2, 1), "rbk")
    assert parse_colour_clue(" 3 r, 2B ") == ((3, 2), "rb")
    assert parse_colour_clue("0") == ((), "")
    for bad, words in [("3x", "the colours are"), ("3rb", "not a number"), ("0 2r", "0 only")]:
        with pytest.raises(ValueError, match=words):
            parse_colour_clue(bad)


def _typed(grid: list[list[str]]) -> ClueSheet:
    """The sheet a player fills in from a colour picture of ink letters ("." empty)."""
    height, width = len(grid), len(grid[0])
    sheet = ClueSheet(width, height, colour=True)
    codes = [[0 if c == "." else INK_LETTERS.index(c) + 1 for c in row] for row in grid]
    lines = [("row", y, codes[y]) for y in range(height)]
    lines += [("column", x, [row[x] for row in codes]) for x in range(width)]
    for axis, index, line in lines:
        runs = colour_runs_of(line)
        text = " ".join(f"{n}{INK_LETTERS[c - 1]}" for n, c in runs) or "0"
        sheet.set_text(axis, index, text)  # type: ignore[arg-type]
    return sheet


PICTURE = ["rr.b", "rkkb", ".kk.", "b..r"]


def test_typed_colour_clues_make_the_colour_puzzle_of_the_picture() -> None:
    sheet = _typed([list(row) for row in PICTURE])
    assert sheet.ready and not sheet.problems()
    puzzle = sheet.puzzle("Flag")
    assert puzzle.is_colour
    names = [colour.name for colour in puzzle.colours.colours]
    assert names == ["black", "red", "blue"]  # the inks used, in CLUE_INKS' order
    number = {letter: names.index(name) + 1 for letter, name, _ in CLUE_INKS if name in names}
    grid = [[0 if c == "." else number[c] for c in row] for row in PICTURE]
    assert puzzle.solved_by_values(grid)
    report = check_uniqueness(puzzle, timeout=2.0)
    expected = check_uniqueness(Puzzle.from_colour_grid(grid, puzzle.colours), timeout=2.0)
    assert report.status == expected.status
    assert report.ambiguous_cells == expected.ambiguous_cells


def test_a_colour_typo_is_flagged_live_and_the_colour_totals_are_compared() -> None:
    sheet = _typed([list(row) for row in PICTURE])
    sheet.set_text("row", 0, "2r 1g")  # green: no column has it
    assert sheet.state("row", 0).ok
    assert not sheet.totals_agree and not sheet.ready
    words = " ".join(text for _kind, text in sheet.status_lines())
    assert "2 blue cells, the column clues 3" in words
    with pytest.raises(PuzzleError):
        sheet.set_text("row", 1, "9r")
        sheet.puzzle()
    sheet.set_text("row", 1, "3r 1r")  # two reds need a gap: 5 cells in a row of 4
    assert "needs 5 cells" in sheet.state("row", 1).problem
    sheet.set_text("row", 1, "3r 1b")  # red then blue need no gap: 4 cells fit
    assert sheet.state("row", 1).ok


def test_ambiguous_and_impossible_colour_clues_are_said_so() -> None:
    # Two reds on a diagonal: two solutions, all four cells free.
    sheet = _typed([list("r."), list(".r")])
    report = check_uniqueness(sheet.puzzle(), timeout=2.0)
    assert report.status == "multiple"
    assert set(report.ambiguous_cells) == {(0, 0), (1, 0), (0, 1), (1, 1)}
    # A red cell the columns say is blue: totals agree but no picture fits.
    none = ClueSheet(2, 1, colour=True)
    for axis, index, text in [("row", 0, "1r 1b"), ("column", 0, "1b"), ("column", 1, "1r")]:
        none.set_text(axis, index, text)  # type: ignore[arg-type]
    assert none.ready
    assert check_uniqueness(none.puzzle(), timeout=2.0).status == "none"
