"""Screenshots of the lesson, the teaching hint and the win reveal for ``hanjie screenshot``
(docs/lesson-*.png, docs/play-teaching-hint.png, docs/play-hint-15x15.png and
docs/win-reveal.png were captured by hand under Xvfb; these make them again)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from game.core.board import Cell
from game.core.formats import read_puzzle
from game.core.play.moves import Paint
from game.core.store.packs import PackPlace
from game.resources import levels_dir
from game.ui.input import synthetic
from game.ui.scenes.play.lesson import LessonScene
from game.ui.scenes.play.scene import REVEAL_SECONDS, PlayScene
from game.ui.scenes.play.shots import flower, mushroom, paint_colour_lines, sailboat

if TYPE_CHECKING:
    from game.ui.app import App


def _settle(app: App, seconds: float) -> None:
    for _ in range(max(1, round(seconds * 60))):
        app.step(1 / 60)


def _lesson(app: App, lesson: int, step: int) -> None:
    scene = LessonScene(app)
    app.push(scene)
    app.step()
    while (scene.run.lesson_index, scene.run.step_index) < (lesson, step):
        scene.skip()
    _settle(app, 0.2)


def _shot_lesson_first_steps(app: App) -> None:
    _lesson(app, 0, 0)


def _shot_lesson_overlap(app: App) -> None:
    _lesson(app, 1, 1)


def _bundled(pack: str, name: str, number: int, app: App) -> PlayScene:
    """A bundled level played with its whole first rows filled, as a player starts."""
    puzzle = read_puzzle(levels_dir() / pack / name)
    title = pack.split("-", 1)[1].replace("-", " ").capitalize()
    scene = PlayScene(app, puzzle, pack=title, place=PackPlace(title, number))
    app.push(scene)
    app.step()
    return scene


def _fill_rows(scene: PlayScene, rows: range) -> None:
    goal = scene.puzzle.goal_array()
    assert goal is not None
    for y in rows:
        for x in range(scene.puzzle.width):
            if goal[y, x]:
                scene.session.apply(Paint(x, y, x, y, Cell.FILLED))
    scene.after_change()


def _hint(app: App, scene: PlayScene, seconds: float) -> None:
    for event in synthetic.key("h"):
        app.feed(event)
    _settle(app, seconds)


def _shot_teaching_hint(app: App) -> None:
    scene = _bundled("02-ten-by-ten", "01-envelope.non", 1, app)
    _fill_rows(scene, range(2))
    scene.session.elapsed = 10.0
    _hint(app, scene, 0.2)


def _shot_hint_15x15(app: App) -> None:
    scene = _bundled("03-fifteen", "01-" + _first_name("03-fifteen"), 1, app)
    scene.session.elapsed = 42.0
    _hint(app, scene, 0.35)  # mid-animation


def _shot_colour_hint(app: App) -> None:
    """A colour game's hint, "show me" mid-way: the runs slide and the cells it gives are
    previewed in their colour."""
    scene = PlayScene(app, flower(), pack="Colour", place=PackPlace("Colour", 3))
    app.push(scene)
    app.step()
    paint_colour_lines(scene, rows=range(0, 3), columns=[0, 1, 18, 19])
    scene.after_change()
    scene.session.elapsed = 95.0
    _hint(app, scene, 0.1)
    for event in synthetic.key("s"):
        app.feed(event)
    _settle(app, 0.9)


def _first_name(pack: str) -> str:
    first = sorted(path.name for path in (levels_dir() / pack).glob("01-*.non"))[0]
    return first.removeprefix("01-")


def _shot_win_reveal(app: App) -> None:
    puzzle = mushroom()
    scene = PlayScene(
        app, puzzle, pack="Twenty", place=PackPlace("Twenty", 9), next_puzzles=[sailboat()]
    )
    app.push(scene)
    app.step()
    goal = puzzle.goal_array()
    assert goal is not None
    last = (9, 15)
    for y, x in np.argwhere(goal).tolist():
        if (x, y) != last:
            scene.session.apply(Paint(x, y, x, y, Cell.FILLED))
    scene.after_change()
    centre = scene.layout.cell_box(*last).centre
    app.feed(synthetic.button(centre, down=True))
    app.feed(synthetic.button(centre, down=False))
    scene.session.elapsed = 4 * 60 + 12.0
    _settle(app, REVEAL_SECONDS * 0.45)  # mid-wave


SCREENSHOTS = {
    "lesson-first-steps": _shot_lesson_first_steps,
    "lesson-overlap": _shot_lesson_overlap,
    "play-teaching-hint": _shot_teaching_hint,
    "play-hint-15x15": _shot_hint_15x15,
    "play-colour-hint": _shot_colour_hint,
    "win-reveal": _shot_win_reveal,
}
