"""Navigation in one place: which screen leads where.

Screens never import one another: a screen that leads somewhere asks the app's router
(``self.app.router.replay(...)``), and this module, the one that knows every screen's
class, builds the next screen and puts it on the app's stack. So the navigation graph is
read here, top to bottom, and mypy checks every way from one screen to another.

Going *back* (to the menu, to a level select) can close screens that hold unsaved work;
:meth:`Router.route` says which screens a way back would close before it is taken, so a
screen can ask first (the play screen's "Leave without saving?").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from game.core.i18n import N_
from game.core.kinds import NONOGRAM, PuzzleKind
from game.ui.kinds import screens_after, screens_back_to, screens_for
from game.ui.scene import EditorScene, Scene
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.levels.generating import GeneratingScene
from game.ui.scenes.menu.controls import ControlsScene
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.scenes.play.lesson import LessonScene, offer_first_lesson
from game.ui.scenes.play.scene import PlayScene
from game.ui.scenes.replay.race import RaceScene
from game.ui.scenes.replay.scene import ReplayScene
from game.ui.widgets.file_browser import FileBrowserScene

if TYPE_CHECKING:
    from game.core.board import Board
    from game.core.generate.generator import Generated, Making
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PackPlace
    from game.ui.app import App
    from game.ui.opening import PlayContext

#: Where "Open a puzzle file…" starts next time: the folder it last opened a file from.
PUZZLE_FOLDER_SETTING = "puzzle_folder"

#: The places a screen can go back to: "menu", or a kind's select screen by the name its
#: screens give the way back (``game.ui.kinds``: "levels" for nonograms, "kakuro").
Back = str
P = TypeVar("P")


@dataclass(frozen=True)
class Route:
    """A way back: the screens taking it would close, and how to take it."""

    closes: tuple[Scene, ...]
    go: Callable[[], None]


class Router:
    """The app's navigation: every screen is made here, a puzzle kind's screens through the
    kinds' table (``game.ui.kinds``), so a new kind needs no method of its own."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- where the game starts, and the ways back ------------------------------------------

    def first_screen(self) -> Scene:
        return MenuScene(self.app)

    def route(self, back: Back) -> Route:
        """The way back to ``back``: to the one on the stack (closing what is above it),
        else a new one over the menu (a level select's Esc then leads to the menu)."""
        app = self.app
        kind = self._screen_class(back)
        held = app.find(kind)
        if held is not None:
            return Route(self._above(held), lambda: self._pop_to(kind))
        menu = app.find(MenuScene)

        def over_the_menu() -> None:
            target = kind(app)
            if kind is MenuScene:
                app.replace(target)
            elif app.pop_to(MenuScene):
                app.push(target)
            else:
                app.replace(target)

        closes = self._above(menu) if menu is not None else tuple(app.scenes)
        return Route(closes, over_the_menu)

    def switch_to(self, back: Back) -> None:
        """From one select screen to the other kind's: back to it when it is on the stack,
        else in this one's place."""
        kind = self._screen_class(back)
        if self.app.find(kind) is not None:
            self.app.pop_to(kind)
        else:
            self.app.replace(kind(self.app))

    def switch_from(self, kind: PuzzleKind[Any, Any]) -> None:
        """The select screen's switch: to the next kind's select screen in the table."""
        self.switch_to(screens_after(kind).back)

    def _screen_class(self, back: Back) -> type[Scene]:
        return MenuScene if back == "menu" else screens_back_to(back).select()

    def back_to(self, back: Back) -> None:
        """Go back to ``back`` now, closing what is in the way without asking."""
        self.route(back).go()

    def _above(self, scene: Scene) -> tuple[Scene, ...]:
        scenes = self.app.scenes
        return tuple(scenes[scenes.index(scene) + 1 :])

    def _pop_to(self, kind: type[Scene]) -> None:
        self.app.pop_to(kind)

    # --- from the menu -----------------------------------------------------------------------

    def level_select(self) -> None:
        """The nonograms' select screen, where Play leads."""
        self.select(NONOGRAM)

    def select(self, kind: PuzzleKind[Any, Any]) -> None:
        """The select screen of ``kind``."""
        self.app.push(screens_for(kind).select()(self.app))

    def make(self, kind: PuzzleKind[Any, Any]) -> None:
        """The screen that makes a puzzle of ``kind`` (its select screen's button)."""
        make = screens_for(kind).make
        if make is not None:
            self.app.push(make(self.app))

    def options(self) -> None:
        self.app.push(OptionsScene(self.app))

    def controls(self) -> None:
        self.app.push(ControlsScene(self.app))

    def converter(self, path: Path | None = None) -> None:
        self.app.push(ConverterScene(self.app, path))

    def open_puzzle_file(self) -> None:
        """ "Open a puzzle file…" (level select, the menu): the file browser listing puzzle
        files (nonograms and Kakuro), and the chosen one played, never shown solved: a book's
        or a friend's puzzle is played blind. It starts in the folder last opened so."""
        app = self.app
        start: Path | None = None
        remembered = app.store.get_setting(PUZZLE_FOLDER_SETTING, None)
        if isinstance(remembered, str) and Path(remembered).is_dir():
            start = Path(remembered)

        def picked(path: Path) -> None:
            app.store.set_setting(PUZZLE_FOLDER_SETTING, str(path.parent))
            app.open_level_file(path)

        start = start if start is not None else app.store.user_puzzles_dir()
        app.push(
            FileBrowserScene(app, picked, start=start, title=N_("Open a puzzle file"), into="play")
        )

    def clue_editor(self, width: int = 10, height: int = 10) -> None:
        self.app.push(ClueEditorScene(self.app, width, height))

    def lesson(self) -> None:
        self.app.push(LessonScene(self.app))

    def offer_first_lesson(self) -> bool:
        """On a first start, ask whether to take the lesson (see ``play.lesson``)."""
        return offer_first_lesson(self.app)

    def generating(
        self,
        generation: Making,
        on_done: Callable[[Generated], None],
        title: str = N_("Making a puzzle"),
    ) -> None:
        """The generator's progress over the screen that asked (sliced, cancellable)."""
        self.app.push(GeneratingScene(self.app, generation, on_done, title=title))

    # --- games and their solvers ---------------------------------------------------------------

    def replay(
        self, puzzle: Puzzle, initial_board: Board | None = None, name: str | None = None
    ) -> ReplayScene:
        """The solver's replay of ``puzzle`` over the screen that asked."""
        scene = ReplayScene(self.app, puzzle, initial_board=initial_board, name=name)
        self.app.push(scene)
        return scene

    def race(self, puzzle: Puzzle, name: str | None = None) -> None:
        """Every algorithm racing on ``puzzle``, over the replay that asked (a colour puzzle
        has no race: only our engine solves colour, and the player is told so)."""
        from game.core.race import algorithms_for, refusal

        if len(algorithms_for(puzzle)) < 2:
            self.app.toast(refusal(puzzle))
            return
        self.app.push(RaceScene(self.app, puzzle, name=name))

    def game(
        self,
        puzzle: P,
        path: Path | None,
        context: PlayContext[P],
        kind: PuzzleKind[P, Any] = NONOGRAM,  # type: ignore[assignment]
    ) -> None:
        """The play screen of ``kind`` for ``puzzle`` (a nonogram's: see
        ``game.ui.opening.play_puzzle``, which checks that it can be played first): over a
        game of the kind already open it takes that game's place rather than piling up."""
        scene = screens_for(kind).play(self.app, puzzle, path, context)
        if type(self.app.top) is type(scene):
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def watch(self, kind: PuzzleKind[P, Any], puzzle: P, name: str | None = None) -> None:
        """The solver's replay of a puzzle of ``kind`` over the screen that asked."""
        self.app.push(screens_for(kind).replay(self.app, puzzle, name))

    def next_game(
        self,
        puzzle: Puzzle,
        path: Path | None,
        pack: str | None,
        place: PackPlace | None,
        next_puzzles: Sequence[object],
    ) -> None:
        """The next puzzle of a list, in place of the game that was won."""
        scene = PlayScene(
            self.app, puzzle, path=path, pack=pack, next_puzzles=next_puzzles, place=place
        )
        self.app.replace(scene)

    def editor_below(self, scene: Scene) -> EditorScene | None:
        """The converter or clue editor right under ``scene`` on the stack, if that is
        what is there (a game started from it)."""
        scenes = self.app.scenes
        if scene not in scenes or scenes.index(scene) == 0:
            return None
        below = scenes[scenes.index(scene) - 1]
        return below if isinstance(below, EditorScene) else None
