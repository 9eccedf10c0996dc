"""Session: moves on the board, undo/redo, solved detection, line status, clock, JSON."""

from __future__ import annotations

import itertools
import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from game.core.board import Board, Cell
from game.core.lines import Clue, runs_of
from game.core.play.line_status import LineStatus, line_status
from game.core.play.moves import ClearAll, CommitTrial, DiscardTrial, Move, Paint
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from tests.shared_data import HEART

F, X, TF, TX, U = Cell.FILLED, Cell.CROSSED, Cell.TRIAL_FILLED, Cell.TRIAL_CROSSED, Cell.UNKNOWN

# Two solutions: either diagonal.
DIAGONAL = Puzzle(width=2, height=2, row_clues=((1,), (1,)), column_clues=((1,), (1,)))


def fill_goal(session: Session) -> None:
    goal = session.puzzle.goal_array()
    assert goal is not None
    for y, x in zip(*np.nonzero(goal), strict=True):
        session.apply(Paint(int(x), int(y), int(x), int(y), F))


# --- painting ------------------------------------------------------------------------


def test_paint_rectangle_and_clear() -> None:
    session = Session(HEART)
    assert session.apply(Paint(1, 1, 3, 2, F))
    assert session.board.filled_count == 6
    assert session.board.get(2, 2) is F
    assert session.apply(Paint(2, 1, 2, 2, U))
    assert session.board.filled_count == 4
    assert not session.apply(Paint(2, 1, 2, 2, U)), "clearing clear cells changes nothing"
    assert len(session.history) == 2


def test_plain_paint_overwrites_marks_but_only_unknown_does_not() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, X))
    session.apply(Paint(2, 0, 2, 0, TF))
    session.apply(Paint(0, 0, 4, 0, F, only_unknown=True))
    assert session.board.row(0).tolist() == [X, F, TF, F, F]
    session.apply(Paint(0, 0, 4, 0, X))
    assert session.board.row(0).tolist() == [X] * 5


def test_drag_with_only_unknown_that_changes_nothing_is_not_recorded() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 4, 0, X))
    assert not session.apply(Paint(0, 0, 4, 0, F, only_unknown=True))
    assert len(session.history) == 1


def test_trial_marks_never_cover_real_marks() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 1, 0, F))
    session.apply(Paint(2, 0, 2, 0, X))
    session.apply(Paint(3, 0, 3, 0, TX))
    assert session.apply(Paint(0, 0, 4, 0, TF))
    assert session.board.row(0).tolist() == [F, F, X, TF, TF], "trial may replace trial"
    assert not session.apply(Paint(0, 0, 2, 0, TX))


def test_commit_and_discard_trial_are_single_moves() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, F))
    session.apply(Paint(1, 0, 2, 0, TF))
    session.apply(Paint(3, 0, 4, 0, TX))
    before = session.board.copy()
    assert session.apply(CommitTrial())
    assert session.board.row(0).tolist() == [F, F, F, X, X]
    assert not session.board.has_trial()
    assert session.undo()
    assert session.board == before
    assert session.apply(DiscardTrial())
    assert session.board.row(0).tolist() == [F, U, U, U, U]
    assert not session.apply(DiscardTrial()), "nothing left to discard"
    assert not session.apply(CommitTrial())
    assert session.undo()
    assert session.board == before


def test_clear_all_is_one_undoable_move() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 4, 4, X))
    session.apply(Paint(1, 1, 2, 2, TF))
    before = session.board.copy()
    assert session.apply(ClearAll())
    assert session.board.unknown_count == 25
    assert not session.apply(ClearAll())
    assert session.undo()
    assert session.board == before


def test_paint_is_clipped_to_the_board() -> None:
    session = Session(HEART)
    assert session.apply(Paint(-3, 4, 10, 9, X))
    assert session.board.row(4).tolist() == [X] * 5
    assert session.history == [Paint(0, 4, 4, 4, X)]
    assert not session.apply(Paint(5, 0, 8, 3, F))
    assert not session.apply(Paint(-4, -4, -1, -1, F))


