"""Digits that break a rule as they are typed (issue 35, item 7; the seed's red digits): a
digit repeated in a run, or one that makes its run's sum impossible."""

from __future__ import annotations

from game.core.kakuro.mistakes import digit_mistakes
from game.core.kakuro.model import KakuroPuzzle, from_digits
from game.core.kakuro.session import KakuroMove, KakuroSession

BLOCK = ((0, 0, 0, 0), (0, 1, 1, 1), (0, 1, 1, 1), (0, 1, 1, 1))


def _board(rows: tuple[tuple[int, int, int], ...]) -> KakuroPuzzle:
    digits = ((0, 0, 0, 0), *((0, *row) for row in rows))
    return from_digits(BLOCK, digits)


# Every row and column adds up to 24 (only 7+8+9), or to 10 (1+2+7, 1+3+6, 1+4+5, 2+3+5).
NINES = _board(((9, 8, 7), (8, 7, 9), (7, 9, 8)))
TENS = _board(((1, 2, 7), (2, 7, 1), (7, 1, 2)))


def _typed(puzzle: KakuroPuzzle, placed: dict[tuple[int, int], int]) -> list[int]:
    digits = [0] * puzzle.white_count
    for cell, digit in placed.items():
        digits[puzzle.white_index[cell]] = digit
    return digits


def test_right_digits_and_digits_that_still_fit_are_not_marked() -> None:
    assert digit_mistakes(NINES, _typed(NINES, {(1, 1): 9, (2, 1): 7})) == {}
    assert digit_mistakes(TENS, _typed(TENS, {(1, 1): 3, (2, 1): 6})) == {}  # 1+3+6
    assert digit_mistakes(TENS, _typed(TENS, {})) == {}


def test_a_digit_repeated_in_a_run_marks_both() -> None:
    marked = digit_mistakes(NINES, _typed(NINES, {(1, 1): 9, (3, 1): 9, (2, 2): 7}))
    assert marked == {(1, 1): "repeat", (3, 1): "repeat"}
    # Down a column too.
    assert digit_mistakes(NINES, _typed(NINES, {(2, 1): 8, (2, 3): 8})) == {
        (2, 1): "repeat",
        (2, 3): "repeat",
    }


def test_a_digit_no_combination_has_is_marked() -> None:
    # 24 in three cells is only 7+8+9: a 1 can never be there, in its row or its column.
    assert digit_mistakes(NINES, _typed(NINES, {(1, 1): 1, (2, 1): 8})) == {(1, 1): "sum"}


def test_digits_that_together_overshoot_mark_the_culprits_only() -> None:
    # 6 and 5 each fit a 10 (1+3+6, 1+4+5) but not together: both are marked.
    assert digit_mistakes(TENS, _typed(TENS, {(1, 1): 6, (2, 1): 5})) == {
        (1, 1): "sum",
        (2, 1): "sum",
    }
    # 1, 3, 4: without the 3 (1+4+5) or the 4 (1+3+6) it would fit; the 1 is no culprit.
    marked = digit_mistakes(TENS, _typed(TENS, {(1, 1): 1, (2, 1): 3, (3, 1): 4}))
    assert marked == {(2, 1): "sum", (3, 1): "sum"}
    # A full run adding up to the wrong total: every digit could be the one to change.
    marked = digit_mistakes(TENS, _typed(TENS, {(1, 2): 1, (2, 2): 2, (3, 2): 3}))
    assert set(marked) == {(1, 2), (2, 2), (3, 2)} and set(marked.values()) == {"sum"}


def test_the_session_reports_the_same_marks_as_digits_are_typed() -> None:
    session = KakuroSession(TENS)
    session.apply(KakuroMove("digit", TENS.white_index[(1, 1)], 6))
    assert session.digit_mistakes() == {}  # 1+3+6
    session.apply(KakuroMove("digit", TENS.white_index[(2, 1)], 5))
    assert session.digit_mistakes() == {(1, 1): "sum", (2, 1): "sum"}
    session.undo()
    assert session.digit_mistakes() == {}
