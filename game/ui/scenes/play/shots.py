"""Screenshots of the play screen for ``python -m game screenshot`` (see game/commands).

Each shot builds a puzzle from a small drawn picture, plays part of it the way a player would
(whole lines filled and crossed, a few trial marks, the cursor somewhere), and leaves the app
on the frame to capture.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from game.core.board import Cell, fill_value
from game.core.palette import Palette
from game.core.play.moves import Paint
from game.core.puzzle import Puzzle
from game.core.store.packs import PackPlace
from game.ui.input import synthetic
from game.ui.scenes.play.scene import REVEAL_SECONDS, PlayScene
from game.ui.settings import COLOUR_SYMBOLS, PLAY_PANEL

if TYPE_CHECKING:
    from game.ui.app import App

BoolGrid = npt.NDArray[np.bool_]

HEART_ROWS = (".#.#.", "#####", "#####", ".###.", "..#..")


def heart() -> Puzzle:
    return Puzzle.from_grid([[c == "#" for c in row] for row in HEART_ROWS], title="Heart")


def mushroom() -> Puzzle:
    """20x20: a spotted mushroom cap on a stem, in grass."""
    yy, xx = np.mgrid[0:20, 0:20].astype(float)
    cap = (((xx - 9.5) / 9.6) ** 2 + ((yy - 9.5) / 8.2) ** 2 <= 1.0) & (yy <= 9)
    spots = np.zeros((20, 20), dtype=bool)
    for cx, cy, r in ((5.5, 6.0, 1.6), (12.0, 4.0, 1.8), (14.8, 7.6, 1.2), (8.8, 8.6, 1.0)):
        spots |= (xx - cx) ** 2 + (yy - cy) ** 2 <= r * r
    stem = (xx >= 7) & (xx <= 12) & (yy >= 10) & (yy <= 17)
    grass = (yy >= 18) & (((xx + 2 * (yy - 18)) % 3) != 0)
    picture: BoolGrid = (cap & ~spots) | stem | grass
    picture[10, 7:13] = False  # the gill line under the cap
    return Puzzle.from_grid(picture, title="Mushroom")


def sailboat() -> Puzzle:
    """30x30: a sailboat with two sails under the sun, on waves."""
    yy, xx = np.mgrid[0:30, 0:30].astype(float)
    sun = (xx - 24.5) ** 2 + (yy - 4.5) ** 2 <= 3.3**2
    main_sail = (yy >= 3) & (yy <= 19) & (xx <= 14) & (xx >= 14 - (yy - 3) * 0.5)
    jib = (yy >= 6) & (yy <= 19) & (xx >= 16) & (xx <= 16 + (yy - 6) * 0.55)
    mast = (xx == 15) & (yy >= 1) & (yy <= 20)
    hull = (yy >= 21) & (yy <= 24) & (xx >= 4 + (yy - 21)) & (xx <= 26 - (yy - 21))
    waves = (yy >= 26) & (np.sin(xx * 0.8 + yy * 1.7) > 0.1)
    picture: BoolGrid = sun | main_sail | jib | mast | hull | waves
    return Puzzle.from_grid(picture, title="Sailboat")


FLOWER_ROWS = (
    "....................",
    ".......rrrrr........",
    ".....rrrrrrrrr......",
    "....rrrryyyrrrr.....",
    "....rrryyyyyrrr.....",
    "....rrryyyyyrrr.....",
    "....rrrryyyrrrr.....",
    ".....rrrrrrrrr......",
    ".......rrrrr........",
    ".........g..........",
    "...gg....g....gg....",
    "..gggg...g...gggg...",
    "...gggg..g..gggg....",
    ".....gggggggggg.....",
    ".........g..........",
    "....bbbbbbbbbbbb....",
    "....kkkkkkkkkkkk....",
    ".....bbbbbbbbbb.....",
    "......bbbbbbbb......",
    ".......bbbbbb.......",
)
FLOWER_PALETTE = Palette.of(
    ("white", (255, 255, 255)),
    ("red", (214, 48, 49)),
    ("yellow", (246, 200, 40)),
    ("green", (46, 150, 70)),
    ("brown", (150, 90, 40)),
    ("black", (40, 40, 48)),
)


def flower() -> Puzzle:
    """20x20 in five colours: a red flower with a yellow heart in a brown pot."""
    keys = " rygbk"
    grid = [[keys.index(ch) if ch != "." else 0 for ch in row] for row in FLOWER_ROWS]
    return Puzzle.from_colour_grid(grid, FLOWER_PALETTE, title="Flower")


def paint_colour_lines(scene: PlayScene, rows: Iterable[int], columns: Iterable[int]) -> None:
    """Paint whole lines of a colour puzzle as the picture has them (crosses the background)."""
    goal = np.asarray(scene.puzzle.goal_colours)
    cells = [(x, y) for y in rows for x in range(scene.puzzle.width)]
    cells += [(x, y) for x in columns for y in range(scene.puzzle.height)]
    for x, y in cells:
        scene.session.apply(Paint(x, y, x, y, fill_value(int(goal[y, x]))))


def _mark_lines(scene: PlayScene, rows: Iterable[int], columns: Iterable[int]) -> None:
    """Fill and cross whole lines exactly as the picture has them."""
    goal = scene.puzzle.goal_array()
    assert goal is not None
    session = scene.session
    for y in rows:
        for x in range(scene.puzzle.width):
            state = Cell.FILLED if goal[y, x] else Cell.CROSSED
            session.apply(Paint(x, y, x, y, state))
    for x in columns:
        for y in range(scene.puzzle.height):
            state = Cell.FILLED if goal[y, x] else Cell.CROSSED
            session.apply(Paint(x, y, x, y, state))


def _mark_trial(scene: PlayScene, cells: Iterable[tuple[int, int]]) -> None:
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for x, y in cells:
        state = Cell.TRIAL_FILLED if goal[y, x] else Cell.TRIAL_CROSSED
        scene.session.apply(Paint(x, y, x, y, state))


def _open(app: App, puzzle: Puzzle, pack: str, number: int) -> PlayScene:
    """Play ``puzzle`` as puzzle ``number`` of ``pack``, not solved yet: the header numbers it."""
    scene = PlayScene(app, puzzle, pack=pack, place=PackPlace(pack, number))
    app.push(scene)
    app.step()
    return scene


def _settle(app: App, seconds: float = 0.5) -> None:
    for _ in range(max(1, round(seconds * 60))):
        app.step(1 / 60)


def _shot_5x5(app: App) -> None:
    scene = _open(app, heart(), "First steps", 12)
    _mark_lines(scene, rows=[1], columns=[0])
    scene.session.apply(Paint(4, 0, 4, 0, Cell.CROSSED))
    scene.trial_mode = True
    _mark_trial(scene, [(1, 3), (2, 3), (3, 3), (4, 3)])
    scene.session.apply(Paint(3, 0, 3, 0, Cell.FILLED))
    scene.after_change()
    scene.cursor = (2, 2)
    scene.session.elapsed = 47.0
    _settle(app, 0.1)


def _shot_20x20_scene(app: App) -> PlayScene:
    scene = _open(app, mushroom(), "Twenty", 9)
    _mark_lines(scene, rows=range(0, 6), columns=[0, 1, 2, 18, 19])
    _mark_trial(scene, [(x, 12) for x in range(5, 14)])
    scene.after_change()
    scene.session.elapsed = 125.0  # two minutes into the game
    return scene


def _shot_20x20(app: App) -> None:
    scene = _shot_20x20_scene(app)
    # A drag in progress: the translucent preview across row 9.
    start = scene.layout.cell_box(4, 9).centre
    end = scene.layout.cell_box(15, 9).centre
    app.feed(synthetic.button(start, down=True))
    app.feed(synthetic.move(end, buttons=(1, 0, 0)))
    _settle(app, 0.2)


def _shot_30x30(app: App) -> None:
    scene = _open(app, sailboat(), "Thirty", 6)
    _mark_lines(scene, rows=[*range(0, 8), 21, 22], columns=[*range(0, 4), 29])
    _mark_trial(scene, [(x, y) for y in (12, 13) for x in range(8, 18)])
    scene.after_change()
    scene.cursor = (15, 12)
    scene.check()
    scene.session.elapsed = 8 * 60 + 20.0
    _settle(app, 0.1)


def _shot_30x30_collapsed(app: App) -> None:
    """The 30x30 with the side panel hidden (P): the board takes the room."""
    app.set_setting(PLAY_PANEL, False)
    _shot_30x30(app)


def _shot_drag_counter(app: App) -> None:
    """Zoomed in on a 30x30 with the panel hidden, a long stroke under way: the counter by
    the pointer says how many cells it covers."""
    app.set_setting(PLAY_PANEL, False)
    scene = _open(app, sailboat(), "Thirty", 6)
    _mark_lines(scene, rows=[*range(0, 8)], columns=[*range(0, 4)])
    scene.after_change()
    scene.session.elapsed = 5 * 60 + 3.0
    scene.zoom_centre(1)
    start = scene.layout.cell_box(6, 16).centre
    end = scene.layout.cell_box(17, 16).centre
    app.feed(synthetic.move(start))
    app.feed(synthetic.button(start, down=True))
    app.feed(synthetic.move(end, buttons=(1, 0, 0)))
    _settle(app, 0.1)


def _shot_win(app: App) -> None:
    puzzle = mushroom()
    scene = PlayScene(
        app, puzzle, pack="Twenty", place=PackPlace("Twenty", 9), next_puzzles=[sailboat()]
    )
    app.push(scene)
    app.step()
    goal = puzzle.goal_array()
    assert goal is not None
    scene.session.elapsed = 4 * 60 + 12.0
    last = (9, 15)
    for y, x in np.argwhere(goal).tolist():
        if (x, y) != last:
            scene.session.apply(Paint(x, y, x, y, Cell.FILLED))
    for y, x in np.argwhere(~goal).tolist():
        if (x + y) % 3:
            scene.session.apply(Paint(x, y, x, y, Cell.CROSSED))
    scene.after_change()
    centre = scene.layout.cell_box(*last).centre
    for event in synthetic.click(centre):
        app.feed(event)
    _settle(app, REVEAL_SECONDS + 0.6)


def _shot_pause(app: App) -> None:
    scene = _open(app, mushroom(), "Twenty", 9)
    _mark_lines(scene, rows=range(0, 4), columns=[])
    scene.after_change()
    scene.session.elapsed = 95.0
    for event in synthetic.key("escape"):
        app.feed(event)
    _settle(app, 0.1)


def _shot_contrast(app: App) -> None:
    app.set_setting("theme", "contrast")
    _shot_5x5(app)


def _shot_colour_20x20(app: App) -> None:
    """A 20x20 colour game mid-play: lines painted, a trial mark, green the chosen colour."""
    scene = _open(app, flower(), "Colour", 3)
    paint_colour_lines(scene, rows=range(0, 5), columns=[0, 1, 9, 18, 19])
    goal = np.asarray(scene.puzzle.goal_colours)
    for x in range(3, 9):
        scene.session.apply(Paint(x, 11, x, 11, fill_value(int(goal[11, x]), trial=True)))
    scene.after_change()
    scene.colour = 3
    scene.cursor = (12, 13)
    scene.session.elapsed = 3 * 60 + 40.0
    _settle(app, 0.1)


def _shot_colour_symbols(app: App) -> None:
    """The same game with the colour-blind option on: a symbol per colour."""
    app.set_setting(COLOUR_SYMBOLS, True)
    _shot_colour_20x20(app)


def _shot_colour_win(app: App) -> None:
    scene = _open(app, flower(), "Colour", 3)
    goal = np.asarray(scene.puzzle.goal_colours)
    scene.session.elapsed = 6 * 60 + 2.0
    for y, x in np.argwhere(goal > 0).tolist():
        if (x, y) != (9, 14):
            scene.session.apply(Paint(x, y, x, y, fill_value(int(goal[y, x]))))
    scene.after_change()
    scene.colour = 3
    centre = scene.layout.cell_box(9, 14).centre
    for event in synthetic.click(centre):
        app.feed(event)
    _settle(app, REVEAL_SECONDS + 0.6)


def _shot_daily_win(app: App, helped: bool = False) -> None:
    """A daily puzzle won: the header names its picture (issue 46); ``helped``: the
    solver's answer was watched to the end first, so the win sets no best time."""
    from datetime import date

    from game.core.generate.daily import plan_for
    from game.core.generate.daily_making import make_daily
    from game.core.generate.files import cover_place

    puzzle = make_daily(plan_for(date(2026, 12, 10))).puzzle  # a Thursday: 15x15 Hard
    scene = PlayScene(app, puzzle, pack="Daily puzzle", place=cover_place(puzzle))
    app.push(scene)
    app.step()
    scene.session.answer_shown = helped
    goal = puzzle.goal_array()
    assert goal is not None
    scene.session.elapsed = 7 * 60 + 31.0
    cells = np.argwhere(goal).tolist()
    for y, x in cells[:-1]:
        scene.session.apply(Paint(x, y, x, y, Cell.FILLED))
    scene.after_change()
    last_y, last_x = cells[-1]
    centre = scene.layout.cell_box(last_x, last_y).centre
    for event in synthetic.click(centre):
        app.feed(event)
    _settle(app, REVEAL_SECONDS + 0.6)


