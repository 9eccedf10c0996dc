"""The colour model: palettes and their limits, colour clues on Puzzle, colour marks on Board."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from game.core.board import Board, Cell, fill_value, is_trial_value, mark_colour
from game.core.lines import runs_of
from game.core.palette import (
    DEFAULT_PALETTE,
    MAX_COLOURS,
    Colour,
    Palette,
    PaletteError,
    colour_clue_length,
    colour_runs_of,
    parse_rgb,
)
from game.core.puzzle import Puzzle, PuzzleError

RGB = Palette.of(
    ("white", (255, 255, 255)), ("red", (255, 0, 0)), ("green", (0, 160, 0)), ("blue", (0, 0, 255))
)


def test_palette_limits_are_refused_with_one_line() -> None:
    many = [Colour(f"c{n}", (n, n, n)) for n in range(MAX_COLOURS + 1)]
    Palette(Colour("white", (255, 255, 255)), tuple(many[:MAX_COLOURS]))
    with pytest.raises(PaletteError, match="33 colours: a puzzle may have at most 32"):
        Palette(Colour("white", (255, 255, 255)), tuple(many))
    with pytest.raises(PaletteError, match="at least one block colour"):
        Palette(Colour("white", (255, 255, 255)), ())
    with pytest.raises(PaletteError, match="'red' is used twice"):
        Palette.of(("white", (255, 255, 255)), ("red", (1, 0, 0)), ("red", (2, 0, 0)))
    with pytest.raises(PaletteError, match="not an RGB"):
        Colour("red", (256, 0, 0))
    with pytest.raises(PaletteError, match="unknown colour 'teal'"):
        RGB.index("teal")
    assert (RGB.index("green"), RGB.index("white"), RGB.count) == (2, 0, 3)
    assert parse_rgb("#FF8000") == (255, 128, 0) and parse_rgb("#ff80") is None


def test_runs_and_the_room_they_need() -> None:
    assert colour_runs_of([0, 1, 1, 2, 0, 2, 2, 2]) == ((2, 1), (1, 2), (3, 2))
    # Different colours may touch; the same colour needs a gap.
    assert colour_clue_length((2, 1, 3), (1, 2, 2)) == 7
    assert colour_clue_length((2, 1), (1, 1)) == 4


def test_black_and_white_is_the_one_colour_case() -> None:
    plain = Puzzle.from_grid([[1, 0], [1, 1]])
    assert (plain.palette, plain.colour_count, plain.is_colour) == (None, 1, False)
    assert plain.colours == DEFAULT_PALETTE
    assert plain.row_runs(1) == ((2, 1),)
    # The same picture through the colour door, one colour: same clues, same key.
    through = Puzzle.from_colour_grid([[1, 0], [1, 1]], DEFAULT_PALETTE)
    assert (through.row_clues, through.column_clues) == (plain.row_clues, plain.column_clues)
    assert through.fingerprint() == plain.fingerprint() and not through.is_colour
    assert through.goal == plain.goal


def test_colour_puzzles_validate_runs_totals_and_goal() -> None:
    grid = [[1, 2, 0], [0, 2, 3], [3, 3, 1]]
    puzzle = Puzzle.from_colour_grid(grid, RGB, title="t")
    assert puzzle.is_colour and puzzle.goal_colours == tuple(map(tuple, grid))
    assert puzzle.goal == ((True, True, False), (False, True, True), (True, True, True))
    assert puzzle.row_runs(2) == ((2, 3), (1, 1))
    assert puzzle.solved_by_values(grid) and not puzzle.solved_by_values([[0] * 3] * 3)
    base = {
        "width": 3,
        "height": 1,
        "row_clues": ((1, 1),),
        "column_clues": ((1,), (), (1,)),
        "palette": RGB,
    }
    ok = Puzzle(**base, row_colours=((1, 2),), column_colours=((1,), (), (2,)))  # type: ignore[arg-type]
    assert ok.column_runs(2) == ((1, 2),)
    with pytest.raises(PuzzleError, match="unknown colour 7"):
        Puzzle(**base, row_colours=((1, 7),), column_colours=((1,), (), (7,)))  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="fill 1 cells of red but column clues fill 2"):
        Puzzle(**base, row_colours=((1, 2),), column_colours=((1,), (), (1,)))  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="needs 3 cells, the row has 2"):
        Puzzle(
            width=2, height=1, row_clues=((1, 1),), column_clues=((1,), (1,)), palette=RGB,
            row_colours=((1, 1),), column_colours=((1,), (1,)),
        )  # fmt: skip
    with pytest.raises(PuzzleError, match="does not match the clue of row 1"):
        Puzzle(
            **base,
            row_colours=((1, 2),),
            column_colours=((1,), (), (2,)),
            goal_colours=((2, 0, 1),),
        )  # type: ignore[arg-type]
    with pytest.raises(PuzzleError, match="must give each cell's colour"):
        Puzzle(**base, row_colours=((1, 2),), column_colours=((1,), (), (2,)), goal=((1, 0, 1),))  # type: ignore[arg-type]
    # Zero runs are dropped with their colours.
    zero = Puzzle(
        width=3, height=1, row_clues=((0, 1, 1),), column_clues=((1,), (), (1,)), palette=RGB,
        row_colours=((3, 1, 2),), column_colours=((1,), (), (2,)),
    )  # fmt: skip
    assert zero.row_runs(0) == ((1, 1), (1, 2))
    # Colour keys differ from black and white ones and from other colourings.
    swapped = Puzzle(**base, row_colours=((2, 1),), column_colours=((2,), (), (1,)))  # type: ignore[arg-type]
    assert len({ok.fingerprint(), swapped.fingerprint()}) == 2


def test_board_cell_values_paint_every_colour_and_trial() -> None:
    assert (fill_value(0), fill_value(1), fill_value(1, True)) == (Cell.CROSSED, 1, 3)
    for colour in range(1, 33):
        for trial in (False, True):
            value = fill_value(colour, trial)
            assert mark_colour(value) == colour and is_trial_value(value) == trial
            assert 0 < value < 127
    assert mark_colour(Cell.UNKNOWN) == -1 and mark_colour(Cell.TRIAL_CROSSED) == 0


def test_colour_board_marks_text_and_masks() -> None:
    board = Board.blank(4, 2, colours=3)
    board.paint(0, 0, 1)
    board.paint(1, 0, 3)
    board.paint(2, 0, 2, trial=True)
    board.paint(3, 0, 0)
    board.paint(0, 1, 0, trial=True)
    assert board.colour_grid().tolist() == [[1, 3, 2, 0], [0, -1, -1, -1]]
    assert board.filled_mask().tolist() == [[True, True, True, False], [False] * 4]
    assert board.has_trial() and board.colour_at(1, 0) == 3
    text = board.to_text()
    assert Board.from_text(4, 2, text, colours=3) == board
    with pytest.raises(ValueError, match="colour 4 is not one of"):
        board.paint(0, 0, 4)
    with pytest.raises(ValueError, match="cell states 0 to 4"):
        Board(1, 1, np.array([[5]]))
    with pytest.raises(ValueError, match="1 to 32 colours"):
        Board(1, 1, colours=33)
    # A black-and-white board is what it always was.
    plain = Board.from_text(2, 1, "#o")
    assert plain.colours == 1 and plain.to_text() == "#o"
    assert plain.filled_mask().tolist() == [[True, True]]


def test_a_colour_picture_keeps_its_credit_and_ragged_pictures_are_refused() -> None:
    # Picture packs made from licensed art carry the art's credit in every puzzle file.
    puzzle = Puzzle.from_colour_grid(
        [[1, 0], [2, 2]], RGB, title="t", copyright="Art: someone", license="OFL-1.1"
    )
    assert (puzzle.copyright, puzzle.license) == ("Art: someone", "OFL-1.1")
    with pytest.raises(PuzzleError, match="not all the same length"):
        Puzzle.from_colour_grid([[1, 0], [2]], RGB)
    with pytest.raises(PuzzleError, match="not all the same length"):
        Puzzle.from_grid([[1, 0], [1]])


def test_a_puzzle_made_from_a_colour_picture_equals_the_checked_one() -> None:
    """from_colour_grid skips checking clues it read off the picture itself: what it makes
    equals the puzzle built field by field through every check (fingerprint and goal too),
    and a picture the palette cannot paint still gets the checked path's one-line refusal."""
    rng = np.random.default_rng(19)
    for case in range(60):
        colours = int(rng.integers(1, 5))
        palette = Palette.of(*[(f"c{n}", (n * 50, 9, 9)) for n in range(colours + 1)])
        height, width = (int(n) for n in rng.integers(1, 12, 2))
        grid = rng.integers(0, colours + 1, (height, width))
        made = Puzzle.from_colour_grid(grid, palette, title=f"t{case}")
        checked = Puzzle(
            width=width,
            height=height,
            row_clues=tuple(tuple(n for n, _ in made.row_runs(y)) for y in range(height)),
            column_clues=tuple(tuple(n for n, _ in made.column_runs(x)) for x in range(width)),
            title=f"t{case}",
            palette=palette,
            row_colours=made.row_colours,
            column_colours=made.column_colours,
            goal_colours=tuple(tuple(int(v) for v in row) for row in grid),
        )
        assert made == checked and made.goal == checked.goal, case
        assert made.fingerprint() == checked.fingerprint()
        assert made.solved_by_values(grid)
    with pytest.raises(PuzzleError, match="unknown colour 3"):
        Puzzle.from_colour_grid([[0, 3]], Palette.of(("w", (255, 255, 255)), ("k", (0, 0, 0))))


def test_a_puzzle_made_from_a_black_and_white_picture_equals_the_checked_one() -> None:
    """from_grid, the one-colour case, skips the same checks: what it makes equals the
    puzzle the checking constructor makes of the same clues and goal, and a picture too large
    still gets the checked path's refusal."""
    rng = np.random.default_rng(50)
    for case in range(60):
        height, width = (int(n) for n in rng.integers(1, 12, 2))
        grid = rng.random((height, width)) < rng.random()
        made = Puzzle.from_grid(grid, title=f"t{case}", license="OFL-1.1")
        rows = [[int(v) for v in row] for row in grid]
        checked = Puzzle(
            width=width,
            height=height,
            row_clues=tuple(runs_of(row) for row in rows),
            column_clues=tuple(runs_of(row[x] for row in rows) for x in range(width)),
            title=f"t{case}",
            license="OFL-1.1",
            goal=rows,
        )
        assert made == checked and made.goal == checked.goal, case
        assert made.fingerprint() == checked.fingerprint()
        bare = replace(checked, title="", license="", goal=None)
        assert Puzzle.from_grid(grid, keep_goal=False) == bare
    with pytest.raises(PuzzleError, match="between 0 and 512"):
        Puzzle.from_grid([[1] * 513])
