"""Auto finds the subject: saliency, the frame around a salient object, and Auto's choice."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
from PIL import Image, ImageDraw, ImageFilter

from game.core.convert.auto import salient_contrast
from game.core.convert.converter import Converter
from game.core.convert.first_look import defaults_for
from game.core.convert.frame import subject_frame
from game.core.convert.load import source_from_image
from game.core.convert.options import ConvertOptions
from game.core.convert.saliency import (
    coarse_cells,
    saliency_map,
    salient_frame,
    salient_object,
)

# The bird's box in the picture (x0, y0, x1, y1), off-centre on the left.
BIRD = (90, 110, 190, 200)


def _bird_in_grass(size: tuple[int, int] = (600, 400), seed: int = 3) -> Image.Image:
    """A small red bird (a body and a head) standing off-centre in textured grass under a
    pale sky: blades of green and yellow-green everywhere below the horizon, a lens's blur
    and noise."""
    rng = np.random.default_rng(seed)
    width, height = size
    image = Image.new("RGB", size, (190, 210, 230))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, height // 4, width, height), fill=(70, 120, 40))
    for _ in range(3000):
        x, y = rng.uniform(0, width), rng.uniform(height // 4, height)
        green = (int(rng.integers(40, 120)), int(rng.integers(90, 170)), int(rng.integers(20, 60)))
        draw.line((x, y, x + rng.uniform(-3, 3), y - rng.uniform(6, 16)), fill=green, width=2)
    x0, y0, x1, y1 = BIRD
    draw.ellipse((x0, y0 + 25, x1 - 20, y1), fill=(200, 40, 35))  # body
    draw.ellipse((x1 - 45, y0, x1, y0 + 45), fill=(210, 50, 40))  # head
    draw.ellipse((x1 - 22, y0 + 15, x1 - 14, y0 + 23), fill=(20, 20, 20))  # eye
    image = image.filter(ImageFilter.GaussianBlur(1))
    noise = rng.normal(0, 5, (height, width, 3))
    return Image.fromarray(np.clip(np.asarray(image) + noise, 0, 255).astype(np.uint8))


def test_the_saliency_map_lights_the_object_not_the_grass() -> None:
    source = source_from_image(_bird_in_grass())
    saliency = saliency_map(coarse_cells(source.rgb))
    rows, columns = saliency.shape
    x0, y0, x1, y1 = BIRD
    bird = saliency[round(y0 / 400 * rows) + 2 : round(y1 / 400 * rows) - 1,
                    round(x0 / 600 * columns) + 2 : round(x1 / 600 * columns) - 2]  # fmt: skip
    grass = saliency[round(0.5 * rows) :, round(0.5 * columns) :]
    assert float(bird.mean()) > 2.5 * float(grass.mean())
    found = salient_object(saliency)
    assert found is not None and found.share < 0.1 and found.sides == 0


def test_a_small_object_on_texture_is_framed_on() -> None:
    source = source_from_image(_bird_in_grass())
    for width, height in ((30, 30), (40, 30), (20, 30)):
        frame = subject_frame(source, width, height)
        assert frame is not None
        fx0, fy0, fx1, fy1 = frame
        # The frame holds the whole bird...
        assert fx0 * 600 <= BIRD[0] and fx1 * 600 >= BIRD[2]
        assert fy0 * 400 <= BIRD[1] and fy1 * 400 >= BIRD[3]
        # ... is much smaller than the picture, and has the grid's shape.
        assert (fx1 - fx0) * (fy1 - fy0) < 0.3
        assert abs((fx1 - fx0) * 600 / ((fy1 - fy0) * 400) - width / height) < 0.05


def test_auto_draws_the_silhouette_of_the_framed_object() -> None:
    source = source_from_image(_bird_in_grass())
    converter = Converter(source)
    start = defaults_for(source, 30, 30)
    assert start["frame"] is not None
    options = replace(ConvertOptions(width=30, height=30), **start)  # type: ignore[arg-type]
    choice = converter.choice(options)
    assert choice.method == "subject", choice.text
    grid = converter.grid(options)
    # The silhouette is one compact thing in the middle, not grass along the sides.
    assert 0.1 < grid.mean() < 0.6
    assert not grid[0, :].any() and not grid[:, 0].any() and not grid[:, -1].any()
    assert choice.score.salient > 0.3
    # Unframed, Auto's grid is less on the bird (grass blades and the horizon join it).
    whole = replace(options, frame=None)
    assert converter.choice(whole).score.salient < choice.score.salient


def test_the_frame_and_the_choice_are_the_same_every_time() -> None:
    first = source_from_image(_bird_in_grass())
    again = source_from_image(_bird_in_grass())
    assert salient_frame(first.rgb, 30, 30) == salient_frame(again.rgb, 30, 30)
    options = replace(ConvertOptions(width=30, height=30),
                      **defaults_for(first, 30, 30))  # type: ignore[arg-type]  # fmt: skip
    one, two = Converter(first).choice(options), Converter(again).choice(options)
    assert (one.method, one.level, one.flipped) == (two.method, two.level, two.flipped)
    assert np.array_equal(one.grid, two.grid)


def test_texture_everywhere_has_no_salient_frame() -> None:
    """Grass to every side (a meadow close up): nothing stands out, no frame."""
    rng = np.random.default_rng(8)
    image = Image.new("RGB", (400, 300), (70, 120, 40))
    draw = ImageDraw.Draw(image)
    for _ in range(4000):
        x, y = rng.uniform(0, 400), rng.uniform(0, 300)
        green = (int(rng.integers(40, 120)), int(rng.integers(90, 170)), int(rng.integers(20, 60)))
        draw.line((x, y, x + rng.uniform(-3, 3), y - rng.uniform(6, 16)), fill=green, width=2)
    assert salient_frame(np.asarray(image), 30, 30) is None


def test_salient_contrast_rewards_the_subject_and_not_the_background() -> None:
    saliency = np.zeros((10, 10))
    saliency[3:7, 3:7] = 1.0
    subject = saliency > 0.5
    rng = np.random.default_rng(1)
    texture = rng.random((10, 10)) < 0.4
    assert salient_contrast(subject, saliency) == 1.0
    assert salient_contrast(~subject, saliency) == -1.0
    assert abs(salient_contrast(texture, saliency)) < 0.3
    assert salient_contrast(np.zeros((10, 10), dtype=bool), saliency) == 0.0


def test_auto_says_it_filled_the_light_parts_not_inverted() -> None:
    # "Auto chose Adaptive 50%, inverted" beside an Invert switch showing Off read as a
    # contradiction (new-player trial): Auto's own flip is named for what it does.
    import numpy as np

    from game.core.convert.auto import AutoChoice, Score

    score = Score(1.0, 1.0, 0.0, 0.0, 0.5)
    grid = np.zeros((2, 2), dtype=bool)
    assert AutoChoice("adaptive", 0.5, score, grid, flipped=True).text == (
        "Auto chose Adaptive 50%, light parts filled"
    )
    assert AutoChoice("otsu", 0.5, score, grid).text == "Auto chose Otsu"
