"""Hints come from line logic on the player's marks, never from the solution."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Board, Cell, fill_value, mark_colour, shown_colours
from game.core.palette import Palette
from game.core.puzzle import Puzzle
from game.core.solver.hint_techniques import deductions
from game.core.solver.hints import Hint, find_hint, line_hint, placed_runs
from game.core.solver.line_logic import domains_of, line_codes
from tests.shared_data import HEART

COLOURS = Palette.of(
    ("white", (255, 255, 255)),
    ("red", (200, 30, 30)),
    ("green", (30, 160, 60)),
    ("blue", (40, 60, 200)),
)
U, F, X, TF, TX = Cell.UNKNOWN, Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED


def _bar_puzzle() -> Puzzle:
    # One row of 9 cells holding a run of 7.
    return Puzzle.from_grid([[1, 1, 1, 1, 1, 1, 1, 0, 0]])


def _codes(text: str) -> tuple[int, ...]:
    """A line written as text, as domains: '.' unknown, '#' filled, 'x' empty."""
    return domains_of([{".": -1, "#": 1, "x": 0}[c] for c in text], 1)


def _runs(clue: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    return tuple((length, 1) for length in clue)


def _given(hint: Hint) -> str:
    """The hint's cells along its line, as text: '#' filled, 'x' crossed, '.' not given."""
    length = len(hint.line)
    out = ["."] * length
    for x, y, state in hint.cells:
        out[x if hint.axis == "row" else y] = "#" if state == F else "x"
    return "".join(out)


def test_overlap_names_the_middle_cells_the_run_always_covers() -> None:
    hint = line_hint("row", 0, _runs((8,)), _codes("." * 12))
    assert hint is not None and hint.technique == "overlap"
    assert _given(hint) == "....####...."
    assert hint.text == ("row 1: the 8 covers the middle 4 cells (columns 5 to 8) wherever it sits")
    # The arrangement "show me" slides: the 8 at its leftmost and rightmost start.
    assert (hint.leftmost, hint.rightmost) == ((0,), (4,))


def test_overlap_of_several_runs_names_each_one() -> None:
    hint = line_hint("column", 2, _runs((4, 3)), _codes("." * 10))
    assert hint is not None and hint.technique == "overlap"
    assert _given(hint) == "..##...#.."
    assert hint.text.endswith("the 4 covers rows 3 to 4 and the 3 covers row 8 wherever they sit")


def test_a_clue_that_fills_the_line_exactly_gives_the_whole_line() -> None:
    hint = line_hint("row", 0, _runs((3, 1)), _codes("....."))
    assert hint is not None and hint.technique == "fits"
    assert _given(hint) == "###x#"
    assert "3 + 1 + 1 = 5 cells" in hint.text


def test_a_zero_clue_gives_the_whole_line() -> None:
    hint = line_hint("row", 4, _runs(()), _codes("..x.."))
    assert hint is not None and hint.technique == "zero"
    assert _given(hint) == "xx.xx"
    assert hint.text == "row 5: the clue is 0, so the whole row is empty"


def test_a_completed_line_crosses_the_rest() -> None:
    hint = line_hint("row", 1, _runs((1, 1)), _codes("#.#.."))
    assert hint is not None and hint.technique == "completed"
    assert _given(hint) == ".x.xx"
    assert hint.text == "row 2: 1 1 is all filled in, so the rest of the row is empty"


def test_a_filled_cell_near_the_edge_pulls_the_first_run_in() -> None:
    hint = line_hint("row", 0, _runs((4,)), _codes(".#........"))
    assert hint is not None and hint.technique == "edge"
    assert _given(hint) == "..##......"
    assert "must cover the filled column 2 and cannot start before column 1" in hint.text
    # From the right edge as well, past crosses.
    hint = line_hint("row", 0, _runs((2, 3)), _codes("..........#.xx"))
    assert hint is not None and hint.technique == "edge"
    assert _given(hint) == ".........#...."
    assert "cannot end after column 12" in hint.text


def test_cells_no_run_can_reach_are_crossed() -> None:
    hint = line_hint("row", 0, _runs((3,)), _codes("...##....."))
    assert hint is not None and hint.technique == "reach"
    assert _given(hint) == "xx....xxxx"
    assert hint.text == "row 1: no run of 3 can reach columns 1 to 2 and 7 to 10"


def test_a_finished_run_is_sealed_at_both_ends() -> None:
    hint = line_hint("row", 0, _runs((2, 1)), _codes("..##......"))
    assert hint is not None and hint.technique == "sealed"
    assert _given(hint) == ".x..x....."
    assert hint.text == "row 1: the 2 is complete, so the cells at its ends are empty"


def test_a_gap_between_two_cells_of_one_run_joins() -> None:
    hint = line_hint("row", 0, _runs((4,)), _codes("..#.#....."))
    assert hint is not None
    assert hint.technique in ("join", "range", "edge")
    assert _given(hint)[3] == "#"


