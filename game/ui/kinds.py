"""The screens of each puzzle kind, one entry per kind of ``game.core.kinds`` (issue 45):
what opens a file of the kind, its select screen, and how the menu finds a game of it in
progress. Opening a file, the router and the menu ask this table rather than naming a kind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.kinds import KAKURO, NONOGRAM, PuzzleKind

if TYPE_CHECKING:
    from game.ui.app import App


@dataclass(frozen=True)
class SavedGame:
    """A game of some kind in progress that can still be read: its name as the menu shows it
    and what continues it."""

    name: str
    resume: Callable[[], None]


@dataclass(frozen=True)
class KindScreens:
    """``open_file``: play a file of the kind (False and a toast when it cannot be read);
    ``select``: open the kind's select screen; ``saved_game``: the game of puzzle ``key``
    from file ``path`` in progress, or None when its file is gone or changed."""

    kind: PuzzleKind[Any, Any]
    open_file: Callable[[App, Path], bool]
    select: Callable[[App], None]
    saved_game: Callable[[App, str, str], SavedGame | None]


def _open_nonogram(app: App, path: Path) -> bool:
    from game.ui.opening import open_nonogram_file

    return open_nonogram_file(app, path)


def _nonogram_select(app: App) -> None:
    app.router.level_select()


def _nonogram_saved(app: App, key: str, path: str) -> SavedGame | None:
    from game.ui.scenes.menu.saved import saved_nonogram

    return saved_nonogram(app, key, path)


def _open_kakuro(app: App, path: Path) -> bool:
    return app.router.kakuro_file(path)


def _kakuro_select(app: App) -> None:
    app.router.kakuro_select()


def _kakuro_saved(app: App, key: str, path: str) -> SavedGame | None:
    from game.ui.scenes.menu.saved import saved_kakuro_game

    return saved_kakuro_game(app, key, path)


_SCREENS: dict[str, KindScreens] = {}


def register_screens(screens: KindScreens) -> KindScreens:
    _SCREENS[screens.kind.name] = screens
    return screens


def unregister_screens(name: str) -> None:
    _SCREENS.pop(name, None)


def screens_for(kind: PuzzleKind[Any, Any]) -> KindScreens:
    """The screens of ``kind`` (a KeyError for a kind with none: a kind in the core table
    must have its screens here before the game can open it)."""
    return _SCREENS[kind.name]


register_screens(KindScreens(NONOGRAM, _open_nonogram, _nonogram_select, _nonogram_saved))
register_screens(KindScreens(KAKURO, _open_kakuro, _kakuro_select, _kakuro_saved))
