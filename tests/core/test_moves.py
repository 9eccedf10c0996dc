"""Moves: normalisation and the strict text form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.core.board import Cell
from game.core.play.moves import (
    ClearAll,
    CommitTrial,
    DiscardTrial,
    Move,
    Paint,
    decode_move,
    encode_move,
)


def test_paint_normalises_corners() -> None:
    move = Paint(5, 9, 2, 3, Cell.CROSSED)
    assert (move.x0, move.y0, move.x1, move.y1) == (2, 3, 5, 9)
    assert Paint(1, 1, 1, 1, 2).state is Cell.CROSSED  # type: ignore[arg-type]


def test_paint_refuses_nonsense() -> None:
    with pytest.raises(ValueError):
        Paint(0, 0, 1, 1, 99)  # beyond colour 32
    with pytest.raises(ValueError):
        Paint(0, 0, 1.5, 1, Cell.FILLED)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Paint(True, 0, 1, 1, Cell.FILLED)


def test_known_texts() -> None:
    assert encode_move(Paint(3, 4, 3, 9, Cell.FILLED, only_unknown=True)) == "P 3 4 3 9 F u"
    assert encode_move(Paint(0, 0, 2, 0, Cell.TRIAL_CROSSED)) == "P 0 0 2 0 TX"
    assert encode_move(CommitTrial()) == "CT"
    assert encode_move(DiscardTrial()) == "DT"
    assert encode_move(ClearAll()) == "CA"
    assert decode_move("P 3 4 3 9 F u") == Paint(3, 4, 3, 9, Cell.FILLED, True)
    assert decode_move("P 1 2 3 4 U") == Paint(1, 2, 3, 4, Cell.UNKNOWN)
    assert decode_move("DT") == DiscardTrial()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "ct",
        "CT ",
        " P 1 1 1 1 F",
        "P 1 1 1 F",
        "P 1 1 1 1 F u x",
        "P 1 1 1 1 Q",
        "P 1 1 1 1 F U",
        "P -1 1 1 1 F",
        "P 1 1 1 1  F",
        "P 3 1 1 1 F",
        "P 1 1 1 1234567 F",
        "P ١ 1 1 1 F",
        "P 1.0 1 1 1 F",
        "X",
    ],
)
def test_decode_refuses_bad_text(text: str) -> None:
    with pytest.raises(ValueError, match="move"):
        decode_move(text)


def test_decode_refuses_non_text() -> None:
    with pytest.raises(ValueError):
        decode_move(5)  # type: ignore[arg-type]


moves: st.SearchStrategy[Move] = st.one_of(
    st.builds(
        Paint,
        st.integers(0, 199),
        st.integers(0, 199),
        st.integers(0, 199),
        st.integers(0, 199),
        st.sampled_from(list(Cell)),
        st.booleans(),
    ),
    st.just(CommitTrial()),
    st.just(DiscardTrial()),
    st.just(ClearAll()),
)


@settings(max_examples=200, deadline=None)
@given(moves)
def test_round_trip(move: Move) -> None:
    assert decode_move(encode_move(move)) == move


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="P 0123456789FXUTuCDA-x", max_size=20))
def test_decode_gives_move_or_value_error(text: str) -> None:
    try:
        move = decode_move(text)
    except ValueError:
        return
    assert encode_move(move) == text