def test_a_cell_that_would_make_a_run_too_long_is_crossed() -> None:
    found = deductions("row", (2, 2), line_codes(_codes(".#.#......"))) or []
    split = [d for d in found if d.technique == "split"]
    assert [(d.empty, d.filled) for d in split] == [(0b100, 0)]
    assert split[0].reason == "filling column 3 would make a run of 3, longer than any in 2 2"


def test_a_gap_too_small_for_any_run_is_crossed() -> None:
    hint = line_hint("row", 0, _runs((2,)), _codes("..x.x..x"))
    assert hint is not None and hint.technique == "gap"
    assert _given(hint) == "...x...."
    assert hint.text == "row 1: the 2 cannot fit in the gap at column 4, so it stays empty"


def test_when_no_named_technique_applies_all_arrangements_agree() -> None:
    hint = line_hint("row", 0, _runs((3, 1)), _codes("..#.#...."))
    assert hint is not None and hint.technique == "general"
    assert _given(hint) == ".....x..."
    assert hint.text == (
        "row 1: try every way 3 1 fits your marks: they all agree on column 6 empty"
    )


def test_hints_prefer_fills_to_crosses_on_a_real_board() -> None:
    # The heart: row 1 is "1 1" and its 0 columns... the first hint fills, and so does every
    # hint while any line can still fill a cell.
    board = Board.blank(HEART.width, HEART.height)
    given: list[str] = []
    while (hint := find_hint(HEART, board)) is not None:
        lines = [
            *(("row", c, board.cells[y, :]) for y, c in enumerate(HEART.row_clues)),
            *(("column", c, board.cells[:, x]) for x, c in enumerate(HEART.column_clues)),
        ]
        fill_exists = any(
            d.filled
            for axis, clue, cells in lines
            for d in deductions(
                axis, clue, line_codes(domains_of(shown_colours(cells).tolist(), 1))
            )
            or []
        )
        assert (hint.filled_count > 0) == fill_exists
        given.append(hint.technique)
        for x, y, state in hint.cells:
            board.set(x, y, state)
    assert HEART.is_solution(board.filled_mask())
    assert given[0] in ("fits", "overlap")


def test_a_hint_never_reads_the_goal() -> None:
    # The same clues with and without the stored picture give the same hints, step by step.
    without = Puzzle(HEART.width, HEART.height, HEART.row_clues, HEART.column_clues)
    assert without.goal is None
    board_a = Board.blank(HEART.width, HEART.height)
    board_b = Board.blank(HEART.width, HEART.height)
    while (hint := find_hint(HEART, board_a)) is not None:
        assert find_hint(without, board_b) == hint
        for x, y, state in hint.cells:
            board_a.set(x, y, state)
            board_b.set(x, y, state)
    assert find_hint(without, board_b) is None


def test_contradicting_marks_give_no_hint() -> None:
    puzzle = _bar_puzzle()
    board = Board.blank(9, 1)
    board.set(0, 0, F)
    board.set(8, 0, F)  # a run of 7 cannot span both ends of 9 cells
    assert find_hint(puzzle, board) is None


def test_nothing_forced_gives_no_hint() -> None:
    puzzle = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))
    assert find_hint(puzzle, Board.blank(2, 2)) is None
    solved = Board(2, 2, np.array([[F, X], [X, F]]))
    assert find_hint(puzzle, solved) is None


def test_trial_marks_count_as_marks() -> None:
    puzzle = _bar_puzzle()
    board = Board.blank(9, 1)
    for x in range(2, 7):
        board.set(x, 0, TF)
    board.set(0, 0, TF)
    for x in (7, 8):
        board.set(x, 0, TX)
    hint = find_hint(puzzle, board)
    assert hint is not None
    # With the marks at 1 and 3..7 and crosses at 8..9, cell 2 (index 1) must be filled.
    assert [(x, state) for x, _y, state in hint.cells] == [(1, F)]


@st.composite
def _puzzle_and_partial_board(draw: st.DrawFn) -> tuple[Puzzle, Board]:
    width = draw(st.integers(2, 7))
    height = draw(st.integers(2, 7))
    picture = np.array(
        draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    ).reshape(height, width)
    puzzle = Puzzle.from_grid(picture.tolist())
    shown = np.array(
        draw(st.lists(st.booleans(), min_size=width * height, max_size=width * height))
    ).reshape(height, width)
    cells = np.where(picture, F, X).astype(np.int8)
    cells[~shown] = U
    return puzzle, Board(width, height, cells)


