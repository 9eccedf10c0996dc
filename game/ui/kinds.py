"""The screens of each puzzle kind, one entry per kind of ``game.core.kinds`` (issue 45):
what opens a file of the kind, its select, play and replay screens, the way back to its
select screen, how another kind's select screen points to it, and how the menu finds a game
of it in progress. Opening a file, the router, the select screens' switch and the menu ask
this table rather than naming a kind; a new kind is one more entry.

The entries import their screens when called (the router, which builds every screen, asks
them), so reading the table loads no screen. Typed over the kind's puzzle (``P``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from game.core.i18n import N_
from game.core.kinds import KAKURO, NONOGRAM, PuzzleKind, kinds

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle
    from game.core.puzzle import Puzzle
    from game.ui.app import App
    from game.ui.opening import PlayContext
    from game.ui.scene import Scene

P = TypeVar("P")


@dataclass(frozen=True)
class SavedGame:
    """A game of some kind in progress that can still be read: its name as the menu shows it
    and what continues it."""

    name: str
    resume: Callable[[], None]


@dataclass(frozen=True)
class Reached:
    """How another kind's select screen points to this kind's: the header button's label,
    the letter that presses it, the help line's words for that letter, the button's width
    at scale 1."""

    label: str
    key: str
    help: str
    width: int = 140


@dataclass(frozen=True)
class KindScreens(Generic[P]):
    """``open_file``: play a file of the kind (False and a toast when it cannot be read);
    ``saved_game``: the game of puzzle ``key`` from file ``path`` in progress, or None when
    its file is gone or changed; ``select``: the class of its select screen (made with the
    app); ``play``: a game of a puzzle from a file (or none) in a context; ``replay``: the
    solver's replay of a puzzle, named; ``back``: the name of the way back to its select
    screen (``Router.route``); ``reached``: how the other kinds' select screens point to it;
    ``make``: the select screen's button that makes one (Kakuro's "Type one in…"), if any."""

    kind: PuzzleKind[P, Any]
    open_file: Callable[[App, Path], bool]
    saved_game: Callable[[App, str, str], SavedGame | None]
    select: Callable[[], type[Scene]]
    play: Callable[[App, P, Path | None, PlayContext[P]], Scene]
    replay: Callable[[App, P, str | None], Scene]
    back: str
    reached: Reached
    make: Callable[[App], Scene] | None = None


_SCREENS: dict[str, KindScreens[Any]] = {}


def register_screens(screens: KindScreens[P]) -> KindScreens[P]:
    _SCREENS[screens.kind.name] = screens
    return screens


def unregister_screens(name: str) -> None:
    _SCREENS.pop(name, None)


def screens_for(kind: PuzzleKind[P, Any]) -> KindScreens[P]:
    """The screens of ``kind`` (a KeyError for a kind with none: a kind in the core table
    must have its screens here before the game can open it)."""
    screens: KindScreens[P] = _SCREENS[kind.name]
    return screens


def screens_back_to(back: str) -> KindScreens[Any]:
    """The kind whose select screen the way back ``back`` leads to (a KeyError for none)."""
    for screens in _SCREENS.values():
        if screens.back == back:
            return screens
    raise KeyError(back)


def screens_after(kind: PuzzleKind[Any, Any]) -> KindScreens[Any]:
    """The next kind with screens after ``kind``, in the table's order, the first after the
    last: each select screen's switch leads to the next, so every kind is reached."""
    served = [other for other in kinds() if other.name in _SCREENS]
    index = next(i for i, other in enumerate(served) if other.name == kind.name)
    return _SCREENS[served[(index + 1) % len(served)].name]


# --- nonograms -------------------------------------------------------------------------


def _open_nonogram(app: App, path: Path) -> bool:
    from game.ui.opening import open_nonogram_file

    return open_nonogram_file(app, path)


def _nonogram_saved(app: App, key: str, path: str) -> SavedGame | None:
    from game.ui.scenes.menu.saved import saved_nonogram

    return saved_nonogram(app, key, path)


