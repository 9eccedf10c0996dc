"""Opening a picture in the converter takes several frames (it is sliced, as every solve is):
tests step the app until it has opened."""

from __future__ import annotations

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene

OPEN_FRAMES = 400


def finish_opening(app: App, scene: ConverterScene | None = None) -> int:
    """Step ``app`` until the converter (``scene``, or the top scene) has opened what it was
    given; the frames it took. AssertionError when it never does."""
    for frame in range(1, OPEN_FRAMES + 1):
        app.step()
        top = scene if scene is not None else app.top
        if not (isinstance(top, ConverterScene) and top.opening):
            return frame
    raise AssertionError("the picture did not open")
