"""Saved games and progress files written before the midend still load and resume.

``tests/data/saves-216c159/progress.json`` was written by the game as of commit 216c159
(``make.py`` beside it says how); ``expected.json`` holds what each game showed then."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.core.formats import read_puzzle
from game.core.kakuro.fileformat import read_kakuro
from game.core.kakuro.session import KakuroMove, KakuroSession
from game.core.play.keeping import GameKeeper
from game.core.play.session import Session
from game.core.store.progress import ProgressStore

DATA = Path(__file__).parent.parent / "data" / "saves-216c159"
LEVELS = Path(__file__).parent.parent.parent / "levels"
EXPECTED = json.loads((DATA / "expected.json").read_text())


@pytest.fixture
def store(tmp_path: Path) -> ProgressStore:
    shutil.copy(DATA / "progress.json", tmp_path / "progress.json")
    return ProgressStore(tmp_path)


def keeper_of(store: ProgressStore, key: str, fresh, parse) -> GameKeeper:  # type: ignore[no-untyped-def]
    return GameKeeper(
        store, key, title="t", path=None, fresh=fresh, parse=parse, write_store=store.save
    )


def test_an_old_nonogram_game_resumes_with_its_history(store: ProgressStore) -> None:
    puzzle = read_puzzle(LEVELS / "02-ten-by-ten" / "01-envelope.non")
    want = EXPECTED["nonogram"]
    assert puzzle.fingerprint() == want["key"]
    keeper = keeper_of(
        store, want["key"], lambda: Session(puzzle), lambda data: Session.from_json(puzzle, data)
    )
    resumed = keeper.resume()
    assert resumed.note is None
    game = resumed.game
    assert game.board.to_text() == want["board"]
    assert (len(game.history), len(game.redo_moves)) == (want["undo"], want["redo"])
    assert game.elapsed == want["elapsed"]
    game.redo()  # the undone fill comes back
    assert game.board.cells[9, 9] != 0
    while game.undo():
        pass
    assert not game.board.known_mask().any()
    # Saved again by today's code, it reads back the same.
    assert Session.from_json(puzzle, game.to_json()).board == game.board


def test_an_old_kakuro_game_resumes_with_its_history(store: ProgressStore) -> None:
    puzzle = read_kakuro(LEVELS / "kakuro-01-starter" / "01-starter.kak")
    want = EXPECTED["kakuro"]
    assert puzzle.fingerprint() == want["key"]
    keeper = keeper_of(
        store,
        want["key"],
        lambda: KakuroSession(puzzle),
        lambda data: KakuroSession.from_json(puzzle, data),
    )
    game = keeper.resume().game
    assert (game.digits, game.marks) == (want["digits"], want["marks"])
    assert (game.elapsed, game.checks_used, game.cursor) == (
        want["elapsed"],
        want["checks"],
        want["cursor"],
    )
    assert game.redo() is not None and game.digits[2] == 9
    undone = 0
    while game.undo():
        undone += 1
    assert undone == want["undo"] + 1 and not any(game.digits) and not any(game.marks)
    assert game.apply(KakuroMove("digit", 0, 3)) is not None and not game.can_redo


def test_an_old_best_time_stays(store: ProgressStore) -> None:
    record = store.record(EXPECTED["solved"]["key"])
    assert record.solved and record.best_time == EXPECTED["solved"]["best"]
