"""Idle is idle on the busy screens too: the replay and the converter ask for frames only
while something moves by itself (``Scene.wake_in``), so the real loop sleeps otherwise."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw

from game.core.puzzle import Puzzle
from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene
from game.ui.scenes.replay.scene import ReplayScene

HEART = Puzzle.from_grid(
    [[0, 1, 0, 1, 0], [1, 1, 1, 1, 1], [1, 1, 1, 1, 1], [0, 1, 1, 1, 0], [0, 0, 1, 0, 0]]
)


def test_the_replay_animates_while_it_plays_and_sits_still_when_done() -> None:
    app = App(headless=True)
    scene = ReplayScene(app, HEART)
    app.push(scene)
    app.step()
    assert scene.playing and app.wake_in() == 0.0
    for _ in range(3000):
        app.step(1 / 60)
        if scene.finished and scene.wake_in() is None:
            break
    assert scene.finished
    # Done and faded: only an event changes it, and pumped frames draw nothing.
    assert app.wake_in() is None
    assert not any(app.pump(1 / 60) for _ in range(60))
    # Restarted, it moves again.
    scene.restart()
    assert scene.wake_in() == 0.0


def _disc(path: Path) -> Path:
    image = Image.new("RGB", (200, 200), "white")
    ImageDraw.Draw(image).ellipse((40, 40, 159, 159), fill=(30, 30, 30))
    image.save(path)
    return path


def test_the_converter_works_in_frames_then_sits_still(tmp_path: Path) -> None:
    app = App(headless=True)
    empty = ConverterScene(app)
    app.push(empty)
    app.step()
    assert empty.wake_in() is None  # nothing opened: nothing moves
    scene = ConverterScene(app, _disc(tmp_path / "disc.png"))
    app.replace(scene)
    app.step()
    assert scene.wake_in() == 0.0  # opening, then checking
    for _ in range(2000):
        app.step()
        if not scene.opening and not scene.checking:
            break
    assert scene.fairness.report is not None
    assert scene.wake_in() is None
    assert not any(app.pump(1 / 60) for _ in range(60))
    # A focused title field blinks its caret: due at the next half second, not every frame.
    scene.focus.focus_widget(scene.title_input)
    wait = scene.wake_in()
    assert wait is not None and 0 < wait <= 0.5
