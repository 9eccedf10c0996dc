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
from typing import TYPE_CHECKING, Literal

from game.core.i18n import N_
from game.core.kakuro.packs import entries_after, kakuro_place, read_kakuro_entry
from game.resources import levels_dir
from game.ui.scene import EditorScene, Scene
from game.ui.scenes.converter.clue_editor import ClueEditorScene
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.kakuro.entry import KakuroEntryScene
from game.ui.scenes.kakuro.play import KakuroPlayScene
from game.ui.scenes.kakuro.replay import KakuroReplayScene
from game.ui.scenes.kakuro.select import KakuroSelectScene
from game.ui.scenes.levels.generating import GeneratingScene
from game.ui.scenes.levels.select import LevelSelectScene
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
    from game.core.kakuro.model import KakuroPuzzle
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PackPlace
    from game.ui.app import App
    from game.ui.opening import PlayContext

#: Where "Open a puzzle file…" starts next time: the folder it last opened a file from.
PUZZLE_FOLDER_SETTING = "puzzle_folder"

#: The places a screen can go back to.
Back = Literal["menu", "levels", "kakuro"]


@dataclass(frozen=True)
class Route:
    """A way back: the screens taking it would close, and how to take it."""

    closes: tuple[Scene, ...]
    go: Callable[[], None]


class Router:
    """The app's navigation: every screen is made here."""

    def __init__(self, app: App) -> None:
        self.app = app

    # --- where the game starts, and the ways back ------------------------------------------

    def first_screen(self) -> Scene:
        return MenuScene(self.app)

    def route(self, back: Back) -> Route:
        """The way back to ``back``: to the one on the stack (closing what is above it),
        else a new one over the menu (a level select's Esc then leads to the menu)."""
        app = self.app
        kinds: dict[Back, type[Scene]] = {
            "menu": MenuScene,
            "levels": LevelSelectScene,
            "kakuro": KakuroSelectScene,
        }
        kind = kinds[back]
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
        kind = {"menu": MenuScene, "levels": LevelSelectScene, "kakuro": KakuroSelectScene}[back]
        if self.app.find(kind) is not None:
            self.app.pop_to(kind)
        else:
            self.app.replace(kind(self.app))

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
        self.app.push(LevelSelectScene(self.app))

    def kakuro_select(self) -> None:
        self.app.push(KakuroSelectScene(self.app))

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

    def game(self, puzzle: Puzzle, path: Path | None, context: PlayContext) -> None:
        """The play screen for ``puzzle`` (see ``game.ui.opening.play_puzzle``, which checks
        that it can be played first): over a game already open it takes that game's place
        rather than piling up."""
        scene = PlayScene(
            self.app,
            puzzle,
            path=path,
            pack=context.pack,
            place=context.place,
            next_puzzles=context.next_puzzles,
            editor=context.editor,
            notice=context.notice,
            check_file=context.check_file,
        )
        if isinstance(self.app.top, PlayScene):
            self.app.replace(scene)
        else:
            self.app.push(scene)

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

    def kakuro_entry(self) -> None:
        """Type in a Kakuro from a book (the Kakuro select's "Type one in…")."""
        self.app.push(KakuroEntryScene(self.app))

    def kakuro_replay(self, puzzle: KakuroPuzzle, name: str | None = None) -> None:
        self.app.push(KakuroReplayScene(self.app, puzzle, name=name))

    def kakuro_game(
        self,
        puzzle: KakuroPuzzle,
        path: Path | None = None,
        pack: str | None = None,
        place: PackPlace | None = None,
        next_puzzles: Sequence[Path | tuple[KakuroPuzzle, Path]] = (),
    ) -> None:
        """Play a Kakuro: over a Kakuro game already open it takes that game's place."""
        scene = KakuroPlayScene(self.app, puzzle, path, pack, place, next_puzzles)
        if isinstance(self.app.top, KakuroPlayScene):
            self.app.replace(scene)
        else:
            self.app.push(scene)

    def kakuro_file_game(self, puzzle: KakuroPuzzle, path: Path | None) -> None:
        """Play a Kakuro from a file opened out of its pack's screen (a dropped file, the
        menu's Continue): a file of a bundled pack keeps its place ("Kakuro starter #3")
        and offers the pack's next puzzles after a win."""
        pack_name: str | None = None
        place: PackPlace | None = None
        following: list[Path] = []
        if path is not None:
            found = kakuro_place(path, levels_dir())
            if found is not None:
                pack, place = found
                pack_name = pack.name
                following = entries_after(pack, path)
        self.kakuro_game(puzzle, path, pack_name, place, following)

    def kakuro_file(self, path: Path) -> bool:
        """Read a ``.kak`` file and play it; a toast with the reason when it cannot be read."""
        entry = read_kakuro_entry(path)
        if entry.puzzle is None:
            self.app.toast(f"{path.name}: {entry.error}", error=True)
            return False
        self.kakuro_file_game(entry.puzzle, path)
        return True

    def editor_below(self, scene: Scene) -> EditorScene | None:
        """The converter or clue editor right under ``scene`` on the stack, if that is
        what is there (a game started from it)."""
        scenes = self.app.scenes
        if scene not in scenes or scenes.index(scene) == 0:
            return None
        below = scenes[scenes.index(scene) - 1]
        return below if isinstance(below, EditorScene) else None
