"""Screenshots of the race screen for ``python -m game screenshot`` (see game/commands).

Both race the four algorithms on a generated 20x20 (level 5: our engine probes, the rules
need backtracking, the brute force is far behind): one mid-way, with two boards waiting at
the finish, and one at the finish, every board placed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.formats import read_puzzle
from game.core.puzzle import Puzzle
from game.resources import levels_dir
from game.ui.scenes.replay.race import RaceScene

if TYPE_CHECKING:
    from game.ui.app import App


def _puzzle() -> Puzzle:
    """Level select's 20x20 cupcake: every algorithm needs a while, none forever."""
    return read_puzzle(levels_dir() / "04-twenty" / "05-cupcake.non")


def _scene(
    app: App, algorithms: tuple[str, ...] = ("rows", "lines", "rules", "hanjie")
) -> RaceScene:
    scene = RaceScene(app, _puzzle(), algorithms, name="Cupcake")
    app.push(scene)
    return scene


def _shot_midway(app: App) -> None:
    scene = _scene(app)
    for _ in range(2000):
        app.step(1 / 60)
        if len(scene.race.order()) >= 2:
            break
    for _ in range(20):
        app.step(1 / 60)


def _shot_finish(app: App) -> None:
    scene = _scene(app)
    for _ in range(100_000):
        app.step(1 / 60)
        if scene.finished:
            break
    app.step(1 / 60)


SCREENSHOTS = {"race-midway": _shot_midway, "race-finish": _shot_finish}