def _nonogram_select() -> type[Scene]:
    from game.ui.scenes.levels.select import LevelSelectScene

    return LevelSelectScene


def _nonogram_play(
    app: App, puzzle: Puzzle, path: Path | None, context: PlayContext[Puzzle]
) -> Scene:
    from game.ui.scenes.play.scene import PlayScene

    return PlayScene(
        app,
        puzzle,
        path=path,
        pack=context.pack,
        place=context.place,
        next_puzzles=context.next_puzzles,
        editor=context.editor,
        notice=context.notice,
        check_file=context.check_file,
    )


def _nonogram_replay(app: App, puzzle: Puzzle, name: str | None) -> Scene:
    from game.ui.scenes.replay.scene import ReplayScene

    return ReplayScene(app, puzzle, name=name)


# --- Kakuro ----------------------------------------------------------------------------


def _open_kakuro(app: App, path: Path) -> bool:
    """Read a ``.kak`` file and play it; a toast with the reason when it cannot be read."""
    from game.core.kakuro.packs import read_kakuro_entry

    entry = read_kakuro_entry(path)
    if entry.puzzle is None:
        app.toast(f"{path.name}: {entry.error}", error=True)
        return False
    play_kakuro_file(app, entry.puzzle, path)
    return True


def play_kakuro_file(app: App, puzzle: KakuroPuzzle, path: Path | None) -> None:
    """Play a Kakuro from a file opened out of its pack's screen (a dropped file, the
    menu's Continue): a file of a bundled pack keeps its place ("Kakuro starter #3") and
    offers the pack's next puzzles after a win."""
    from game.core.kakuro.packs import entries_after, kakuro_place
    from game.resources import levels_dir
    from game.ui.opening import PlayContext

    context: PlayContext[KakuroPuzzle] = PlayContext()
    if path is not None:
        found = kakuro_place(path, levels_dir())
        if found is not None:
            pack, place = found
            context = PlayContext(pack.name, place, entries_after(pack, path))
    app.router.game(puzzle, path, context, KAKURO)


def _kakuro_saved(app: App, key: str, path_text: str) -> SavedGame | None:
    from game.core.kakuro.packs import kakuro_file_name, saved_kakuro
    from game.resources import levels_dir

    found = saved_kakuro(app.store, levels_dir(), key, path_text)
    if found is None:
        return None
    puzzle, path = found
    return SavedGame(
        kakuro_file_name(puzzle, path, levels_dir()),
        lambda: play_kakuro_file(app, puzzle, path),
    )


def _kakuro_select() -> type[Scene]:
    from game.ui.scenes.kakuro.select import KakuroSelectScene

    return KakuroSelectScene


def _kakuro_play(
    app: App, puzzle: KakuroPuzzle, path: Path | None, context: PlayContext[KakuroPuzzle]
) -> Scene:
    from game.ui.scenes.kakuro.play import KakuroPlayScene

    return KakuroPlayScene(app, puzzle, path, context.pack, context.place, context.next_puzzles)


def _kakuro_replay(app: App, puzzle: KakuroPuzzle, name: str | None) -> Scene:
    from game.ui.scenes.kakuro.replay import KakuroReplayScene

    return KakuroReplayScene(app, puzzle, name=name)


def _kakuro_entry(app: App) -> Scene:
    from game.ui.scenes.kakuro.entry import KakuroEntryScene

    return KakuroEntryScene(app)


register_screens(
    KindScreens(
        NONOGRAM,
        _open_nonogram,
        _nonogram_saved,
        _nonogram_select,
        _nonogram_play,
        _nonogram_replay,
        back="levels",
        reached=Reached(N_("Nonograms ›"), "n", N_("N nonograms"), width=160),
    )
)
register_screens(
    KindScreens(
        KAKURO,
        _open_kakuro,
        _kakuro_saved,
        _kakuro_select,
        _kakuro_play,
        _kakuro_replay,
        back="kakuro",
        reached=Reached(N_("Kakuro ›"), "k", N_("K Kakuro")),
        make=_kakuro_entry,
    )
)
