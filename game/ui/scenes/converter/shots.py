"""Screenshots of the converter screen for ``python -m game screenshot`` (see game/commands).

Each shot draws its own picture into a temporary folder (a synthetic photo, or a pixel cat
whose clues have two solutions), opens it in the converter and waits, frame by frame, until
the fairness report is done.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from game.ui.scenes.converter.scene import ConverterScene

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


def _portrait(path: Path) -> Path:
    """A synthetic head-and-shoulders photo off-centre on a busy background (flag stripes on
    the left, a grey-blue wall on the right), for the automatic frame."""
    from PIL import Image, ImageDraw, ImageFilter

    width, height = 1200, 900
    image = Image.new("RGB", (width, height), (120, 130, 150))
    draw = ImageDraw.Draw(image)
    for x in range(0, width // 2, 60):
        draw.rectangle((x, 0, x + 29, height), fill=(190, 30, 40))
        draw.rectangle((x + 30, 0, x + 59, height), fill=(235, 235, 235))
    cx, cy = 800, 290
    draw.polygon([(cx - 290, height), (cx - 220, cy + 210), (cx + 220, cy + 210),
                  (cx + 290, height)], fill=(235, 105, 35))  # fmt: skip
    draw.rectangle((cx - 60, cy + 120, cx + 60, cy + 230), fill=(25, 25, 25))  # a collar
    draw.ellipse((cx - 130, cy - 165, cx + 130, cy + 90), fill=(35, 25, 20))  # dark hair
    draw.ellipse((cx - 90, cy - 105, cx + 90, cy + 140), fill=(222, 172, 140))  # face
    for ex in (cx - 38, cx + 38):
        draw.ellipse((ex - 13, cy - 15, ex + 13, cy + 6), fill=(40, 30, 30))
    draw.arc((cx - 40, cy + 40, cx + 40, cy + 95), 20, 160, fill=(120, 40, 40), width=8)
    image = image.filter(ImageFilter.GaussianBlur(3))
    # Light from the upper left and grain, as a photo has (and as a drawing has not).
    light = (
        np.linspace(1.1, 0.8, width)[None, :, None] * np.linspace(1.05, 0.9, height)[:, None, None]
    )
    noise = np.random.default_rng(7).normal(0, 9, (height, width, 1))
    pixels = np.asarray(image, dtype=np.float32) * light + noise
    Image.fromarray(np.clip(pixels, 0, 255).astype(np.uint8)).save(path, quality=90)
    return path


def _settle(app: App, scene: ConverterScene, frames: int = 600) -> None:
    for _ in range(frames):
        app.step(1 / 60)
        if not scene.opening and not scene.fairness.busy and not scene.colour_part.busy:
            break
    app.step(1 / 60)


def _opened(app: App, make: Callable[[Path], Path], name: str) -> ConverterScene:
    """The converter on a picture ``make`` writes (as ``name`` in a new folder), settled."""
    scene = ConverterScene(app, make(Path(tempfile.mkdtemp(prefix="hanjie-shot-")) / name))
    app.push(scene)
    scene.author_input.text = "Hanjie docs"
    _settle(app, scene)
    return scene


def _shot_converter_photo(app: App) -> None:
    scene = _opened(app, _photo_like, "lighthouse.jpg")
    # As a player leaves it: 30x30, Auto (a photo's default) and a frame dragged around the
    # lighthouse, so the shot shows the framing outline and what Auto chose.
    scene._change_options(width=30, height=30, frame=(0.2, 0.05, 0.8, 0.85))
    _settle(app, scene)


def _shot_converter_face(app: App) -> None:
    """A portrait as it opens: framed on the face (the tag on the frame says so), 30x30."""
    scene = _opened(app, _portrait, "portrait.jpg")
    scene._change_options(width=30, height=30)
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
    scene = _opened(app, _ambiguous_picture, "cat_and_bird.png")
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


def _shot_converter_colour(app: App) -> None:
    """The lighthouse in colour: Auto's palette as swatches, the preview in its colours at
    the cell size play will use."""
    scene = _opened(app, _photo_like, "lighthouse.jpg")
    scene._change_options(width=30, height=30, frame=(0.2, 0.05, 0.8, 0.85), colours="auto")
    _settle(app, scene)


def _shot_converter_palette(app: App) -> None:
    """Palette editing: the lighter sky merged into the background, the last swatch chosen
    and the recolour picker open over the preview (the next shot: it recoloured)."""
    _shot_converter_colour(app)
    scene = app.scenes[-1]
    assert isinstance(scene, ConverterScene)
    swatches = scene.document.swatches
    if len(swatches) > 3:  # the colour nearest the background (the lighter sky) into it
        sky = swatches[0].rgb
        nearest = min(
            swatches[1:], key=lambda s: sum((a - b) ** 2 for a, b in zip(s.rgb, sky, strict=True))
        )
        scene.colour_part.pick(nearest.label)
        scene.colour_part._merge_clicked()
        scene.colour_part.pick(swatches[0].label)
        _settle(app, scene)
    scene.colour_part.pick(scene.document.swatches[-1].label)
    scene.colour_part._recolour_clicked()
    app.step(1 / 60)


def _shot_converter_recoloured(app: App) -> None:
    """After the picker: the chosen swatch recoloured, the preview in the new colour."""
    _shot_converter_palette(app)
    scene = app.scenes[-1]
    assert isinstance(scene, ConverterScene)
    scene.colour_part._recoloured((60, 160, 70))
    _settle(app, scene)


def _shot_converter_colour_ambiguous(app: App) -> None:
    """The cat and bird in 3 colours (issue 33): the cells whose colour is not forced are
    hatched and counted."""
    scene = _opened(app, _ambiguous_picture, "cat_and_bird.png")
    scene._change_options(width=15, height=15, colours=3)
    _settle(app, scene)
    app.step(1 / 60)


def _shot_converter_colour_fair(app: App) -> None:
    """The colour cat after one click on Make it fair: the recoloured cells outlined."""
    _shot_converter_colour_ambiguous(app)
    scene = app.scenes[-1]
    assert isinstance(scene, ConverterScene)
    if scene.report is not None and scene.report.status == "multiple":
        scene.make_fair()
        _settle(app, scene, frames=3000)
    app.step(1 / 60)


def _cat_file(path: Path) -> Path:
    """The cat (without its bird) as a puzzle file, as a book's puzzle typed in."""
    import numpy as np

    from game.core.formats import write_puzzle
    from game.core.puzzle import Puzzle

    rows = CAT_WITH_A_BIRD.split()[2:]
    grid = np.array([[mark == "#" for mark in row] for row in rows], dtype=bool)
    write_puzzle(Puzzle.from_grid(grid, title="Cat", author="A puzzle book"), path)
    return path