@settings(max_examples=150, deadline=None)
@given(_puzzle_and_partial_board())
def test_hints_from_correct_marks_agree_with_the_picture(case: tuple[Puzzle, Board]) -> None:
    puzzle, board = case
    hint = find_hint(puzzle, board)
    if hint is None:
        return
    goal = puzzle.goal_array()
    assert goal is not None
    assert board.get(hint.x, hint.y) == Cell.UNKNOWN
    for x, y, state in hint.cells:
        assert board.get(x, y) == Cell.UNKNOWN
        assert (state == Cell.FILLED) == bool(goal[y, x])
    assert hint.text.startswith(f"{hint.axis} {hint.index + 1}: ")


def _line(cells: np.ndarray) -> bytes:  # type: ignore[type-arg]
    return line_codes(domains_of(shown_colours(cells).tolist(), 1))


def _shown(states: list[Cell]) -> list[int]:
    return shown_colours(np.array(states, dtype=np.int8)).tolist()


def test_placed_runs_needs_a_proven_and_filled_place() -> None:
    clue = (3, 1)
    # Nothing marked: nothing proven.
    assert placed_runs(_runs(clue), _shown([U] * 6)) == set()
    # The 3 drawn at the start: its place is proven (the 1 cannot come first).
    assert placed_runs(_runs(clue), _shown([F, F, F, U, U, U])) == {0}
    # Both drawn and separated.
    assert placed_runs(_runs(clue), _shown([F, F, F, X, F, X])) == {0, 1}
    # The 1 drawn but the 3 could still sit before it in two places: only the 1 is placed.
    assert placed_runs(_runs(clue), _shown([U, U, U, U, U, TF])) == {1}
    # Contradicting marks prove nothing.
    assert placed_runs(_runs(clue), _shown([F, F, F, F, U, U])) == set()
    # A lone filled cell that could belong to either run is not a placed run.
    assert placed_runs(_runs((1, 1)), _shown([U, U, F, U, U])) == set()
    assert placed_runs(_runs((1, 1)), _shown([U, F, U, U, U])) == {0}
    assert placed_runs(_runs(()), _shown([X, TX])) == set()


def test_when_only_crosses_are_left_a_cross_that_leads_to_a_fill_comes_first() -> None:
    # Crosses never win a puzzle; the fill they open does. On boards of true marks where
    # no line can fill a cell, the hint's crosses must let the crossing line it names fill
    # one, whenever any line's crosses would.
    rng = random.Random(3)
    led = 0
    for _ in range(400):
        width, height = rng.randint(3, 6), rng.randint(3, 6)
        picture = [[rng.random() < 0.5 for _ in range(width)] for _ in range(height)]
        puzzle = Puzzle.from_grid(picture)
        cells = np.where(np.array(picture), F, U).astype(np.int8)
        cells[(cells == F) & (np.array([[rng.random() for _ in row] for row in picture]) < 0.3)] = U
        board = Board(width, height, cells)
        hint = find_hint(puzzle, board)
        if hint is None or hint.filled_count:
            continue
        crosses = [(x, y) for x, y, _state in hint.cells]
        opened = False
        for x, y in crosses:
            board.set(x, y, X)
        after = find_hint(puzzle, board)
        opened = after is not None and after.filled_count > 0
        if "; then " in hint.text:
            led += 1
            assert opened, hint.text
            axis, number = hint.text.rsplit("; then ", 1)[1].split(" ")[:2]
            assert after is not None and (after.axis, after.index + 1) == (axis, int(number))
    assert led >= 10


@st.composite
def _colour_puzzle_and_partial_board(draw: st.DrawFn) -> tuple[Puzzle, Board]:
    width = draw(st.integers(2, 6))
    height = draw(st.integers(2, 6))
    size = width * height
    picture = np.array(draw(st.lists(st.integers(0, 3), min_size=size, max_size=size)))
    picture = picture.reshape(height, width)
    puzzle = Puzzle.from_colour_grid(picture.tolist(), COLOURS)
    shown = np.array(draw(st.lists(st.booleans(), min_size=size, max_size=size)))
    cells = np.vectorize(fill_value)(picture).astype(np.int8)
    cells[~shown.reshape(height, width)] = U
    return puzzle, Board(width, height, cells, colours=3)


@settings(max_examples=150, deadline=None)
@given(_colour_puzzle_and_partial_board())
def test_colour_hints_from_correct_marks_agree_with_the_picture(
    case: tuple[Puzzle, Board],
) -> None:
    puzzle, board = case
    hint = find_hint(puzzle, board)
    if hint is None:
        return
    goal = np.asarray(puzzle.goal_colours)
    painted = {mark_colour(state) for _x, _y, state in hint.cells} - {0}
    assert len(painted) <= 1  # one colour at a time, as a player paints
    for x, y, state in hint.cells:
        assert board.get(x, y) == Cell.UNKNOWN
        assert mark_colour(state) == goal[y, x]
    assert hint.text.startswith(f"{hint.axis} {hint.index + 1}: ")
    assert len(hint.leftmost) == len(hint.runs) == len(hint.rightmost)
    assert all(left <= right for left, right in zip(hint.leftmost, hint.rightmost, strict=True))
