"""Screenshots of the converter screen for ``python -m game screenshot`` (see game/commands).

Each shot draws its own picture into a temporary folder (a synthetic photo, or a pixel cat
whose clues have two solutions), opens it in the converter and waits, frame by frame, until
the fairness report (and, for the ambiguous cat, the fix search) is done.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from game.ui.scenes.converter import ConverterScene

if TYPE_CHECKING:
    from game.ui.app import App


def _photo_like(path: Path) -> Path:
    """A synthetic photo for the docs: a lighthouse on a rock under a soft sky, with noise."""
    from PIL import Image, ImageDraw, ImageFilter

    width, height = 1200, 900
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height):
        t = y / height
        draw.line([(0, y), (width, y)], fill=(int(120 + 120 * t), int(170 + 70 * t), 235))
    draw.polygon([(0, 900), (0, 700), (250, 640), (520, 600), (800, 660), (1200, 720),
                  (1200, 900)], fill=(60, 60, 70))  # fmt: skip
    draw.polygon([(470, 640), (530, 260), (670, 260), (730, 640)], fill=(200, 40, 40))
    draw.rectangle((510, 370, 690, 420), fill=(245, 245, 245))
    draw.rectangle((490, 500, 710, 550), fill=(245, 245, 245))
    draw.rectangle((540, 180, 660, 260), fill=(40, 40, 40))
    draw.polygon([(520, 180), (600, 100), (680, 180)], fill=(40, 40, 40))
    draw.ellipse((150, 120, 300, 270), fill=(255, 240, 170))
    image = image.filter(ImageFilter.GaussianBlur(2))
    noise = np.random.default_rng(5).normal(0, 8, (height, width, 1))
    pixels = np.clip(np.asarray(image, dtype=np.float32) + noise, 0, 255).astype(np.uint8)
    Image.fromarray(pixels).save(path, quality=90)
    return path


def _settle(app: App, scene: ConverterScene, frames: int = 600) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        if not scene.opening and not scene.fairness.busy:
            break
    app.step(1 / 60)


def _shot_converter_photo(app: App) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hanjie-shot-"))
    scene = ConverterScene(app, _photo_like(folder / "lighthouse.jpg"))
    app.push(scene)
    scene.author_input.text = "Hanjie docs"
    _settle(app, scene)
    # As a player leaves it: 30x30, Auto (a photo's default) and a frame dragged around the
    # lighthouse, so the shot shows the framing outline and what Auto chose.
    scene._change_options(width=30, height=30, frame=(0.2, 0.05, 0.8, 0.85))
    _settle(app, scene)


CAT_WITH_A_BIRD = """
......#........
..#....#....#..
..##.......##..
..###.....###..
..###########..
.#############.
.###.#####.###.
.####.###.####.
.#############.
.######.######.
..###########..
...##.....##...
....#######....
.....#####.....
...............
"""


def _ambiguous_picture(path: Path) -> Path:
    """A cat and a little bird of two diagonal dots above it: the clues cannot tell which
    diagonal the bird is on, so the puzzle has two solutions."""
    from PIL import Image, ImageDraw

    rows = CAT_WITH_A_BIRD.split()
    cell = 24
    image = Image.new("RGB", (len(rows[0]) * cell, len(rows) * cell), (250, 244, 228))
    draw = ImageDraw.Draw(image)
    for y, row in enumerate(rows):
        for x, mark in enumerate(row):
            if mark == "#":
                colour = (70, 60, 150) if y < 2 else (60, 52, 48)
                draw.rectangle((x * cell, y * cell, x * cell + cell - 1, y * cell + cell - 1),
                               fill=colour)  # fmt: skip
    image.save(path)
    return path


def _shot_converter_ambiguous(app: App) -> None:
    folder = Path(tempfile.mkdtemp(prefix="hanjie-shot-"))
    scene = ConverterScene(app, _ambiguous_picture(folder / "cat_and_bird.png"))
    app.push(scene)
    scene.author_input.text = "Hanjie docs"
    _settle(app, scene)
    scene._change_options(width=15, height=15)
    _settle(app, scene)
    app.step(1 / 60)


def _shot_converter_fair(app: App) -> None:
    """The ambiguous cat after one click on Make it fair: the changed cells outlined."""
    _shot_converter_ambiguous(app)
    scene = app.scenes[-1]
    assert isinstance(scene, ConverterScene)
    if scene.report is not None and scene.report.status == "multiple":
        scene.make_fair()
        _settle(app, scene, frames=3000)
    app.step(1 / 60)


SCREENSHOTS = {
    "converter_photo": _shot_converter_photo,
    "converter_ambiguous": _shot_converter_ambiguous,
    "converter_fair": _shot_converter_fair,
}