def test_new_move_clears_redo() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, F))
    session.apply(Paint(1, 0, 1, 0, F))
    assert session.undo()
    assert session.can_redo
    session.apply(Paint(4, 4, 4, 4, X))
    assert not session.can_redo
    assert not session.redo()
    assert session.undo() and session.undo()
    assert not session.can_undo and not session.undo()
    assert session.board.unknown_count == 25


def test_board_of_wrong_size_is_refused() -> None:
    with pytest.raises(ValueError, match="2x2"):
        Session(HEART, Board.blank(2, 2))


# --- solved, clock, counts -----------------------------------------------------------


def test_solved_by_clues_and_clock_stops() -> None:
    session = Session(HEART)
    assert not session.solved
    assert session.cells_to_fill == HEART.filled_total
    session.tick(1.5)
    fill_goal(session)
    assert session.solved
    assert session.cells_to_fill == 0
    session.tick(10)
    assert session.elapsed == pytest.approx(1.5)
    session.undo()
    assert not session.solved
    session.tick(1)
    assert session.elapsed == pytest.approx(2.5)


def test_any_valid_solution_wins_and_crosses_do_not_matter() -> None:
    for diagonal in ([(0, 0), (1, 1)], [(1, 0), (0, 1)]):
        session = Session(DIAGONAL)
        for x, y in diagonal:
            session.apply(Paint(x, y, x, y, F))
        assert session.solved
        session.apply(Paint(0, 0, 1, 1, X, only_unknown=True))
        assert session.solved


def test_trial_fills_count_toward_solved() -> None:
    session = Session(DIAGONAL)
    session.apply(Paint(0, 0, 0, 0, F))
    change = session.apply(Paint(1, 1, 1, 1, TF))
    assert session.solved
    assert change is not None and change.solved
    assert (change.completed_rows, change.completed_columns) == ((1,), (1,))
    # Trial marks that finish the picture are its answer: the session makes them real, as
    # a second undo step, so nothing is left for Discard trial to take away.
    assert not session.board.has_trial()
    assert session.board.cells[1, 1] == F
    assert session.apply(DiscardTrial()) is None
    assert session.solved
    assert session.history[-1] == CommitTrial()
    session.undo()
    assert session.board.cells[1, 1] == TF and session.solved
    session.undo()
    assert not session.solved


def test_the_trial_commit_survives_a_save() -> None:
    session = Session(DIAGONAL)
    session.apply(Paint(0, 0, 0, 0, F))
    session.apply(Paint(1, 1, 1, 1, TF))
    resumed = Session.from_json(DIAGONAL, session.to_json())
    assert resumed.board == session.board and not resumed.board.has_trial()
    assert resumed.history == session.history


def test_solved_listeners_hear_the_first_solving_change_once() -> None:
    session = Session(DIAGONAL)
    heard: list[bool] = []
    session.on_solved.append(lambda: heard.append(session.board.has_trial()))
    session.apply(Paint(0, 0, 0, 0, F))
    assert heard == []
    session.apply(Paint(1, 1, 1, 1, TF))
    assert heard == [False]  # told after the trial marks became real
    session.apply(Paint(0, 1, 0, 1, X))
    assert heard == [False]


def test_apply_undo_and_redo_say_what_changed() -> None:
    session = Session(HEART)
    change = session.apply(Paint(0, 1, 4, 1, F))  # row 2 is all five: complete
    assert change is not None
    assert change.cells == ((0, 1), (1, 1), (2, 1), (3, 1), (4, 1))
    assert change.completed_rows == (1,) and change.completed_columns == ()
    assert not change.solved
    # Painting over it with only_unknown spares every cell: nothing changed, no history.
    assert session.apply(Paint(0, 1, 4, 1, X, only_unknown=True)) is None
    undone = session.undo()
    assert undone is not None and undone.cells == change.cells
    assert undone.completed_rows == ()  # undoing breaks the line; it completes nothing
    redone = session.redo()
    assert redone is not None and redone.completed_rows == (1,)
    session.apply(ClearAll())
    fill_goal(session)
    last = session.undo()
    assert last is not None and not last.solved
    assert session.redo() is not None and session.solved
    assert session.undo() is not None and session.redo() is not None
    assert session.redo() is None  # nothing left to redo


