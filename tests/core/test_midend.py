"""The midend, the same for every puzzle kind: undo/redo, the clock, the solved event, and
the game's keeper in the player's progress (resume, autosave, the win)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from game.core.board import Cell
from game.core.kakuro.fileformat import read_kakuro
from game.core.kakuro.session import KakuroMove, KakuroSession
from game.core.play.keeping import AUTOSAVE_DELAY, GameKeeper
from game.core.play.midend import MAX_SECONDS, Midend
from game.core.play.moves import Paint
from game.core.play.session import Session
from game.core.puzzle import Puzzle
from game.core.store.progress import ProgressStore

LEVELS = Path(__file__).parent.parent.parent / "levels"
# One filled cell in a 2x1: the second move solves it.
TWO = Puzzle(width=2, height=1, row_clues=((2,),), column_clues=((1,), (1,)))
KAKURO = read_kakuro(LEVELS / "kakuro-01-starter" / "01-starter.kak")


class Kind:
    """One back end as the midend's tests drive it: a fresh game, a move that changes a
    cell, the moves that solve the board, and how a saved game is read."""

    def __init__(
        self,
        fresh: Callable[[], Midend[Any, Any, Any]],
        some_move: Any,
        solving: Callable[[], list[Any]],
        parse: Callable[[object], Midend[Any, Any, Any]],
    ) -> None:
        self.fresh, self.some_move, self.solving, self.parse = fresh, some_move, solving, parse


def kakuro_solving() -> list[KakuroMove]:
    assert KAKURO.solution is not None
    return [
        KakuroMove("digit", index, KAKURO.solution[y][x])
        for index, (x, y) in enumerate(KAKURO.white_cells)
    ]


KINDS = {
    "nonogram": Kind(
        lambda: Session(TWO),
        Paint(0, 0, 0, 0, Cell.CROSSED),
        lambda: [Paint(0, 0, 0, 0, Cell.FILLED), Paint(1, 0, 1, 0, Cell.FILLED)],
        lambda data: Session.from_json(TWO, data),
    ),
    "kakuro": Kind(
        lambda: KakuroSession(KAKURO),
        KakuroMove("pencil", 0, 4),
        kakuro_solving,
        lambda data: KakuroSession.from_json(KAKURO, data),
    ),
}


@pytest.fixture(params=sorted(KINDS))
def kind(request: pytest.FixtureRequest) -> Kind:
    return KINDS[request.param]


def test_undo_and_redo_walk_the_history(kind: Kind) -> None:
    game = kind.fresh()
    assert not game.can_undo and game.undo() is None and game.redo() is None
    assert game.apply(kind.some_move) is not None
    saved = json.dumps(game.to_json())
    assert game.can_undo and not game.can_redo
    assert game.undo() is not None and game.worth_keeping()  # redo still holds it
    assert game.can_redo and not game.can_undo
    assert game.redo() is not None
    assert json.dumps(game.to_json()) == saved
    # A new move after an undo empties redo.
    game.undo()
    for move in kind.solving()[:1]:
        game.apply(move)
    assert not game.can_redo


def test_a_move_that_changes_nothing_is_not_history() -> None:
    game = Session(TWO)
    game.apply(Paint(0, 0, 0, 0, Cell.CROSSED))
    assert game.apply(Paint(0, 0, 0, 0, Cell.CROSSED)) is None
    game.undo()
    assert not game.can_undo
    kakuro = KakuroSession(KAKURO)
    kakuro.apply(KakuroMove("digit", 0, 4))
    assert kakuro.apply(KakuroMove("digit", 0, 4)) is None
    assert kakuro.apply(KakuroMove("digit", 99, 4)) is None  # not a white cell
    kakuro.undo()
    assert not kakuro.can_undo


def test_the_solved_event_comes_once_on_the_solving_move(kind: Kind) -> None:
    game = kind.fresh()
    heard: list[float] = []
    game.on_solved.append(lambda: heard.append(game.elapsed))
    moves = kind.solving()
    for move in moves[:-1]:
        game.apply(move)
        assert heard == []
    change = game.apply(moves[-1])
    assert change is not None and change.solved and game.solved
    assert len(heard) == 1
    game.undo()
    assert not game.solved
    game.redo()
    assert len(heard) == 2  # solved again by redo: told again


def test_the_clock_counts_only_while_playing(kind: Kind) -> None:
    game = kind.fresh()
    game.tick(1.5)
    game.pause()
    game.tick(10.0)
    game.resume()
    for bad in (-3.0, float("nan"), float("inf")):
        game.tick(bad)
    assert game.elapsed == 1.5
    game.tick(MAX_SECONDS * 2.0)
    assert game.elapsed == MAX_SECONDS
    solved = kind.fresh()
    for move in kind.solving():
        solved.apply(move)
    solved.tick(5.0)
    assert solved.elapsed == 0.0


def test_kakuro_keeps_at_most_its_history_limit() -> None:
    game = KakuroSession(KAKURO)
    game.max_history = 3
    for digit in range(1, 7):
        game.apply(KakuroMove("digit", 0, digit))
    undone = 0
    while game.undo():
        undone += 1
    assert undone == 3 and game.digits[0] == 3


# --- the keeper ------------------------------------------------------------------------


def keeper_for(kind: Kind, store: ProgressStore, writes: list[int]) -> GameKeeper[Any]:
    return GameKeeper(
        store,
        "the-key",
        title="A title",
        path=None,
        fresh=kind.fresh,
        parse=kind.parse,
        write_store=lambda: writes.append(1),
    )


def test_the_keeper_saves_resumes_and_forgets(kind: Kind, tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    writes: list[int] = []
    keeper = keeper_for(kind, store, writes)
    game = keeper.resume().game
    assert not game.can_undo
    game.apply(kind.some_move)
    game.tick(3.0)
    keeper.save(game)
    assert store.record("the-key").session is not None and writes == [1]
    again = keeper_for(kind, ProgressStore(tmp_path), writes).resume()
    assert again.note is None and again.game.can_undo and again.game.elapsed == 3.0
    # Undone to nothing, the saved game is forgotten.
    game.undo()
    game._undo.clear()
    game._redo.clear()
    keeper.save(game)
    assert store.record("the-key").session is None


def test_the_autosave_waits_for_still_hands(kind: Kind, tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    keeper = keeper_for(kind, store, [])
    game = keeper.resume().game
    game.apply(kind.some_move)
    keeper.save_soon()
    keeper.tick(AUTOSAVE_DELAY / 2, game)
    assert store.record("the-key").session is None
    keeper.tick(AUTOSAVE_DELAY, game, hands_busy=True)
    assert store.record("the-key").session is None
    keeper.tick(0.01, game)
    assert store.record("the-key").session is not None and keeper.save_in is None


def test_a_damaged_save_resumes_the_backup(kind: Kind, tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    keeper = keeper_for(kind, store, [])
    game = keeper.resume().game
    game.apply(kind.some_move)
    keeper.save(game)  # the backup will hold this one
    store.save_session("the-key", {"version": 99}, title="A title")
    resumed = keeper_for(kind, store, []).resume()
    assert resumed.note is not None and "backup" in resumed.note
    assert resumed.game.can_undo
    assert "kept as" in resumed.note


def test_a_solved_save_starts_afresh_and_the_win_is_recorded(kind: Kind, tmp_path: Path) -> None:
    store = ProgressStore(tmp_path)
    keeper = keeper_for(kind, store, [])
    game = keeper.resume().game
    for move in kind.solving():
        game.apply(move)
    game.elapsed = 9.0
    store.save_session("the-key", game.to_json())
    assert not keeper.resume().game.solved
    win = keeper.record_win(game.elapsed)
    assert (win.seconds, win.new_best, win.best) == (9.0, True, 9.0)
    assert store.record("the-key").session is None
    assert keeper.record_win(12.0).new_best is False


def test_a_stroke_is_one_undo_step_and_starts_with_its_first_change() -> None:
    session = Session(Puzzle.from_grid([[1, 1, 1, 1, 0]]))
    session.apply(Paint(0, 0, 0, 0, Cell.FILLED))
    session.begin_stroke()
    assert session.apply(Paint(0, 0, 0, 0, Cell.FILLED)) is None  # changes nothing
    session.apply(Paint(1, 0, 1, 0, Cell.FILLED))  # the stroke's first change: a new step
    session.apply(Paint(2, 0, 2, 0, Cell.FILLED))
    session.end_stroke()
    session.apply(Paint(4, 0, 4, 0, Cell.CROSSED))
    session.undo()
    assert session.board.to_text() == "###.."
    change = session.undo()  # the stroke, both cells
    assert change is not None and {cell for cell in change.cells} == {(1, 0), (2, 0)}
    assert session.board.to_text() == "#...."
    session.redo()
    assert session.board.to_text() == "###.."
    assert session.undo() is not None and session.undo() is not None
    assert not session.can_undo
