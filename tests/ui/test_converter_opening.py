"""Opening a photo in the converter is worked a slice a frame (issue 35, item 8): the screen
shows "Opening…" for a few frames and no frame holds the whole opening (it took ~100 ms of
CPU in one frame, benchmarks/frame_time.py's converter scenario)."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
from PIL import Image

from game.ui.app import App
from game.ui.scenes.converter.scene import ConverterScene

# The largest share of the opening's CPU time one frame may take. Sliced, no frame takes more
# than an eighth here (compiled or pure); whole, one frame took all of it. A share, not
# milliseconds: the suite runs beside itself on shared cores, where an absolute limit (45 ms)
# failed at 50 ms once. The milliseconds are benchmarks/frame_time.py's (20 ms target).
LARGEST_SHARE = 0.35


def test_opening_a_photo_takes_several_short_frames(tmp_path: Path) -> None:
    rng = np.random.default_rng(3)
    yy, xx = np.mgrid[0:400, 0:400]
    light = 128 + 60 * np.sin(xx / 23.0) * np.cos(yy / 31.0) + rng.normal(0, 40, (400, 400))
    path = tmp_path / "photo.png"
    Image.fromarray(np.clip(light, 0, 255).astype(np.uint8), "L").convert("RGB").save(path)
    app = App(headless=True)
    scene = ConverterScene(app, None)
    app.push(scene)
    app.step()
    scene._change_options(width=50, height=50)
    app.step()
    scene.open_path(path)
    frames: list[float] = []
    while scene.opening or not frames:
        started = time.process_time()
        app.step()
        frames.append(1000 * (time.process_time() - started))
        assert len(frames) < 500
    assert scene.document.mode == "image" and scene.document.options.method == "auto"
    assert scene.document.grid.shape == (50, 50)
    assert len(frames) >= 5, frames
    assert max(frames) <= LARGEST_SHARE * sum(frames), frames