def test_pause_and_odd_ticks() -> None:
    session = Session(HEART)
    session.pause()
    session.tick(5)
    assert session.elapsed == 0
    session.resume()
    session.tick(-1)
    session.tick(float("nan"))
    session.tick(float("inf"))
    session.tick(0.25)
    assert session.elapsed == 0.25


def test_the_count_is_filled_of_the_clue_total_and_never_judges_a_fill() -> None:
    # Every cell of a 2x2 filled (no goal picture): it says so, never "0 left".
    session = Session(DIAGONAL)
    session.apply(Paint(0, 0, 1, 1, F))
    assert session.cells_to_fill is None
    assert session.count_text() == "Filled 4 of 2"
    # QA: after a hint the header counted goal cells still to fill, so a wrong fill left it
    # unchanged and a right one lowered it. Now a right and a wrong fill move it alike.
    total = HEART.filled_total
    goal = HEART.goal_array()
    assert goal is not None
    right, wrong = (tuple(map(int, cells[0])) for cells in (np.argwhere(goal), np.argwhere(~goal)))
    texts = []
    session = Session(HEART)
    for y, x in (right, wrong):
        session.apply(Paint(x, y, x, y, F))
        texts.append(session.count_text())
    assert texts == [f"Filled 1 of {total}", f"Filled 2 of {total}"]
    assert session.cells_to_fill == total - 1  # the goal does know: only the header must not


def test_wrong_cells_and_contradicted_lines() -> None:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 0, F))  # goal empty there
    session.apply(Paint(1, 1, 1, 1, X))  # goal filled there
    session.apply(Paint(4, 0, 4, 0, TF))  # trial marks are not judged
    assert session.wrong_cells() == [(0, 0), (1, 1)]
    assert Session(DIAGONAL).wrong_cells() == []
    # Row 0 "1 1" with [F . . . o]: fine; a closed "3" breaks row 1? no: it's "5".
    session.apply(Paint(0, 4, 1, 4, F))  # row 4 clue "1": run of 2 is too long
    rows, columns = session.contradicted_lines()
    assert rows == [4]
    assert columns == []


# --- line status ---------------------------------------------------------------------

CHARS = {".": U, "#": F, "x": X, "o": TF, "-": TX}


def _runs(clue: Clue) -> tuple[tuple[int, int], ...]:
    return tuple((length, 1) for length in clue)


def cells_of(text: str) -> np.ndarray:
    return np.array([CHARS[char] for char in text], dtype=np.int8)


