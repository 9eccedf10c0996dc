"""The converter's errors stay said, whole, until the player's next action."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.ui.app import App
from game.ui.input import Input, Kind
from game.ui.scenes.converter.scene import ConverterScene
from tests.ui.converter_helpers import finish_opening
from tests.ui.test_converter import _disc
from tests.ui.test_converter_photos import _open, _photo


def _drop_broken_level(app: App, scene: ConverterScene, path: Path) -> None:
    path.write_text("width 3\nheight 3\nrows\n1\n1\n1\ncolumns\n1\nx\n1\n")
    scene.handle(Input(Kind.DROP, text=str(path)))
    finish_opening(app, scene)


def _caption(scene: ConverterScene) -> list[str]:
    return scene.problem_lines


def test_an_error_over_a_photo_stays_whole_until_the_next_action(tmp_path: Path) -> None:
    app, scene = _open(_photo(tmp_path / "meadow.jpg"))
    name = "a level with a rather long name that a caption cannot hold on one line.non"
    _drop_broken_level(app, scene, tmp_path / name)
    said = scene.problem
    assert said.startswith(name) and "'x' is not a whole number" in said
    for _ in range(100):  # ten seconds: the toast is gone, the problem is not
        app.step(0.1)
    assert not app.toasts.items
    assert scene.problem == said
    assert " ".join(_caption(scene)) == said  # wrapped, every word of it
    assert len(_caption(scene)) > 1
    # The next action (a key, a click) puts the picture's own caption back.
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(2, 2), button=1))
    app.feed(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(2, 2), button=1))
    app.step()
    assert scene.problem == ""
    assert _caption(scene) == []


def test_an_error_over_a_drawing_stays_too(tmp_path: Path) -> None:
    app, scene = _open(_disc(tmp_path / "disc.png"))
    _drop_broken_level(app, scene, tmp_path / ("long name " * 8 + ".non"))
    for _ in range(100):
        app.step(0.1)
    assert scene.problem and " ".join(_caption(scene)) == scene.problem
