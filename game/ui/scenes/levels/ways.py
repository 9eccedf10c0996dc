"""Where the select screens lead: every other screen they open, in one place.

The scene modules are imported here inside the functions, as they were inside the select
screens before: the play and replay screens are large and a select screen may never need
them, and the two select screens lead to each other. (The navigation has one place of its
own to go to later; until then it is gathered here.)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.core.kakuro.model import KakuroPuzzle
    from game.core.puzzle import Puzzle
    from game.core.store.packs import PackPlace
    from game.ui.app import App


def to_level_select(app: App) -> None:
    """The nonogram packs: back to the select screen under this one, if any."""
    from game.ui.scenes.levels.select import LevelSelectScene

    if app.find(LevelSelectScene) is not None:
        app.pop_to(LevelSelectScene)
    else:
        app.replace(LevelSelectScene(app))


def to_kakuro_select(app: App) -> None:
    """The Kakuro packs: back to the select screen under this one, if any."""
    from game.ui.scenes.kakuro.select import KakuroSelectScene

    if app.find(KakuroSelectScene) is not None:
        app.pop_to(KakuroSelectScene)
    else:
        app.replace(KakuroSelectScene(app))


def watch_nonogram(app: App, puzzle: Puzzle, name: str) -> None:
    """The solver's replay of a nonogram."""
    from game.ui.scenes.replay.scene import ReplayScene

    app.push(ReplayScene(app, puzzle, name=name))


def watch_kakuro(app: App, puzzle: KakuroPuzzle, name: str) -> None:
    """The solver's replay of a Kakuro."""
    from game.ui.scenes.kakuro.replay import KakuroReplayScene

    app.push(KakuroReplayScene(app, puzzle, name=name))


def play_kakuro(
    app: App,
    puzzle: KakuroPuzzle,
    path: Path | None,
    pack: str | None,
    place: PackPlace | None,
    next_puzzles: Sequence[Path | tuple[KakuroPuzzle, Path]],
) -> None:
    """Play a Kakuro; over a Kakuro game already open it replaces it."""
    from game.ui.scenes.kakuro.play import KakuroPlayScene

    scene = KakuroPlayScene(app, puzzle, path, pack, place, next_puzzles)
    if isinstance(app.top, KakuroPlayScene):
        app.replace(scene)
    else:
        app.push(scene)