@pytest.mark.parametrize(
    ("clue", "line", "expected"),
    [
        ((3, 1), "###.#.....", LineStatus(True, False)),
        ((3, 1), "###x#xxxxx", LineStatus(True, False)),
        ((3, 1), "oo#x-.....", LineStatus(False, False)),
        ((), "..........", LineStatus(True, False)),
        ((), "....#.....", LineStatus(False, True)),  # too many filled cells
        ((2, 2), "##.##.#...", LineStatus(False, True)),  # 5 filled > 4
        ((2, 1), "...###....", LineStatus(False, True)),  # open run longer than any clue
        ((2, 1), "..x###x...", LineStatus(False, True)),  # closed run too long
        ((3, 1), "#x........", LineStatus(False, True)),  # closed 1 at the left edge
        ((1, 3), "........x#", LineStatus(False, True)),  # closed 1 at the right edge
        ((1, 3), "x#x.......", LineStatus(False, False)),
        ((3, 1), "x#x.......", LineStatus(False, True)),  # 3 must fit before the closed 1
        ((1, 2), ".x##x.x#x.", LineStatus(False, True)),  # closed runs out of clue order
        ((2, 1, 1), ".x##x.x#x.", LineStatus(False, False)),
        ((2, 1), ".x##x.x#x.", LineStatus(True, False)),
        ((1, 1, 1), "#x#x......", LineStatus(False, False)),
        ((2, 2, 2), "x##x.x##x.", LineStatus(False, True)),  # no room left for the last 2
        ((2, 2, 2), "x##x..x##x", LineStatus(False, False)),  # exactly room for the middle 2
        ((2, 2, 2), "x##x...x##", LineStatus(False, False)),
        ((2, 2), "xx#xx.....", LineStatus(False, True)),  # closed 1, clue has no 1
        ((1,), "xxxxx", LineStatus(False, True)),  # fully marked, not the clue
        ((1,), "xxxx-", LineStatus(False, True)),
        ((1,), "xxxx.", LineStatus(False, False)),
        ((1, 1), "#....", LineStatus(False, False)),
        ((2,), ".#x..", LineStatus(False, False)),  # open run: never judged by position
    ],
)
def test_line_status_cases(clue: Clue, line: str, expected: LineStatus) -> None:
    assert line_status(_runs(clue), cells_of(line)) == expected


def test_line_status_room_between_closed_runs() -> None:
    # "1 2 1": closed 1s at 0 and 4 leave only cell 2 for the "2": impossible.
    assert line_status(((1, 1), (2, 1), (1, 1)), cells_of("#x.x#x....")).contradicted
    assert not line_status(((1, 1), (2, 1), (1, 1)), cells_of("#x..x#x...")).contradicted
    # Not closed (cell 5 unknown): the second 1 may still grow, so no verdict.
    assert not line_status(((1, 1), (2, 1), (1, 1)), cells_of("#x.x#.....")).contradicted


def consistent_completions(clue: Clue, states: list[Cell]) -> bool:
    """Brute force: some line satisfying the clue agrees with every mark."""
    for picture in itertools.product((False, True), repeat=len(states)):
        if runs_of(picture) != clue:
            continue
        if all(
            (filled or state not in (F, TF)) and (not filled or state not in (X, TX))
            for filled, state in zip(picture, states, strict=True)
        ):
            return True
    return False


line_cases = st.integers(1, 9).flatmap(
    lambda n: st.tuples(
        st.lists(st.booleans(), min_size=n, max_size=n).map(runs_of),
        st.lists(st.sampled_from(list(Cell)), min_size=n, max_size=n),
    )
)


@settings(max_examples=400, deadline=None)
@given(line_cases)
def test_contradicted_is_sound_and_complete_excludes_it(case: tuple[Clue, list[Cell]]) -> None:
    clue, states = case
    status = line_status(_runs(clue), np.array(states, dtype=np.int8))
    filled = [state in (F, TF) for state in states]
    assert status.complete == (runs_of(filled) == clue)
    assert not (status.complete and status.contradicted)
    if status.contradicted:
        assert not consistent_completions(clue, states), "a contradiction must be real"
    if U not in states:
        assert status.contradicted == (not status.complete), "fully marked lines are judged"


@settings(max_examples=100, deadline=None)
@given(line_cases)
def test_never_spoils_a_line_of_true_marks(case: tuple[Clue, list[Cell]]) -> None:
    clue, states = case
    # Any marks that agree with some solution of the line are never called contradicted.
    if consistent_completions(clue, states):
        assert not line_status(_runs(clue), np.array(states, dtype=np.int8)).contradicted


# --- undo/redo invariants ------------------------------------------------------------

SMALL = Puzzle.from_grid(
    [
        [1, 0, 1, 1, 0, 0],
        [1, 1, 1, 0, 0, 1],
        [0, 0, 1, 1, 1, 1],
        [1, 0, 0, 0, 1, 0],
        [1, 1, 1, 1, 1, 0],
    ]
)


