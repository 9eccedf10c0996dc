"""Advice: what a check and a hint find on real boards, and the sentence for each."""

from __future__ import annotations

from game.core.board import Cell
from game.core.play.advice import (
    BrokenLine,
    CheckReport,
    ForcedCell,
    NothingForced,
    WrongMarks,
    advise_hint,
    broken_line,
    check_marks,
    lines_sentence,
    sentence,
)
from game.core.play.moves import Paint
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from tests.shared_data import HEART

F, X = Cell.FILLED, Cell.CROSSED

# 5x1 "1 1" with no goal: a run of two is a line no placement fits.
NO_GOAL = Puzzle(5, 1, ((1, 1),), ((1,), (), (1,), (), ()))
# 2x2 with two answers (either diagonal): line logic alone cannot start it.
DIAGONAL = Puzzle(2, 2, ((1,), (1,)), ((1,), (1,)))


def test_a_clean_board_checks_clean_in_words_that_depend_on_the_answer() -> None:
    session = Session(HEART)
    known = check_marks(session, answer_known=True)
    assert not known.mistakes and known.tone == "success"
    assert known.text == "No mistakes so far."
    assert check_marks(session, answer_known=False).text == "No row or column contradicts its clue."


def test_a_check_names_contradicted_lines_and_wrong_marks() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 4, 0, F))  # the top row is "1 1", not five
    report = check_marks(session, answer_known=True)
    assert report == CheckReport((0,), (), ((0, 0), (2, 0), (4, 0)), True)
    assert report.tone == "error"
    assert report.text == "Row 1 contradicts its clue. 3 marks are wrong (flashing)."
    # Without a proven unique answer no mark is called wrong: only the clues speak.
    unknown = check_marks(session, answer_known=False)
    assert unknown.wrong == () and unknown.text == "Row 1 contradicts its clue."


def test_one_wrong_mark_is_named_in_the_singular() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, F))
    report = check_marks(session, answer_known=True)
    assert report.rows == () and report.columns == ()
    assert report.text == "1 mark is wrong (flashing)."


def test_a_hint_finds_a_forced_cell_and_says_why() -> None:
    advice = advise_hint(Session(HEART), answer_known=True)
    assert isinstance(advice, ForcedCell)
    assert advice.cell == (0, 1) and advice.line == ("row", 1)
    assert advice.tone == "hint" and advice.technique == "fits"
    # The whole line's deduction, every cell of it, with the technique in words.
    assert advice.cells == tuple((x, 1, F) for x in range(5))
    assert advice.text == "Row 2: the 5 fills the whole row. Fill the 5 outlined cells."


def test_a_forced_cross_reads_cross() -> None:
    session = Session(Puzzle(3, 1, ((1,),), ((1,), (), ())))
    session.apply(Paint(0, 0, 0, 0, F))
    advice = advise_hint(session, answer_known=False)
    assert isinstance(advice, ForcedCell)
    # The one run is placed: only crosses are left to force; a 0 column is the simplest.
    assert advice.hint.state == X and advice.technique == "zero"
    assert advice.text == (
        "Column 2: the clue is 0, so the whole column is empty. Cross the outlined cell."
    )
    session.apply(Paint(1, 0, 1, 0, X))
    advice = advise_hint(session, answer_known=False)
    assert isinstance(advice, ForcedCell) and advice.cells == ((2, 0, X),)


def test_wrong_marks_come_before_any_hint() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, F))
    advice = advise_hint(session, answer_known=True)
    assert advice == WrongMarks(((0, 0),))
    assert advice.tone == "error"
    assert advice.text == "A hint needs correct marks: 1 mark is wrong (flashing)."
    # Unknown answer: the same mark is not called wrong, and line logic still helps.
    assert isinstance(advise_hint(session, answer_known=False), ForcedCell)


def test_a_line_that_cannot_fit_is_named() -> None:
    session = Session(NO_GOAL)
    session.apply(Paint(0, 0, 1, 0, F))
    advice = advise_hint(session, answer_known=False)
    assert advice == BrokenLine("row", 0, ((1, 1), (1, 1)))
    assert advice == broken_line(NO_GOAL, session.board)
    assert advice.line == ("row", 0) and advice.tone == "error"
    assert advice.text == (
        "Your marks contradict the clues: row 1 cannot hold 1 1 any more. "
        "Undo or clear some marks first."
    )
    assert broken_line(NO_GOAL, Session(NO_GOAL).board) is None


def test_a_line_broken_by_trial_marks_says_the_guess_was_wrong() -> None:
    # QA: a trial cross that broke row 1 got "Undo or clear some marks first", not the
    # lesson of a trial: the guess was wrong, and D takes it back.
    session = Session(NO_GOAL)
    session.apply(Paint(0, 0, 0, 0, F))
    session.apply(Paint(1, 0, 1, 0, Cell.TRIAL_FILLED))
    advice = advise_hint(session, answer_known=False)
    assert advice == BrokenLine("row", 0, ((1, 1), (1, 1)), by_trial=True)
    assert advice.text == (
        "Your trial marks break row 1: it can hold 1 1 without them, not with them, so the "
        "guess was wrong. Drop trial (D) takes it back."
    )
    # Real marks that break the line alone keep the first sentence, trial marks or not.
    session.apply(Paint(2, 0, 2, 0, F))
    session.apply(Paint(3, 0, 3, 0, F))
    assert broken_line(NO_GOAL, session.board) == BrokenLine("row", 0, ((1, 1), (1, 1)))


def test_a_broken_column_is_named_and_rows_come_first() -> None:
    session = Session(HEART)
    session.apply(Paint(2, 0, 2, 0, X))
    session.apply(Paint(2, 4, 2, 4, X))  # column 3 is "4": three cells are left between crosses
    assert broken_line(HEART, session.board) == BrokenLine("column", 2, ((4, 1),))
    session.apply(Paint(0, 0, 1, 0, F))  # row 1 is "1 1": a run of two breaks it as well
    assert broken_line(HEART, session.board) == BrokenLine("row", 0, ((1, 1), (1, 1)))


def test_nothing_forced_suggests_a_trial() -> None:
    advice = advise_hint(Session(DIAGONAL), answer_known=False)
    assert advice == NothingForced()
    assert advice.tone == "hint" and "try a trial (T)" in advice.text


def test_sentences() -> None:
    assert sentence(" row 2: the 5 fits ") == "Row 2: the 5 fits."
    assert sentence("Done!") == "Done!" and sentence("") == ""
    assert lines_sentence([2], [6]) == "Row 3 and column 7 contradict their clues."
    assert lines_sentence([], [0, 1]) == "Columns 1, 2 contradict their clues."
    assert lines_sentence(list(range(8)), []) == (
        "Rows 1, 2, 3, 4, 5, 6 and 2 more contradict their clues."
    )
