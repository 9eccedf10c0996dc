"""The play scene's game in the player's store: the saved session it resumes, the autosave a
moment after the last move, and the win (best time, the saved game forgotten)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, TypeVar

from game.core.play.session import Session
from game.core.store.fileio import readable
from game.core.store.packs import absolute_path
from game.ui.scenes.play.chrome import WinState

if TYPE_CHECKING:
    from game.core.store.progress import ProgressStore
    from game.ui.scenes.play.scene import PlayScene

S = TypeVar("S")

AUTOSAVE_DELAY = 1.0  # seconds after the last move before the session is written


def resume_damaged(
    store: ProgressStore, key: str, error: Exception, parse: Callable[[object], S] | None
) -> tuple[S | None, str]:
    """A saved game that cannot be resumed: copied to a file of its own, then the backup's
    saved game of the same puzzle (one save older) resumed when ``parse`` reads it (QA: a
    damaged saved game started afresh while the backup held it whole). The session, or
    None to start afresh, and the toast."""
    kept = store.set_aside_session(key)
    where = (
        f"; it is kept as {readable(kept.name)} in {readable(str(kept.parent))}"
        if kept is not None
        else ""
    )
    older = store.backup_session(key) if parse is not None else None
    if parse is not None and older is not None:
        try:
            session = parse(older)
        except (ValueError, TypeError, KeyError):
            pass
        else:
            return session, (
                # Without the reason: the toast has four lines, and the folder matters more.
                "Your saved game of this puzzle could not be read: the backup's copy was "
                f"resumed, which may lack your last moves{where}."
            )
    return None, (
        f"Your saved game of this puzzle could not be read, so it starts afresh ({error}){where}."
    )


class PlaySaves:
    """Reads and writes one scene's record. Build it before the scene's session: the
    session comes from :meth:`load_session`."""

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        record = scene.app.store.record(scene.key)
        self._had_saved = record.session is not None
        self._save_in: float | None = None

    @property
    def _path_text(self) -> str | None:
        """The puzzle's file as an absolute path: a relative one (``play levels/…``) would
        only open again from the same working folder."""
        path = self.scene.path
        return str(absolute_path(path)) if path is not None else None

    def load_session(self) -> Session:
        """The saved game of this puzzle, or a fresh one (with a toast if it was unreadable)."""
        scene = self.scene
        data = scene.app.store.record(scene.key).session
        if data is None:
            return Session(scene.puzzle)
        try:
            session = Session.from_json(scene.puzzle, data)
        except (ValueError, TypeError, KeyError) as error:
            puzzle = scene.puzzle
            older, note = resume_damaged(
                scene.app.store, scene.key, error, lambda data: Session.from_json(puzzle, data)
            )
            scene.app.toast(note, error=True, seconds=8.0)
            if older is None or older.solved:
                return Session(scene.puzzle)
            self.save_soon()  # the store still holds the damaged game
            return older
        if session.solved:
            return Session(scene.puzzle)
        return session

    def save_soon(self) -> None:
        self._save_in = AUTOSAVE_DELAY

    def tick(self, dt: float) -> None:
        if self._save_in is None:
            return
        self._save_in -= dt
        # Writing the file takes a few frames' time (fsync): never in the middle of a
        # stroke, where the hitch would show, only once the player's hands are still.
        if self._save_in <= 0 and not self.scene.pen.busy:
            self.save()

    def save(self) -> None:
        """Write the session (or forget it, when there is nothing to keep) and the store."""
        self._save_in = None
        scene = self.scene
        store = scene.app.store
        if scene.win is None:
            session = scene.session
            if session.can_undo or session.can_redo or session.board.known_mask().any():
                title = scene.puzzle.title
                store.save_session(scene.key, session.to_json(), title=title, path=self._path_text)
                self._had_saved = True
                path_text = self._path_text
                if path_text is not None:
                    store.set_last_played(scene.key, path_text)
            elif self._had_saved:
                store.clear_session(scene.key)
                self._had_saved = False
        scene.app.save_store()

    def record_win(self) -> WinState:
        """Mark the puzzle solved in the store (best time) and forget its saved game."""
        scene = self.scene
        store = scene.app.store
        seconds = scene.session.elapsed
        title = scene.puzzle.title
        new_best = bool(store.mark_solved(scene.key, seconds, title=title, path=self._path_text))
        best = store.record(scene.key).best_time
        store.clear_session(scene.key)
        self._had_saved = False
        self._save_in = None
        scene.app.save_store()
        return WinState(seconds, new_best, best)