def move_strategy(width: int, height: int) -> st.SearchStrategy[Move]:
    paint = st.builds(
        Paint,
        st.integers(-1, width),
        st.integers(-1, height),
        st.integers(-1, width),
        st.integers(-1, height),
        st.sampled_from(list(Cell)),
        st.booleans(),
    )
    return st.one_of(
        paint,
        paint,
        paint,
        paint,
        st.just(CommitTrial()),
        st.just(DiscardTrial()),
        st.just(ClearAll()),
    )


def statuses(session: Session) -> tuple[list[LineStatus], list[LineStatus]]:
    return (
        [session.row_status(y) for y in range(session.puzzle.height)],
        [session.column_status(x) for x in range(session.puzzle.width)],
    )


@settings(max_examples=80, deadline=None)
@given(st.lists(move_strategy(6, 5), max_size=40), st.data())
def test_undo_all_gives_blank_and_redo_replays(moves: list[Move], data: st.DataObject) -> None:
    session = Session(SMALL)
    boards = [session.board.copy()]
    for move in moves:
        if session.apply(move):
            boards.append(session.board.copy())
        else:
            assert session.board == boards[-1]
    assert len(session.history) == len(boards) - 1
    final = session.board.copy()
    final_status = statuses(session)
    k = data.draw(st.integers(0, len(session.history)))
    for step in range(k):
        assert session.undo()
        assert session.board == boards[-2 - step]
    for _ in range(k):
        assert session.redo()
    assert session.board == final
    assert statuses(session) == final_status
    while session.undo():
        pass
    assert session.board == Board.blank(6, 5)
    assert statuses(session) == statuses(Session(SMALL))


class SessionMachine(RuleBasedStateMachine):
    """Compare the session with a naive model: a stack of whole-board snapshots."""

    def __init__(self) -> None:
        super().__init__()
        self.session = Session(SMALL)
        self.past = [self.session.board.copy()]
        self.future: list[Board] = []

    @rule(move=move_strategy(6, 5))
    def apply(self, move: Move) -> None:
        changed = self.session.apply(move) is not None
        assert changed == (self.session.board != self.past[-1])
        if changed:
            self.past.append(self.session.board.copy())
            self.future.clear()

    @precondition(lambda self: len(self.past) > 1)
    @rule()
    def undo(self) -> None:
        assert self.session.undo()
        self.future.append(self.past.pop())

    @precondition(lambda self: bool(self.future))
    @rule()
    def redo(self) -> None:
        assert self.session.redo()
        self.past.append(self.future.pop())

    @rule()
    def save_and_load(self) -> None:
        data = json.loads(json.dumps(self.session.to_json()))
        loaded = Session.from_json(SMALL, data)
        assert loaded.board == self.session.board
        assert loaded.history == self.session.history
        assert loaded.redo_moves == self.session.redo_moves
        self.session = loaded

    @invariant()
    def matches_model(self) -> None:
        assert self.session.board == self.past[-1]
        assert self.session.can_undo == (len(self.past) > 1)
        assert self.session.can_redo == bool(self.future)
        fresh = Session(SMALL, self.session.board.copy())
        assert statuses(self.session) == statuses(fresh), "line caches drifted"
        assert self.session.solved == SMALL.is_solution(self.session.board.filled_mask())


SessionMachine.TestCase.settings = settings(max_examples=40, stateful_step_count=30, deadline=None)
test_session_machine = SessionMachine.TestCase


def test_history_stays_small_on_a_big_board() -> None:
    puzzle = Puzzle(
        width=30, height=30, row_clues=((),) * 30, column_clues=((),) * 30, title="empty"
    )
    session = Session(puzzle)
    rng = np.random.default_rng(7)
    for _ in range(5000):
        x, y = (int(v) for v in rng.integers(0, 30, size=2))
        session.apply(Paint(x, y, min(x + 3, 29), y, Cell(int(rng.integers(0, 5)))))
    stored = sum(r.indices.nbytes + r.previous.nbytes for r in session._undo)
    assert len(session.history) > 3000
    assert stored < 20 * len(session.history), f"{stored} bytes for the undo data"


