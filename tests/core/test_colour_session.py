"""Colour nonograms in play: the nonogram back end generalised (Paint of a colour, crosses
the background, colour line status, solved, trial marks, saves)."""

from __future__ import annotations

import json

import numpy as np
import pytest

from game.core.board import Cell, fill_value
from game.core.palette import Palette
from game.core.play.line_status import line_status
from game.core.play.moves import CommitTrial, DiscardTrial, Paint, decode_move, encode_move
from game.core.play.session import Session
from game.core.play.strokes import Mark, Pen, Pointer
from game.core.puzzle import Puzzle

PALETTE = Palette.of(
    ("white", (255, 255, 255)),
    ("red", (220, 40, 40)),
    ("green", (40, 160, 60)),
    ("blue", (50, 80, 220)),
)
# r r g . / . b b b / r . g g
PICTURE = [[1, 1, 2, 0], [0, 3, 3, 3], [1, 0, 2, 2]]


def puzzle() -> Puzzle:
    return Puzzle.from_colour_grid(PICTURE, PALETTE)


def paint_picture(session: Session, trial: bool = False) -> None:
    for y, row in enumerate(PICTURE):
        for x, colour in enumerate(row):
            if colour:
                session.apply(Paint(x, y, x, y, fill_value(colour, trial)))


def test_colour_moves_round_trip_their_text() -> None:
    for colour in (2, 7, 32):
        for trial in (False, True):
            move = Paint(1, 2, 3, 2, fill_value(colour, trial), only_unknown=trial)
            text = encode_move(move)
            assert text.split()[5] == f"{'TC' if trial else 'C'}{colour}"
            assert decode_move(text) == move
    # Colour 1 keeps the black-and-white codes, so old saves read as before.
    assert encode_move(Paint(0, 0, 0, 0, fill_value(1))) == "P 0 0 0 0 F"
    for bad in ("P 0 0 0 0 C1", "P 0 0 0 0 C33", "P 0 0 0 0 C02", "P 0 0 0 0 TCx"):
        with pytest.raises(ValueError):
            decode_move(bad)


def test_painting_every_colour_solves_and_crosses_do_not_matter() -> None:
    session = Session(puzzle())
    assert session.board.colours == 3
    paint_picture(session)
    assert session.solved
    session.apply(Paint(3, 0, 3, 0, Cell.CROSSED))
    assert session.solved


def test_a_wrong_colour_is_not_solved_and_contradicts_its_lines() -> None:
    session = Session(puzzle())
    paint_picture(session)
    session.apply(Paint(0, 0, 0, 0, fill_value(2)))  # green where red belongs
    assert not session.solved
    assert session.row_status(0).contradicted  # two green cells for a clue of one
    assert (0, 0) in session.wrong_cells()


def test_colour_line_status_is_sound_and_sees_what_a_player_sees() -> None:
    runs = ((2, 1), (1, 2))  # 2 red then 1 green, in 5 cells
    line = np.zeros(5, dtype=np.int8)
    assert line_status(runs, line).contradicted is False
    line[0:2] = fill_value(1)
    line[2] = fill_value(2)
    assert line_status(runs, line).complete
    line[4] = fill_value(1)  # three red cells for a clue of two
    assert line_status(runs, line).contradicted
    line[:] = 0
    line[1:4] = fill_value(1)  # a red stretch of 3 where the longest red run is 2
    assert line_status(runs, line).contradicted
    line[:] = 0
    line[0] = fill_value(1)
    line[1] = fill_value(2)  # a red 1 walled by the edge and green: no red 1 in the clue
    assert line_status(runs, line).contradicted
    line = np.zeros(6, dtype=np.int8)
    line[0:2] = fill_value(1)
    line[2] = fill_value(2)  # red then green touching: allowed, different colours
    status = line_status(((2, 1), (1, 2), (1, 1)), line)
    assert not status.contradicted and not status.complete


def test_trial_colour_marks_that_finish_the_picture_become_real() -> None:
    session = Session(puzzle())
    paint_picture(session, trial=True)
    assert session.solved
    assert not session.board.has_trial()  # the follow-up commit
    assert session.board.colour_at(1, 1) == 3
    assert int(session.board.cells[1, 1]) == fill_value(3)
    session.undo()  # the commit is its own undo step
    assert session.board.has_trial()


def test_trial_marks_never_cover_real_colour_marks_and_keep_or_drop() -> None:
    session = Session(puzzle())
    session.apply(Paint(0, 0, 0, 0, fill_value(2)))
    session.apply(Paint(0, 0, 3, 0, fill_value(3, trial=True)))
    assert int(session.board.cells[0, 0]) == fill_value(2)
    assert int(session.board.cells[0, 3]) == fill_value(3, trial=True)
    session.apply(CommitTrial())
    assert int(session.board.cells[0, 3]) == fill_value(3)
    session.apply(Paint(1, 1, 1, 1, fill_value(3, trial=True)))
    session.apply(DiscardTrial())
    assert int(session.board.cells[1, 1]) == Cell.UNKNOWN