def _shot_converter_puzzle_file(app: App) -> None:
    """A puzzle file opened in Create: its picture veiled until asked (issue 35)."""
    _opened(app, _cat_file, "cat.non")


def _insect_on_leaves(path: Path) -> Path:
    """A small red-orange insect on a stem across blurred leaves in many greens (issue 47's
    ladybird, drawn: under 0.5% of the picture)."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = np.random.default_rng(5)
    width, height = 1280, 800
    image = Image.new("RGB", (width, height), (80, 120, 45))
    draw = ImageDraw.Draw(image)
    for _ in range(1800):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        green = (int(rng.integers(50, 170)), int(rng.integers(90, 200)), int(rng.integers(20, 90)))
        draw.ellipse((x, y, x + rng.uniform(40, 120), y + rng.uniform(16, 50)), fill=green)
    image = image.filter(ImageFilter.GaussianBlur(10))  # the lens's bokeh behind the stem
    draw = ImageDraw.Draw(image)
    draw.line((0, 520, width, 300), fill=(150, 200, 90), width=16)
    draw.ellipse((840, 346, 912, 400), fill=(215, 70, 15))  # the insect
    draw.ellipse((896, 356, 916, 390), fill=(20, 20, 20))  # its head
    for spot in ((856, 360), (876, 378), (866, 350)):
        draw.ellipse((spot[0], spot[1], spot[0] + 9, spot[1] + 9), fill=(25, 20, 20))
    image = image.filter(ImageFilter.GaussianBlur(2))
    noise = rng.normal(0, 4, (height, width, 3))
    Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8)).save(path)
    return path


def _shot_converter_small_subject(app: App) -> None:
    """Auto colours on a photo of a small insect: the zoom on it, said on its frame, and its
    red kept as a colour of its own (issue 47)."""
    scene = _opened(app, _insect_on_leaves, "insect.png")
    scene._change_options(width=30, height=30)
    _settle(app, scene)
    scene._change_options(colours="auto")
    _settle(app, scene)


SCREENSHOTS = {
    "converter_small_subject": _shot_converter_small_subject,
    "converter_photo": _shot_converter_photo,
    "converter_puzzle_file": _shot_converter_puzzle_file,
    "converter_face": _shot_converter_face,
    "converter_ambiguous": _shot_converter_ambiguous,
    "converter_fair": _shot_converter_fair,
    "converter_colour": _shot_converter_colour,
    "converter_palette": _shot_converter_palette,
    "converter_recoloured": _shot_converter_recoloured,
    "converter_colour_ambiguous": _shot_converter_colour_ambiguous,
    "converter_colour_fair": _shot_converter_colour_fair,
}
