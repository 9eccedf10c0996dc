"""Screenshots of the menu, the options and the level select for ``python -m game screenshot``.

Each shot takes a fresh headless app (on an empty progress folder), gives it some progress
where the screen shows progress, opens the screen and leaves it on the frame to capture.
"""

from __future__ import annotations

from datetime import date, timedelta
from typing import TYPE_CHECKING

from game.core.board import Cell
from game.core.play.moves import Paint
from game.core.play.session import Session
from game.core.store.packs import list_packs, read_entries
from game.resources import levels_dir
from game.ui.scenes.levels.select import LevelSelectScene
from game.ui.scenes.menu.options import OptionsScene
from game.ui.scenes.menu.scene import MenuScene
from game.ui.settings import THEME

if TYPE_CHECKING:
    from game.ui.app import App


def demo_progress(app: App, solved: int = 4) -> None:
    """Some progress: the first puzzles of the first pack solved, the next one half done and
    last played."""
    packs = list_packs(levels_dir())
    if not packs:
        return
    entries = [entry for entry in read_entries(packs[0]) if entry.puzzle is not None]
    store = app.store
    for number, entry in enumerate(entries[:solved]):
        assert entry.key is not None
        store.mark_solved(entry.key, 47.0 + 23 * number, title=entry.name, path=str(entry.path))
    if len(entries) > solved:
        entry = entries[solved]
        assert entry.puzzle is not None and entry.key is not None
        session = Session(entry.puzzle)
        session.apply(Paint(0, 0, entry.puzzle.width - 1, 0, Cell.CROSSED))
        session.tick(31.0)
        store.save_session(entry.key, session.to_json(), title=entry.name, path=str(entry.path))
        store.set_last_played(entry.key, str(entry.path))


def _steps(app: App, frames: int = 3) -> None:
    for _ in range(frames):
        app.step(1 / 60)


def _shot_menu(app: App) -> None:
    demo_progress(app)
    # A fixed Thursday, solved as the last three days were: the daily line shows a streak.
    thursday = date(2025, 3, 13)
    for back, seconds in enumerate((252.0, 301.0, 188.0, 140.0)):
        app.store.mark_daily((thursday - timedelta(days=back)).isoformat(), seconds)
    app.push(MenuScene(app, today=lambda: thursday))
    _steps(app)


def _shot_menu_colour_daily(app: App) -> None:
    """A Saturday: the daily puzzle is in colour, and its button says so (issue 33)."""
    demo_progress(app)
    saturday = date(2025, 3, 15)
    app.push(MenuScene(app, today=lambda: saturday))
    _steps(app)


def _shot_options(app: App) -> None:
    app.push(OptionsScene(app))
    _steps(app, 1)


def _shot_controls(app: App) -> None:
    from game.ui.scenes.menu.controls import ControlsScene

    app.push(OptionsScene(app))
    app.push(ControlsScene(app))
    _steps(app, 1)


def _shot_menu_pad(app: App) -> None:
    """The menu after a pad's press: its help line names the pad's buttons."""
    from game.ui.input import synthetic

    _shot_menu(app)
    for event in synthetic.pad("dpdown"):
        app.feed(event)
    _steps(app)


def _shot_options_contrast(app: App) -> None:
    app.set_setting(THEME, "contrast")
    _shot_options(app)


def _shot_level_select(app: App) -> None:
    demo_progress(app)
    scene = LevelSelectScene(app)
    scene.wait_for_files()  # every pack read, with its "solved" count
    app.push(scene)
    _steps(app)


def _shot_level_select_dark(app: App) -> None:
    app.set_setting(THEME, "dark")
    _shot_level_select(app)


def _shot_random(app: App) -> None:
    demo_progress(app)
    scene = LevelSelectScene(app)
    scene.wait_for_files()
    app.push(scene)
    scene.open_random()
    _steps(app)


def _shot_random_generating(app: App) -> None:
    from game.core.generate.generator import Generation
    from game.ui.scenes.levels.generating import GeneratingScene

    _shot_random(app)
    generation = Generation(20, 20, 4, seed=2024)
    for _ in range(40):  # some work done: the counts are not zero
        generation.advance(0.0)
    app.push(GeneratingScene(app, generation, lambda made: None))
    _steps(app, 1)
    generation.cancel()  # the shot is taken; nothing more to make


def _shot_random_colour(app: App) -> None:
    """Random with a colour puzzle chosen (issue 33)."""
    _shot_random(app)
    scene = app.scenes[-1]
    assert isinstance(scene, LevelSelectScene)
    panel = scene.random
    panel.colour_buttons[2].activate()  # 4 colours
    _steps(app)


def _shot_random_small_picture(app: App) -> None:
    """Random's Picture at 10x10: pictures do not read there, and the panel says so (issue 46)."""
    _shot_random(app)
    scene = app.scenes[-1]
    assert isinstance(scene, LevelSelectScene)
    panel = scene.random
    panel.size_buttons[1].activate()  # 10x10
    panel.source_buttons[1].activate()  # Picture
    _steps(app)


def _shot_random_colour_play(app: App) -> None:
    """A generated colour puzzle (15x15, Medium, 4 colours) in play, a few cells filled."""
    from game.core.generate.generator import ColourGeneration
    from game.ui.opening import PlayContext

    made = ColourGeneration(15, 15, 2, 33, 4).run()
    app.play_puzzle(made.puzzle, context=PlayContext(pack="Random"))
    _steps(app)


SCREENSHOTS = {
    "menu": _shot_menu,
    "daily-colour-menu": _shot_menu_colour_daily,
    "options": _shot_options,
    "options-contrast": _shot_options_contrast,
    "controls": _shot_controls,
    "pad-menu": _shot_menu_pad,
    "level_select": _shot_level_select,
    "level_select-dark": _shot_level_select_dark,
    "random": _shot_random,
    "random-generating": _shot_random_generating,
    "random-small-picture": _shot_random_small_picture,
    "random-colour": _shot_random_colour,
    "random-colour-play": _shot_random_colour_play,
}