def test_a_colour_save_round_trips_through_json() -> None:
    session = Session(puzzle())
    session.apply(Paint(0, 0, 1, 0, fill_value(1)))
    session.apply(Paint(1, 1, 3, 1, fill_value(3, trial=True)))
    session.apply(Paint(3, 0, 3, 0, Cell.CROSSED))
    session.undo()
    data = json.loads(json.dumps(session.to_json()))
    again = Session.from_json(puzzle(), data)
    assert again.board == session.board
    assert again.history == session.history
    assert again.redo_moves == session.redo_moves


def test_a_save_with_a_colour_the_puzzle_lacks_is_refused() -> None:
    session = Session(puzzle())
    data = session.to_json()
    data["history"] = ["P 0 0 0 0 C9"]
    with pytest.raises(ValueError, match="outside the board"):
        Session.from_json(puzzle(), data)


def test_the_pen_paints_the_chosen_colour_and_toggles_it_off() -> None:
    session = Session(puzzle())
    pen = Pen()
    pen.press(session.board, (0, 1), Pointer.LEFT, False, False, colour=3)
    pen.drag_to((3, 1))
    move = pen.release(session.board)
    assert move is not None and move.state == fill_value(3)
    session.apply(move)
    # Pressing the same colour on it clears the run; another colour paints over it.
    pen.press(session.board, (0, 1), Pointer.LEFT, False, False, colour=3)
    cleared = pen.release(session.board)
    assert cleared is not None and cleared.state == Cell.UNKNOWN
    stroke = pen.key_down(session.board, 1, Mark.FILL, False, (1, 1), colour=2)
    assert stroke.state == fill_value(2) and not stroke.only_unknown
    pen.press(session.board, (1, 1), Pointer.RIGHT, False, False, colour=2)
    crossed = pen.release(session.board)
    assert crossed is not None and crossed.state == Cell.CROSSED


def test_a_colour_hint_names_the_run_and_gives_only_true_cells() -> None:
    from game.core.board import mark_colour
    from game.core.play.advice import ForcedCell, advise_hint

    # One row 5 wide: a red 4 on an empty line covers the middle 3 wherever it sits.
    wide = Puzzle.from_colour_grid([[1, 1, 1, 1, 0], [2, 0, 0, 0, 2]], PALETTE)
    session = Session(wide)
    advice = advise_hint(session, answer_known=True)
    assert isinstance(advice, ForcedCell)
    assert "the red 4 must cover" in advice.text and "red" in advice.action
    goal = np.asarray(wide.goal_colours)
    for x, y, value in advice.hint.cells:
        assert goal[y, x] == mark_colour(value)
    # Following hints alone solves this small puzzle: each gives a true step.
    for _ in range(20):
        advice = advise_hint(session, answer_known=True)
        if not isinstance(advice, ForcedCell):
            break
        for x, y, value in advice.hint.cells:
            session.apply(Paint(x, y, x, y, value))
    assert session.solved


def test_a_one_letter_colour_key_is_spoken_by_its_nearest_plain_name() -> None:
    from game.core.convert.colour_names import spoken_name

    keyed = Palette.of(("white", (255, 255, 255)), ("a", (214, 48, 49)), ("b", (126, 196, 238)))
    assert spoken_name(keyed, 1) == "red"
    assert spoken_name(keyed, 2) == "sky blue"
    assert spoken_name(PALETTE, 3) == "blue"  # its own name when it has one


def test_finished_colour_lines_are_crossed_with_real_crosses_after_real_marks() -> None:
    session = Session(puzzle())
    session.auto_cross = True
    session.apply(Paint(0, 0, 1, 0, fill_value(1)))
    session.apply(Paint(2, 0, 2, 0, fill_value(2)))  # row 1 done in real red and green
    assert session.row_status(0).complete
    assert int(session.board.cells[0, 3]) == Cell.CROSSED


def test_two_keys_of_one_plain_colour_are_told_apart_by_number() -> None:
    from game.core.convert.colour_names import spoken_names

    # The koala of the animal pack: two greys and a dark grey, all keyed a, b, c, e.
    keyed = Palette.of(
        ("white", (255, 255, 255)),
        ("a", (179, 178, 178)),
        ("b", (139, 140, 141)),
        ("c", (46, 46, 46)),
        ("d", (130, 130, 130)),
    )
    names = spoken_names(keyed)
    assert len(set(names)) == 4
    assert names[1] == "grey" and names[3] == "grey 2"
    assert names[2] == "dark grey"
