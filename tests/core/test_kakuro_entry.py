"""A Kakuro typed in from a book (issue 35 item 7): the draft's layout, sums and problems,
and the puzzle it makes, solved: one solution, none or several."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.core.kakuro.entry import KakuroDraft, differing_cells
from game.core.kakuro.fileformat import read_kakuro
from game.core.kakuro.model import KakuroError, KakuroPuzzle
from game.core.kakuro.task import solve

STARTER = Path(__file__).resolve().parent.parent / "data" / "kakuro-levels" / "kakuro-starter"


def typed_in(puzzle: KakuroPuzzle) -> KakuroDraft:
    """``puzzle`` typed in cell by cell and sum by sum, as from a book."""
    draft = KakuroDraft(puzzle.width, puzzle.height)
    for y in range(puzzle.height):
        for x in range(puzzle.width):
            draft.set_white(x, y, puzzle.white[y][x])
    for run in puzzle.runs:
        assert draft.set_sum(run.x, run.y, run.axis, run.total)
    return draft


def square(across: tuple[int, int], down: tuple[int, int]) -> KakuroDraft:
    """A 3x3 board: four white cells, two runs each way."""
    draft = KakuroDraft(3, 3)
    for y, total in zip((1, 2), across, strict=True):
        draft.set_sum(0, y, "across", total)
    for x, total in zip((1, 2), down, strict=True):
        draft.set_sum(x, 0, "down", total)
    return draft


def test_a_new_draft_has_its_top_row_and_left_column_black() -> None:
    draft = KakuroDraft(5, 4)
    assert not any(draft.white[0]) and not any(row[0] for row in draft.white)
    assert all(draft.white[y][x] for y in range(1, 4) for x in range(1, 5))
    assert "7 sums still to type" in draft.problems()
    assert draft.blank and not draft.ready


@pytest.mark.parametrize("path", sorted(STARTER.glob("*.kak"))[:3], ids=lambda p: p.stem)
def test_a_book_puzzle_typed_in_is_the_same_puzzle_with_one_solution(path: Path) -> None:
    book = read_kakuro(path)
    draft = typed_in(book)
    assert draft.ready, draft.problems()
    puzzle = draft.puzzle(title="From the book")
    assert puzzle.fingerprint() == book.fingerprint()
    result = solve(puzzle)
    assert result.status == "unique" and result.solutions[0] == book.solution


def test_several_solutions_and_none_are_told_apart() -> None:
    several = solve(square((3, 3), (3, 3)).puzzle())
    assert several.status == "multiple"
    assert differing_cells(*several.solutions[:2]) == {(1, 1), (2, 1), (1, 2), (2, 2)}
    assert solve(square((3, 3), (4, 3)).puzzle()).status == "none"


def test_problems_are_named_as_they_are_typed() -> None:
    draft = square((3, 3), (3, 3))
    assert draft.ready
    draft.set_sum(0, 1, "across", 30)  # two digits make 3 to 17
    assert any("cannot add up to 30" in problem for problem in draft.problems())
    with pytest.raises(KakuroError, match="cannot add up to 30"):
        draft.puzzle()
    draft.set_sum(0, 1, "across", 4)
    draft.set_white(2, 2, False)  # row 3 and column 3 now have runs of one cell
    assert any("at least two white cells" in problem for problem in draft.problems())
    draft.set_white(0, 1, True)  # a white cell on the left edge: no sum before it
    assert (0, 1, "across") not in draft.sums  # its sum went with its black cell
    assert any("row 2, column 1 is white" in problem for problem in draft.problems())
    # No run starts after a black cell with black or nothing after it: no sum kept there.
    assert not draft.set_sum(0, 0, "across", 5)
    assert (0, 0, "across") not in draft.sums


def test_resizing_keeps_what_is_still_on_the_board() -> None:
    draft = square((3, 3), (3, 3))
    draft.resize(4, 3)
    assert draft.width == 4 and draft.white[1][3]  # the new column is white
    assert draft.sums[(1, 0, "down")] == 3
    assert draft.slot(0, 1, "across") is not None
    assert len(draft.slot(0, 1, "across").cells) == 3  # type: ignore[union-attr]
    draft.resize(2, 2)
    assert draft.width == 3 and draft.height == 3  # never below the smallest board