# --- JSON ----------------------------------------------------------------------------


def played_session() -> Session:
    session = Session(HEART)
    session.apply(Paint(0, 0, 0, 4, X))
    session.apply(Paint(1, 1, 4, 2, F, only_unknown=True))
    session.apply(Paint(2, 3, 2, 4, TF))
    session.apply(Paint(3, 4, 4, 4, TX))
    session.apply(CommitTrial())
    session.apply(Paint(1, 0, 1, 0, F))
    session.apply(Paint(3, 0, 3, 0, F))
    session.undo()
    session.tick(12.5)
    return session


def test_json_round_trip_with_history() -> None:
    session = played_session()
    data = json.loads(json.dumps(session.to_json()))
    assert data["version"] == 1
    loaded = Session.from_json(HEART, data)
    assert loaded.board == session.board
    assert loaded.history == session.history
    assert loaded.redo_moves == session.redo_moves == [Paint(3, 0, 3, 0, F)]
    assert loaded.elapsed == 12.5
    assert statuses(loaded) == statuses(session)
    assert loaded.redo()
    while loaded.undo():
        pass
    assert loaded.board == Board.blank(5, 5)


def test_json_round_trip_from_a_started_board() -> None:
    start = Board.blank(5, 5)
    start.set(0, 0, X)
    session = Session(HEART, start.copy())
    session.apply(Paint(1, 1, 3, 1, F))
    loaded = Session.from_json(HEART, json.loads(json.dumps(session.to_json())))
    assert loaded.undo()
    assert loaded.board == start


def test_json_of_solved_session() -> None:
    session = Session(HEART)
    fill_goal(session)
    data = session.to_json()
    assert data["solved"] is True
    assert Session.from_json(HEART, data).solved


def damaged(change: dict[str, Any]) -> dict[str, Any]:
    data = played_session().to_json()
    for key, value in change.items():
        if value is KeyError:
            del data[key]
        else:
            data[key] = value
    return data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"version": 2}, "version"),
        ({"version": KeyError}, "version"),
        ({"puzzle": "0123456789abcdef"}, "different puzzle"),
        ({"width": 6}, "size"),
        ({"height": "5"}, "size"),
        ({"board": "...../...../...../...../....."}, "do not lead"),
        ({"board": "...../...../...../....."}, "rows"),
        ({"board": "x..../.##?#/.###./x.o../x.-.."}, "not a cell mark"),
        ({"board": 5}, "board"),
        ({"history": "P 0 0 0 0 F"}, "history"),
        ({"history": ["P 0 0 0 0 F", "bogus"]}, "bad move"),
        ({"history": ["P 0 0 0 9 X"]}, "outside"),
        ({"history": ["P 0 0 0 0 U"]}, "changes nothing"),
        ({"redo": ["P 9 9 9 9 F"]}, "outside"),
        ({"redo": ["P 0 0 0 0 X"]}, "changes nothing"),
        ({"redo": KeyError}, "redo"),
        ({"elapsed": -1}, "elapsed"),
        ({"elapsed": "12"}, "elapsed"),
        ({"elapsed": float("nan")}, "elapsed"),
        ({"elapsed": True}, "elapsed"),
        ({"solved": True}, "solved"),
        ({"solved": "no"}, "solved"),
        ({"start": "xxxxx/...../...../...../....."}, "changes nothing|do not lead"),
        ({"start": 3}, "start"),
    ],
)
def test_damaged_json_is_refused(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Session.from_json(HEART, damaged(change))


def test_json_that_is_not_an_object_is_refused() -> None:
    with pytest.raises(ValueError, match="not usable"):
        Session.from_json(HEART, ["version", 1])
    with pytest.raises(ValueError, match="different puzzle"):
        Session.from_json(DIAGONAL, played_session().to_json())
