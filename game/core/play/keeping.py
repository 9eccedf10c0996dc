"""A game's place in the player's progress, for any puzzle kind: resume, autosave, the win.

:class:`GameKeeper` holds one game (a :class:`~game.core.play.midend.Midend` of any kind)
against its record in the :class:`~game.core.store.progress.ProgressStore`:

- :meth:`~GameKeeper.resume`: the saved game, or a fresh one; a saved game that cannot be
  read is set aside in a file of its own and the backup's copy (one save older) resumed
  when it reads, with a note for the player saying which;
- :meth:`~GameKeeper.save_soon` / :meth:`~GameKeeper.tick`: the autosave a moment after
  the last move (never while the player's hands are busy);
- :meth:`~GameKeeper.save`: write the game, or forget it when there is nothing to keep;
- :meth:`~GameKeeper.record_win`: the best time, the saved game forgotten.

Writing the store itself is the caller's ``write_store`` (the app's, which tells the player
when it fails).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from game.core.i18n import _
from game.core.play.midend import Midend
from game.core.store.fileio import readable
from game.core.store.packs import absolute_path
from game.core.store.progress import ProgressStore

AUTOSAVE_DELAY = 1.0  # seconds after the last move before the game is written

G = TypeVar("G", bound=Midend[Any, Any, Any])


@dataclass
class WinState:
    """A won game: its time, whether it is a new best, the best time, and how long ago the
    win came (the reveal's clock)."""

    seconds: float
    new_best: bool
    best: float | None
    age: float = 0.0
    helped: bool = False  # the solver's answer was on screen: no best time from it


@dataclass(frozen=True)
class Resumed(Generic[G]):
    """What :meth:`GameKeeper.resume` found: the game, and a note for the player when the
    saved game could not be read (None when all went well)."""

    game: G
    note: str | None = None


class GameKeeper(Generic[G]):
    """One game's record in the store. ``fresh`` makes a new game of the puzzle, ``parse``
    reads a saved one (a ValueError when it cannot)."""

    def __init__(
        self,
        store: ProgressStore,
        key: str,
        *,
        title: str,
        path: Path | None,
        fresh: Callable[[], G],
        parse: Callable[[object], G],
        write_store: Callable[[], object],
    ) -> None:
        self.store = store
        self.key = key
        self.title = title
        self.fresh = fresh
        self.parse = parse
        self.write_store = write_store
        self.path_text: str | None = None
        self.set_path(path)
        self._had_saved = store.record(key).session is not None
        self.save_in: float | None = None  # seconds until the autosave; None: nothing due

    def set_path(self, path: Path | None) -> None:
        """The puzzle's file (a game whose puzzle was just saved gets one). Kept as an
        absolute path: a relative one (``play levels/…``) would only open again from the
        same working folder."""
        self.path_text = str(absolute_path(path)) if path is not None else None

    # --- resuming ----------------------------------------------------------------------

    def resume(self) -> Resumed[G]:
        """The saved game of this puzzle, or a fresh one (a solved save starts afresh)."""
        data = self.store.record(self.key).session
        if data is None:
            return Resumed(self.fresh())
        try:
            game = self.parse(data)
        except (ValueError, TypeError, KeyError):
            older, note = self._resume_damaged()
            if older is None or older.solved:
                return Resumed(self.fresh(), note)
            self.save_soon()  # the store still holds the damaged game
            return Resumed(older, note)
        return Resumed(self.fresh() if game.solved else game)

    def _resume_damaged(self) -> tuple[G | None, str]:
        """A saved game that cannot be resumed: copied to a file of its own, then the
        backup's saved game of the same puzzle resumed when it reads (QA: a damaged saved
        game started afresh while the backup held it whole)."""
        kept = self.store.set_aside_session(self.key)
        older = self.store.backup_session(self.key)
        if older is not None:
            try:
                game = self.parse(older)
            except (ValueError, TypeError, KeyError):
                pass
            else:
                # Without the reason: the toast has four lines, the folder matters more.
                return game, self._note(
                    _(
                        "Your saved game of this puzzle could not be read: the backup's copy "
                        "was resumed, which may lack your last moves"
                    ),
                    kept,
                )
        # The reason names the save's inner fields (a redo move, the board text), words of
        # no language a player reads: the kept copy holds the evidence.
        return None, self._note(
            _("Your saved game of this puzzle could not be read, so it starts afresh"), kept
        )

    @staticmethod
    def _note(sentence: str, kept: Path | None) -> str:
        """``sentence``, then where the damaged save is kept (when it could be)."""
        if kept is None:
            return _("{sentence}.").format(sentence=sentence)
        where = _("it is kept as {name} in {folder}").format(
            name=readable(kept.name), folder=readable(str(kept.parent))
        )
        return _("{sentence}; {more}").format(
            sentence=sentence, more=_("{sentence}.").format(sentence=where)
        )

    # --- saving ------------------------------------------------------------------------

    def save_soon(self) -> None:
        self.save_in = AUTOSAVE_DELAY

    def tick(self, dt: float, game: G | None, *, hands_busy: bool = False) -> None:
        """Count down to the autosave; write ``game`` when it is due. Writing takes a few
        frames' time (fsync): never in the middle of a stroke, only once the player's
        hands are still."""
        if self.save_in is None:
            return
        self.save_in -= dt
        if self.save_in <= 0 and not hands_busy:
            self.save(game)

    def save(self, game: G | None) -> None:
        """Write ``game`` (None: a won game, nothing to keep) or forget it when there is
        nothing to keep, then the store."""
        self.save_in = None
        if game is not None:
            if game.worth_keeping():
                self.store.save_session(
                    self.key, game.to_json(), title=self.title, path=self.path_text
                )
                self._had_saved = True
                if self.path_text is not None:
                    self.store.set_last_played(self.key, self.path_text)
            elif self._had_saved:
                self.store.clear_session(self.key)
                self._had_saved = False
        self.write_store()

    def record_win(self, seconds: float, helped: bool = False) -> WinState:
        """Mark the puzzle solved in ``seconds`` (best time, unless ``helped``: the solver's
        answer was on screen) and forget its saved game."""
        store = self.store
        new_best = bool(
            store.mark_solved(
                self.key, seconds, title=self.title, path=self.path_text, helped=helped
            )
        )
        best = store.record(self.key).best_time
        store.clear_session(self.key)
        self._had_saved = False
        self.save_in = None
        self.write_store()
        return WinState(seconds, new_best, best, helped=helped)