def _shot_helped_win(app: App) -> None:
    _shot_daily_win(app, helped=True)


def _shot_pad(app: App) -> None:
    """The 20x20 game after a pad's press: the help line names the pad's buttons."""
    _shot_20x20_scene(app)
    for event in synthetic.pad("dpright"):
        app.feed(event)
    _settle(app, 0.1)


def _shot_touch(app: App) -> None:
    """The 20x20 game after a finger's tap: the help line names the gestures."""
    scene = _shot_20x20_scene(app)
    centre = scene.layout.cell_box(19, 19).centre
    for kind in ("down", "up"):
        app.feed(synthetic.finger(kind, 1, centre, app.screen_size))
    _settle(app, 0.1)


SCREENSHOTS = {
    "play-daily-win": _shot_daily_win,
    "play-helped-win": _shot_helped_win,
    "pad-play": _shot_pad,
    "touch-play": _shot_touch,
    "play-5x5": _shot_5x5,
    "play-20x20": _shot_20x20,
    "play-30x30": _shot_30x30,
    "play-30x30-collapsed": _shot_30x30_collapsed,
    "play-drag-counter": _shot_drag_counter,
    "play-win": _shot_win,
    "play-pause": _shot_pause,
    "play-5x5-contrast": _shot_contrast,
    "play-colour-20x20": _shot_colour_20x20,
    "play-colour-symbols": _shot_colour_symbols,
    "play-colour-win": _shot_colour_win,
}
