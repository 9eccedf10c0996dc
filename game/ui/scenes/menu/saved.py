"""Games in progress the menu can continue, one finder per puzzle kind (the screens table,
``game.ui.kinds``, names them): the game of a puzzle key played from a file, when it still
has a saved session and its file can be read and still fits it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game.core.formats import read_puzzle
from game.core.store.packs import recorded_file, shown_name, title_of
from game.resources import levels_dir
from game.ui.kinds import SavedGame

if TYPE_CHECKING:
    from game.core.puzzle import Puzzle
    from game.ui.app import App


def saved_nonogram(app: App, key: str, path_text: str) -> SavedGame | None:
    store = app.store
    try:
        record = store.record(key)
    except (KeyError, ValueError):
        return None
    if record.session is None:
        return None
    path = recorded_file(path_text, levels_dir())
    if path is None:
        return None
    try:
        puzzle = read_puzzle(path)
    except (ValueError, OSError):
        return None
    if puzzle.fingerprint() != key:
        return None  # the file was edited since: its session no longer fits

    def resume() -> None:
        app.play_puzzle(puzzle, path=path, context=app.pack_context(path))

    return SavedGame(nonogram_name(app, puzzle, path), resume)


def nonogram_name(app: App, puzzle: Puzzle, path: Path) -> str:
    """ "First steps #5" for a bundled pack's puzzle not solved yet, the title otherwise
    (``game.core.store.packs.shown_name``)."""
    solved = bool(app.store.record(puzzle.fingerprint()).solved)
    place = app.pack_context(path).place
    return shown_name(title_of(puzzle, path), place, solved)
