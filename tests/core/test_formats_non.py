"""The .non reader and writer, and the registry's handling of files."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.formats import (
    FormatError,
    format_puzzle,
    read_puzzle,
    read_puzzle_bytes,
    read_puzzle_text,
    write_puzzle,
)
from game.core.puzzle import Puzzle

SMALL_NON = """\
catalogue "test 1"
title "Little L"
by "Ana"
copyright "2024 Ana"
license CC-BY-4.0
width 3
height 3

rows
1
1
3

columns
3
1
1

goal "100100111"
"""


def test_reads_keys_clues_and_goal() -> None:
    puzzle = read_puzzle_text(SMALL_NON, "little.non")
    assert (puzzle.width, puzzle.height) == (3, 3)
    assert puzzle.row_clues == ((1,), (1,), (3,))
    assert puzzle.column_clues == ((3,), (1,), (1,))
    assert (puzzle.title, puzzle.author, puzzle.copyright, puzzle.license) == (
        "Little L",
        "Ana",
        "2024 Ana",
        "CC-BY-4.0",
    )
    assert puzzle.goal == ((True, False, False), (True, False, False), (True, True, True))
    assert puzzle.extra == (("catalogue", "test 1"),)


def test_bare_goal_and_empty_lines() -> None:
    text = "width 2\nheight 2\nrows\n0\n2\ncolumns\n1\n1\ngoal 0011\n"
    puzzle = read_puzzle_text(text, "bare.non")
    assert puzzle.row_clues == ((), (2,))
    assert puzzle.goal == ((False, False), (True, True))


def test_comments_among_clues_and_blank_lines_after_a_header() -> None:
    # Hand-written files (QA): a '#' line inside a section was read as a clue ("'#' is not a
    # whole number"); a blank line straight after "rows" closed the section before its clues.
    text = "width 2\nheight 2\nrows\n\n# top\n2\n1\n\ncolumns\r\n\r\n2\n1\n# the end\n"
    puzzle = read_puzzle_text(text, "hand.non")
    assert puzzle.row_clues == ((2,), (1,))
    assert puzzle.column_clues == ((2,), (1,))


def test_a_blank_line_between_clues_is_named() -> None:
    text = "width 2\nheight 2\nrows\n2\n\n1\ncolumns\n2\n1\n"
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(text, "gap.non")
    assert caught.value.line == 6
    assert "the blank line 5 ended the 'rows' section" in caught.value.reason


def test_a_second_width_is_refused() -> None:
    # It replaced the first without a word ("there are 2 column clues but the width is 3").
    text = "width 2\nheight 2\nrows\n2\n1\ncolumns\n2\n1\nwidth 3\n"
    with pytest.raises(FormatError, match="a second 'width', 3, after width 2"):
        read_puzzle_text(text, "twice.non")
    again = read_puzzle_text(text.replace("width 3", "width 2"), "same.non")
    assert again.width == 2


def test_write_then_read_keeps_everything() -> None:
    puzzle = read_puzzle_text(SMALL_NON, "little.non")
    again = read_puzzle_text(format_puzzle(puzzle, "non"), "again.non")
    assert again == puzzle
    assert again.extra == puzzle.extra


def test_file_without_title_is_named_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my-cat.non"
    write_puzzle(Puzzle.from_grid([[1, 0], [1, 1]]), path)
    assert read_puzzle(path).title == "my-cat"


@pytest.mark.parametrize(
    ("text", "line", "reason"),
    [
        ("width 2\nheight 2\nrows\n1\nx\ncolumns\n1\n1\n", 5, "'x' is not a whole number"),
        ("width 2\nheight 2\nrows\n1\n-1\ncolumns\n1\n1\n", 5, "cannot be negative"),
        ("width 10000000\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", 1, "not 10000000"),
        ("width 600\nheight 2\nrows\n1\n1\ncolumns\n1\n1\n", 1, "between 0 and 512"),
        ("width 2\nheight 2\nrows\n1\n1\n", None, "no 'columns' section"),
        ("width 2\nheight 1\nrows\n1\n1\ncolumns\n1\n1\n", 5, "2 row clues but the height is 1"),
        ("width 2\nheight 1\nrows\n3\ncolumns\n1\n1\n", 4, "needs 3 cells, the row has 2"),
        # QA: "clue 1 needs 1 cells, the row has 0"
        ("width 0\nheight 1\nrows\n1\ncolumns\n", 4, "clue 1 needs 1 cell, the row has 0"),
        ("width 2\nheight 1\nrows\n1\ncolumns\n1\n1\n", None, "fill 1 cell but column"),
        ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal 11\n", None, "does not match"),
        ("width 2\nheight 1\nrows\n1\ncolumns\n1\n0\ngoal 1\n", 8, "the goal has 1 cells"),
    ],
)
def test_bad_files_name_line_and_reason(text: str, line: int | None, reason: str) -> None:
    with pytest.raises(FormatError) as caught:
        read_puzzle_text(text, "bad.non")
    assert caught.value.path == "bad.non"
    assert caught.value.line == line
    assert reason in caught.value.reason
    prefix = "bad.non" if line is None else f"bad.non:{line}"
    assert str(caught.value).startswith(prefix + ": ")


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_utf16_files_are_read(tmp_path: Path, encoding: str) -> None:
    # Notepad's "Unicode" and PowerShell's ">" write UTF-16 (with a byte-order mark; the
    # bare -le/-be forms have none): every other byte is NUL, once refused as binary.
    text = 'title "Caf\u00e9"\nwidth 2\nheight 1\nrows\n1\ncolumns\n1\n0\n'
    path = tmp_path / "notepad.non"
    path.write_bytes(text.encode(encoding))
    puzzle = read_puzzle(path)
    assert puzzle.title == "Caf\u00e9"
    assert puzzle.row_clues == ((1,),) and puzzle.column_clues == ((1,), ())
    with pytest.raises(FormatError, match="not a text file"):
        read_puzzle_bytes(b"\xff\xfe" + b"\x00\x00\x01\x02" * 4, "x.non")


def test_binary_empty_and_missing_files(tmp_path: Path) -> None:
    with pytest.raises(FormatError, match="not a text file"):
        read_puzzle_bytes(b"width\x00 3", "x.non")
    with pytest.raises(FormatError, match="empty"):
        read_puzzle_bytes(b"  \n", "x.non")
    with pytest.raises(FormatError, match=r"x\.non"):
        read_puzzle(tmp_path / "x.non")
    with pytest.raises(FormatError, match="folder"):
        read_puzzle(tmp_path)
    huge = tmp_path / "huge.non"
    huge.write_bytes(b"1\n" * (2 * 1024 * 1024))
    with pytest.raises(FormatError, match="larger than"):
        read_puzzle(huge)
